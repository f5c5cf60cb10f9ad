// Menus and buttons of a tenant (API.md §6.3): the tree (menuType 0 top-level menu, 1 sub-menu, 2 button),
// add and edit with the reference contract's normalisation, delete with descendants, lazy children, and the
// permissions of a role saved as a diff.
import { sql, type Kysely } from 'kysely';
import { shanghaiDateTime } from '../../../db/dates';
import { newId } from '../../../db/ids';
import type { ActiveFlag, DB, MenuType, PermsType } from '../../../db/schema';
import { BusinessError } from '../../../http/envelope';
import {
  audit,
  idList,
  inTransaction,
  found,
  notFound,
  OperateType,
  optionalText,
  requiredText,
  splitIds,
  type Actor,
} from '../commands';
import { nest } from '../tree';
import { grantToAdministrators } from '../../auth/tenantOrganisation';
import {
  requireCodesHeld,
  requireGrantable,
  requirePermissionsHeld,
  requireRolesWithinReach,
} from '../privilege';

export const permissionMessages = {
  added: '添加成功！',
  edited: '修改成功！',
  deleted: '删除成功!',
  saved: '保存成功！',
  nameRequired: '请输入菜单名称!',
  menuTypeInvalid: '菜单类型只能是一级菜单(0)、子菜单(1)或按钮(2)',
  urlRequired: '请输入菜单路径!',
  parentRequired: '请选择上级菜单!',
  parentIsButton: '上级菜单不能是按钮',
  parentIsSelf: '上级菜单不能是自己或自己的下级',
  permsRequired: '请输入授权标识!',
  permsPattern: '授权标识只能包含字母、数字和 : _ - . ,',
  permsTypeInvalid: '授权策略只能是显示(1)或可编辑(2)',
  statusInvalid: '状态只能是有效(1)或无效(0)',
  idRequired: '请选择要编辑的菜单',
  noneSelected: '请选择要删除的菜单',
  roleRequired: '请选择角色',
  permissionsInvalid: '授权失败！所选权限不存在',
} as const;

/** A permission row as the API sends it (the SysPermission entity). */
export interface PermissionRecord {
  id: string;
  parentId: string | null;
  name: string;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  icon: string | null;
  perms: string | null;
  permsType: string;
  menuType: number;
  sortNo: number;
  leaf: boolean;
  route: boolean;
  keepAlive: boolean;
  hidden: boolean;
  alwaysShow: boolean;
  internalOrExternal: boolean;
  status: string;
  description: string | null;
  delFlag: number;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string;
}

