// Returns give back what the returned goods had consumed (issue #18): beside its 返利抵扣 share (0039) a return
// remembers the coins of the order's 金币抵扣 its goods took, and at 入库 the two ledger entries that gave them
// back — set once, so a return can never give anything back twice.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('return_orders')
    .addColumn('coin_back_coins', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`coin_back_coins >= 0`),
    )
    .addColumn('rebate_back_entry_id', 'text', (column) => column.references('fund_ledger.id'))
    .addColumn('coin_back_entry_id', 'text', (column) => column.references('fund_ledger.id'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('return_orders')
    .dropColumn('coin_back_entry_id')
    .dropColumn('rebate_back_entry_id')
    .dropColumn('coin_back_coins')
    .execute();
}
