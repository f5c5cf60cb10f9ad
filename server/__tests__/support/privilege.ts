// Accounts below the administrator for the privilege tests: the regional manager's rights plus a few more,
// and a snapshot of everything a privilege check protects, to prove a refused call changed nothing.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { demoDepartId, demoRoleId, demoUserId } from '../../db/seed/ids';
import { DEMO_ROLES } from '../../db/seed/organisation';
import {
  defaultMenuRowsOf,
  insertAccount,
  insertRole,
  type RoleDefinition,
} from '../../modules/auth/tenantOrganisation';
import { hashPassword } from '../../modules/auth/passwords';
import { DEMO_PASSWORD } from './auth';

const REGIONAL_MANAGER = DEMO_ROLES.A01.find((role) => role.code === 'dept_manager') as RoleDefinition;

/**
 * Writes an A01 user (DEMO_PASSWORD) whose one role holds the regional manager's menus and buttons plus
 * `extra` (menu urls and button codes): still far less than the administrator. `departs` (org codes, none by
 * default) are the user's departments, so their data scope.
 */
export async function insertManager(
  db: Kysely<DB>,
  {
    username,
    phone,
    extra,
    departs = [],
  }: { username: string; phone: string; extra: string[]; departs?: string[] },
): Promise<{ userId: string; roleId: string }> {
  const userId = demoUserId(username);
  const roleId = demoRoleId('A01', username);
  await insertRole(
    db,
    {
      code: username,
      name: `${username} 的角色`,
      level: 9,
      grants: [...(REGIONAL_MANAGER.grants as string[]), ...extra],
      id: roleId,
      tenantId: 'A01',
    },
    defaultMenuRowsOf('A01'),
  );
  await insertAccount(db, {
    id: userId,
    tenantId: 'A01',
    username,
    realname: username,
    phone,
    email: null,
    sex: null,
    roleEnum: null,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    roleIds: [roleId],
    departIds: departs.map((orgCode) => demoDepartId('A01', orgCode)),
  });
  return { userId, roleId };
}

/** Everything the privilege rules protect, in a stable order: users, roles, menus, departments, their links. */
export async function privilegeSnapshot(db: Kysely<DB>): Promise<string> {
  const [users, userRoles, userDeparts, roles, rolePermissions, permissions, departs] = await Promise.all([
    db.selectFrom('users').selectAll().orderBy('id').execute(),
    db.selectFrom('user_roles').selectAll().orderBy('user_id').orderBy('role_id').execute(),
    db.selectFrom('user_departs').selectAll().orderBy('user_id').orderBy('depart_id').execute(),
    db.selectFrom('roles').selectAll().orderBy('id').execute(),
    db.selectFrom('role_permissions').selectAll().orderBy('role_id').orderBy('permission_id').execute(),
    db.selectFrom('permissions').selectAll().orderBy('id').execute(),
    db.selectFrom('departs').selectAll().orderBy('id').execute(),
  ]);
  return JSON.stringify({ users, userRoles, userDeparts, roles, rolePermissions, permissions, departs });
}
