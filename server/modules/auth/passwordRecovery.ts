// Password recovery (the public /user/alteration page), in two steps: the SMS code of recovery proves the
// phone and earns a reset key (random, single use, 10 minutes, stored as its sha256 only); the key then sets
// a new password, which lifts any lock and signs the account out everywhere.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { messages } from '../../../common/messages';
import { hasText } from '../../../common/validators';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { authMessages } from './messages';
import { replacePassword } from './ownAccount';
import { requireNewPassword } from './passwords';
import { hashToken } from './sessions';
import { consumeSmsCode, requireValidMobile } from './smsCodes';
import { OperateType, writeOperationLog, type RequestInfo } from './sysLog';

export const RESET_KEY_TTL_MINUTES = 10;

export interface PhoneVerification {
  phone?: string;
  smscode?: string;
}

export interface ResetGrant {
  username: string;
  resetKey: string;
}

/**
 * Checks the recovery code sent to a phone (used up whatever the outcome) and hands out a reset key for
 * the account of that phone; the account's earlier keys stop working.
 */
export async function verifyPhoneForReset(
  db: Kysely<DB>,
  verification: PhoneVerification,
): Promise<ResetGrant> {
  const mobile = requireValidMobile(verification.phone);
  const { smscode } = verification;
  if (!hasText(smscode)) throw new BusinessError(400, messages.captchaRequired);
  const codeMatches = await consumeSmsCode(db, { mobile, purpose: 'RESET_PASSWORD', code: smscode.trim() });
  if (!codeMatches) throw new BusinessError(400, authMessages.smsCodeInvalid);
  // The code went only to an active account's phone; the account may have changed in the 5 minutes since.
  const account = await db
    .selectFrom('users')
    .select(['id', 'username', 'status'])
    .where('phone', '=', mobile)
    .where('del_flag', '=', 0)
    .executeTakeFirst();
  if (!account) throw new BusinessError(400, authMessages.mobileNotRegistered);
  if (account.status === 2) throw new BusinessError(409, authMessages.accountFrozen);

  const resetKey = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('password_reset_keys').where('user_id', '=', account.id).execute();
    await trx
      .insertInto('password_reset_keys')
      .values({
        key_hash: hashToken(resetKey),
        user_id: account.id,
        expires_at: sql<Date>`now() + make_interval(mins => ${RESET_KEY_TTL_MINUTES})`,
      })
      .execute();
  });
  return { username: account.username, resetKey };
}

export interface PasswordReset {
  username?: string;
  resetKey?: string;
  password?: string;
  confirmpassword?: string;
}

/**
 * Sets a new password with a reset key of that user. The new password is checked first, so a typo in it
 * does not cost the key; the key is then used up whatever the outcome.
 */
export async function resetPassword(db: Kysely<DB>, reset: PasswordReset, info: RequestInfo): Promise<void> {
  const { username, resetKey } = reset;
  if (!hasText(username) || !hasText(resetKey)) throw new BusinessError(400, authMessages.resetKeyInvalid);
  const password = requireNewPassword(reset.password, reset.confirmpassword);
  const used = await db
    .deleteFrom('password_reset_keys')
    .using('users')
    .whereRef('users.id', '=', 'password_reset_keys.user_id')
    .where('password_reset_keys.key_hash', '=', hashToken(resetKey))
    .returning([
      'users.id',
      'users.username',
      'users.tenant_id',
      sql<boolean>`password_reset_keys.expires_at > now()`.as('live'),
    ])
    .executeTakeFirst();
  if (!used || !used.live || used.username !== username) {
    throw new BusinessError(400, authMessages.resetKeyInvalid);
  }
  await replacePassword(db, used.id, password);
  await writeOperationLog(db, info, {
    content: `用户名: ${used.username},通过手机验证重置密码成功！`,
    username: used.username,
    userId: used.id,
    tenantId: used.tenant_id,
    operateType: OperateType.update,
  });
}
