import { act, screen, waitFor, within } from '@testing-library/react';
import * as authApi from '../../src/api/auth';
import { LoginModal } from '../../src/components/LoginModal';
import { loggedIn, type UserInfo } from '../../src/features/session/slice';
import type { AppStore } from '../../src/store';
import {
  buttonByText,
  CAPTCHA_IMAGE,
  findDialog,
  ok,
  refused,
  renderSignIn,
  setupUser,
} from '../support/signIn';

jest.mock('../../src/api/auth');

const api = jest.mocked(authApi);
type User = ReturnType<typeof setupUser>;
const userInfo: UserInfo = { id: 'u1', username: 'admin', realname: '管理员' };
const material = { key: '1234567890adbcde', iv: '1234567890hjlkew' };

function loginAnswer(overrides: Partial<authApi.LoginResult> = {}) {
  return ok<authApi.LoginResult>({
    token: 'tok-new',
    userInfo,
    roles: [{ id: 'r1', roleCode: 'admin', roleName: '管理员', roleLevel: 1 }],
    multi_depart: 1,
    departs: [],
    ...overrides,
  });
}

function renderModal(prepare?: (store: AppStore) => void) {
  return renderSignIn(<LoginModal open onClose={jest.fn()} />, { path: '/user/login', prepare });
}

const submitButton = () => buttonByText(/登\s*录/);

/** Types a whole value at once (one input event), as a paste. */
async function fill(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function openMobileTab(user: User) {
  await user.click(screen.getByText('手机号登录'));
  await screen.findByAltText('验证码');
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  api.getEncryptedString.mockResolvedValue(ok(material));
  api.randomImage.mockResolvedValue(ok(CAPTCHA_IMAGE));
  api.logout.mockResolvedValue(ok(null));
});

afterEach(() => {
  jest.useRealTimers();
  jest.clearAllMocks();
});

describe('opening', () => {
  it('removes the stored token (not the account name) and offers the stored account name again', async () => {
    const { store } = await renderModal((s) =>
      s.dispatch(loggedIn({ token: 'tok-old', username: 'admin', userInfo })),
    );

    expect(await screen.findByPlaceholderText('用户名 / 邮箱')).toHaveValue('admin');
    expect(store.getState().session).toMatchObject({ token: null, username: 'admin' });
    await waitFor(() => expect(localStorage.getItem('pro__Access-Token')).toBeNull());
    expect(screen.getByLabelText('自动登录')).toBeChecked();
  });

  it('shows both tabs, 450 px wide, and fetches the AES key material once', async () => {
    await renderModal();
    expect(screen.getByText('账号密码登录')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('手机号登录')).toBeInTheDocument();
    expect(document.querySelector('.ant-modal')).toHaveStyle({ width: '450px' });
    await waitFor(() => expect(api.getEncryptedString).toHaveBeenCalledTimes(1));
  });
});

describe('account and password', () => {
  it('requires both fields: 请输入用户名! and 请输入密码!', async () => {
    const user = setupUser();
    await renderModal();
    await user.click(submitButton());
    expect(await screen.findByText('请输入用户名!')).toBeInTheDocument();
    expect(screen.getByText('请输入密码!')).toBeInTheDocument();
    expect(api.login).not.toHaveBeenCalled();
  });

  it('an e-mail address logs in as e-mail, anything else as user name', async () => {
    const user = setupUser();
    await renderModal();
    const username = screen.getByPlaceholderText('用户名 / 邮箱');
    await fill(user, username, 'zhang.wei@example.com');
    expect(username.parentElement?.querySelector('[aria-label="mail"]')).toBeInTheDocument();
    await user.clear(username);
    await fill(user, username, 'zhangwei');
    expect(username.parentElement?.querySelector('[aria-label="user"]')).toBeInTheDocument();
  });

  it('sends the credentials, is busy meanwhile, then lands on the dashboard', async () => {
    const user = setupUser();
    let answer: (value: ReturnType<typeof loginAnswer>) => void = () => undefined;
    api.login.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { store, visited } = await renderModal();

    await fill(user, screen.getByPlaceholderText('用户名 / 邮箱'), 'admin');
    await fill(user, screen.getByPlaceholderText('密码'), 'secret');
    await user.click(screen.getByLabelText('自动登录'));
    await user.click(submitButton());

    await waitFor(() =>
      expect(api.login).toHaveBeenCalledWith({ username: 'admin', password: 'secret', remember_me: false }),
    );
    expect(submitButton()).toHaveClass('ant-btn-loading');
    await act(async () => answer(loginAnswer()));

    await waitFor(() => expect(visited).toContain('/'));
    expect(store.getState().session).toMatchObject({
      token: 'tok-new',
      username: 'admin',
      loginPending: false,
    });
    expect(await screen.findByText('欢迎')).toBeInTheDocument();
  });

  it('a refused login shows 登录失败 with the server message', async () => {
    const user = setupUser();
    api.login.mockResolvedValue(refused('用户名或密码错误', 500));
    const { store } = await renderModal();
    await fill(user, screen.getByPlaceholderText('用户名 / 邮箱'), 'admin');
    await fill(user, screen.getByPlaceholderText('密码'), 'wrong');
    await user.click(submitButton());

    expect(await screen.findByText('登录失败')).toBeInTheDocument();
    expect(screen.getByText('用户名或密码错误')).toBeInTheDocument();
    expect(store.getState().session.loginPending).toBe(false);
  });
});

