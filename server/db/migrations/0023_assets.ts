// Trade assets (DOMAIN §1.10, issue #20): asset models, the ledger (one row per physical freezer or rack with
// its tag), the applications that place, recall, move or scrap one, the log of every move, inspections and
// exception reports; the 资产管理 menus for tenants seeded before them, the asset approval flows, and 冰柜数
// of every customer recounted from the ledger (it is derived from now on).
import { sql, type Kysely } from 'kysely';
import {
  APPLICATION_STATUS,
  APPLICATION_TYPE,
  ASSET_TYPE,
  CLEANLINESS,
  CONDITION_STATUS,
  DEPOSIT_STATUS,
  EXCEPTION_TYPE,
  FORM_FACTOR,
  MOVE_TYPE,
  PLACEMENT_STATUS,
} from '../../../common/assets';
import { insertMissingFlows } from '../../modules/approvals/flows';
import { defaultMenuRowsOf } from '../../modules/auth/tenantOrganisation';
import { ASSET_FLOW_TYPES, recountFreezers } from '../../modules/assets/ledger';
import type { DB } from '../schema';
import { businessTable, oneOf } from './columns';
import { addTenantPermission } from './tenantMenus';

const codes = (labels: Record<string, string>) => Object.keys(labels);
const money = 'numeric(12, 2)' as const;

