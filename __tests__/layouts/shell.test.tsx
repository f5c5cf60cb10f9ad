// The main frame's menu, tabs and theme drawer, through the real route table, store and sagas
// (spec §2 Main layout, Tab mode, Theme settings drawer).
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '../../src/AppProviders';
import type { MenuNode } from '../../src/api/permissions';
import { countsLoaded } from '../../src/features/failedOrders/slice';
import { menuLoaded } from '../../src/features/permissions/slice';
import { loggedIn } from '../../src/features/session/slice';
import { AppRoutes } from '../../src/router/AppRoutes';
import { NavigatorBridge } from '../../src/router/NavigatorBridge';
import type { Task } from 'redux-saga';
import { configureAppStore } from '../../src/store';
import { fakeApi } from '../support/fakeApi';
import { menuNode, seededMenu } from '../support/menu';
import { setupUser } from '../support/signIn';
import { rehydrated } from '../support/store';

/** Mount effects of the filter page so far: a page loads its data in one. */
let filterPageLoads = 0;

/** A page with input of its own: what the tabs must keep. */
function MockFilterPage() {
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    filterPageLoads += 1;
  }, []);
  return <input aria-label="关键字" value={keyword} onChange={(event) => setKeyword(event.target.value)} />;
}

jest.mock('../../src/router/componentRegistry', () => {
  const actual = jest.requireActual('../../src/router/componentRegistry');
  return {
    ...actual,
    resolveMenuComponent: (name: string | null) =>
      name === 'test/FilterPage' ? MockFilterPage : actual.resolveMenuComponent(name),
  };
});

const userInfo = { id: 'u1', username: 'admin', realname: '王管理', cpycod: 'A01', tenantName: '华东饮品' };
const LAZY = { timeout: 5000 };

// antd in jsdom is slow: a test of several navigations takes a while.
jest.setTimeout(90000);

/** A menu entry by its text (cheaper than a role query). */
const entry = (name: string) =>
  screen.getByText(name, { selector: '.ant-menu-title-content, .ant-menu-title-content *' });

let api: ReturnType<typeof fakeApi>;
/** The stores' sagas, cancelled after each test so that none calls a stopped API. */
const runningSagas: Task[] = [];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  api = fakeApi({
    'GET /sys/user/getCurrentUserDeparts': () => ({ list: [], orgCode: null }),
    'GET /user/info': () => ({ userInfo, roles: [], departs: [] }),
  });
});

afterEach(async () => {
  runningSagas.splice(0).forEach((task) => task.cancel());
  // The app goes first: a page still mounted would call the API after it has stopped.
  cleanup();
  await api.stop();
});

function storeSetting(key: string, value: unknown) {
  localStorage.setItem(`pro__${key}`, JSON.stringify({ value, expire: null }));
}

const filterMenu = (): MenuNode[] => [
  ...seededMenu(),
  menuNode('/orders', '订单管理', {
    component: 'layouts/RouteView',
    children: [
      menuNode('/orders/list', '订单列表', { component: 'test/FilterPage' }),
      menuNode('/kingdee/sync/orders', '同步失败订单', { component: 'test/FilterPage' }),
    ],
  }),
];

async function renderShell(path: string, menu: MenuNode[] = filterMenu()) {
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
        <NavigatorBridge />
        <LocationSpy />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { store, location, user: setupUser() };
}

const sider = () => document.querySelector('.basic-sider') as HTMLElement;
const tabTitles = () =>
  Array.from(document.querySelectorAll('.tab-layout-bar .ant-tabs-tab')).map((tab) => tab.textContent);
const tabOf = (title: string) =>
  Array.from(document.querySelectorAll<HTMLElement>('.tab-layout-bar .ant-tabs-tab')).find(
    (tab) => tab.textContent === title,
  ) as HTMLElement;
/** A tab's close button: for the mouse only (hidden from assistive technology; the keyboard uses Delete). */
const closeButtonOf = (title: string) => tabOf(title).querySelector('.ant-tabs-tab-remove') as HTMLElement;

