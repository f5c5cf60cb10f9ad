// Lots that expire (DOMAIN §1.6 NORMAL → EXPIRED by SYS at the expiry date) and lots that enter their
// near-expiry (临期) window: the expiry job marks both once. `near_expiry_noted_on` is the day it noted a lot as
// near expiry, so a lot is logged once and not at every run. The job finds its lots through a partial index of
// the NORMAL lots by expiry date, which stays as small as the saleable stock.
import { sql, type Kysely } from 'kysely';

export const NORMAL_LOTS_BY_EXPIRY_INDEX = 'stock_lots_normal_expiry_idx';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stock_lots').addColumn('near_expiry_noted_on', 'date').execute();
  await db.schema
    .createIndex(NORMAL_LOTS_BY_EXPIRY_INDEX)
    .on('stock_lots')
    .column('expiry_date')
    .where(sql<boolean>`lot_status = 'NORMAL'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex(NORMAL_LOTS_BY_EXPIRY_INDEX).execute();
  await db.schema.alterTable('stock_lots').dropColumn('near_expiry_noted_on').execute();
}
