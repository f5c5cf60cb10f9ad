// 工资代扣 (payroll deduction) leaves a payment record (issue #22 Money): an employee order paid by payroll has a
// `payments` row (channel PAYROLL) from its placing on, and its refund a recorded refund against it, so 收款记录
// and 退款记录 account for every employee order's money, not only what came through WeChat Pay. A payment now
// belongs to a sales order or to an employee order — exactly one of them. The payroll employee orders placed
// before get their payment (and, refunded ones, their refund) here.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { nextDocumentNo } from '../../modules/shared/documentNumbers';
import { newId } from '../ids';
import type { DB } from '../schema';
import { oneOf } from './columns';

const CHANNELS_BEFORE = ['CASH', 'BANK_TRANSFER', 'WECHAT', 'ALIPAY', 'PREPAID', 'OTHER'];

async function channelsAllowed(db: Kysely<unknown>, channels: string[]) {
  await sql`alter table payments drop constraint payments_channel_check`.execute(db);
  await sql`alter table payments add constraint payments_channel_check check (${oneOf('channel', channels)})`.execute(
    db,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .alterColumn('order_id', (column) => column.dropNotNull())
    .execute();
  await db.schema
    .alterTable('payments')
    .addColumn('employee_order_id', 'text', (column) => column.references('employee_orders.id'))
    .execute();
  await db.schema
    .alterTable('payments')
    .addCheckConstraint('payments_document_check', sql`(order_id is null) <> (employee_order_id is null)`)
    .execute();
  await channelsAllowed(db, [...CHANNELS_BEFORE, 'PAYROLL']);
  // An employee order is paid by payroll once.
  await db.schema
    .createIndex('payments_payroll_uq')
    .unique()
    .on('payments')
    .column('employee_order_id')
    .where(sql.ref('channel'), '=', 'PAYROLL')
    .execute();
  await db.schema
    .createIndex('payments_employee_order_idx')
    .on('payments')
    .column('employee_order_id')
    .execute();
  await backfillPayrollPayments(db as unknown as Kysely<DB>);
}

/**
 * The payment of every payroll employee order that has none (placed before 0050): its payable amount when it
 * was paid (at placing); a refunded one's refund recorded against it (OFFLINE, SUCCESS, when the order was
 * refunded). Running it again adds nothing.
 */
export async function backfillPayrollPayments(db: Kysely<DB>): Promise<number> {
  const orders = await db
    .selectFrom('employee_orders as o')
    .leftJoin('payments as p', (join) =>
      join.onRef('p.employee_order_id', '=', 'o.id').on('p.channel', '=', 'PAYROLL'),
    )
    .select([
      'o.id',
      'o.tenant_id',
      'o.order_no',
      'o.status',
      'o.payable_amount',
      'o.paid_at',
      'o.ordered_at',
      'o.refund_reason',
      'o.refunded_at',
    ])
    .where('o.payment_method', '=', 'PAYROLL')
    .where('o.payable_amount', '>', '0')
    .where('o.status', 'not in', ['PENDING_PAYMENT', 'CANCELLED'])
    .where('p.id', 'is', null)
    .orderBy('o.ordered_at')
    .execute();
  for (const order of orders) {
    const paymentId = newId();
    const paymentNo = await nextDocumentNo(db, order.tenant_id, 'SK');
    const refunded = order.status === 'REFUNDED';
    const paidAt = order.paid_at ?? order.ordered_at;
    await db
      .insertInto('payments')
      .values({
        id: paymentId,
        tenant_id: order.tenant_id,
        payment_no: paymentNo,
        employee_order_id: order.id,
        amount: order.payable_amount,
        channel: 'PAYROLL',
        paid_at: paidAt,
        remark: `工资代扣 ${order.order_no}`,
        source: 'MANUAL',
        refunded_amount: refunded ? order.payable_amount : '0',
      })
      .execute();
    await db
      .updateTable('employee_orders')
      .set({ payment_ref: sql`coalesce(payment_ref, ${paymentNo})` })
      .where('id', '=', order.id)
      .execute();
    if (!refunded) continue;
    const refundedAt = order.refunded_at ?? paidAt;
    const refundNo = `${await nextDocumentNo(db, order.tenant_id, 'TK')}${randomBytes(2).toString('hex').toUpperCase()}`;
    await db
      .insertInto('refunds')
      .values({
        id: newId(),
        tenant_id: order.tenant_id,
        refund_no: refundNo,
        biz_type: 'EMPLOYEE_ORDER',
        biz_id: order.id,
        biz_no: order.order_no,
        payment_id: paymentId,
        amount: order.payable_amount,
        method: 'OFFLINE',
        cause: 'MANUAL',
        channel: 'PAYROLL',
        reason: order.refund_reason ?? '内购订单退款',
        status: 'SUCCESS',
        success_time: refundedAt,
      })
      .execute();
  }
  return orders.length;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // An employee order's payments and their refunds have no place before 0050.
  await sql`delete from refunds where payment_id in (select id from payments where employee_order_id is not null)`.execute(
    db,
  );
  await sql`delete from payments where employee_order_id is not null`.execute(db);
  await db.schema.dropIndex('payments_employee_order_idx').execute();
  await db.schema.dropIndex('payments_payroll_uq').execute();
  await channelsAllowed(db, CHANNELS_BEFORE);
  await db.schema.alterTable('payments').dropConstraint('payments_document_check').execute();
  await db.schema.alterTable('payments').dropColumn('employee_order_id').execute();
  await db.schema
    .alterTable('payments')
    .alterColumn('order_id', (column) => column.setNotNull())
    .execute();
}
