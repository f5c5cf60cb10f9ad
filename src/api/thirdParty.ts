// The third-party calls (spec §7 Authentication; paths the spec leaves open are in README "Third-party
// sign-in and install"): logins by a WeCom code, a CAS ticket or the special login (answering like
// /sys/login), the company search, pre-auth/register/install, the share signature and the parties' addresses.
import type { LoginResult } from './auth';
import { getAction, postAction } from './http';

/** A company of the search (spec §3): `appId` is its corpid. */
export interface CorpSummary {
  name: string;
  appId: string;
  agentId: string;
}

/** Where the browser reaches the parties; null for a party this deployment has not configured. */
export interface ThirdPartySettings {
  /** WeCom's web host (its QR login page is <wecomWebUrl>/wwopen/sso/qrConnect). */
  wecomWebUrl: string | null;
  wecomSuiteId: string | null;
  /** The CAS prefix (its login page is <casUrl>/login). */
  casUrl: string | null;
  /** The WeChat JS-SDK script. */
  jsSdkUrl: string | null;
}

/** What wx.config needs (the share signature of spec §3). */
export interface WxConfigParams {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

/** The app type of the pre-auth and register calls (spec §7). */
export const APP_TYPE = 'crm_app';

export function qrLogin(params: { code: string; corpid: string; remember_me: boolean }) {
  return getAction<LoginResult>('/sys/qywx/qrLogin', params);
}

export function adminLogin(params: { code: string; suiteId: string }) {
  return getAction<LoginResult>('/sys/adminLogin', params);
}

export function suiteLogin(params: { code: string }) {
  return getAction<LoginResult>('/sys/suiteLogin', params);
}

export function specialLogin(params: { username: string }) {
  return getAction<LoginResult>('/sys/specialLogin', params);
}

export function casValidateLogin(params: { ticket: string; service: string }) {
  return getAction<LoginResult>('/cas/client/validateLogin', params);
}

export function searchCompany(keyword: string) {
  return getAction<CorpSummary[]>('/sys/qywx/searchCompany', { keyword });
}

/** The URL of WeCom's install page; WeCom comes back to `redirectUri` with auth_code and state. */
export function preAuthCode(params: { appType: string; redirectUri: string }) {
  return getAction<string>('/sys/qywx/preAuthCode', params);
}

/** The URL of WeCom's page that registers a company and installs the app at once. */
export function registerCode(params: { appType: string }) {
  return getAction<string>('/sys/qywx/registerCode', params);
}

/** The answer's message is shown in a notice titled 安装提示. */
export function installApp(body: { authCode: string; code: string }) {
  return postAction<null>('/sys/qywx/installApp', body);
}

/** `url`: the page's address without its hash. */
export function genWxConfigParams(url: string) {
  return postAction<WxConfigParams>('/sys/wx/genWxConfigParams', { url });
}

export function thirdPartySettings() {
  return getAction<ThirdPartySettings>('/sys/thirdParty/settings');
}
