// Trade spend, what was left of issues #18 and #19: a return remembers the part of its goods the buyer had
// paid from the rebate account (返利抵扣), given back to that account when the goods are received.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('return_orders')
    .addColumn('rebate_back_amount', 'numeric(14, 2)', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`rebate_back_amount >= 0`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('return_orders').dropColumn('rebate_back_amount').execute();
}
