// The access gate around the real route table, with the real store and sagas, against a fake API.
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '../../src/AppProviders';
import type { MenuNode } from '../../src/api/permissions';
import { AccessGate } from '../../src/features/accessGate/AccessGate';
import { loggedIn } from '../../src/features/session/slice';
import { AppRoutes } from '../../src/router/AppRoutes';
import { navigateTo } from '../../src/router/navigator';
import { NavigatorBridge } from '../../src/router/NavigatorBridge';
import { configureAppStore } from '../../src/store';
import { deferred, fakeApi, type ApiHandler } from '../support/fakeApi';
import { menuNode, seededMenu } from '../support/menu';

const userInfo = { id: 'u1', username: 'admin', realname: '王管理', cpycod: 'A01', tenantName: '华东饮品' };

function permissionsOf(menu: MenuNode[]) {
  return { menu, auth: [], allAuth: [] };
}

const baseHandlers: Record<string, ApiHandler> = {
  'GET /sys/permission/getUserPermissionByToken': () => permissionsOf(seededMenu()),
  'GET /kingdee/sync/orders/status': ({ query }) => ({
    total: query.get('direction') === '0' ? 2 : 3,
    records: [],
  }),
  'GET /sys/user/getCurrentUserDeparts': () => ({
    list: [{ id: 'd1', orgCode: 'A01A01', departName: '销售部', parentId: '' }],
    orgCode: 'A01A01',
  }),
  'GET /user/info': () => ({
    userInfo,
    roles: [{ id: 'r1', roleCode: 'admin', roleName: '管理员', roleLevel: 1 }],
    departs: [],
  }),
  'POST /sys/logout': () => null,
};

/** Pages and layouts are lazy chunks, transpiled on first load under Jest. */
const LAZY = { timeout: 5000 };

let api: ReturnType<typeof fakeApi>;

async function startApi(handlers: Record<string, ApiHandler> = {}) {
  api = fakeApi({ ...baseHandlers, ...handlers });
  return api.start();
}

/** A stored session, as after a page refresh. */
function storeSession() {
  localStorage.setItem('pro__Access-Token', JSON.stringify({ value: 'tok-1', expire: null }));
  localStorage.setItem('pro__Login_Username', JSON.stringify({ value: 'admin', expire: null }));
  localStorage.setItem('pro__Login_Userinfo', JSON.stringify({ value: userInfo, expire: null }));
}

function renderApp(path: string, baseURL: string) {
  const { store, persistor } = configureAppStore({ baseURL });
  const visited: string[] = [];
  function LocationSpy() {
    const { pathname, search } = useLocation();
    if (visited[visited.length - 1] !== pathname + search) visited.push(pathname + search);
    return null;
  }
  render(
    <AppProviders store={store} persistor={persistor}>
      <MemoryRouter initialEntries={[path]}>
        <NavigatorBridge />
        <LocationSpy />
        <AccessGate>
          <AppRoutes />
        </AccessGate>
      </MemoryRouter>
    </AppProviders>,
  );
  return { store, visited };
}

const permissionRequests = () =>
  api.requests.filter((r) => r.path === '/sys/permission/getUserPermissionByToken');

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(async () => {
  await api.stop();
});

describe('without a token', () => {
  it('a private path goes to /user/login?redirect=<path and query>', async () => {
    const { visited } = renderApp('/isystem/user?tab=2', await startApi());
    await waitFor(() => expect(visited).toContain('/user/login?redirect=%2Fisystem%2Fuser%3Ftab%3D2'));
    expect(visited[0]).toBe('/isystem/user?tab=2');
    expect(permissionRequests()).toHaveLength(0);
  });

  it('/ goes to the login page too', async () => {
    const { visited } = renderApp('/', await startApi());
    await waitFor(() => expect(visited).toEqual(['/', '/user/login?redirect=%2F']));
  });

  it('/404 stays open', async () => {
    renderApp('/404', await startApi());
    expect(await screen.findByText('抱歉，你访问的页面不存在', {}, LAZY)).toBeInTheDocument();
  });
});

