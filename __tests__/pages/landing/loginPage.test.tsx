// The login page inside the app: when the login modal opens on arrival, and how the landing page's
// actions (handed over by the lean entry, or clicked here) are carried out.
import { screen, waitFor } from '@testing-library/react';
import * as authApi from '../../../src/api/auth';
import * as thirdPartyApi from '../../../src/api/thirdParty';
import { AccessGate } from '../../../src/features/accessGate/AccessGate';
import { setPendingAction } from '../../../src/pages/landing/actions';
import { AppRoutes } from '../../../src/router/AppRoutes';
import { CAPTCHA_IMAGE, ok, renderSignIn, setupUser } from '../../support/signIn';

jest.mock('../../../src/api/auth');
jest.mock('../../../src/api/thirdParty');

const api = jest.mocked(authApi);
const thirdParty = jest.mocked(thirdPartyApi);

function renderLogin(path: string) {
  return renderSignIn(
    <AccessGate>
      <AppRoutes />
    </AccessGate>,
    { path },
  );
}

const LANDING_HEADING = '一个平台，覆盖渠道业务全链路';

beforeEach(() => {
  localStorage.clear();
  api.getEncryptedString.mockResolvedValue(ok({ key: 'k', iv: 'i' }));
  api.randomImage.mockResolvedValue(ok(CAPTCHA_IMAGE));
  setPendingAction(null);
});
afterEach(() => jest.clearAllMocks());

it('the login 登录 click of the lean page arrives as a pending action: the modal opens over the landing page', async () => {
  setPendingAction('login');
  await renderLogin('/user/login');
  expect(await screen.findByText(LANDING_HEADING, {}, { timeout: 10000 })).toBeInTheDocument();
  expect(await screen.findByPlaceholderText('用户名 / 邮箱', {}, { timeout: 10000 })).toBeInTheDocument();
});

it('the QR-login click moves to ?state=qywx_login, without the password modal', async () => {
  setPendingAction('qrLogin');
  const { visited } = await renderLogin('/user/login');
  await waitFor(() => expect(visited[visited.length - 1]).toBe('/user/login?state=qywx_login'));
  await screen.findByText(LANDING_HEADING);
  expect(screen.queryByPlaceholderText('用户名 / 邮箱')).not.toBeInTheDocument();
});

it('the register click goes to the third-party flows (register code), without the password modal', async () => {
  thirdParty.registerCode.mockResolvedValue(ok('https://open.work.weixin.qq.com/register?code=r1'));
  setPendingAction('register');
  await renderLogin('/user/login');
  await waitFor(() => expect(thirdParty.registerCode).toHaveBeenCalled());
  expect(screen.queryByPlaceholderText('用户名 / 邮箱')).not.toBeInTheDocument();
});

it('a third-party query keeps the password modal closed; the header 登录 opens it', async () => {
  const user = setupUser();
  await renderLogin('/user/login?state=qywx_login');
  await screen.findByText(LANDING_HEADING);
  expect(screen.queryByPlaceholderText('用户名 / 邮箱')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: '登录' }));
  expect(await screen.findByPlaceholderText('用户名 / 邮箱')).toBeInTheDocument();
});
