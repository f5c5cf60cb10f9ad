// Issue #14, privilege: a regional manager (liuyang) holding user:edit / user:add could make himself system
// administrator, take the administrator's account over and wipe the log. Now nobody grants what they lack,
// acts on a user or role above them, or changes their own roles; the refusals are 403 and change nothing.
import { MES_GRANTS } from '../db/seed/organisation';
import { addAssignRolePermission } from '../db/migrations/0015_assign_role_permission';
import { demoDepartId, demoPermissionId, demoRoleId, demoUserId } from '../db/seed/ids';
import { loginAs } from './support/auth';
import { testBackends } from './support/database';
import { insertManager, privilegeSnapshot } from './support/privilege';
import { useTestServer } from './support/useTestServer';

const ADMIN_ROLE = demoRoleId('A01', 'admin');
const SALES_ROLE = demoRoleId('A01', 'sales');
const MANAGER_ROLE = demoRoleId('A01', 'dept_manager');
const GRANT_BEYOND = '不能授予您自己没有的权限';
const USER_ABOVE = '不能操作权限高于您的用户';
const ROLE_ABOVE = '不能操作权限高于您的角色';
const NOT_HELD = '不能操作您自己没有的权限';
const DEPART_ABOVE = '不能操作有权限高于您的用户的部门';
const PLACED_OUTSIDE = '不能把用户放到您管辖范围以外的部门';
const LEFT_OUTSIDE = '不能把用户移出您管辖范围以外的部门';
const DEPART_OUTSIDE = '不能操作您管辖范围以外的部门';
const PARENT_OUTSIDE = '只能在您管辖范围以内的部门下添加部门';
const depart = (orgCode: string) => demoDepartId('A01', orgCode);
type Call = [method: 'post' | 'put' | 'delete', path: string, body?: Record<string, unknown>];
/** A new account a manager would like to make administrator. */
const PUPPET = { username: 'sock_puppet', realname: '傀儡', password: 'Puppet-Pa55', phone: '13800000082' };

