// SMS codes for signing in, registering and recovering a password: 6 random digits, stored hashed, valid
// 5 minutes, single use, good only for what they were sent for. Sending needs a valid graphic code and is
// throttled whatever the purpose: one code per mobile per 60 s, at most 10 a day per mobile and 50 a day
// per IP address (days in Asia/Shanghai). The counts come from the sms_codes table, so every instance
// shares them.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { SMS_RESEND_SECONDS } from '../../../common/constants';
import { checkMobile } from '../../../common/validators';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import type { SmsChannel, SmsPurpose } from '../../integrations/sms';
import { isTaken } from './accounts';
import { authMessages } from './messages';
import { isMallBuyerMobile } from '../mall/buyerAccounts';

export const SMS_CODE_TTL_MINUTES = 5;
export const SMS_DAILY_LIMIT_PER_MOBILE = 10;
export const SMS_DAILY_LIMIT_PER_IP = 50;
const CODE_DIGITS = 6;

/** The mobile number, or the BusinessError of spec §5 ('请输入手机号', '您的手机号码格式不正确!'). */
export function requireValidMobile(mobile: string | undefined): string {
  const problem = checkMobile(mobile);
  if (problem) throw new BusinessError(400, problem);
  return mobile as string;
}

function hashCode(mobile: string, code: string): string {
  return createHash('sha256').update(`${mobile}:${code}`).digest('hex');
}

/** Local midnight in Asia/Shanghai, the start of the day the daily caps count. */
const startOfDay = sql<Date>`date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'`;

/**
 * Refuses a mobile a code of this purpose may not go to: registering needs a number no account has;
 * signing in and recovering need an active account.
 */
async function checkRecipient(db: Kysely<DB>, mobile: string, purpose: SmsPurpose): Promise<void> {
  if (purpose === 'BUYER_LOGIN') {
    if (!(await isMallBuyerMobile(db, mobile)))
      throw new BusinessError(400, authMessages.mobileNotRegistered);
    return;
  }
  if (purpose === 'REGISTER') {
    if (await isTaken(db, 'phone', mobile)) {
      throw new BusinessError(409, authMessages.mobileAlreadyRegistered);
    }
    return;
  }
  const account = await db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', mobile)
    .where('status', '=', 1)
    .where('del_flag', '=', 0)
    .executeTakeFirst();
  if (!account) throw new BusinessError(400, authMessages.mobileNotRegistered);
}

/**
 * Records a new code after the throttles and the recipient rule allow it, and returns the code. The
 * advisory locks make concurrent requests for one mobile or one address count one after another.
 */
async function recordCode(
  db: Kysely<DB>,
  { mobile, ip, purpose }: SmsCodeRequest,
): Promise<{ id: string; code: string }> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`sms:mobile:${mobile}`}))`.execute(trx);
    await sql`select pg_advisory_xact_lock(hashtext(${`sms:ip:${ip}`}))`.execute(trx);
    const counts = await trx
      .selectFrom('sms_codes')
      .select([
        sql<boolean>`coalesce(bool_or(mobile = ${mobile} and created_at > now() - make_interval(secs => ${SMS_RESEND_SECONDS})), false)`.as(
          'recent',
        ),
        sql<number>`count(*) filter (where mobile = ${mobile})::int`.as('mobileToday'),
        sql<number>`count(*) filter (where ip = ${ip})::int`.as('ipToday'),
      ])
      .where((eb) => eb.or([eb('mobile', '=', mobile), eb('ip', '=', ip)]))
      .where('created_at', '>=', startOfDay)
      .executeTakeFirstOrThrow();
    if (counts.recent) throw new BusinessError(429, authMessages.smsTooFrequent);
    if (counts.mobileToday >= SMS_DAILY_LIMIT_PER_MOBILE || counts.ipToday >= SMS_DAILY_LIMIT_PER_IP) {
      throw new BusinessError(429, authMessages.smsDailyLimit);
    }
    await checkRecipient(trx, mobile, purpose);

    // A new code replaces any earlier one of the same purpose still waiting.
    await trx
      .updateTable('sms_codes')
      .set({ consumed_at: sql<Date>`now()` })
      .where('mobile', '=', mobile)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .execute();
    const code = String(randomInt(10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
    const { id } = await trx
      .insertInto('sms_codes')
      .values({
        mobile,
        purpose,
        code_hash: hashCode(mobile, code),
        ip,
        expires_at: sql<Date>`now() + make_interval(mins => ${SMS_CODE_TTL_MINUTES})`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, code };
  });
}

export interface SmsCodeRequest {
  mobile: string;
  ip: string;
  purpose: SmsPurpose;
}

/**
 * Sends a code of a purpose to a mobile number, with that purpose's template. Throws a BusinessError when
 * a throttle or the recipient rule refuses; when the gateway fails, withdraws the code (it does not count
 * against the throttles) and rethrows the gateway's SmsDeliveryError.
 */
export async function sendSmsCode(db: Kysely<DB>, sms: SmsChannel, request: SmsCodeRequest): Promise<void> {
  const { id, code } = await recordCode(db, request);
  try {
    await sms.gateway.send({
      mobile: request.mobile,
      templateCode: sms.templateCodes[request.purpose === 'BUYER_LOGIN' ? 'LOGIN' : request.purpose],
      params: { code },
    });
  } catch (error) {
    await db.deleteFrom('sms_codes').where('id', '=', id).execute();
    throw error;
  }
}

/** Uses up the mobile's waiting code of this purpose and tells whether it was this one and still valid. */
export async function consumeSmsCode(
  db: Kysely<DB>,
  { mobile, purpose, code }: { mobile: string; purpose: SmsPurpose; code: string },
): Promise<boolean> {
  const waiting = await db
    .updateTable('sms_codes')
    .set({ consumed_at: sql<Date>`now()` })
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .returning(['code_hash', sql<boolean>`expires_at > now()`.as('live')])
    .execute();
  const presented = Buffer.from(hashCode(mobile, code));
  return waiting.some((row) => row.live && timingSafeEqual(Buffer.from(row.code_hash), presented));
}
