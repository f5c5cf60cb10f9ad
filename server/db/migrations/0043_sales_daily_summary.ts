// 销售日汇总 (issue #21): the table the sales analysis reads, kept by the order commands (see
// server/modules/kpi/salesSummary.ts), filled here from the orders already placed.
import { type Kysely } from 'kysely';
import { rebuildSalesSummary } from '../../modules/kpi/salesSummary';
import type { DB } from '../schema';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sales_daily_summary')
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('day', 'date', (column) => column.notNull())
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('sales_rep_id', 'text', (column) => column.notNull())
    .addColumn('seller_id', 'text', (column) => column.notNull())
    .addColumn('dealer_id', 'text', (column) => column.notNull())
    .addColumn('customer_type', 'text', (column) => column.notNull())
    .addColumn('item_id', 'text', (column) => column.notNull())
    .addColumn('amount', 'numeric(18, 2)', (column) => column.notNull())
    // Unscaled: the sum of each line's cases to full precision, rounded only when read (as the analysis did).
    .addColumn('cases', 'numeric', (column) => column.notNull())
    .addColumn('orders', 'integer', (column) => column.notNull())
    // Kind and day first: the analysis reads one kind over a range of days.
    .addPrimaryKeyConstraint('sales_daily_summary_pk', [
      'tenant_id',
      'kind',
      'day',
      'org_code',
      'sales_rep_id',
      'seller_id',
      'dealer_id',
      'customer_type',
      'item_id',
    ])
    .execute();
  await rebuildSalesSummary(db as unknown as Kysely<DB>);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sales_daily_summary').execute();
}
