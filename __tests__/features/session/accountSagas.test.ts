import { testSaga } from 'redux-saga-test-plan';
import { takeEvery, takeLeading } from 'redux-saga/effects';
import { checkOnlyUser, passwordChange, phoneVerification, register } from '../../../src/api/auth';
import {
  accountSaga,
  checkAvailability,
  registerCompany,
  registerResultUrl,
  resetPassword,
  verifyPhone,
} from '../../../src/features/session/accountSagas';
import {
  accountReducer,
  availabilityCheckRequested,
  availabilityChecked,
  passwordReset,
  passwordResetRequested,
  phoneVerificationRequested,
  phoneVerified,
  recoveryRejected,
  recoveryStarted,
  registerRequested,
  registerSettled,
} from '../../../src/features/session/accountSlice';
import { selectRecovery } from '../../../src/features/session/selectors';
import { navigateTo } from '../../../src/router/navigator';
import { notify, toast } from '../../../src/utils/notifier';

function ok<T>(result: T, message = '') {
  return { success: true, message, code: 200, result, timestamp: 0 };
}

function refused(message: string) {
  return { success: false, message, code: 409, result: null, timestamp: 0 };
}

const form = {
  companyName: '青岛啤酒经销公司',
  username: 'qd_admin',
  realname: '王经理',
  password: 'Secret#2026',
  phone: '13912345678',
  smscode: '123456',
};

describe('registerCompany', () => {
  it('creates the company and shows the result page with the account and the company', () => {
    expect(registerResultUrl('qd_admin', '青岛 啤酒&公司')).toBe(
      '/user/register-result?username=qd_admin&tenantName=%E9%9D%92%E5%B2%9B+%E5%95%A4%E9%85%92%26%E5%85%AC%E5%8F%B8',
    );
    testSaga(registerCompany, registerRequested(form))
      .next()
      .call(register, form)
      .next(ok({ username: 'qd_admin', tenantName: '青岛啤酒经销公司' }))
      .put(registerSettled())
      .next()
      .call(navigateTo, registerResultUrl('qd_admin', '青岛啤酒经销公司'))
      .next()
      .isDone();
  });

  it('a refusal shows 注册失败 with the server message and stays', () => {
    testSaga(registerCompany, registerRequested(form))
      .next()
      .call(register, form)
      .next(refused('手机验证码错误或已失效'))
      .put(registerSettled())
      .next()
      .call(notify, 'error', '注册失败', '手机验证码错误或已失效')
      .next()
      .isDone();
  });

  it('a call that throws only frees the button (the HTTP layer reported it)', () => {
    testSaga(registerCompany, registerRequested(form))
      .next()
      .call(register, form)
      .throw(new Error('Network Error'))
      .put(registerSettled())
      .next()
      .isDone();
  });
});

describe('checkAvailability', () => {
  it('a free account name has no message', () => {
    testSaga(checkAvailability, availabilityCheckRequested({ field: 'username', value: 'qd_admin' }))
      .next()
      .call(checkOnlyUser, { username: 'qd_admin' })
      .next(ok(null))
      .put(availabilityChecked({ field: 'username', value: 'qd_admin', takenMessage: null }))
      .next()
      .isDone();
  });

  it('a taken phone number keeps the server reason', () => {
    testSaga(checkAvailability, availabilityCheckRequested({ field: 'phone', value: '13912345678' }))
      .next()
      .call(checkOnlyUser, { phone: '13912345678' })
      .next(refused('手机号已存在'))
      .put(availabilityChecked({ field: 'phone', value: '13912345678', takenMessage: '手机号已存在' }))
      .next()
      .isDone();
  });

  it('a call that throws records nothing', () => {
    testSaga(checkAvailability, availabilityCheckRequested({ field: 'username', value: 'x' }))
      .next()
      .call(checkOnlyUser, { username: 'x' })
      .throw(new Error('Network Error'))
      .isDone();
  });
});

