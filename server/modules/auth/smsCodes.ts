// SMS login codes: 6 random digits, stored hashed, valid 5 minutes, single use. Sending needs a valid
// graphic code and is throttled: one code per mobile per 60 s, at most 10 a day per mobile and 50 a day
// per IP address (days in Asia/Shanghai). The counts come from the sms_codes table, so every instance
// shares them.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { SMS_RESEND_SECONDS } from '../../../common/constants';
import { checkMobile } from '../../../common/validators';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import type { SmsChannel } from '../../integrations/sms';
import { authMessages } from './messages';

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
 * Records a new login code for an active account's mobile after the throttles allow it, and returns the
 * code. The advisory locks make concurrent requests for one mobile or one address count one after another.
 */
async function recordLoginCode(
  db: Kysely<DB>,
  mobile: string,
  ip: string,
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
    const account = await trx
      .selectFrom('users')
      .select('id')
      .where('phone', '=', mobile)
      .where('status', '=', 1)
      .where('del_flag', '=', 0)
      .executeTakeFirst();
    if (!account) throw new BusinessError(400, authMessages.mobileNotRegistered);

    // A new code replaces any earlier one still waiting.
    await trx
      .updateTable('sms_codes')
      .set({ consumed_at: sql<Date>`now()` })
      .where('mobile', '=', mobile)
      .where('consumed_at', 'is', null)
      .execute();
    const code = String(randomInt(10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
    const { id } = await trx
      .insertInto('sms_codes')
      .values({
        mobile,
        code_hash: hashCode(mobile, code),
        ip,
        expires_at: sql<Date>`now() + make_interval(mins => ${SMS_CODE_TTL_MINUTES})`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, code };
  });
}

/**
 * Sends a login code to a mobile number. Throws a BusinessError when a throttle refuses or the number
 * belongs to no active account; when the gateway fails, withdraws the code (it does not count against the
 * throttles) and rethrows the gateway's SmsDeliveryError.
 */
export async function sendLoginCode(
  db: Kysely<DB>,
  sms: SmsChannel,
  request: { mobile: string; ip: string },
): Promise<void> {
  const { id, code } = await recordLoginCode(db, request.mobile, request.ip);
  try {
    await sms.gateway.send({ mobile: request.mobile, templateCode: sms.loginTemplateCode, params: { code } });
  } catch (error) {
    await db.deleteFrom('sms_codes').where('id', '=', id).execute();
    throw error;
  }
}

/** Uses up the mobile's waiting code and tells whether it was this one and still valid. */
export async function consumeLoginCode(db: Kysely<DB>, mobile: string, code: string): Promise<boolean> {
  const waiting = await db
    .updateTable('sms_codes')
    .set({ consumed_at: sql<Date>`now()` })
    .where('mobile', '=', mobile)
    .where('consumed_at', 'is', null)
    .returning(['code_hash', sql<boolean>`expires_at > now()`.as('live')])
    .execute();
  const presented = Buffer.from(hashCode(mobile, code));
  return waiting.some((row) => row.live && timingSafeEqual(Buffer.from(row.code_hash), presented));
}