describe('the graphic code of the password login', () => {
  it('is not shown at first; once the server asks for it the form shows it, requires it and sends it with its key', async () => {
    const user = setupUser();
    api.login.mockResolvedValueOnce({
      ...refused('请输入验证码!', 400),
      result: { captchaRequired: true },
    } as unknown as ReturnType<typeof loginAnswer>);
    await renderModal();
    expect(screen.queryByPlaceholderText('图形验证码')).not.toBeInTheDocument();
    await fill(user, screen.getByPlaceholderText('用户名 / 邮箱'), 'admin');
    await fill(user, screen.getByPlaceholderText('密码'), 'secret');
    await user.click(submitButton());
    expect(await screen.findByText('请输入验证码!', { selector: '.ant-notification *' })).toBeInTheDocument();

    const field = await screen.findByPlaceholderText('图形验证码');
    expect(await screen.findByAltText('验证码')).toHaveAttribute('src', CAPTCHA_IMAGE);
    await user.click(submitButton());
    expect(
      await screen.findByText('请输入验证码!', { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
    expect(api.login).toHaveBeenCalledTimes(1);

    api.login.mockResolvedValueOnce(loginAnswer());
    await fill(user, field, 'Ab3x');
    await user.click(submitButton());
    const { checkKey } = api.randomImage.mock.calls.length
      ? { checkKey: api.randomImage.mock.lastCall![0] }
      : { checkKey: '' };
    await waitFor(() =>
      expect(api.login).toHaveBeenLastCalledWith({
        username: 'admin',
        password: 'secret',
        remember_me: true,
        captcha: 'Ab3x',
        checkKey,
      }),
    );
  });
});

describe('mobile number', () => {
  it('shows the graphic captcha (136×38) and draws a new one on click', async () => {
    const user = setupUser();
    await renderModal();
    await openMobileTab(user);
    const image = screen.getByAltText('验证码');
    expect(image).toHaveAttribute('src', CAPTCHA_IMAGE);
    expect(image).toHaveAttribute('width', '136');
    expect(image).toHaveAttribute('height', '38');
    expect(api.randomImage).toHaveBeenCalledTimes(1);
    const firstKey = api.randomImage.mock.calls[0][0];

    jest.spyOn(Date, 'now').mockReturnValue(Number(firstKey) + 5000);
    await user.click(screen.getByTitle('看不清？点击刷新'));
    await waitFor(() => expect(api.randomImage).toHaveBeenCalledTimes(2));
    expect(api.randomImage.mock.calls[1][0]).toBe(String(Number(firstKey) + 5000));
  });

  it('asking for a code without a mobile number: 请输入手机号; a captcha is required too', async () => {
    const user = setupUser();
    await renderModal();
    await openMobileTab(user);
    await user.click(buttonByText('获取验证码'));
    expect(await screen.findByText('请输入手机号')).toBeInTheDocument();
    expect(screen.getByText('请输入验证码!')).toBeInTheDocument();
    expect(api.sendSmsCode).not.toHaveBeenCalled();
  });

  it('a malformed mobile number: 您的手机号码格式不正确!', async () => {
    const user = setupUser();
    await renderModal();
    await openMobileTab(user);
    await fill(user, screen.getByPlaceholderText('手机号'), '12345678901');
    await user.click(buttonByText('获取验证码'));
    expect(await screen.findByText('您的手机号码格式不正确!')).toBeInTheDocument();
    expect(api.sendSmsCode).not.toHaveBeenCalled();
  });

  it('a sent code disables the button for 60 seconds, counting down', async () => {
    jest.useFakeTimers();
    const user = setupUser({ advanceTimers: jest.advanceTimersByTime });
    api.sendSmsCode.mockResolvedValue(ok(null));
    await renderModal();
    await openMobileTab(user);
    await fill(user, screen.getByPlaceholderText('手机号'), '13800138000');
    await fill(user, screen.getByPlaceholderText('图形验证码'), 'ab12');
    await user.click(buttonByText('获取验证码'));

    const counting = await waitFor(() => buttonByText('60 s'));
    expect(counting).toBeDisabled();
    const checkKey = api.randomImage.mock.calls[0][0];
    expect(api.sendSmsCode).toHaveBeenCalledWith({
      mobile: '13800138000',
      smsmode: '0',
      captcha: 'ab12',
      checkKey,
    });

    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(buttonByText('59 s')).toBeDisabled();
    await act(() => jest.advanceTimersByTimeAsync(59000));
    expect(buttonByText('获取验证码')).toBeEnabled();
  });

  it('a refused send shows the server message and draws a new captcha', async () => {
    const user = setupUser();
    api.sendSmsCode.mockResolvedValue(refused('您输入的验证码不正确!'));
    await renderModal();
    await openMobileTab(user);
    await fill(user, screen.getByPlaceholderText('手机号'), '13800138000');
    await fill(user, screen.getByPlaceholderText('图形验证码'), 'zzzz');
    await user.click(buttonByText('获取验证码'));

    expect(await screen.findByText('您输入的验证码不正确!')).toBeInTheDocument();
    expect(screen.getByText('登录失败')).toBeInTheDocument();
    await waitFor(() => expect(api.randomImage).toHaveBeenCalledTimes(2));
    expect(buttonByText('获取验证码')).toBeEnabled();
  });

  it('logs in with the mobile number and the SMS code', async () => {
    const user = setupUser();
    api.phoneLogin.mockResolvedValue(loginAnswer());
    const { visited } = await renderModal();
    await openMobileTab(user);
    await user.click(submitButton());
    expect(await screen.findByText('请输入手机号')).toBeInTheDocument();

    await fill(user, screen.getByPlaceholderText('手机号'), '13800138000');
    await fill(user, screen.getByPlaceholderText('短信验证码'), '123456');
    await user.click(submitButton());

    await waitFor(() =>
      expect(api.phoneLogin).toHaveBeenCalledWith({
        mobile: '13800138000',
        captcha: '123456',
        remember_me: true,
      }),
    );
    await waitFor(() => expect(visited).toContain('/'));
  });
});

describe('several departments', () => {
  it('the login opens 登录部门选择; the chosen department is sent, then the dashboard', async () => {
    const user = setupUser();
    api.login.mockResolvedValue(
      loginAnswer({
        multi_depart: 2,
        departs: [
          { id: 'd1', orgCode: 'A01A01', departName: '销售部' },
          { id: 'd2', orgCode: 'A01A02', departName: '财务部' },
        ],
      }),
    );
    api.selectDepart.mockResolvedValue(ok({ userInfo: { ...userInfo, orgCode: 'A01A02' } }));
    const { store, visited } = await renderModal();
    await fill(user, screen.getByPlaceholderText('用户名 / 邮箱'), 'admin');
    await fill(user, screen.getByPlaceholderText('密码'), 'secret');
    await user.click(submitButton());

    const picker = await findDialog('登录部门选择');
    expect(store.getState().session.loginPending).toBe(true);
    await user.click(within(picker).getByRole('combobox'));
    await user.click(await screen.findByText('财务部'));
    await user.click(buttonByText(/确\s*认/, picker));

    await waitFor(() =>
      expect(api.selectDepart).toHaveBeenCalledWith({ orgCode: 'A01A02', username: 'admin' }),
    );
    await waitFor(() => expect(visited).toContain('/'));
    expect(store.getState().session.userInfo).toMatchObject({ orgCode: 'A01A02' });
  });
});
