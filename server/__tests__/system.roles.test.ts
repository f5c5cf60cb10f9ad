import type { Page } from '../../common/contract';
import { demoPermissionId, demoRoleId, demoUserId } from '../db/seed/ids';
import { REP_EXECUTION, REP_VISITS } from '../db/seed/organisation';
import { DEFAULT_MENUS } from '../modules/auth/tenantOrganisation';
import { loginAs } from './support/auth';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

const TOP_MENUS = DEFAULT_MENUS.map((menu) => menu.name);

interface Role {
  id: string;
  roleCode: string;
  roleName: string;
  roleLevel: number;
}
interface TreeNode {
  key: string;
  title: string;
  isLeaf: boolean;
  parentId: string;
  children?: TreeNode[];
}
interface PermissionNode {
  id: string;
  name: string;
  url: string | null;
  component: string | null;
  menuType: number;
  perms: string | null;
  leaf: boolean;
  isLeaf: boolean;
  children?: PermissionNode[];
}

const flatten = <T extends { children?: T[] }>(nodes: T[]): T[] =>
  nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);

describe.each(testBackends())('/sys/role and /sys/permission on %s', (backend) => {
  const context = useTestServer(backend);
  const admin = () => context.tokenOf('admin');
  const logCount = async (content: string) =>
    (
      await context.database.db
        .selectFrom('sys_log')
        .select('id')
        .where('log_type', '=', 2)
        .where('tenant_id', '=', 'A01')
        .where('log_content', 'like', `%${content}%`)
        .execute()
    ).length;

  describe('roles', () => {
    it('lists, filters and sorts the tenant’s roles only', async () => {
      const { body } = await context.client.get<Page<Role>>(
        '/sys/role/list?column=roleCode&order=asc',
        await admin(),
      );
      expect(body.result.records.map((role) => role.roleCode)).toEqual([
        'admin',
        'dept_manager',
        'field_rep',
        'mes',
        'sales',
      ]);
      const filtered = await context.client.get<Page<Role>>(
        `/sys/role/list?roleName=${encodeURIComponent('*经理*')}`,
        await admin(),
      );
      expect(filtered.body.result.records.map((role) => role.roleCode)).toEqual(['dept_manager']);
      const t2 = await context.client.get<Role[]>('/sys/role/queryall', await context.tokenOf('t2admin'));
      expect(t2.body.result.map((role) => role.id)).toEqual([demoRoleId('B01', 'admin')]);
      const foreign = await context.client.get(
        `/sys/role/queryById?id=${demoRoleId('A01', 'sales')}`,
        await context.tokenOf('t2admin'),
      );
      expect(foreign.body).toMatchObject({ success: false, message: '未找到对应实体' });
    });

    it('checks a role code within the tenant', async () => {
      const token = await admin();
      expect((await context.client.get('/sys/role/checkRoleCode?roleCode=sales', token)).body).toMatchObject({
        success: false,
        message: '角色编码已存在',
      });
      expect(
        (
          await context.client.get(
            `/sys/role/checkRoleCode?roleCode=sales&id=${demoRoleId('A01', 'sales')}`,
            token,
          )
        ).body.success,
      ).toBe(true);
      expect(
        (await context.client.get('/sys/role/checkRoleCode?roleCode=brand_new', token)).body,
      ).toMatchObject({ success: true, result: true });
      // B01 has no role "sales": the code is free there.
      expect(
        (await context.client.get('/sys/role/checkRoleCode?roleCode=sales', await context.tokenOf('t2admin')))
          .body.success,
      ).toBe(true);
    });

    it.each([
      [{ roleName: '', roleCode: 'x_1' }, '请输入角色名称!'],
      [{ roleName: '稽查', roleCode: '' }, '请输入角色编码!'],
      [{ roleName: '稽查', roleCode: 'a b' }, '角色编码应为2到64位字母、数字或下划线'],
      [{ roleName: '稽查', roleCode: 'sales' }, '角色编码已存在'],
      [{ roleName: '稽查', roleCode: 'x_1', roleLevel: 10 }, '角色等级应为1到9的整数'],
    ])('refuses the role %j', async (form, message) => {
      expect((await context.client.post('/sys/role/add', form, await admin())).body).toMatchObject({
        success: false,
        message,
      });
    });

    it('adds, edits and deletes a role, with the operation log', async () => {
      const token = await admin();
      const added = await context.client.post<string>(
        '/sys/role/add',
        { roleName: '稽查', roleCode: 'audit', description: '门店稽查' },
        token,
      );
      expect(added.body).toMatchObject({ success: true, message: '添加成功！' });
      const edited = await context.client.put(
        '/sys/role/edit',
        { id: added.body.result, roleName: '稽查员', roleCode: 'audit', roleLevel: 5 },
        token,
      );
      expect(edited.body).toMatchObject({ success: true, message: '修改成功!' });
      expect(
        (await context.client.get<Role>(`/sys/role/queryById?id=${added.body.result}`, token)).body.result,
      ).toMatchObject({ roleName: '稽查员', roleLevel: 5 });
      const deleted = await context.client.delete(`/sys/role/delete?id=${added.body.result}`, token);
      expect(deleted.body).toMatchObject({ success: true, message: '删除角色成功' });
      expect(await logCount('添加角色: 稽查(audit)')).toBe(1);
      expect(await logCount('编辑角色: 稽查员(audit)')).toBe(1);
      expect(await logCount('删除角色: audit')).toBe(1);
    });

    it('refuses to delete the caller’s own role, another tenant’s role, or without the code', async () => {
      expect(
        (await context.client.delete(`/sys/role/delete?id=${demoRoleId('A01', 'admin')}`, await admin())).body
          .message,
      ).toBe('不能删除自己所属的角色');
      expect(
        (
          await context.client.delete(
            `/sys/role/deleteBatch?ids=${demoRoleId('A01', 'mes')},`,
            await context.tokenOf('t2admin'),
          )
        ).body.success,
      ).toBe(false);
      expect(
        (
          await context.client.delete(
            `/sys/role/delete?id=${demoRoleId('A01', 'mes')}`,
            await context.tokenOf('zhangwei'),
          )
        ).status,
      ).toBe(403);
      expect(
        (await context.client.get<Role>(`/sys/role/queryById?id=${demoRoleId('A01', 'mes')}`, await admin()))
          .body.success,
      ).toBe(true);
    });
  });

  describe('users of a role', () => {
    it('lists, adds and removes the users of a role', async () => {
      const token = await admin();
      const mes = demoRoleId('A01', 'mes');
      const users = async () =>
        (
          await context.client.get<Page<{ username: string }>>(
            `/sys/user/userRoleList?roleId=${mes}&column=username&order=asc`,
            token,
          )
        ).body.result.records.map((user) => user.username);
      expect(await users()).toEqual(['mes_wxg', 'mes_zg']);
      const added = await context.client.post(
        '/sys/user/addSysUserRole',
        { roleId: mes, userIdList: [demoUserId('liuyang'), demoUserId('mes_zg')] },
        token,
      );
      expect(added.body).toMatchObject({ success: true, message: '添加成功!' });
      expect(await users()).toEqual(['liuyang', 'mes_wxg', 'mes_zg']);
      expect(
        (
          await context.client.delete(
            `/sys/user/deleteUserRole?roleId=${mes}&userId=${demoUserId('liuyang')}`,
            token,
          )
        ).body.success,
      ).toBe(true);
      expect(
        (
          await context.client.delete(
            `/sys/user/deleteUserRoleBatch?roleId=${mes}&userIds=${demoUserId('mes_zg')},`,
            token,
          )
        ).body.success,
      ).toBe(true);
      expect(await users()).toEqual(['mes_wxg']);
      await context.client.post(
        '/sys/user/addSysUserRole',
        { roleId: mes, userIdList: [demoUserId('mes_zg')] },
        token,
      );
      expect(await logCount('角色添加用户: liuyang,mes_zg')).toBe(1);
    });

    it('refuses another tenant’s users or roles, and callers without role:edit', async () => {
      const token = await admin();
      const foreignUser = await context.client.post(
        '/sys/user/addSysUserRole',
        { roleId: demoRoleId('A01', 'mes'), userIdList: [demoUserId('t2admin')] },
        token,
      );
      expect(foreignUser.body).toMatchObject({ success: false, message: '未找到对应实体' });
      const foreignRole = await context.client.post(
        '/sys/user/addSysUserRole',
        { roleId: demoRoleId('B01', 'admin'), userIdList: [demoUserId('liuyang')] },
        token,
      );
      expect(foreignRole.body).toMatchObject({ success: false, message: '所选角色不存在' });
      expect(
        (
          await context.client.post(
            '/sys/user/addSysUserRole',
            { roleId: demoRoleId('A01', 'mes'), userIdList: [] },
            token,
          )
        ).body.message,
      ).toBe('请选择用户');
      expect(
        (await context.client.post('/sys/user/addSysUserRole', {}, await context.tokenOf('zhangwei'))).status,
      ).toBe(403);
    });
  });

  describe('menus and buttons', () => {
    it('loads the menu list level by level', async () => {
      const token = await admin();
      const top = await context.client.get<PermissionNode[]>('/sys/permission/getSystemMenuList', token);
      // Every area's top menu in the seed's order (the business menus sit between 系统管理 and 我的消息).
      expect(top.body.result.map((node) => node.name)).toEqual(TOP_MENUS);
      expect(top.body.result.map((node) => node.isLeaf)).toEqual(
        DEFAULT_MENUS.map((menu) => menu.children === undefined),
      );
      expect(TOP_MENUS.slice(0, 2)).toEqual(['首页', '系统管理']);
      const system = demoPermissionId('A01', '/isystem');
      const users = demoPermissionId('A01', '/isystem/user');
      const sub = await context.client.get<PermissionNode[]>(
        `/sys/permission/getSystemSubmenu?parentId=${system}`,
        token,
      );
      expect(sub.body.result[0]).toMatchObject({ name: '用户管理', url: '/isystem/user', isLeaf: false });
      const batch = await context.client.get<Record<string, PermissionNode[]>>(
        `/sys/permission/getSystemSubmenuBatch?parentIds=${system},${users}`,
        token,
      );
      expect(Object.keys(batch.body.result)).toEqual([system, users]);
      expect(batch.body.result[users].map((node) => node.perms)).toContain('user:list');
      const foreign = await context.client.get<PermissionNode[]>(
        `/sys/permission/getSystemSubmenu?parentId=${system}`,
        await context.tokenOf('t2admin'),
      );
      expect(foreign.body.result).toEqual([]);
    });

    it('serves the tree, the role tree with every id, and lazy children', async () => {
      const token = await admin();
      const list = await context.client.get<PermissionNode[]>('/sys/permission/list', token);
      const system = list.body.result.find((node) => node.name === '系统管理');
      expect(system?.children?.map((node) => node.name)).toEqual([
        '用户管理',
        '角色管理',
        '菜单管理',
        '部门管理',
        '数据字典',
        '系统公告',
        '系统日志',
      ]);
      const tree = await context.client.get<{ treeList: TreeNode[]; ids: string[] }>(
        '/sys/permission/queryTreeList',
        token,
      );
      expect(
        flatten(tree.body.result.treeList)
          .map((node) => node.key)
          .sort(),
      ).toEqual([...tree.body.result.ids].sort());
      expect(tree.body.result.ids).toContain(demoPermissionId('A01', 'user:add'));
      expect(tree.body.result.ids).not.toContain(demoPermissionId('B01', 'user:add'));
      const roots = await context.client.get<TreeNode[]>('/sys/permission/queryListAsync', token);
      expect(roots.body.result.map((node) => node.title)).toEqual(TOP_MENUS);
      const children = await context.client.get<TreeNode[]>(
        `/sys/permission/queryListAsync?pid=${demoPermissionId('A01', '/isystem/user')}`,
        token,
      );
      expect(children.body.result.map((node) => node.title)).toContain('新增用户');
      expect(children.body.result.every((node) => node.isLeaf)).toBe(true);
    });

    it('adds a menu and a button with the contract’s normalisation, edits and deletes them with their children', async () => {
      const token = await admin();
      const menu = await context.client.post<string>(
        '/sys/permission/add',
        { name: '报表', menuType: 0, url: 'report' },
        token,
      );
      expect(menu.body).toMatchObject({ success: true, message: '添加成功！' });
      const page = await context.client.post<string>(
        '/sys/permission/add',
        {
          name: '销量报表',
          menuType: 1,
          parentId: menu.body.result,
          url: '/report/sales.vue',
          component: '/src/views/report/SalesReport.vue',
        },
        token,
      );
      const button = await context.client.post<string>(
        '/sys/permission/add',
        { name: '导出', menuType: 2, parentId: page.body.result, perms: 'report:export' },
        token,
      );
      expect(button.body.success).toBe(true);
      const nodes = flatten(
        (await context.client.get<PermissionNode[]>('/sys/permission/list', token)).body.result,
      );
      expect(nodes.find((node) => node.id === menu.body.result)).toMatchObject({
        url: '/report',
        component: 'layouts/RouteView',
        leaf: false,
      });
      expect(nodes.find((node) => node.id === page.body.result)).toMatchObject({
        url: '/report/sales',
        component: 'report/SalesReport',
        leaf: false,
      });
      expect(nodes.find((node) => node.id === button.body.result)).toMatchObject({
        perms: 'report:export',
        menuType: 2,
        leaf: true,
      });

      expect(
        (
          await context.client.put(
            '/sys/permission/edit',
            { id: menu.body.result, name: '报表', menuType: 1, parentId: button.body.result, url: '/report' },
            token,
          )
        ).body.message,
      ).toBe('上级菜单不能是按钮');
      expect(
        (
          await context.client.put(
            '/sys/permission/edit',
            { id: menu.body.result, name: '报表', menuType: 1, parentId: page.body.result, url: '/report' },
            token,
          )
        ).body.message,
      ).toBe('上级菜单不能是自己或自己的下级');
      expect(
        (
          await context.client.put(
            '/sys/permission/edit',
            {
              id: page.body.result,
              name: '销量报表2',
              menuType: 1,
              parentId: menu.body.result,
              url: '/report/sales',
              icon: 'bar-chart',
            },
            token,
          )
        ).body,
      ).toMatchObject({ success: true, message: '修改成功！' });

      expect(
        (await context.client.delete(`/sys/permission/delete?id=${menu.body.result}`, token)).body,
      ).toMatchObject({ success: true, message: '删除成功!' });
      const after = flatten(
        (await context.client.get<PermissionNode[]>('/sys/permission/list', token)).body.result,
      ).map((node) => node.id);
      expect(after).not.toContain(page.body.result);
      expect(after).not.toContain(button.body.result);
      expect(await logCount('添加菜单: 导出')).toBe(1);
      expect(await logCount('删除菜单: 报表')).toBe(1);
    });

    it.each<[Record<string, unknown>, string]>([
      [{ name: '', menuType: 0, url: '/x' }, '请输入菜单名称!'],
      [{ name: 'x', menuType: 5, url: '/x' }, '菜单类型只能是一级菜单(0)、子菜单(1)或按钮(2)'],
      [{ name: 'x', menuType: 0 }, '请输入菜单路径!'],
      [{ name: 'x', menuType: 1, url: '/x' }, '请选择上级菜单!'],
      [{ name: 'x', menuType: 2, parentId: 'PARENT' }, '请输入授权标识!'],
      [
        { name: 'x', menuType: 2, parentId: 'PARENT', perms: 'a b' },
        '授权标识只能包含字母、数字和 : _ - . ,',
      ],
      [{ name: 'x', menuType: 1, parentId: 'FOREIGN', url: '/x' }, '请选择上级菜单!'],
    ])('refuses the menu %j', async (form, message) => {
      const parentId = String(form.parentId ?? '')
        .replace('PARENT', demoPermissionId('A01', '/isystem/user'))
        .replace('FOREIGN', demoPermissionId('B01', '/isystem'));
      const { body } = await context.client.post(
        '/sys/permission/add',
        form.parentId === undefined ? form : { ...form, parentId },
        await admin(),
      );
      expect(body).toMatchObject({ success: false, message });
    });

    it('refuses menu changes without the codes and on another tenant’s rows', async () => {
      expect(
        (
          await context.client.post(
            '/sys/permission/add',
            { name: 'x', menuType: 0, url: '/x' },
            await context.tokenOf('zhangwei'),
          )
        ).status,
      ).toBe(403);
      expect(
        (await context.client.get('/sys/permission/list', await context.tokenOf('zhangwei'))).status,
      ).toBe(403);
      const foreign = await context.client.delete(
        `/sys/permission/delete?id=${demoPermissionId('A01', '/isystem/log')}`,
        await context.tokenOf('t2admin'),
      );
      expect(foreign.body.success).toBe(false);
    });
  });

  describe('role permissions', () => {
    it('saves a role’s permissions as a diff, which the role’s users feel at once', async () => {
      const token = await admin();
      const salesRole = demoRoleId('A01', 'sales');
      const before = await context.client.get<string[]>(
        `/sys/permission/queryRolePermission?roleId=${salesRole}`,
        token,
      );
      expect([...before.body.result].sort()).toEqual(
        [
          demoPermissionId('A01', '/dashboard/analysis'),
          demoPermissionId('A01', '/isps/userAnnouncement'),
          ...[...REP_VISITS, ...REP_EXECUTION].map((key) => demoPermissionId('A01', key)),
        ].sort(),
      );
      const wangfang = await loginAs(context.client, 'wangfang');
      expect((await context.client.get('/sys/user/list', wangfang)).status).toBe(403);

      const granted = [
        demoPermissionId('A01', '/isystem'),
        demoPermissionId('A01', '/isystem/user'),
        demoPermissionId('A01', 'user:list'),
      ];
      const saved = await context.client.post(
        '/sys/permission/saveRolePermission',
        {
          roleId: salesRole,
          permissionIds: [...before.body.result, ...granted].join(','),
          lastpermissionIds: before.body.result.join(','),
        },
        token,
      );
      expect(saved.body).toMatchObject({ success: true, message: '保存成功！' });
      expect((await context.client.get('/sys/user/list', wangfang)).status).toBe(200);
      const menu = await context.client.get<{
        menu: Array<{ meta: { title: string }; children?: Array<{ meta: { title: string } }> }>;
      }>('/sys/permission/getUserPermissionByToken', wangfang);
      expect(menu.body.result.menu.map((node) => node.meta.title)).toEqual([
        '首页',
        '系统管理',
        '拜访管理',
        '我的消息',
      ]);

      // Unchecking: only what was removed goes.
      const removed = await context.client.post(
        '/sys/permission/saveRolePermission',
        {
          roleId: salesRole,
          permissionIds: before.body.result.join(','),
          lastpermissionIds: [...before.body.result, ...granted].join(','),
        },
        token,
      );
      expect(removed.body.success).toBe(true);
      const after = await context.client.get<string[]>(
        `/sys/permission/queryRolePermission?roleId=${salesRole}`,
        token,
      );
      expect([...after.body.result].sort()).toEqual([...before.body.result].sort());
      expect((await context.client.get('/sys/user/list', wangfang)).status).toBe(403);
      expect(await logCount('角色授权: sales，新增 3 项，移除 0 项')).toBe(1);
    });

    it('refuses another tenant’s role or permissions, and callers without role:authorize', async () => {
      const t2 = await context.client.post(
        '/sys/permission/saveRolePermission',
        { roleId: demoRoleId('A01', 'sales'), permissionIds: demoPermissionId('A01', 'user:list') },
        await context.tokenOf('t2admin'),
      );
      expect(t2.body).toMatchObject({ success: false, message: '未找到对应实体' });
      const foreignPermission = await context.client.post(
        '/sys/permission/saveRolePermission',
        { roleId: demoRoleId('A01', 'sales'), permissionIds: demoPermissionId('B01', 'user:list') },
        await admin(),
      );
      expect(foreignPermission.body).toMatchObject({ success: false, message: '授权失败！所选权限不存在' });
      expect(
        (
          await context.client.post(
            '/sys/permission/saveRolePermission',
            {},
            await context.tokenOf('zhangwei'),
          )
        ).status,
      ).toBe(403);
      expect(
        (
          await context.client.get(
            `/sys/permission/queryRolePermission?roleId=${demoRoleId('A01', 'sales')}`,
            await context.tokenOf('t2admin'),
          )
        ).body.success,
      ).toBe(false);
    });
  });
});
