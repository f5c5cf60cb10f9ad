import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { fork, takeLeading } from 'redux-saga/effects';
import type { Envelope } from '../../../common/contract';
import { greetingFor } from '../../../common/dates';
import {
  getEncryptedString,
  login,
  logout as logoutRequest,
  phoneLogin as phoneLoginRequest,
  selectDepart,
  type LoginResult,
  type LoginRole,
} from '../../../src/api/auth';
import { HttpError } from '../../../src/api/http';
import {
  chooseDepart,
  endSession,
  enterDashboard,
  ensureEncryptedString,
  failLogin,
  handleLoginResult,
  isLoginAccepted,
  logout,
  passwordLogin,
  phoneLogin,
  productionSystemFlag,
  revokeServerSession,
  sessionSaga,
  welcome,
} from '../../../src/features/session/sagas';
import {
  selectCaptcha,
  selectEncryptedString,
  selectToken,
  selectUsername,
} from '../../../src/features/session/selectors';
import { loginCaptchaDemanded } from '../../../src/features/session/verificationSlice';
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
  type UserInfo,
} from '../../../src/features/session/slice';
import { accountSaga } from '../../../src/features/session/accountSagas';
import { publishSessionEvent } from '../../../src/features/session/sessionEvents';
import { announceSessionEvent, sessionEventsSaga } from '../../../src/features/session/sessionEventsSagas';
import { refreshShownCaptcha, verificationSaga } from '../../../src/features/session/verificationSagas';
import { navigateTo } from '../../../src/router/navigator';
import { notify } from '../../../src/utils/notifier';

const userInfo: UserInfo = { id: 'u1', username: 'admin', realname: '管理员', cpycod: 'A01' };
const adminRole: LoginRole = { id: 'r1', roleCode: 'admin', roleName: '管理员', roleLevel: 1 };
const departRole: LoginRole = { id: 'r9', roleCode: 'depart', roleName: '部门角色', roleLevel: 9 };
const departs = [
  { id: 'd1', orgCode: 'A01A01', departName: '销售部' },
  { id: 'd2', orgCode: 'A01A02', departName: '财务部' },
];

function envelope<T>(overrides: Partial<Envelope<T>> & { result: T }): Envelope<T> {
  return { success: true, message: '', code: 200, timestamp: 0, ...overrides };
}

function loginEnvelope(result: Partial<LoginResult> = {}, overrides: Partial<Envelope<LoginResult>> = {}) {
  return envelope<LoginResult>({
    message: '登录成功',
    result: { token: 'tok-1', userInfo, roles: [adminRole], multi_depart: 1, departs: [], ...result },
    ...overrides,
  });
}

function refusedEnvelope(message: string, code = 500): Envelope<LoginResult> {
  return { success: false, message, code, timestamp: 0, result: null as unknown as LoginResult };
}

/** The session handleLoginResult stores for loginEnvelope(), with what a case changes. */
function stored(changes: Partial<Parameters<typeof loggedIn>[0]> = {}) {
  return loggedIn({
    token: 'tok-1',
    username: 'admin',
    userInfo,
    loginLevel: adminRole,
    mesSystem: 0,
    ...changes,
  });
}

const storedAdmin = stored();

/** handleLoginResult of a login that goes straight in: stores `session`, welcomes, enters the dashboard. */
function expectWelcomedIn(answer: Envelope<LoginResult>, session: ReturnType<typeof loggedIn>) {
  testSaga(handleLoginResult, answer)
    .next()
    .put(session)
    .next()
    .call(welcome)
    .next()
    .call(enterDashboard)
    .next()
    .isDone();
}

describe('isLoginAccepted / productionSystemFlag', () => {
  it('accepts code 200 as a number or as text, nothing else', () => {
    expect(isLoginAccepted(loginEnvelope())).toBe(true);
    expect(isLoginAccepted({ ...loginEnvelope(), code: '200' as unknown as number })).toBe(true);
    expect(isLoginAccepted({ ...loginEnvelope(), code: 0, success: true })).toBe(false);
    expect(isLoginAccepted(refusedEnvelope('用户名或密码错误'))).toBe(false);
  });

  it('flags MES_ZG and MES_WXG as the production system, anything else not', () => {
    expect(productionSystemFlag('MES_ZG')).toBe(1);
    expect(productionSystemFlag('MES_WXG')).toBe(1);
    expect(productionSystemFlag('ADMIN')).toBe(0);
    expect(productionSystemFlag(undefined)).toBe(0);
  });
});

