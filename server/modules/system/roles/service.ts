// Roles of a tenant (API.md §6.1): the paged list, add, edit, delete (with their user and permission links),
// the role-code check and the list of all roles.
import { sql, type Kysely } from 'kysely';
import type { Page } from '../../../../common/contract';
import { shanghaiDateTime } from '../../../db/dates';
import { newId } from '../../../db/ids';
import type { DB } from '../../../db/schema';
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
  requireFree,
  rethrowTaken,
  type Actor,
} from '../commands';
import { pagedList, parseListQuery, type ListSpec } from '../../../http/listQuery';
import { requireRolesWithinReach } from '../privilege';

export const roleMessages = {
  added: '添加成功！',
  edited: '修改成功!',
  deleted: '删除角色成功',
  batchDeleted: '删除角色成功!',
  nameRequired: '请输入角色名称!',
  codeRequired: '请输入角色编码!',
  codePattern: '角色编码应为2到64位字母、数字或下划线',
  codeTaken: '角色编码已存在',
  levelInvalid: '角色等级应为1到9的整数',
  idRequired: '请选择要编辑的角色',
  noneSelected: '未选中角色！',
  ownRole: '不能删除自己所属的角色',
  codeFree: '该值可用！',
} as const;

export interface RoleRecord {
  id: string;
  roleName: string;
  roleCode: string;
  roleLevel: number;
  description: string | null;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string;
}

const ROLE_LIST: ListSpec = {
  filters: {
    roleName: { column: 'role_name', kind: 'text' },
    roleCode: { column: 'role_code', kind: 'text' },
    roleLevel: { column: 'role_level', kind: 'integer' },
    description: { column: 'description', kind: 'text' },
    createTime: { column: 'created_at', kind: 'datetime' },
    updateTime: { column: 'updated_at', kind: 'datetime' },
  },
  sorts: {
    createTime: 'created_at',
    updateTime: 'updated_at',
    roleName: 'role_name',
    roleCode: 'role_code',
    roleLevel: 'role_level',
  },
  defaultSort: [
    ['created_at', 'desc'],
    ['id', 'asc'],
  ],
};

function tenantRoles(db: Kysely<DB>, tenantId: string) {
  return db.selectFrom('roles').where('tenant_id', '=', tenantId);
}

function withRoleColumns(query: ReturnType<typeof tenantRoles>) {
  return query.select([
    'id',
    'role_name as roleName',
    'role_code as roleCode',
    'role_level as roleLevel',
    'description',
    'created_by as createBy',
    shanghaiDateTime('created_at').as('createTime'),
    'updated_by as updateBy',
    shanghaiDateTime('updated_at').as('updateTime'),
  ]);
}

export async function listRoles(db: Kysely<DB>, tenantId: string, query: unknown): Promise<Page<RoleRecord>> {
  const list = parseListQuery(query, ROLE_LIST);
  const base = tenantRoles(db, tenantId).where(list.where);
  return pagedList(base, list, (page) => withRoleColumns(page).execute());
}

export function allRoles(db: Kysely<DB>, tenantId: string): Promise<RoleRecord[]> {
  return withRoleColumns(tenantRoles(db, tenantId)).orderBy('role_level').orderBy('role_name').execute();
}

export async function roleById(db: Kysely<DB>, tenantId: string, id: string): Promise<RoleRecord> {
  return found(await withRoleColumns(tenantRoles(db, tenantId).where('id', '=', id)).executeTakeFirst());
}

/** True when the code is free in the tenant (apart from the role being edited). */
export async function isRoleCodeFree(
  db: Kysely<DB>,
  tenantId: string,
  roleCode: string,
  exceptId: string | undefined,
): Promise<boolean> {
  let query = tenantRoles(db, tenantId).select('id').where('role_code', '=', roleCode.trim());
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) === undefined;
}

export interface RoleForm {
  id?: string;
  roleName?: string;
  roleCode?: string;
  roleLevel?: number | string | null;
  description?: string | null;
}

const ROLE_CODE_PATTERN = /^[A-Za-z0-9_]{2,64}$/;

function validRole(form: RoleForm) {
  const roleCode = requiredText(form.roleCode, roleMessages.codeRequired);
  if (!ROLE_CODE_PATTERN.test(roleCode)) throw new BusinessError(400, roleMessages.codePattern);
  const level =
    form.roleLevel === undefined || form.roleLevel === null || form.roleLevel === ''
      ? 1
      : Number(form.roleLevel);
  if (!Number.isInteger(level) || level < 1 || level > 9)
    throw new BusinessError(400, roleMessages.levelInvalid);
  return {
    role_name: requiredText(form.roleName, roleMessages.nameRequired),
    role_code: roleCode,
    role_level: level,
    description: optionalText(form.description),
  };
}

const rethrowCodeTaken = rethrowTaken({ roles_tenant_role_code_key: roleMessages.codeTaken });

export async function addRole(db: Kysely<DB>, actor: Actor, form: RoleForm): Promise<string> {
  const role = validRole(form);
  return inTransaction(db, async (trx) => {
    await requireFree(isRoleCodeFree(trx, actor.tenantId, role.role_code, undefined), roleMessages.codeTaken);
    const id = newId();
    await trx
      .insertInto('roles')
      .values({ ...role, id, tenant_id: actor.tenantId, created_by: actor.username })
      .execute()
      .catch(rethrowCodeTaken);
    await audit(trx, actor, OperateType.add, `添加角色: ${role.role_name}(${role.role_code})`);
    return id;
  });
}

export async function editRole(db: Kysely<DB>, actor: Actor, form: RoleForm): Promise<void> {
  const id = requiredText(form.id, roleMessages.idRequired);
  const role = validRole(form);
  await inTransaction(db, async (trx) => {
    await roleById(trx, actor.tenantId, id);
    await requireRolesWithinReach(trx, actor, [id]);
    await requireFree(isRoleCodeFree(trx, actor.tenantId, role.role_code, id), roleMessages.codeTaken);
    await trx
      .updateTable('roles')
      .set({ ...role, updated_by: actor.username, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute()
      .catch(rethrowCodeTaken);
    await audit(trx, actor, OperateType.update, `编辑角色: ${role.role_name}(${role.role_code})`);
  });
}

/** Deletes roles with their user and permission links (foreign keys cascade); never a role the caller holds. */
export async function deleteRoles(db: Kysely<DB>, actor: Actor, rawIds: string | undefined): Promise<void> {
  const ids = idList(rawIds, roleMessages.noneSelected);
  await inTransaction(db, async (trx) => {
    const roles = await tenantRoles(trx, actor.tenantId)
      .select(['id', 'role_code'])
      .where('id', 'in', ids)
      .execute();
    if (roles.length !== ids.length) throw notFound();
    await requireRolesWithinReach(trx, actor, ids);
    const held = await trx
      .selectFrom('user_roles')
      .select('role_id')
      .where('user_id', '=', actor.userId)
      .where('role_id', 'in', ids)
      .executeTakeFirst();
    // Deleting it would take away the caller's own rights in the middle of their work.
    if (held) throw new BusinessError(400, roleMessages.ownRole);
    await trx.deleteFrom('roles').where('id', 'in', ids).execute();
    await audit(trx, actor, OperateType.delete, `删除角色: ${roles.map((role) => role.role_code).join(',')}`);
  });
}
