import { screen, waitFor } from '@testing-library/react';
import * as authApi from '../../../src/api/auth';
import RegisterPage from '../../../src/pages/user/RegisterPage';
import { buttonByText, CAPTCHA_IMAGE, ok, refused, renderSignIn, setupUser } from '../../support/signIn';

jest.mock('../../../src/api/auth');

const api = jest.mocked(authApi);
type User = ReturnType<typeof setupUser>;

async function fill(user: User, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

async function renderPage() {
  const app = await renderSignIn(<RegisterPage />, { path: '/user/register' });
  await screen.findByAltText('验证码');
  return app;
}

const submit = (user: User) => user.click(buttonByText(/注\s*册/));

beforeEach(() => {
  api.randomImage.mockResolvedValue(ok(CAPTCHA_IMAGE));
  api.checkOnlyUser.mockResolvedValue(ok(null));
});

afterEach(() => {
  jest.useRealTimers();
  jest.clearAllMocks();
});

it('requires every field, with the spec messages where it has them', async () => {
  const user = setupUser();
  await renderPage();
  await submit(user);
  for (const message of [
    '请输入企业名称!',
    '请输入用户名!',
    '请输入姓名!',
    '请输入密码!',
    '请确认新密码!',
    '请输入手机号',
    '请输入验证码!',
    '请输入短信验证码!',
  ]) {
    expect(await screen.findByText(message)).toBeInTheDocument();
  }
  expect(api.register).not.toHaveBeenCalled();
});

it('the confirmation must equal the password: 两次输入的密码不一样！', async () => {
  const user = setupUser();
  await renderPage();
  await fill(user, '密码', 'Secret#2026');
  await fill(user, '确认密码', 'Secret#2025');
  expect(await screen.findByText('两次输入的密码不一样！')).toBeInTheDocument();
});

it('a malformed mobile number: 您的手机号码格式不正确!', async () => {
  const user = setupUser();
  await renderPage();
  await fill(user, '手机号', '1234');
  await user.tab();
  expect(await screen.findByText('您的手机号码格式不正确!')).toBeInTheDocument();
  expect(api.checkOnlyUser).not.toHaveBeenCalled();
});

it('checks the account name and the mobile number when they lose focus', async () => {
  const user = setupUser();
  api.checkOnlyUser.mockImplementation(async (query) =>
    'username' in query ? refused('用户账号已存在', 409) : ok(null),
  );
  await renderPage();
  await fill(user, '用户名', 'admin');
  await user.tab();
  expect(await screen.findByText('用户账号已存在')).toBeInTheDocument();
  expect(api.checkOnlyUser).toHaveBeenCalledWith({ username: 'admin' });

  await fill(user, '手机号', '13912345678');
  await user.tab();
  await waitFor(() => expect(api.checkOnlyUser).toHaveBeenCalledWith({ phone: '13912345678' }));

  // Another name is judged again.
  api.checkOnlyUser.mockResolvedValue(ok(null));
  await user.clear(screen.getByLabelText('用户名'));
  await fill(user, '用户名', 'qd_admin');
  await user.tab();
  await waitFor(() => expect(screen.queryByText('用户账号已存在')).not.toBeInTheDocument());
});

it('asks for a registration SMS code (smsmode 1)', async () => {
  // The 60-second countdown that follows runs on fake timers, not past the end of the test.
  jest.useFakeTimers();
  const user = setupUser({ advanceTimers: jest.advanceTimersByTime });
  api.sendSmsCode.mockResolvedValue(ok(null));
  await renderPage();
  await fill(user, '手机号', '13912345678');
  await user.click(screen.getByPlaceholderText('图形验证码'));
  await user.paste('ab12');
  await user.click(buttonByText('获取验证码'));
  await waitFor(() =>
    expect(api.sendSmsCode).toHaveBeenCalledWith({
      mobile: '13912345678',
      smsmode: '1',
      captcha: 'ab12',
      checkKey: api.randomImage.mock.calls[0][0],
    }),
  );
  expect(await waitFor(() => buttonByText('60 s'))).toBeDisabled();
});

it('registers the company and shows the result page', async () => {
  const user = setupUser();
  api.register.mockResolvedValue(ok({ username: 'qd_admin', tenantName: '青岛啤酒' }));
  const { visited } = await renderPage();
  await fill(user, '企业名称', '青岛啤酒');
  await fill(user, '用户名', 'qd_admin');
  await fill(user, '姓名', '王经理');
  await fill(user, '密码', 'Secret#2026');
  await fill(user, '确认密码', 'Secret#2026');
  await fill(user, '手机号', '13912345678');
  await user.click(screen.getByPlaceholderText('图形验证码'));
  await user.paste('ab12');
  await user.click(screen.getByPlaceholderText('短信验证码'));
  await user.paste('123456');
  await submit(user);

  await waitFor(() =>
    expect(api.register).toHaveBeenCalledWith({
      companyName: '青岛啤酒',
      username: 'qd_admin',
      realname: '王经理',
      password: 'Secret#2026',
      phone: '13912345678',
      smscode: '123456',
    }),
  );
  await waitFor(() =>
    expect(visited[visited.length - 1]).toBe(
      '/user/register-result?username=qd_admin&tenantName=%E9%9D%92%E5%B2%9B%E5%95%A4%E9%85%92',
    ),
  );
});
