// /sys/duplicate/check (API.md §6.6): is a value already used? Only the (table, field) pairs listed here can
// be asked about — table and column names never come from the request — and each pair is answered within
// the caller's tenant, except user names and mobiles, which name one account across all tenants.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { BusinessError, InvalidRequestError } from '../../../http/envelope';
import { requiredText } from '../commands';

interface CheckedField {
  table: 'users' | 'roles' | 'dicts';
  column: string;
  /** The read permission of the page whose form asks. */
  permission: string;
  /** Unique across tenants (sign-in names no tenant). */
  global?: boolean;
}

/** `tableName.fieldName` as the reference client sends them → what is checked. */
const CHECKED_FIELDS: Record<string, CheckedField> = {
  'sys_user.username': { table: 'users', column: 'username', permission: 'user:list', global: true },
  'sys_user.phone': { table: 'users', column: 'phone', permission: 'user:list', global: true },
  'sys_user.email': { table: 'users', column: 'email', permission: 'user:list' },
  'sys_user.work_no': { table: 'users', column: 'work_no', permission: 'user:list' },
  'sys_role.role_code': { table: 'roles', column: 'role_code', permission: 'role:list' },
  'sys_dict.dict_code': { table: 'dicts', column: 'dict_code', permission: 'dict:list' },
};

export const duplicateMessages = {
  free: '该值可用！',
  taken: '该值不可用，系统中已存在！',
  valueRequired: '请输入要校验的值',
} as const;

export interface DuplicateCheck {
  tableName?: string;
  fieldName?: string;
  fieldVal?: string;
  dataId?: string;
}

/** The pair's permission, or throws a 400 for a pair that is not on the list. */
export function permissionForCheck(check: DuplicateCheck): string {
  const field = CHECKED_FIELDS[`${check.tableName ?? ''}.${check.fieldName ?? ''}`];
  if (!field) throw new InvalidRequestError(`不支持校验 ${check.tableName ?? ''}.${check.fieldName ?? ''}`);
  return field.permission;
}

/** Throws "taken" when another row (not `dataId`) already has the value. */
export async function requireUniqueValue(
  db: Kysely<DB>,
  tenantId: string,
  check: DuplicateCheck,
): Promise<void> {
  const field = CHECKED_FIELDS[`${check.tableName}.${check.fieldName}`];
  const value = requiredText(check.fieldVal, duplicateMessages.valueRequired);
  const { rows } = await sql<{ found: number }>`select 1 as found from ${sql.table(field.table)}
    where ${sql.ref(field.column)} = ${value}
    ${field.global ? sql`` : sql`and tenant_id = ${tenantId}`}
    ${check.dataId ? sql`and id <> ${check.dataId}` : sql``}
    limit 1`.execute(db);
  if (rows.length > 0) throw new BusinessError(409, duplicateMessages.taken);
}