describe('side menu', () => {
  beforeEach(() => storeSetting('DEFAULT_MULTI_PAGE', false));

  it('is 200 px, collapses to 80 px and remembers it', async () => {
    const { store, user } = await renderShell('/isystem/user');
    await screen.findByRole('navigation', { name: '侧边菜单' }, LAZY);
    expect(sider()).toHaveStyle({ width: '200px' });
    await user.click(screen.getByRole('button', { name: '收起菜单' }));
    expect(sider()).toHaveStyle({ width: '80px' });
    expect(store.getState().layout.sidebarOpened).toBe(false);
    await user.click(screen.getByRole('button', { name: '展开菜单' }));
    expect(sider()).toHaveStyle({ width: '200px' });
  });

  it('marks the failed-order list and its menu level with a red dot while the count is above 0', async () => {
    const { store } = await renderShell('/orders/list');
    await screen.findByRole('navigation', { name: '侧边菜单' }, LAZY);
    expect(document.querySelectorAll('.menu-failed-dot')).toHaveLength(0);
    act(() => {
      store.dispatch(countsLoaded({ failOrder0: 0, failOrder1: 2 }));
    });
    const dots = Array.from(document.querySelectorAll('.menu-failed-dot')).map((dot) => dot.textContent);
    expect(dots).toEqual(['订单管理', '同步失败订单']);
    expect(document.querySelectorAll('.menu-failed-dot .ant-badge-dot')).toHaveLength(2);
  });

  it('is a 200 px drawer below the breakpoint; an entry navigates and closes it', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...matchMedia(query),
      matches: true,
    })) as typeof window.matchMedia;
    try {
      const { location, user } = await renderShell('/isystem/user');
      await screen.findByRole('button', { name: '展开菜单' }, LAZY);
      expect(sider()).toBeNull();
      expect(screen.queryByRole('navigation', { name: '侧边菜单' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: '展开菜单' }));
      const menu = await screen.findByRole('navigation', { name: '侧边菜单' });
      expect(menu.closest('.ant-drawer-content-wrapper')).toHaveStyle({ width: '200px' });
      // Phones get no tabs (spec §2).
      expect(document.querySelector('.tab-layout-bar')).toBeNull();
      await user.click(within(menu).getByRole('menuitem', { name: '角色管理' }));
      await waitFor(() => expect(location.current).toBe('/isystem/role'));
      await waitFor(() => expect(document.querySelector('.basic-drawer .ant-drawer-open')).toBeNull());
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('keeps its layout in a window of no real width (Chromium capturing a full-page screenshot)', async () => {
    const { matchMedia, innerWidth } = window;
    // 1 px wide: every max-width query matches, yet it is no phone; a phone layout would mount the page anew.
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: true })) as typeof matchMedia;
    window.innerWidth = 1;
    try {
      const { store } = await renderShell('/isystem/user');
      await screen.findByRole('navigation', { name: '侧边菜单' }, LAZY);
      expect(store.getState().layout.device).toBe('desktop');
      expect(sider()).not.toBeNull();
    } finally {
      window.matchMedia = matchMedia;
      window.innerWidth = innerWidth;
    }
  });

  it('fills {{ token }} and {{ tenantId }} of an external entry when it opens', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const menu = [
      ...seededMenu(),
      menuNode('ab12', '报表平台', {
        meta: { title: '报表平台', url: 'https://bi.example.com/?t={{token}}&c={{ tenantId }}' },
      }),
    ];
    const { store, user } = await renderShell('/isystem/user', menu);
    await screen.findByRole('navigation', { name: '侧边菜单' }, LAZY);
    act(() => {
      store.dispatch(loggedIn({ token: 'tok-2', username: 'admin', userInfo }));
    });
    await user.click(entry('报表平台'));
    expect(open).toHaveBeenCalledWith('https://bi.example.com/?t=tok-2&c=A01', '_blank', 'noopener');
    open.mockRestore();
  });
});

