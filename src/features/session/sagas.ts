// The sign-in flows (spec §4 "Login outcome by multi_depart", "Department selection", "Logout"):
// the password and phone logins, the mandatory department choice, logout and the cached AES key.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, delay, fork, put, select, spawn, takeLeading } from 'redux-saga/effects';
import { LOGIN_REDIRECT_DELAY_MS } from '../../../common/constants';
import type { Envelope } from '../../../common/contract';
import { greetingFor } from '../../../common/dates';
import {
  getEncryptedString,
  login,
  logout as logoutRequest,
  phoneLogin as phoneLoginRequest,
  selectDepart,
  type CaptchaDemand,
  type EncryptedString,
  type LoginBody,
  type LoginResult,
  type LoginRole,
  type PhoneLoginBody,
} from '../../api/auth';
import { navigateTo } from '../../router/navigator';
import { notify } from '../../utils/notifier';
import { accountSaga } from './accountSagas';
import { selectCaptcha, selectEncryptedString, selectToken, selectUsername } from './selectors';
import { publishSessionEvent } from './sessionEvents';
import { announceSessionEvent, sessionEventsSaga } from './sessionEventsSagas';
import {
  departChosen,
  departPickerOpened,
  departSelected,
  encryptedStringLoaded,
  loggedIn,
  loggedOut,
  loginCompleted,
  loginModalOpened,
  loginRequested,
  logoutRequested,
  phoneLoginRequested,
  type MesSystemFlag,
  type PasswordLoginRequest,
  type PhoneLoginRequest,
  type UserInfo,
} from './slice';
import { refreshShownCaptcha, verificationSaga } from './verificationSagas';
import { loginCaptchaDemanded, type Captcha } from './verificationSlice';

export const LOGIN_TEXTS = {
  failedTitle: '登录失败',
  failedFallback: '请求出现错误，请稍后再试',
  welcomeTitle: '欢迎',
  welcomeSuffix: '，欢迎回来',
  noDepartTitle: '提示',
  noDepart: '您尚未归属部门,请确认账号信息',
  refused: '您当前权限不可登录',
} as const;

/** The route named dashboard (spec §2). */
export const DASHBOARD_ROUTE = '/';
/** A role attached to a department (spec §6). */
const DEPARTMENT_ROLE_LEVEL = 9;
const PRODUCTION_SYSTEM_ROLES = ['MES_ZG', 'MES_WXG'];
/** Production-system users who may not log in with a single department (spec §4). */
const REFUSED_ROLE = 'MES_WXG';

/** A refused password login after which the server wants the graphic code with the password. */
function isCaptchaDemand(result: unknown): result is CaptchaDemand {
  return (result as CaptchaDemand | null)?.captchaRequired === true;
}

/** Login calls are judged by `code == 200`, whether the server sends the number or the text. */
export function isLoginAccepted(envelope: Envelope<unknown>): boolean {
  return String(envelope.code) === '200';
}

export function productionSystemFlag(roleEnum: string | null | undefined): MesSystemFlag {
  return roleEnum && PRODUCTION_SYSTEM_ROLES.includes(roleEnum) ? 1 : 0;
}

