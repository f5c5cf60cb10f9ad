// KPI targets and achievement, sales and dealer reports (issue #21, DOMAIN §1.13, §1.14): targets one row per
// (subject, indicator, period) with their top-down split, the changes of a locked target that go through
// 审批中心 (KPI_CHANGE), the achievement snapshot, the dealer inventory daily and monthly rows; the 销售报表
// menus and the KPI_CHANGE flow for tenants seeded before them.
import { sql, type Kysely } from 'kysely';
import {
  KPI_CHANGE_STATUS,
  KPI_INDICATOR,
  KPI_PERIOD_TYPE,
  KPI_SUBJECT_TYPE,
  KPI_TARGET_STATUS,
} from '../../../common/kpi';
import { insertMissingFlows } from '../../modules/approvals/flows';
import { defaultMenuRowsOf } from '../../modules/auth/tenantOrganisation';
import type { DB } from '../schema';
import { businessTable, oneOf } from './columns';
import { addTenantPermission } from './tenantMenus';

const codes = (labels: Record<string, string>) => Object.keys(labels);
const value = 'numeric(18, 4)' as const;
const money = 'numeric(14, 2)' as const;

export const KPI_MENUS = ['/eStoneKpi'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await businessTable(db, 'kpi_targets')
    .addColumn('period_type', 'text', (column) =>
      column.notNull().check(oneOf('period_type', codes(KPI_PERIOD_TYPE))),
    )
    .addColumn('period', 'text', (column) => column.notNull())
    .addColumn('subject_type', 'text', (column) =>
      column.notNull().check(oneOf('subject_type', codes(KPI_SUBJECT_TYPE))),
    )
    .addColumn('subject_id', 'text', (column) => column.notNull())
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('indicator_code', 'text', (column) =>
      column.notNull().check(oneOf('indicator_code', codes(KPI_INDICATOR))),
    )
    .addColumn('sku_scope', 'jsonb')
    .addColumn('target_value', value, (column) => column.notNull())
    .addColumn('parent_target_id', 'text', (column) =>
      column.references('kpi_targets.id').onDelete('set null'),
    )
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('DRAFT')
        .check(oneOf('status', codes(KPI_TARGET_STATUS))),
    )
    .addColumn('assigned_by', 'text')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(0))
    .addUniqueConstraint('kpi_targets_subject_unique', [
      'tenant_id',
      'period',
      'subject_type',
      'subject_id',
      'indicator_code',
    ])
    .execute();
  await db.schema
    .createIndex('kpi_targets_period_idx')
    .on('kpi_targets')
    .columns(['tenant_id', 'indicator_code', 'period_type', 'period'])
    .execute();

  await businessTable(db, 'kpi_target_changes')
    .addColumn('change_no', 'text', (column) => column.notNull())
    .addColumn('target_id', 'text', (column) =>
      column.notNull().references('kpi_targets.id').onDelete('cascade'),
    )
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('old_value', value, (column) => column.notNull())
    .addColumn('new_value', value, (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('PENDING')
        .check(oneOf('status', codes(KPI_CHANGE_STATUS))),
    )
    .execute();
  await db.schema
    .createIndex('kpi_target_changes_target_idx')
    .on('kpi_target_changes')
    .columns(['target_id', 'status'])
    .execute();

  // The latest snapshot of each (period, subject, indicator): the nightly job and 重新计算 replace it.
  await db.schema
    .createTable('kpi_achievements')
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('period', 'text', (column) => column.notNull())
    .addColumn('period_type', 'text', (column) => column.notNull())
    .addColumn('subject_type', 'text', (column) => column.notNull())
    .addColumn('subject_id', 'text', (column) => column.notNull())
    .addColumn('indicator_code', 'text', (column) => column.notNull())
    .addColumn('snapshot_date', 'date', (column) => column.notNull())
    .addColumn('subject_name', 'text', (column) => column.notNull())
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('parent_key', 'text')
    .addColumn('actual_value', value)
    .addColumn('target_value', value)
    .addColumn('achievement_rate', 'numeric(12, 4)')
    .addColumn('time_progress_rate', 'numeric(7, 4)', (column) => column.notNull())
    .addColumn('gap_to_target', value)
    .addColumn('rank_in_parent', 'integer')
    .addColumn('rank_total', 'integer')
    .addPrimaryKeyConstraint('kpi_achievements_pk', [
      'tenant_id',
      'period',
      'subject_type',
      'subject_id',
      'indicator_code',
    ])
    .execute();

  await db.schema
    .createTable('dealer_inventory_daily')
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('report_date', 'date', (column) => column.notNull())
    .addColumn('warehouse_id', 'text', (column) => column.notNull())
    .addColumn('sku_id', 'text', (column) => column.notNull())
    .addColumn('dealer_id', 'text', (column) => column.notNull())
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('opening_qty', 'integer', (column) => column.notNull())
    .addColumn('purchase_in_qty', 'integer', (column) => column.notNull())
    .addColumn('sales_out_qty', 'integer', (column) => column.notNull())
    .addColumn('return_in_qty', 'integer', (column) => column.notNull())
    .addColumn('other_in_qty', 'integer', (column) => column.notNull())
    .addColumn('other_out_qty', 'integer', (column) => column.notNull())
    .addColumn('closing_qty', 'integer', (column) => column.notNull())
    .addColumn('closing_amount', money, (column) => column.notNull())
    .addColumn('avg_stock_age_days', 'numeric(10, 1)')
    .addColumn('near_expiry_qty', 'integer', (column) => column.notNull())
    .addColumn('days_of_supply', 'numeric(10, 1)')
    .addPrimaryKeyConstraint('dealer_inventory_daily_pk', [
      'tenant_id',
      'report_date',
      'warehouse_id',
      'sku_id',
    ])
    .execute();

  await db.schema
    .createTable('dealer_monthly')
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('month', 'text', (column) => column.notNull())
    .addColumn('dealer_id', 'text', (column) => column.notNull())
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('purchase_cases', 'numeric(14, 2)', (column) => column.notNull())
    .addColumn('purchase_amount', money, (column) => column.notNull())
    .addColumn('sell_out_cases', 'numeric(14, 2)', (column) => column.notNull())
    .addColumn('sell_out_amount', money, (column) => column.notNull())
    .addColumn('active_outlets', 'integer', (column) => column.notNull())
    .addColumn('new_outlets', 'integer', (column) => column.notNull())
    .addColumn('rebate_accrued', money)
    .addColumn('rebate_used', money, (column) => column.notNull())
    .addColumn('display_fees_paid', money)
    .addColumn('freezers_placed', 'integer', (column) => column.notNull())
    .addColumn('target_cases', value)
    .addColumn('achievement_rate', 'numeric(12, 4)')
    .addColumn('rebuilt_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('dealer_monthly_pk', ['tenant_id', 'month', 'dealer_id'])
    .execute();

  await addKpiDefaults(db as unknown as Kysely<DB>);
}

/** For every tenant: the 销售报表 menus (granted to its administrators) and the KPI_CHANGE flow. */
export async function addKpiDefaults(db: Kysely<DB>): Promise<void> {
  const tenants = await db.selectFrom('tenants').select('tenant_id').execute();
  for (const { tenant_id: tenantId } of tenants) {
    const all = defaultMenuRowsOf(tenantId);
    const menus = new Set(
      all.filter((row) => KPI_MENUS.some((url) => (row.url ?? '').startsWith(url))).map((row) => row.id),
    );
    for (const row of all.filter((each) => menus.has(each.id) || menus.has(each.parent_id ?? ''))) {
      await addTenantPermission(db, tenantId, row);
    }
    await insertMissingFlows(db, tenantId, ['KPI_CHANGE']);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'dealer_monthly',
    'dealer_inventory_daily',
    'kpi_achievements',
    'kpi_target_changes',
    'kpi_targets',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
