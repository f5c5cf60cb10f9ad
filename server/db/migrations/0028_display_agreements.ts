// Display policies and agreements (DOMAIN §1.8, issue #19): the policy (a budget envelope with its signed
// outlets and amount), the agreement of one outlet with its guards (one living agreement per display type at an
// outlet, enforced by a partial unique index as well as by the service), the monthly inspections with their
// review, and the payment of each agreement and month; the 陈列管理 menus and the DISPLAY_AGREEMENT approval flow
// for tenants seeded before them.
import { sql, type Kysely, type SqlBool } from 'kysely';
import {
  AGREEMENT_STATUS,
  DISPLAY_COST_TYPE,
  DISPLAY_FEE_TYPE,
  DISPLAY_TYPE,
  HOLDING_STATUSES,
  INSPECTION_FREQUENCY,
  INSPECTION_RESULT,
  INSPECTOR_ROLE,
  PAYMENT_CYCLE,
  DISPLAY_PAYMENT_STATUS,
  POLICY_STATUS,
  REVIEW_STATUS,
  TERMINATION_REASON,
} from '../../../common/displays';
import { insertMissingFlows } from '../../modules/approvals/flows';
import { defaultMenuRowsOf } from '../../modules/auth/tenantOrganisation';
import type { DB } from '../schema';
import { businessTable, oneOf } from './columns';
import { addTenantPermission } from './tenantMenus';

const codes = (labels: Record<string, string>) => Object.keys(labels);
const money = 'numeric(12, 2)' as const;

