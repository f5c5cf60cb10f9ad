// Rebates and fund accounts (DOMAIN §1.9): rebate policies (tiers, period, grace days, scopes, caps as JSON and
// columns), the calculation results per policy, customer and period, the customers' fund accounts and their
// append-only ledger. An account's cached balance and frozen amount are written in the same transaction as
// each ledger entry by a conditional UPDATE, and CHECKs keep them from going below zero: the ledger sums to
// them (a trigger refuses any UPDATE or DELETE of an entry). For tenants seeded before: the 返利管理 menus and
// the REBATE_POLICY / REBATE_ADJUST approval flows; the flows' business-type CHECK learns REBATE_POLICY.
import { sql, type Kysely } from 'kysely';
import { APPROVAL_BIZ_TYPE } from '../../../common/approvals';
import {
  FUND_ACCOUNT_TYPE,
  FUND_ENTRY_TYPE,
  FUND_SOURCE_TYPE,
  REBATE_BASIS,
  REBATE_CALC_STATUS,
  REBATE_PERIOD,
  REBATE_POLICY_STATUS,
  REBATE_TARGET,
} from '../../../common/rebates';
import { insertMissingFlows } from '../../modules/approvals/flows';
import type { DB } from '../schema';
import { addMenusOf } from './0012_added_menus';
import { businessTable, oneOf } from './columns';

const codes = (labels: Record<string, string>) => Object.keys(labels);
const money = 'numeric(14, 2)' as const;

