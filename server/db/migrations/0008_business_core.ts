// Business core I (DOMAIN §1.2, §1.3, §1.6): brands, categories and SKUs with their price lists; customers
// (dealers and outlets in one table) with labels, teams and photos; warehouses, stock lots and the
// append-only stock movements; the stock-age buckets of each tenant. Every row carries tenant_id and every
// business key is unique per tenant.
import { sql, type Kysely } from 'kysely';
import { businessTable, oneOf } from './columns';

const now = sql`now()`;

const ENABLED_STATUSES = ['ACTIVE', 'DISABLED'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // ---- Products (§1.2) ----
  await businessTable(db, 'brands')
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('logo_url', 'text')
    .addColumn('sort', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('status', 'text', (column) =>
      column.notNull().defaultTo('ACTIVE').check(oneOf('status', ENABLED_STATUSES)),
    )
    .addUniqueConstraint('brands_tenant_code_key', ['tenant_id', 'code'])
    .execute();

  await businessTable(db, 'product_categories')
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('parent_id', 'text', (column) => column.references('product_categories.id'))
    .addColumn('level', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('status', 'text', (column) =>
      column.notNull().defaultTo('ACTIVE').check(oneOf('status', ENABLED_STATUSES)),
    )
    .addUniqueConstraint('product_categories_tenant_code_key', ['tenant_id', 'code'])
    .execute();

  await businessTable(db, 'skus')
    .addColumn('sku_code', 'text', (column) => column.notNull())
    .addColumn('barcode', 'text')
    .addColumn('case_barcode', 'text')
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('short_name', 'text')
    .addColumn('brand_id', 'text', (column) => column.notNull().references('brands.id'))
    .addColumn('category_id', 'text', (column) => column.notNull().references('product_categories.id'))
    .addColumn('series', 'text')
    .addColumn('spec', 'text')
    .addColumn('volume_ml', 'integer')
    .addColumn('package_type', 'text', (column) =>
      column.notNull().check(oneOf('package_type', ['PET', 'CAN', 'GLASS', 'TETRA', 'BARREL', 'GIFT_BOX'])),
    )
    .addColumn('flavor', 'text')
    .addColumn('base_unit', 'text', (column) => column.notNull())
    .addColumn('sale_unit', 'text', (column) => column.notNull())
    .addColumn('units_per_case', 'integer', (column) => column.notNull().check(sql`units_per_case > 0`))
    .addColumn('shelf_life_days', 'integer', (column) => column.notNull().check(sql`shelf_life_days > 0`))
    .addColumn('storage_condition', 'text', (column) =>
      column
        .notNull()
        .defaultTo('AMBIENT')
        .check(oneOf('storage_condition', ['AMBIENT', 'CHILLED'])),
    )
    .addColumn('tax_rate', 'numeric(7, 4)', (column) => column.notNull().defaultTo('0.13'))
    .addColumn('suggested_retail_price', 'numeric(14, 2)')
    .addColumn('min_order_qty', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('order_multiple', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('lifecycle_tag', 'text', (column) =>
      column
        .notNull()
        .defaultTo('REGULAR')
        .check(oneOf('lifecycle_tag', ['NEW', 'CORE', 'REGULAR', 'CLEARANCE'])),
    )
    .addColumn('launch_date', 'date')
    .addColumn('discontinue_date', 'date')
    .addColumn('mall_visible', 'boolean', (column) => column.notNull().defaultTo(true))
    .addColumn('employee_mall_visible', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('image_urls', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('erp_material_code', 'text')
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('DRAFT')
        .check(oneOf('status', ['DRAFT', 'ON_SALE', 'SUSPENDED', 'DISCONTINUED'])),
    )
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addUniqueConstraint('skus_tenant_code_key', ['tenant_id', 'sku_code'])
    .addUniqueConstraint('skus_tenant_barcode_key', ['tenant_id', 'barcode'])
    .execute();
  await db.schema
    .createIndex('skus_tenant_brand_idx')
    .on('skus')
    .columns(['tenant_id', 'brand_id'])
    .execute();

  await businessTable(db, 'price_lists')
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('price_type', 'text', (column) =>
      column.notNull().check(oneOf('price_type', ['FACTORY', 'SUPPLY', 'RETAIL', 'EMPLOYEE', 'PROMO'])),
    )
    .addColumn('owner_type', 'text', (column) =>
      column
        .notNull()
        .defaultTo('BRAND')
        .check(oneOf('owner_type', ['BRAND', 'DEALER'])),
    )
    .addColumn('owner_id', 'text')
    .addColumn('tax_included', 'boolean', (column) => column.notNull().defaultTo(true))
    .addColumn('valid_from', 'timestamptz', (column) => column.notNull())
    .addColumn('valid_to', 'timestamptz')
    .addColumn('priority', 'integer', (column) => column.notNull().defaultTo(100))
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('DRAFT')
        .check(oneOf('status', ['DRAFT', 'ACTIVE', 'DISABLED'])),
    )
    .addColumn('remark', 'text')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addUniqueConstraint('price_lists_tenant_code_key', ['tenant_id', 'code'])
    .addCheckConstraint('price_lists_validity_check', sql`valid_to is null or valid_to > valid_from`)
    .execute();

  await db.schema
    .createTable('price_list_items')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('price_list_id', 'text', (column) =>
      column.notNull().references('price_lists.id').onDelete('cascade'),
    )
    .addColumn('sku_id', 'text', (column) => column.notNull().references('skus.id'))
    // CASE: the price of one case (箱); BASE: of one bottle or can.
    .addColumn('unit', 'text', (column) => column.notNull().check(oneOf('unit', ['CASE', 'BASE'])))
    .addColumn('price', 'numeric(14, 2)', (column) => column.notNull().check(sql`price >= 0`))
    // Quantity tier [min_qty, max_qty) in base units.
    .addColumn('min_qty', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('max_qty', 'integer')
    .addColumn('floor_price', 'numeric(14, 2)')
    .addColumn('ceiling_price', 'numeric(14, 2)')
    .addColumn('remark', 'text')
    .execute();
  await db.schema
    .createIndex('price_list_items_list_idx')
    .on('price_list_items')
    .columns(['price_list_id', 'sku_id'])
    .execute();
  await db.schema
    .createIndex('price_list_items_sku_idx')
    .on('price_list_items')
    .columns(['tenant_id', 'sku_id'])
    .execute();

  await db.schema
    .createTable('price_list_scopes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('price_list_id', 'text', (column) =>
      column.notNull().references('price_lists.id').onDelete('cascade'),
    )
    .addColumn('scope_type', 'text', (column) =>
      column
        .notNull()
        .check(
          oneOf('scope_type', [
            'ALL',
            'ORG',
            'REGION_CODE',
            'CHANNEL',
            'OUTLET_TYPE',
            'LEVEL',
            'LABEL',
            'CUSTOMER',
          ]),
        ),
    )
    .addColumn('scope_value', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('price_list_scopes_list_idx')
    .on('price_list_scopes')
    .column('price_list_id')
    .execute();

  // ---- Customers (§1.3) ----
  await businessTable(db, 'customers')
    .addColumn('customer_code', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('short_name', 'text')
    .addColumn('mnemonic', 'text')
    .addColumn('customer_type', 'text', (column) =>
      column
        .notNull()
        .check(
          oneOf('customer_type', [
            'DEALER',
            'SUB_DISTRIBUTOR',
            'WHOLESALER',
            'POSTMAN',
            'OUTLET',
            'CHAIN_HQ',
          ]),
        ),
    )
    .addColumn('channel', 'text', (column) =>
      column
        .notNull()
        .defaultTo('TT')
        .check(oneOf('channel', ['TT', 'MT', 'CATERING', 'SPECIAL', 'ONLINE_COMMUNITY'])),
    )
    .addColumn('outlet_type', 'text')
    .addColumn('level', 'text', (column) => column.check(oneOf('level', ['A', 'B', 'C', 'D'])))
    .addColumn('parent_customer_id', 'text', (column) => column.references('customers.id'))
    .addColumn('serving_dealer_id', 'text', (column) => column.references('customers.id'))
    .addColumn('province_code', 'text')
    .addColumn('city_code', 'text')
    .addColumn('district_code', 'text')
    .addColumn('address', 'text')
    .addColumn('lng', 'numeric(10, 7)')
    .addColumn('lat', 'numeric(10, 7)')
    .addColumn('poi_id', 'text')
    .addColumn('poi_name', 'text')
    .addColumn('poi_lng', 'numeric(10, 7)')
    .addColumn('poi_lat', 'numeric(10, 7)')
    .addColumn('contact_name', 'text')
    .addColumn('contact_mobile', 'text')
    .addColumn('boss_name', 'text')
    .addColumn('boss_mobile', 'text')
    .addColumn('business_license_no', 'text')
    .addColumn('area_sqm', 'numeric(10, 2)')
    .addColumn('delivery_mode', 'text', (column) =>
      column.check(oneOf('delivery_mode', ['DEALER_DELIVERY', 'BRAND_DIRECT', 'SELF_PICKUP'])),
    )
    .addColumn('owner_user_id', 'text', (column) => column.references('users.id'))
    // The department the customer belongs to: the data scope is a prefix match on it.
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('visit_cycle', 'text', (column) =>
      column.check(oneOf('visit_cycle', ['WEEKLY', 'BIWEEKLY', 'TRIWEEKLY', 'FOUR_WEEKLY'])),
    )
    .addColumn('settlement_method', 'text', (column) =>
      column.check(oneOf('settlement_method', ['CASH', 'COD', 'CREDIT', 'PREPAID'])),
    )
    .addColumn('credit_limit', 'numeric(14, 2)')
    .addColumn('credit_days', 'integer')
    .addColumn('source', 'text', (column) =>
      column
        .notNull()
        .defaultTo('REP_CREATED')
        .check(oneOf('source', ['REP_CREATED', 'IMPORTED', 'MINIPROGRAM', 'ERP'])),
    )
    .addColumn('audit_status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('PENDING')
        .check(oneOf('audit_status', ['PENDING', 'APPROVED', 'REJECTED'])),
    )
    .addColumn('audit_remark', 'text')
    .addColumn('verify_status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('UNVERIFIED')
        .check(oneOf('verify_status', ['UNVERIFIED', 'VERIFIED', 'SUSPECT', 'FAKE'])),
    )
    .addColumn('verify_remark', 'text')
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('ACTIVE')
        .check(oneOf('status', ['ACTIVE', 'FROZEN', 'CLOSED', 'DISABLED'])),
    )
    // Dealers only: where the partnership stands (the potential-partners list).
    .addColumn('partner_stage', 'text', (column) =>
      column.check(oneOf('partner_stage', ['POTENTIAL', 'NEGOTIATING', 'SIGNED', 'TERMINATED'])),
    )
    .addColumn('erp_type', 'text', (column) =>
      column.check(oneOf('erp_type', ['KINGDEE_K3CLOUD', 'CHANJET_TPLUS', 'NONE'])),
    )
    .addColumn('erp_customer_code', 'text')
    .addColumn('last_visit_at', 'timestamptz')
    .addColumn('last_order_at', 'timestamptz')
    .addColumn('freezer_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addUniqueConstraint('customers_tenant_code_key', ['tenant_id', 'customer_code'])
    .execute();
  await db.schema
    .createIndex('customers_tenant_type_org_idx')
    .on('customers')
    .columns(['tenant_id', 'customer_type', 'org_code'])
    .execute();
  await db.schema
    .createIndex('customers_tenant_city_idx')
    .on('customers')
    .columns(['tenant_id', 'city_code'])
    .execute();
  await db.schema
    .createIndex('customers_serving_dealer_idx')
    .on('customers')
    .column('serving_dealer_id')
    .execute();

  await db.schema
    .createTable('customer_photos')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('customer_id', 'text', (column) =>
      column.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (column) =>
      column.notNull().check(oneOf('kind', ['DOOR', 'LICENSE', 'DISPLAY', 'FREEZER', 'OTHER'])),
    )
    .addColumn('url', 'text', (column) => column.notNull())
    .addColumn('title', 'text')
    .addColumn('captured_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addColumn('sort', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('customer_photos_customer_idx')
    .on('customer_photos')
    .column('customer_id')
    .execute();

  await businessTable(db, 'customer_labels')
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('label_group', 'text', (column) => column.notNull().defaultTo('自定义'))
    .addColumn('color', 'text', (column) => column.notNull().defaultTo('blue'))
    .addColumn('label_type', 'text', (column) =>
      column.notNull().check(oneOf('label_type', ['MANUAL', 'RULE'])),
    )
    // RULE labels: {conditions: [{field, op, value}]}, every condition must hold (see labelRules.ts).
    .addColumn('rule', 'jsonb')
    .addColumn('refreshed_at', 'timestamptz')
    .addColumn('status', 'text', (column) =>
      column.notNull().defaultTo('ACTIVE').check(oneOf('status', ENABLED_STATUSES)),
    )
    .addUniqueConstraint('customer_labels_tenant_code_key', ['tenant_id', 'code'])
    .execute();

  await db.schema
    .createTable('customer_label_links')
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('customer_id', 'text', (column) =>
      column.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('label_id', 'text', (column) =>
      column.notNull().references('customer_labels.id').onDelete('cascade'),
    )
    .addColumn('source', 'text', (column) =>
      column.notNull().check(oneOf('source', ['MANUAL', 'RULE', 'IMPORT'])),
    )
    .addColumn('tagged_by', 'text')
    .addColumn('tagged_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('customer_label_links_pkey', ['customer_id', 'label_id'])
    .execute();
  await db.schema
    .createIndex('customer_label_links_label_idx')
    .on('customer_label_links')
    .column('label_id')
    .execute();

  await db.schema
    .createTable('customer_team_members')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('customer_id', 'text', (column) =>
      column.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id'))
    .addColumn('role', 'text', (column) =>
      column.notNull().check(oneOf('role', ['OWNER', 'ASSIST', 'SUPERVISOR', 'DEALER_REP'])),
    )
    .addColumn('from_date', 'date', (column) => column.notNull().defaultTo(sql`current_date`))
    .addColumn('to_date', 'date')
    .execute();
  await db.schema
    .createIndex('customer_team_members_customer_idx')
    .on('customer_team_members')
    .column('customer_id')
    .execute();

  // ---- Warehouse stock (§1.6) ----
  await businessTable(db, 'warehouses')
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('owner_type', 'text', (column) =>
      column.notNull().check(oneOf('owner_type', ['BRAND', 'DEALER', 'VEHICLE', 'SERVICE', 'MATERIAL'])),
    )
    // DEALER warehouses: the dealer (a customer row).
    .addColumn('owner_id', 'text', (column) => column.references('customers.id'))
    .addColumn('storage_type', 'text', (column) =>
      column
        .notNull()
        .defaultTo('AMBIENT')
        .check(oneOf('storage_type', ['AMBIENT', 'CHILLED'])),
    )
    .addColumn('address', 'text')
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('erp_warehouse_code', 'text')
    .addColumn('status', 'text', (column) =>
      column.notNull().defaultTo('ACTIVE').check(oneOf('status', ENABLED_STATUSES)),
    )
    .addUniqueConstraint('warehouses_tenant_code_key', ['tenant_id', 'code'])
    .execute();

  await businessTable(db, 'stock_lots')
    .addColumn('warehouse_id', 'text', (column) => column.notNull().references('warehouses.id'))
    .addColumn('sku_id', 'text', (column) => column.notNull().references('skus.id'))
    .addColumn('batch_no', 'text', (column) => column.notNull())
    .addColumn('production_date', 'date', (column) => column.notNull())
    .addColumn('expiry_date', 'date', (column) => column.notNull())
    .addColumn('first_inbound_date', 'date', (column) => column.notNull())
    // Maintained in the same transaction as every movement row; never edited on its own.
    .addColumn('qty_on_hand', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`qty_on_hand >= 0`),
    )
    .addColumn('qty_locked', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`qty_locked >= 0 and qty_locked <= qty_on_hand`),
    )
    .addColumn('unit_cost', 'numeric(14, 4)', (column) => column.notNull().defaultTo(0))
    .addColumn('lot_status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('NORMAL')
        .check(oneOf('lot_status', ['NORMAL', 'FROZEN', 'QUARANTINE', 'EXPIRED'])),
    )
    .addUniqueConstraint('stock_lots_warehouse_sku_batch_key', [
      'tenant_id',
      'warehouse_id',
      'sku_id',
      'batch_no',
    ])
    .execute();
  await db.schema
    .createIndex('stock_lots_tenant_sku_idx')
    .on('stock_lots')
    .columns(['tenant_id', 'sku_id'])
    .execute();

  await db.schema
    .createTable('stock_movements')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('movement_no', 'text', (column) => column.notNull())
    .addColumn('warehouse_id', 'text', (column) => column.notNull().references('warehouses.id'))
    .addColumn('sku_id', 'text', (column) => column.notNull().references('skus.id'))
    .addColumn('lot_id', 'text', (column) => column.notNull().references('stock_lots.id'))
    .addColumn('batch_no', 'text', (column) => column.notNull())
    .addColumn('production_date', 'date', (column) => column.notNull())
    .addColumn('direction', 'text', (column) => column.notNull().check(oneOf('direction', ['IN', 'OUT'])))
    .addColumn('movement_type', 'text', (column) =>
      column
        .notNull()
        .check(
          oneOf('movement_type', [
            'PURCHASE_IN',
            'SALES_OUT',
            'RETURN_IN',
            'EXCHANGE_OUT',
            'TRANSFER_OUT',
            'TRANSFER_IN',
            'COUNT_GAIN',
            'COUNT_LOSS',
            'DAMAGE',
            'GIFT_OUT',
            'EXPIRED_DESTROY',
          ]),
        ),
    )
    .addColumn('base_qty', 'integer', (column) => column.notNull().check(sql`base_qty > 0`))
    .addColumn('unit', 'text', (column) => column.notNull().check(oneOf('unit', ['CASE', 'BASE', 'MIXED'])))
    .addColumn('unit_cost', 'numeric(14, 4)', (column) => column.notNull().defaultTo(0))
    .addColumn('balance_after', 'integer', (column) => column.notNull())
    .addColumn('source_doc_type', 'text')
    .addColumn('source_doc_no', 'text')
    .addColumn('remark', 'text')
    .addColumn('occurred_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addColumn('operator_id', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('stock_movements_tenant_occurred_idx')
    .on('stock_movements')
    .columns(['tenant_id', 'occurred_at desc'])
    .execute();
  await db.schema.createIndex('stock_movements_lot_idx').on('stock_movements').column('lot_id').execute();
  await db.schema
    .createIndex('stock_movements_tenant_no_idx')
    .on('stock_movements')
    .columns(['tenant_id', 'movement_no'])
    .execute();

  await db.schema
    .createTable('stock_age_buckets')
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('label', 'text', (column) => column.notNull())
    .addColumn('min_days', 'integer', (column) => column.notNull().check(sql`min_days >= 0`))
    .addColumn('max_days', 'integer')
    .addColumn('color', 'text', (column) => column.notNull())
    .addColumn('sort', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('stock_age_buckets_pkey', ['tenant_id', 'code'])
    .execute();

  // Daily sequences of the document numbers (DOMAIN §0): prefix + yyyyMMdd + sequence.
  await db.schema
    .createTable('document_sequences')
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('prefix', 'text', (column) => column.notNull())
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('last_value', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('document_sequences_pkey', ['tenant_id', 'prefix', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'document_sequences',
    'stock_age_buckets',
    'stock_movements',
    'stock_lots',
    'warehouses',
    'customer_team_members',
    'customer_label_links',
    'customer_labels',
    'customer_photos',
    'customers',
    'price_list_scopes',
    'price_list_items',
    'price_lists',
    'skus',
    'product_categories',
    'brands',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
