// Enterprise WeChat (企业微信) as the application sees it: a service provider with one suite (third-party
// app) installed by companies (corps). The real HTTP client (httpClient.ts) speaks the WeCom server API; the
// local simulator (simulator.ts) answers the same API under /sim/wecom for the embedded default and the tests.

export const WECOM = '企业微信';

/** A person of a corp, as WeCom names them. */
export interface WecomIdentity {
  corpId: string;
  userId: string;
}

/** What an installation (auth_code → permanent code) tells about the installing corp. */
export interface WecomInstallation {
  corpId: string;
  corpName: string;
  permanentCode: string;
  /** The agent (app instance) of the suite in that corp. */
  agentId: string;
  /** The administrator who installed it. */
  installer: { userId: string; name: string };
}

export interface WecomApi {
  /** The admin console's "enter the app" login: provider token + auth_code → corp and user. */
  adminLoginInfo(authCode: string): Promise<WecomIdentity>;
  /** The suite's web authorisation (getuserinfo3rd): code → corp and user. */
  suiteUserInfo(code: string): Promise<WecomIdentity>;
  /** A corp's own web login (the QR login): the corp's token (from its permanent code) + code → user. */
  corpUserInfo(corpId: string, permanentCode: string, code: string): Promise<string>;
  /** A pre-authorisation code, for the install page. */
  preAuthCode(): Promise<string>;
  /** A register code, for the page where a company registers WeCom and installs the suite at once. */
  registerCode(state: string): Promise<string>;
  /** Exchanges an install's auth_code for the corp's permanent code. */
  installation(authCode: string): Promise<WecomInstallation>;
}

/** The browser-facing pages of WeCom, relative to its web host (WECOM_WEB_URL). */
export const WECOM_PAGES = {
  qrConnect: '/wwopen/sso/qrConnect',
  install: '/3rdapp/install',
  register: '/3rdservice/wework/register',
} as const;
