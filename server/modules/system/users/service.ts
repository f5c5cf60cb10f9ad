// Users of a tenant (API.md §6.2): the paged list, add and edit with roles and departments, logical delete,
// freeze and unfreeze, roles of a user, users of a department, and a password set by an administrator.
// Deleting, freezing and a new password end the user's sessions.
import { sql, type Kysely } from 'kysely';
import type { Page } from '../../../../common/contract';
import { messages } from '../../../../common/messages';
import { EMAIL_PATTERN, isMainlandMobile, isStrongPassword } from '../../../../common/validators';
import { shanghaiDateTime } from '../../../db/dates';
import { newId } from '../../../db/ids';
import type { DB, Sex } from '../../../db/schema';
import { BusinessError } from '../../../http/envelope';
import { authMessages } from '../../auth/messages';
import { hashPassword, requireNewPassword } from '../../auth/passwords';
import { revokeUserSessions } from '../../auth/sessions';
import {
  audit,
  idList,
  found,
  inTransaction,
  notFound,
  OperateType,
  optionalText,
  requiredText,
  rethrowTaken,
  splitIds,
  type Actor,
} from '../commands';
import { dictTextOf } from '../dicts/dictText';
import {
  requireNotOwnDeparts,
  requireRoleAssignment,
  requireUserDepartsInScope,
  requireUsersWithinReach,
  userWithinReach,
} from '../privilege';
import { containsPattern, pagedList, parseListQuery, type ListSpec } from '../../../http/listQuery';
import { userMessages } from './messages';

export interface UserRecord {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  sex_dictText: string | null;
  email: string | null;
  phone: string | null;
  orgCode: string | null;
  /** Names of the user's departments, comma-separated. */
  orgCodeTxt: string | null;
  /** Ids of the user's departments, comma-separated. */
  departIds: string | null;
  status: number;
  status_dictText: string | null;
  delFlag: number;
  workNo: string | null;
  post: string | null;
  telephone: string | null;
  userIdentity: number;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string;
}

const USER_LIST: ListSpec = {
  filters: {
    username: { column: 'users.username', kind: 'text' },
    realname: { column: 'users.realname', kind: 'text' },
    sex: { column: 'users.sex', kind: 'integer' },
    status: { column: 'users.status', kind: 'integer' },
    phone: { column: 'users.phone', kind: 'text' },
    email: { column: 'users.email', kind: 'text' },
    workNo: { column: 'users.work_no', kind: 'text' },
    post: { column: 'users.post', kind: 'text' },
    userIdentity: { column: 'users.user_identity', kind: 'integer' },
    orgCode: { column: 'users.org_code', kind: 'text' },
    createTime: { column: 'users.created_at', kind: 'datetime' },
    updateTime: { column: 'users.updated_at', kind: 'datetime' },
  },
  sorts: {
    createTime: 'users.created_at',
    updateTime: 'users.updated_at',
    username: 'users.username',
    realname: 'users.realname',
    sex: 'users.sex',
    status: 'users.status',
    workNo: 'users.work_no',
    phone: 'users.phone',
  },
  defaultSort: [
    ['users.created_at', 'desc'],
    ['users.id', 'asc'],
  ],
  // Users of a department and everything under it (the department tree beside the list), users of a role.
  extras: ['departId', 'roleId'],
};

/** The tenant's users that are not deleted. */
function tenantUsers(db: Kysely<DB>, tenantId: string) {
  return db.selectFrom('users').where('users.tenant_id', '=', tenantId).where('users.del_flag', '=', 0);
}

