// Walks every registered /api route (listRouteAccess), so a route added later joins by itself, and proves the
// access rules of API.md Part A for each: 401 without a session unless public, 403 for a signed-in user of the
// same tenant without the route's permission, and nothing of tenant A01 for the administrator of tenant B01 —
// not in any answer, and never a success when the request names A01's rows.
import type { RouteAccessEntry } from '../http/access';
import { listRouteAccess } from '../http/access';
import { demoDepartId, demoPermissionId, demoRoleId, demoUserId } from '../db/seed/ids';
import { dictIdOf, insertAccount } from '../modules/auth/tenantOrganisation';
import { hashPassword } from '../modules/auth/passwords';
import { DEMO_PASSWORD, loginAs, type ApiAnswer } from './support/auth';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

interface Sample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /**
   * The call acts on the caller's own account or adds to the caller's own tenant: the B01 administrator may
   * succeed with it (still without seeing anything of A01).
   */
  own?: true;
}

/** Rows of tenant A01 that the samples name; the B01 administrator must never get at them. */
const A01 = {
  user: demoUserId('zhangwei'),
  role: demoRoleId('A01', 'sales'),
  depart: demoDepartId('A01', 'A01A01'),
  permission: demoPermissionId('A01', '/isystem/user'),
  button: demoPermissionId('A01', 'user:list'),
  dict: dictIdOf('A01', 'sex'),
  dictItem: dictIdOf('A01', 'sex', '1'),
};

/**
 * Sample input of the routes that need some (every route with a path parameter or a body, and every GET that
 * needs parameters). The samples name A01's rows, so the B01 administrator's calls must all fail.
 */
