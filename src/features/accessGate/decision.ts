// The access gate of spec §4 as a pure decision: where a navigation may go, given the session.
import { LOGIN_PATH, PUBLIC_PATHS, WORKPLACE_PATH } from '../../../common/constants';

/** Paths open without a token: the four sign-in pages, the failure page and the code-login page. */
export const OPEN_PATHS: readonly string[] = [...PUBLIC_PATHS, '/404', '/codelogin'];

export type AccessDecision =
  | { type: 'allow' }
  | { type: 'redirect'; to: string }
  /** Signed in but the permissions of this page load are not there yet. */
  | { type: 'load' };

/** The login page, asked to come back to `fullPath` (path and query) after signing in. */
export function loginPathFor(fullPath: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

export function isOpenPath(path: string): boolean {
  return OPEN_PATHS.includes(path);
}

export function decideAccess(
  path: string,
  search: string,
  hasToken: boolean,
  permissionsLoaded: boolean,
): AccessDecision {
  if (!hasToken)
    return isOpenPath(path) ? { type: 'allow' } : { type: 'redirect', to: loginPathFor(path + search) };
  if (path === LOGIN_PATH) return { type: 'redirect', to: WORKPLACE_PATH };
  return permissionsLoaded ? { type: 'allow' } : { type: 'load' };
}

/** The `redirect` query value of a search string, if it is a path of this app (never another site). */
export function redirectQueryOf(search: string): string | null {
  const redirect = new URLSearchParams(search).get('redirect');
  return redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : null;
}
