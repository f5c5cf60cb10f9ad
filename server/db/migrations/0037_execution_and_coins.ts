// 门店执行评分 and 金币 (issue #17, DOMAIN §1.4): execution templates (one row per immutable version of a code)
// with their items, execution results per visit with their item results and review state, and the outlets'
// reward coins. Coins are not a second ledger: they are the COIN account type of the fund accounts (migration
// 0029), whose append-only ledger, conditional UPDATE and CHECKs already keep a balance from going below what is
// frozen — so an order's coin deduction is frozen, spent and given back by the same order mechanism as its
// rebate deduction. The ledger learns the coin entry types, the EXECUTION source and an expiry date; the
// manual 人工调整 waits in coin_adjustments for its COIN_ADJUST approval. For tenants seeded before: the menus
// and the COIN_ADJUST flow.
import { sql, type Kysely } from 'kysely';
import { FUND_ACCOUNT_TYPE, FUND_ENTRY_TYPE, FUND_SOURCE_TYPE } from '../../../common/rebates';
import {
  AI_DETECT_TYPE,
  INPUT_TYPE,
  ITEM_CATEGORY,
  REVIEW_STATUS,
  SCORING_RULE,
  TEMPLATE_STATUS,
} from '../../../common/execution';
import { insertMissingFlows } from '../../modules/approvals/flows';
import type { DB } from '../schema';
import { addMenusOf } from './0012_added_menus';
import { businessTable, oneOf } from './columns';

const codes = (labels: Record<string, string>) => Object.keys(labels);
const score = 'numeric(7, 2)' as const;

export const EXECUTION_MENUS = ['/eVisit/execution', '/eVisit/executionTemplate', '/eVisit/coin'];