function withUserColumns(query: ReturnType<typeof tenantUsers>) {
  return query.select([
    'users.id',
    'users.username',
    'users.realname',
    'users.avatar',
    sql<string | null>`to_char(users.birthday, 'YYYY-MM-DD')`.as('birthday'),
    'users.sex',
    dictTextOf('sex', 'users.sex', 'users.tenant_id').as('sex_dictText'),
    'users.email',
    'users.phone',
    'users.org_code as orgCode',
    sql<string | null>`(select string_agg(d.depart_name, ',' order by d.org_code) from user_departs ud
      join departs d on d.id = ud.depart_id where ud.user_id = users.id)`.as('orgCodeTxt'),
    sql<string | null>`(select string_agg(ud.depart_id, ',' order by ud.depart_id) from user_departs ud
      where ud.user_id = users.id)`.as('departIds'),
    'users.status',
    dictTextOf('user_status', 'users.status', 'users.tenant_id').as('status_dictText'),
    'users.del_flag as delFlag',
    'users.work_no as workNo',
    'users.post',
    'users.telephone',
    'users.user_identity as userIdentity',
    'users.created_by as createBy',
    shanghaiDateTime('users.created_at').as('createTime'),
    'users.updated_by as updateBy',
    shanghaiDateTime('users.updated_at').as('updateTime'),
  ]);
}

/** A row of the user list: whether the caller may edit, freeze, delete it or set its password. */
export interface UserListRecord extends UserRecord {
  manageable: boolean;
}

export async function listUsers(
  db: Kysely<DB>,
  caller: Pick<Actor, 'tenantId' | 'userId'>,
  query: unknown,
): Promise<Page<UserListRecord>> {
  const { tenantId } = caller;
  const list = parseListQuery(query, USER_LIST);
  let base = tenantUsers(db, tenantId).where(list.where);
  const departId = optionalText(list.extras.departId);
  if (departId !== null) {
    base = base.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_departs')
          .innerJoin('departs', 'departs.id', 'user_departs.depart_id')
          .innerJoin('departs as chosen', (join) =>
            join
              .on(sql<boolean>`departs.org_code like chosen.org_code || '%'`)
              .on('chosen.tenant_id', '=', tenantId),
          )
          .select('user_departs.user_id')
          .whereRef('user_departs.user_id', '=', 'users.id')
          .where('chosen.id', '=', departId),
      ),
    );
  }
  const roleId = optionalText(list.extras.roleId);
  if (roleId !== null) {
    base = base.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_roles')
          .select('user_roles.user_id')
          .whereRef('user_roles.user_id', '=', 'users.id')
          .where('user_roles.role_id', '=', roleId),
      ),
    );
  }
  return pagedList(base, list, (page) =>
    withUserColumns(page).select(userWithinReach(db, caller).as('manageable')).execute(),
  );
}

export async function userById(db: Kysely<DB>, tenantId: string, id: string): Promise<UserRecord> {
  return found(
    await withUserColumns(tenantUsers(db, tenantId).where('users.id', '=', id)).executeTakeFirst(),
  );
}

/** The fields of the add and edit forms (API.md §6.2 SysUser plus selectedroles / selecteddeparts). */
export interface UserForm {
  id?: string;
  username?: string;
  realname?: string;
  password?: string;
  confirmpassword?: string;
  avatar?: string | null;
  birthday?: string | null;
  sex?: number | string | null;
  email?: string | null;
  phone?: string | null;
  workNo?: string | null;
  post?: string | null;
  telephone?: string | null;
  userIdentity?: number | string | null;
  /** Role ids, comma-separated; absent on edit = unchanged. */
  selectedroles?: string;
  /** Department ids, comma-separated; absent on edit = unchanged. */
  selecteddeparts?: string;
}

const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,32}$/;
const BIRTHDAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

interface ValidUser {
  username: string;
  realname: string;
  avatar: string | null;
  birthday: string | null;
  sex: Sex | null;
  email: string | null;
  phone: string | null;
  work_no: string | null;
  post: string | null;
  telephone: string | null;
  user_identity: 1 | 2;
}

function oneOf<T extends number>(value: unknown, allowed: readonly T[], message: string): T | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value) as T;
  if (!allowed.includes(number)) throw new BusinessError(400, message);
  return number;
}

