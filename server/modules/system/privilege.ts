// The one rule every write on users, roles and permissions goes through (issue #14): nobody hands out what
// they do not hold themselves, nobody acts on a user or a role that holds more than they do, and nobody
// changes their own roles or departments. What a user or a role holds is the set of the tenant's permission
// rows (menus and buttons) granted to it; another user or role is within the caller's reach when its set is
// a subset of the caller's. Departments are bounded by the caller's data scope (shared/dataScope.ts): users
// are placed, and departments added, edited or deleted, only inside it, unless the caller holds every
// permission of the tenant (the administrator), whose reach is the whole tenant. Refusals are HTTP 403 and
// come before anything is written.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import { ForbiddenError } from '../../http/envelope';
import { dataScopeOf, inScope } from '../shared/dataScope';
import type { Actor } from './commands';

/** The button code of assigning roles to users, apart from editing a user's profile. */
export const ASSIGN_ROLE = 'user:assignRole';

export const privilegeMessages = {
  grantBeyond: '不能授予您自己没有的权限',
  userAbove: '不能操作权限高于您的用户',
  roleAbove: '不能操作权限高于您的角色',
  departAbove: '不能操作有权限高于您的用户的部门',
  permissionNotHeld: '不能操作您自己没有的权限',
  ownRoles: '不能修改自己的角色',
  ownDeparts: '不能修改自己的部门',
  assignRole: '您没有分配角色的权限',
  userDepartOutside: '不能把用户放到您管辖范围以外的部门',
  userDepartLeaveOutside: '不能把用户移出您管辖范围以外的部门',
  departOutside: '不能操作您管辖范围以外的部门',
  departParentOutside: '只能在您管辖范围以内的部门下添加部门',
} as const;

/** Who asks: enough to weigh what they hold and where their data scope lies. */
type Caller = Pick<Actor, 'tenantId' | 'userId'>;

/** Whose permission rows a check is about: those granted to users, to roles, or the rows themselves. */
type Holder = { users: string[] } | { roles: string[] } | { permissions: string[] };

const isEmpty = (holder: Holder) =>
  ('users' in holder ? holder.users : 'roles' in holder ? holder.roles : holder.permissions).length === 0;

/** The permission rows granted to users through their roles. */
function grantedToUsers(db: Kysely<DB>, userIds: string[]) {
  return db
    .selectFrom('role_permissions')
    .innerJoin('user_roles', 'user_roles.role_id', 'role_permissions.role_id')
    .select('role_permissions.permission_id')
    .where('user_roles.user_id', 'in', userIds);
}

/** The tenant's live permission rows that are not granted to the caller. */
function beyondCaller(db: Kysely<DB>, caller: Caller) {
  return db
    .selectFrom('permissions')
    .select('permissions.id')
    .where('permissions.tenant_id', '=', caller.tenantId)
    .where('permissions.del_flag', '=', 0)
    .where('permissions.id', 'not in', grantedToUsers(db, [caller.userId]));
}

/** Whether the holder holds a permission row of the tenant that the caller does not. */
async function exceedsCaller(db: Kysely<DB>, actor: Actor, holder: Holder): Promise<boolean> {
  if (isEmpty(holder)) return false;
  const beyond = await beyondCaller(db, actor)
    .where((eb) => {
      if ('permissions' in holder) return eb('permissions.id', 'in', holder.permissions);
      if ('users' in holder) return eb('permissions.id', 'in', grantedToUsers(db, holder.users));
      return eb(
        'permissions.id',
        'in',
        db
          .selectFrom('role_permissions')
          .select('role_permissions.permission_id')
          .where('role_permissions.role_id', 'in', holder.roles),
      );
    })
    .limit(1)
    .executeTakeFirst();
  return beyond !== undefined;
}

/**
 * The rule of requireUsersWithinReach as a column of a list over `users`: true on the rows of users the
 * caller may edit, freeze, delete or set the password of. One subquery for the whole page.
 */
export function userWithinReach(db: Kysely<DB>, caller: Caller): RawBuilder<boolean> {
  const heldByRow = db
    .selectFrom('role_permissions')
    .innerJoin('user_roles', 'user_roles.role_id', 'role_permissions.role_id')
    .select('role_permissions.permission_id')
    .where('user_roles.user_id', '=', sql.ref<string>('users.id'));
  return sql<boolean>`not exists (${beyondCaller(db, caller).where('permissions.id', 'in', heldByRow)})`;
}

async function requireWithinReach(db: Kysely<DB>, actor: Actor, holder: Holder, message: string) {
  if (await exceedsCaller(db, actor, holder)) throw new ForbiddenError(message);
}

/** Granting roles (to a user) or permission rows (to a role): only what the caller holds. */
export function requireGrantable(
  db: Kysely<DB>,
  actor: Actor,
  grant: { roles: string[] } | { permissions: string[] },
): Promise<void> {
  return requireWithinReach(db, actor, grant, privilegeMessages.grantBeyond);
}

/** Editing, freezing, deleting users or setting their password: only users who hold no more than the caller. */
export function requireUsersWithinReach(db: Kysely<DB>, actor: Actor, userIds: string[]): Promise<void> {
  return requireWithinReach(db, actor, { users: userIds }, privilegeMessages.userAbove);
}

/** Editing or deleting roles: only roles that carry no more than the caller holds. */
export function requireRolesWithinReach(db: Kysely<DB>, actor: Actor, roleIds: string[]): Promise<void> {
  return requireWithinReach(db, actor, { roles: roleIds }, privilegeMessages.roleAbove);
}

/**
 * Editing or deleting departments: only departments whose live users (those of the departments below them
 * too) are all within the caller's reach, since the change reaches them.
 */
