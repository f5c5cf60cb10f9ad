import type { RootState } from '../../store';

export const selectToken = (state: RootState) => state.session.token;
export const selectUsername = (state: RootState) => state.session.username;
export const selectUserInfo = (state: RootState) => state.session.userInfo;
export const selectResetLogin = (state: RootState) => state.session.resetLogin;
export const selectLoginLevel = (state: RootState) => state.session.loginLevel;
export const selectMesSystem = (state: RootState) => state.session.mesSystem;
export const selectEncryptedString = (state: RootState) => state.session.encryptedString;
/** True from submitting a login until the flow lands on the dashboard or fails (department choice included). */
export const selectLoginPending = (state: RootState) => state.session.loginPending;
export const selectDepartPicker = (state: RootState) => state.session.departPicker;

export const selectCaptcha = (state: RootState) => state.verification.captcha;
export const selectLoginCaptchaRequired = (state: RootState) => state.verification.loginCaptchaRequired;
export const selectSmsSending = (state: RootState) => state.verification.smsSending;
export const selectSmsCountdown = (state: RootState) => state.verification.smsCountdown;

export const selectRegisterPending = (state: RootState) => state.account.registerPending;
export const selectAvailability = (state: RootState) => state.account.availability;
export const selectRecovery = (state: RootState) => state.account.recovery;
