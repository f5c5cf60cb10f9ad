// Demo organisation of both tenants: departments, roles, menus and buttons, and one account for every
// branch of the login (spec §4): see README "演示账号".
import type { Insertable } from 'kysely';
import { hashPassword } from '../../modules/auth/passwords';
import type { PermissionsTable } from '../schema';
import { demoDepartId, demoPermissionId, demoRoleId, demoUserId } from './ids';
import type { SeedStep } from './index';

interface DemoDepart {
  orgCode: string;
  name: string;
}

export const DEMO_DEPARTS: Record<string, DemoDepart[]> = {
  A01: [
    { orgCode: 'A01', name: '华饮酒业集团' },
    { orgCode: 'A01A01', name: '华东大区' },
    { orgCode: 'A01A01A01', name: '上海办事处' },
    { orgCode: 'A01A01A02', name: '杭州办事处' },
    { orgCode: 'A01A02', name: '华南大区' },
    { orgCode: 'A01A02A01', name: '广州办事处' },
    { orgCode: 'A02', name: '生产中心' },
  ],
  B01: [{ orgCode: 'A01', name: '川府饮品' }],
};

/** Three characters per level: the parent of A01A02A01 is A01A02. */
const ORG_CODE_LEVEL = 3;

interface DemoRole {
  code: string;
  name: string;
  level: number;
  /** Menu urls and button codes granted; '*' grants everything. */
  grants: '*' | string[];
}

export const DEMO_ROLES: Record<string, DemoRole[]> = {
  A01: [
    { code: 'admin', name: '系统管理员', level: 1, grants: '*' },
    {
      code: 'dept_manager',
      name: '区域经理',
      level: 9,
      grants: [
        '/dashboard/analysis',
        '/isystem',
        '/isystem/user',
        '/isystem/depart',
        'user:add',
        'user:edit',
      ],
    },
    { code: 'sales', name: '业务代表', level: 5, grants: ['/dashboard/analysis'] },
    { code: 'mes', name: '生产系统', level: 5, grants: ['/dashboard/analysis'] },
  ],
  B01: [{ code: 'admin', name: '系统管理员', level: 1, grants: '*' }],
};

export interface DemoUser {
  username: string;
  realname: string;
  tenantId: string;
  phone: string;
  sex: 1 | 2;
  roles: string[];
  /** Org codes of the user's departments. */
  departs: string[];
  roleEnum?: string;
}

export const DEMO_USERS: DemoUser[] = [
  // One department: logs straight in (multi_depart 1).
  {
    username: 'admin',
    realname: '管理员',
    tenantId: 'A01',
    phone: '13800000001',
    sex: 1,
    roles: ['admin'],
    departs: ['A01'],
  },
  // Several departments: must pick one (multi_depart 2).
  {
    username: 'zhangwei',
    realname: '张伟',
    tenantId: 'A01',
    phone: '13800000002',
    sex: 1,
    roles: ['dept_manager'],
    departs: ['A01A01A01', 'A01A01A02', 'A01A02A01'],
  },
  // No department but a role of level 9: logs in without a warning.
  {
    username: 'liuyang',
    realname: '刘洋',
    tenantId: 'A01',
    phone: '13800000003',
    sex: 1,
    roles: ['dept_manager'],
    departs: [],
  },
  // No department and no level-9 role: warned 您尚未归属部门.
  {
    username: 'wangfang',
    realname: '王芳',
    tenantId: 'A01',
    phone: '13800000004',
    sex: 2,
    roles: ['sales'],
    departs: [],
  },
  // Production-system users: MES_ZG may sign in, MES_WXG is refused by the SPA.
  {
    username: 'mes_zg',
    realname: '周工',
    tenantId: 'A01',
    phone: '13800000005',
    sex: 1,
    roles: ['mes'],
    departs: ['A02'],
    roleEnum: 'MES_ZG',
  },
  {
    username: 'mes_wxg',
    realname: '吴师傅',
    tenantId: 'A01',
    phone: '13800000006',
    sex: 1,
    roles: ['mes'],
    departs: ['A02'],
    roleEnum: 'MES_WXG',
  },
  // The second tenant's administrator: sees only B01's rows.
  {
    username: 't2admin',
    realname: '川府管理员',
    tenantId: 'B01',
    phone: '13900000001',
    sex: 2,
    roles: ['admin'],
    departs: ['A01'],
  },
];

interface DemoMenu {
  name: string;
  url: string;
  component: string;
  icon?: string;
  hidden?: boolean;
  children?: DemoMenu[];
  buttons?: Array<{ perms: string; name: string }>;
}