export async function requireDepartsWithinReach(
  db: Kysely<DB>,
  actor: Actor,
  departIds: string[],
): Promise<void> {
  const members = await db
    .selectFrom('user_departs')
    .innerJoin('departs', 'departs.id', 'user_departs.depart_id')
    .innerJoin('departs as chosen', (join) =>
      join
        .on(sql<boolean>`departs.org_code like chosen.org_code || '%'`)
        .on('chosen.tenant_id', '=', actor.tenantId),
    )
    .innerJoin('users', 'users.id', 'user_departs.user_id')
    .select('user_departs.user_id')
    .distinct()
    .where('chosen.id', 'in', departIds)
    .where('users.del_flag', '=', 0)
    .execute();
  const userIds = members.map((member) => member.user_id);
  return requireWithinReach(db, actor, { users: userIds }, privilegeMessages.departAbove);
}

/** Editing or deleting menus and buttons: only rows the caller holds (a change reaches every holder). */
export function requirePermissionsHeld(db: Kysely<DB>, actor: Actor, permissionIds: string[]): Promise<void> {
  return requireWithinReach(db, actor, { permissions: permissionIds }, privilegeMessages.permissionNotHeld);
}

/** Button codes put on a row: only codes the caller holds, or what the row would grant goes beyond them. */
export function requireCodesHeld(actor: Actor, codes: string[]): void {
  if (codes.some((code) => !actor.permissions.has(code))) {
    throw new ForbiddenError(privilegeMessages.grantBeyond);
  }
}

const sameSet = (before: readonly string[], after: readonly string[]) =>
  before.length === after.length && after.every((id) => before.includes(id));

/**
 * A change of a user's roles (from `before` to `after`; unchanged passes): needs user:assignRole, never on
 * the caller's own account, and only roles within the caller's reach. The user must be within reach too,
 * which the command checks before.
 */
export async function requireRoleAssignment(
  db: Kysely<DB>,
  actor: Actor,
  userIds: string[],
  before: readonly string[],
  after: readonly string[],
): Promise<void> {
  if (sameSet(before, after)) return;
  if (!actor.permissions.has(ASSIGN_ROLE)) throw new ForbiddenError(privilegeMessages.assignRole);
  if (userIds.includes(actor.userId)) throw new ForbiddenError(privilegeMessages.ownRoles);
  await requireGrantable(db, actor, { roles: after.filter((id) => !before.includes(id)) });
}

/** A change of the caller's own departments would widen their own data scope. */
export function requireNotOwnDeparts(
  actor: Actor,
  userId: string,
  before: readonly string[],
  after: readonly string[],
): void {
  if (userId === actor.userId && !sameSet(before, after)) {
    throw new ForbiddenError(privilegeMessages.ownDeparts);
  }
}

/** The whole tenant is within reach of a caller who holds every permission row of it (the administrator). */
export async function reachesWholeTenant(db: Kysely<DB>, caller: Caller): Promise<boolean> {
  return (await beyondCaller(db, caller).limit(1).executeTakeFirst()) === undefined;
}

/**
 * The rule of the department checks below as a column of a query over `departs`: true on the departments
 * within the caller's data scope (the departments they belong to, narrowed to the one chosen at login, and
 * those below). Reaching the whole tenant, every department is.
 */
export async function departWithinScope(db: Kysely<DB>, caller: Caller): Promise<RawBuilder<boolean>> {
  if (await reachesWholeTenant(db, caller)) return sql<boolean>`true`;
  return sql<boolean>`${inScope(await dataScopeOf(db, caller.tenantId, caller.userId), 'departs.org_code')}`;
}

/** Whether every one of the tenant's departments among `departIds` lies within the caller's data scope. */
async function departsInScope(
  db: Kysely<DB>,
  caller: Caller,
  departIds: readonly string[],
): Promise<boolean> {
  if (departIds.length === 0) return true;
  // Counted inside the caller's tenant: another tenant's department, whose org code may look alike, is outside.
  const inside = await db
    .selectFrom('departs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('departs.tenant_id', '=', caller.tenantId)
    .where('departs.id', 'in', departIds)
    .where(await departWithinScope(db, caller))
    .executeTakeFirstOrThrow();
  return Number(inside.count) === new Set(departIds).size;
}

async function requireInScope(db: Kysely<DB>, caller: Caller, departIds: readonly string[], message: string) {
  if (!(await departsInScope(db, caller, departIds))) throw new ForbiddenError(message);
}

/**
 * Placing a user in departments (from `before` to `after`): the departments added and those left must lie
 * within the caller's data scope; departments outside it that the user keeps stay as they are.
 */
export async function requireUserDepartsInScope(
  db: Kysely<DB>,
  caller: Caller,
  before: readonly string[],
  after: readonly string[],
): Promise<void> {
  const added = after.filter((id) => !before.includes(id));
  const left = before.filter((id) => !after.includes(id));
  await requireInScope(db, caller, added, privilegeMessages.userDepartOutside);
  await requireInScope(db, caller, left, privilegeMessages.userDepartLeaveOutside);
}

/**
 * Adding a department: only under a parent within the caller's data scope; a top-level department (no
 * parent) only by a caller whose reach is the whole tenant.
 */
export async function requireDepartParentInScope(
  db: Kysely<DB>,
  caller: Caller,
  parentId: string | null,
): Promise<void> {
  const allowed =
    parentId === null ? await reachesWholeTenant(db, caller) : await departsInScope(db, caller, [parentId]);
  if (!allowed) throw new ForbiddenError(privilegeMessages.departParentOutside);
}

/** Editing or deleting departments (with everything below them): only departments within the data scope. */
export function requireDepartsInScope(db: Kysely<DB>, caller: Caller, departIds: string[]): Promise<void> {
  return requireInScope(db, caller, departIds, privilegeMessages.departOutside);
}
