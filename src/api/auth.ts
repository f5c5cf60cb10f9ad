// The sign-in calls (spec §7 Authentication, API.md §3): one typed function per endpoint. Login calls are
// judged by `code == 200` by their callers, everything else by `success`.
import type { UserInfo } from '../features/session/slice';
import { getAction, postAction, putAction } from './http';

export interface LoginRole {
  id: string;
  roleCode: string;
  roleName: string;
  /** 9 denotes a department-attached role (spec §6). */
  roleLevel: number | string;
}

export interface Depart {
  id: string;
  orgCode: string;
  departName: string;
  parentId?: string | null;
}

/** 0 no department, 1 exactly one (the server selected it), 2 several (the user picks one). */
export type MultiDepart = 0 | 1 | 2;

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  roles: LoginRole[];
  multi_depart: MultiDepart;
  departs: Depart[];
}

/** The AES key material of API.md §7.5. */
export interface EncryptedString {
  key: string;
  iv: string;
}

/** '0' login, '1' registration (a mobile not yet registered), '2' forgotten password. */
export type SmsMode = '0' | '1' | '2';

export interface RegisterForm {
  companyName: string;
  username: string;
  realname: string;
  password: string;
  phone: string;
  smscode: string;
}

export interface LoginBody {
  username: string;
  password: string;
  remember_me: boolean;
  /** The graphic code drawn for `checkKey`, once the server requires it. */
  captcha?: string;
  checkKey?: string;
}

/** The result of a refused password login after which the graphic code is required. */
export interface CaptchaDemand {
  captchaRequired: true;
}

/** `captcha` is the SMS code. */
export interface PhoneLoginBody {
  mobile: string;
  captcha: string;
  remember_me: boolean;
}

export function login(body: LoginBody) {
  return postAction<LoginResult>('/sys/login', body);
}

export function phoneLogin(body: PhoneLoginBody) {
  return postAction<LoginResult>('/sys/phoneLogin', body);
}

/** The graphic captcha for `checkKey`, as an image data URL. */
export function randomImage(checkKey: string) {
  return getAction<string>(`/sys/randomImage/${encodeURIComponent(checkKey)}`);
}

export function getEncryptedString() {
  return getAction<EncryptedString>('/sys/getEncryptedString');
}

/** `captcha` is the graphic code drawn for `checkKey`; the server consumes it. */
export function sendSmsCode(body: { mobile: string; smsmode: SmsMode; captcha: string; checkKey: string }) {
  return postAction<null>('/sys/sms', body);
}

export function selectDepart(body: { orgCode: string; username: string }) {
  return putAction<{ userInfo: UserInfo }>('/sys/selectDepart', body);
}

export function getCurrentUserDeparts() {
  return getAction<{ list: Depart[]; orgCode: string }>('/sys/user/getCurrentUserDeparts');
}

export function updatePassword(body: {
  username: string;
  oldpassword: string;
  password: string;
  confirmpassword: string;
}) {
  return putAction<null>('/sys/user/updatePassword', body);
}

/** Ends the server session of the token the request carries. */
export function logout() {
  return postAction<null>('/sys/logout');
}

/** Creates a company (tenant) whose first user is its administrator. */
export function register(body: RegisterForm) {
  return postAction<{ username: string; tenantName: string }>('/sys/user/register', body);
}

/** `success` true when the account name or phone number is still free. */
export function checkOnlyUser(params: { username: string } | { phone: string }) {
  return getAction<null>('/sys/user/checkOnlyUser', params);
}

/** Proves ownership of the phone with its SMS code; the reset key is single use, valid 10 minutes. */
export function phoneVerification(body: { phone: string; smscode: string }) {
  return postAction<{ username: string; resetKey: string }>('/sys/user/phoneVerification', body);
}

export function passwordChange(body: {
  username: string;
  resetKey: string;
  password: string;
  confirmpassword: string;
}) {
  return postAction<null>('/sys/user/passwordChange', body);
}