describe('with a token', () => {
  beforeEach(storeSession);

  it('the login page sends the user to /dashboard/workplace, then the home page', async () => {
    const { store, visited } = renderApp('/user/login', await startApi());
    expect(await screen.findByText(/王管理，欢迎回来/, {}, LAZY)).toBeInTheDocument();
    expect(visited).toEqual(['/user/login', '/dashboard/workplace', '/dashboard/analysis']);
    // The login page never opened: its modal would have removed the token.
    expect(store.getState().session.token).toBe('tok-1');
  });

  it('a production-system user (mesSystem 1) lands on the first page of the 维修服务 menu, not 首页', async () => {
    localStorage.setItem('pro__mesSystem', JSON.stringify({ value: 1, expire: null }));
    const repairMenu = menuNode('/mes', '维修服务', {
      component: 'layouts/RouteView',
      children: [
        menuNode('/mes/mine', '我的工单', { component: 'fixture/EngineerOrders', hidden: true }),
        menuNode('/mes/order', '维修工单', { component: 'fixture/RepairOrderList' }),
        menuNode('/mes/dispatch', '派工台', { component: 'fixture/DispatchBoard' }),
      ],
    });
    const { visited } = renderApp(
      '/user/login',
      await startApi({
        'GET /sys/permission/getUserPermissionByToken': () => permissionsOf([...seededMenu(), repairMenu]),
      }),
    );
    await waitFor(() => expect(visited.at(-1)).toBe('/mes/order'), LAZY);
    expect(visited).toEqual(['/user/login', '/dashboard/workplace', '/mes/order']);
    // '/' leads there too; 首页 stays open to them.
    act(() => navigateTo('/dashboard/analysis'));
    expect(await screen.findByText(/王管理，欢迎回来/, {}, LAZY)).toBeInTheDocument();
    act(() => navigateTo('/'));
    await waitFor(() => expect(visited.slice(-3)).toEqual(['/', '/dashboard/workplace', '/mes/order']), LAZY);
  });

  it('shows the loading state, not a 404, while the permissions load; then the deep route itself', async () => {
    const answer = deferred<unknown>();
    const { store, visited } = renderApp(
      '/isystem/user',
      await startApi({ 'GET /sys/permission/getUserPermissionByToken': () => answer.promise }),
    );
    await waitFor(() => expect(permissionRequests()).toHaveLength(1));
    expect(permissionRequests()[0]).toMatchObject({ token: 'tok-1' });
    // The token travels in the X-Access-Token header only, never in the URL (logs, proxies).
    expect([...permissionRequests()[0].query.keys()].filter((key) => key !== '_t')).toEqual([]);
    expect(screen.getByRole('status', { name: '正在加载' })).toBeInTheDocument();
    expect(screen.queryByText('抱歉，你访问的页面不存在')).not.toBeInTheDocument();

    answer.resolve(permissionsOf(seededMenu()));
    expect(await screen.findByText('组件 fixture/UserList 尚未提供', {}, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: '正在加载' })).not.toBeInTheDocument();
    expect(visited).toEqual(['/isystem/user']);
    expect(permissionRequests()).toHaveLength(1);
    expect(store.getState().failedOrders).toEqual({ failOrder0: 2, failOrder1: 3 });
    expect(
      api.requests
        .filter((r) => r.path === '/kingdee/sync/orders/status')
        .map((r) => Object.fromEntries([...r.query].filter(([key]) => key !== '_t'))),
    ).toEqual(
      expect.arrayContaining([
        { direction: '0', pageNumber: '0', size: '10', includeIgnore: 'false' },
        { direction: '1', pageNumber: '0', size: '10', includeIgnore: 'false' },
      ]),
    );
  });

  it('a refresh on a deep dynamic route lands back on it, query included', async () => {
    const menu = [
      ...seededMenu(),
      menuNode('/order', '订单', {
        component: 'layouts/RouteView',
        children: [
          menuNode('/order/detail/:id', '订单详情', { component: 'order/OrderDetail', hidden: true }),
        ],
      }),
    ];
    const { visited } = renderApp(
      '/order/detail/42?from=list',
      await startApi({ 'GET /sys/permission/getUserPermissionByToken': () => permissionsOf(menu) }),
    );
    expect(await screen.findByText('组件 order/OrderDetail 尚未提供', {}, LAZY)).toBeInTheDocument();
    expect(visited).toEqual(['/order/detail/42?from=list']);
  });

  it('an unknown path becomes /404 only once the menu routes exist', async () => {
    const { visited } = renderApp('/no/such/page', await startApi());
    expect(await screen.findByText('抱歉，你访问的页面不存在', {}, LAZY)).toBeInTheDocument();
    expect(visited).toEqual(['/no/such/page', '/404']);
    expect(permissionRequests()).toHaveLength(1);
  });

  it('counters that fail leave 0 and do not hold the user back', async () => {
    const { store } = renderApp(
      '/isystem/role',
      await startApi({
        'GET /kingdee/sync/orders/status': () => {
          throw new Error('同步服务不可用');
        },
      }),
    );
    expect(await screen.findByText('组件 fixture/RoleList 尚未提供', {}, LAZY)).toBeInTheDocument();
    expect(store.getState().failedOrders).toEqual({ failOrder0: 0, failOrder1: 0 });
  });

  it('an empty menu logs the user out and opens the login with the path to come back to', async () => {
    const { store, visited } = renderApp(
      '/isystem/user?tab=2',
      await startApi({ 'GET /sys/permission/getUserPermissionByToken': () => permissionsOf([]) }),
    );
    await waitFor(() => expect(visited).toContain('/user/login?redirect=%2Fisystem%2Fuser%3Ftab%3D2'));
    expect(store.getState().session.token).toBeNull();
    await waitFor(() =>
      expect(api.requests.some((r) => r.path === '/sys/logout' && r.token === 'tok-1')).toBe(true),
    );
    expect(visited).not.toContain('/404');
  });
});

describe('signing in on the login page', () => {
  it('stays on the login page while the sign-in finishes, then goes to the redirect target', async () => {
    const baseURL = await startApi();
    const { store, visited } = renderApp('/user/login?redirect=%2Fisystem%2Frole', baseURL);
    // The login modal removes a stored token when it opens; the user signs in through it.
    await screen.findByRole('dialog', {}, { timeout: 15000 });
    expect(visited).toEqual(['/user/login?redirect=%2Fisystem%2Frole']);

    act(() => {
      store.dispatch(loggedIn({ token: 'tok-2', username: 'admin', userInfo }));
    });
    // The department choice happens here: the gate does not move the user away.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(visited).toEqual(['/user/login?redirect=%2Fisystem%2Frole']);
    expect(permissionRequests()).toHaveLength(0);

    // The login flow goes to the route named dashboard; the redirect it came with wins.
    act(() => navigateTo('/'));
    expect(await screen.findByText('组件 fixture/RoleList 尚未提供', {}, LAZY)).toBeInTheDocument();
    expect(visited.at(-1)).toBe('/isystem/role');
    expect(permissionRequests()[0].token).toBe('tok-2');
  });
});
