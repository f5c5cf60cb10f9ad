import { screen, waitFor, within } from '@testing-library/react';
import * as authApi from '../../../src/api/auth';
import { AccessGate } from '../../../src/features/accessGate/AccessGate';
import { loggedIn, tokenInvalidated } from '../../../src/features/session/slice';
import { useLogout } from '../../../src/features/session/useLogout';
import { AppRoutes } from '../../../src/router/AppRoutes';
import type { AppStore } from '../../../src/store';
import { buttonByText, CAPTCHA_IMAGE, ok, renderSignIn, setupUser } from '../../support/signIn';

jest.mock('../../../src/api/auth');

const api = jest.mocked(authApi);
const userInfo = { id: 'u1', username: 'admin', realname: '管理员' };

function renderApp(path: string, prepare?: (store: AppStore) => void) {
  return renderSignIn(
    <AccessGate>
      <AppRoutes />
    </AccessGate>,
    { path, prepare },
  );
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  api.getEncryptedString.mockResolvedValue(ok({ key: 'k', iv: 'i' }));
  api.randomImage.mockResolvedValue(ok(CAPTCHA_IMAGE));
  api.logout.mockResolvedValue(ok(null));
});

afterEach(() => jest.clearAllMocks());

describe('/user/login', () => {
  it('/user redirects to /user/login, where the login modal opens on arrival inside the user layout', async () => {
    const { visited } = await renderApp('/user');
    // The first test loads the lazy chunks (layout, page, modal).
    expect(await screen.findByText('账号密码登录', {}, { timeout: 10000 })).toBeInTheDocument();
    expect(visited[0]).toBe('/user');
    expect(visited[visited.length - 1]).toMatch(/^\/user\/login(\?|$)/);
    expect(screen.getAllByText('渠道数字化平台').length).toBeGreaterThan(0);
    expect(screen.getByText(/Copyright ©/)).toBeInTheDocument();
  });

  it('closing the modal leaves the page, whose 登录 button opens it again', async () => {
    const user = setupUser();
    await renderApp('/user/login');
    await screen.findByText('账号密码登录');
    await user.click(document.querySelector('.ant-modal-close') as HTMLElement);
    await waitFor(() => expect(screen.queryByText('账号密码登录')).not.toBeInTheDocument());

    await user.click(buttonByText(/^登\s*录$/));
    expect(await screen.findByText('账号密码登录')).toBeInTheDocument();
  });

  it('after the server invalidated the token (resetLogin) the modal opens with the account name and clears the flag', async () => {
    const { store } = await renderApp('/user/login', (s) => {
      s.dispatch(loggedIn({ token: 'tok-1', username: 'admin', userInfo }));
      s.dispatch(tokenInvalidated());
    });
    expect(await screen.findByPlaceholderText('用户名 / 邮箱')).toHaveValue('admin');
    expect(store.getState().session.resetLogin).toBe(false);
  });

  it('links to registration and password recovery', async () => {
    const user = setupUser();
    const { visited } = await renderApp('/user/login');
    await user.click(await screen.findByText('忘记密码'));
    expect(await screen.findByText('找回密码')).toBeInTheDocument();
    expect(visited[visited.length - 1]).toBe('/user/alteration');
  });
});

describe('/user/register-result', () => {
  it('confirms the registration with the account and the company, and leads to the login', async () => {
    const user = setupUser();
    const { visited } = await renderApp(
      '/user/register-result?username=qd_admin&tenantName=%E9%9D%92%E5%B2%9B%E5%95%A4%E9%85%92',
    );
    expect(await screen.findByText('注册成功')).toBeInTheDocument();
    expect(screen.getByText('企业：青岛啤酒，你的账户：qd_admin')).toBeInTheDocument();
    await user.click(buttonByText('去登录'));
    await waitFor(() => expect(visited[visited.length - 1]).toBe('/user/login'));
  });
});

describe('useLogout', () => {
  function LogoutLink() {
    const logout = useLogout();
    return (
      <button type="button" onClick={logout}>
        退出登录
      </button>
    );
  }

  it('asks 真的要注销登录吗 ?, then logs out (also when the call fails) and goes to /', async () => {
    const user = setupUser();
    api.logout.mockRejectedValue(new Error('Network Error'));
    const { store, visited } = await renderSignIn(<LogoutLink />, {
      path: '/dashboard/analysis',
      prepare: (s) => s.dispatch(loggedIn({ token: 'tok-1', username: 'admin', userInfo })),
    });
    await user.click(buttonByText('退出登录'));
    const confirm = (await screen.findByText('真的要注销登录吗 ?')).closest('[role="dialog"]') as HTMLElement;
    expect(within(confirm).getByText('真的要注销登录吗 ?')).toBeInTheDocument();
    expect(store.getState().session.token).toBe('tok-1');

    await user.click(buttonByText(/确\s*定/, confirm));
    await waitFor(() => expect(store.getState().session.token).toBeNull());
    expect(api.logout).toHaveBeenCalledTimes(1);
    expect(visited[visited.length - 1]).toBe('/');
  });

  it('cancelling keeps the session', async () => {
    const user = setupUser();
    const { store } = await renderSignIn(<LogoutLink />, {
      prepare: (s) => s.dispatch(loggedIn({ token: 'tok-1', username: 'admin', userInfo })),
    });
    await user.click(buttonByText('退出登录'));
    await user.click(
      buttonByText(
        /取\s*消/,
        (await screen.findByText('真的要注销登录吗 ?')).closest('[role="dialog"]') as HTMLElement,
      ),
    );
    expect(store.getState().session.token).toBe('tok-1');
    expect(api.logout).not.toHaveBeenCalled();
  });
});
