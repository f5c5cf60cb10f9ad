// What an order's returns took back (issue #22): the cash part of every return received (入库) against it. The
// order owes its payable less this less what was paid, so after a return its 原路退回 leaves it 已支付 (not
// 部分支付) and no 在线收款, 登记收款 or credit check asks the buyer for the returned goods again.
// Databases that already received returns get their sums.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sales_orders')
    .addColumn('returned_amount', sql`numeric(14,2)`, (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`returned_amount >= 0`),
    )
    .execute();
  await backfillReturnedAmounts(db as unknown as Kysely<DB>);
}

/** The returns received before the column: their sums, and the 部分支付 orders they settled. Idempotent. */
export async function backfillReturnedAmounts(db: Kysely<DB>): Promise<void> {
  await sql`
    update sales_orders so set returned_amount = received.amount
    from (
      select original_order_id, sum(amount) as amount from return_orders
      where status = 'RECEIVED' and original_order_id is not null group by original_order_id
    ) received
    where so.id = received.original_order_id`.execute(db);
  // Orders a return has settled: a 部分支付 that now covers what it owes.
  await sql`
    update sales_orders set payment_status = 'PAID'
    where returned_amount > 0 and payment_status = 'PARTIAL' and paid_amount >= payable_amount - returned_amount`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sales_orders').dropColumn('returned_amount').execute();
}
