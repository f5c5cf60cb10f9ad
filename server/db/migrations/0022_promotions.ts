// Promotions (DOMAIN §1.7): promotion groups, promotions (their scopes, time window and tiers as JSON, their
// budget and what of it is used), and the usage records an order locks at submit, confirms at audit and
// releases at cancel, invalidation or rejection. For tenants seeded before them: the 促销管理 menus and the
// default PROMOTION approval flow.
import { sql, type Kysely } from 'kysely';
import {
  APPLY_LEVEL,
  AUDIENCE,
  BUDGET_TYPE,
  COST_BEARER,
  GROUP_EXCLUSIVITY,
  GROUP_SELECTION,
  PROMO_STATUS,
  PROMO_TYPE,
  USAGE_STATUS,
} from '../../../common/promotions';
import { DEFAULT_FLOWS } from '../../modules/approvals/flows';
import { newId } from '../ids';
import type { DB } from '../schema';
import { addMenusOf } from './0012_added_menus';
import { businessTable, oneOf } from './columns';

const codes = (labels: Record<string, string>) => Object.keys(labels);

export const PROMOTION_MENUS = [
  '/ePromotion',
  '/ePromotion/list',
  '/ePromotion/group',
  '/ePromotion/preview',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await businessTable(db, 'promotion_groups')
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('exclusivity', 'text', (column) => column.notNull())
    .addColumn('selection', 'text', (column) => column.notNull())
    .addColumn('stack_with_other_groups', 'boolean', (column) => column.notNull().defaultTo(true))
    .addColumn('priority', 'integer', (column) => column.notNull().defaultTo(100))
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('ENABLED'))
    .addCheckConstraint('promotion_groups_exclusivity_check', oneOf('exclusivity', codes(GROUP_EXCLUSIVITY)))
    .addCheckConstraint('promotion_groups_selection_check', oneOf('selection', codes(GROUP_SELECTION)))
    .addCheckConstraint('promotion_groups_status_check', oneOf('status', ['ENABLED', 'DISABLED']))
    .addUniqueConstraint('promotion_groups_code_uq', ['tenant_id', 'code'])
    .execute();

  await businessTable(db, 'promotions')
    .addColumn('promo_no', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('promo_type', 'text', (column) => column.notNull())
    .addColumn('apply_level', 'text', (column) => column.notNull())
    .addColumn('audience', 'text', (column) => column.notNull())
    .addColumn('customer_scope', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('product_scope', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('start_at', 'timestamptz', (column) => column.notNull())
    .addColumn('end_at', 'timestamptz', (column) => column.notNull())
    .addColumn('time_window', 'jsonb')
    .addColumn('budget_type', 'text', (column) => column.notNull().defaultTo('NONE'))
    .addColumn('budget_total', 'numeric(14, 2)')
    // Raised by usage locks, lowered by releases; a lock is a conditional update that never passes the total.
    .addColumn('budget_used', 'numeric(14, 2)', (column) => column.notNull().defaultTo(0))
    .addColumn('per_customer_limit', 'integer')
    .addColumn('per_order_limit', 'integer')
    .addColumn('first_order_only', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('group_id', 'text', (column) => column.references('promotion_groups.id'))
    .addColumn('priority', 'integer', (column) => column.notNull().defaultTo(100))
    .addColumn('allow_with_rebate', 'boolean', (column) => column.notNull().defaultTo(true))
    .addColumn('allow_with_coins', 'boolean', (column) => column.notNull().defaultTo(true))
    .addColumn('cost_bearer', 'text', (column) => column.notNull().defaultTo('BRAND'))
    .addColumn('cost_ratio', 'numeric(5, 4)')
    .addColumn('remark', 'text')
    .addColumn('tiers', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('DRAFT'))
    .addColumn('org_code', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addCheckConstraint('promotions_type_check', oneOf('promo_type', codes(PROMO_TYPE)))
    .addCheckConstraint('promotions_level_check', oneOf('apply_level', codes(APPLY_LEVEL)))
    .addCheckConstraint('promotions_audience_check', oneOf('audience', codes(AUDIENCE)))
    .addCheckConstraint('promotions_budget_type_check', oneOf('budget_type', codes(BUDGET_TYPE)))
    .addCheckConstraint('promotions_cost_bearer_check', oneOf('cost_bearer', codes(COST_BEARER)))
    .addCheckConstraint('promotions_status_check', oneOf('status', codes(PROMO_STATUS)))
    .addCheckConstraint(
      'promotions_budget_check',
      sql`budget_used >= 0 and (budget_total is null or budget_used <= budget_total)`,
    )
    .addCheckConstraint('promotions_window_check', sql`start_at < end_at`)
    .addUniqueConstraint('promotions_no_uq', ['tenant_id', 'promo_no'])
    .execute();
  await db.schema
    .createIndex('promotions_tenant_status_idx')
    .on('promotions')
    .columns(['tenant_id', 'status', 'end_at'])
    .execute();

  await db.schema
    .createTable('promotion_usages')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('promotion_id', 'text', (column) => column.notNull().references('promotions.id'))
    .addColumn('order_id', 'text', (column) => column.notNull().references('sales_orders.id'))
    .addColumn('customer_id', 'text', (column) => column.notNull())
    .addColumn('tier_no', 'integer', (column) => column.notNull())
    .addColumn('discount_amount', 'numeric(14, 2)', (column) => column.notNull().defaultTo(0))
    .addColumn('gift_sku_id', 'text')
    .addColumn('gift_qty', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('budget_consumed', 'numeric(14, 2)', (column) => column.notNull().defaultTo(0))
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('promotion_usages_status_check', oneOf('status', codes(USAGE_STATUS)))
    .execute();
  await db.schema
    .createIndex('promotion_usages_promotion_idx')
    .on('promotion_usages')
    .columns(['promotion_id', 'status', 'customer_id'])
    .execute();
  await db.schema
    .createIndex('promotion_usages_order_idx')
    .on('promotion_usages')
    .column('order_id')
    .execute();

  await addPromotionDefaults(db as unknown as Kysely<DB>);
}

/** The 促销管理 menus and, for a tenant without one, the default PROMOTION flow. Running it again adds nothing. */
export async function addPromotionDefaults(db: Kysely<DB>): Promise<void> {
  await addMenusOf(db, PROMOTION_MENUS);
  const flow = DEFAULT_FLOWS.find((each) => each.bizType === 'PROMOTION')!;
  const tenants = await db.selectFrom('tenants').select('tenant_id').execute();
  for (const { tenant_id: tenantId } of tenants) {
    const has = await db
      .selectFrom('approval_flows')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('biz_type', '=', 'PROMOTION')
      .executeTakeFirst();
    if (has) continue;
    await db
      .insertInto('approval_flows')
      .values({
        id: newId(),
        tenant_id: tenantId,
        biz_type: flow.bizType,
        name: flow.name,
        priority: flow.priority,
        conditions: JSON.stringify(flow.conditions),
        nodes: JSON.stringify(flow.nodes.map((node, index) => ({ ...node, seq: index + 1 }))),
        low_risk: flow.lowRisk,
      })
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('promotion_usages').execute();
  await db.schema.dropTable('promotions').execute();
  await db.schema.dropTable('promotion_groups').execute();
}
