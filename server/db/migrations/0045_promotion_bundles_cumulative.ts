// 组合套餐 and 累计返 priced into orders (issue #18, DOMAIN §1.7): a bundle keeps the items of one set on the
// promotion; a usage says how many times its tier's benefit was given (每满 repeats, bundle sets, 累计返
// crossings) — a 累计返 tier is given once per threshold crossing, so what was already given is the sum of the
// times of its usages not released.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('promotions')
    .addColumn('bundle_items', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await db.schema
    .alterTable('promotion_usages')
    .addColumn('times', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
  await sql`alter table promotion_usages add constraint promotion_usages_times_check check (times >= 1)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('promotion_usages').dropColumn('times').execute();
  await db.schema.alterTable('promotions').dropColumn('bundle_items').execute();
}
