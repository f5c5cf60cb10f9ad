// Cold-drink equipment repair and spare parts (issue #20 MES mode, DOMAIN §1.15): service providers with their
// engineers and coverage areas, fault codes, repair orders with their timeline and the parts they used, the
// spare-part catalogue, warehouses (central, provider, engineer), stock that never goes negative, movements,
// serial numbers and requests; the /mes menus (granted to administrators and the 生产系统 role) and the
// SPARE_PART_REQUEST flow for tenants seeded before them; the asset log's 报修 / 维修完成 moves.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { APPROVAL_BIZ_TYPE } from '../../../common/approvals';
import { MOVE_TYPE } from '../../../common/assets';
import {
  COST_BEARER,
  FAULT_CATEGORY,
  PART_CATEGORY,
  PART_MOVE_TYPE,
  PART_REQUEST_STATUS,
  REPAIR_PRIORITY,
  REPAIR_SOURCE,
  REPAIR_STATUS,
  REVISIT_RESULT,
  SERVICE_TYPE,
  SPARE_WAREHOUSE_TYPE,
  WARRANTY_STATUS,
} from '../../../common/repairs';
import { insertMissingFlows } from '../../modules/approvals/flows';
import { defaultMenuRowsOf } from '../../modules/auth/tenantOrganisation';
import type { DB } from '../schema';
import { businessTable, oneOf } from './columns';
import { addTenantPermission } from './tenantMenus';

const codes = (labels: Record<string, string>) => Object.keys(labels);
const money = 'numeric(14, 2)' as const;
const json = (builder: ColumnDefinitionBuilder) => builder.notNull().defaultTo(sql`'[]'::jsonb`);
const enumColumn =
  (column: string, values: Record<string, string>, nullable = false) =>
  (builder: ColumnDefinitionBuilder) =>
    nullable
      ? builder.check(sql`${sql.ref(column)} is null or ${oneOf(column, codes(values))}`)
      : builder.notNull().check(oneOf(column, codes(values)));
const enabled = (builder: ColumnDefinitionBuilder) =>
  builder
    .notNull()
    .defaultTo('ACTIVE')
    .check(oneOf('status', ['ACTIVE', 'DISABLED']));