function tenantPermissions(db: Kysely<DB>, tenantId: string) {
  return db
    .selectFrom('permissions')
    .select([
      'id',
      'parent_id as parentId',
      'name',
      'url',
      'component',
      'component_name as componentName',
      'redirect',
      'icon',
      'perms',
      'perms_type as permsType',
      'menu_type as menuType',
      'sort_no as sortNo',
      'is_leaf as leaf',
      'is_route as route',
      'keep_alive as keepAlive',
      'hidden',
      'always_show as alwaysShow',
      'internal_or_external as internalOrExternal',
      'status',
      'description',
      'del_flag as delFlag',
      'created_by as createBy',
      shanghaiDateTime('created_at').as('createTime'),
      'updated_by as updateBy',
      shanghaiDateTime('updated_at').as('updateTime'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('del_flag', '=', 0)
    .orderBy('sort_no')
    .orderBy('id');
}

/** GET /sys/permission/list: every menu and button as a tree of entity nodes. */
export async function permissionList(db: Kysely<DB>, tenantId: string) {
  const rows = await tenantPermissions(db, tenantId).execute();
  const parents = new Set(rows.map((row) => row.parentId));
  return nest(rows, (row) => ({ ...row, key: row.id, title: row.name, isLeaf: !parents.has(row.id) }));
}

/**
 * The lazily loaded variant of the list (getSystemMenuList / getSystemSubmenu[Batch]): the entity nodes whose
 * parent is one of `parentIds` (the top-level menus for null), each with isLeaf, grouped by parent.
 */
export async function permissionNodesUnder(db: Kysely<DB>, tenantId: string, parentIds: string[] | null) {
  const rows = await tenantPermissions(db, tenantId)
    .where((eb) => (parentIds === null ? eb('menu_type', '=', 0) : eb('parent_id', 'in', parentIds)))
    .select(
      sql<boolean>`not exists (select 1 from permissions c where c.parent_id = permissions.id)`.as('isLeaf'),
    )
    .execute();
  return rows.map((row) => ({ ...row, key: row.id, title: row.name }));
}

/** `{parentId: nodes}` for the parents among `parentIds` that are the tenant's (others are left out, not echoed). */
export async function permissionNodesByParent(db: Kysely<DB>, tenantId: string, parentIds: string[]) {
  const parents = await db
    .selectFrom('permissions')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', parentIds)
    .execute();
  const known = parentIds.filter((id) => parents.some((parent) => parent.id === id));
  const nodes = known.length === 0 ? [] : await permissionNodesUnder(db, tenantId, known);
  return Object.fromEntries(known.map((id) => [id, nodes.filter((node) => node.parentId === id)]));
}

/** The TreeModel node of API.md §6.1. */
function treeModel(row: PermissionRecord, isLeaf: boolean) {
  return {
    key: row.id,
    value: row.id,
    title: row.name,
    slotTitle: row.name,
    label: row.name,
    icon: row.icon,
    parentId: row.parentId ?? '',
    isLeaf,
    ruleFlag: 0,
    scopedSlots: { title: 'hasDatarule' },
    menuType: row.menuType,
    perms: row.perms,
  };
}

/** `{treeList, ids}`: the tree the role authorisation shows, and every id (to check all). */
export async function permissionTree(db: Kysely<DB>, tenantId: string) {
  const rows = await tenantPermissions(db, tenantId).execute();
  const parents = new Set(rows.map((row) => row.parentId));
  return {
    treeList: nest(rows, (row) => treeModel(row, !parents.has(row.id))),
    ids: rows.map((row) => row.id),
  };
}

/** The children of `pid` (the roots when none) as TreeModel nodes, for trees that load lazily. */
export async function permissionChildren(db: Kysely<DB>, tenantId: string, pid: string | undefined) {
  const parentId = optionalText(pid);
  const rows = await tenantPermissions(db, tenantId)
    .where((eb) => (parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId)))
    .execute();
  if (rows.length === 0) return [];
  const withChildren = await db
    .selectFrom('permissions')
    .select('parent_id')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where(
      'parent_id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  const parents = new Set(withChildren.map((row) => row.parent_id));
  return rows.map((row) => treeModel(row, !parents.has(row.id)));
}

export interface PermissionForm {
  id?: string;
  parentId?: string | null;
  name?: string;
  url?: string | null;
  component?: string | null;
  componentName?: string | null;
  redirect?: string | null;
  icon?: string | null;
  perms?: string | null;
  permsType?: string | null;
  menuType?: number | string;
  sortNo?: number | string | null;
  route?: boolean;
  keepAlive?: boolean;
  hidden?: boolean;
  alwaysShow?: boolean;
  internalOrExternal?: boolean;
  status?: string | null;
  description?: string | null;
}

const PERMS_PATTERN = /^[A-Za-z0-9:_.,-]+$/;

/** component: no leading '/', 'views/' or 'src/views/', no '.vue' (API.md §6.3). */
export function normaliseComponent(component: string | null): string | null {
  if (component === null) return null;
  return component
    .replace(/^\/+/, '')
    .replace(/^src\/views\//, '')
    .replace(/^views\//, '')
    .replace(/\.vue$/, '');
}

/** url: no '.vue', and a leading '/' unless it is an external address or a {{ template }}. */
export function normaliseUrl(url: string | null): string | null {
  if (url === null) return null;
  const bare = url.replace(/\.vue$/, '');
  return bare.startsWith('http') || bare.startsWith('{{') || bare.startsWith('/') ? bare : `/${bare}`;
}

function validPermission(form: PermissionForm) {
  const name = requiredText(form.name, permissionMessages.nameRequired);
  const menuType = Number(form.menuType ?? 0) as MenuType;
  if (![0, 1, 2].includes(menuType)) throw new BusinessError(400, permissionMessages.menuTypeInvalid);
  const parentId = menuType === 0 ? null : optionalText(form.parentId);
  if (menuType !== 0 && parentId === null) throw new BusinessError(400, permissionMessages.parentRequired);
  const url = normaliseUrl(optionalText(form.url));
  if (menuType !== 2 && url === null) throw new BusinessError(400, permissionMessages.urlRequired);
  const perms = optionalText(form.perms);
  if (menuType === 2 && perms === null) throw new BusinessError(400, permissionMessages.permsRequired);
  if (perms !== null && !PERMS_PATTERN.test(perms))
    throw new BusinessError(400, permissionMessages.permsPattern);
  const permsType = (optionalText(form.permsType) ?? '1') as PermsType;
  if (!['1', '2'].includes(permsType)) throw new BusinessError(400, permissionMessages.permsTypeInvalid);
  const status = (optionalText(form.status) ?? '1') as ActiveFlag;
  if (!['0', '1'].includes(status)) throw new BusinessError(400, permissionMessages.statusInvalid);
  const sortNo =
    form.sortNo === undefined || form.sortNo === null || form.sortNo === '' ? 0 : Number(form.sortNo);
  // A top-level menu without a component is a RouteView (API.md §6.3).
  const component =
    normaliseComponent(optionalText(form.component)) ?? (menuType === 0 ? 'layouts/RouteView' : null);
  return {
    parent_id: parentId,
    name,
    url: menuType === 2 ? null : url,
    component: menuType === 2 ? null : component,
    component_name: optionalText(form.componentName),
    redirect: optionalText(form.redirect),
    icon: optionalText(form.icon),
    perms: menuType === 2 ? perms : null,
    perms_type: permsType,
    menu_type: menuType,
    sort_no: Number.isFinite(sortNo) ? sortNo : 0,
    is_route: menuType === 2 ? false : (form.route ?? true),
    keep_alive: form.keepAlive ?? false,
    hidden: form.hidden ?? false,
    always_show: form.alwaysShow ?? false,
    internal_or_external: form.internalOrExternal ?? false,
    status,
    description: optionalText(form.description),
  };
}

/** The parent must be a menu of the tenant (not a button), and not the node itself or one of its descendants. */
async function requireParent(
  db: Kysely<DB>,
  tenantId: string,
  parentId: string | null,
  selfId: string | null,
) {
  if (parentId === null) return;
  const parent = await db
    .selectFrom('permissions')
    .select('menu_type')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', parentId)
    .executeTakeFirst();
  if (!parent) throw new BusinessError(400, permissionMessages.parentRequired);
  if (parent.menu_type === 2) throw new BusinessError(400, permissionMessages.parentIsButton);
  if (selfId === null) return;
  const { rows } = await sql<{ id: string }>`
    with recursive below(id) as (
      select ${selfId}::text
      union all select p.id from permissions p join below b on p.parent_id = b.id
    ) select id from below where id = ${parentId}`.execute(db);
  if (rows.length > 0) throw new BusinessError(400, permissionMessages.parentIsSelf);
}

/** Sets is_leaf of the given nodes from whether they have children now. */
async function refreshLeaves(db: Kysely<DB>, ids: Array<string | null>) {
  const present = ids.filter((id): id is string => id !== null);
  if (present.length === 0) return;
  await db
    .updateTable('permissions')
    .set({
      is_leaf: sql<boolean>`not exists (select 1 from permissions c where c.parent_id = permissions.id)`,
    })
    .where('id', 'in', present)
    .execute();
}

export async function addPermission(db: Kysely<DB>, actor: Actor, form: PermissionForm): Promise<string> {
  const permission = validPermission(form);
  return inTransaction(db, async (trx) => {
    await requireParent(trx, actor.tenantId, permission.parent_id, null);
    const id = newId();
    await trx
      .insertInto('permissions')
      .values({ ...permission, id, tenant_id: actor.tenantId, is_leaf: true, created_by: actor.username })
      .execute();
    // The administrator holds every permission of the tenant, so that they can hand the new one out.
    await grantToAdministrators(trx, actor.tenantId, id);
    await refreshLeaves(trx, [permission.parent_id]);
    await audit(trx, actor, OperateType.add, `添加菜单: ${permission.name}`);
    return id;
  });
}

export async function editPermission(db: Kysely<DB>, actor: Actor, form: PermissionForm): Promise<void> {
  const id = requiredText(form.id, permissionMessages.idRequired);
  const permission = validPermission(form);
  await inTransaction(db, async (trx) => {
    const existing = found(
      await trx
        .selectFrom('permissions')
        .select(['parent_id', 'perms'])
        .where('tenant_id', '=', actor.tenantId)
        .where('id', '=', id)
        .executeTakeFirst(),
    );
    // Its holders get what the row grants: only a row the caller holds, with codes the caller holds.
    await requirePermissionsHeld(trx, actor, [id]);
    const codesBefore = splitIds(existing.perms ?? '');
    requireCodesHeld(
      actor,
      splitIds(permission.perms ?? '').filter((code) => !codesBefore.includes(code)),
    );
    await requireParent(trx, actor.tenantId, permission.parent_id, id);
    await trx
      .updateTable('permissions')
      .set({ ...permission, updated_by: actor.username, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
    await refreshLeaves(trx, [existing.parent_id, permission.parent_id]);
    await audit(trx, actor, OperateType.update, `编辑菜单: ${permission.name}`);
  });
}

/** The ids and every id below them. */
async function withDescendants(db: Kysely<DB>, ids: string[]): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    with recursive below(id) as (
      select id from permissions where id in (${sql.join(ids)})
      union select p.id from permissions p join below b on p.parent_id = b.id
    ) select id from below`.execute(db);
  return rows.map((row) => row.id);
}

/** Deletes menus or buttons with everything below them and their role links (the foreign keys cascade). */
export async function deletePermissions(
  db: Kysely<DB>,
  actor: Actor,
  rawIds: string | undefined,
): Promise<void> {
  const ids = idList(rawIds, permissionMessages.noneSelected);
  await inTransaction(db, async (trx) => {
    const rows = await trx
      .selectFrom('permissions')
      .select(['id', 'parent_id', 'name'])
      .where('tenant_id', '=', actor.tenantId)
      .where('id', 'in', ids)
      .execute();
    if (rows.length !== ids.length) throw notFound();
    await requirePermissionsHeld(trx, actor, await withDescendants(trx, ids));
    await trx.deleteFrom('permissions').where('id', 'in', ids).execute();
    await refreshLeaves(
      trx,
      rows.map((row) => row.parent_id),
    );
    await audit(trx, actor, OperateType.delete, `删除菜单: ${rows.map((row) => row.name).join(',')}`);
  });
}

async function requireRole(db: Kysely<DB>, tenantId: string, roleId: string | undefined) {
  const id = requiredText(roleId, permissionMessages.roleRequired);
  return found(
    await db
      .selectFrom('roles')
      .select(['id', 'role_code'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst(),
  );
}

export async function rolePermissionIds(db: Kysely<DB>, tenantId: string, roleId: string): Promise<string[]> {
  await requireRole(db, tenantId, roleId);
  const rows = await db
    .selectFrom('role_permissions')
    .select('permission_id')
    .where('tenant_id', '=', tenantId)
    .where('role_id', '=', roleId)
    .orderBy('permission_id')
    .execute();
  return rows.map((row) => row.permission_id);
}

export interface RolePermissionChange {
  roleId?: string;
  permissionIds?: string;
  lastpermissionIds?: string;
}

/** Saves a role's permissions as the diff the client computed: adds `permissionIds − lastpermissionIds`, removes the rest. */
export async function saveRolePermissions(
  db: Kysely<DB>,
  actor: Actor,
  change: RolePermissionChange,
): Promise<void> {
  const now = new Set(splitIds(change.permissionIds));
  const before = new Set(splitIds(change.lastpermissionIds));
  const added = [...now].filter((id) => !before.has(id));
  const removed = [...before].filter((id) => !now.has(id));
  await inTransaction(db, async (trx) => {
    const role = await requireRole(trx, actor.tenantId, change.roleId);
    await requireRolesWithinReach(trx, actor, [role.id]);
    if (added.length > 0) {
      const known = await trx
        .selectFrom('permissions')
        .select('id')
        .where('tenant_id', '=', actor.tenantId)
        .where('id', 'in', added)
        .execute();
      if (known.length !== added.length) throw new BusinessError(400, permissionMessages.permissionsInvalid);
      await requireGrantable(trx, actor, { permissions: added });
      await trx
        .insertInto('role_permissions')
        .values(added.map((id) => ({ tenant_id: actor.tenantId, role_id: role.id, permission_id: id })))
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
    if (removed.length > 0) {
      await trx
        .deleteFrom('role_permissions')
        .where('tenant_id', '=', actor.tenantId)
        .where('role_id', '=', role.id)
        .where('permission_id', 'in', removed)
        .execute();
    }
    await audit(
      trx,
      actor,
      OperateType.update,
      `角色授权: ${role.role_code}，新增 ${added.length} 项，移除 ${removed.length} 项`,
    );
  });
}
