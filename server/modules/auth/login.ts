// Signing in with a password or an SMS code: the same rules for both (API.md Part A "Sessions"). One
// answer for an unknown account and a wrong secret; five failures in a row lock the account for ten
// minutes; a frozen account is told so only after the right secret. Every outcome goes to the login log.
// Password guessing is throttled besides (loginThrottle.ts): after a few failures on a user name or from an
// address the graphic code is required, so nobody locks an account out without solving it.
import { sql, type Kysely } from 'kysely';
import { messages } from '../../../common/messages';
import { hasText } from '../../../common/validators';
import type { DB, UserStatus } from '../../db/schema';
import { BusinessError, type BusinessCode } from '../../http/envelope';
import {
  departsOf,
  rolesOf,
  setLoginDepart,
  userInfoOf,
  type DepartSummary,
  type RoleSummary,
  type UserInfo,
} from './accounts';
import { consumeCaptcha } from './captcha';
import type { LoginThrottle } from './throttles';
import { authMessages } from './messages';
import { verifyPassword } from './passwords';
import { createSession } from './sessions';
import { consumeSmsCode, requireValidMobile } from './smsCodes';
import { writeLoginLog, type RequestInfo } from './sysLog';

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 10;

/** 0 no department (the SPA may warn), 1 exactly one (already set as the login department), 2 several (pick one). */
export type MultiDepart = 0 | 1 | 2;

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  roles: RoleSummary[];
  multi_depart: MultiDepart;
  departs: DepartSummary[];
}

interface Account {
  id: string;
  tenantId: string;
  username: string;
  status: UserStatus;
  /** The user's company is frozen (tenants.status 0): nobody of it may sign in. */
  tenantFrozen: boolean;
  passwordHash: string;
  failedLogins: number;
  locked: boolean;
}

/** An account that may try to sign in (not deleted), found by user name or mobile number. */
async function findAccount(
  db: Kysely<DB>,
  by: 'id' | 'username' | 'phone',
  value: string,
): Promise<Account | undefined> {
  const row = await db
    .selectFrom('users')
    .innerJoin('tenants', 'tenants.tenant_id', 'users.tenant_id')
    .select([
      'users.id',
      'users.tenant_id as tenantId',
      'users.username',
      'users.status',
      sql<boolean>`tenants.status = 0`.as('tenantFrozen'),
      'password_hash as passwordHash',
      'failed_logins as failedLogins',
      sql<boolean>`coalesce(locked_until > now(), false)`.as('locked'),
      sql<boolean>`coalesce(locked_until <= now(), false)`.as('lockExpired'),
    ])
    .where(`users.${by}`, '=', value)
    .where('users.del_flag', '=', 0)
    .executeTakeFirst();
  if (!row) return undefined;
  const { lockExpired, ...account } = row;
  if (!lockExpired) return account;
  // The lock has run out: the next attempts start counting from zero again.
  await db
    .updateTable('users')
    .set({ failed_logins: 0, locked_until: null })
    .where('id', '=', account.id)
    .where('locked_until', '<=', sql<Date>`now()`)
    .execute();
  return { ...account, failedLogins: 0 };
}

/** Counts a failure; true when it was the one that locked the account. */
async function registerFailure(db: Kysely<DB>, account: Account): Promise<boolean> {
  const { failed_logins } = await db
    .updateTable('users')
    .set((eb) => ({
      failed_logins: eb('failed_logins', '+', 1),
      locked_until: sql<Date>`case when failed_logins + 1 >= ${MAX_FAILED_LOGINS}
        then now() + make_interval(mins => ${LOCK_MINUTES}) else locked_until end`,
    }))
    .where('id', '=', account.id)
    .returning('failed_logins')
    .executeTakeFirstOrThrow();
  return failed_logins === MAX_FAILED_LOGINS;
}

/** Who an attempt was for, as the log names it. */
interface Attempt {
  subject: string;
  account: Account | undefined;
}

function logEntry(attempt: Attempt, content: string) {
  return {
    content: `${attempt.subject},${content}`,
    username: attempt.account?.username ?? null,
    userId: attempt.account?.id ?? null,
    tenantId: attempt.account?.tenantId ?? null,
  };
}