describe('handleLoginResult', () => {
  it('multi_depart 1: stores the session (first role as login level, flag 0), welcomes, goes to the dashboard', () => {
    expectWelcomedIn(loginEnvelope({ roles: [adminRole, departRole] }), stored());
  });

  it('multi_depart 0 with a roleLevel-9 role: welcome and no warning', () => {
    expectWelcomedIn(
      loginEnvelope({ multi_depart: 0, roles: [departRole] }),
      stored({ loginLevel: departRole }),
    );
  });

  it('multi_depart 0 without a roleLevel-9 role: welcome, then the warning 您尚未归属部门,请确认账号信息', () => {
    testSaga(handleLoginResult, loginEnvelope({ multi_depart: 0, roles: [adminRole] }))
      .next()
      .put(storedAdmin)
      .next()
      .call(welcome)
      .next()
      .call(notify, 'warning', '提示', '您尚未归属部门,请确认账号信息')
      .next()
      .call(enterDashboard)
      .next()
      .isDone();
  });

  it('roleLevel given as text "9" still counts as a department role', () => {
    const textRole = { ...departRole, roleLevel: '9' };
    expectWelcomedIn(loginEnvelope({ multi_depart: 0, roles: [textRole] }), stored({ loginLevel: textRole }));
  });

  it('multi_depart 2: stores the session and opens the mandatory department picker, nothing else', () => {
    testSaga(handleLoginResult, loginEnvelope({ multi_depart: 2, departs }))
      .next()
      .put(storedAdmin)
      .next()
      .put(departPickerOpened(departs))
      .next()
      .isDone();
  });

  it('MES_ZG with one department: production-system flag 1, welcome and dashboard', () => {
    const mesUser = { ...userInfo, username: 'mes_zg', roleEnum: 'MES_ZG' };
    expectWelcomedIn(
      loginEnvelope({ userInfo: mesUser }),
      stored({ username: 'mes_zg', userInfo: mesUser, mesSystem: 1 }),
    );
  });

  it('MES_WXG with one department: refused with 您当前权限不可登录, and the new session is ended', () => {
    const refusedUser = { ...userInfo, username: 'mes_wxg', roleEnum: 'MES_WXG' };
    testSaga(handleLoginResult, loginEnvelope({ userInfo: refusedUser, roles: [] }))
      .next()
      .put(stored({ username: 'mes_wxg', userInfo: refusedUser, loginLevel: null, mesSystem: 1 }))
      .next()
      .call(notify, 'error', '您当前权限不可登录')
      .next()
      .call(endSession)
      .next()
      .isDone();
  });

  it('MES_WXG is not refused with no department (multi_depart 0)', () => {
    const mesUser = { ...userInfo, roleEnum: 'MES_WXG' };
    expectWelcomedIn(
      loginEnvelope({ userInfo: mesUser, multi_depart: 0, roles: [departRole] }),
      stored({ userInfo: mesUser, loginLevel: departRole, mesSystem: 1 }),
    );
  });

  it('multi_depart sent as text is read as a number', () => {
    testSaga(handleLoginResult, loginEnvelope({ multi_depart: '2' as unknown as 2, departs }))
      .next()
      .put(storedAdmin)
      .next()
      .put(departPickerOpened(departs))
      .next()
      .isDone();
  });

  it('a refused login fails with the server message and stores nothing', () => {
    testSaga(handleLoginResult, refusedEnvelope('该用户已冻结，请联系管理员'))
      .next()
      .call(failLogin, '该用户已冻结，请联系管理员')
      .next()
      .isDone();
  });
});

describe('failLogin', () => {
  it.each([
    ['用户名或密码错误', '用户名或密码错误'],
    ['', '请求出现错误，请稍后再试'],
    [undefined, '请求出现错误，请稍后再试'],
  ])('message %p: notice titled 登录失败 with %p, then logout', (message, shown) => {
    testSaga(failLogin, message)
      .next()
      .call(notify, 'error', '登录失败', shown)
      .next()
      .call(endSession)
      .next()
      .isDone();
  });
});

describe('welcome and enterDashboard', () => {
  it("welcome: notice '欢迎' with the greeting of the hour, as jeecg's loginSuccess", () => {
    testSaga(welcome)
      .next()
      .call(greetingFor)
      .next('上午好')
      .call(notify, 'success', '欢迎', '上午好，欢迎回来')
      .next()
      .isDone();
  });

  it('goes to the route named dashboard (/) after 100 ms, then the login flow is over', () => {
    testSaga(enterDashboard)
      .next()
      .delay(100)
      .next()
      .call(navigateTo, '/')
      .next()
      .put(loginCompleted())
      .next()
      .call(announceSessionEvent, 'login')
      .next()
      .isDone();
  });
});

