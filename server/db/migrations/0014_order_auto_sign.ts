// The orders' automatic sign-off (DOMAIN §1.5 SHIPPED → SIGNED by SYS after N days): every minute each instance
// looks, across tenants, for the SHIPPED orders whose last shipment is older than N days. An index of the
// SHIPPED orders alone, by shipment time, answers that without reading the whole order table, and stays as
// small as the orders in transit.
import { sql, type Kysely } from 'kysely';

export const SHIPPED_ORDERS_INDEX = 'sales_orders_shipped_only_idx';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex(SHIPPED_ORDERS_INDEX)
    .on('sales_orders')
    .column('shipped_at')
    .where(sql<boolean>`status = 'SHIPPED'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex(SHIPPED_ORDERS_INDEX).execute();
}