describe('tabs', () => {
  it('opens a tab per page, keeps a hidden page with its input, and releases it when closed', async () => {
    filterPageLoads = 0;
    const { location, user } = await renderShell('/orders/list');
    const input = await screen.findByRole('textbox', { name: '关键字' }, LAZY);
    await user.type(input, '青岛');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '订单列表']));
    // The home tab joined beside the page; its page waits for a visit instead of loading hidden.
    expect(document.querySelector('.tab-pane[data-tab="/dashboard/analysis"]')).toBeNull();

    await user.click(screen.getByText('系统管理'));
    await user.click(await screen.findByText('用户管理', { selector: '.ant-menu-title-content' }));
    await screen.findByText('组件 fixture/UserList 尚未提供', {}, LAZY);
    expect(tabTitles()).toEqual(['首页', '订单列表', '用户管理']);
    // Hidden, not gone.
    expect(input).toBeInTheDocument();
    expect(input).not.toBeVisible();

    await user.click(within(tabOf('订单列表')).getByText('订单列表'));
    await waitFor(() => expect(location.current).toBe('/orders/list'));
    expect(screen.getByRole('textbox', { name: '关键字' })).toBe(input);
    expect(input).toHaveValue('青岛');
    expect(input).toBeVisible();
    // Shown again, not started again: it does not load its data anew.
    expect(filterPageLoads).toBe(1);

    expect(closeButtonOf('订单列表')).toHaveAttribute('aria-hidden', 'true');
    expect(closeButtonOf('订单列表')).toHaveAttribute('tabindex', '-1');
    await user.click(closeButtonOf('订单列表'));
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '用户管理']));
    expect(input).not.toBeInTheDocument();
    expect(location.current).toBe('/isystem/user');
  });

  it("refuses to close the home tab: '首页不能关闭!'", async () => {
    const { user } = await renderShell('/isystem/user');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '用户管理']), LAZY);
    await user.click(closeButtonOf('首页'));
    expect(await screen.findByText('首页不能关闭!')).toBeInTheDocument();
    expect(tabTitles()).toEqual(['首页', '用户管理']);
  });

  it("refuses to close the last tab: '这是最后一页，不能再关闭了啦'", async () => {
    const menu = seededMenu().filter((node) => node.path !== '/dashboard/analysis');
    const { user } = await renderShell('/isystem/user', menu);
    await waitFor(() => expect(tabTitles()).toEqual(['用户管理']), LAZY);
    // From the keyboard: Delete on the focused tab.
    within(tabOf('用户管理')).getByRole('tab').focus();
    await user.keyboard('{Delete}');
    expect(await screen.findByText('这是最后一页，不能再关闭了啦')).toBeInTheDocument();
  });

  it('closes left, right and others from the context menu', async () => {
    const { location, user } = await renderShell('/isystem/user');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '用户管理']), LAZY);
    await user.click(entry('角色管理'));
    await waitFor(() => expect(tabTitles()).toHaveLength(3));

    const contextMenu = async (title: string, action: string) => {
      fireEvent.contextMenu(within(tabOf(title)).getByText(title));
      const open = await waitFor(() => {
        const menus = document.querySelectorAll<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden)');
        expect(menus).toHaveLength(1);
        return menus[0];
      });
      await user.click(within(open).getByText(action));
      await waitFor(() => expect(open).toHaveClass('ant-dropdown-hidden'));
    };

    await contextMenu('角色管理', '关闭左侧');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '角色管理']));

    await user.click(entry('用户管理'));
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '角色管理', '用户管理']));
    await contextMenu('角色管理', '关闭右侧');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '角色管理']));
    // The shown tab was closed: the chosen one shows.
    await waitFor(() => expect(location.current).toBe('/isystem/role'));

    await user.click(entry('用户管理'));
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '角色管理', '用户管理']));
    await contextMenu('用户管理', '关闭其它');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '用户管理']));
  });
});

describe('theme settings drawer', () => {
  it('offers Fluid only with the top menu, auto-hide only with a fixed header, a fixed side menu only with the side menu', async () => {
    const { store, user } = await renderShell('/isystem/user');
    await user.click(await screen.findByRole('button', { name: '系统设置' }, LAZY));
    const drawer = (await screen.findByText('整体风格设置')).closest('.ant-drawer') as HTMLElement;
    const width = () => within(drawer).getByRole('combobox', { name: '内容区域宽度' });
    const switchOf = (name: string) => within(drawer).getByRole('switch', { name });

    expect(width()).toBeDisabled();
    expect(switchOf('固定侧边菜单')).toBeEnabled();
    await user.click(within(drawer).getByRole('button', { name: '顶部栏导航' }));
    expect(width()).toBeEnabled();
    expect(switchOf('固定侧边菜单')).toBeDisabled();
    expect(store.getState().layout.fixSiderbar).toBe(false);
    expect(await screen.findByRole('navigation', { name: '顶部菜单' })).toBeInTheDocument();

    await user.click(switchOf('下滑时隐藏 Header'));
    expect(store.getState().layout.autoHideHeader).toBe(true);
    await user.click(switchOf('固定 Header'));
    expect(store.getState().layout).toMatchObject({ fixedHeader: false, autoHideHeader: false });
    expect(switchOf('下滑时隐藏 Header')).toBeDisabled();
    expect(switchOf('下滑时隐藏 Header')).not.toBeChecked();

    await user.click(within(drawer).getByRole('button', { name: '侧边栏导航' }));
    expect(store.getState().layout.contentWidth).toBe('Fixed');
  });

  it("applies a theme colour through antd's tokens at once", async () => {
    const { store, user } = await renderShell('/isystem/user');
    await user.click(await screen.findByRole('button', { name: '系统设置' }, LAZY));
    await user.click(await screen.findByRole('radio', { name: '酱紫' }));
    await waitFor(() =>
      expect(store.getState().layout).toMatchObject({ color: '#722ED1', themeApplying: false }),
    );
    expect(screen.getByRole('radio', { name: '酱紫' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('button', { name: '关闭设置' })).toHaveStyle({ background: '#722ED1' });
  });
});
