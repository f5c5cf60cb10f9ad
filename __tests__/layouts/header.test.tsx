// The header's user area against a fake API (spec §2 Header user area, §4, §5, §8): the password
// dialog's rules and answers, the department switch, the settings entry and the logout confirmation.
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../src/AppProviders';
import { menuLoaded } from '../../src/features/permissions/slice';
import { loggedIn } from '../../src/features/session/slice';
import { AppRoutes } from '../../src/router/AppRoutes';
import type { Task } from 'redux-saga';
import { configureAppStore } from '../../src/store';
import { envelope, fakeApi, type ApiHandler } from '../support/fakeApi';
import { seededMenu } from '../support/menu';
import { buttonByText, findDialog, setupUser } from '../support/signIn';
import { rehydrated } from '../support/store';

jest.setTimeout(90000);

const userInfo = { id: 'u1', username: 'zhangwei', realname: '张伟', cpycod: 'A01', orgCode: 'A01A01' };
const departs = [
  { id: 'd1', orgCode: 'A01A01', departName: '销售部' },
  { id: 'd2', orgCode: 'A01A02', departName: '市场部' },
];
const LAZY = { timeout: 5000 };

let api: ReturnType<typeof fakeApi>;
/** The stores' sagas, cancelled after each test so that none calls a stopped API. */
const runningSagas: Task[] = [];

afterEach(async () => {
  runningSagas.splice(0).forEach((task) => task.cancel());
  await api.stop();
});

async function renderHeader(handlers: Record<string, ApiHandler> = {}, username: string | null = 'zhangwei') {
  localStorage.clear();
  localStorage.setItem('pro__DEFAULT_MULTI_PAGE', JSON.stringify({ value: false, expire: null }));
  api = fakeApi(handlers);
  const { store, persistor, sagaTask } = configureAppStore({ baseURL: await api.start() });
  runningSagas.push(sagaTask);
  await rehydrated(persistor);
  store.dispatch(loggedIn({ token: 'tok-1', username: username ?? '', userInfo }));
  store.dispatch(menuLoaded({ menu: seededMenu(), landing: '/isystem/user' }));
  render(
    <AppProviders store={store} persistor={persistor}>
      <MemoryRouter initialEntries={['/isystem/user']}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  await screen.findByText('欢迎您，张伟', {}, LAZY);
  return { store, user: setupUser() };
}

async function chooseFromUserMenu(user: ReturnType<typeof setupUser>, item: string) {
  await user.hover(screen.getByText('欢迎您，张伟'));
  await user.click(await screen.findByText(item, { selector: '.ant-dropdown-menu-title-content' }));
}

describe('密码修改', () => {
  it('is 800 wide and checks the fields with the messages of spec §5', async () => {
    const { user } = await renderHeader();
    await chooseFromUserMenu(user, '密码修改');
    const dialog = await findDialog('修改密码');
    expect(dialog.closest('.ant-modal')).toHaveStyle({ width: '800px' });
    await user.click(buttonByText(/确\s*定/, dialog));
    expect(await within(dialog).findByText('请输入旧密码!')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入新密码!')).toBeInTheDocument();
    expect(within(dialog).getByText('请确认新密码!')).toBeInTheDocument();

    await user.type(within(dialog).getByPlaceholderText('请输入新密码'), 'New#2026x');
    await user.type(within(dialog).getByPlaceholderText('请再次输入新密码'), 'Other#2026');
    await user.click(buttonByText(/确\s*定/, dialog));
    expect(await within(dialog).findByText('两次输入的密码不一样！')).toBeInTheDocument();
    expect(api.requests.some((request) => request.path === '/sys/user/updatePassword')).toBe(false);
  });

  it("shows the server's message on success, and its refusal as a warning", async () => {
    let accept = false;
    const { user } = await renderHeader({
      'PUT /sys/user/updatePassword': () =>
        accept ? envelope(null, true, '密码修改成功！') : envelope(null, false, '旧密码输入错误'),
    });
    await chooseFromUserMenu(user, '密码修改');
    const dialog = await findDialog('修改密码');
    await user.type(within(dialog).getByPlaceholderText('请输入旧密码'), 'Wrong#1');
    await user.type(within(dialog).getByPlaceholderText('请输入新密码'), 'New#2026x');
    await user.type(within(dialog).getByPlaceholderText('请再次输入新密码'), 'New#2026x');
    await user.click(buttonByText(/确\s*定/, dialog));
    const warning = await screen.findByText('旧密码输入错误');
    expect(
      warning.closest('.ant-message-notice-content')?.querySelector('.anticon-exclamation-circle'),
    ).not.toBeNull();
    expect(dialog).toBeVisible();

    accept = true;
    await user.click(buttonByText(/确\s*定/, dialog));
    expect(await screen.findByText('密码修改成功！')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText('修改密码', { selector: '.ant-modal-title' })).not.toBeInTheDocument(),
    );
  });

  it("without a user it warns '当前系统无登陆用户!' and opens nothing", async () => {
    const { user } = await renderHeader({}, null);
    await chooseFromUserMenu(user, '密码修改');
    expect(await screen.findByText('当前系统无登陆用户!')).toBeInTheDocument();
    expect(screen.queryByText('修改密码', { selector: '.ant-modal-title' })).not.toBeInTheDocument();
  });
});

describe('切换部门', () => {
  it('is 450 wide with the current department chosen; a switch stores the new user info', async () => {
    const { store, user } = await renderHeader({
      'GET /sys/user/getCurrentUserDeparts': () => ({ list: departs, orgCode: 'A01A01' }),
      'PUT /sys/selectDepart': () => ({ userInfo: { ...userInfo, orgCode: 'A01A02' } }),
    });
    await chooseFromUserMenu(user, '切换部门');
    await screen.findByText('切换部门', { selector: '.ant-modal-title' }, LAZY);
    const dialog = await findDialog('切换部门');
    expect(dialog.closest('.ant-modal')).toHaveStyle({ width: '450px' });
    expect(within(dialog).getByText('销售部')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: '部门' }));
    await user.click(await screen.findByText('市场部', { selector: '.ant-select-item-option-content' }));
    await user.click(buttonByText(/确\s*定/, dialog));
    expect(await screen.findByText('部门切换成功', {}, LAZY)).toBeInTheDocument();
    expect(store.getState().session.userInfo?.orgCode).toBe('A01A02');
    const body = api.requests.find((request) => request.path === '/sys/selectDepart');
    expect(body).toBeDefined();
  });

  it("warns '您尚未设置部门信息!' for a user without departments", async () => {
    const { user } = await renderHeader({
      'GET /sys/user/getCurrentUserDeparts': () => ({ list: [], orgCode: null }),
    });
    await chooseFromUserMenu(user, '切换部门');
    expect(await screen.findByText('您尚未设置部门信息!', {}, LAZY)).toBeInTheDocument();
    expect(screen.queryByText('切换部门', { selector: '.ant-modal-title' })).not.toBeInTheDocument();
  });
});

it('系统设置 opens the theme drawer; the help link opens in a new tab', async () => {
  const { user } = await renderHeader();
  expect(screen.getByRole('link', { name: '帮助' })).toHaveAttribute('target', '_blank');
  await chooseFromUserMenu(user, '系统设置');
  expect(await screen.findByText('整体风格设置')).toBeVisible();
});