function validUser(form: UserForm): ValidUser {
  const username = requiredText(form.username, userMessages.usernameRequired);
  if (!USERNAME_PATTERN.test(username)) throw new BusinessError(400, authMessages.usernamePattern);
  const phone = optionalText(form.phone);
  if (phone !== null && !isMainlandMobile(phone)) throw new BusinessError(400, messages.mobileInvalid);
  const email = optionalText(form.email);
  if (email !== null && !EMAIL_PATTERN.test(email)) throw new BusinessError(400, userMessages.emailInvalid);
  const birthday = optionalText(form.birthday);
  if (birthday !== null && (!BIRTHDAY_PATTERN.test(birthday) || Number.isNaN(Date.parse(birthday)))) {
    throw new BusinessError(400, userMessages.birthdayInvalid);
  }
  return {
    username,
    realname: requiredText(form.realname, authMessages.realnameRequired),
    avatar: optionalText(form.avatar),
    birthday,
    sex: oneOf(form.sex, [1, 2] as const, userMessages.sexInvalid),
    email,
    phone,
    work_no: optionalText(form.workNo),
    post: optionalText(form.post),
    telephone: optionalText(form.telephone),
    user_identity: oneOf(form.userIdentity, [1, 2] as const, userMessages.identityInvalid) ?? 1,
  };
}

/** Answers "already taken" for the unique fields before the database has to. */
async function requireUnique(db: Kysely<DB>, tenantId: string, user: ValidUser, exceptId: string | null) {
  const others = (column: 'username' | 'phone' | 'email') => {
    let query = db.selectFrom('users').select('id');
    if (column === 'email') query = query.where('tenant_id', '=', tenantId);
    if (exceptId !== null) query = query.where('id', '!=', exceptId);
    return query;
  };
  // User names and mobiles name one account across tenants: both sign in without a tenant.
  if (await others('username').where('username', '=', user.username).executeTakeFirst()) {
    throw new BusinessError(409, authMessages.usernameTaken);
  }
  if (user.phone && (await others('phone').where('phone', '=', user.phone).executeTakeFirst())) {
    throw new BusinessError(409, authMessages.phoneTaken);
  }
  if (user.email && (await others('email').where('email', '=', user.email).executeTakeFirst())) {
    throw new BusinessError(409, userMessages.emailTaken);
  }
}

/** Ids of the form that must all be rows of the tenant (another tenant's ids are refused, not linked). */
async function requireTenantIds(
  db: Kysely<DB>,
  table: 'roles' | 'departs',
  tenantId: string,
  raw: string | undefined,
  message: string,
): Promise<string[]> {
  const ids = splitIds(raw);
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  if (rows.length !== ids.length) throw new BusinessError(400, message);
  return ids;
}

/** The roles or departments a user has now. */
async function linkedIds(db: Kysely<DB>, table: 'user_roles' | 'user_departs', userId: string) {
  const rows =
    table === 'user_roles'
      ? await db.selectFrom('user_roles').select('role_id as id').where('user_id', '=', userId).execute()
      : await db.selectFrom('user_departs').select('depart_id as id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.id);
}

async function replaceLinks(
  db: Kysely<DB>,
  tenantId: string,
  userId: string,
  roleIds?: string[],
  departIds?: string[],
) {
  if (roleIds) {
    await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    if (roleIds.length > 0) {
      await db
        .insertInto('user_roles')
        .values(roleIds.map((roleId) => ({ tenant_id: tenantId, user_id: userId, role_id: roleId })))
        .execute();
    }
  }
  if (departIds) {
    await db.deleteFrom('user_departs').where('user_id', '=', userId).execute();
    if (departIds.length > 0) {
      await db
        .insertInto('user_departs')
        .values(departIds.map((departId) => ({ tenant_id: tenantId, user_id: userId, depart_id: departId })))
        .execute();
    }
    // The department of the current login must stay one of the user's.
    await db
      .updateTable('users')
      .set({ org_code: null })
      .where('id', '=', userId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('user_departs')
              .innerJoin('departs', 'departs.id', 'user_departs.depart_id')
              .select('departs.id')
              .whereRef('user_departs.user_id', '=', 'users.id')
              .whereRef('departs.org_code', '=', 'users.org_code'),
          ),
        ),
      )
      .execute();
  }
}

