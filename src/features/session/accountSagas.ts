// Company registration and password recovery: the calls behind /user/register and /user/alteration.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLeading } from 'redux-saga/effects';
import type { Envelope } from '../../../common/contract';
import {
  checkOnlyUser,
  passwordChange,
  phoneVerification,
  register,
  type RegisterForm,
} from '../../api/auth';
import { navigateTo } from '../../router/navigator';
import { notify, toast } from '../../utils/notifier';
import {
  availabilityCheckRequested,
  availabilityChecked,
  passwordReset,
  passwordResetRequested,
  phoneVerificationRequested,
  phoneVerified,
  recoveryRejected,
  registerRequested,
  registerSettled,
  type RecoveryState,
  type UniqueAccountField,
} from './accountSlice';
import { selectRecovery } from './selectors';

export const ACCOUNT_TEXTS = {
  registerFailed: '注册失败',
  verificationFailed: '验证错误',
} as const;

export const REGISTER_RESULT_PATH = '/user/register-result';

export function registerResultUrl(username: string, tenantName: string): string {
  return `${REGISTER_RESULT_PATH}?${new URLSearchParams({ username, tenantName })}`;
}

export function* registerCompany({ payload }: PayloadAction<RegisterForm>): SagaIterator {
  let envelope: Envelope<{ username: string; tenantName: string }>;
  try {
    envelope = yield call(register, payload);
  } catch {
    // The HTTP layer has shown the failure.
    yield put(registerSettled());
    return;
  }
  yield put(registerSettled());
  if (!envelope.success) {
    yield call(notify, 'error', ACCOUNT_TEXTS.registerFailed, envelope.message);
    return;
  }
  const { username, tenantName } = envelope.result;
  yield call(navigateTo, registerResultUrl(username, tenantName));
}

export function* checkAvailability({
  payload: { field, value },
}: PayloadAction<{ field: UniqueAccountField; value: string }>): SagaIterator {
  const query = field === 'username' ? { username: value } : { phone: value };
  try {
    const envelope: Envelope<null> = yield call(checkOnlyUser, query);
    yield put(
      availabilityChecked({ field, value, takenMessage: envelope.success ? null : envelope.message }),
    );
  } catch {
    // The HTTP layer has shown the failure; the registration itself checks again.
  }
}

export function* verifyPhone({ payload }: PayloadAction<{ phone: string; smscode: string }>): SagaIterator {
  let envelope: Envelope<{ username: string; resetKey: string }>;
  try {
    envelope = yield call(phoneVerification, payload);
  } catch {
    // The HTTP layer has shown the failure.
    yield put(recoveryRejected());
    return;
  }
  if (!envelope.success) {
    yield call(notify, 'error', ACCOUNT_TEXTS.verificationFailed, envelope.message);
    yield put(recoveryRejected());
    return;
  }
  yield put(phoneVerified(envelope.result));
}

/** Like the password update of spec §8: the server's message, as a warning when it failed. */
export function* resetPassword({
  payload: { password, confirmpassword },
}: PayloadAction<{ password: string; confirmpassword: string }>): SagaIterator {
  const { username, resetKey }: RecoveryState = yield select(selectRecovery);
  let envelope: Envelope<null>;
  try {
    envelope = yield call(passwordChange, {
      username: username ?? '',
      resetKey: resetKey ?? '',
      password,
      confirmpassword,
    });
  } catch {
    // The HTTP layer has shown the failure.
    yield put(recoveryRejected());
    return;
  }
  if (!envelope.success) {
    yield call(toast, 'warning', envelope.message);
    yield put(recoveryRejected());
    return;
  }
  yield call(toast, 'success', envelope.message);
  yield put(passwordReset());
}

export function* accountSaga(): SagaIterator {
  yield takeLeading(registerRequested.type, registerCompany);
  yield takeEvery(availabilityCheckRequested.type, checkAvailability);
  yield takeLeading(phoneVerificationRequested.type, verifyPhone);
  yield takeLeading(passwordResetRequested.type, resetPassword);
}
