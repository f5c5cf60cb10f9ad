// Company registration and password recovery (pages /user/register and /user/alteration). Not persisted.
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RegisterForm } from '../../api/auth';

/** The registration fields that must not belong to an existing account. */
export type UniqueAccountField = 'username' | 'phone';

export interface AvailabilityCheck {
  /** The value the server judged. */
  value: string;
  /** The server's reason when the value is taken ('用户账号已存在', '手机号已存在'), else null. */
  takenMessage: string | null;
}

export type RecoveryStep = 'phone' | 'password' | 'done';

export interface RecoveryState {
  step: RecoveryStep;
  pending: boolean;
  /** The account the verified phone belongs to. */
  username: string | null;
  /** Proof of the phone verification, spent by the password change. */
  resetKey: string | null;
}

export interface AccountState {
  registerPending: boolean;
  availability: Partial<Record<UniqueAccountField, AvailabilityCheck>>;
  recovery: RecoveryState;
}

const initialRecovery: RecoveryState = { step: 'phone', pending: false, username: null, resetKey: null };

const initialState: AccountState = { registerPending: false, availability: {}, recovery: initialRecovery };

const accountSlice = createSlice({
  name: 'account',
  initialState,
  reducers: {
    registerRequested(state, _action: PayloadAction<RegisterForm>) {
      state.registerPending = true;
    },
    registerSettled(state) {
      state.registerPending = false;
    },
    availabilityChecked(state, action: PayloadAction<{ field: UniqueAccountField } & AvailabilityCheck>) {
      const { field, value, takenMessage } = action.payload;
      state.availability[field] = { value, takenMessage };
    },
    /** The recovery page opened: it starts from the phone step. */
    recoveryStarted(state) {
      state.recovery = initialRecovery;
    },
    phoneVerificationRequested(state, _action: PayloadAction<{ phone: string; smscode: string }>) {
      state.recovery.pending = true;
    },
    phoneVerified(state, action: PayloadAction<{ username: string; resetKey: string }>) {
      state.recovery = { step: 'password', pending: false, ...action.payload };
    },
    passwordResetRequested(state, _action: PayloadAction<{ password: string; confirmpassword: string }>) {
      state.recovery.pending = true;
    },
    passwordReset(state) {
      state.recovery = { ...state.recovery, step: 'done', pending: false, resetKey: null };
    },
    recoveryRejected(state) {
      state.recovery.pending = false;
    },
  },
});

/** A registration field lost focus: is its value still free? */
export const availabilityCheckRequested = createAction<{ field: UniqueAccountField; value: string }>(
  'account/availabilityCheckRequested',
);

export const {
  registerRequested,
  registerSettled,
  availabilityChecked,
  recoveryStarted,
  phoneVerificationRequested,
  phoneVerified,
  passwordResetRequested,
  passwordReset,
  recoveryRejected,
} = accountSlice.actions;
export const accountReducer = accountSlice.reducer;