const rethrowUserTaken = rethrowTaken({
  users_username_key: authMessages.usernameTaken,
  users_phone_key: authMessages.phoneTaken,
});

export async function addUser(db: Kysely<DB>, actor: Actor, form: UserForm): Promise<string> {
  const user = validUser(form);
  if (!form.password) throw new BusinessError(400, messages.passwordRequired);
  if (form.confirmpassword !== undefined && form.confirmpassword !== form.password) {
    throw new BusinessError(400, messages.passwordMismatch);
  }
  if (!isStrongPassword(form.password)) throw new BusinessError(400, authMessages.registrationPasswordPolicy);
  const passwordHash = await hashPassword(form.password);
  const id = newId();
  return inTransaction(db, async (trx) => {
    await requireUnique(trx, actor.tenantId, user, null);
    const roleIds = await requireTenantIds(
      trx,
      'roles',
      actor.tenantId,
      form.selectedroles,
      userMessages.rolesInvalid,
    );
    const departIds = await requireTenantIds(
      trx,
      'departs',
      actor.tenantId,
      form.selecteddeparts,
      userMessages.departsInvalid,
    );
    await requireRoleAssignment(trx, actor, [id], [], roleIds);
    await requireUserDepartsInScope(trx, actor, [], departIds);
    await trx
      .insertInto('users')
      .values({
        ...user,
        id,
        tenant_id: actor.tenantId,
        password_hash: passwordHash,
        created_by: actor.username,
      })
      .execute()
      .catch(rethrowUserTaken);
    await replaceLinks(trx, actor.tenantId, id, roleIds, departIds);
    await audit(trx, actor, OperateType.add, `添加用户: ${user.username}`);
    return id;
  });
}

