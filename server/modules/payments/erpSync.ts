// Payments and refunds reach the ERP (issue #22 Money: "amounts are reconciled on the ERP side as receipts"). A
// sales order's payment — online (the WeChat Pay notify or query) or recorded by hand (登记收款) — is queued as a
// receipt (RECEIPT: Kingdee 收款单 AR_RECEIVEBILL, T+ ReceiveVoucher) in the transaction that records it; a refund
// of one, once it succeeded, as a refund (REFUND: Kingdee 收款退款单 AR_REFUNDBILL, T+ a negative receipt) in the
// transaction that settles it. Both go to the ERP the order goes to (the selling dealer's own, else the brand's);
// the 收款方式 becomes the ERP's 结算方式 through the SETTLE_TYPE code mappings. Employee orders' money (内购) and
// the refund of a second payment of an order (OVERPAID: it never was a payment of the order) stay out of the ERP.
// When a task settles, the order's log says so.
import { sql, type Transaction } from 'kysely';
import { PAYMENT_CHANNEL, type PaymentChannel } from '../../../common/orders';
import type { DB, ErpSyncDocument } from '../../db/schema';
import { enqueueSyncTask, onSyncTaskSettled, type SyncTaskSummary } from '../erpSync/tasks';
import { toCents } from '../orders/money';
import { writeOrderLog } from '../orders/state';

type Money = 'RECEIPT' | 'REFUND';

const DOCUMENT: Record<Money, string> = { RECEIPT: '收款单', REFUND: '退款单' };

const shanghaiDay = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;

/** A payment or a refund as its ERP document needs it. */
interface MoneyRow {
  id: string;
  no: string;
  orderId: string | null;
  amount: string;
  channel: PaymentChannel;
  /** Shanghai day of the payment or of the refund's success. */
  date: string;
  memo: string;
}

/**
 * Queues the document of a payment or refund of a sales order — its customer, 结算方式 and amount — to the ERP
 * the order goes to; nothing for one of no sales order.
 */
async function enqueue(
  trx: Transaction<DB>,
  tenantId: string,
  bizType: Money,
  money: MoneyRow,
): Promise<SyncTaskSummary | null> {
  if (!money.orderId) return null;
  const order = await trx
    .selectFrom('sales_orders as so')
    .innerJoin('customers as c', 'c.id', 'so.buyer_id')
    .select(['so.order_no', 'so.seller_type', 'so.seller_id', 'c.id', 'c.customer_code', 'c.name'])
    .where('so.tenant_id', '=', tenantId)
    .where('so.id', '=', money.orderId)
    .executeTakeFirstOrThrow();
  const document: ErpSyncDocument = {
    date: money.date,
    customer: { id: order.id, code: order.customer_code, name: order.name },
    settleType: { id: money.channel, code: money.channel, name: PAYMENT_CHANNEL[money.channel] },
    amount: toCents(money.amount) / 100,
    memo: money.memo,
    sourceBizNo: order.order_no,
    lines: [],
  };
  return enqueueSyncTask(trx, {
    tenantId,
    // A dealer's outlet order goes to the dealer's own ERP when it has one, and so does its money.
    dealerId: order.seller_type === 'DEALER' ? order.seller_id : null,
    bizType,
    bizId: money.id,
    bizNo: money.no,
    operation: 'SAVE',
    document,
  });
}

/**
 * Queues the receipt of a sales order's payment, in the transaction that recorded it (idempotent: the payment's
 * number is the task's key). Nothing for an employee order's payment or when the tenant has no ERP.
 */
export async function queuePaymentSync(
  trx: Transaction<DB>,
  tenantId: string,
  paymentId: string,
): Promise<SyncTaskSummary | null> {
  const { reference_no: reference, ...payment } = await trx
    .selectFrom('payments')
    .select(['id', 'payment_no as no', 'order_id as orderId', 'amount', 'channel', 'reference_no'])
    .select(shanghaiDay('paid_at').as('date'))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', paymentId)
    .executeTakeFirstOrThrow();
  const memo = `${PAYMENT_CHANNEL[payment.channel]}收款${reference ? ` ${reference}` : ''}`;
  return enqueue(trx, tenantId, 'RECEIPT', { ...payment, memo });
}

/**
 * Queues the ERP refund of a refund that succeeded, in the transaction that settled it. Nothing for an employee
 * order's refund, an overpayment's (no payment of the order), or when the tenant has no ERP.
 */
export async function queueRefundSync(
  trx: Transaction<DB>,
  tenantId: string,
  refundId: string,
): Promise<SyncTaskSummary | null> {
  const refund = await trx
    .selectFrom('refunds as r')
    // Of a payment: the money the refund gives back came in by its channel.
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .select(['r.id', 'r.refund_no as no', 'r.order_id as orderId', 'r.amount', 'p.channel', 'r.reason'])
    .select(shanghaiDay('r.success_time').as('date'))
    .where('r.tenant_id', '=', tenantId)
    .where('r.id', '=', refundId)
    .where('r.status', '=', 'SUCCESS')
    .executeTakeFirst();
  if (!refund) return null;
  return enqueue(trx, tenantId, 'REFUND', { ...refund, memo: `退款：${refund.reason}`.slice(0, 200) });
}

/** The order's log follows its receipts and refunds in the ERP, as it follows its own sync. */
async function onMoneyTaskSettled(trx: Transaction<DB>, task: SyncTaskSummary): Promise<void> {
  if (task.status !== 'SUCCESS' && task.status !== 'MANUAL_DONE' && task.status !== 'FAILED') return;
  const owner = await trx
    .selectFrom(task.bizType === 'RECEIPT' ? 'payments' : 'refunds')
    .select('order_id')
    .where('tenant_id', '=', task.tenantId)
    .where('id', '=', task.bizId)
    .executeTakeFirst();
  if (!owner?.order_id) return;
  const what = `${DOCUMENT[task.bizType as Money]} ${task.bizNo}`;
  await writeOrderLog(trx, task.tenantId, null, {
    orderId: owner.order_id,
    ...(task.status === 'FAILED'
      ? { action: 'SYNC_FAIL', comment: `${what} 同步失败：${task.lastErrorMessage ?? '未知错误'}` }
      : {
          action: 'SYNC_OK',
          comment: `${what} 已同步到ERP${task.erpBillNo ? `（ERP单号 ${task.erpBillNo}）` : ''}`,
        }),
  });
}

onSyncTaskSettled(['RECEIPT', 'REFUND'], onMoneyTaskSettled);
