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
import { hashPassword, meetsPasswordPolicy, verifyPassword } from './passwords';
import { revokeOtherSessions } from './sessions';

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

/** Changes the caller's password and signs out every other session of the account. */
export async function changeOwnPassword(
  db: Kysely<DB>,
  session: CallerSession,
  change: PasswordChange,
): Promise<void> {
  const { oldpassword, password, confirmpassword } = change;
  if (isSomeoneElse(session, change.username)) throw new BusinessError(400, authMessages.passwordOfOthers);
  if (!oldpassword) throw new BusinessError(400, messages.oldPasswordRequired);
  if (!password) throw new BusinessError(400, authMessages.newPasswordEmpty);
  if (password !== confirmpassword) throw new BusinessError(400, authMessages.passwordsDiffer);
  if (!meetsPasswordPolicy(password)) throw new BusinessError(400, authMessages.passwordPolicy);
  const { password_hash } = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', session.userId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(password_hash, oldpassword)))
    throw new BusinessError(400, authMessages.oldPasswordWrong);
  const newHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: newHash, updated_at: new Date() })
      .where('id', '=', session.userId)
      .execute();
    await revokeOtherSessions(trx, session.userId, session.tokenHash);
  });
}
