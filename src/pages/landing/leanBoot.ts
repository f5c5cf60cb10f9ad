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

/**
 * True when the lean landing page may render: the path is the login path, no token is stored (a
 * signed-in visitor is sent to the workplace), the server has not invalidated the session (the
 * login modal must open with the account name), no `redirect` query (the access gate sent the
 * visitor here from a back-office page: the login modal opens on arrival), no third-party query, and
 * not the WeChat/WeCom browser (the page sets its share content there, through the app).
 */
export function bootsLean(
  { pathname, search }: Pick<Location, 'pathname' | 'search'>,
  userAgent: string,
): boolean {
  return (
    !isMessengerBrowser(userAgent) &&
    pathname.replace(/\/+$/, '') === LOGIN_PATH &&
    !isStored(STORAGE_KEYS.accessToken) &&
    !isStored(STORAGE_KEYS.resetLogin) &&
    !new URLSearchParams(search).has('redirect') &&
    !hasThirdPartyQuery(search)
  );
}