describe('endSession', () => {
  it('with a token: starts the server logout first, then clears the session without waiting', () => {
    testSaga(endSession)
      .next()
      .select(selectToken)
      .next('tok-1')
      .spawn(revokeServerSession)
      .next()
      .put(loggedOut())
      .next()
      .call(publishSessionEvent, { type: 'logout' })
      .next()
      .isDone();
  });

  it('without a token: only the local logout, nothing to tell the other tabs', () => {
    testSaga(endSession).next().select(selectToken).next(null).put(loggedOut()).next().isDone();
  });

  it('revokeServerSession calls /sys/logout and tolerates its failure', () => {
    testSaga(revokeServerSession).next().call(logoutRequest).next().isDone();
    testSaga(revokeServerSession).next().call(logoutRequest).throw(new Error('Network Error')).isDone();
  });
});

describe('passwordLogin', () => {
  const request = loginRequested({ username: 'admin', password: 'secret', rememberMe: true });
  const body = { username: 'admin', password: 'secret', remember_me: true };

  it('sends the credentials as typed and hands the answer to handleLoginResult', () => {
    const answer = loginEnvelope();
    return expectSaga(passwordLogin, request)
      .provide([
        [matchers.select(selectCaptcha), null],
        [matchers.call.fn(login), answer],
        [matchers.call.fn(handleLoginResult), undefined],
      ])
      .call(login, body)
      .call(handleLoginResult, answer)
      .not.call.fn(refreshShownCaptcha)
      .run();
  });

  it('sends the graphic code typed, with the key of the image shown', () => {
    const answer = loginEnvelope();
    return expectSaga(passwordLogin, loginRequested({ ...request.payload, captcha: 'Ab3x' }))
      .provide([
        [matchers.select(selectCaptcha), { checkKey: 'k-1', image: 'data:image/png;base64,' }],
        [matchers.call.fn(login), answer],
        [matchers.call.fn(handleLoginResult), undefined],
      ])
      .call(login, { ...body, captcha: 'Ab3x', checkKey: 'k-1' })
      .run();
  });

  it('a refusal refreshes a shown captcha (the server used it up), then fails', () => {
    const answer = refusedEnvelope('用户名或密码错误');
    return expectSaga(passwordLogin, request)
      .provide([
        [matchers.select(selectCaptcha), null],
        [matchers.call.fn(login), answer],
        [matchers.call.fn(refreshShownCaptcha), undefined],
        [matchers.call.fn(handleLoginResult), undefined],
      ])
      .call(refreshShownCaptcha)
      .not.put(loginCaptchaDemanded())
      .call(handleLoginResult, answer)
      .run();
  });

  it('a refusal that asks for the graphic code makes the form show it', () => {
    const answer = {
      ...refusedEnvelope('请输入验证码!'),
      result: { captchaRequired: true },
    } as unknown as Envelope<LoginResult>;
    return expectSaga(passwordLogin, request)
      .provide([
        [matchers.select(selectCaptcha), null],
        [matchers.call.fn(login), answer],
        [matchers.call.fn(refreshShownCaptcha), undefined],
        [matchers.call.fn(handleLoginResult), undefined],
      ])
      .put(loginCaptchaDemanded())
      .call(handleLoginResult, answer)
      .run();
  });

  it('a call that throws fails with the server message carried by the error', () => {
    const failure = new HttpError(
      {
        status: 500,
        message: '操作失败，数据库不可用',
        timedOut: false,
        hadToken: false,
        method: 'post',
        url: '/sys/login',
      },
      null,
    );
    return expectSaga(passwordLogin, request)
      .provide([
        [matchers.select(selectCaptcha), null],
        [matchers.call.fn(login), Promise.reject(failure)],
        [matchers.call.fn(failLogin), undefined],
      ])
      .call(failLogin, '操作失败，数据库不可用')
      .not.call.fn(handleLoginResult)
      .run();
  });

  it('a network error fails with its own text', () =>
    expectSaga(passwordLogin, request)
      .provide([
        [matchers.select(selectCaptcha), null],
        [matchers.call.fn(login), Promise.reject(new Error('Network Error'))],
        [matchers.call.fn(failLogin), undefined],
      ])
      .call(failLogin, 'Network Error')
      .run());
});

