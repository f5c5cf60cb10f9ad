import { screen, waitFor, within } from '@testing-library/react';
import * as authApi from '../../../src/api/auth';
import AlterationPage from '../../../src/pages/user/AlterationPage';
import {
  buttonByText,
  CAPTCHA_IMAGE,
  findDialog,
  ok,
  refused,
  renderSignIn,
  setupUser,
} from '../../support/signIn';

jest.mock('../../../src/api/auth');

const api = jest.mocked(authApi);
type User = ReturnType<typeof setupUser>;

async function fill(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function renderPage() {
  const app = await renderSignIn(<AlterationPage />, { path: '/user/alteration' });
  await screen.findByAltText('验证码');
  return app;
}

const next = (user: User) => user.click(buttonByText('下一步'));

/** Enters the SMS code in the two-step modal and waits out its 2-second verification. */
async function enterCode(user: User, code: string) {
  const dialog = await findDialog('两步验证');
  expect(within(dialog).getByText('请输入手机收到的 6 位短信验证码')).toBeInTheDocument();
  await fill(user, within(dialog).getByPlaceholderText('000000'), code);
  await user.click(buttonByText(/继\s*续/, dialog));
  expect(await within(dialog).findByText('正在验证..请稍后')).toBeInTheDocument();
}

beforeEach(() => {
  api.randomImage.mockResolvedValue(ok(CAPTCHA_IMAGE));
});

afterEach(() => {
  jest.useRealTimers();
  jest.clearAllMocks();
});

it('the phone step needs a well-formed mobile number before the code is asked for', async () => {
  const user = setupUser();
  await renderPage();
  await next(user);
  expect(await screen.findByText('请输入手机号')).toBeInTheDocument();
  await fill(user, screen.getByLabelText('手机号'), '10000000000');
  expect(await screen.findByText('您的手机号码格式不正确!')).toBeInTheDocument();
  await next(user);
  expect(screen.queryByText('两步验证')).not.toBeInTheDocument();
});

it('asks for a password-recovery SMS code (smsmode 2)', async () => {
  // The 60-second countdown that follows runs on fake timers, not past the end of the test.
  jest.useFakeTimers();
  const user = setupUser({ advanceTimers: jest.advanceTimersByTime });
  api.sendSmsCode.mockResolvedValue(ok(null));
  await renderPage();
  await fill(user, screen.getByLabelText('手机号'), '13912345678');
  await fill(user, screen.getByPlaceholderText('图形验证码'), 'ab12');
  await user.click(buttonByText('获取验证码'));
  await waitFor(() =>
    expect(api.sendSmsCode).toHaveBeenCalledWith({
      mobile: '13912345678',
      smsmode: '2',
      captcha: 'ab12',
      checkKey: api.randomImage.mock.calls[0][0],
    }),
  );
});

it('a refused code shows 验证错误 and stays on the phone step', async () => {
  const user = setupUser();
  api.phoneVerification.mockResolvedValue(refused('手机验证码错误或已失效'));
  await renderPage();
  await fill(user, screen.getByLabelText('手机号'), '13912345678');
  await next(user);
  await enterCode(user, '111111');

  expect(await screen.findByText('手机验证码错误或已失效', {}, { timeout: 4000 })).toBeInTheDocument();
  expect(screen.getByText('验证错误')).toBeInTheDocument();
  expect(api.phoneVerification).toHaveBeenCalledWith({ phone: '13912345678', smscode: '111111' });
  expect(buttonByText('下一步')).toBeInTheDocument();
});

it('phone, code, new password, done', async () => {
  const user = setupUser();
  api.phoneVerification.mockResolvedValue(ok({ username: 'qd_admin', resetKey: 'rk-1' }));
  api.passwordChange.mockResolvedValue(ok(null, '密码重置成功！'));
  const { visited } = await renderPage();
  await fill(user, screen.getByLabelText('手机号'), '13912345678');
  await next(user);
  await enterCode(user, '654321');

  expect(await screen.findByText('账户：qd_admin', {}, { timeout: 4000 })).toBeInTheDocument();
  expect(api.phoneVerification).toHaveBeenCalledWith({ phone: '13912345678', smscode: '654321' });

  await user.click(buttonByText(/提\s*交/));
  expect(await screen.findByText('请输入新密码!')).toBeInTheDocument();
  expect(screen.getByText('请确认新密码!')).toBeInTheDocument();
  await fill(user, screen.getByLabelText('新密码'), 'New#2026');
  await fill(user, screen.getByLabelText('确认新密码'), 'New#2025');
  expect(await screen.findByText('两次输入的密码不一样！')).toBeInTheDocument();
  await user.clear(screen.getByLabelText('确认新密码'));
  await fill(user, screen.getByLabelText('确认新密码'), 'New#2026');
  await user.click(buttonByText(/提\s*交/));

  expect(await screen.findByText('密码重置成功')).toBeInTheDocument();
  expect(api.passwordChange).toHaveBeenCalledWith({
    username: 'qd_admin',
    resetKey: 'rk-1',
    password: 'New#2026',
    confirmpassword: 'New#2026',
  });
  await user.click(buttonByText('去登录'));
  await waitFor(() => expect(visited[visited.length - 1]).toBe('/user/login'));
});
