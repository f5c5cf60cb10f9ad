// POSM materials and ad applications (issue #21, DOMAIN §1.11 and §1.12): the material catalogue, stock per
// warehouse with its movements, material requests with their lines; the ad price book per square metre and
// ad applications; the 物料管理 and 广告审批 menus and the MATERIAL_REQUEST / AD_APPLY flows for tenants seeded
// before them.
import { sql, type Kysely } from 'kysely';
import { AD_STATUS, AD_TYPE, ACCEPTANCE_RESULT } from '../../../common/ads';
import {
  POSM_CATEGORY,
  POSM_MOVE_TYPE,
  POSM_PURPOSE,
  POSM_REQUEST_STATUS,
  POSM_TARGET_TYPE,
} from '../../../common/posm';
import { insertMissingFlows } from '../../modules/approvals/flows';
import { defaultMenuRowsOf } from '../../modules/auth/tenantOrganisation';
import type { DB } from '../schema';
import { businessTable, oneOf } from './columns';
import { addTenantPermission } from './tenantMenus';

const codes = (labels: Record<string, string>) => Object.keys(labels);
const money = 'numeric(14, 2)' as const;

export const POSM_AND_AD_MENUS = ['/ePosm', '/eAdAppr'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await businessTable(db, 'posm_materials')
    .addColumn('material_code', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('category', 'text', (column) =>
      column.notNull().check(oneOf('category', codes(POSM_CATEGORY))),
    )
    .addColumn('spec', 'text')
    .addColumn('unit', 'text', (column) => column.notNull())
    .addColumn('unit_cost', money, (column) => column.notNull().defaultTo(0))
    .addColumn('brand_id', 'text', (column) => column.references('brands.id'))
    .addColumn('photo_ids', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('is_returnable', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('ACTIVE')
        .check(oneOf('status', ['ACTIVE', 'DISABLED'])),
    )
    .addUniqueConstraint('posm_materials_code_uq', ['tenant_id', 'material_code'])
    .execute();

  // The stock of a material in a warehouse: one row, never negative (issues take it with a conditional update).
  await db.schema
    .createTable('posm_stocks')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('warehouse_id', 'text', (column) => column.notNull().references('warehouses.id'))
    .addColumn('material_id', 'text', (column) => column.notNull().references('posm_materials.id'))
    .addColumn('qty', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`qty >= 0`),
    )
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('posm_stocks_uq', ['tenant_id', 'warehouse_id', 'material_id'])
    .execute();

  await businessTable(db, 'posm_requests')
    .addColumn('request_no', 'text', (column) => column.notNull())
    .addColumn('requester_id', 'text', (column) => column.notNull())
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('purpose', 'text', (column) => column.notNull().check(oneOf('purpose', codes(POSM_PURPOSE))))
    .addColumn('target_type', 'text', (column) =>
      column.notNull().check(oneOf('target_type', codes(POSM_TARGET_TYPE))),
    )
    .addColumn('target_ids', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('total_cost', money, (column) => column.notNull().defaultTo(0))
    .addColumn('delivery_address', 'text')
    .addColumn('expected_date', 'date')
    .addColumn('warehouse_id', 'text', (column) => column.references('warehouses.id'))
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('DRAFT')
        .check(oneOf('status', codes(POSM_REQUEST_STATUS))),
    )
    .addColumn('approved_at', 'timestamptz')
    .addColumn('issued_at', 'timestamptz')
    .addColumn('issued_by', 'text')
    .addColumn('received_at', 'timestamptz')
    .addColumn('received_by', 'text')
    .addColumn('verified_at', 'timestamptz')
    .addColumn('verify_photo_ids', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('remark', 'text')
    .addColumn('result_remark', 'text')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addUniqueConstraint('posm_requests_no_uq', ['tenant_id', 'request_no'])
    .execute();
  await db.schema
    .createIndex('posm_requests_org_idx')
    .on('posm_requests')
    .columns(['tenant_id', 'org_code', 'status'])
    .execute();

  await db.schema
    .createTable('posm_request_lines')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('request_id', 'text', (column) => column.notNull().references('posm_requests.id'))
    .addColumn('material_id', 'text', (column) => column.notNull().references('posm_materials.id'))
    .addColumn('unit_cost', money, (column) => column.notNull())
    .addColumn('requested_qty', 'integer', (column) => column.notNull().check(sql`requested_qty > 0`))
    .addColumn('approved_qty', 'integer', (column) => column.notNull())
    .addColumn('issued_qty', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('received_qty', 'integer', (column) => column.notNull().defaultTo(0))
    .addCheckConstraint(
      'posm_request_lines_qty_check',
      sql`approved_qty between 0 and requested_qty and issued_qty between 0 and approved_qty and received_qty between 0 and issued_qty`,
    )
    .addUniqueConstraint('posm_request_lines_uq', ['request_id', 'material_id'])
    .execute();

  await db.schema
    .createTable('posm_movements')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('warehouse_id', 'text', (column) => column.notNull().references('warehouses.id'))
    .addColumn('material_id', 'text', (column) => column.notNull().references('posm_materials.id'))
    .addColumn('move_type', 'text', (column) =>
      column.notNull().check(oneOf('move_type', codes(POSM_MOVE_TYPE))),
    )
    .addColumn('qty', 'integer', (column) => column.notNull())
    .addColumn('balance', 'integer', (column) => column.notNull())
    .addColumn('request_id', 'text', (column) => column.references('posm_requests.id'))
    .addColumn('remark', 'text')
    .addColumn('operator_id', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('posm_movements_stock_idx')
    .on('posm_movements')
    .columns(['tenant_id', 'warehouse_id', 'material_id', 'created_at'])
    .execute();

  // The price book of ads: a price per square metre for a type and a material.
  await businessTable(db, 'ad_price_items')
    .addColumn('ad_type', 'text', (column) => column.notNull().check(oneOf('ad_type', codes(AD_TYPE))))
    .addColumn('material', 'text', (column) => column.notNull())
    .addColumn('unit_price', money, (column) => column.notNull())
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('ACTIVE')
        .check(oneOf('status', ['ACTIVE', 'DISABLED'])),
    )
    .addColumn('remark', 'text')
    .addUniqueConstraint('ad_price_items_uq', ['tenant_id', 'ad_type', 'material'])
    .execute();

  await businessTable(db, 'ad_applications')
    .addColumn('apply_no', 'text', (column) => column.notNull())
    .addColumn('customer_id', 'text', (column) => column.notNull().references('customers.id'))
    .addColumn('applicant_id', 'text', (column) => column.notNull())
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('ad_type', 'text', (column) => column.notNull().check(oneOf('ad_type', codes(AD_TYPE))))
    .addColumn('width_m', 'numeric(8, 2)', (column) => column.notNull())
    .addColumn('height_m', 'numeric(8, 2)', (column) => column.notNull())
    .addColumn('area_sqm', 'numeric(10, 2)', (column) => column.notNull())
    .addColumn('quantity', 'integer', (column) => column.notNull().check(sql`quantity > 0`))
    .addColumn('material', 'text', (column) => column.notNull())
    .addColumn('sign_text', 'text')
    .addColumn('before_photo_ids', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('design_file_id', 'text')
    .addColumn('unit_price', money, (column) => column.notNull())
    .addColumn('quoted_amount', money, (column) => column.notNull())
    .addColumn('approved_amount', money)
    .addColumn('cost_sharing', 'jsonb', (column) => column.notNull())
    .addColumn('keep_months', 'integer', (column) => column.notNull().defaultTo(12))
    .addColumn('vendor_name', 'text')
    .addColumn('install_deadline', 'date')
    .addColumn('installed_at', 'timestamptz')
    .addColumn('after_photo_ids', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('acceptance_result', 'text', (column) =>
      column.check(sql`acceptance_result is null or ${oneOf('acceptance_result', codes(ACCEPTANCE_RESULT))}`),
    )
    .addColumn('acceptance_by', 'text')
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('keep_until', 'date')
    .addColumn('settled_amount', money)
    .addColumn('settled_at', 'timestamptz')
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('DRAFT')
        .check(oneOf('status', codes(AD_STATUS))),
    )
    .addColumn('remark', 'text')
    .addColumn('result_remark', 'text')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addUniqueConstraint('ad_applications_no_uq', ['tenant_id', 'apply_no'])
    .execute();
  await db.schema
    .createIndex('ad_applications_org_idx')
    .on('ad_applications')
    .columns(['tenant_id', 'org_code', 'status'])
    .execute();
  await db.schema
    .createIndex('ad_applications_customer_idx')
    .on('ad_applications')
    .columns(['tenant_id', 'customer_id'])
    .execute();

  await addPosmAndAdDefaults(db as unknown as Kysely<DB>);
}

/** For every tenant: the 物料管理 and 广告审批 menus (granted to its administrators) and the flows it lacks. */
export async function addPosmAndAdDefaults(db: Kysely<DB>): Promise<void> {
  const tenants = await db.selectFrom('tenants').select('tenant_id').execute();
  for (const { tenant_id: tenantId } of tenants) {
    const all = defaultMenuRowsOf(tenantId);
    const menus = new Set(
      all
        .filter((row) => POSM_AND_AD_MENUS.some((url) => (row.url ?? '').startsWith(url)))
        .map((row) => row.id),
    );
    for (const row of all.filter((each) => menus.has(each.id) || menus.has(each.parent_id ?? ''))) {
      await addTenantPermission(db, tenantId, row);
    }
    await insertMissingFlows(db, tenantId, ['MATERIAL_REQUEST', 'AD_APPLY']);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'ad_applications',
    'ad_price_items',
    'posm_movements',
    'posm_request_lines',
    'posm_requests',
    'posm_stocks',
    'posm_materials',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