/** Logs a refused attempt with its real reason, and answers with the message the caller may see. */
async function refuse(
  db: Kysely<DB>,
  info: RequestInfo,
  attempt: Attempt,
  reason: string,
  code: BusinessCode,
  message: string,
): Promise<never> {
  await writeLoginLog(db, info, logEntry(attempt, `登录失败：${reason}`));
  throw new BusinessError(code, message);
}

/** After a wrong secret: count it, log it, lock the account at the fifth. */
async function refuseWrongSecret(
  db: Kysely<DB>,
  info: RequestInfo,
  attempt: Attempt & { account: Account },
  reason: string,
  message: string,
): Promise<never> {
  if (await registerFailure(db, attempt.account)) {
    await writeLoginLog(db, info, logEntry(attempt, `登录失败：${reason}`));
    await writeLoginLog(
      db,
      info,
      logEntry(attempt, `连续${MAX_FAILED_LOGINS}次登录失败，账号锁定${LOCK_MINUTES}分钟`),
    );
    throw new BusinessError(429, authMessages.accountLocked);
  }
  return refuse(db, info, attempt, reason, 400, message);
}

async function admit(
  db: Kysely<DB>,
  info: RequestInfo,
  attempt: Attempt & { account: Account },
): Promise<LoginResult> {
  const { account } = attempt;
  if (account.failedLogins > 0) {
    await db
      .updateTable('users')
      .set({ failed_logins: 0, locked_until: null })
      .where('id', '=', account.id)
      .execute();
  }
  const departs = await departsOf(db, account.id, account.tenantId);
  const multiDepart: MultiDepart = departs.length === 0 ? 0 : departs.length === 1 ? 1 : 2;
  if (multiDepart === 1) await setLoginDepart(db, account.id, departs[0].orgCode);
  const token = await createSession(db, {
    userId: account.id,
    tenantId: account.tenantId,
    ip: info.ip,
    userAgent: info.userAgent,
  });
  const result: LoginResult = {
    token,
    userInfo: await userInfoOf(db, account.id),
    roles: await rolesOf(db, account.id, account.tenantId),
    multi_depart: multiDepart,
    departs,
  };
  await writeLoginLog(db, info, logEntry(attempt, '登录成功！'));
  return result;
}

export interface PasswordCredentials {
  username?: string;
  password?: string;
  /** Optional: clients of the original contract send a graphic code; when present it is checked. */
  captcha?: string;
  checkKey?: string;
}

/**
 * Signs in with a password. A refusal after which the next attempt needs the graphic code says so in its
 * result (`captchaRequired`), so the login form can show the code before the next try.
 */
export async function loginWithPassword(
  db: Kysely<DB>,
  throttle: LoginThrottle,
  credentials: PasswordCredentials,
  info: RequestInfo,
): Promise<LoginResult> {
  const { username, password } = credentials;
  if (!hasText(username)) throw new BusinessError(400, messages.usernameRequired);
  if (!password) throw new BusinessError(400, messages.passwordRequired);
  const attempter = { ip: info.ip, username };
  try {
    const result = await checkPassword(db, throttle, { ...credentials, username, password }, info);
    await throttle.succeeded(attempter);
    return result;
  } catch (error) {
    if (error instanceof BusinessError && (await throttle.captchaRequired(attempter))) {
      throw new BusinessError(error.code, error.message, { captchaRequired: true });
    }
    throw error;
  }
}