describe('verifyPhone', () => {
  const request = phoneVerificationRequested({ phone: '13912345678', smscode: '654321' });

  it('a verified phone moves to the password step with the account and the reset key', () => {
    testSaga(verifyPhone, request)
      .next()
      .call(phoneVerification, { phone: '13912345678', smscode: '654321' })
      .next(ok({ username: 'qd_admin', resetKey: 'rk-1' }))
      .put(phoneVerified({ username: 'qd_admin', resetKey: 'rk-1' }))
      .next()
      .isDone();
  });

  it('a refusal shows 验证错误 with the server message', () => {
    testSaga(verifyPhone, request)
      .next()
      .call(phoneVerification, { phone: '13912345678', smscode: '654321' })
      .next(refused('手机验证码错误或已失效'))
      .call(notify, 'error', '验证错误', '手机验证码错误或已失效')
      .next()
      .put(recoveryRejected())
      .next()
      .isDone();
  });

  it('a call that throws frees the button', () => {
    testSaga(verifyPhone, request)
      .next()
      .call(phoneVerification, { phone: '13912345678', smscode: '654321' })
      .throw(new Error('Network Error'))
      .put(recoveryRejected())
      .next()
      .isDone();
  });
});

describe('resetPassword', () => {
  const request = passwordResetRequested({ password: 'New#2026', confirmpassword: 'New#2026' });
  const verified = { step: 'password', pending: true, username: 'qd_admin', resetKey: 'rk-1' };
  const body = { username: 'qd_admin', resetKey: 'rk-1', password: 'New#2026', confirmpassword: 'New#2026' };

  it('spends the reset key and shows the server message', () => {
    testSaga(resetPassword, request)
      .next()
      .select(selectRecovery)
      .next(verified)
      .call(passwordChange, body)
      .next(ok(null, '密码重置成功！'))
      .call(toast, 'success', '密码重置成功！')
      .next()
      .put(passwordReset())
      .next()
      .isDone();
  });

  it('a refusal shows the server message as a warning', () => {
    testSaga(resetPassword, request)
      .next()
      .select(selectRecovery)
      .next(verified)
      .call(passwordChange, body)
      .next(refused('重置链接已失效，请重新验证手机'))
      .call(toast, 'warning', '重置链接已失效，请重新验证手机')
      .next()
      .put(recoveryRejected())
      .next()
      .isDone();
  });

  it('a call that throws frees the button', () => {
    testSaga(resetPassword, request)
      .next()
      .select(selectRecovery)
      .next(verified)
      .call(passwordChange, body)
      .throw(new Error('Network Error'))
      .put(recoveryRejected())
      .next()
      .isDone();
  });
});

describe('account slice', () => {
  it('walks the recovery steps and starts over when the page opens again', () => {
    let state = accountReducer(undefined, phoneVerificationRequested({ phone: '1', smscode: '2' }));
    expect(state.recovery).toMatchObject({ step: 'phone', pending: true });
    state = accountReducer(state, phoneVerified({ username: 'qd_admin', resetKey: 'rk-1' }));
    expect(state.recovery).toEqual({
      step: 'password',
      pending: false,
      username: 'qd_admin',
      resetKey: 'rk-1',
    });
    state = accountReducer(state, passwordResetRequested({ password: 'a', confirmpassword: 'a' }));
    state = accountReducer(state, passwordReset());
    expect(state.recovery).toEqual({ step: 'done', pending: false, username: 'qd_admin', resetKey: null });
    expect(accountReducer(state, recoveryStarted()).recovery).toEqual({
      step: 'phone',
      pending: false,
      username: null,
      resetKey: null,
    });
  });

  it('keeps the latest availability answer per field', () => {
    let state = accountReducer(
      undefined,
      availabilityChecked({ field: 'username', value: 'a', takenMessage: '用户账号已存在' }),
    );
    state = accountReducer(state, availabilityChecked({ field: 'username', value: 'b', takenMessage: null }));
    expect(state.availability).toEqual({ username: { value: 'b', takenMessage: null } });
  });
});

describe('accountSaga', () => {
  it('one registration, verification or reset at a time; every availability check', () => {
    testSaga(accountSaga)
      .next()
      .is(takeLeading(registerRequested.type, registerCompany))
      .next()
      .is(takeEvery(availabilityCheckRequested.type, checkAvailability))
      .next()
      .is(takeLeading(phoneVerificationRequested.type, verifyPhone))
      .next()
      .is(takeLeading(passwordResetRequested.type, resetPassword))
      .next()
      .isDone();
  });
});