function isDepartmentRole(role: LoginRole): boolean {
  return Number(role.roleLevel) === DEPARTMENT_ROLE_LEVEL;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

/** Ends the session here and, when there is one, on the server. */
export function* endSession(): SagaIterator {
  const token: string | null = yield select(selectToken);
  // Started before the token is cleared (the request reads it when it starts) and detached: the local
  // logout does not wait for the answer and is the same when the call fails (spec §4).
  if (token) yield spawn(revokeServerSession);
  yield put(loggedOut());
  // The other tabs share the token: they end their session too, without calling the server again.
  // Each clears its own state, so nothing needs to be written first and the logout does not wait.
  if (token) yield call(publishSessionEvent, { type: 'logout' });
}

export function* revokeServerSession(): SagaIterator {
  try {
    yield call(logoutRequest);
  } catch {
    // The HTTP layer has shown the failure; the local logout stands.
  }
}

/** Notice titled 登录失败 with the server's or the error's message (4 s), then logout (spec §8). */
export function* failLogin(message: string | undefined): SagaIterator {
  yield call(notify, 'error', LOGIN_TEXTS.failedTitle, message || LOGIN_TEXTS.failedFallback);
  yield call(endSession);
}

export function* welcome(): SagaIterator {
  const greeting: string = yield call(greetingFor);
  yield call(notify, 'success', LOGIN_TEXTS.welcomeTitle, greeting + LOGIN_TEXTS.welcomeSuffix);
}

/** After a successful login the user goes to the route named dashboard after 100 ms (spec §2). */
export function* enterDashboard(): SagaIterator {
  yield delay(LOGIN_REDIRECT_DELAY_MS);
  yield call(navigateTo, DASHBOARD_ROUTE);
  yield put(loginCompleted());
  // The other tabs take up this session (another user, or this one anew).
  yield call(announceSessionEvent, 'login');
}

/**
 * The outcome of any login call (password, phone, and the third-party logins): store the session,
 * then branch on multi_depart (spec §4).
 */
export function* handleLoginResult(envelope: Envelope<LoginResult>): SagaIterator {
  if (!isLoginAccepted(envelope)) {
    yield call(failLogin, envelope.message);
    return;
  }
  const { token, userInfo, roles = [], multi_depart: multiDepart, departs = [] } = envelope.result;
  yield put(
    loggedIn({
      token,
      username: userInfo.username,
      userInfo,
      loginLevel: roles[0] ?? null,
      mesSystem: productionSystemFlag(userInfo.roleEnum),
    }),
  );
  switch (Number(multiDepart)) {
    case 0:
      yield call(welcome);
      if (!roles.some(isDepartmentRole)) {
        yield call(notify, 'warning', LOGIN_TEXTS.noDepartTitle, LOGIN_TEXTS.noDepart);
      }
      yield call(enterDashboard);
      return;
    case 2:
      yield put(departPickerOpened(departs));
      return;
    default:
      if (userInfo.roleEnum === REFUSED_ROLE) {
        yield call(notify, 'error', LOGIN_TEXTS.refused);
        yield call(endSession);
        return;
      }
      yield call(welcome);
      yield call(enterDashboard);
  }
}

/** A login call's envelope, or null when it threw (then the login has failed already). */
export function* submitLogin<B>(
  request: (body: B) => Promise<Envelope<LoginResult>>,
  body: B,
): SagaIterator<Envelope<LoginResult> | null> {
  try {
    return yield call(request, body);
  } catch (error) {
    yield call(failLogin, errorMessage(error));
    return null;
  }
}

export function* passwordLogin({ payload }: PayloadAction<PasswordLoginRequest>): SagaIterator {
  const { username, password, rememberMe, captcha } = payload;
  const shown: Captcha | null = yield select(selectCaptcha);
  // The password is sent as typed: the 2.x client fetched the AES key but never applied it (API.md §7.5).
  const envelope: Envelope<LoginResult> | null = yield call(submitLogin<LoginBody>, login, {
    username,
    password,
    remember_me: rememberMe,
    ...(captcha && shown ? { captcha, checkKey: shown.checkKey } : {}),
  });
  if (!envelope) return;
  if (!isLoginAccepted(envelope)) {
    // After failures the server wants the graphic code too: the form shows it from now on.
    if (isCaptchaDemand(envelope.result)) yield put(loginCaptchaDemanded());
    // A code sent with the attempt is used up, whatever the outcome.
    yield call(refreshShownCaptcha);
  }
  yield call(handleLoginResult, envelope);
}

export function* phoneLogin({ payload }: PayloadAction<PhoneLoginRequest>): SagaIterator {
  const { mobile, smsCode, rememberMe } = payload;
  const envelope: Envelope<LoginResult> | null = yield call(submitLogin<PhoneLoginBody>, phoneLoginRequest, {
    mobile,
    captcha: smsCode,
    remember_me: rememberMe,
  });
  if (envelope) yield call(handleLoginResult, envelope);
}

export function* chooseDepart({ payload: { orgCode } }: PayloadAction<{ orgCode: string }>): SagaIterator {
  const username: string = yield select(selectUsername);
  let envelope: Envelope<{ userInfo: UserInfo }>;
  try {
    envelope = yield call(selectDepart, { orgCode, username });
  } catch (error) {
    yield call(failLogin, errorMessage(error));
    return;
  }
  if (!envelope.success) {
    yield call(failLogin, envelope.message);
    return;
  }
  yield put(departSelected(envelope.result.userInfo));
  yield call(welcome);
  yield call(enterDashboard);
}

export function* logout(): SagaIterator {
  yield call(endSession);
  yield call(navigateTo, '/');
}

/**
 * The AES key material, fetched once and cached 7 days, as the 2.x login page did. Nothing encrypts
 * with it yet: that client sent the password in clear text too (API.md §7.5), and TLS protects it.
 */
export function* ensureEncryptedString(): SagaIterator {
  const cached: EncryptedString | null = yield select(selectEncryptedString);
  if (cached) return;
  try {
    const envelope: Envelope<EncryptedString> = yield call(getEncryptedString);
    if (envelope.success) yield put(encryptedStringLoaded(envelope.result));
  } catch {
    // The HTTP layer has shown the failure; the login does not need the key.
  }
}

export function* sessionSaga(): SagaIterator {
  yield all([
    takeLeading(loginRequested.type, passwordLogin),
    takeLeading(phoneLoginRequested.type, phoneLogin),
    takeLeading(departChosen.type, chooseDepart),
    takeLeading(logoutRequested.type, logout),
    takeLeading(loginModalOpened.type, ensureEncryptedString),
    fork(verificationSaga),
    fork(accountSaga),
    fork(sessionEventsSaga),
  ]);
}