export const REPAIR_MENUS = ['/mes'];
/** The role of the production-system users (MES_ZG supervisors, MES_WXG engineers) in the demo tenants. */
export const MES_ROLE_CODE = 'mes';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table approval_flows drop constraint approval_flows_biz_type_check`.execute(db);
  await sql`alter table approval_flows add constraint approval_flows_biz_type_check check (${oneOf(
    'biz_type',
    codes(APPROVAL_BIZ_TYPE),
  )})`.execute(db);
  await sql`alter table asset_moves drop constraint asset_moves_move_type_check`.execute(db);
  await sql`alter table asset_moves add constraint asset_moves_move_type_check check (${oneOf(
    'move_type',
    codes(MOVE_TYPE),
  )})`.execute(db);

  await businessTable(db, 'service_providers')
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('coverage_area_codes', 'jsonb', json)
    .addColumn('contact_name', 'text')
    .addColumn('contact_mobile', 'text')
    .addColumn('sla_hours', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(48)
        .check(sql`sla_hours > 0`),
    )
    .addColumn('rate_card', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('status', 'text', enabled)
    .addUniqueConstraint('service_providers_code_uq', ['tenant_id', 'code'])
    .execute();

  await businessTable(db, 'service_engineers')
    .addColumn('provider_id', 'text', (column) => column.notNull().references('service_providers.id'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('mobile', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.references('users.id'))
    .addColumn('is_manager', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('status', 'text', enabled)
    .addUniqueConstraint('service_engineers_user_uq', ['tenant_id', 'user_id'])
    .execute();

  await businessTable(db, 'fault_codes')
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('fault_category', 'text', enumColumn('fault_category', FAULT_CATEGORY))
    .addColumn('description', 'text', (column) => column.notNull())
    .addColumn('suggested_part_ids', 'jsonb', json)
    .addColumn('status', 'text', enabled)
    .addUniqueConstraint('fault_codes_code_uq', ['tenant_id', 'code'])
    .execute();

  await businessTable(db, 'spare_parts')
    .addColumn('part_code', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('category', 'text', enumColumn('category', PART_CATEGORY))
    .addColumn('spec', 'text')
    .addColumn('applicable_model_ids', 'jsonb', json)
    .addColumn('unit', 'text', (column) => column.notNull())
    .addColumn('standard_price', money, (column) => column.notNull().defaultTo(0))
    .addColumn('cost_price', money, (column) => column.notNull().defaultTo(0))
    .addColumn('serial_tracked', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('safety_stock', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`safety_stock >= 0`),
    )
    .addColumn('supplier', 'text')
    .addColumn('status', 'text', enabled)
    .addUniqueConstraint('spare_parts_code_uq', ['tenant_id', 'part_code'])
    .execute();

  await businessTable(db, 'spare_warehouses')
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('warehouse_type', 'text', enumColumn('warehouse_type', SPARE_WAREHOUSE_TYPE))
    .addColumn('provider_id', 'text', (column) => column.references('service_providers.id'))
    .addColumn('engineer_id', 'text', (column) => column.references('service_engineers.id'))
    .addColumn('status', 'text', enabled)
    .addUniqueConstraint('spare_warehouses_code_uq', ['tenant_id', 'code'])
    .execute();

  // One row per part and warehouse, never negative: every decrease is a conditional UPDATE (… where qty >= n).
  await db.schema
    .createTable('spare_stocks')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('warehouse_id', 'text', (column) => column.notNull().references('spare_warehouses.id'))
    .addColumn('part_id', 'text', (column) => column.notNull().references('spare_parts.id'))
    .addColumn('qty_on_hand', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`qty_on_hand >= 0`),
    )
    .addColumn('qty_reserved', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`qty_reserved >= 0`),
    )
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('spare_stocks_uq', ['tenant_id', 'warehouse_id', 'part_id'])
    .execute();

  await businessTable(db, 'repair_orders')
    .addColumn('order_no', 'text', (column) => column.notNull())
    .addColumn('source_type', 'text', enumColumn('source_type', REPAIR_SOURCE))
    .addColumn('source_ref', 'text')
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('customer_id', 'text', (column) => column.references('customers.id'))
    .addColumn('customer_name', 'text')
    .addColumn('province_code', 'text')
    .addColumn('city_code', 'text')
    .addColumn('district_code', 'text')
    .addColumn('address', 'text')
    .addColumn('contact_name', 'text')
    .addColumn('contact_mobile', 'text')
    .addColumn('asset_id', 'text', (column) => column.references('assets.id'))
    .addColumn('asset_no', 'text')
    .addColumn('model_id', 'text', (column) => column.references('asset_models.id'))
    .addColumn('model_name', 'text')
    .addColumn('previous_condition', 'text')
    .addColumn('fault_category', 'text', enumColumn('fault_category', FAULT_CATEGORY))
    .addColumn('fault_code', 'text')
    .addColumn('fault_description', 'text', (column) => column.notNull())
    .addColumn('fault_photo_ids', 'jsonb', json)
    .addColumn('priority', 'text', (column) =>
      column
        .notNull()
        .defaultTo('NORMAL')
        .check(oneOf('priority', codes(REPAIR_PRIORITY))),
    )
    .addColumn('booking_date', 'date')
    .addColumn('booking_time_range', 'text')
    .addColumn('warranty_status', 'text', enumColumn('warranty_status', WARRANTY_STATUS))
    .addColumn('service_provider_id', 'text', (column) => column.references('service_providers.id'))
    .addColumn('engineer_id', 'text', (column) => column.references('service_engineers.id'))
    .addColumn('reported_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('dispatched_at', 'timestamptz')
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('contacted_at', 'timestamptz')
    .addColumn('assigned_at', 'timestamptz')
    .addColumn('arrived_at', 'timestamptz')
    .addColumn('arrive_lng', 'numeric(10, 6)')
    .addColumn('arrive_lat', 'numeric(10, 6)')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('approved_at', 'timestamptz')
    .addColumn('closed_at', 'timestamptz')
    .addColumn('sla_due_at', 'timestamptz')
    .addColumn('sla_breached', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('cause', 'text')
    .addColumn('repair_method', 'text')
    .addColumn('actual_service_type', 'text', enumColumn('actual_service_type', SERVICE_TYPE, true))
    .addColumn('labor_cost', money, (column) => column.notNull().defaultTo(0))
    .addColumn('parts_cost', money, (column) => column.notNull().defaultTo(0))
    .addColumn('travel_cost', money, (column) => column.notNull().defaultTo(0))
    .addColumn('total_cost', money, (column) => column.notNull().defaultTo(0))
    .addColumn('cost_bearer', 'text', enumColumn('cost_bearer', COST_BEARER, true))
    .addColumn('completion_photo_ids', 'jsonb', json)
    .addColumn('customer_signature_id', 'text')
    .addColumn('rating', 'integer', (column) => column.check(sql`rating is null or rating between 1 and 5`))
    .addColumn('revisit_result', 'text', enumColumn('revisit_result', REVISIT_RESULT, true))
    .addColumn('revisit_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('visit_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('remark', 'text')
    .addColumn('status', 'text', enumColumn('status', REPAIR_STATUS))
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addUniqueConstraint('repair_orders_no_uq', ['tenant_id', 'order_no'])
    .execute();
  await db.schema
    .createIndex('repair_orders_status_idx')
    .on('repair_orders')
    .columns(['tenant_id', 'status', 'reported_at'])
    .execute();
  await db.schema
    .createIndex('repair_orders_provider_idx')
    .on('repair_orders')
    .columns(['tenant_id', 'service_provider_id', 'status'])
    .execute();
  // At most one open order per asset: a second report of the same fault is a duplicate.
  await sql`create unique index repair_orders_open_asset_uq on repair_orders (tenant_id, asset_id)
    where asset_id is not null and status not in ('CLOSED', 'CANCELLED')`.execute(db);

  await db.schema
    .createTable('repair_order_events')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('repair_order_id', 'text', (column) => column.notNull().references('repair_orders.id'))
    .addColumn('status_from', 'text')
    .addColumn('status_to', 'text', (column) => column.notNull())
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('detail', 'text')
    .addColumn('operator_id', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  await db.schema
    .createIndex('repair_order_events_order_idx')
    .on('repair_order_events')
    .columns(['repair_order_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('repair_order_parts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('repair_order_id', 'text', (column) => column.notNull().references('repair_orders.id'))
    .addColumn('part_id', 'text', (column) => column.notNull().references('spare_parts.id'))
    .addColumn('qty', 'integer', (column) => column.notNull().check(sql`qty > 0`))
    .addColumn('unit_price', money, (column) => column.notNull())
    .addColumn('in_warranty', 'boolean', (column) => column.notNull())
    .addColumn('old_part_returned', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('old_part_serial_no', 'text')
    .addColumn('new_part_serial_no', 'text')
    .addColumn('source_warehouse_id', 'text', (column) => column.notNull().references('spare_warehouses.id'))
    .execute();

  await businessTable(db, 'spare_part_requests')
    .addColumn('request_no', 'text', (column) => column.notNull())
    .addColumn('provider_id', 'text', (column) => column.notNull().references('service_providers.id'))
    .addColumn('engineer_id', 'text', (column) => column.references('service_engineers.id'))
    .addColumn('warehouse_id', 'text', (column) => column.notNull().references('spare_warehouses.id'))
    .addColumn('requester_id', 'text', (column) => column.notNull())
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('total_amount', money, (column) => column.notNull().defaultTo(0))
    .addColumn('status', 'text', enumColumn('status', PART_REQUEST_STATUS))
    .addColumn('from_warehouse_id', 'text', (column) => column.references('spare_warehouses.id'))
    .addColumn('approved_at', 'timestamptz')
    .addColumn('issued_at', 'timestamptz')
    .addColumn('received_at', 'timestamptz')
    .addColumn('remark', 'text')
    .addColumn('result_remark', 'text')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addUniqueConstraint('spare_part_requests_no_uq', ['tenant_id', 'request_no'])
    .execute();

  await db.schema
    .createTable('spare_part_request_lines')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('request_id', 'text', (column) => column.notNull().references('spare_part_requests.id'))
    .addColumn('part_id', 'text', (column) => column.notNull().references('spare_parts.id'))
    .addColumn('qty', 'integer', (column) => column.notNull().check(sql`qty > 0`))
    .addColumn('unit_price', money, (column) => column.notNull())
    .addUniqueConstraint('spare_part_request_lines_uq', ['request_id', 'part_id'])
    .execute();

  await db.schema
    .createTable('spare_movements')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('warehouse_id', 'text', (column) => column.notNull().references('spare_warehouses.id'))
    .addColumn('part_id', 'text', (column) => column.notNull().references('spare_parts.id'))
    .addColumn('move_type', 'text', enumColumn('move_type', PART_MOVE_TYPE))
    .addColumn('qty', 'integer', (column) => column.notNull())
    .addColumn('balance', 'integer', (column) => column.notNull())
    .addColumn('repair_order_id', 'text', (column) => column.references('repair_orders.id'))
    .addColumn('request_id', 'text', (column) => column.references('spare_part_requests.id'))
    .addColumn('engineer_id', 'text', (column) => column.references('service_engineers.id'))
    .addColumn('serial_nos', 'jsonb', json)
    .addColumn('remark', 'text')
    .addColumn('operator_id', 'text')
    .addColumn('occurred_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('spare_movements_stock_idx')
    .on('spare_movements')
    .columns(['tenant_id', 'warehouse_id', 'part_id', 'occurred_at'])
    .execute();

  // The serial numbers of serial-tracked parts: where each unit is, or that it was used or scrapped.
  await db.schema
    .createTable('spare_serials')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('part_id', 'text', (column) => column.notNull().references('spare_parts.id'))
    .addColumn('serial_no', 'text', (column) => column.notNull())
    .addColumn('warehouse_id', 'text', (column) => column.references('spare_warehouses.id'))
    .addColumn('status', 'text', (column) =>
      column.notNull().check(oneOf('status', ['IN_STOCK', 'CONSUMED', 'SCRAPPED'])),
    )
    .addColumn('repair_order_id', 'text', (column) => column.references('repair_orders.id'))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('spare_serials_uq', ['tenant_id', 'part_id', 'serial_no'])
    .execute();

  await addRepairDefaults(db as unknown as Kysely<DB>);
}

/** For every tenant: the /mes menus (administrators and the 生产系统 role) and the SPARE_PART_REQUEST flow. */
export async function addRepairDefaults(db: Kysely<DB>): Promise<void> {
  const tenants = await db.selectFrom('tenants').select('tenant_id').execute();
  for (const { tenant_id: tenantId } of tenants) {
    const all = defaultMenuRowsOf(tenantId);
    const inTree = new Set<string>();
    for (const row of all) {
      if (REPAIR_MENUS.some((url) => (row.url ?? '').startsWith(url)) || inTree.has(row.parent_id ?? '')) {
        inTree.add(row.id);
      }
    }
    for (const row of all.filter((each) => inTree.has(each.id))) {
      await addTenantPermission(db, tenantId, row);
      await grantToMesRole(db, tenantId, row.id);
    }
    await insertMissingFlows(db, tenantId, ['SPARE_PART_REQUEST']);
  }
}

/** Grants a permission row to the tenant's 生产系统 role, when it has one and lacks the grant. */
async function grantToMesRole(db: Kysely<DB>, tenantId: string, permissionId: string): Promise<void> {
  await db
    .insertInto('role_permissions')
    .columns(['tenant_id', 'role_id', 'permission_id'])
    .expression(
      db
        .selectFrom('roles')
        .select([sql.lit(tenantId).as('tenant_id'), 'id', sql.lit(permissionId).as('permission_id')])
        .where('tenant_id', '=', tenantId)
        .where('role_code', '=', MES_ROLE_CODE)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('role_permissions as granted')
                .select('granted.permission_id')
                .whereRef('granted.role_id', '=', 'roles.id')
                .where('granted.permission_id', '=', permissionId),
            ),
          ),
        ),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'spare_serials',
    'spare_movements',
    'spare_part_request_lines',
    'spare_part_requests',
    'repair_order_parts',
    'repair_order_events',
    'repair_orders',
    'spare_stocks',
    'spare_warehouses',
    'spare_parts',
    'fault_codes',
    'service_engineers',
    'service_providers',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
