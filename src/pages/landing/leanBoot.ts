// Whether the first page load can show the landing page without the app (store, antd, router):
// only a visitor without a session arriving on the login path with nothing for the app to do.
import { LOGIN_PATH, STORAGE_KEYS } from '../../../common/constants';
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
 * Where the lean landing page renders, or null when the app must start: on the login path, or on the site
 * root and /user (which the access gate would send there; issue #15: a visitor's first load of the site is as
 * light as /user/login's), when no token is stored (a signed-in visitor is sent to the workplace), the server
 * has not invalidated the session (the login modal must open with the account name), there is no `redirect`
 * query (the access gate sent the visitor here from a back-office page: the login modal opens on arrival), no
 * third-party query, and not in the WeChat/WeCom browser (the page sets its share content there, through the
 * app). The answer is the login path with the query kept (spec §4).
 */
export function leanLandingPath(
  { pathname, search }: Pick<Location, 'pathname' | 'search'>,
  userAgent: string,
): string | null {
  const path = pathname.replace(/\/+$/, '');
  const lean =
    (path === LOGIN_PATH || LANDING_ALIASES.includes(path)) &&
    !isMessengerBrowser(userAgent) &&
    !isStored(STORAGE_KEYS.accessToken) &&
    !isStored(STORAGE_KEYS.resetLogin) &&
    !new URLSearchParams(search).has('redirect') &&
    !hasThirdPartyQuery(search);
  return lean ? `${LOGIN_PATH}${search}` : null;
}
