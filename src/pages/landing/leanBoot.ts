// Whether the first page load can show the landing page without the app (store, antd, router):
// only a visitor without a session arriving on the login path with nothing for the app to do.
import { LOGIN_PATH, STORAGE_KEYS } from '../../../common/constants';
import { isOpenPath, loginPathFor } from '../../features/accessGate/decision';
import { isMessengerBrowser } from '../../features/thirdPartyLogin/browser';
import { vueLsArea } from '../../store/storageArea';

/**
 * Query keys of the third-party flows of spec §2/§7 (installation, enterprise-messaging QR login,
 * the special login, CAS tickets): src/features/thirdPartyLogin handles them inside the app.
 */
export const THIRD_PARTY_QUERY_KEYS = [
  'state',
  'auth_code',
  'suiteId',
  'webparam',
  'username',
  'code',
  'ticket',
] as const;

export function hasThirdPartyQuery(search: string): boolean {
  const params = new URLSearchParams(search);
  return THIRD_PARTY_QUERY_KEYS.some((key) => params.has(key));
}

function isStored(key: string): boolean {
  return Boolean(vueLsArea.read(key)?.value);
}

/** Paths whose visitor without a session is sent to the plain login page: the site root and /user. */
const LANDING_ALIASES = ['', '/user'];

/**
 * Where the lean landing page renders, or null when the app must start. A visitor without a session gets it on
 * the login path, on the site root and /user, and on every back-office deep link (issue #15: a first load without
 * a token is as light as /user/login's): the access gate's redirect to the login page, with the deep link in the
 * `redirect` query that signing in returns to, is decided here instead of after loading the app. The app starts
 * instead when a token is stored (a signed-in visitor goes on), the server has invalidated the session (the
 * login modal must open with the account name), a third-party query is present, the path is another open page
 * (registration, the failure page ...), or in the WeChat/WeCom browser (the page sets its share content there,
 * through the app). The answer keeps the query (spec §4).
 */
export function leanLandingPath(
  { pathname, search }: Pick<Location, 'pathname' | 'search'>,
  userAgent: string,
): string | null {
  const path = pathname.replace(/\/+$/, '');
  if (
    isMessengerBrowser(userAgent) ||
    isStored(STORAGE_KEYS.accessToken) ||
    isStored(STORAGE_KEYS.resetLogin) ||
    hasThirdPartyQuery(search)
  )
    return null;
  if (path === LOGIN_PATH || LANDING_ALIASES.includes(path)) return `${LOGIN_PATH}${search}`;
  return isOpenPath(path) ? null : loginPathFor(`${pathname}${search}`);
}