describe.each(testBackends())('privilege of system administration on %s', (backend) => {
  const context = useTestServer(backend);
  const db = () => context.database.db;
  /**
   * A manager of 华东大区 (his data scope: it, 上海办事处 and 杭州办事处) who may also assign roles, freeze,
   * delete, set passwords, edit roles and menus, and add, edit and delete departments.
   */
  let climber: string;
  let climberId: string;

  beforeAll(async () => {
    ({ userId: climberId } = await insertManager(db(), {
      username: 'climber',
      phone: '13800000081',
      departs: ['A01A01'],
      extra: [
        'user:assignRole',
        'user:delete',
        'user:deleteBatch',
        'user:frozen',
        'user:password',
        '/isystem/role',
        'role:add',
        'role:edit',
        'role:delete',
        'role:deleteBatch',
        'role:authorize',
        '/isystem/permission',
        'permission:list',
        'permission:edit',
        'permission:delete',
        'depart:add',
        'depart:edit',
        'depart:delete',
        'depart:deleteBatch',
        // What the production system's users hold, so that mes_zg stays a user below him.
        ...MES_GRANTS,
      ],
    }));
    climber = await loginAs(context.client, 'climber');
  });

  /** Each call, as `token`, answers 403 with its message and changes nothing at all. */
  async function refused(token: string, calls: Array<[call: Call, message: string]>) {
    for (const [[method, path, body], message] of calls) {
      const before = await privilegeSnapshot(db());
      const { status, body: answer } =
        method === 'delete'
          ? await context.client.delete(path, token)
          : await context.client[method](path, body, token);
      expect({ call: `${method} ${path}`, status, success: answer.success, message: answer.message }).toEqual(
        {
          call: `${method} ${path}`,
          status: 403,
          success: false,
          message,
        },
      );
      expect(await privilegeSnapshot(db())).toEqual(before);
    }
  }

  const rolesOf = async (userId: string) =>
    (await db().selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute())
      .map((row) => row.role_id)
      .sort();

  describe('the regional manager of the demo (user:add, user:edit, no user:assignRole)', () => {
    it('cannot give himself or a new account the administrator role', async () => {
      const self = { id: demoUserId('liuyang'), username: 'liuyang', realname: '刘洋' };
      await refused(await context.tokenOf('liuyang'), [
        [['put', '/sys/user/edit', { ...self, selectedroles: ADMIN_ROLE }], '您没有分配角色的权限'],
        [['post', '/sys/user/add', { ...PUPPET, selectedroles: ADMIN_ROLE }], '您没有分配角色的权限'],
        // Nor move himself into the head office, his own data scope.
        [
          ['put', '/sys/user/edit', { ...self, selecteddeparts: demoDepartId('A01', 'A01') }],
          '不能修改自己的部门',
        ],
      ]);
      expect(await rolesOf(demoUserId('liuyang'))).toEqual([MANAGER_ROLE]);
    });

    it('cannot change the administrator’s phone, but still edits a user below him and his own profile', async () => {
      const liuyang = await context.tokenOf('liuyang');
      const admin = { id: demoUserId('admin'), username: 'admin', realname: '管理员', phone: '13800000083' };
      await refused(liuyang, [[['put', '/sys/user/edit', admin], '不能操作权限高于您的用户']]);
      const below = await context.client.put(
        '/sys/user/edit',
        { id: demoUserId('wangfang'), username: 'wangfang', realname: '王芳芳', phone: '13800000004' },
        liuyang,
      );
      expect(below.body).toMatchObject({ success: true });
      // His own profile, sending his roles unchanged (as a form would).
      const own = await context.client.put(
        '/sys/user/edit',
        { id: demoUserId('liuyang'), username: 'liuyang', realname: '刘洋', selectedroles: MANAGER_ROLE },
        liuyang,
      );
      expect(own.body).toMatchObject({ success: true });
    });

    it('cannot wipe the log (log:deleteBatch is the administrator’s)', async () => {
      const count = async () =>
        Number(
          (
            await db()
              .selectFrom('sys_log')
              .select(({ fn }) => fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const { status } = await context.client.delete(
        '/sys/log/deleteBatch?ids=allclear',
        await context.tokenOf('liuyang'),
      );
      expect(status).toBe(403);
      expect(await count()).toBeGreaterThanOrEqual(before);
    });
  });

  describe('a manager who holds user:assignRole and more', () => {
    it('grants only roles within his own rights, never to himself', async () => {
      const wangfang = demoUserId('wangfang');
      await refused(climber, [
        [
          ['post', '/sys/user/add', { ...PUPPET, selectedroles: `${SALES_ROLE},${ADMIN_ROLE}` }],
          GRANT_BEYOND,
        ],
        [
          [
            'put',
            '/sys/user/edit',
            { id: climberId, username: 'climber', realname: 'c', selectedroles: ADMIN_ROLE },
          ],
          '不能修改自己的角色',
        ],
        [
          ['post', '/sys/user/addSysUserRole', { roleId: ADMIN_ROLE, userIdList: [climberId] }],
          '不能修改自己的角色',
        ],
        [['post', '/sys/user/addSysUserRole', { roleId: ADMIN_ROLE, userIdList: [wangfang] }], GRANT_BEYOND],
      ]);
      // Within his rights: the regional manager's role to a new account and to wangfang, and back.
      const newManager = {
        ...PUPPET,
        username: 'new_manager',
        phone: '13800000084',
        selectedroles: MANAGER_ROLE,
      };
      expect((await context.client.post('/sys/user/add', newManager, climber)).body.success).toBe(true);
      const toWangfang = { roleId: MANAGER_ROLE, userIdList: [wangfang] };
      expect((await context.client.post('/sys/user/addSysUserRole', toWangfang, climber)).body.success).toBe(
        true,
      );
      expect(await rolesOf(wangfang)).toEqual([MANAGER_ROLE, SALES_ROLE].sort());
      const back = `/sys/user/deleteUserRole?roleId=${MANAGER_ROLE}&userId=${wangfang}`;
      expect((await context.client.delete(back, climber)).body.success).toBe(true);
    });

    it('cannot freeze, delete or reset the password of the administrator, nor take away his roles', async () => {
      const admin = demoUserId('admin');
      const newPassword = { password: 'Taken-Pa55', confirmpassword: 'Taken-Pa55' };
      await refused(climber, [
        [['put', '/sys/user/frozenBatch', { ids: admin, status: '2' }], USER_ABOVE],
        [['delete', `/sys/user/delete?id=${admin}`], USER_ABOVE],
        [['delete', `/sys/user/deleteBatch?ids=${demoUserId('mes_zg')},${admin}`], USER_ABOVE],
        [['put', '/sys/user/changePassword', { username: 'admin', ...newPassword }], USER_ABOVE],
        [['delete', `/sys/user/deleteUserRole?roleId=${ADMIN_ROLE}&userId=${admin}`], USER_ABOVE],
      ]);
      await expect(loginAs(context.client, 'admin')).resolves.toEqual(expect.any(String));
      // A user below him: the password is his to set.
      const below = await context.client.put(
        '/sys/user/changePassword',
        { username: 'mes_zg', ...newPassword },
        climber,
      );
      expect(below.body).toMatchObject({ success: true });
    });

    it('edits, authorises and deletes only roles within his rights, handing out only what he holds', async () => {
      const authorise = (roleId: string, permissionIds: string, lastpermissionIds: string) =>
        ['post', '/sys/permission/saveRolePermission', { roleId, permissionIds, lastpermissionIds }] as Call;
      await refused(climber, [
        [
          ['put', '/sys/role/edit', { id: ADMIN_ROLE, roleName: '被改的管理员', roleCode: 'admin' }],
          ROLE_ABOVE,
        ],
        [['delete', `/sys/role/delete?id=${ADMIN_ROLE}`], ROLE_ABOVE],
        [['delete', `/sys/role/deleteBatch?ids=${SALES_ROLE},${ADMIN_ROLE}`], ROLE_ABOVE],
        [authorise(ADMIN_ROLE, '', demoPermissionId('A01', 'log:list')), ROLE_ABOVE],
        [authorise(SALES_ROLE, demoPermissionId('A01', 'log:deleteBatch'), ''), GRANT_BEYOND],
      ]);
      const [, path, body] = authorise(SALES_ROLE, demoPermissionId('A01', 'customer:list'), '');
      expect((await context.client.post(path, body, climber)).body).toMatchObject({ success: true });
    });

    it('edits and deletes only menus and buttons he holds, and puts on them only codes he holds', async () => {
      const userList = demoPermissionId('A01', 'user:list');
      const logList = demoPermissionId('A01', 'log:list');
      const button = { name: '查询用户', menuType: 2, parentId: demoPermissionId('A01', '/isystem/user') };
      await refused(climber, [
        [
          ['put', '/sys/permission/edit', { ...button, id: userList, perms: 'user:list,log:deleteBatch' }],
          GRANT_BEYOND,
        ],
        [['put', '/sys/permission/edit', { ...button, id: logList, perms: 'log:list' }], NOT_HELD],
        [['delete', `/sys/permission/delete?id=${logList}`], NOT_HELD],
        // 系统管理 holds pages he lacks (the log, the dictionaries): deleting it would take them from others.
        [['delete', `/sys/permission/delete?id=${demoPermissionId('A01', '/isystem')}`], NOT_HELD],
      ]);
      const renamed = await context.client.put(
        '/sys/permission/edit',
        { ...button, id: userList, name: '查询用户列表', perms: 'user:list' },
        climber,
      );
      expect(renamed.body).toMatchObject({ success: true });
    });

    it('edits and deletes only departments whose users are within his rights', async () => {
      const headOffice = demoDepartId('A01', 'A01');
      const shanghai = demoDepartId('A01', 'A01A01A01');
      await refused(climber, [
        [['put', '/sys/sysDepart/edit', { id: headOffice, departName: '改名' }], DEPART_ABOVE],
        [['delete', `/sys/sysDepart/delete?id=${headOffice}`], DEPART_ABOVE],
        [['delete', `/sys/sysDepart/deleteBatch?ids=${shanghai},${headOffice}`], DEPART_ABOVE],
      ]);
      // 上海办事处 holds zhangwei, a regional manager like him.
      const renamed = await context.client.put(
        '/sys/sysDepart/edit',
        { id: shanghai, departName: '上海办' },
        climber,
      );
      expect(renamed.body).toMatchObject({ success: true });
    });
  });

  describe('the data scope of a manager (华东大区)', () => {
    const departsOf = async (userId: string) =>
      (await db().selectFrom('user_departs').select('depart_id').where('user_id', '=', userId).execute())
        .map((row) => row.depart_id)
        .sort();
    const hangzhou = depart('A01A01A02');

    it('places users only in departments of his scope, and takes them out only of those', async () => {
      const mesZg = { id: demoUserId('mes_zg'), username: 'mes_zg', realname: '周工' };
      const zhaolei = { id: demoUserId('zhaolei'), username: 'zhaolei', realname: '赵磊' };
      const placed = { ...PUPPET, username: 'placed', phone: '13800000085' };
      await refused(climber, [
        // 广州办事处 lies in 华南大区, the head office above his region.
        [['post', '/sys/user/add', { ...placed, selecteddeparts: depart('A01A02A01') }], PLACED_OUTSIDE],
        [
          ['post', '/sys/user/add', { ...placed, selecteddeparts: `${hangzhou},${depart('A01')}` }],
          PLACED_OUTSIDE,
        ],
        [
          [
            'put',
            '/sys/user/edit',
            { ...zhaolei, selecteddeparts: `${depart('A01A02A01')},${depart('A02')}` },
          ],
          PLACED_OUTSIDE,
        ],
        [['put', '/sys/user/edit', { ...zhaolei, selecteddeparts: hangzhou }], LEFT_OUTSIDE],
        [['put', '/sys/user/edit', { ...mesZg, selecteddeparts: '' }], LEFT_OUTSIDE],
      ]);
      const added = await context.client.post<string>(
        '/sys/user/add',
        { ...placed, selecteddeparts: hangzhou },
        climber,
      );
      expect(added.body).toMatchObject({ success: true });
      expect(await departsOf(added.body.result)).toEqual([hangzhou]);
      // 生产中心 stays mes_zg's (outside his scope, untouched); 上海办事处 is his to add.
      const both = [depart('A02'), depart('A01A01A01')].sort().join(',');
      const edited = await context.client.put('/sys/user/edit', { ...mesZg, selecteddeparts: both }, climber);
      expect(edited.body).toMatchObject({ success: true });
      expect(await departsOf(mesZg.id)).toEqual(both.split(','));
      // The administrator holds the whole tenant: 生产中心 lies outside the head office, his own department.
      const admin = await context.tokenOf('admin');
      const byAdmin = await context.client.put(
        '/sys/user/edit',
        { ...mesZg, selecteddeparts: depart('A02') },
        admin,
      );
      expect(byAdmin.body).toMatchObject({ success: true });
      expect(await departsOf(mesZg.id)).toEqual([depart('A02')]);
    });

    it('adds, edits and deletes departments only within his scope, and cannot move one out of it', async () => {
      const guangzhou = depart('A01A02A01');
      await refused(climber, [
        [
          ['post', '/sys/sysDepart/add', { departName: '深圳办事处', parentId: depart('A01A02') }],
          PARENT_OUTSIDE,
        ],
        [['post', '/sys/sysDepart/add', { departName: '华北大区' }], PARENT_OUTSIDE],
        // 广州办事处 holds zhangwei and zhaolei, both within his rights, yet outside his region.
        [['put', '/sys/sysDepart/edit', { id: guangzhou, departName: '改名' }], DEPART_OUTSIDE],
        [['delete', `/sys/sysDepart/delete?id=${guangzhou}`], DEPART_OUTSIDE],
        [['delete', `/sys/sysDepart/deleteBatch?ids=${hangzhou},${guangzhou}`], DEPART_OUTSIDE],
      ]);
      const added = await context.client.post<string>(
        '/sys/sysDepart/add',
        { departName: '苏州办事处', parentId: depart('A01A01') },
        climber,
      );
      expect(added.body).toMatchObject({ success: true });
      // The form's parent is not a move: the department keeps its place (and its code) in the tree.
      const moved = await context.client.put(
        '/sys/sysDepart/edit',
        { id: added.body.result, departName: '苏州办', parentId: depart('A01A02') },
        climber,
      );
      expect(moved.body).toMatchObject({ success: true });
      const suzhou = await db()
        .selectFrom('departs')
        .select(['parent_id', 'depart_name'])
        .where('id', '=', added.body.result)
        .executeTakeFirstOrThrow();
      expect(suzhou).toEqual({ parent_id: depart('A01A01'), depart_name: '苏州办' });
      const deleted = await context.client.delete(`/sys/sysDepart/delete?id=${added.body.result}`, climber);
      expect(deleted.body).toMatchObject({ success: true });
      // The administrator adds a top-level department.
      const top = await context.client.post(
        '/sys/sysDepart/add',
        { departName: '华北大区' },
        await context.tokenOf('admin'),
      );
      expect(top.body).toMatchObject({ success: true });
    });

    it('tells, per row of the user list, whether he may manage that user', async () => {
      type Row = { username: string; manageable: boolean };
      const listAs = async (token: string) => {
        const { body } = await context.client.get<{ records: Row[] }>('/sys/user/list?pageSize=100', token);
        return Object.fromEntries(body.result.records.map((row) => [row.username, row.manageable]));
      };
      expect(await listAs(climber)).toMatchObject({
        admin: false,
        climber: true,
        zhangwei: true,
        wangfang: true,
        mes_zg: true,
      });
      const byAdmin = await listAs(await context.tokenOf('admin'));
      expect(Object.values(byAdmin).every(Boolean)).toBe(true);
      // The regional manager of the demo is below climber, who holds more.
      expect(await listAs(await context.tokenOf('liuyang'))).toMatchObject({
        admin: false,
        climber: false,
        liuyang: true,
        wangfang: true,
      });
    });
  });

  describe('the department tree tells each caller where their data scope lies', () => {
    type Node = { orgCode: string; inScope: boolean; children?: Node[] | null };
    /** The flags by org code (names change in the tests above). */
    const flagsOf = (nodes: Node[]): Record<string, boolean> =>
      Object.fromEntries(
        nodes.flatMap((node) => [
          [node.orgCode, node.inScope],
          ...Object.entries(flagsOf(node.children ?? [])),
        ]),
      );
    const treeAs = async (token: string) => {
      const { body } = await context.client.get<Node[]>('/sys/sysDepart/queryTreeList', token);
      expect(body.success).toBe(true);
      return flagsOf(body.result);
    };
    const scopeAs = async (token: string) =>
      (await context.client.get<{ wholeTenant: boolean }>('/sys/sysDepart/queryScope', token)).body.result;
    /** 华饮酒业集团, 华南大区, 广州办事处, 生产中心: outside 华东大区. */
    const OUTSIDE_EAST = { A01: false, A01A02: false, A01A02A01: false, A02: false };

    it('marks the departments of 华东大区 for its manager, and he cannot add a top-level department', async () => {
      expect(await treeAs(climber)).toEqual(
        expect.objectContaining({ A01A01: true, A01A01A01: true, A01A01A02: true, ...OUTSIDE_EAST }),
      );
      expect(await scopeAs(climber)).toEqual({ wholeTenant: false });
      const { body } = await context.client.get<Node[]>('/sys/sysDepart/searchBy?keyWord=办', climber);
      // 上海办事处 (renamed 上海办 above), 杭州办事处, 广州办事处.
      expect(flagsOf(body.result)).toEqual({ A01A01A01: true, A01A01A02: true, A01A02A01: false });
    });

    it('marks zhangwei’s three offices (not the regions above them), and nothing for liuyang', async () => {
      expect(await treeAs(await context.tokenOf('zhangwei'))).toEqual(
        expect.objectContaining({
          A01A01: false,
          A01A01A01: true,
          A01A01A02: true,
          ...OUTSIDE_EAST,
          A01A02A01: true,
        }),
      );
      const liuyang = await context.tokenOf('liuyang');
      expect(Object.values(await treeAs(liuyang)).some(Boolean)).toBe(false);
      expect(await scopeAs(liuyang)).toEqual({ wholeTenant: false });
    });

    it('marks every department for the administrator, who reaches the whole tenant', async () => {
      const admin = await context.tokenOf('admin');
      const flags = await treeAs(admin);
      expect(Object.keys(flags)).toEqual(expect.arrayContaining(['A01', 'A01A02A01', 'A02']));
      expect(Object.values(flags).every(Boolean)).toBe(true);
      expect(await scopeAs(admin)).toEqual({ wholeTenant: true });
    });

    it('agrees with the writes: a department the tree leaves outside is refused, one inside is edited', async () => {
      const guangzhou = { id: depart('A01A02A01'), departName: '广州办事处' };
      const shanghai = { id: depart('A01A01A01'), departName: '上海办事处' };
      expect(await treeAs(climber)).toMatchObject({ A01A02A01: false, A01A01A01: true });
      await refused(climber, [[['put', '/sys/sysDepart/edit', guangzhou], DEPART_OUTSIDE]]);
      const edited = await context.client.put('/sys/sysDepart/edit', shanghai, climber);
      expect(edited.body).toMatchObject({ success: true });
    });
  });

  describe('the administrator', () => {
    it('holds a menu he adds, so that he can hand it out, and cannot change his own roles', async () => {
      const admin = await context.tokenOf('admin');
      const added = await context.client.post<string>(
        '/sys/permission/add',
        {
          name: '导出报表',
          menuType: 2,
          parentId: demoPermissionId('A01', '/isystem/user'),
          perms: 'report:export',
        },
        admin,
      );
      expect(added.body.success).toBe(true);
      const granted = await context.client.post(
        '/sys/permission/saveRolePermission',
        { roleId: SALES_ROLE, permissionIds: added.body.result, lastpermissionIds: '' },
        admin,
      );
      expect(granted.body).toMatchObject({ success: true });
      const self = {
        id: demoUserId('admin'),
        username: 'admin',
        realname: '管理员',
        selectedroles: SALES_ROLE,
      };
      await refused(admin, [[['put', '/sys/user/edit', self], '不能修改自己的角色']]);
    });
  });

  it('migration 0015 gives tenants seeded before it user:assignRole, granted to their administrators, once', async () => {
    const row = demoPermissionId('B01', 'user:assignRole');
    await db().deleteFrom('permissions').where('id', '=', row).execute();
    await addAssignRolePermission(db());
    await addAssignRolePermission(db());
    const grants = await db()
      .selectFrom('role_permissions')
      .select('role_id')
      .where('permission_id', '=', row)
      .execute();
    expect(grants).toEqual([{ role_id: demoRoleId('B01', 'admin') }]);
    const t2admin = await loginAs(context.client, 't2admin');
    const codes = await context.client.get<{ auth: Array<{ action: string }> }>(
      '/sys/permission/getUserPermissionByToken',
      t2admin,
    );
    expect(codes.body.result.auth.map((auth) => auth.action)).toContain('user:assignRole');
  });
});
