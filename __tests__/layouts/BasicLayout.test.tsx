// The main frame around the menu routes, rendered through the real route table with a loaded menu.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '../../src/AppProviders';
import type { MenuNode } from '../../src/api/permissions';
import { menuLoaded } from '../../src/features/permissions/slice';
import { loggedIn } from '../../src/features/session/slice';
import { AppRoutes } from '../../src/router/AppRoutes';
import type { Task } from 'redux-saga';
import { configureAppStore } from '../../src/store';
import { fakeApi } from '../support/fakeApi';
import { menuNode, seededMenu } from '../support/menu';
import { rehydrated } from '../support/store';

const userInfo = { id: 'u1', username: 'admin', realname: '王管理', cpycod: 'A01', tenantName: '华东饮品' };
const LAZY = { timeout: 5000 };

let api: ReturnType<typeof fakeApi>;
/** The stores' sagas, cancelled after each test so that none calls a stopped API. */
const runningSagas: Task[] = [];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  api = fakeApi({ 'POST /sys/logout': () => null });
});

afterEach(async () => {
  runningSagas.splice(0).forEach((task) => task.cancel());
  await api.stop();
});

async function renderFrame(path: string, menu: MenuNode[] = seededMenu()) {
  const { store, persistor, sagaTask } = configureAppStore({ baseURL: await api.start() });
  runningSagas.push(sagaTask);
  await rehydrated(persistor);
  store.dispatch(loggedIn({ token: 'tok-1', username: 'admin', userInfo }));
  store.dispatch(menuLoaded({ menu, landing: path }));
  const location = { current: '' };
  function LocationSpy() {
    location.current = useLocation().pathname;
    return null;
  }
  render(
    <AppProviders store={store} persistor={persistor}>
      <MemoryRouter initialEntries={[path]}>
        <LocationSpy />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  await screen.findByRole('navigation', { name: '侧边菜单' }, LAZY);
  return { store, location };
}

const sideMenu = () => screen.getByRole('navigation', { name: '侧边菜单' });
const breadcrumbTexts = () =>
  Array.from(document.querySelectorAll('.ant-breadcrumb li'))
    .map((item) => item.textContent)
    .filter((text) => text !== '/');

it('shows the visible menu entries with their icons; hidden entries are left out', async () => {
  await renderFrame('/isystem/user');
  const menu = sideMenu();
  expect(within(menu).getByText('首页')).toBeInTheDocument();
  expect(within(menu).getByText('系统管理')).toBeInTheDocument();
  expect(within(menu).queryByText('我的消息')).not.toBeInTheDocument();
  expect(within(menu).getByRole('img', { name: 'home' })).toBeInTheDocument();
  expect(within(menu).getByRole('img', { name: 'setting' })).toBeInTheDocument();
});

it('opens the menu level of the current route, selects its entry and shows the breadcrumbs', async () => {
  await renderFrame('/isystem/user');
  const selected = await screen.findByRole('menuitem', { name: '用户管理' });
  expect(selected.closest('li') ?? selected).toHaveClass('ant-menu-item-selected');
  expect(screen.getByRole('menuitem', { name: '角色管理' })).toBeVisible();
  expect(breadcrumbTexts()).toEqual(['首页', '系统管理', '用户管理']);
  expect(screen.getByText('组件 fixture/UserList 尚未提供')).toBeInTheDocument();
});

it('a menu click navigates; the breadcrumbs and page follow', async () => {
  const { location } = await renderFrame('/isystem/user');
  await userEvent.click(await screen.findByRole('menuitem', { name: '角色管理' }));
  expect(await screen.findByText('组件 fixture/RoleList 尚未提供', {}, LAZY)).toBeInTheDocument();
  expect(location.current).toBe('/isystem/role');
  expect(breadcrumbTexts()).toEqual(['首页', '系统管理', '角色管理']);
});

describe("an entry whose path does not lie under its group's path", () => {
  const menu = () => [
    ...seededMenu(),
    menuNode('/erp', 'ERP集成', {
      component: 'layouts/RouteView',
      children: [
        menuNode('/kingdee/sync/orders', '同步失败订单', { component: 'fixture/SyncFailureList' }),
        menuNode('/eErpConfig', 'ERP配置', { component: 'fixture/ErpConfig' }),
      ],
    }),
  ];

  it('opens its group on a direct visit, selects it and shows the group in the breadcrumbs', async () => {
    await renderFrame('/kingdee/sync/orders', menu());
    expect(await screen.findByText('组件 fixture/SyncFailureList 尚未提供', {}, LAZY)).toBeInTheDocument();
    const selected = screen.getByRole('menuitem', { name: '同步失败订单' });
    expect(selected.closest('li') ?? selected).toHaveClass('ant-menu-item-selected');
    expect(screen.getByRole('menuitem', { name: 'ERP配置' })).toBeVisible();
    expect(breadcrumbTexts()).toEqual(['首页', 'ERP集成', '同步失败订单']);
  });

  it('keeps its group open when chosen from the menu', async () => {
    const { location } = await renderFrame('/isystem/user', menu());
    await userEvent.click(screen.getByRole('menuitem', { name: 'ERP集成' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'ERP配置' }));
    expect(await screen.findByText('组件 fixture/ErpConfig 尚未提供', {}, LAZY)).toBeInTheDocument();
    expect(location.current).toBe('/eErpConfig');
    expect(screen.getByRole('menuitem', { name: '同步失败订单' })).toBeVisible();
    expect(breadcrumbTexts()).toEqual(['首页', 'ERP集成', 'ERP配置']);
    await userEvent.click(screen.getByRole('menuitem', { name: '同步失败订单' }));
    expect(await screen.findByText('组件 fixture/SyncFailureList 尚未提供', {}, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'ERP配置' })).toBeVisible();
    expect(breadcrumbTexts()).toEqual(['首页', 'ERP集成', '同步失败订单']);
  });
});