describe('phoneLogin', () => {
  const request = phoneLoginRequested({ mobile: '13800138000', smsCode: '123456', rememberMe: false });

  it('sends the SMS code as captcha and hands the answer to handleLoginResult', () => {
    const answer = loginEnvelope({ multi_depart: 0 });
    return expectSaga(phoneLogin, request)
      .provide([
        [matchers.call.fn(phoneLoginRequest), answer],
        [matchers.call.fn(handleLoginResult), undefined],
      ])
      .call(phoneLoginRequest, { mobile: '13800138000', captcha: '123456', remember_me: false })
      .call(handleLoginResult, answer)
      .run();
  });

  it('a wrong SMS code is a refused login', () => {
    const answer = refusedEnvelope('手机验证码错误或已失效');
    return expectSaga(phoneLogin, request)
      .withState({ session: { token: null } })
      .provide([[matchers.call.fn(phoneLoginRequest), answer]])
      .call(notify, 'error', '登录失败', '手机验证码错误或已失效')
      .put(loggedOut())
      .run();
  });

  it('a call that throws fails and logs out', () =>
    expectSaga(phoneLogin, request)
      .withState({ session: { token: null } })
      .provide([
        [matchers.call.fn(phoneLoginRequest), Promise.reject(new Error('timeout of 300000ms exceeded'))],
      ])
      .call(notify, 'error', '登录失败', 'timeout of 300000ms exceeded')
      .put(loggedOut())
      .not.call.fn(handleLoginResult)
      .run());
});

describe('chooseDepart', () => {
  const chosen = departChosen({ orgCode: 'A01A02' });
  /** The saga up to its call of /sys/selectDepart, for each answer to it. */
  const departSent = () =>
    testSaga(chooseDepart, chosen)
      .next()
      .select(selectUsername)
      .next('zhangwei')
      .call(selectDepart, { orgCode: 'A01A02', username: 'zhangwei' });

  it('sends the choice with the username, stores the returned user, welcomes and goes to the dashboard', () => {
    const updated = { ...userInfo, orgCode: 'A01A02' };
    departSent()
      .next(envelope({ result: { userInfo: updated } }))
      .put(departSelected(updated))
      .next()
      .call(welcome)
      .next()
      .call(enterDashboard)
      .next()
      .isDone();
  });

  it('a refused choice fails the login (notice and logout)', () => {
    departSent()
      .next({ success: false, message: '部门不存在', code: 400, result: null, timestamp: 0 })
      .call(failLogin, '部门不存在')
      .next()
      .isDone();
  });

  it('a call that throws fails the login too', () => {
    departSent().throw(new Error('Network Error')).call(failLogin, 'Network Error').next().isDone();
  });
});

describe('logout', () => {
  it('ends the session, then goes to /', () => {
    testSaga(logout).next().call(endSession).next().call(navigateTo, '/').next().isDone();
  });

  it('the local result is the same when /sys/logout fails', () =>
    expectSaga(logout)
      .withState({ session: { token: 'tok-1' } })
      .provide([
        [matchers.call.fn(logoutRequest), Promise.reject(new Error('Network Error'))],
        [matchers.call.fn(navigateTo), undefined],
      ])
      .call(logoutRequest)
      .put(loggedOut())
      .call(publishSessionEvent, { type: 'logout' })
      .call(navigateTo, '/')
      .run());
});

describe('ensureEncryptedString', () => {
  const material = { key: '1234567890adbcde', iv: '1234567890hjlkew' };
  /** The saga with nothing cached, up to its call for the key material. */
  const materialRequested = () =>
    testSaga(ensureEncryptedString).next().select(selectEncryptedString).next(null).call(getEncryptedString);

  it('fetches and caches the key material when none is cached', () => {
    materialRequested()
      .next(envelope({ result: material }))
      .put(encryptedStringLoaded(material))
      .next()
      .isDone();
  });

  it('uses the cached material without a call', () => {
    testSaga(ensureEncryptedString).next().select(selectEncryptedString).next(material).isDone();
  });

  it('keeps nothing from a refused or failed call', () => {
    materialRequested()
      .next({ success: false, message: '查询失败', code: 500, result: null, timestamp: 0 })
      .isDone();
    materialRequested().throw(new Error('Network Error')).isDone();
  });
});

describe('sessionSaga', () => {
  it('routes each intent to its flow, one at a time, next to the captcha/SMS and account watchers', () => {
    testSaga(sessionSaga)
      .next()
      .all([
        takeLeading(loginRequested.type, passwordLogin),
        takeLeading(phoneLoginRequested.type, phoneLogin),
        takeLeading(departChosen.type, chooseDepart),
        takeLeading(logoutRequested.type, logout),
        takeLeading(loginModalOpened.type, ensureEncryptedString),
        fork(verificationSaga),
        fork(accountSaga),
        fork(sessionEventsSaga),
      ])
      .next()
      .isDone();
  });
});
