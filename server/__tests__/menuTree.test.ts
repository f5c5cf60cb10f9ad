import { createHash } from 'node:crypto';
import { buildMenuTree, buildPermissionPayload, type PermissionRecord } from '../modules/auth/menuTree';

function permission(overrides: Partial<PermissionRecord> & Pick<PermissionRecord, 'id'>): PermissionRecord {
  return {
    parentId: null,
    name: overrides.id,
    url: `/${overrides.id}`,
    component: null,
    componentName: null,
    redirect: null,
    menuType: 0,
    perms: null,
    permsType: '1',
    sortNo: 0,
    alwaysShow: false,
    icon: null,
    isRoute: true,
    keepAlive: false,
    hidden: false,
    internalOrExternal: false,
    status: '1',
    ...overrides,
  };
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('buildMenuTree', () => {
  it('shapes a top-level menu: route flag, path, name from the url, redirect, meta', () => {
    const [node] = buildMenuTree([
      permission({
        id: 'sys',
        name: '系统管理',
        url: '/isystem/setting',
        component: 'layouts/RouteView',
        redirect: '/isystem/user',
        icon: 'setting',
      }),
    ]);
    expect(node).toEqual({
      id: 'sys',
      route: '1',
      path: '/isystem/setting',
      name: 'isystem-setting',
      component: 'layouts/RouteView',
      redirect: '/isystem/user',
      meta: {
        keepAlive: false,
        internalOrExternal: false,
        title: '系统管理',
        componentName: 'RouteView',
        icon: 'setting',
      },
    });
  });

  it('gives a top-level node a null redirect and a child none at all', () => {
    const [root] = buildMenuTree([
      permission({ id: 'root' }),
      permission({ id: 'child', parentId: 'root', menuType: 1, redirect: '/ignored' }),
    ]);
    expect(root).toHaveProperty('redirect', null);
    expect(root.children?.[0]).not.toHaveProperty('redirect');
  });

  it('prefers componentName for the name and meta, maps : to @, and marks non-routes', () => {
    const [named, parameterised] = buildMenuTree([
      permission({
        id: 'a',
        url: '/orders/list',
        component: 'orders/OrderList',
        componentName: 'OrderListPage',
        sortNo: 1,
      }),
      permission({
        id: 'b',
        url: '/orders/detail/:id',
        component: 'orders/OrderDetail',
        isRoute: false,
        sortNo: 2,
      }),
    ]);
    expect(named).toMatchObject({ name: 'OrderListPage', meta: { componentName: 'OrderListPage' } });
    expect(parameterised).toMatchObject({
      name: 'orders-detail-@id',
      route: '0',
      meta: { componentName: 'OrderDetail' },
    });
  });

  it.each(['https://example.com/report?x=1', 'http://intranet/bi', '{{ window._CONFIG.domianURL }}/druid/'])(
    'hashes the external url %s into the path and keeps it in meta.url',
    (url) => {
      const [node] = buildMenuTree([permission({ id: 'ext', url, internalOrExternal: true })]);
      expect(node.path).toBe(md5(url));
      expect(node.meta).toMatchObject({ url, internalOrExternal: true });
    },
  );

  it('adds hidden, alwaysShow, meta.icon and meta.componentName only when they are set', () => {
    const [plain, flagged] = buildMenuTree([
      permission({ id: 'plain', sortNo: 1 }),
      permission({ id: 'flagged', hidden: true, alwaysShow: true, keepAlive: true, sortNo: 2 }),
    ]);
    expect(plain).not.toHaveProperty('hidden');
    expect(plain).not.toHaveProperty('alwaysShow');
    expect(plain).not.toHaveProperty('children');
    expect(plain.meta).toEqual({ keepAlive: false, internalOrExternal: false, title: 'plain' });
    expect(flagged).toMatchObject({ hidden: true, alwaysShow: true, meta: { keepAlive: true } });
  });

  it('nests sub-menus by parent, orders siblings by sort_no, and leaves buttons and orphans out', () => {
    const tree = buildMenuTree([
      permission({ id: 'b', sortNo: 2 }),
      permission({ id: 'a', sortNo: 1 }),
      permission({ id: 'a2', parentId: 'a', menuType: 1, sortNo: 2.5 }),
      permission({ id: 'a1', parentId: 'a', menuType: 1, sortNo: 0.5 }),
      permission({ id: 'a1x', parentId: 'a1', menuType: 1 }),
      permission({ id: 'btn', parentId: 'a', menuType: 2, perms: 'a:add' }),
      permission({ id: 'orphan', parentId: 'not-granted', menuType: 1 }),
    ]);
    const shape = (nodes: typeof tree): unknown[] =>
      nodes.map((node) => (node.children ? { [node.id]: shape(node.children) } : node.id));
    expect(shape(tree)).toEqual([{ a: [{ a1: ['a1x'] }, 'a2'] }, 'b']);
  });

  it('puts the home menu first when the user lacks it, and only then', () => {
    const home = permission({ id: 'home', name: '首页', url: '/dashboard/analysis', sortNo: 0 });
    const reports = permission({ id: 'reports', sortNo: -1 });
    expect(buildMenuTree([reports], home).map((node) => node.id)).toEqual(['home', 'reports']);
    expect(buildMenuTree([reports, home], home).map((node) => node.id)).toEqual(['reports', 'home']);
    expect(buildMenuTree([reports]).map((node) => node.id)).toEqual(['reports']);
  });
});

describe('buildPermissionPayload', () => {
  const buttons = [
    permission({ id: 'add', menuType: 2, perms: 'user:add', name: '新增', parentId: 'users' }),
    permission({
      id: 'off',
      menuType: 2,
      perms: 'user:frozen',
      name: '冻结',
      permsType: '2',
      status: '0',
      parentId: 'users',
    }),
    permission({ id: 'del', menuType: 2, perms: 'user:delete', name: '删除', parentId: 'users' }),
  ];

  it("lists the user's active buttons as auth, and every button of the tenant as allAuth", () => {
    const payload = buildPermissionPayload({
      userPermissions: [permission({ id: 'users' }), buttons[0], buttons[1]],
      homeMenu: undefined,
      tenantButtons: buttons,
    });
    expect(payload.menu.map((node) => node.id)).toEqual(['users']);
    expect(payload.auth).toEqual([{ action: 'user:add', type: '1', describe: '新增' }]);
    expect(payload.allAuth).toEqual([
      { action: 'user:add', status: '1', type: '1', describe: '新增' },
      { action: 'user:frozen', status: '0', type: '2', describe: '冻结' },
      { action: 'user:delete', status: '1', type: '1', describe: '删除' },
    ]);
  });
});
