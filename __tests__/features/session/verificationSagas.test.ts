import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { takeLatest, takeLeading } from 'redux-saga/effects';
import { randomImage, sendSmsCode as sendSmsCodeRequest } from '../../../src/api/auth';
import { selectCaptcha } from '../../../src/features/session/selectors';
import {
  loadCaptcha,
  newCheckKey,
  refreshShownCaptcha,
  runSmsCountdown,
  sendSmsCode,
  smsCodeFailed,
  verificationSaga,
} from '../../../src/features/session/verificationSagas';
import {
  captchaDiscarded,
  captchaLoaded,
  captchaRequested,
  smsCodeRejected,
  smsCodeRequested,
  smsCountdownTicked,
  verificationReducer,
} from '../../../src/features/session/verificationSlice';
import { notify, toast } from '../../../src/utils/notifier';

const IMAGE = 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=';

function ok<T>(result: T) {
  return { success: true, message: '', code: 200, result, timestamp: 0 };
}

function refused(message: string) {
  return { success: false, message, code: 400, result: null, timestamp: 0 };
}

describe('newCheckKey', () => {
  it('is the current time in milliseconds', () => {
    jest.spyOn(Date, 'now').mockReturnValue(1_700_000_000_123);
    expect(newCheckKey()).toBe('1700000000123');
    jest.restoreAllMocks();
  });
});

describe('loadCaptcha', () => {
  it('asks the server for an image drawn for a fresh key and shows it', () => {
    testSaga(loadCaptcha, captchaRequested())
      .next()
      .call(newCheckKey)
      .next('1700000000123')
      .call(randomImage, '1700000000123')
      .next(ok(IMAGE))
      .put(captchaLoaded({ checkKey: '1700000000123', image: IMAGE }))
      .next()
      .isDone();
  });

  it('shows a refusal', () => {
    testSaga(loadCaptcha, captchaRequested())
      .next()
      .call(newCheckKey)
      .next('1')
      .call(randomImage, '1')
      .next(refused('获取验证码出错'))
      .call(toast, 'error', '获取验证码出错')
      .next()
      .isDone();
  });

  it('a failed call leaves the image as it is (the HTTP layer reported it)', () => {
    testSaga(loadCaptcha, captchaRequested())
      .next()
      .call(newCheckKey)
      .next('1')
      .call(randomImage, '1')
      .throw(new Error('Network Error'))
      .isDone();
  });

  it('a discard loads nothing', () => {
    testSaga(loadCaptcha, captchaDiscarded()).next().isDone();
  });

  it('a discard cancels a load under way: the late image is not shown', () =>
    expectSaga(verificationSaga)
      .withReducer(verificationReducer)
      .provide([
        [matchers.call.fn(newCheckKey), 'k1'],
        [matchers.call.fn(randomImage), new Promise((resolve) => setTimeout(() => resolve(ok(IMAGE)), 20))],
      ])
      .dispatch(captchaRequested())
      .dispatch(captchaDiscarded())
      .not.put.actionType(captchaLoaded.type)
      .hasFinalState({ captcha: null, smsSending: false, smsCountdown: 0, loginCaptchaRequired: false })
      .silentRun(60));
});

describe('refreshShownCaptcha', () => {
  it('asks for a new image when one is shown', () => {
    testSaga(refreshShownCaptcha)
      .next()
      .select(selectCaptcha)
      .next({ checkKey: '1', image: IMAGE })
      .put(captchaRequested())
      .next()
      .isDone();
  });

  it('does nothing when no captcha is shown', () => {
    testSaga(refreshShownCaptcha).next().select(selectCaptcha).next(null).isDone();
  });
});

describe('sendSmsCode', () => {
  const request = smsCodeRequested({ mobile: '13800138000', captcha: 'ab12', checkKey: 'k1', smsmode: '0' });
  const body = { mobile: '13800138000', smsmode: '0', captcha: 'ab12', checkKey: 'k1' };

  it('a sent code starts the 60-second countdown', () => {
    testSaga(sendSmsCode, request)
      .next()
      .call(sendSmsCodeRequest, body)
      .next(ok(null))
      .call(runSmsCountdown)
      .next()
      .isDone();
  });

  it.each([
    ['0', '登录失败'],
    ['1', '注册失败'],
    ['2', '验证错误'],
  ] as const)(
    'smsmode %s: a refusal shows the server message under %s and asks for a new captcha',
    (smsmode, title) => {
      testSaga(sendSmsCode, smsCodeRequested({ ...request.payload, smsmode }))
        .next()
        .call(sendSmsCodeRequest, { ...body, smsmode })
        .next(refused('您输入的验证码不正确!'))
        .call(notify, 'error', title, '您输入的验证码不正确!')
        .next()
        .call(smsCodeFailed)
        .next()
        .isDone();
    },
  );

  it('a call that throws frees the button and asks for a new captcha (the HTTP layer showed the error)', () => {
    testSaga(sendSmsCode, request)
      .next()
      .call(sendSmsCodeRequest, body)
      .throw(new Error('Network Error'))
      .call(smsCodeFailed)
      .next()
      .isDone();
  });

  it('a failed send frees the button and asks for a new captcha: the server consumed the old one', () => {
    testSaga(smsCodeFailed).next().put(smsCodeRejected()).next().put(captchaRequested()).next().isDone();
  });
});

describe('runSmsCountdown', () => {
  it('counts 60, 59 … 1 a second apart, then frees the button', () => {
    let plan = testSaga(runSmsCountdown).next();
    for (let seconds = 60; seconds > 0; seconds -= 1) {
      plan = plan.put(smsCountdownTicked(seconds)).next().delay(1000).next();
    }
    plan.put(smsCountdownTicked(0)).next().isDone();
  });

  it('the button state: sending, then 60 s, then free again', () => {
    const sending = verificationReducer(undefined, smsCodeRequested({ ...sampleRequest() }));
    expect(sending).toMatchObject({ smsSending: true, smsCountdown: 0 });
    const counting = verificationReducer(sending, smsCountdownTicked(60));
    expect(counting).toMatchObject({ smsSending: false, smsCountdown: 60 });
    // A request while counting does not mark the button as sending.
    expect(verificationReducer(counting, smsCodeRequested(sampleRequest()))).toEqual(counting);
    expect(verificationReducer(counting, smsCountdownTicked(0)).smsCountdown).toBe(0);
  });
});

function sampleRequest() {
  return { mobile: '13800138000', captcha: 'ab12', checkKey: 'k1', smsmode: '0' as const };
}

describe('verificationSaga', () => {
  it('loads the latest captcha (discards included) and one SMS code at a time', () => {
    testSaga(verificationSaga)
      .next()
      .is(takeLatest([captchaRequested.type, captchaDiscarded.type], loadCaptcha))
      .next()
      .is(takeLeading(smsCodeRequested.type, sendSmsCode))
      .next()
      .isDone();
  });
});