const SAMPLES: Record<string, Sample> = {
  'GET /api/kingdee/sync/orders/status': { query: { direction: '0' } },
  'PUT /api/sys/selectDepart': { body: { orgCode: 'A01A01' } },
  'PUT /api/sys/user/updatePassword': {
    body: { oldpassword: 'wrong-Pa55', password: 'Next-Pa55word', confirmpassword: 'Next-Pa55word' },
  },
  'GET /api/sys/user/queryById': { query: { id: A01.user } },
  'POST /api/sys/user/add': {
    body: { username: 'walker', realname: '巡检', password: 'Walk-Pa55word', selectedroles: A01.role },
  },
  'PUT /api/sys/user/edit': { body: { id: A01.user, username: 'zhangwei', realname: '改名' } },
  'DELETE /api/sys/user/delete': { query: { id: A01.user } },
  'DELETE /api/sys/user/deleteBatch': { query: { ids: `${A01.user},` } },
  'PUT /api/sys/user/frozenBatch': { body: { ids: A01.user, status: '2' } },
  'PUT /api/sys/user/changePassword': {
    body: { username: 'zhangwei', password: 'Walk-Pa55word', confirmpassword: 'Walk-Pa55word' },
  },
  'PUT /api/sys/user/changPassword': {
    body: { username: 'zhangwei', password: 'Walk-Pa55word', confirmpassword: 'Walk-Pa55word' },
  },
  'GET /api/sys/user/queryUserRole': { query: { userid: demoUserId('admin') } },
  'GET /api/sys/user/userDepartList': { query: { userId: A01.user } },
  'GET /api/sys/user/queryUserByDepId': { query: { id: demoDepartId('A01', 'A01A01A01') } },
  'GET /api/sys/user/userRoleList': { query: { roleId: A01.role } },
  'POST /api/sys/user/addSysUserRole': { body: { roleId: A01.role, userIdList: [A01.user] } },
  'DELETE /api/sys/user/deleteUserRole': { query: { roleId: A01.role, userId: A01.user } },
  'DELETE /api/sys/user/deleteUserRoleBatch': { query: { roleId: A01.role, userIds: A01.user } },
  'GET /api/sys/role/queryById': { query: { id: A01.role } },
  'GET /api/sys/role/checkRoleCode': { query: { roleCode: 'walk_free' } },
  'POST /api/sys/role/add': { body: { roleName: '巡检', roleCode: 'walk_role' }, own: true },
  'PUT /api/sys/role/edit': { body: { id: A01.role, roleName: '改名', roleCode: 'sales' } },
  'DELETE /api/sys/role/delete': { query: { id: A01.role } },
  'DELETE /api/sys/role/deleteBatch': { query: { ids: A01.role } },
  'GET /api/sys/permission/queryListAsync': { query: { pid: A01.permission } },
  'GET /api/sys/permission/getSystemSubmenu': { query: { parentId: A01.permission } },
  'GET /api/sys/permission/getSystemSubmenuBatch': {
    query: { parentIds: `${A01.permission},${demoPermissionId('A01', '/isystem')}` },
  },
  'POST /api/sys/permission/add': {
    body: { name: '巡检', menuType: 2, parentId: A01.permission, perms: 'walk:x' },
  },
  'PUT /api/sys/permission/edit': {
    body: { id: A01.button, name: '改名', menuType: 2, parentId: A01.permission, perms: 'user:list' },
  },
  'POST /api/sys/permission/edit': {
    body: { id: A01.button, name: '改名', menuType: 2, parentId: A01.permission, perms: 'user:list' },
  },
  'DELETE /api/sys/permission/delete': { query: { id: A01.button } },
  'DELETE /api/sys/permission/deleteBatch': { query: { ids: A01.button } },
  'GET /api/sys/permission/queryRolePermission': { query: { roleId: A01.role } },
  'POST /api/sys/permission/saveRolePermission': {
    body: { roleId: A01.role, permissionIds: A01.button, lastpermissionIds: '' },
  },
  'GET /api/sys/sysDepart/queryDepartTreeSync': { query: { pid: A01.depart } },
  'GET /api/sys/sysDepart/queryDownTreeList': { query: { departId: A01.depart } },
  'GET /api/sys/sysDepart/queryParentName': { query: { departId: A01.depart } },
  'GET /api/sys/sysDepart/searchBy': { query: { keyWord: '大区' } },
  'POST /api/sys/sysDepart/add': { body: { departName: '巡检部', parentId: A01.depart } },
  'PUT /api/sys/sysDepart/edit': { body: { id: A01.depart, departName: '改名' } },
  'DELETE /api/sys/sysDepart/delete': { query: { id: A01.depart } },
  'DELETE /api/sys/sysDepart/deleteBatch': { query: { ids: A01.depart } },
  'GET /api/sys/dict/getDictItems/:dictCode': { params: { dictCode: 'sex' } },
  'POST /api/sys/dict/add': { body: { dictName: '巡检', dictCode: 'walk_dict' }, own: true },
  'PUT /api/sys/dict/edit': { body: { id: A01.dict, dictName: '改名', dictCode: 'sex' } },
  'DELETE /api/sys/dict/delete': { query: { id: A01.dict } },
  'DELETE /api/sys/dict/deleteBatch': { query: { ids: A01.dict } },
  'GET /api/sys/dictItem/list': { query: { dictId: A01.dict } },
  'GET /api/sys/dictItem/dictItemCheck': { query: { dictId: A01.dict, itemValue: '9' } },
  'POST /api/sys/dictItem/add': { body: { dictId: A01.dict, itemText: '巡检', itemValue: '9' } },
  'PUT /api/sys/dictItem/edit': { body: { id: A01.dictItem, itemText: '改名', itemValue: '1' } },
  'DELETE /api/sys/dictItem/delete': { query: { id: A01.dictItem } },
  'DELETE /api/sys/dictItem/deleteBatch': { query: { ids: A01.dictItem } },
  // Log ids are numbers of one sequence: the B01 administrator names A01's first rows.
  'DELETE /api/sys/log/delete': { query: { id: '1' } },
  'DELETE /api/sys/log/deleteBatch': { query: { ids: '1,2,3' } },
  'GET /api/sys/duplicate/check': {
    query: { tableName: 'sys_user', fieldName: 'email', fieldVal: 'walker@example.com' },
  },
};

const keyOf = (route: RouteAccessEntry) => `${route.method} ${route.url}`;

function pathOf(route: RouteAccessEntry, sample: Sample | undefined): string {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => sample?.params?.[name] ?? 'x');
  const query = sample?.query ? `?${new URLSearchParams(sample.query).toString()}` : '';
  return `${path.replace(/^\/api/, '')}${query}`;
}