export const DISPLAY_MENUS = ['/esdh'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await businessTable(db, 'display_policies')
    .addColumn('policy_no', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('cost_type', 'text', (column) =>
      column.notNull().check(oneOf('cost_type', codes(DISPLAY_COST_TYPE))),
    )
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('start_date', 'date', (column) => column.notNull())
    .addColumn('end_date', 'date', (column) => column.notNull())
    .addColumn('display_types', 'jsonb', (column) => column.notNull())
    .addColumn('standard', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('standard_photo_id', 'text')
    .addColumn('total_budget', money, (column) => column.notNull())
    .addColumn('per_outlet_cap', money, (column) => column.notNull())
    .addColumn('max_outlets', 'integer', (column) => column.notNull())
    .addColumn('signed_outlets', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('signed_amount', money, (column) => column.notNull().defaultTo(0))
    .addColumn('partial_ratio', 'numeric(4, 3)', (column) => column.notNull().defaultTo(0.5))
    .addColumn('inspection_frequency', 'text', (column) =>
      column.notNull().check(oneOf('inspection_frequency', codes(INSPECTION_FREQUENCY))),
    )
    .addColumn('payment_modes', 'jsonb', (column) => column.notNull())
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('DRAFT')
        .check(oneOf('status', codes(POLICY_STATUS))),
    )
    .addColumn('remark', 'text')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addUniqueConstraint('display_policies_no_uq', ['tenant_id', 'policy_no'])
    // The budget is never overdrawn, whatever signs at once (the service's conditional update says it first).
    .addCheckConstraint(
      'display_policies_budget_check',
      sql`signed_amount <= total_budget and signed_outlets <= max_outlets and signed_amount >= 0 and signed_outlets >= 0`,
    )
    .addCheckConstraint('display_policies_period_check', sql`start_date <= end_date`)
    .execute();

  await businessTable(db, 'display_agreements')
    .addColumn('agreement_no', 'text', (column) => column.notNull())
    .addColumn('policy_id', 'text', (column) => column.notNull().references('display_policies.id'))
    .addColumn('customer_id', 'text', (column) => column.notNull().references('customers.id'))
    .addColumn('dealer_id', 'text', (column) => column.references('customers.id'))
    .addColumn('employee_id', 'text', (column) => column.notNull())
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('start_date', 'date', (column) => column.notNull())
    .addColumn('end_date', 'date', (column) => column.notNull())
    .addColumn('display_type', 'text', (column) =>
      column.notNull().check(oneOf('display_type', codes(DISPLAY_TYPE))),
    )
    .addColumn('location_desc', 'text')
    .addColumn('required_sku_ids', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('min_facings', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('min_layers', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('standard_photo_id', 'text')
    .addColumn('fee_type', 'text', (column) =>
      column.notNull().check(oneOf('fee_type', codes(DISPLAY_FEE_TYPE))),
    )
    .addColumn('monthly_fee', money, (column) => column.notNull())
    .addColumn('total_fee', money, (column) => column.notNull())
    .addColumn('payment_cycle', 'text', (column) =>
      column.notNull().check(oneOf('payment_cycle', codes(PAYMENT_CYCLE))),
    )
    .addColumn('approved_amount', money)
    // The agreement template it was made with and the values of its variables (templates: another module).
    .addColumn('template_version_id', 'text')
    .addColumn('variable_values', 'jsonb')
    .addColumn('sign_photo_ids', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('signed_at', 'timestamptz')
    .addColumn('signed_by', 'text')
    .addColumn('consecutive_fails', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('budget_consumed', money, (column) => column.notNull().defaultTo(0))
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('DRAFT')
        .check(oneOf('status', codes(AGREEMENT_STATUS))),
    )
    .addColumn('termination_reason', 'text', (column) =>
      column.check(oneOf('termination_reason', codes(TERMINATION_REASON))),
    )
    .addColumn('termination_remark', 'text')
    .addColumn('remark', 'text')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addUniqueConstraint('display_agreements_no_uq', ['tenant_id', 'agreement_no'])
    .addCheckConstraint('display_agreements_period_check', sql`start_date <= end_date`)
    .execute();
  // One living agreement of a display type at an outlet.
  await db.schema
    .createIndex('display_agreements_holding_uq')
    .on('display_agreements')
    .columns(['tenant_id', 'customer_id', 'display_type'])
    .unique()
    .where(sql.raw<SqlBool>(`status in (${HOLDING_STATUSES.map((status) => `'${status}'`).join(', ')})`))
    .execute();
  await db.schema
    .createIndex('display_agreements_status_idx')
    .on('display_agreements')
    .columns(['tenant_id', 'status'])
    .execute();
  await db.schema
    .createIndex('display_agreements_policy_idx')
    .on('display_agreements')
    .column('policy_id')
    .execute();

  await businessTable(db, 'display_inspections')
    .addColumn('inspection_no', 'text', (column) => column.notNull())
    .addColumn('agreement_id', 'text', (column) => column.notNull().references('display_agreements.id'))
    .addColumn('period', 'text', (column) => column.notNull().check(sql`period ~ '^[0-9]{4}-[0-9]{2}$'`))
    .addColumn('visit_id', 'text')
    .addColumn('inspector_id', 'text', (column) => column.notNull())
    .addColumn('inspector_role', 'text', (column) =>
      column.notNull().check(oneOf('inspector_role', codes(INSPECTOR_ROLE))),
    )
    .addColumn('inspected_at', 'timestamptz', (column) => column.notNull())
    .addColumn('lng', 'double precision')
    .addColumn('lat', 'double precision')
    .addColumn('distance_m', 'integer')
    .addColumn('photo_ids', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('facings_counted', 'integer')
    .addColumn('skus_present', 'integer')
    .addColumn('result', 'text', (column) =>
      column.notNull().check(oneOf('result', codes(INSPECTION_RESULT))),
    )
    .addColumn('original_result', 'text', (column) =>
      column.check(oneOf('original_result', codes(INSPECTION_RESULT))),
    )
    .addColumn('deduction_ratio', 'numeric(4, 3)', (column) => column.notNull())
    .addColumn('review_status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('PENDING')
        .check(oneOf('review_status', codes(REVIEW_STATUS))),
    )
    .addColumn('reviewer_id', 'text')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('review_remark', 'text')
    .addColumn('remark', 'text')
    .addUniqueConstraint('display_inspections_no_uq', ['tenant_id', 'inspection_no'])
    .execute();
  await db.schema
    .createIndex('display_inspections_agreement_idx')
    .on('display_inspections')
    .columns(['agreement_id', 'period', 'inspected_at'])
    .execute();
  await db.schema
    .createIndex('display_inspections_review_idx')
    .on('display_inspections')
    .columns(['tenant_id', 'review_status'])
    .execute();

  await businessTable(db, 'display_payments')
    .addColumn('agreement_id', 'text', (column) => column.notNull().references('display_agreements.id'))
    .addColumn('period', 'text', (column) => column.notNull())
    .addColumn('inspection_id', 'text', (column) => column.references('display_inspections.id'))
    .addColumn('base_amount', money, (column) => column.notNull())
    .addColumn('deduction_amount', money, (column) => column.notNull().defaultTo(0))
    .addColumn('payable_amount', money, (column) => column.notNull().defaultTo(0))
    .addColumn('method', 'text', (column) => column.notNull().check(oneOf('method', codes(DISPLAY_FEE_TYPE))))
    .addColumn('payee_customer_id', 'text', (column) => column.notNull().references('customers.id'))
    .addColumn('status', 'text', (column) =>
      column.notNull().check(oneOf('status', codes(DISPLAY_PAYMENT_STATUS))),
    )
    .addColumn('batch_no', 'text')
    .addColumn('voucher_no', 'text')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('paid_by', 'text')
    // Where the payout was credited (fund accounts, coins): set by the crediting call once it is wired.
    .addColumn('linked_order_id', 'text')
    .addColumn('linked_coin_entry_id', 'text')
    .addColumn('linked_rebate_entry_id', 'text')
    .addUniqueConstraint('display_payments_period_uq', ['agreement_id', 'period'])
    .addCheckConstraint(
      'display_payments_amount_check',
      sql`deduction_amount >= 0 and payable_amount >= 0 and payable_amount + deduction_amount = base_amount`,
    )
    .execute();
  await db.schema
    .createIndex('display_payments_period_idx')
    .on('display_payments')
    .columns(['tenant_id', 'period', 'status'])
    .execute();

  await addDisplayDefaults(db as unknown as Kysely<DB>);
}

/** For every tenant: the 陈列管理 menus (granted to its administrators) and the DISPLAY_AGREEMENT flow it lacks. */
export async function addDisplayDefaults(db: Kysely<DB>): Promise<void> {
  const tenants = await db.selectFrom('tenants').select('tenant_id').execute();
  for (const { tenant_id: tenantId } of tenants) {
    const all = defaultMenuRowsOf(tenantId);
    const menus = new Set(
      all.filter((row) => DISPLAY_MENUS.some((url) => (row.url ?? '').startsWith(url))).map((row) => row.id),
    );
    for (const row of all.filter((each) => menus.has(each.id) || menus.has(each.parent_id ?? ''))) {
      await addTenantPermission(db, tenantId, row);
    }
    await insertMissingFlows(db, tenantId, ['DISPLAY_AGREEMENT']);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['display_payments', 'display_inspections', 'display_agreements', 'display_policies']) {
    await db.schema.dropTable(table).execute();
  }
}
