// Online payments and refunds, and the WeChat configuration of a tenant (issue #22 Money and WeChat
// administration): WeChat Pay transactions with their settlement, the notifies received (idempotent on the
// notify id), refunds (online or recorded), recorded payments tied to the transaction they came from, and
// per-tenant WeChat accounts with their secrets encrypted.
import { sql, type Kysely } from 'kysely';
import {
  PAY_BIZ_TYPE,
  PAY_TRANSACTION_STATUS,
  PAYMENT_SOURCE,
  REFUND_CAUSE,
  REFUND_ROUTE,
  REFUND_STATUS,
  TRADE_TYPE,
  WX_ACCOUNT_KIND,
  WX_MODE,
} from '../../../common/payments';
import { defaultMenuRowsOf } from '../../modules/auth/tenantOrganisation';
import type { DB } from '../schema';
import { businessTable, oneOf } from './columns';
import { addTenantPermission } from './tenantMenus';

export const PAYMENT_MENU = '/payment';

const codes = (labels: Record<string, string>) => Object.keys(labels);
const money = 'numeric(14, 2)' as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await businessTable(db, 'pay_transactions')
    .addColumn('pay_no', 'text', (column) => column.notNull())
    .addColumn('biz_type', 'text', (column) => column.notNull().check(oneOf('biz_type', codes(PAY_BIZ_TYPE))))
    .addColumn('biz_id', 'text', (column) => column.notNull())
    .addColumn('biz_no', 'text', (column) => column.notNull())
    .addColumn('order_id', 'text', (column) => column.references('sales_orders.id'))
    .addColumn('amount', money, (column) => column.notNull().check(sql`amount > 0`))
    .addColumn('refunded_amount', money, (column) => column.notNull().defaultTo(0))
    .addColumn('description', 'text', (column) => column.notNull())
    .addColumn('trade_type', 'text', (column) =>
      column.notNull().check(oneOf('trade_type', codes(TRADE_TYPE))),
    )
    .addColumn('app_id', 'text', (column) => column.notNull())
    .addColumn('mch_id', 'text', (column) => column.notNull())
    .addColumn('payer_openid', 'text')
    .addColumn('prepay_id', 'text')
    .addColumn('h5_url', 'text')
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('NOTPAY')
        .check(oneOf('status', codes(PAY_TRANSACTION_STATUS))),
    )
    .addColumn('transaction_id', 'text')
    .addColumn('bank_type', 'text')
    .addColumn('success_time', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('simulated', 'boolean', (column) => column.notNull().defaultTo(false))
    .addUniqueConstraint('pay_transactions_no_uq', ['tenant_id', 'pay_no'])
    .addCheckConstraint(
      'pay_transactions_refund_check',
      sql`refunded_amount >= 0 and refunded_amount <= amount`,
    )
    .execute();
  await db.schema
    .createIndex('pay_transactions_biz_idx')
    .on('pay_transactions')
    .columns(['tenant_id', 'biz_type', 'biz_id'])
    .execute();
  // At most one transaction of a business document is paid.
  await db.schema
    .createIndex('pay_transactions_paid_uq')
    .unique()
    .on('pay_transactions')
    .columns(['tenant_id', 'biz_type', 'biz_id'])
    .where(sql.ref('status'), '=', 'SUCCESS')
    .execute();

  // Every notify the platform delivered, once: a second delivery of the same id is acknowledged unread.
  await db.schema
    .createTable('pay_notify_events')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('notify_id', 'text', (column) => column.notNull())
    .addColumn('event_type', 'text', (column) => column.notNull())
    .addColumn('out_no', 'text', (column) => column.notNull())
    .addColumn('outcome', 'text', (column) => column.notNull())
    .addColumn('received_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('pay_notify_events_uq', ['tenant_id', 'notify_id'])
    .execute();

  await db.schema
    .alterTable('payments')
    .addColumn('source', 'text', (column) =>
      column
        .notNull()
        .defaultTo('MANUAL')
        .check(oneOf('source', codes(PAYMENT_SOURCE))),
    )
    .execute();
  await db.schema
    .alterTable('payments')
    .addColumn('pay_transaction_id', 'text', (column) => column.references('pay_transactions.id'))
    .execute();
  await db.schema
    .alterTable('payments')
    .addColumn('refunded_amount', money, (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('payments')
    .addCheckConstraint('payments_refunded_check', sql`refunded_amount >= 0 and refunded_amount <= amount`)
    .execute();

  await businessTable(db, 'refunds')
    .addColumn('refund_no', 'text', (column) => column.notNull())
    .addColumn('biz_type', 'text', (column) => column.notNull().check(oneOf('biz_type', codes(PAY_BIZ_TYPE))))
    .addColumn('biz_id', 'text', (column) => column.notNull())
    .addColumn('biz_no', 'text', (column) => column.notNull())
    .addColumn('order_id', 'text', (column) => column.references('sales_orders.id'))
    .addColumn('payment_id', 'text', (column) => column.references('payments.id'))
    .addColumn('pay_transaction_id', 'text', (column) => column.references('pay_transactions.id'))
    .addColumn('return_order_id', 'text', (column) => column.references('return_orders.id'))
    .addColumn('amount', money, (column) => column.notNull().check(sql`amount > 0`))
    .addColumn('method', 'text', (column) => column.notNull().check(oneOf('method', codes(REFUND_ROUTE))))
    .addColumn('cause', 'text', (column) => column.notNull().check(oneOf('cause', codes(REFUND_CAUSE))))
    .addColumn('channel', 'text')
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('PENDING')
        .check(oneOf('status', codes(REFUND_STATUS))),
    )
    .addColumn('wx_refund_id', 'text')
    .addColumn('reference_no', 'text')
    .addColumn('last_error', 'text')
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('success_time', 'timestamptz')
    .addUniqueConstraint('refunds_no_uq', ['tenant_id', 'refund_no'])
    .execute();
  await db.schema
    .createIndex('refunds_biz_idx')
    .on('refunds')
    .columns(['tenant_id', 'biz_type', 'biz_id'])
    .execute();

  // The WeChat accounts of a tenant; *_enc columns hold AES-256-GCM ciphertext (server/modules/payments/secrets.ts).
  await businessTable(db, 'wx_accounts')
    .addColumn('kind', 'text', (column) => column.notNull().check(oneOf('kind', codes(WX_ACCOUNT_KIND))))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('mode', 'text', (column) =>
      column
        .notNull()
        .defaultTo('SIMULATOR')
        .check(oneOf('mode', codes(WX_MODE))),
    )
    .addColumn('app_id', 'text')
    .addColumn('app_secret_enc', 'text')
    .addColumn('mch_id', 'text')
    .addColumn('serial_no', 'text')
    .addColumn('api_v3_key_enc', 'text')
    .addColumn('private_key_enc', 'text')
    .addColumn('platform_serial', 'text')
    .addColumn('platform_cert', 'text')
    .addColumn('remark', 'text')
    .addUniqueConstraint('wx_accounts_kind_uq', ['tenant_id', 'kind'])
    .execute();

  // The 支付管理 menu for tenants seeded before it.
  const typed = db as unknown as Kysely<DB>;
  const tenants = await typed.selectFrom('tenants').select('tenant_id').execute();
  for (const { tenant_id: tenantId } of tenants) {
    const all = defaultMenuRowsOf(tenantId);
    const menus = new Set(all.filter((row) => (row.url ?? '').startsWith(PAYMENT_MENU)).map((row) => row.id));
    for (const row of all.filter((each) => menus.has(each.id) || menus.has(each.parent_id ?? ''))) {
      await addTenantPermission(typed, tenantId, row);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wx_accounts').execute();
  await db.schema.dropTable('refunds').execute();
  for (const column of ['refunded_amount', 'pay_transaction_id', 'source'])
    await db.schema.alterTable('payments').dropColumn(column).execute();
  await db.schema.dropTable('pay_notify_events').execute();
  await db.schema.dropTable('pay_transactions').execute();
}
