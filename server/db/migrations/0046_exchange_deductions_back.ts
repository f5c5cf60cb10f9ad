// An exchange for cheaper goods gives back part of what the returned goods had consumed (issue #18): of the
// order's 返利抵扣 and 金币抵扣 the taken goods carried, the share of the value not replaced goes back to the
// buyer's accounts when the exchange is carried out, like a return's (0039, 0041). Like-for-like exchanges keep
// all of it: the new goods stand where the old ones stood. The ledger entries are set once.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('exchange_orders')
    .addColumn('rebate_back_amount', 'numeric(14, 2)', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`rebate_back_amount >= 0`),
    )
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
    .alterTable('exchange_orders')
    .dropColumn('coin_back_entry_id')
    .dropColumn('rebate_back_entry_id')
    .dropColumn('coin_back_coins')
    .dropColumn('rebate_back_amount')
    .execute();
}
