// The graphic captcha and the SMS code button shared by the login, registration and password-recovery
// forms (only one of them is on screen at a time). Not persisted.
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SmsMode } from '../../api/auth';

export interface Captcha {
  /** The key the server drew this image for; sent back with the typed code. */
  checkKey: string;
  /** Image data URL. */
  image: string;
}

export interface SmsCodeRequest {
  mobile: string;
  /** The graphic code typed by the user. */
  captcha: string;
  checkKey: string;
  smsmode: SmsMode;
}

export interface VerificationState {
  /** The captcha on screen, or null when none is shown. */
  captcha: Captcha | null;
  smsSending: boolean;
  /** Seconds until another SMS code may be requested; 0 when the button is free. */
  smsCountdown: number;
  /** The server asked for the graphic code with the password (after failed logins): the form shows it. */
  loginCaptchaRequired: boolean;
}

const initialState: VerificationState = {
  captcha: null,
  smsSending: false,
  smsCountdown: 0,
  loginCaptchaRequired: false,
};

const verificationSlice = createSlice({
  name: 'verification',
  initialState,
  reducers: {
    captchaLoaded(state, action: PayloadAction<Captcha>) {
      state.captcha = action.payload;
    },
    /** The captcha left the screen. */
    captchaDiscarded(state) {
      state.captcha = null;
    },
    loginCaptchaDemanded(state) {
      state.loginCaptchaRequired = true;
    },
    smsCodeRequested(state, _action: PayloadAction<SmsCodeRequest>) {
      if (state.smsCountdown === 0) state.smsSending = true;
    },
    smsCodeRejected(state) {
      state.smsSending = false;
    },
    smsCountdownTicked(state, action: PayloadAction<number>) {
      state.smsSending = false;
      state.smsCountdown = action.payload;
    },
  },
});

/** A (new) captcha image is wanted: on showing it, on a click, after the server consumed one. */
export const captchaRequested = createAction('verification/captchaRequested');

export const {
  captchaLoaded,
  captchaDiscarded,
  loginCaptchaDemanded,
  smsCodeRequested,
  smsCodeRejected,
  smsCountdownTicked,
} = verificationSlice.actions;
export const verificationReducer = verificationSlice.reducer;