export async function editUser(db: Kysely<DB>, actor: Actor, form: UserForm): Promise<void> {
  const id = requiredText(form.id, userMessages.idRequired);
  const user = validUser(form);
  await inTransaction(db, async (trx) => {
    found(
      await tenantUsers(trx, actor.tenantId).select('users.id').where('users.id', '=', id).executeTakeFirst(),
    );
    await requireUsersWithinReach(trx, actor, [id]);
    await requireUnique(trx, actor.tenantId, user, id);
    const roleIds =
      form.selectedroles === undefined
        ? undefined
        : await requireTenantIds(trx, 'roles', actor.tenantId, form.selectedroles, userMessages.rolesInvalid);
    const departIds =
      form.selecteddeparts === undefined
        ? undefined
        : await requireTenantIds(
            trx,
            'departs',
            actor.tenantId,
            form.selecteddeparts,
            userMessages.departsInvalid,
          );
    if (roleIds)
      await requireRoleAssignment(trx, actor, [id], await linkedIds(trx, 'user_roles', id), roleIds);
    if (departIds) {
      const before = await linkedIds(trx, 'user_departs', id);
      requireNotOwnDeparts(actor, id, before, departIds);
      await requireUserDepartsInScope(trx, actor, before, departIds);
    }
    // The password in the body is ignored (API.md §6.2): only changePassword sets one.
    await trx
      .updateTable('users')
      .set({ ...user, updated_by: actor.username, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute()
      .catch(rethrowUserTaken);
    await replaceLinks(trx, actor.tenantId, id, roleIds, departIds);
    await audit(trx, actor, OperateType.update, `编辑用户: ${user.username}`);
  });
}

/** The tenant's live users among `ids`; throws when one is not (another tenant's, deleted, unknown). */
async function requireUsers(db: Kysely<DB>, tenantId: string, ids: string[]) {
  const users = await tenantUsers(db, tenantId)
    .select(['users.id', 'users.username'])
    .where('users.id', 'in', ids)
    .execute();
  if (users.length !== ids.length) throw notFound();
  return users;
}

export async function deleteUsers(db: Kysely<DB>, actor: Actor, rawIds: string | undefined): Promise<void> {
  const ids = idList(rawIds, userMessages.noneSelected);
  if (ids.includes(actor.userId)) throw new BusinessError(400, userMessages.cannotDeleteSelf);
  await inTransaction(db, async (trx) => {
    const users = await requireUsers(trx, actor.tenantId, ids);
    await requireUsersWithinReach(trx, actor, ids);
    // Logical delete (the reference contract's del_flag): the user name stays taken, the history stays readable.
    await trx
      .updateTable('users')
      .set({ del_flag: 1, updated_by: actor.username, updated_at: sql<Date>`now()` })
      .where('id', 'in', ids)
      .execute();
    for (const id of ids) await revokeUserSessions(trx, id);
    await audit(trx, actor, OperateType.delete, `删除用户: ${users.map((user) => user.username).join(',')}`);
  });
}

export async function freezeUsers(
  db: Kysely<DB>,
  actor: Actor,
  body: { ids?: string; status?: string | number },
): Promise<void> {
  const ids = idList(body.ids, userMessages.noneSelected);
  const status = oneOf(body.status, [1, 2] as const, userMessages.statusInvalid);
  if (status === null) throw new BusinessError(400, userMessages.statusInvalid);
  if (status === 2 && ids.includes(actor.userId)) throw new BusinessError(400, userMessages.cannotFreezeSelf);
  await inTransaction(db, async (trx) => {
    const users = await requireUsers(trx, actor.tenantId, ids);
    await requireUsersWithinReach(trx, actor, ids);
    await trx
      .updateTable('users')
      .set({ status, updated_by: actor.username, updated_at: sql<Date>`now()` })
      .where('id', 'in', ids)
      .execute();
    if (status === 2) for (const id of ids) await revokeUserSessions(trx, id);
    const verb = status === 2 ? '冻结用户' : '解冻用户';
    await audit(trx, actor, OperateType.update, `${verb}: ${users.map((user) => user.username).join(',')}`);
  });
}

export interface AdminPasswordChange {
  username?: string;
  password?: string;
  confirmpassword?: string;
}

/** An administrator sets a user's password: only the password changes, and the user's sessions end. */
export async function setUserPassword(
  db: Kysely<DB>,
  actor: Actor,
  change: AdminPasswordChange,
): Promise<void> {
  const username = requiredText(change.username, userMessages.usernameRequired);
  const password = requireNewPassword(change.password, change.confirmpassword);
  const passwordHash = await hashPassword(password);
  await inTransaction(db, async (trx) => {
    const user = found(
      await tenantUsers(trx, actor.tenantId)
        .select('users.id')
        .where('users.username', '=', username)
        .executeTakeFirst(),
      userMessages.userNotFound,
    );
    await requireUsersWithinReach(trx, actor, [user.id]);
    await trx
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        failed_logins: 0,
        locked_until: null,
        updated_by: actor.username,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', user.id)
      .execute();
    // The administrator's own session survives a change of their own password.
    await revokeUserSessions(
      trx,
      user.id,
      user.id === actor.userId ? { exceptTokenHash: actor.tokenHash } : {},
    );
    await audit(trx, actor, OperateType.update, `修改用户密码: ${username}`);
  });
}

/** Role ids of a user of the tenant. */
export async function roleIdsOfUser(db: Kysely<DB>, tenantId: string, userId: string): Promise<string[]> {
  await userById(db, tenantId, userId);
  const rows = await db
    .selectFrom('user_roles')
    .select('role_id')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .orderBy('role_id')
    .execute();
  return rows.map((row) => row.role_id);
}

/** The users of one department (not its descendants), optionally narrowed by a part of the real name. */
export async function usersOfDepart(
  db: Kysely<DB>,
  tenantId: string,
  departId: string,
  realname: string | undefined,
): Promise<UserRecord[]> {
  found(
    await db
      .selectFrom('departs')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', departId)
      .executeTakeFirst(),
  );
  let query = tenantUsers(db, tenantId).where(({ exists, selectFrom }) =>
    exists(
      selectFrom('user_departs')
        .select('user_departs.user_id')
        .whereRef('user_departs.user_id', '=', 'users.id')
        .where('user_departs.depart_id', '=', departId),
    ),
  );
  const part = optionalText(realname);
  if (part !== null) query = query.where('users.realname', 'ilike', containsPattern(part));
  return withUserColumns(query).orderBy('users.username').execute();
}

/** `{userId: roleNames}` of the tenant's users (several roles joined by commas). */
export async function userRoleMap(db: Kysely<DB>, tenantId: string): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select([
      'user_roles.user_id as userId',
      sql<string>`string_agg(roles.role_name, ',' order by roles.role_name)`.as('roleNames'),
    ])
    .where('user_roles.tenant_id', '=', tenantId)
    .groupBy('user_roles.user_id')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.userId, row.roleNames]));
}

