// Field visits (DOMAIN §1.4, issue #17): routes with their outlets in order, check-in rules, plans with their
// items, visit records with the server's check-in/check-out facts and the steps done in between; the 拜访管理
// menus for tenants seeded before them.
import { sql, type Kysely } from 'kysely';
import {
  ABNORMAL_REVIEW,
  PLAN_ITEM_STATUS,
  PLAN_STATUS,
  PLAN_TYPE,
  STEP_TYPE,
  VISIT_STATUS,
  VISIT_TYPE,
} from '../../../common/visits';
import { defaultMenuRowsOf } from '../../modules/auth/tenantOrganisation';
import type { DB } from '../schema';
import { businessTable, oneOf } from './columns';
import { addTenantPermission } from './tenantMenus';

const codes = (labels: Record<string, string>) => Object.keys(labels);

export const VISIT_MENUS = ['/eVisit', '/eVisit/plan', '/eVisit/record', '/eVisit/route', '/eVisit/rule'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await businessTable(db, 'visit_routes')
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('employee_id', 'text', (column) => column.notNull().references('users.id'))
    .addColumn('org_code', 'text', (column) => column.notNull())
    // ISO weekdays 1–7 the route is walked on.
    .addColumn('weekdays', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('ACTIVE'))
    .addColumn('remark', 'text')
    .addCheckConstraint('visit_routes_status_check', oneOf('status', ['ACTIVE', 'DISABLED']))
    .addUniqueConstraint('visit_routes_code_uq', ['tenant_id', 'code'])
    .execute();

  await db.schema
    .createTable('visit_route_outlets')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('route_id', 'text', (column) =>
      column.notNull().references('visit_routes.id').onDelete('cascade'),
    )
    .addColumn('customer_id', 'text', (column) => column.notNull().references('customers.id'))
    .addColumn('seq', 'integer', (column) => column.notNull())
    .addUniqueConstraint('visit_route_outlets_uq', ['route_id', 'customer_id'])
    .execute();

  await businessTable(db, 'check_in_rules')
    .addColumn('name', 'text', (column) => column.notNull())
    // Scope: the org subtree, optionally narrowed to a channel and an outlet type; the most specific wins.
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('channel', 'text')
    .addColumn('outlet_type', 'text')
    .addColumn('check_in_radius_m', 'integer', (column) => column.notNull())
    .addColumn('gps_accuracy_max_m', 'integer', (column) => column.notNull())
    .addColumn('allow_out_of_range', 'boolean', (column) => column.notNull())
    .addColumn('require_check_out', 'boolean', (column) => column.notNull())
    .addColumn('min_stay_minutes', 'integer', (column) => column.notNull())
    .addColumn('max_stay_minutes', 'integer', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('ACTIVE'))
    .addCheckConstraint('check_in_rules_status_check', oneOf('status', ['ACTIVE', 'DISABLED']))
    .addCheckConstraint('check_in_rules_stay_check', sql`min_stay_minutes <= max_stay_minutes`)
    .execute();
  // One active rule per scope: a second would leave "most specific" undecided.
  await db.schema
    .createIndex('check_in_rules_scope_uq')
    .on('check_in_rules')
    .expression(sql`tenant_id, org_code, coalesce(channel, ''), coalesce(outlet_type, '')`)
    .unique()
    .where(sql<boolean>`status = 'ACTIVE'`)
    .execute();

  await businessTable(db, 'visit_plans')
    .addColumn('plan_no', 'text', (column) => column.notNull())
    .addColumn('employee_id', 'text', (column) => column.notNull().references('users.id'))
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('plan_date', 'date', (column) => column.notNull())
    .addColumn('plan_type', 'text', (column) => column.notNull())
    .addColumn('route_id', 'text', (column) => column.references('visit_routes.id'))
    .addColumn('planned_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('visited_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('remark', 'text')
    .addCheckConstraint('visit_plans_type_check', oneOf('plan_type', codes(PLAN_TYPE)))
    .addCheckConstraint('visit_plans_status_check', oneOf('status', codes(PLAN_STATUS)))
    .addUniqueConstraint('visit_plans_no_uq', ['tenant_id', 'plan_no'])
    .execute();
  // A route is planned once a day: 按线路生成 and 复制上周 run again add nothing.
  await db.schema
    .createIndex('visit_plans_route_day_uq')
    .on('visit_plans')
    .columns(['tenant_id', 'employee_id', 'plan_date', 'route_id'])
    .unique()
    .where(sql<boolean>`route_id is not null`)
    .execute();
  await db.schema
    .createIndex('visit_plans_day_idx')
    .on('visit_plans')
    .columns(['tenant_id', 'plan_date', 'status'])
    .execute();

  await db.schema
    .createTable('visit_plan_items')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('plan_id', 'text', (column) =>
      column.notNull().references('visit_plans.id').onDelete('cascade'),
    )
    .addColumn('customer_id', 'text', (column) => column.notNull().references('customers.id'))
    .addColumn('seq', 'integer', (column) => column.notNull())
    .addColumn('purpose', 'text')
    .addColumn('must_visit', 'boolean', (column) => column.notNull().defaultTo(true))
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('PENDING'))
    .addColumn('visit_record_id', 'text')
    .addCheckConstraint('visit_plan_items_status_check', oneOf('status', codes(PLAN_ITEM_STATUS)))
    .addUniqueConstraint('visit_plan_items_uq', ['plan_id', 'customer_id'])
    .execute();
  await db.schema
    .createIndex('visit_plan_items_customer_idx')
    .on('visit_plan_items')
    .columns(['tenant_id', 'customer_id'])
    .execute();

  await businessTable(db, 'visit_records')
    .addColumn('visit_no', 'text', (column) => column.notNull())
    // Made by the device for its check-in: the same id sent again answers the same visit.
    .addColumn('client_id', 'text', (column) => column.notNull())
    .addColumn('employee_id', 'text', (column) => column.notNull().references('users.id'))
    .addColumn('customer_id', 'text', (column) => column.notNull().references('customers.id'))
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('plan_item_id', 'text')
    .addColumn('visit_type', 'text', (column) => column.notNull())
    .addColumn('check_in_at', 'timestamptz', (column) => column.notNull())
    .addColumn('device_check_in_at', 'timestamptz')
    .addColumn('check_in_lng', 'numeric(10, 7)', (column) => column.notNull())
    .addColumn('check_in_lat', 'numeric(10, 7)', (column) => column.notNull())
    .addColumn('check_in_accuracy_m', 'integer', (column) => column.notNull())
    .addColumn('check_in_address', 'text')
    .addColumn('check_in_distance_m', 'integer', (column) => column.notNull())
    .addColumn('check_in_in_range', 'boolean', (column) => column.notNull())
    .addColumn('check_in_photo_id', 'text')
    // The rule the visit was held to, as it was at check-in.
    .addColumn('rule_snapshot', 'jsonb', (column) => column.notNull())
    .addColumn('check_out_at', 'timestamptz')
    .addColumn('device_check_out_at', 'timestamptz')
    .addColumn('check_out_lng', 'numeric(10, 7)')
    .addColumn('check_out_lat', 'numeric(10, 7)')
    .addColumn('check_out_accuracy_m', 'integer')
    .addColumn('check_out_distance_m', 'integer')
    .addColumn('check_out_photo_id', 'text')
    .addColumn('duration_sec', 'integer')
    .addColumn('is_valid', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('abnormal_flags', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('abnormal_reason', 'text')
    .addColumn('abnormal_review_status', 'text')
    .addColumn('device_id', 'text')
    .addColumn('app_version', 'text')
    .addColumn('order_amount', 'numeric(14, 2)', (column) => column.notNull().defaultTo(0))
    .addColumn('execution_score', 'numeric(6, 2)')
    .addColumn('remark', 'text')
    .addColumn('status', 'text', (column) => column.notNull())
    .addCheckConstraint('visit_records_type_check', oneOf('visit_type', codes(VISIT_TYPE)))
    .addCheckConstraint('visit_records_status_check', oneOf('status', codes(VISIT_STATUS)))
    .addCheckConstraint(
      'visit_records_review_check',
      sql`abnormal_review_status is null or ${oneOf('abnormal_review_status', codes(ABNORMAL_REVIEW))}`,
    )
    .addUniqueConstraint('visit_records_no_uq', ['tenant_id', 'visit_no'])
    .addUniqueConstraint('visit_records_client_uq', ['tenant_id', 'employee_id', 'client_id'])
    .execute();
  // A rep is in one outlet at a time.
  await db.schema
    .createIndex('visit_records_open_uq')
    .on('visit_records')
    .columns(['tenant_id', 'employee_id'])
    .unique()
    .where(sql<boolean>`status = 'CHECKED_IN'`)
    .execute();
  await db.schema
    .createIndex('visit_records_time_idx')
    .on('visit_records')
    .columns(['tenant_id', 'check_in_at'])
    .execute();
  await db.schema
    .createIndex('visit_records_customer_idx')
    .on('visit_records')
    .columns(['tenant_id', 'customer_id', 'check_in_at'])
    .execute();

  await db.schema
    .createTable('visit_step_results')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('visit_id', 'text', (column) =>
      column.notNull().references('visit_records.id').onDelete('cascade'),
    )
    .addColumn('client_id', 'text', (column) => column.notNull())
    .addColumn('step_type', 'text', (column) => column.notNull())
    .addColumn('completed_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('data', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('photo_ids', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addCheckConstraint('visit_step_results_type_check', oneOf('step_type', codes(STEP_TYPE)))
    .addUniqueConstraint('visit_step_results_client_uq', ['visit_id', 'client_id'])
    .execute();

  await addVisitMenus(db as unknown as Kysely<DB>);
}

/** The 拜访管理 menus and their buttons for every tenant (granted to its administrators). */
export async function addVisitMenus(db: Kysely<DB>): Promise<void> {
  const tenants = await db.selectFrom('tenants').select('tenant_id').execute();
  for (const { tenant_id: tenantId } of tenants) {
    const all = defaultMenuRowsOf(tenantId);
    const menus = new Set(all.filter((row) => VISIT_MENUS.includes(row.url ?? '')).map((row) => row.id));
    for (const row of all.filter((each) => menus.has(each.id) || menus.has(each.parent_id ?? ''))) {
      await addTenantPermission(db, tenantId, row);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'visit_step_results',
    'visit_records',
    'visit_plan_items',
    'visit_plans',
    'check_in_rules',
    'visit_route_outlets',
    'visit_routes',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
