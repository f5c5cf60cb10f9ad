// The signed-in user as the API shows it: user info, roles and departments (API.md §3.1, §3.2).
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The user as the SPA stores it (Login_Userinfo); never the password hash or the lock counters. */
export interface UserInfo {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  email: string | null;
  phone: string | null;
  sex: number | null;
  status: number;
  /** The department of the current login. */
  orgCode: string | null;
  /** The company code: the user's tenant. */
  cpycod: string;
  tenantName: string;
  roleEnum: string | null;
}

export interface RoleSummary {
  id: string;
  roleCode: string;
  roleName: string;
  roleLevel: number;
}

export interface DepartSummary {
  id: string;
  orgCode: string;
  departName: string;
  /** '' for a root, as the reference contract sends it. */
  parentId: string;
}

export async function userInfoOf(db: Kysely<DB>, userId: string): Promise<UserInfo> {
  return db
    .selectFrom('users')
    .innerJoin('tenants', 'tenants.tenant_id', 'users.tenant_id')
    .select([
      'users.id',
      'users.username',
      'users.realname',
      'users.avatar',
      'users.email',
      'users.phone',
      'users.sex',
      'users.status',
      'users.org_code as orgCode',
      'users.tenant_id as cpycod',
      'tenants.name as tenantName',
      'users.role_enum as roleEnum',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The user's roles, lowest level first (the SPA keeps the first as the login level). */
export async function rolesOf(db: Kysely<DB>, userId: string, tenantId: string): Promise<RoleSummary[]> {
  return db
    .selectFrom('roles')
    .innerJoin('user_roles', 'user_roles.role_id', 'roles.id')
    .select([
      'roles.id',
      'roles.role_code as roleCode',
      'roles.role_name as roleName',
      'roles.role_level as roleLevel',
    ])
    .where('user_roles.user_id', '=', userId)
    .where('roles.tenant_id', '=', tenantId)
    .orderBy('roles.role_level')
    .orderBy('roles.role_code')
    .execute();
}

/** The user's enabled departments, in the tree's order. */
export async function departsOf(db: Kysely<DB>, userId: string, tenantId: string): Promise<DepartSummary[]> {
  const rows = await db
    .selectFrom('departs')
    .innerJoin('user_departs', 'user_departs.depart_id', 'departs.id')
    .select([
      'departs.id',
      'departs.org_code as orgCode',
      'departs.depart_name as departName',
      'departs.parent_id',
    ])
    .where('user_departs.user_id', '=', userId)
    .where('departs.tenant_id', '=', tenantId)
    .where('departs.status', '=', '1')
    .orderBy('departs.org_code')
    .execute();
  return rows.map(({ parent_id, ...depart }) => ({ ...depart, parentId: parent_id ?? '' }));
}

/** Whether an account holds this user name or mobile number; deleted accounts too, as the unique indexes count them. */
export async function isTaken(db: Kysely<DB>, column: 'username' | 'phone', value: string): Promise<boolean> {
  const account = await db.selectFrom('users').select('id').where(column, '=', value).executeTakeFirst();
  return account !== undefined;
}

/** Sets the department of the current login. */
export async function setLoginDepart(db: Kysely<DB>, userId: string, orgCode: string): Promise<void> {
  await db.updateTable('users').set({ org_code: orgCode }).where('id', '=', userId).execute();
}