/** The departments of a user as `{key, value, title}`. */
export async function departsOfUser(db: Kysely<DB>, tenantId: string, userId: string) {
  await userById(db, tenantId, userId);
  return db
    .selectFrom('user_departs')
    .innerJoin('departs', 'departs.id', 'user_departs.depart_id')
    .select(['departs.id as key', 'departs.id as value', 'departs.depart_name as title'])
    .where('user_departs.user_id', '=', userId)
    .where('departs.tenant_id', '=', tenantId)
    .orderBy('departs.org_code')
    .execute();
}

export interface RoleUsersChange {
  roleId?: string;
  userIdList?: string[];
}

/** Gives a role of the tenant to users of the tenant (those who have it already keep it once). */
export async function addUsersToRole(db: Kysely<DB>, actor: Actor, change: RoleUsersChange): Promise<void> {
  const roleId = requiredText(change.roleId, userMessages.roleRequired);
  const userIds = [...new Set(change.userIdList ?? [])];
  if (userIds.length === 0) throw new BusinessError(400, userMessages.noneSelected);
  await inTransaction(db, async (trx) => {
    const [role] = await requireTenantIds(trx, 'roles', actor.tenantId, roleId, userMessages.rolesInvalid);
    const users = await requireUsers(trx, actor.tenantId, userIds);
    await requireUsersWithinReach(trx, actor, userIds);
    await requireRoleAssignment(trx, actor, userIds, [], [role]);
    await trx
      .insertInto('user_roles')
      .values(userIds.map((userId) => ({ tenant_id: actor.tenantId, user_id: userId, role_id: role })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    await audit(
      trx,
      actor,
      OperateType.update,
      `角色添加用户: ${users.map((user) => user.username).join(',')}`,
    );
  });
}

/** Takes a role of the tenant away from users of the tenant. */
export async function removeUsersFromRole(
  db: Kysely<DB>,
  actor: Actor,
  roleId: string | undefined,
  rawUserIds: string | undefined,
): Promise<void> {
  const userIds = idList(rawUserIds, userMessages.noneSelected);
  await inTransaction(db, async (trx) => {
    const [role] = await requireTenantIds(
      trx,
      'roles',
      actor.tenantId,
      requiredText(roleId, userMessages.roleRequired),
      userMessages.rolesInvalid,
    );
    const users = await requireUsers(trx, actor.tenantId, userIds);
    await requireUsersWithinReach(trx, actor, userIds);
    await requireRoleAssignment(trx, actor, userIds, [role], []);
    await trx.deleteFrom('user_roles').where('role_id', '=', role).where('user_id', 'in', userIds).execute();
    await audit(
      trx,
      actor,
      OperateType.update,
      `角色移除用户: ${users.map((user) => user.username).join(',')}`,
    );
  });
}
