// The mall's buyers and the employee-price programme (issue #22, DOMAIN §1.5 and §1.16): buyer sessions (a
// buyer's token lives here, never in `sessions`, so it opens no back-office route), the buyers' carts, pickup
// points, employee buyers with monthly quotas, per-SKU monthly limits of the employee price list, employee
// orders with their lines and pickup codes; SMS codes of purpose BUYER_LOGIN; the 员工内购 menu for tenants
// seeded before it.
import { sql, type Kysely } from 'kysely';
import { EMPLOYEE_BUYER_STATUS, EMPLOYEE_ORDER_STATUS, EMPLOYEE_PAYMENT_METHOD } from '../../../common/mall';
import type { DB } from '../schema';
import { businessTable, oneOf } from './columns';
import { addDefaultMenus } from './tenantMenus';

const codes = (labels: Record<string, string>) => Object.keys(labels);
const money = 'numeric(14, 2)' as const;

export const MALL_MENUS = ['/eEmployee'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sms_codes drop constraint if exists sms_codes_purpose_check`.execute(db);
  await sql`alter table sms_codes add constraint sms_codes_purpose_check check (purpose in ('LOGIN', 'REGISTER', 'RESET_PASSWORD', 'BUYER_LOGIN'))`.execute(
    db,
  );

  await businessTable(db, 'pickup_points')
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('address', 'text', (column) => column.notNull())
    .addColumn('open_hours', 'text')
    .addColumn('contact', 'text')
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('ACTIVE')
        .check(oneOf('status', ['ACTIVE', 'DISABLED'])),
    )
    .addUniqueConstraint('pickup_points_name_uq', ['tenant_id', 'name'])
    .execute();

  await businessTable(db, 'employee_buyers')
    .addColumn('employee_no', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('mobile', 'text', (column) => column.notNull())
    .addColumn('company_name', 'text')
    .addColumn('wechat_open_id', 'text')
    .addColumn('verified_at', 'timestamptz')
    .addColumn('monthly_quota_amount', money, (column) =>
      column.notNull().check(sql`monthly_quota_amount >= 0`),
    )
    .addColumn('monthly_quota_cases', 'integer', (column) => column.check(sql`monthly_quota_cases >= 0`))
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('ACTIVE')
        .check(oneOf('status', codes(EMPLOYEE_BUYER_STATUS))),
    )
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addUniqueConstraint('employee_buyers_no_uq', ['tenant_id', 'employee_no'])
    .addUniqueConstraint('employee_buyers_mobile_uq', ['tenant_id', 'mobile'])
    .execute();

  // 员工价目表: the prices are a price list of type EMPLOYEE; what it adds is each SKU's monthly limit (cases).
  await businessTable(db, 'employee_sku_limits')
    .addColumn('sku_id', 'text', (column) => column.notNull().references('skus.id'))
    .addColumn('per_month_limit_qty', 'integer', (column) =>
      column.notNull().check(sql`per_month_limit_qty >= 0`),
    )
    .addUniqueConstraint('employee_sku_limits_uq', ['tenant_id', 'sku_id'])
    .execute();

  await db.schema
    .createTable('buyer_sessions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('buyer_kind', 'text', (column) =>
      column.notNull().check(oneOf('buyer_kind', ['OUTLET', 'EMPLOYEE'])),
    )
    .addColumn('customer_id', 'text', (column) => column.references('customers.id'))
    .addColumn('employee_buyer_id', 'text', (column) => column.references('employee_buyers.id'))
    .addColumn('mobile', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addCheckConstraint(
      'buyer_sessions_buyer_ck',
      sql`(buyer_kind = 'OUTLET' and customer_id is not null) or (buyer_kind = 'EMPLOYEE' and employee_buyer_id is not null)`,
    )
    .execute();

  // A buyer's cart: one row per SKU; the owner is the outlet (customer id) or the employee buyer's id.
  await db.schema
    .createTable('buyer_cart_items')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('owner_id', 'text', (column) => column.notNull())
    .addColumn('sku_id', 'text', (column) => column.notNull().references('skus.id'))
    .addColumn('cases', 'integer', (column) => column.notNull().check(sql`cases > 0`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('buyer_cart_items_uq', ['tenant_id', 'owner_id', 'sku_id'])
    .execute();

  await businessTable(db, 'employee_orders')
    .addColumn('order_no', 'text', (column) => column.notNull())
    .addColumn('employee_buyer_id', 'text', (column) => column.notNull().references('employee_buyers.id'))
    .addColumn('pickup_point_id', 'text', (column) => column.notNull().references('pickup_points.id'))
    .addColumn('payment_method', 'text', (column) =>
      column.notNull().check(oneOf('payment_method', codes(EMPLOYEE_PAYMENT_METHOD))),
    )
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('PENDING_PAYMENT')
        .check(oneOf('status', codes(EMPLOYEE_ORDER_STATUS))),
    )
    .addColumn('goods_amount', money, (column) => column.notNull())
    .addColumn('payable_amount', money, (column) => column.notNull())
    .addColumn('paid_amount', money, (column) => column.notNull().defaultTo(0))
    .addColumn('total_cases', 'integer', (column) => column.notNull())
    .addColumn('pickup_code', 'text', (column) => column.notNull())
    .addColumn('ordered_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('pay_deadline', 'timestamptz', (column) => column.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addColumn('payment_ref', 'text')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('cancel_reason', 'text')
    .addColumn('picked_up_at', 'timestamptz')
    .addColumn('picked_up_by', 'text')
    .addColumn('refund_reason', 'text')
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('buyer_remark', 'text')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addUniqueConstraint('employee_orders_no_uq', ['tenant_id', 'order_no'])
    .addUniqueConstraint('employee_orders_pickup_uq', ['tenant_id', 'pickup_code'])
    .execute();
  await db.schema
    .createIndex('employee_orders_buyer_idx')
    .on('employee_orders')
    .columns(['employee_buyer_id', 'ordered_at'])
    .execute();
  await db.schema
    .createIndex('employee_orders_unpaid_idx')
    .on('employee_orders')
    .columns(['status', 'pay_deadline'])
    .execute();

  await db.schema
    .createTable('employee_order_lines')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('order_id', 'text', (column) => column.notNull().references('employee_orders.id'))
    .addColumn('line_no', 'integer', (column) => column.notNull())
    .addColumn('sku_id', 'text', (column) => column.notNull().references('skus.id'))
    .addColumn('sku_snapshot', 'jsonb', (column) => column.notNull())
    .addColumn('cases', 'integer', (column) => column.notNull().check(sql`cases > 0`))
    .addColumn('price_list_id', 'text', (column) => column.references('price_lists.id'))
    .addColumn('case_price', money, (column) => column.notNull())
    .addColumn('amount', money, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('employee_order_lines_order_idx')
    .on('employee_order_lines')
    .column('order_id')
    .execute();

  await addDefaultMenus(db as unknown as Kysely<DB>, MALL_MENUS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'employee_order_lines',
    'employee_orders',
    'buyer_cart_items',
    'buyer_sessions',
    'employee_sku_limits',
    'employee_buyers',
    'pickup_points',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