describe.each(testBackends())('every /api route on %s', (backend) => {
  const context = useTestServer(backend);
  let routes: RouteAccessEntry[];
  let nobody: string;
  let markers: string[];

  const call = (route: RouteAccessEntry, token: string | undefined): Promise<ApiAnswer<unknown>> => {
    const sample = SAMPLES[keyOf(route)];
    const path = pathOf(route, sample);
    switch (route.method) {
      case 'GET':
        return context.client.get(path, token);
      case 'DELETE':
        return context.client.delete(path, token);
      case 'PUT':
        return context.client.put(path, sample?.body ?? {}, token);
      default:
        return context.client.post(path, sample?.body ?? {}, token);
    }
  };

  beforeAll(async () => {
    routes = listRouteAccess(context.server.app).filter(
      (route) => route.url.startsWith('/api/') && route.method !== 'HEAD',
    );
    // A signed-in user of A01 with no role at all: holds no permission code.
    await insertAccount(context.database.db, {
      id: 'nobody0000000000000000000000000a',
      tenantId: 'A01',
      username: 'nobody',
      realname: '无权限',
      phone: '13800000099',
      email: null,
      sex: null,
      roleEnum: null,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      roleIds: [],
      departIds: [],
    });
    nobody = await loginAs(context.client, 'nobody');
    await loginAs(context.client, 'zhangwei');
    // Whatever identifies a row of A01 (ids of every kind, user names only A01 has).
    const db = context.database.db;
    const ids = await Promise.all(
      (['users', 'roles', 'departs', 'permissions', 'dicts', 'dict_items'] as const).map((table) =>
        db.selectFrom(table).select('id').where('tenant_id', '=', 'A01').execute(),
      ),
    );
    markers = [
      ...ids.flat().map((row) => row.id),
      'zhangwei',
      'liuyang',
      'wangfang',
      'mes_zg',
      '华饮酒业集团',
    ];
  });

  it('finds the routes of every area, each with a declared access', () => {
    const urls = new Set(routes.map((route) => route.url));
    for (const url of [
      '/api/sys/login',
      '/api/sys/user/list',
      '/api/sys/role/list',
      '/api/sys/permission/list',
      '/api/sys/sysDepart/queryTreeList',
      '/api/sys/dict/list',
      '/api/sys/log/list',
      '/api/sys/duplicate/check',
    ]) {
      expect(urls).toContain(url);
    }
    expect(routes.filter((route) => route.access === undefined)).toEqual([]);
  });

  it('has a sample for every route that needs input, and no sample for a route that is gone', async () => {
    const guarded = routes.filter((route) => route.access !== 'public');
    const needing = guarded.filter((route) => route.method !== 'GET' || route.url.includes(':'));
    expect(needing.filter((route) => !SAMPLES[keyOf(route)]).map(keyOf)).toEqual([]);
    expect(Object.keys(SAMPLES).filter((key) => !guarded.some((route) => keyOf(route) === key))).toEqual([]);
    // Every GET answers the A01 administrator with its sample (or none): a route needing parameters cannot
    // slip through without them.
    const admin = await context.tokenOf('admin');
    const failing: string[] = [];
    for (const route of guarded.filter((each) => each.method === 'GET')) {
      const { status, body } = await call(route, admin);
      if (status !== 200 || !body.success) failing.push(`${keyOf(route)} → ${status} ${body.message}`);
    }
    expect(failing).toEqual([]);
  });

  it('answers 401 without a session on every route that is not public', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((each) => each.access !== 'public')) {
      const { status } = await call(route, undefined);
      if (status !== 401) wrong.push(`${keyOf(route)} → ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to a signed-in user of the tenant without the permission, on every guarded route', async () => {
    const guarded = routes.filter((route) => typeof route.access === 'object');
    expect(guarded.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const route of guarded) {
      const { status, body } = await call(route, nobody);
      if (status !== 403 || body.message !== '没有权限，请联系管理员授权')
        wrong.push(`${keyOf(route)} → ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('shows the administrator of another tenant nothing of A01 and lets none of A01’s rows be changed', async () => {
    const t2admin = await context.tokenOf('t2admin');
    const leaks: string[] = [];
    for (const route of routes.filter((each) => each.access !== 'public')) {
      const { body } = await call(route, t2admin);
      const text = JSON.stringify(body);
      const seen = markers.filter((marker) => text.includes(marker));
      if (seen.length > 0) leaks.push(`${keyOf(route)} shows ${seen.join(', ')}`);
      const sample = SAMPLES[keyOf(route)];
      if (route.method !== 'GET' && !sample?.own && body.success) leaks.push(`${keyOf(route)} succeeded`);
    }
    expect(leaks).toEqual([]);
    // A01 is as it was.
    const admin = await context.tokenOf('admin');
    const zhangwei = await context.client.get<{ realname: string; status: number }>(
      `/sys/user/queryById?id=${A01.user}`,
      admin,
    );
    expect(zhangwei.body.result).toMatchObject({ realname: '张伟', status: 1 });
    await expect(loginAs(context.client, 'zhangwei')).resolves.toEqual(expect.any(String));
  });
});