/** The same menu tree is seeded for each tenant: permissions are per tenant like every business row. */
export const DEMO_MENUS: DemoMenu[] = [
  { name: '首页', url: '/dashboard/analysis', component: 'dashboard/Analysis', icon: 'home' },
  {
    name: '系统管理',
    url: '/isystem',
    component: 'layouts/RouteView',
    icon: 'setting',
    children: [
      {
        name: '用户管理',
        url: '/isystem/user',
        component: 'system/UserList',
        buttons: [
          { perms: 'user:add', name: '新增用户' },
          { perms: 'user:edit', name: '编辑用户' },
          { perms: 'user:delete', name: '删除用户' },
          { perms: 'user:frozen', name: '冻结用户' },
        ],
      },
      {
        name: '角色管理',
        url: '/isystem/role',
        component: 'system/RoleList',
        buttons: [
          { perms: 'role:add', name: '新增角色' },
          { perms: 'role:edit', name: '编辑角色' },
          { perms: 'role:delete', name: '删除角色' },
          { perms: 'role:authorize', name: '角色授权' },
        ],
      },
      {
        name: '菜单管理',
        url: '/isystem/permission',
        component: 'system/PermissionList',
        buttons: [
          { perms: 'permission:add', name: '新增菜单' },
          { perms: 'permission:edit', name: '编辑菜单' },
          { perms: 'permission:delete', name: '删除菜单' },
        ],
      },
      {
        name: '部门管理',
        url: '/isystem/depart',
        component: 'system/DepartList',
        buttons: [
          { perms: 'depart:add', name: '新增部门' },
          { perms: 'depart:edit', name: '编辑部门' },
          { perms: 'depart:delete', name: '删除部门' },
        ],
      },
      {
        name: '数据字典',
        url: '/isystem/dict',
        component: 'system/DictList',
        buttons: [
          { perms: 'dict:add', name: '新增字典' },
          { perms: 'dict:edit', name: '编辑字典' },
          { perms: 'dict:delete', name: '删除字典' },
        ],
      },
      {
        name: '系统公告',
        url: '/isystem/annountCement',
        component: 'system/SysAnnouncementList',
        buttons: [
          { perms: 'annountCement:add', name: '新增公告' },
          { perms: 'annountCement:release', name: '发布公告' },
        ],
      },
      {
        name: '系统日志',
        url: '/isystem/log',
        component: 'system/LogList',
        buttons: [{ perms: 'log:delete', name: '删除日志' }],
      },
    ],
  },
  {
    name: '我的消息',
    url: '/isps/userAnnouncement',
    component: 'system/UserAnnouncementList',
    hidden: true,
  },
];

type PermissionRow = Insertable<PermissionsTable>;

/** The menu tree as rows: menus keyed by url, buttons by permission code; sort numbers follow the list. */
function menuRows(tenantId: string, menus: DemoMenu[], parentUrl: string | null): PermissionRow[] {
  return menus.flatMap((menu, index): PermissionRow[] => {
    const id = demoPermissionId(tenantId, menu.url);
    const buttons = menu.buttons ?? [];
    const children = menu.children ?? [];
    const row: PermissionRow = {
      id,
      tenant_id: tenantId,
      parent_id: parentUrl === null ? null : demoPermissionId(tenantId, parentUrl),
      name: menu.name,
      url: menu.url,
      component: menu.component,
      menu_type: parentUrl === null ? 0 : 1,
      sort_no: index,
      icon: menu.icon ?? null,
      hidden: menu.hidden ?? false,
      is_leaf: children.length === 0 && buttons.length === 0,
    };
    const buttonRows = buttons.map((button, buttonIndex): PermissionRow => ({
      id: demoPermissionId(tenantId, button.perms),
      tenant_id: tenantId,
      parent_id: id,
      name: button.name,
      menu_type: 2,
      perms: button.perms,
      perms_type: '1',
      sort_no: buttonIndex,
      is_route: false,
      status: '1',
    }));
    return [row, ...buttonRows, ...menuRows(tenantId, children, menu.url)];
  });
}

/** The permission keys (menu url or button code) of a row. */
function keyOf(row: PermissionRow): string {
  return (row.menu_type === 2 ? row.perms : row.url) as string;
}

export const seedOrganisation: SeedStep = async (trx, { adminPassword }) => {
  for (const [tenantId, departs] of Object.entries(DEMO_DEPARTS)) {
    // Parents come before their children in the list, so the foreign key always finds its parent.
    for (const [order, depart] of departs.entries()) {
      const parentCode = depart.orgCode.slice(0, -ORG_CODE_LEVEL);
      await trx
        .insertInto('departs')
        .values({
          id: demoDepartId(tenantId, depart.orgCode),
          tenant_id: tenantId,
          parent_id: parentCode ? demoDepartId(tenantId, parentCode) : null,
          depart_name: depart.name,
          org_code: depart.orgCode,
          org_type: String(depart.orgCode.length / ORG_CODE_LEVEL),
          depart_order: order,
        })
        .execute();
    }

    const permissions = menuRows(tenantId, DEMO_MENUS, null);
    // Parents precede children in menuRows' output; one insert keeps it a single round trip.
    await trx.insertInto('permissions').values(permissions).execute();

    for (const role of DEMO_ROLES[tenantId]) {
      const roleId = demoRoleId(tenantId, role.code);
      await trx
        .insertInto('roles')
        .values({
          id: roleId,
          tenant_id: tenantId,
          role_code: role.code,
          role_name: role.name,
          role_level: role.level,
        })
        .execute();
      const grants = role.grants;
      const granted = grants === '*' ? permissions : permissions.filter((row) => grants.includes(keyOf(row)));
      await trx
        .insertInto('role_permissions')
        .values(granted.map((row) => ({ tenant_id: tenantId, role_id: roleId, permission_id: row.id })))
        .execute();
    }
  }

  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(adminPassword)));
  for (const [index, user] of DEMO_USERS.entries()) {
    const userId = demoUserId(user.username);
    await trx
      .insertInto('users')
      .values({
        id: userId,
        tenant_id: user.tenantId,
        username: user.username,
        realname: user.realname,
        email: `${user.username}@example.com`,
        phone: user.phone,
        sex: user.sex,
        role_enum: user.roleEnum ?? null,
        password_hash: hashes[index],
      })
      .execute();
    for (const roleCode of user.roles) {
      await trx
        .insertInto('user_roles')
        .values({ tenant_id: user.tenantId, user_id: userId, role_id: demoRoleId(user.tenantId, roleCode) })
        .execute();
    }
    for (const orgCode of user.departs) {
      await trx
        .insertInto('user_departs')
        .values({
          tenant_id: user.tenantId,
          user_id: userId,
          depart_id: demoDepartId(user.tenantId, orgCode),
        })
        .execute();
    }
  }
};
