// The server's own texts for sign-in, sessions, SMS codes, registration and password recovery (those
// shared with the SPA's forms live in common/messages.ts).

export const authMessages = {
  loginSucceeded: '登录成功',
  logoutSucceeded: '退出登录成功！',
  /** One text for an unknown user name and a wrong password, so neither tells which names exist. */
  badCredentials: '用户名或密码错误',
  accountLocked: '密码错误次数过多，账号已锁定，请10分钟后再试',
  tooManyFailures: (seconds: number) =>
    `该地址登录失败次数过多，请${Math.max(1, Math.ceil(seconds / 60))}分钟后再试`,
  lookupsTooFrequent: (seconds: number) =>
    `操作过于频繁，请${Math.max(1, Math.ceil(seconds / 60))}分钟后再试`,
  accountFrozen: '该用户已冻结，请联系管理员',
  tenantFrozen: '该公司已冻结，请联系平台管理员',
  notLoggedIn: '未登录，请先登录',
  captchaExpired: '验证码已失效，请刷新后重试',
  smsSent: '验证码已发送，5分钟内有效',
  smsTooFrequent: '验证码发送过于频繁，请60秒后再试',
  smsDailyLimit: '今日验证码发送次数已达上限',
  mobileNotRegistered: '该手机号未注册或未绑定账号',
  mobileAlreadyRegistered: '该手机号已注册，请直接登录',
  smsCodeInvalid: '手机验证码错误或已失效',
  selectDepartOfOthers: '只允许切换自己的部门',
  departInvalid: '所选部门无效',
  passwordOfOthers: '只允许修改自己的密码！',
  oldPasswordWrong: '旧密码输入错误!',
  newPasswordEmpty: '新密码不允许为空!',
  passwordsDiffer: '两次输入密码不一致!',
  passwordPolicy: '新密码至少8位，且须包含字母和数字',
  passwordChanged: '密码修改成功！',
  queried: '查询成功',
  usernameTaken: '用户账号已存在',
  phoneTaken: '手机号已存在',
  checkOnlyUserEmpty: '请输入要校验的用户账号或手机号',
  companyNameRequired: '请输入公司名称',
  companyNameLength: '公司名称应为2到64个字符',
  usernamePattern: '用户账号应为3到32位字母、数字或下划线',
  realnameRequired: '请输入真实姓名',
  registrationPasswordPolicy: '密码至少8位，且须包含字母和数字',
  registered: '注册成功',
  resetKeyInvalid: '重置凭证无效或已过期，请重新验证手机',
  passwordReset: '密码重置成功！',
} as const;
