// What signed-in users change on their own account: the department of this login and the password. The
// session says who the caller is; a `username` in the body must be the caller's own (API.md Part A).
import type { Kysely } from 'kysely';
import { messages } from '../../../common/messages';
import { hasText } from '../../../common/validators';
import type { DB } from '../../db/schema';
import type { CallerSession } from '../../http/access';
import { BusinessError } from '../../http/envelope';
import { departsOf, setLoginDepart, userInfoOf, type UserInfo } from './accounts';
import { authMessages } from './messages';
import { hashPassword, requireNewPassword, verifyPassword } from './passwords';
import { revokeUserSessions } from './sessions';

function isSomeoneElse(session: CallerSession, username: string | undefined): boolean {
  return hasText(username) && username !== session.username;
}

export async function selectLoginDepart(
  db: Kysely<DB>,
  session: CallerSession,
  choice: { orgCode?: string; username?: string },
): Promise<UserInfo> {
  if (isSomeoneElse(session, choice.username))
    throw new BusinessError(400, authMessages.selectDepartOfOthers);
  const departs = await departsOf(db, session.userId, session.tenantId);
  const chosen = departs.find((depart) => depart.orgCode === choice.orgCode);
  if (!chosen) throw new BusinessError(400, authMessages.departInvalid);
  await setLoginDepart(db, session.userId, chosen.orgCode);
  return userInfoOf(db, session.userId);
}

export interface PasswordChange {
  username?: string;
  oldpassword?: string;
  password?: string;
  confirmpassword?: string;
}

/**
 * Sets a user's new password: stores its hash, lifts any lock from failed logins and revokes the user's
 * sessions but `keepTokenHash` (the one the change was made in, if any).
 */
export async function replacePassword(
  db: Kysely<DB>,
  userId: string,
  password: string,
  keepTokenHash?: string,
): Promise<void> {
  // Hashed before the transaction: 30–60 ms of CPU must not hold a connection (PGlite has only one).
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, failed_logins: 0, locked_until: null, updated_at: new Date() })
      .where('id', '=', userId)
      .execute();
    await revokeUserSessions(trx, userId, { exceptTokenHash: keepTokenHash });
  });
}

/** Changes the caller's password and signs out every other session of the account. */
export async function changeOwnPassword(
  db: Kysely<DB>,
  session: CallerSession,
  change: PasswordChange,
): Promise<void> {
  const { oldpassword, confirmpassword } = change;
  if (isSomeoneElse(session, change.username)) throw new BusinessError(400, authMessages.passwordOfOthers);
  if (!oldpassword) throw new BusinessError(400, messages.oldPasswordRequired);
  const password = requireNewPassword(change.password, confirmpassword);
  const { password_hash } = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', session.userId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(password_hash, oldpassword)))
    throw new BusinessError(400, authMessages.oldPasswordWrong);
  await replacePassword(db, session.userId, password, session.tokenHash);
}