export const REBATE_MENUS = ['/eRebate', '/eRebate/policy', '/eRebate/calc', '/eRebate/account'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table approval_flows drop constraint approval_flows_biz_type_check`.execute(db);
  await sql`alter table approval_flows add constraint approval_flows_biz_type_check check (${oneOf(
    'biz_type',
    codes(APPROVAL_BIZ_TYPE),
  )})`.execute(db);

  await businessTable(db, 'rebate_policies')
    .addColumn('policy_no', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('target_type', 'text', (column) => column.notNull())
    .addColumn('basis', 'text', (column) => column.notNull())
    .addColumn('period_type', 'text', (column) => column.notNull())
    .addColumn('start_date', 'date', (column) => column.notNull())
    .addColumn('end_date', 'date', (column) => column.notNull())
    .addColumn('grace_days', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('customer_scope', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('sku_ids', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('tiers', 'jsonb', (column) => column.notNull())
    .addColumn('cap_amount', money)
    .addColumn('max_deduct_ratio', 'numeric(5, 4)', (column) => column.notNull().defaultTo(0))
    .addColumn('remark', 'text')
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('DRAFT'))
    .addColumn('org_code', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addCheckConstraint('rebate_policies_target_check', oneOf('target_type', codes(REBATE_TARGET)))
    .addCheckConstraint('rebate_policies_basis_check', oneOf('basis', codes(REBATE_BASIS)))
    .addCheckConstraint('rebate_policies_period_check', oneOf('period_type', codes(REBATE_PERIOD)))
    .addCheckConstraint('rebate_policies_status_check', oneOf('status', codes(REBATE_POLICY_STATUS)))
    .addCheckConstraint('rebate_policies_dates_check', sql`start_date <= end_date`)
    .addCheckConstraint(
      'rebate_policies_numbers_check',
      sql`grace_days >= 0 and max_deduct_ratio between 0 and 1 and (cap_amount is null or cap_amount >= 0)`,
    )
    .addUniqueConstraint('rebate_policies_no_uq', ['tenant_id', 'policy_no'])
    .execute();

  await businessTable(db, 'rebate_calculations')
    .addColumn('calc_no', 'text', (column) => column.notNull())
    .addColumn('policy_id', 'text', (column) => column.notNull().references('rebate_policies.id'))
    .addColumn('customer_id', 'text', (column) => column.notNull().references('customers.id'))
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('period', 'text', (column) => column.notNull())
    .addColumn('gross_amount', money, (column) => column.notNull().defaultTo(0))
    .addColumn('returns_amount', money, (column) => column.notNull().defaultTo(0))
    .addColumn('net_amount', money, (column) => column.notNull().defaultTo(0))
    .addColumn('gross_cases', money, (column) => column.notNull().defaultTo(0))
    .addColumn('returns_cases', money, (column) => column.notNull().defaultTo(0))
    .addColumn('net_cases', money, (column) => column.notNull().defaultTo(0))
    .addColumn('basis_value', money, (column) => column.notNull().defaultTo(0))
    .addColumn('tier_no', 'integer')
    .addColumn('tier_label', 'text')
    .addColumn('rebate_amount', money, (column) => column.notNull().defaultTo(0))
    .addColumn('adjustment_amount', money, (column) => column.notNull().defaultTo(0))
    .addColumn('adjustment_reason', 'text')
    // What an adjustment in the 审批中心 asks for, until it is decided.
    .addColumn('requested_adjustment', money)
    .addColumn('requested_reason', 'text')
    .addColumn('final_amount', money, (column) => column.notNull().defaultTo(0))
    .addColumn('source_docs', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('PENDING_CONFIRM'))
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('confirmed_by', 'text')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addCheckConstraint('rebate_calculations_status_check', oneOf('status', codes(REBATE_CALC_STATUS)))
    .addCheckConstraint('rebate_calculations_final_check', sql`final_amount >= 0`)
    .addUniqueConstraint('rebate_calculations_period_uq', ['tenant_id', 'policy_id', 'customer_id', 'period'])
    .addUniqueConstraint('rebate_calculations_no_uq', ['tenant_id', 'calc_no'])
    .execute();
  await db.schema
    .createIndex('rebate_calculations_customer_idx')
    .on('rebate_calculations')
    .columns(['tenant_id', 'customer_id', 'status'])
    .execute();

  await db.schema
    .createTable('fund_accounts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('customer_id', 'text', (column) => column.notNull().references('customers.id'))
    .addColumn('account_type', 'text', (column) => column.notNull())
    .addColumn('balance', money, (column) => column.notNull().defaultTo(0))
    .addColumn('frozen', money, (column) => column.notNull().defaultTo(0))
    .addColumn('total_in', money, (column) => column.notNull().defaultTo(0))
    .addColumn('total_out', money, (column) => column.notNull().defaultTo(0))
    .addColumn('last_seq', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('fund_accounts_type_check', oneOf('account_type', codes(FUND_ACCOUNT_TYPE)))
    .addCheckConstraint('fund_accounts_balance_check', sql`frozen >= 0 and balance >= frozen`)
    .addUniqueConstraint('fund_accounts_customer_uq', ['tenant_id', 'customer_id', 'account_type'])
    .execute();

  await db.schema
    .createTable('fund_ledger')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('account_id', 'text', (column) => column.notNull().references('fund_accounts.id'))
    .addColumn('customer_id', 'text', (column) => column.notNull())
    .addColumn('account_type', 'text', (column) => column.notNull())
    .addColumn('seq', 'integer', (column) => column.notNull())
    .addColumn('entry_type', 'text', (column) => column.notNull())
    // Signed changes of the balance and of the frozen amount; their sums over an account are its two columns.
    .addColumn('amount', money, (column) => column.notNull())
    .addColumn('frozen_change', money, (column) => column.notNull().defaultTo(0))
    .addColumn('balance_after', money, (column) => column.notNull())
    .addColumn('frozen_after', money, (column) => column.notNull())
    .addColumn('source_type', 'text', (column) => column.notNull())
    .addColumn('source_id', 'text')
    .addColumn('source_no', 'text')
    .addColumn('remark', 'text')
    .addColumn('operator_id', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('fund_ledger_entry_check', oneOf('entry_type', codes(FUND_ENTRY_TYPE)))
    .addCheckConstraint('fund_ledger_source_check', oneOf('source_type', codes(FUND_SOURCE_TYPE)))
    .addUniqueConstraint('fund_ledger_seq_uq', ['account_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('fund_ledger_source_idx')
    .on('fund_ledger')
    .columns(['source_type', 'source_id'])
    .execute();
  await db.schema
    .createIndex('fund_ledger_customer_idx')
    .on('fund_ledger')
    .columns(['tenant_id', 'customer_id', 'created_at'])
    .execute();
  await sql`create function fund_ledger_append_only() returns trigger language plpgsql as $$
    begin raise exception '账户流水只能追加，不能修改或删除' using errcode = '55000'; end $$`.execute(db);
  await sql`create trigger fund_ledger_append_only before update or delete on fund_ledger
    for each row execute function fund_ledger_append_only()`.execute(db);

  await addRebateDefaults(db as unknown as Kysely<DB>);
}

/** The 返利管理 menus and, for a tenant without them, the rebate approval flows. Running it again adds nothing. */
export async function addRebateDefaults(db: Kysely<DB>): Promise<void> {
  await addMenusOf(db, REBATE_MENUS);
  const tenants = await db.selectFrom('tenants').select('tenant_id').execute();
  for (const { tenant_id: tenantId } of tenants)
    await insertMissingFlows(db, tenantId, ['REBATE_POLICY', 'REBATE_ADJUST']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fund_ledger').execute();
  await sql`drop function fund_ledger_append_only()`.execute(db);
  await db.schema.dropTable('fund_accounts').execute();
  await db.schema.dropTable('rebate_calculations').execute();
  await db.schema.dropTable('rebate_policies').execute();
}
