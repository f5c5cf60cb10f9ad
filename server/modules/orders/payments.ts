// Payments of an order (/payment): recorded one by one; the order's paid amount and payment status follow in
// the same statement, which refuses to pay more than is owed even when two cashiers record at once; the
// payment's receipt is queued for the ERP in the same transaction.
import { sql, type Kysely } from 'kysely';
import { PAYMENT_CHANNEL, PAYMENT_STATUS, type PaymentAddInput } from '../../../common/orders';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { BusinessError, InvalidRequestError } from '../../http/envelope';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { dataScopeOf } from '../shared/dataScope';
import { nextDocumentNo } from '../shared/documentNumbers';
import { queuePaymentSync } from '../payments/erpSync';
import { notifySalesOrder } from '../wxplatform/messages';
import { completeIfSettled } from './lifecycle';
import { centsText, ORDER_DUE, toCents, yuan } from './money';
import { paymentRecords } from './queries';
import { orderInScope, requireAction, writeOrderLog } from './state';

export async function listPayments(db: Kysely<DB>, actor: Caller, orderId: string) {
  const scope = await dataScopeOf(db, actor.tenantId, actor.userId);
  await orderInScope(db, actor.tenantId, scope, orderId);
  return paymentRecords(db, actor.tenantId, orderId);
}

export async function addPayment(db: Kysely<DB>, actor: Actor, input: PaymentAddInput) {
  const cents = toCents(input.amount);
  if (cents <= 0 || Math.abs(input.amount * 100 - cents) > 1e-6) {
    throw new InvalidRequestError('收款金额必须大于 0，最多两位小数');
  }
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const order = await orderInScope(trx, actor.tenantId, scope, input.orderId);
    requireAction('pay', order.status, '登记收款');
    const amount = centsText(cents);
    const paid = await trx
      .updateTable('sales_orders')
      .set({
        paid_amount: sql`paid_amount + ${amount}::numeric`,
        payment_status: sql`case when paid_amount + ${amount}::numeric >= ${ORDER_DUE} then 'PAID' else 'PARTIAL' end`,
        updated_at: new Date(),
        updated_by: actor.userId,
      })
      .where('id', '=', order.id)
      .where(sql<boolean>`paid_amount + ${amount}::numeric <= ${ORDER_DUE}`)
      .returning(['paid_amount', 'payable_amount', 'payment_status'])
      .executeTakeFirst();
    if (!paid) {
      const owed = await trx
        .selectFrom('sales_orders')
        .select(sql<string>`greatest(${ORDER_DUE} - paid_amount, 0)::text`.as('owed'))
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      throw new BusinessError(409, `收款金额 ${yuan(cents)} 超过未付金额 ${yuan(toCents(owed.owed))}`);
    }
    const paymentNo = await nextDocumentNo(trx, actor.tenantId, 'SK');
    const paymentId = newId();
    await trx
      .insertInto('payments')
      .values({
        id: paymentId,
        tenant_id: actor.tenantId,
        payment_no: paymentNo,
        order_id: order.id,
        amount,
        channel: input.channel,
        paid_at: input.paidAt
          ? sql<Date>`${input.paidAt}::timestamp at time zone 'Asia/Shanghai'`
          : new Date(),
        reference_no: input.referenceNo ?? null,
        remark: input.remark ?? null,
        created_by: actor.userId,
      })
      .execute();
    // The receipt goes to the ERP the order goes to (issue #22 Money).
    await queuePaymentSync(trx, actor.tenantId, paymentId);
    await writeOrderLog(trx, actor.tenantId, actor, {
      orderId: order.id,
      action: 'PAYMENT',
      comment: `收款 ${paymentNo}：${PAYMENT_CHANNEL[input.channel]} ${yuan(cents)}，${PAYMENT_STATUS[paid.payment_status]}`,
    });
    await logOperation(trx, actor, 'add', `订单收款 ${order.order_no}：${paymentNo} ${amount}`);
    if (paid.payment_status === 'PAID')
      await notifySalesOrder(
        trx,
        { tenantId: actor.tenantId, orderId: order.id, orderType: order.order_type },
        'PAID',
      );
    const completed = await completeIfSettled(trx, actor.tenantId, order.id);
    return {
      paymentNo,
      paidAmount: paid.paid_amount,
      paymentStatus: paid.payment_status,
      status: completed ? 'COMPLETED' : order.status,
    };
  });
}