it('the home page has 首页 as its only breadcrumb', async () => {
  api = fakeApi({
    'GET /sys/user/getCurrentUserDeparts': () => ({ list: [], orgCode: null }),
    'GET /user/info': () => ({ userInfo, roles: [], departs: [] }),
  });
  const { store } = await renderFrame('/dashboard/analysis');
  await screen.findByText(/王管理，欢迎回来/, {}, LAZY);
  // The page's own requests are answered before the fake API stops.
  await waitFor(() => expect(store.getState().workplace.loading).toBe(false));
  expect(breadcrumbTexts()).toEqual(['首页']);
});

it('an external entry opens its address in a new tab with the token and tenant filled in', async () => {
  const open = jest.spyOn(window, 'open').mockImplementation(() => null);
  const menu = [
    ...seededMenu(),
    menuNode('3b5d5c3712955042212316173ccf37be', '数据看板', {
      meta: { title: '数据看板', url: 'https://bi.example.com/board?t={{ token }}&c={{ tenantId }}' },
    }),
  ];
  const { location } = await renderFrame('/isystem/user', menu);
  await userEvent.click(screen.getByRole('menuitem', { name: '数据看板' }));
  expect(open).toHaveBeenCalledWith('https://bi.example.com/board?t=tok-1&c=A01', '_blank', 'noopener');
  expect(location.current).toBe('/isystem/user');
  open.mockRestore();
});

it('a route with a path parameter does not expand the menu', async () => {
  const menu = [
    ...seededMenu(),
    menuNode('/report', '报表', {
      component: 'layouts/RouteView',
      children: [menuNode('/report/:type', '分类报表', { component: 'report/TypeReport' })],
    }),
  ];
  await renderFrame('/report/daily', menu);
  expect(await screen.findByText('组件 report/TypeReport 尚未提供', {}, LAZY)).toBeInTheDocument();
  expect(screen.queryByRole('menuitem', { name: '分类报表' })).not.toBeInTheDocument();
  expect(breadcrumbTexts()).toEqual(['首页', '报表', '分类报表']);
});

it('shows the product name, the welcome text and the footer', async () => {
  await renderFrame('/isystem/user');
  expect(screen.getByText('渠道数字化平台')).toBeInTheDocument();
  expect(screen.getByText('欢迎您，王管理')).toBeInTheDocument();
  expect(screen.getByText(`Copyright © ${new Date().getFullYear()} 渠道数字化平台`)).toBeInTheDocument();
});

it('退出登录 asks for confirmation, then ends the session', async () => {
  const { store } = await renderFrame('/isystem/user');
  await userEvent.click(screen.getByRole('button', { name: /退出登录/ }));
  expect(await screen.findByText('真的要注销登录吗 ?')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
  await waitFor(() => expect(store.getState().session.token).toBeNull());
  await waitFor(() =>
    expect(api.requests.some((r) => r.path === '/sys/logout' && r.token === 'tok-1')).toBe(true),
  );
});

describe('PageView', () => {
  const reportMenu = (hiddenHeaderContent?: boolean) => [
    ...seededMenu(),
    menuNode('/report', '报表', {
      component: 'layouts/PageView',
      children: [
        menuNode('/report/daily', '日报', {
          component: 'report/DailyReport',
          meta: { title: '日报', hiddenHeaderContent },
        }),
      ],
    }),
  ];

  it("shows the current route's title above the page", async () => {
    await renderFrame('/report/daily', reportMenu());
    expect(await screen.findByRole('heading', { name: '日报' }, LAZY)).toBeInTheDocument();
    expect(screen.getByText('组件 report/DailyReport 尚未提供')).toBeInTheDocument();
  });

  it('meta.hiddenHeaderContent drops the header', async () => {
    await renderFrame('/report/daily', reportMenu(true));
    expect(await screen.findByText('组件 report/DailyReport 尚未提供', {}, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '日报' })).not.toBeInTheDocument();
  });
});
