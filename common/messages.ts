// The validation messages of spec §5, verbatim, so the SPA forms and the server answer with the same text.

export const messages = {
  usernameRequired: '请输入用户名!',
  passwordRequired: '请输入密码!',
  captchaRequired: '请输入验证码!',
  captchaMismatch: '您输入的验证码不正确!',
  mobileRequired: '请输入手机号',
  mobileInvalid: '您的手机号码格式不正确!',
  twoStepCodeInvalid: '请输入 6 位动态码!',
  oldPasswordRequired: '请输入旧密码!',
  newPasswordRequired: '请输入新密码!',
  confirmPasswordRequired: '请确认新密码!',
  // The spec writes this one with a full-width exclamation mark.
  passwordMismatch: '两次输入的密码不一样！',
} as const;

export type Message = (typeof messages)[keyof typeof messages];
