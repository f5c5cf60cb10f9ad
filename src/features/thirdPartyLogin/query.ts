// What the landing route's query asks for (spec §2 "Query parameters handled on the landing route"): an
// installation coming back from WeCom, the enterprise-messaging QR login (the panel, or its result), a CAS
// ticket, the special login, the suite logins. Pure, so the branches are tested without a browser.
import { LOGIN_PATH, PRODUCT_CODE } from '../../../common/constants';
import type { CorpSummary } from '../../api/thirdParty';

/** The state of the QR login link and of WeCom's redirect after a scan. */
export const QR_LOGIN_STATE = 'qywx_login';

export type LandingFlow =
  | { kind: 'install'; authCode: string; code: string }
  | { kind: 'qrLogin'; code: string; corpid: string }
  | { kind: 'qrPanel' }
  | { kind: 'cas'; ticket: string; service: string }
  | { kind: 'special'; username: string }
  | { kind: 'adminLogin'; code: string; suiteId: string }
  | { kind: 'suiteLogin'; code: string }
  | { kind: 'none' };

/** `state` as JSON `{type, code}`, or null when it is not. */
function jsonState(state: string | null): { type?: unknown; code?: unknown } | null {
  if (!state?.startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(state);
    return parsed !== null && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The flow of a landing URL. `search` is its query; `pageUrl` the address without the query (origin and
 * path): a CAS ticket was issued for the page's address without the ticket.
 */
export function landingFlowOf(search: string, pageUrl: string): LandingFlow {
  const params = new URLSearchParams(search);
  const state = params.get('state');
  const code = params.get('code');
  const installState = jsonState(state);
  const authCode = params.get('auth_code');
  if (authCode && (installState === null || installState.type === 'install')) {
    // An install from WeCom's app market comes back without our state.
    return {
      kind: 'install',
      authCode,
      code: typeof installState?.code === 'string' ? installState.code : '',
    };
  }
  if (state === QR_LOGIN_STATE) {
    const corpid = params.get('corpid');
    return code && corpid ? { kind: 'qrLogin', code, corpid } : { kind: 'qrPanel' };
  }
  const ticket = params.get('ticket');
  if (ticket) {
    params.delete('ticket');
    const rest = params.toString();
    return { kind: 'cas', ticket, service: rest ? `${pageUrl}?${rest}` : pageUrl };
  }
  const username = params.get('username');
  if (username === PRODUCT_CODE) return { kind: 'special', username };
  const suiteId = params.get('suiteId');
  if (code && suiteId) return { kind: 'adminLogin', code, suiteId };
  if (code) return { kind: 'suiteLogin', code };
  return { kind: 'none' };
}

/**
 * `webparam`: the page a third-party login opens once signed in (an entry of the messaging app's workbench
 * pointing at one screen). Only a path of this site counts: never another origin (`//host`, `https:`).
 */
export function webparamPath(search: string): string | null {
  const value = new URLSearchParams(search).get('webparam');
  return value && /^\/(?![\/\\])/.test(value) ? value : null;
}

/** Where WeCom sends the browser back after a scan: the login route, naming the corp (WeCom adds code and state). */
export function qrRedirectUri(origin: string, corp: CorpSummary): string {
  return `${origin}${LOGIN_PATH}?${new URLSearchParams({ corpid: corp.appId })}`;
}

/** WeCom's QR login page of a corp's app, for the iframe of the QR panel. */
export function qrConnectUrl(wecomWebUrl: string, corp: CorpSummary, origin: string): string {
  const params = new URLSearchParams({
    login_type: 'jssdk',
    appid: corp.appId,
    agentid: corp.agentId,
    redirect_uri: qrRedirectUri(origin, corp),
    state: QR_LOGIN_STATE,
  });
  return `${wecomWebUrl}/wwopen/sso/qrConnect?${params}`;
}

/** The CAS login page that sends the browser back to `service` with a ticket. */
export function casLoginUrl(casUrl: string, service: string): string {
  return `${casUrl}/login?${new URLSearchParams({ service })}`;
}