async function recheck(
  db: Kysely<unknown>,
  table: string,
  name: string,
  condition: ReturnType<typeof oneOf>,
) {
  await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(name)}`.execute(db);
  await sql`alter table ${sql.table(table)} add constraint ${sql.ref(name)} check (${condition})`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await businessTable(db, 'execution_templates')
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull())
    .addColumn('channels', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('outlet_types', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('total_score', score, (column) => column.notNull())
    .addColumn('pass_score', score, (column) => column.notNull())
    .addColumn('coin_rule', 'jsonb', (column) => column.notNull())
    .addColumn('valid_from', 'date')
    .addColumn('valid_to', 'date')
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('DRAFT'))
    .addColumn('remark', 'text')
    .addColumn('activated_at', 'timestamptz')
    .addCheckConstraint('execution_templates_status_check', oneOf('status', codes(TEMPLATE_STATUS)))
    .addCheckConstraint('execution_templates_score_check', sql`pass_score >= 0 and pass_score <= total_score`)
    .addUniqueConstraint('execution_templates_version_uq', ['tenant_id', 'code', 'version'])
    .execute();
  // At most one ACTIVE version of a code.
  await sql`create unique index execution_templates_active_uq on execution_templates (tenant_id, code)
    where status = 'ACTIVE'`.execute(db);

  await db.schema
    .createTable('execution_template_items')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull())
    .addColumn('template_id', 'text', (column) => column.notNull().references('execution_templates.id'))
    .addColumn('seq', 'integer', (column) => column.notNull())
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('category', 'text', (column) => column.notNull())
    .addColumn('input_type', 'text', (column) => column.notNull())
    .addColumn('ai_detect_type', 'text')
    .addColumn('requirement', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('max_score', score, (column) => column.notNull())
    .addColumn('scoring_rule', 'text', (column) => column.notNull())
    .addColumn('is_veto', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('photo_required', 'boolean', (column) => column.notNull().defaultTo(false))
    .addCheckConstraint('execution_template_items_category_check', oneOf('category', codes(ITEM_CATEGORY)))
    .addCheckConstraint('execution_template_items_input_check', oneOf('input_type', codes(INPUT_TYPE)))
    .addCheckConstraint(
      'execution_template_items_ai_check',
      sql`ai_detect_type is null or ${oneOf('ai_detect_type', codes(AI_DETECT_TYPE))}`,
    )
    .addCheckConstraint('execution_template_items_rule_check', oneOf('scoring_rule', codes(SCORING_RULE)))
    .addCheckConstraint('execution_template_items_score_check', sql`max_score > 0`)
    .addUniqueConstraint('execution_template_items_seq_uq', ['template_id', 'seq'])
    .execute();

  await businessTable(db, 'execution_results')
    .addColumn('result_no', 'text', (column) => column.notNull())
    .addColumn('client_id', 'text', (column) => column.notNull())
    .addColumn('visit_id', 'text', (column) => column.notNull().references('visit_records.id'))
    .addColumn('customer_id', 'text', (column) => column.notNull().references('customers.id'))
    .addColumn('employee_id', 'text', (column) => column.notNull())
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('template_id', 'text', (column) => column.notNull().references('execution_templates.id'))
    .addColumn('template_version', 'integer', (column) => column.notNull())
    .addColumn('executed_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('auto_score', score)
    .addColumn('final_score', score)
    .addColumn('passed', 'boolean')
    .addColumn('veto_hit', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('review_status', 'text', (column) => column.notNull().defaultTo('PENDING_REVIEW'))
    .addColumn('reviewer_id', 'text')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('review_comment', 'text')
    .addColumn('appeal_reason', 'text')
    .addColumn('appeal_by', 'text')
    .addColumn('appealed_at', 'timestamptz')
    .addColumn('final_reviewer_id', 'text')
    .addColumn('final_reviewed_at', 'timestamptz')
    .addColumn('final_comment', 'text')
    .addColumn('revoked_by', 'text')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoke_reason', 'text')
    .addColumn('coins_awarded', 'integer', (column) => column.notNull().defaultTo(0))
    // The Shanghai month the coins count against the outlet's monthly cap.
    .addColumn('coin_month', 'text')
    .addColumn('coin_entry_id', 'text')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addCheckConstraint('execution_results_status_check', oneOf('review_status', codes(REVIEW_STATUS)))
    .addCheckConstraint('execution_results_coins_check', sql`coins_awarded >= 0`)
    .addUniqueConstraint('execution_results_visit_uq', ['visit_id'])
    .addUniqueConstraint('execution_results_no_uq', ['tenant_id', 'result_no'])
    .addUniqueConstraint('execution_results_client_uq', ['tenant_id', 'employee_id', 'client_id'])
    .execute();
  await db.schema
    .createIndex('execution_results_review_idx')
    .on('execution_results')
    .columns(['tenant_id', 'review_status', 'executed_at'])
    .execute();
  await db.schema
    .createIndex('execution_results_customer_idx')
    .on('execution_results')
    .columns(['tenant_id', 'customer_id', 'coin_month'])
    .execute();

  await db.schema
    .createTable('execution_item_results')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull())
    .addColumn('result_id', 'text', (column) => column.notNull().references('execution_results.id'))
    .addColumn('item_id', 'text', (column) => column.notNull().references('execution_template_items.id'))
    .addColumn('seq', 'integer', (column) => column.notNull())
    .addColumn('input_value', 'jsonb')
    .addColumn('photo_ids', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('auto_score', score)
    .addColumn('reviewer_score', score)
    .addColumn('final_score', score)
    .addColumn('met', 'boolean')
    .addColumn('deduction_reason', 'text')
    .addUniqueConstraint('execution_item_results_item_uq', ['result_id', 'item_id'])
    .execute();

  await businessTable(db, 'coin_adjustments')
    .addColumn('adjust_no', 'text', (column) => column.notNull())
    .addColumn('customer_id', 'text', (column) => column.notNull().references('customers.id'))
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('coins', 'integer', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('PENDING'))
    .addColumn('approval_instance_id', 'text')
    .addColumn('entry_id', 'text')
    .addCheckConstraint(
      'coin_adjustments_status_check',
      oneOf('status', ['PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN']),
    )
    .addCheckConstraint('coin_adjustments_coins_check', sql`coins <> 0`)
    .addUniqueConstraint('coin_adjustments_no_uq', ['tenant_id', 'adjust_no'])
    .execute();

  // The fund ledger learns coins: the COIN account, the entry types EARN_EXECUTION, EARN_DISPLAY, REVERSE,
  // EXPIRE and REDEEM_GIFT, and the EXECUTION source.
  await recheck(
    db,
    'fund_accounts',
    'fund_accounts_type_check',
    oneOf('account_type', codes(FUND_ACCOUNT_TYPE)),
  );
  await recheck(db, 'fund_ledger', 'fund_ledger_entry_check', oneOf('entry_type', codes(FUND_ENTRY_TYPE)));
  await recheck(db, 'fund_ledger', 'fund_ledger_source_check', oneOf('source_type', codes(FUND_SOURCE_TYPE)));
  await db.schema.alterTable('fund_ledger').addColumn('expire_at', 'date').execute();

  await addExecutionDefaults(db as unknown as Kysely<DB>);
}

/** The execution and coin menus and, for a tenant without it, the COIN_ADJUST flow. Running it again adds nothing. */
export async function addExecutionDefaults(db: Kysely<DB>): Promise<void> {
  await addMenusOf(db, EXECUTION_MENUS);
  const tenants = await db.selectFrom('tenants').select('tenant_id').execute();
  for (const { tenant_id: tenantId } of tenants) await insertMissingFlows(db, tenantId, ['COIN_ADJUST']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('fund_ledger').dropColumn('expire_at').execute();
  await db.schema.dropTable('coin_adjustments').execute();
  await db.schema.dropTable('execution_item_results').execute();
  await db.schema.dropTable('execution_results').execute();
  await db.schema.dropTable('execution_template_items').execute();
  await db.schema.dropTable('execution_templates').execute();
}
