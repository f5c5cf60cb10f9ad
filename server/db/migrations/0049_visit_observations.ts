// What a rep records in the outlet, as rows (issue #17, DOMAIN §1.4): 门店库存 — one row per SKU counted in a
// visit's stock check, with the oldest production date seen on the shelf — and 竞品采集 — one row per competitor
// product observed. Both were only kept inside the step's JSON before; rows let 拜访详情 list them and later
// reports read them. An index finds a rep's visits in time order (the device a rep used before, for the
// DEVICE_CHANGED flag), a plan's outlet can carry the time it is planned for (plannedTime), and 拜访步骤模板 say
// which steps a visit takes, per department subtree optionally narrowed to a channel and an outlet type.
import { sql, type Kysely } from 'kysely';
import { businessTable, oneOf } from './columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outlet_stock_checks')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('visit_id', 'text', (column) =>
      column.notNull().references('visit_records.id').onDelete('cascade'),
    )
    .addColumn('step_id', 'text', (column) =>
      column.notNull().references('visit_step_results.id').onDelete('cascade'),
    )
    .addColumn('customer_id', 'text', (column) => column.notNull().references('customers.id'))
    .addColumn('sku_id', 'text', (column) => column.notNull().references('skus.id'))
    .addColumn('qty_cases', 'integer', (column) => column.notNull().check(sql`qty_cases >= 0`))
    .addColumn('qty_units', 'integer', (column) => column.notNull().check(sql`qty_units >= 0`))
    // qty_cases × the SKU's units per case + qty_units, in the SKU's base unit.
    .addColumn('base_qty', 'integer', (column) => column.notNull().check(sql`base_qty >= 0`))
    .addColumn('oldest_production_date', 'date')
    .addColumn('suggested_order_cases', 'integer', (column) => column.check(sql`suggested_order_cases >= 0`))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    // A SKU is counted once a visit: a later count in the same visit replaces it.
    .addUniqueConstraint('outlet_stock_checks_uq', ['visit_id', 'sku_id'])
    .execute();
  await db.schema
    .createIndex('outlet_stock_checks_customer_idx')
    .on('outlet_stock_checks')
    .columns(['tenant_id', 'customer_id', 'sku_id'])
    .execute();

  await db.schema
    .createTable('competitor_observations')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('visit_id', 'text', (column) =>
      column.notNull().references('visit_records.id').onDelete('cascade'),
    )
    .addColumn('step_id', 'text', (column) =>
      column.notNull().references('visit_step_results.id').onDelete('cascade'),
    )
    .addColumn('customer_id', 'text', (column) => column.notNull().references('customers.id'))
    .addColumn('seq', 'integer', (column) => column.notNull())
    .addColumn('competitor_brand', 'text', (column) => column.notNull())
    .addColumn('sku_name', 'text', (column) => column.notNull())
    .addColumn('retail_price', 'numeric(10, 2)', (column) => column.check(sql`retail_price >= 0`))
    .addColumn('facings', 'integer', (column) => column.check(sql`facings >= 0`))
    .addColumn('has_freezer', 'boolean')
    .addColumn('promo_note', 'text')
    .addColumn('photo_id', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('competitor_observations_uq', ['step_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('competitor_observations_visit_idx')
    .on('competitor_observations')
    .columns(['visit_id'])
    .execute();

  await db.schema
    .createIndex('visit_records_employee_time_idx')
    .on('visit_records')
    .columns(['tenant_id', 'employee_id', 'check_in_at'])
    .execute();

  await businessTable(db, 'visit_step_templates')
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('channel', 'text')
    .addColumn('outlet_type', 'text')
    // [{stepType, required}] in the order the rep does them (check-in and check-out are implicit).
    .addColumn('steps', 'jsonb', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('ACTIVE'))
    .addCheckConstraint('visit_step_templates_status_check', oneOf('status', ['ACTIVE', 'DISABLED']))
    .execute();
  // One active template per scope, as for 打卡规则: a second would leave "most specific" undecided.
  await db.schema
    .createIndex('visit_step_templates_scope_uq')
    .on('visit_step_templates')
    .expression(sql`tenant_id, org_code, coalesce(channel, ''), coalesce(outlet_type, '')`)
    .unique()
    .where(sql<boolean>`status = 'ACTIVE'`)
    .execute();

  // 'HH:MM', Beijing time, of the plan's day.
  await db.schema
    .alterTable('visit_plan_items')
    .addColumn('planned_time', 'text', (column) =>
      column.check(sql`planned_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('visit_plan_items').dropColumn('planned_time').execute();
  await db.schema.dropTable('visit_step_templates').execute();
  await db.schema.dropIndex('visit_records_employee_time_idx').execute();
  await db.schema.dropTable('competitor_observations').execute();
  await db.schema.dropTable('outlet_stock_checks').execute();
}
