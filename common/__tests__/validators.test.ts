import { messages } from '../messages';
import {
  isStrongPassword,
  captchaMatches,
  checkCaptcha,
  checkConfirmPassword,
  checkMobile,
  checkRequired,
  checkTwoStepCode,
  hasText,
  isElevenDigitMobile,
  isEmail,
  isHttpUrl,
  isLandline,
  isMainlandMobile,
  loginTypeOf,
} from '../validators';

describe('messages', () => {
  it('are the exact texts of spec §5', () => {
    expect(messages).toEqual({
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
      passwordMismatch: '两次输入的密码不一样！',
    });
  });
});

describe('isMainlandMobile', () => {
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
  // Spec §5 list: 3x, 8x, 45, 47, 49, 50-53, 55-59, 66, 70, 71, 73, 75-78, 98, 99.
  const allowed = new Set([
    ...range(30, 39),
    ...range(80, 89),
    '45',
    '47',
    '49',
    ...range(50, 53),
    ...range(55, 59),
    '66',
    '70',
    '71',
    '73',
    ...range(75, 78),
    '98',
    '99',
  ]);

  it.each(range(0, 99).map((n) => n.padStart(2, '0')))(
    'prefix 1%s is accepted exactly when listed',
    (prefix) => {
      expect(isMainlandMobile(`1${prefix}12345678`)).toBe(allowed.has(prefix));
    },
  );

  it('needs exactly 11 digits starting with 1', () => {
    expect(isMainlandMobile('13812345678')).toBe(true);
    expect(isMainlandMobile('1381234567')).toBe(false);
    expect(isMainlandMobile('138123456789')).toBe(false);
    expect(isMainlandMobile('23812345678')).toBe(false);
    expect(isMainlandMobile('1381234567a')).toBe(false);
    expect(isMainlandMobile(' 13812345678')).toBe(false);
    expect(isMainlandMobile('')).toBe(false);
  });
});

describe('isElevenDigitMobile', () => {
  it('accepts any 11 digits starting with 1', () => {
    expect(isElevenDigitMobile('10000000000')).toBe(true);
    expect(isElevenDigitMobile('19999999999')).toBe(true);
  });

  it('rejects 10 or 12 digits and other first digits', () => {
    expect(isElevenDigitMobile('1000000000')).toBe(false);
    expect(isElevenDigitMobile('100000000000')).toBe(false);
    expect(isElevenDigitMobile('20000000000')).toBe(false);
  });
});

describe('isLandline', () => {
  it.each([
    ['1234567', true],
    ['12345678', true],
    ['010-1234567', true],
    ['0755-12345678', true],
    ['123456', false],
    ['123456789', false],
    ['01-1234567', false],
    ['01234-1234567', false],
    ['010 1234567', false],
    ['0101234567', false],
  ])('%s → %s', (value, expected) => {
    expect(isLandline(value)).toBe(expected);
  });
});

describe('isHttpUrl', () => {
  it.each([
    ['http://example.com', true],
    ['https://example.com/path?q=1', true],
    ['https://', true],
    ['ftp://example.com', false],
    ['httpx://example.com', false],
    ['example.com', false],
    ['//example.com', false],
    [' http://example.com', false],
  ])('%s → %s', (value, expected) => {
    expect(isHttpUrl(value)).toBe(expected);
  });
});

describe('isEmail', () => {
  it.each([
    ['admin@qq.com', true],
    ['first.last-1_x@163.com.cn', true],
    ['a@b.cn', true],
    ['a@b.c', false],
    ['a@b.info', false],
    ['a@b.com.cn.net', false],
    ['a@b', false],
    ['@b.com', false],
    ['a b@b.com', false],
    ['admin', false],
  ])('%s → %s', (value, expected) => {
    expect(isEmail(value)).toBe(expected);
  });
});

describe('loginTypeOf', () => {
  it('is e-mail for an e-mail-shaped user name, else username', () => {
    expect(loginTypeOf('admin@qq.com')).toBe('email');
    expect(loginTypeOf('admin')).toBe('username');
    expect(loginTypeOf('admin@')).toBe('username');
  });
});

describe('hasText and checkRequired', () => {
  it('treat missing, empty and all-space values as not filled in', () => {
    for (const value of [null, undefined, '', '   ', '\t']) {
      expect(hasText(value)).toBe(false);
      expect(checkRequired(value, messages.usernameRequired)).toBe('请输入用户名!');
    }
  });

  it('accept any non-space text', () => {
    expect(hasText(' a ')).toBe(true);
    expect(checkRequired('0', messages.passwordRequired)).toBeUndefined();
  });
});

describe('captcha', () => {
  it('compares without regard to case', () => {
    expect(captchaMatches('aB3d', 'Ab3D')).toBe(true);
    expect(captchaMatches('aB3d', 'Ab3E')).toBe(false);
  });

  it('checkCaptcha: required, then mismatch, then valid', () => {
    expect(checkCaptcha('', 'AB12')).toBe('请输入验证码!');
    expect(checkCaptcha(undefined, 'AB12')).toBe('请输入验证码!');
    expect(checkCaptcha('ab13', 'AB12')).toBe('您输入的验证码不正确!');
    expect(checkCaptcha('ab12', 'AB12')).toBeUndefined();
  });
});

describe('checkMobile', () => {
  it('asks for a missing number, refuses a malformed one, accepts a listed prefix', () => {
    expect(checkMobile('')).toBe('请输入手机号');
    expect(checkMobile(null)).toBe('请输入手机号');
    expect(checkMobile('14612345678')).toBe('您的手机号码格式不正确!');
    expect(checkMobile('14712345678')).toBeUndefined();
  });
});

describe('checkTwoStepCode', () => {
  it.each([
    ['123456', undefined],
    ['000000', undefined],
    ['12345', '请输入 6 位动态码!'],
    ['1234567', '请输入 6 位动态码!'],
    ['12345a', '请输入 6 位动态码!'],
    ['', '请输入 6 位动态码!'],
    [undefined, '请输入 6 位动态码!'],
  ])('%s → %s', (value, expected) => {
    expect(checkTwoStepCode(value)).toBe(expected);
  });
});

describe('checkConfirmPassword', () => {
  it('requires the confirmation, then equality with the new password', () => {
    expect(checkConfirmPassword('secret1', '')).toBe('请确认新密码!');
    expect(checkConfirmPassword('secret1', 'secret2')).toBe('两次输入的密码不一样！');
    expect(checkConfirmPassword('secret1', 'Secret1')).toBe('两次输入的密码不一样！');
    expect(checkConfirmPassword('secret1', 'secret1')).toBeUndefined();
  });
});

describe('isStrongPassword', () => {
  it('wants 8 to 64 characters with a letter and a digit', () => {
    expect(isStrongPassword('abc12345')).toBe(true);
    expect(isStrongPassword('Keeper2026')).toBe(true);
    expect(isStrongPassword('abc1234')).toBe(false);
    expect(isStrongPassword('abcdefgh')).toBe(false);
    expect(isStrongPassword('12345678')).toBe(false);
    expect(isStrongPassword(`a1${'x'.repeat(62)}`)).toBe(true);
    expect(isStrongPassword(`a1${'x'.repeat(63)}`)).toBe(false);
  });
});