async function checkPassword(
  db: Kysely<DB>,
  throttle: LoginThrottle,
  credentials: PasswordCredentials & { username: string; password: string },
  info: RequestInfo,
): Promise<LoginResult> {
  const { username, password, captcha, checkKey } = credentials;
  const attempter = { ip: info.ip, username };
  const account = await findAccount(db, 'username', username);
  const attempt: Attempt = { subject: `用户名: ${username}`, account };
  const blockedSeconds = await throttle.blockedSeconds(attempter);
  if (blockedSeconds !== undefined) {
    return refuse(
      db,
      info,
      attempt,
      '该地址登录失败次数过多',
      429,
      authMessages.tooManyFailures(blockedSeconds),
    );
  }
  const captchaRequired = await throttle.captchaRequired(attempter);
  // Optional until failures make it required; clients of the original contract may always send one.
  if (captchaRequired || hasText(captcha) || hasText(checkKey)) {
    try {
      await consumeCaptcha(db, checkKey, captcha);
    } catch (error) {
      // A wrong or stale graphic code is a failed attempt too: it goes to the log before the answer. A
      // missing one, asked for, is not: it counts against nobody.
      if (error instanceof BusinessError) {
        if (hasText(captcha)) await throttle.failed(attempter, { againstUsername: false });
        await refuse(db, info, attempt, error.message, error.code, error.message);
      }
      throw error;
    }
  }
  if (!account) {
    await verifyPassword(undefined, password);
    await throttle.failed(attempter, { againstUsername: true });
    return refuse(db, info, attempt, '用户不存在', 400, authMessages.badCredentials);
  }
  const known = { ...attempt, account };
  if (account.locked) return refuse(db, info, known, '账号已锁定', 429, authMessages.accountLocked);
  if (!(await verifyPassword(account.passwordHash, password))) {
    await throttle.failed(attempter, { againstUsername: true });
    return refuseWrongSecret(db, info, known, '密码错误', authMessages.badCredentials);
  }
  if (account.status === 2) return refuse(db, info, known, '账号已冻结', 409, authMessages.accountFrozen);
  if (account.tenantFrozen) return refuse(db, info, known, '公司已冻结', 409, authMessages.tenantFrozen);
  return admit(db, info, known);
}

export interface SmsCredentials {
  mobile?: string;
  /** The SMS code (the reference contract calls it captcha). */
  captcha?: string;
}

export async function loginWithSmsCode(
  db: Kysely<DB>,
  credentials: SmsCredentials,
  info: RequestInfo,
): Promise<LoginResult> {
  const { mobile, captcha: code } = credentials;
  const validMobile = requireValidMobile(mobile);
  if (!hasText(code)) throw new BusinessError(400, messages.captchaRequired);
  // Used up whatever follows: one attempt per code.
  const codeMatches = await consumeSmsCode(db, { mobile: validMobile, purpose: 'LOGIN', code: code.trim() });
  const account = await findAccount(db, 'phone', validMobile);
  const attempt: Attempt = {
    subject: account ? `用户名: ${account.username}` : `手机号: ${validMobile}`,
    account,
  };
  if (!account) return refuse(db, info, attempt, '手机号未绑定账号', 400, authMessages.smsCodeInvalid);
  const known = { ...attempt, account };
  if (account.locked) return refuse(db, info, known, '账号已锁定', 429, authMessages.accountLocked);
  if (!codeMatches)
    return refuseWrongSecret(db, info, known, '手机验证码错误或已失效', authMessages.smsCodeInvalid);
  if (account.status === 2) return refuse(db, info, known, '账号已冻结', 409, authMessages.accountFrozen);
  if (account.tenantFrozen) return refuse(db, info, known, '公司已冻结', 409, authMessages.tenantFrozen);
  return admit(db, info, known);
}

/**
 * Signs in an account a third party vouched for (WeCom, CAS, the special login): no secret to check here, but
 * the account rules, the answer and the login log of the other logins. `subject` names the party and the
 * identity it gave in the log; `unknownMessage` is the answer when no (live) account matches, or none is bound.
 */
export async function loginVouchedFor(
  db: Kysely<DB>,
  account: { by: 'id' | 'username'; value: string } | null,
  info: RequestInfo,
  subject: string,
  unknownMessage: string,
): Promise<LoginResult> {
  const found = account ? await findAccount(db, account.by, account.value) : undefined;
  const attempt: Attempt = { subject, account: found };
  if (!found) return refuse(db, info, attempt, '账号不存在或未绑定', 400, unknownMessage);
  const known = { ...attempt, account: found };
  if (found.locked) return refuse(db, info, known, '账号已锁定', 429, authMessages.accountLocked);
  if (found.status === 2) return refuse(db, info, known, '账号已冻结', 409, authMessages.accountFrozen);
  return admit(db, info, known);
}