export const ASSET_MENUS = ['/eAsset'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await businessTable(db, 'asset_models')
    .addColumn('model_code', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('asset_type', 'text', (column) =>
      column.notNull().check(oneOf('asset_type', codes(ASSET_TYPE))),
    )
    .addColumn('form_factor', 'text', (column) =>
      column.notNull().check(oneOf('form_factor', codes(FORM_FACTOR))),
    )
    .addColumn('volume_l', 'integer')
    .addColumn('power_w', 'integer')
    .addColumn('temp_range', 'text')
    .addColumn('manufacturer', 'text')
    .addColumn('unit_value', money, (column) => column.notNull().defaultTo(0))
    .addColumn('deposit_amount', money, (column) => column.notNull().defaultTo(0))
    .addColumn('warranty_months', 'integer', (column) => column.notNull().defaultTo(12))
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('ACTIVE')
        .check(oneOf('status', ['ACTIVE', 'DISABLED'])),
    )
    .addUniqueConstraint('asset_models_code_uq', ['tenant_id', 'model_code'])
    .execute();

  await businessTable(db, 'assets')
    .addColumn('asset_no', 'text', (column) => column.notNull())
    .addColumn('serial_no', 'text')
    .addColumn('model_id', 'text', (column) => column.notNull().references('asset_models.id'))
    .addColumn('asset_type', 'text', (column) =>
      column.notNull().check(oneOf('asset_type', codes(ASSET_TYPE))),
    )
    .addColumn('value', money, (column) => column.notNull().defaultTo(0))
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('responsible_user_id', 'text')
    .addColumn('warehouse_id', 'text', (column) => column.references('warehouses.id'))
    .addColumn('customer_id', 'text', (column) => column.references('customers.id'))
    .addColumn('placement_status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('IN_STOCK')
        .check(oneOf('placement_status', codes(PLACEMENT_STATUS))),
    )
    .addColumn('condition_status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('NORMAL')
        .check(oneOf('condition_status', codes(CONDITION_STATUS))),
    )
    .addColumn('release_date', 'date')
    .addColumn('placed_at', 'timestamptz')
    .addColumn('last_inspection_at', 'timestamptz')
    .addColumn('last_temperature', 'numeric(5, 1)')
    .addColumn('remark', 'text')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addUniqueConstraint('assets_no_uq', ['tenant_id', 'asset_no'])
    // An asset at an outlet names it, and only there: one outlet at a time by construction.
    .addCheckConstraint(
      'assets_outlet_check',
      sql`(placement_status in ('PLACED', 'RECALLING')) = (customer_id is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('assets_status_idx')
    .on('assets')
    .columns(['tenant_id', 'placement_status', 'condition_status'])
    .execute();
  await db.schema.createIndex('assets_customer_idx').on('assets').column('customer_id').execute();
  await db.schema.createIndex('assets_warehouse_idx').on('assets').column('warehouse_id').execute();

  await businessTable(db, 'asset_applications')
    .addColumn('apply_no', 'text', (column) => column.notNull())
    .addColumn('apply_type', 'text', (column) =>
      column.notNull().check(oneOf('apply_type', codes(APPLICATION_TYPE))),
    )
    .addColumn('asset_id', 'text', (column) => column.notNull().references('assets.id'))
    .addColumn('customer_id', 'text', (column) => column.references('customers.id'))
    .addColumn('to_customer_id', 'text', (column) => column.references('customers.id'))
    .addColumn('warehouse_id', 'text', (column) => column.references('warehouses.id'))
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('applicant_id', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('IN_APPROVAL')
        .check(oneOf('status', codes(APPLICATION_STATUS))),
    )
    .addColumn('free_deposit', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('deposit_amount', money, (column) => column.notNull().defaultTo(0))
    .addColumn('deposit_status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('NOT_REQUIRED')
        .check(oneOf('deposit_status', codes(DEPOSIT_STATUS))),
    )
    .addColumn('deposit_receipt_no', 'text')
    .addColumn('deposit_paid_at', 'timestamptz')
    .addColumn('reason', 'text')
    .addColumn('refund_deposit', 'boolean')
    .addColumn('previous_condition', 'text')
    .addColumn('remark', 'text')
    .addColumn('result_remark', 'text')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addUniqueConstraint('asset_applications_no_uq', ['tenant_id', 'apply_no'])
    .execute();
  // One open application per asset: a second one for the same freezer loses (409).
  await db.schema
    .createIndex('asset_applications_open_uq')
    .on('asset_applications')
    .columns(['tenant_id', 'asset_id'])
    .unique()
    .where(
      sql<boolean>`status in ('IN_APPROVAL', 'PENDING_DEPOSIT', 'WAIT_DELIVERY', 'DELIVERING', 'WAIT_PICKUP')`,
    )
    .execute();
  await db.schema
    .createIndex('asset_applications_customer_idx')
    .on('asset_applications')
    .columns(['tenant_id', 'customer_id'])
    .execute();

  // The move log's types are MOVE_TYPE's codes (the test snapshot is keyed by this function's text: a new code
  // there needs a word here too — APPROVED is the latest).
  await db.schema
    .createTable('asset_moves')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('asset_id', 'text', (column) => column.notNull().references('assets.id'))
    .addColumn('move_type', 'text', (column) => column.notNull().check(oneOf('move_type', codes(MOVE_TYPE))))
    .addColumn('from_text', 'text')
    .addColumn('to_text', 'text')
    .addColumn('application_id', 'text', (column) => column.references('asset_applications.id'))
    .addColumn('detail', 'text')
    .addColumn('operator_id', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('asset_moves_asset_idx')
    .on('asset_moves')
    .columns(['asset_id', 'created_at'])
    .execute();

  await businessTable(db, 'asset_inspections')
    .addColumn('inspection_no', 'text', (column) => column.notNull())
    .addColumn('asset_id', 'text', (column) => column.notNull().references('assets.id'))
    .addColumn('customer_id', 'text', (column) => column.references('customers.id'))
    .addColumn('powered_on', 'boolean', (column) => column.notNull())
    .addColumn('temperature', 'numeric(5, 1)')
    .addColumn('cleanliness', 'text', (column) =>
      column.notNull().check(oneOf('cleanliness', codes(CLEANLINESS))),
    )
    .addColumn('reported_condition', 'text', (column) =>
      column.notNull().check(oneOf('reported_condition', ['NORMAL', 'ABNORMAL'])),
    )
    .addColumn('photo_ids', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('remark', 'text')
    .execute();
  await db.schema
    .createIndex('asset_inspections_asset_idx')
    .on('asset_inspections')
    .columns(['asset_id', 'created_at'])
    .execute();

  await businessTable(db, 'asset_exceptions')
    .addColumn('asset_id', 'text', (column) => column.notNull().references('assets.id'))
    .addColumn('customer_id', 'text', (column) => column.references('customers.id'))
    .addColumn('report_type', 'text', (column) =>
      column.notNull().check(oneOf('report_type', codes(EXCEPTION_TYPE))),
    )
    .addColumn('previous_condition', 'text', (column) => column.notNull())
    .addColumn('photo_ids', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('remark', 'text')
    .execute();
  await db.schema
    .createIndex('asset_exceptions_asset_idx')
    .on('asset_exceptions')
    .column('asset_id')
    .execute();

  await addAssetDefaults(db as unknown as Kysely<DB>);
}

/**
 * For every tenant: the 资产管理 menus (granted to its administrators), the asset approval flows it lacks, and
 * 冰柜数 recounted from the ledger. Running it again adds nothing.
 */
export async function addAssetDefaults(db: Kysely<DB>): Promise<void> {
  const tenants = await db.selectFrom('tenants').select('tenant_id').execute();
  for (const { tenant_id: tenantId } of tenants) {
    const all = defaultMenuRowsOf(tenantId);
    const menus = new Set(
      all.filter((row) => ASSET_MENUS.some((url) => (row.url ?? '').startsWith(url))).map((row) => row.id),
    );
    for (const row of all.filter((each) => menus.has(each.id) || menus.has(each.parent_id ?? ''))) {
      await addTenantPermission(db, tenantId, row);
    }
    await insertMissingFlows(db, tenantId, ASSET_FLOW_TYPES);
    await recountFreezers(db, tenantId);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'asset_exceptions',
    'asset_inspections',
    'asset_moves',
    'asset_applications',
    'assets',
    'asset_models',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
