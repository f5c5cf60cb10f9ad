// 陈列协议 paid 按季 or 到期一次 (issue #19): a payout spans months, so one terminated mid-payout must be settled for
// the months up to the termination — the day it was terminated is kept (the agreed term stays as signed). Agreements
// terminated before take the day of their last change (the termination: a terminated one changes no more).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('display_agreements').addColumn('terminated_on', 'date').execute();
  await sql`update display_agreements
    set terminated_on = (updated_at at time zone 'Asia/Shanghai')::date
    where status = 'TERMINATED'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('display_agreements').dropColumn('terminated_on').execute();
}
