// The graphic captcha and the SMS code: loading and refreshing the image, sending the code, the
// 60-second resend countdown (spec §4 Other, §9).
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, delay, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { SMS_RESEND_SECONDS } from '../../../common/constants';
import type { Envelope } from '../../../common/contract';
import { randomImage, sendSmsCode as sendSmsCodeRequest, type SmsMode } from '../../api/auth';
import { notify, toast } from '../../utils/notifier';
import { selectCaptcha } from './selectors';
import {
  captchaDiscarded,
  captchaLoaded,
  captchaRequested,
  smsCodeRejected,
  smsCodeRequested,
  smsCountdownTicked,
  type SmsCodeRequest,
} from './verificationSlice';

const SECOND_MS = 1000;

/** The notice title of a refused SMS code, by the form that asked for it. */
export const SMS_FAILURE_TITLES: Record<SmsMode, string> = {
  '0': '登录失败',
  '1': '注册失败',
  '2': '验证错误',
};

/** A fresh key for the server to draw a captcha for: the time in milliseconds, as the original client. */
export function newCheckKey(): string {
  return String(Date.now());
}

export function* loadCaptcha(action: { type: string }): SagaIterator {
  // Requests and discards share one takeLatest: a discard cancels a load still under way.
  if (action.type === captchaDiscarded.type) return;
  const checkKey: string = yield call(newCheckKey);
  let envelope: Envelope<string>;
  try {
    envelope = yield call(randomImage, checkKey);
  } catch {
    // The HTTP layer has shown the failure; a click on the image tries again.
    return;
  }
  if (envelope.success) yield put(captchaLoaded({ checkKey, image: envelope.result }));
  else yield call(toast, 'error', envelope.message);
}

/** A new image, if one is on screen. */
export function* refreshShownCaptcha(): SagaIterator {
  const captcha: unknown = yield select(selectCaptcha);
  if (captcha) yield put(captchaRequested());
}

export function* runSmsCountdown(): SagaIterator {
  for (let seconds = SMS_RESEND_SECONDS; seconds > 0; seconds -= 1) {
    yield put(smsCountdownTicked(seconds));
    yield delay(SECOND_MS);
  }
  yield put(smsCountdownTicked(0));
}

export function* smsCodeFailed(): SagaIterator {
  yield put(smsCodeRejected());
  // The server consumed the graphic code with the attempt.
  yield put(captchaRequested());
}

export function* sendSmsCode({ payload }: PayloadAction<SmsCodeRequest>): SagaIterator {
  const { mobile, smsmode, captcha, checkKey } = payload;
  let envelope: Envelope<null>;
  try {
    envelope = yield call(sendSmsCodeRequest, { mobile, smsmode, captcha, checkKey });
  } catch {
    // The HTTP layer has shown the failure.
    yield call(smsCodeFailed);
    return;
  }
  if (!envelope.success) {
    yield call(notify, 'error', SMS_FAILURE_TITLES[smsmode], envelope.message);
    yield call(smsCodeFailed);
    return;
  }
  yield call(runSmsCountdown);
}

export function* verificationSaga(): SagaIterator {
  yield takeLatest([captchaRequested.type, captchaDiscarded.type], loadCaptcha);
  // One code at a time: requests during a send or its countdown are ignored (the button is disabled then).
  yield takeLeading(smsCodeRequested.type, sendSmsCode);
}
