// What every tenant's organisation is made of, written the same way for the seed's demo tenants and for each
// company that registers: departments, the default menu tree with its buttons, roles with their grants, and
// accounts with their roles and departments.
import type { Insertable, Kysely } from 'kysely';
import { stableId } from '../../db/ids';
import type { DB, PermissionsTable, Sex } from '../../db/schema';

export interface MenuDefinition {
  name: string;
  url: string;
  component: string;
  icon?: string;
  hidden?: boolean;
  children?: MenuDefinition[];
  buttons?: Array<{ perms: string; name: string }>;
}

/** The menu tree every tenant starts with: permissions are per tenant like every business row. */
export const DEFAULT_MENUS: MenuDefinition[] = [
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
          { perms: 'annountCement:list', name: '查看公告' },
          { perms: 'annountCement:add', name: '新增公告' },
          { perms: 'annountCement:edit', name: '编辑公告' },
          { perms: 'annountCement:delete', name: '删除公告' },
          { perms: 'annountCement:release', name: '发布公告' },
          { perms: 'annountCement:revoke', name: '撤销公告' },
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

/**
 * The id of a tenant's menu or button, derived from the tenant and `key` (the menu's url or the button's
 * permission code): each tenant's tree has its own ids, and the demo tenants' ids are known in advance.
 */
export const permissionIdOf = (tenantId: string, key: string) => stableId('permission', tenantId, key);

export type PermissionRow = Insertable<PermissionsTable>;

/** The menu tree as rows: parents before their children, sort numbers following the list. */
function menuRows(tenantId: string, menus: MenuDefinition[], parentUrl: string | null): PermissionRow[] {
  return menus.flatMap((menu, index): PermissionRow[] => {
    const id = permissionIdOf(tenantId, menu.url);
    const buttons = menu.buttons ?? [];
    const children = menu.children ?? [];
    const row: PermissionRow = {
      id,
      tenant_id: tenantId,
      parent_id: parentUrl === null ? null : permissionIdOf(tenantId, parentUrl),
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
      id: permissionIdOf(tenantId, button.perms),
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

/** Writes the default menu tree of a tenant and returns its rows. */
export async function insertDefaultMenus(db: Kysely<DB>, tenantId: string): Promise<PermissionRow[]> {
  const rows = menuRows(tenantId, DEFAULT_MENUS, null);
  // One insert, parents first, so the foreign key always finds its parent.
  await db.insertInto('permissions').values(rows).execute();
  return rows;
}

/** Three characters per level: the parent of A01A02A01 is A01A02. */
export const ORG_CODE_LEVEL = 3;
/** The org code of a tenant's first root department. */
export const ROOT_ORG_CODE = 'A01';

export interface NewDepart {
  id: string;
  tenantId: string;
  parentId: string | null;
  name: string;
  orgCode: string;
  order: number;
}

export async function insertDepart(db: Kysely<DB>, depart: NewDepart): Promise<void> {
  await db
    .insertInto('departs')
    .values({
      id: depart.id,
      tenant_id: depart.tenantId,
      parent_id: depart.parentId,
      depart_name: depart.name,
      org_code: depart.orgCode,
      org_type: String(depart.orgCode.length / ORG_CODE_LEVEL),
      depart_order: depart.order,
    })
    .execute();
}

export interface RoleDefinition {
  code: string;
  name: string;
  level: number;
  /** Menu urls and button codes granted; '*' grants everything. */
  grants: '*' | string[];
}

/** The administrator of a tenant: every menu and button. */
export const ADMIN_ROLE: RoleDefinition = { code: 'admin', name: '系统管理员', level: 1, grants: '*' };

/** The permission key (menu url or button code) of a row. */
function keyOf(row: PermissionRow): string {
  return (row.menu_type === 2 ? row.perms : row.url) as string;
}

/** Writes a role and grants it its share of the tenant's permissions. */
export async function insertRole(
  db: Kysely<DB>,
  role: RoleDefinition & { id: string; tenantId: string },
  permissions: PermissionRow[],
): Promise<void> {
  await db
    .insertInto('roles')
    .values({
      id: role.id,
      tenant_id: role.tenantId,
      role_code: role.code,
      role_name: role.name,
      role_level: role.level,
    })
    .execute();
  const { grants } = role;
  const granted = grants === '*' ? permissions : permissions.filter((row) => grants.includes(keyOf(row)));
  if (granted.length === 0) return;
  await db
    .insertInto('role_permissions')
    .values(granted.map((row) => ({ tenant_id: role.tenantId, role_id: role.id, permission_id: row.id })))
    .execute();
}

export interface NewAccount {
  id: string;
  tenantId: string;
  username: string;
  realname: string;
  phone: string;
  email: string | null;
  sex: Sex | null;
  roleEnum: string | null;
  passwordHash: string;
  roleIds: string[];
  departIds: string[];
}

/** Writes a user with its roles and departments. */
export async function insertAccount(db: Kysely<DB>, account: NewAccount): Promise<void> {
  const { id: userId, tenantId } = account;
  await db
    .insertInto('users')
    .values({
      id: userId,
      tenant_id: tenantId,
      username: account.username,
      realname: account.realname,
      email: account.email,
      phone: account.phone,
      sex: account.sex,
      role_enum: account.roleEnum,
      password_hash: account.passwordHash,
    })
    .execute();
  if (account.roleIds.length > 0) {
    await db
      .insertInto('user_roles')
      .values(account.roleIds.map((roleId) => ({ tenant_id: tenantId, user_id: userId, role_id: roleId })))
      .execute();
  }
  if (account.departIds.length > 0) {
    await db
      .insertInto('user_departs')
      .values(
        account.departIds.map((departId) => ({ tenant_id: tenantId, user_id: userId, depart_id: departId })),
      )
      .execute();
  }
}
