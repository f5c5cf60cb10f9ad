// Orders (DOMAIN §1.5): sales orders with their lines, the stock each audited order holds, shipments with
// their batches, sign records, returns and exchanges, payments, and the order's own operation log. Every
// transition is a conditional update on the expected status, so `version` only counts the changes.
import { sql, type Kysely } from 'kysely';
import { businessTable, oneOf } from './columns';

const now = sql`now()`;
const money = 'numeric(14, 2)';

const ORDER_STATUSES = [
  'PENDING_AUDIT',
  'PENDING_FINANCE',
  'PENDING_SHIPMENT',
  'PARTIALLY_SHIPPED',
  'SHIPPED',
  'SIGNED',
  'COMPLETED',
  'REJECTED',
  'CANCELLED',
  'INVALID',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await businessTable(db, 'sales_orders')
    .addColumn('order_no', 'text', (column) => column.notNull())
    .addColumn('order_type', 'text', (column) =>
      column
        .notNull()
        .check(
          oneOf('order_type', [
            'OUTLET_MALL',
            'REP_PROXY',
            'VAN_SALES',
            'DEALER_PURCHASE',
            'EMPLOYEE',
            'GIFT',
          ]),
        ),
    )
    .addColumn('source_channel', 'text', (column) =>
      column.notNull().check(oneOf('source_channel', ['MINIPROGRAM', 'APP', 'PC', 'ERP_IMPORT'])),
    )
    .addColumn('buyer_id', 'text', (column) => column.notNull().references('customers.id'))
    // The buyer's department when ordered: the data scope is a prefix match on it (as for customers).
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('seller_type', 'text', (column) =>
      column.notNull().check(oneOf('seller_type', ['BRAND', 'DEALER'])),
    )
    .addColumn('seller_id', 'text', (column) => column.references('customers.id'))
    .addColumn('sales_rep_id', 'text', (column) => column.references('users.id'))
    .addColumn('visit_id', 'text')
    .addColumn('ordered_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addColumn('requested_delivery_date', 'date')
    .addColumn('warehouse_id', 'text', (column) => column.references('warehouses.id'))
    .addColumn('receiver_snapshot', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('goods_amount', money, (column) => column.notNull().defaultTo(0))
    .addColumn('promo_discount_amount', money, (column) => column.notNull().defaultTo(0))
    .addColumn('rebate_deduct_amount', money, (column) => column.notNull().defaultTo(0))
    .addColumn('coin_deduct_amount', money, (column) => column.notNull().defaultTo(0))
    .addColumn('coupon_amount', money, (column) => column.notNull().defaultTo(0))
    .addColumn('freight_amount', money, (column) => column.notNull().defaultTo(0))
    .addColumn('payable_amount', money, (column) => column.notNull().check(sql`payable_amount >= 0`))
    .addColumn('paid_amount', money, (column) => column.notNull().defaultTo(0))
    .addColumn('payment_method', 'text', (column) =>
      column.notNull().check(oneOf('payment_method', ['ONLINE', 'COD', 'CREDIT', 'PREPAID', 'PAYROLL'])),
    )
    .addColumn('payment_status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('UNPAID')
        .check(oneOf('payment_status', ['UNPAID', 'PARTIAL', 'PAID', 'REFUNDING', 'REFUNDED'])),
    )
    .addColumn('credit_check_result', 'text', (column) =>
      column.check(oneOf('credit_check_result', ['PASS', 'OVER_LIMIT', 'OVERDUE'])),
    )
    .addColumn('status', 'text', (column) =>
      column.notNull().defaultTo('PENDING_AUDIT').check(oneOf('status', ORDER_STATUSES)),
    )
    .addColumn('reject_reason', 'text')
    .addColumn('invalid_reason', 'text')
    .addColumn('total_base_qty', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('total_cases', 'numeric(12, 2)', (column) => column.notNull().defaultTo(0))
    .addColumn('total_weight_kg', 'numeric(12, 3)')
    .addColumn('buyer_remark', 'text')
    .addColumn('internal_remark', 'text')
    .addColumn('print_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('exe_print_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('erp_sync_status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('NOT_REQUIRED')
        .check(oneOf('erp_sync_status', ['NOT_REQUIRED', 'PENDING', 'SUCCESS', 'FAILED'])),
    )
    .addColumn('audited_at', 'timestamptz')
    .addColumn('audited_by', 'text')
    .addColumn('shipped_at', 'timestamptz')
    .addColumn('signed_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addUniqueConstraint('sales_orders_tenant_no_key', ['tenant_id', 'order_no'])
    .addCheckConstraint('sales_orders_paid_check', sql`paid_amount >= 0 and paid_amount <= payable_amount`)
    .execute();
  // The order list: newest first, on its own or within a status tab; the id breaks ties of one instant. In
  // the list's own order (nulls last, as every list sorts) so a page reads the index without sorting; the
  // data-scope columns ride along, so the total counts from the index alone.
  await sql`create index sales_orders_tenant_ordered_idx on sales_orders (tenant_id, ordered_at desc nulls last, id desc nulls last) include (org_code, sales_rep_id, status)`.execute(
    db,
  );
  await sql`create index sales_orders_tenant_status_ordered_idx on sales_orders (tenant_id, status, ordered_at desc nulls last, id desc nulls last) include (org_code, sales_rep_id)`.execute(
    db,
  );
  await db.schema
    .createIndex('sales_orders_buyer_idx')
    .on('sales_orders')
    .columns(['tenant_id', 'buyer_id', 'ordered_at desc'])
    .execute();
  await db.schema
    .createIndex('sales_orders_seller_idx')
    .on('sales_orders')
    .columns(['tenant_id', 'seller_id', 'ordered_at desc'])
    .execute();
  await db.schema
    .createIndex('sales_orders_rep_idx')
    .on('sales_orders')
    .columns(['tenant_id', 'sales_rep_id', 'ordered_at desc'])
    .execute();

  await db.schema
    .createTable('sales_order_lines')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('order_id', 'text', (column) =>
      column.notNull().references('sales_orders.id').onDelete('cascade'),
    )
    .addColumn('line_no', 'integer', (column) => column.notNull())
    .addColumn('sku_id', 'text', (column) => column.notNull().references('skus.id'))
    // Code, name, spec, barcode and pack units at order time (DOMAIN §0 snapshots).
    .addColumn('sku_snapshot', 'jsonb', (column) => column.notNull())
    .addColumn('unit', 'text', (column) => column.notNull().check(oneOf('unit', ['CASE', 'BASE', 'MIXED'])))
    .addColumn('base_qty', 'integer', (column) => column.notNull().check(sql`base_qty > 0`))
    .addColumn('price_list_id', 'text', (column) => column.references('price_lists.id'))
    .addColumn('price_list_name', 'text')
    // Prices in the list's unit (a case or one bottle).
    .addColumn('price_unit', 'text', (column) =>
      column.notNull().check(oneOf('price_unit', ['CASE', 'BASE'])),
    )
    .addColumn('list_price', money, (column) => column.notNull())
    .addColumn('deal_price', money, (column) => column.notNull())
    .addColumn('floor_price', money)
    .addColumn('list_amount', money, (column) => column.notNull())
    .addColumn('discount_amount', money, (column) => column.notNull().defaultTo(0))
    .addColumn('amount', money, (column) => column.notNull())
    .addColumn('is_gift', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('promotion_ids', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('tax_rate', 'numeric(7, 4)', (column) => column.notNull())
    .addColumn('shipped_base_qty', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('signed_base_qty', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('returned_base_qty', 'integer', (column) => column.notNull().defaultTo(0))
    .addUniqueConstraint('sales_order_lines_order_line_key', ['order_id', 'line_no'])
    .addCheckConstraint(
      'sales_order_lines_qty_check',
      sql`shipped_base_qty between 0 and base_qty and signed_base_qty between 0 and shipped_base_qty and returned_base_qty between 0 and shipped_base_qty`,
    )
    .execute();
  await db.schema
    .createIndex('sales_order_lines_sku_idx')
    .on('sales_order_lines')
    .columns(['tenant_id', 'sku_id'])
    .execute();

  // The stock an audited order holds, per lot: stock_lots.qty_locked is the sum of these rows.
  await db.schema
    .createTable('sales_order_stock_locks')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('order_id', 'text', (column) =>
      column.notNull().references('sales_orders.id').onDelete('cascade'),
    )
    .addColumn('order_line_id', 'text', (column) =>
      column.notNull().references('sales_order_lines.id').onDelete('cascade'),
    )
    .addColumn('lot_id', 'text', (column) => column.notNull().references('stock_lots.id'))
    .addColumn('base_qty', 'integer', (column) => column.notNull().check(sql`base_qty > 0`))
    .execute();
  await db.schema
    .createIndex('sales_order_stock_locks_order_idx')
    .on('sales_order_stock_locks')
    .column('order_id')
    .execute();

  await businessTable(db, 'shipments')
    .addColumn('shipment_no', 'text', (column) => column.notNull())
    .addColumn('order_id', 'text', (column) => column.notNull().references('sales_orders.id'))
    .addColumn('warehouse_id', 'text', (column) => column.notNull().references('warehouses.id'))
    .addColumn('shipped_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addColumn('shipped_by', 'text')
    .addColumn('driver_name', 'text')
    .addColumn('driver_mobile', 'text')
    .addColumn('vehicle_no', 'text')
    .addColumn('remark', 'text')
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('SHIPPED')
        .check(oneOf('status', ['SHIPPED', 'SIGNED', 'PARTIALLY_SIGNED', 'REFUSED'])),
    )
    .addUniqueConstraint('shipments_tenant_no_key', ['tenant_id', 'shipment_no'])
    .execute();
  await db.schema.createIndex('shipments_order_idx').on('shipments').column('order_id').execute();

  await db.schema
    .createTable('shipment_lines')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('shipment_id', 'text', (column) =>
      column.notNull().references('shipments.id').onDelete('cascade'),
    )
    .addColumn('order_line_id', 'text', (column) => column.notNull().references('sales_order_lines.id'))
    .addColumn('sku_id', 'text', (column) => column.notNull().references('skus.id'))
    .addColumn('lot_id', 'text', (column) => column.notNull().references('stock_lots.id'))
    .addColumn('batch_no', 'text', (column) => column.notNull())
    .addColumn('production_date', 'date', (column) => column.notNull())
    .addColumn('base_qty', 'integer', (column) => column.notNull().check(sql`base_qty > 0`))
    .execute();
  await db.schema
    .createIndex('shipment_lines_shipment_idx')
    .on('shipment_lines')
    .column('shipment_id')
    .execute();

  await db.schema
    .createTable('sign_records')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('order_id', 'text', (column) => column.notNull().references('sales_orders.id'))
    .addColumn('sign_type', 'text', (column) =>
      column.notNull().check(oneOf('sign_type', ['OUTLET_SELF', 'DRIVER_PROXY', 'AUTO'])),
    )
    .addColumn('signed_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addColumn('signed_by', 'text')
    // [{orderLineId, shippedBaseQty, signedBaseQty}]
    .addColumn('lines', 'jsonb', (column) => column.notNull())
    .addColumn('diff_reason', 'text', (column) =>
      column.check(oneOf('diff_reason', ['DAMAGED', 'SHORT', 'WRONG_ITEM', 'REFUSED'])),
    )
    .addColumn('remark', 'text')
    .execute();
  await db.schema.createIndex('sign_records_order_idx').on('sign_records').column('order_id').execute();

  await businessTable(db, 'return_orders')
    .addColumn('return_no', 'text', (column) => column.notNull())
    .addColumn('original_order_id', 'text', (column) => column.references('sales_orders.id'))
    .addColumn('customer_id', 'text', (column) => column.notNull().references('customers.id'))
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('reason', 'text', (column) =>
      column
        .notNull()
        .check(oneOf('reason', ['QUALITY', 'NEAR_EXPIRY', 'DAMAGED', 'WRONG_ITEM', 'SLOW_MOVING', 'OTHER'])),
    )
    .addColumn('refund_method', 'text', (column) =>
      column.notNull().check(oneOf('refund_method', ['ORIGINAL', 'OFFSET_AR', 'TO_PREPAID', 'TO_REBATE'])),
    )
    .addColumn('amount', money, (column) => column.notNull())
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('SUBMITTED')
        .check(oneOf('status', ['SUBMITTED', 'APPROVED', 'REJECTED', 'RECEIVED', 'CANCELLED'])),
    )
    .addColumn('remark', 'text')
    .addColumn('reject_reason', 'text')
    .addColumn('warehouse_id', 'text', (column) => column.references('warehouses.id'))
    .addColumn('approved_by', 'text')
    .addColumn('approved_at', 'timestamptz')
    .addColumn('received_by', 'text')
    .addColumn('received_at', 'timestamptz')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addUniqueConstraint('return_orders_tenant_no_key', ['tenant_id', 'return_no'])
    .execute();
  await db.schema
    .createIndex('return_orders_tenant_created_idx')
    .on('return_orders')
    .columns(['tenant_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('return_orders_order_idx')
    .on('return_orders')
    .column('original_order_id')
    .execute();

  await db.schema
    .createTable('return_order_lines')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('return_id', 'text', (column) =>
      column.notNull().references('return_orders.id').onDelete('cascade'),
    )
    .addColumn('order_line_id', 'text', (column) => column.references('sales_order_lines.id'))
    .addColumn('sku_id', 'text', (column) => column.notNull().references('skus.id'))
    .addColumn('sku_snapshot', 'jsonb', (column) => column.notNull())
    .addColumn('base_qty', 'integer', (column) => column.notNull().check(sql`base_qty > 0`))
    // The batch it goes back into: the one shipped, else a return batch of the receipt day.
    .addColumn('batch_no', 'text')
    .addColumn('production_date', 'date')
    .addColumn('unit_price', 'numeric(14, 4)', (column) => column.notNull())
    .addColumn('amount', money, (column) => column.notNull())
    .addColumn('condition', 'text', (column) => column.check(oneOf('condition', ['GOOD', 'DAMAGED'])))
    .execute();
  await db.schema
    .createIndex('return_order_lines_return_idx')
    .on('return_order_lines')
    .column('return_id')
    .execute();

  await businessTable(db, 'exchange_orders')
    .addColumn('exchange_no', 'text', (column) => column.notNull())
    .addColumn('original_order_id', 'text', (column) => column.notNull().references('sales_orders.id'))
    .addColumn('customer_id', 'text', (column) => column.notNull().references('customers.id'))
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('reason', 'text', (column) =>
      column.notNull().check(oneOf('reason', ['NEAR_EXPIRY', 'DAMAGED', 'FLAVOR'])),
    )
    .addColumn('price_diff_amount', money, (column) => column.notNull().defaultTo(0))
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('SUBMITTED')
        .check(oneOf('status', ['SUBMITTED', 'APPROVED', 'REJECTED', 'COMPLETED', 'CANCELLED'])),
    )
    .addColumn('remark', 'text')
    .addColumn('reject_reason', 'text')
    .addColumn('warehouse_id', 'text', (column) => column.references('warehouses.id'))
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addUniqueConstraint('exchange_orders_tenant_no_key', ['tenant_id', 'exchange_no'])
    .execute();
  await db.schema
    .createIndex('exchange_orders_tenant_created_idx')
    .on('exchange_orders')
    .columns(['tenant_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('exchange_orders_order_idx')
    .on('exchange_orders')
    .column('original_order_id')
    .execute();

  await db.schema
    .createTable('exchange_order_lines')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('exchange_id', 'text', (column) =>
      column.notNull().references('exchange_orders.id').onDelete('cascade'),
    )
    // RETURN: taken back from the outlet; ISSUE: handed over instead.
    .addColumn('kind', 'text', (column) => column.notNull().check(oneOf('kind', ['RETURN', 'ISSUE'])))
    .addColumn('order_line_id', 'text', (column) => column.references('sales_order_lines.id'))
    .addColumn('sku_id', 'text', (column) => column.notNull().references('skus.id'))
    .addColumn('sku_snapshot', 'jsonb', (column) => column.notNull())
    .addColumn('base_qty', 'integer', (column) => column.notNull().check(sql`base_qty > 0`))
    .addColumn('unit_price', 'numeric(14, 4)', (column) => column.notNull())
    .addColumn('amount', money, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('exchange_order_lines_exchange_idx')
    .on('exchange_order_lines')
    .column('exchange_id')
    .execute();

  await db.schema
    .createTable('order_operation_logs')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('order_id', 'text', (column) =>
      column.notNull().references('sales_orders.id').onDelete('cascade'),
    )
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    // Null for the system (ERP sync results, automatic completion).
    .addColumn('operator_id', 'text')
    .addColumn('operator_name', 'text')
    .addColumn('comment', 'text')
    .addColumn('at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('order_operation_logs_order_idx')
    .on('order_operation_logs')
    .columns(['order_id', 'at'])
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('payment_no', 'text', (column) => column.notNull())
    .addColumn('order_id', 'text', (column) => column.notNull().references('sales_orders.id'))
    .addColumn('amount', money, (column) => column.notNull().check(sql`amount > 0`))
    .addColumn('channel', 'text', (column) =>
      column
        .notNull()
        .check(oneOf('channel', ['CASH', 'BANK_TRANSFER', 'WECHAT', 'ALIPAY', 'PREPAID', 'OTHER'])),
    )
    .addColumn('paid_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addColumn('reference_no', 'text')
    .addColumn('remark', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addUniqueConstraint('payments_tenant_no_key', ['tenant_id', 'payment_no'])
    .execute();
  await db.schema.createIndex('payments_order_idx').on('payments').column('order_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'payments',
    'order_operation_logs',
    'exchange_order_lines',
    'exchange_orders',
    'return_order_lines',
    'return_orders',
    'sign_records',
    'shipment_lines',
    'shipments',
    'sales_order_stock_locks',
    'sales_order_lines',
    'sales_orders',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
