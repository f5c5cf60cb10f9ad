// Subscription messages of order status (订阅消息, issue #22). When a mall order (OUTLET_MALL) or an employee
// order is paid, shipped (ready for pickup), completed (picked up), cancelled or refunded, its buyer gets a
// message from the mini-program they signed in with, if
//   - the tenant set a template for that event on the mini-program's /wxconfig account,
//   - an openid of that mini-program signed in as the buyer (wx_buyer_openids), and
//   - that user accepted the template (wx.requestSubscribeMessage, then /wxapi/subscribe): each acceptance lets
//     one message be sent, as WeChat counts it.
// The message is queued in the order's own transaction as a background job (an outbox row of `jobs`): it
// exists only if the order's change commits, and is sent after it by the job (messageJob.ts), retried there
// when WeChat fails — never holding up or failing the order.
import type { Kysely } from 'kysely';
import { EMPLOYEE_ORDER_STATUS, type EmployeeOrderCommand } from '../../../common/mall';
import { ORDER_STATUS, type OrderStatus } from '../../../common/orders';
import {
  MINI_MESSAGE_EVENT,
  parseMessageFields,
  type MiniMessageEvent,
  type MiniMessageValue,
  type MiniProgramKind,
} from '../../../common/wxplatform';
import type { DB } from '../../db/schema';
import { insertJob } from '../jobs/runner';

export const WX_MESSAGE_JOB = 'WX_SUBSCRIBE_MESSAGE';
/** Tries of one message: WeChat busy or out of reach for a while (the runner waits longer each time). */
export const WX_MESSAGE_ATTEMPTS = 5;
/** The mini-programs' order page the message opens (`?id=` the order's id). */
export const ORDER_PAGE = 'pages/order/detail';

/** What the job sends. */
export interface MessagePayload {
  kind: MiniProgramKind;
  appId: string;
  openid: string;
  templateId: string;
  page: string;
  data: Record<string, { value: string }>;
  orderId: string;
  event: MiniMessageEvent;
}

type Facts = Record<MiniMessageValue, string>;

/** WeChat's limits by keyword type (thing ≤ 20 characters, phrase ≤ 5 …); amounts end in 元. */
function fitted(keyword: string, value: string): string {
  const type = keyword.replace(/\d+$/, '');
  const limit: Record<string, number> = { thing: 20, phrase: 5, name: 10, character_string: 32, number: 32 };
  if (type === 'amount') return value.endsWith('元') ? value : `${value}元`;
  const most = limit[type] ?? 20;
  return value.length > most ? value.slice(0, most) : value;
}

/** Now, as the messages show time: Shanghai, to the minute. */
const shanghaiNow = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

interface Recipient {
  tenantId: string;
  kind: MiniProgramKind;
  /** The outlet (mall) or the employee buyer (employee shop). */
  buyerId: string;
  orderId: string;
  orderNo: string;
}

/** Queues the event's message to every openid of the buyer that accepted its template; how many. */
async function queueMessages(
  trx: Kysely<DB>,
  recipient: Recipient,
  event: MiniMessageEvent,
  facts: Omit<Facts, 'orderNo' | 'time'>,
): Promise<number> {
  const account = await trx
    .selectFrom('wx_accounts')
    .select(['message_templates', 'message_fields'])
    .where('tenant_id', '=', recipient.tenantId)
    .where('kind', '=', recipient.kind)
    .executeTakeFirst();
  const templateId = account?.message_templates[event];
  if (!templateId) return 0;
  const bindings = await trx
    .selectFrom('wx_buyer_openids')
    .select(['app_id', 'openid'])
    .where('tenant_id', '=', recipient.tenantId)
    .where('kind', '=', recipient.kind)
    .where(recipient.kind === 'MINI_MALL' ? 'customer_id' : 'employee_buyer_id', '=', recipient.buyerId)
    .execute();
  if (bindings.length === 0) return 0;
  const parsed = parseMessageFields(account.message_fields);
  const fields = 'fields' in parsed ? parsed.fields : [];
  const all: Facts = { ...facts, orderNo: recipient.orderNo, time: shanghaiNow() };
  const data = Object.fromEntries(
    fields.map(([keyword, value]) => [keyword, { value: fitted(keyword, all[value]) }]),
  );
  let queued = 0;
  for (const binding of bindings) {
    // One accepted message is one message: taken in this transaction, given back never (as WeChat's own count).
    const credit = await trx
      .updateTable('wx_message_subscriptions')
      .set((eb) => ({ credits: eb('credits', '-', 1), updated_at: new Date() }))
      .where('app_id', '=', binding.app_id)
      .where('openid', '=', binding.openid)
      .where('template_id', '=', templateId)
      .where('tenant_id', '=', recipient.tenantId)
      .where('credits', '>', 0)
      .returning('id')
      .executeTakeFirst();
    if (!credit) continue;
    const payload: MessagePayload = {
      kind: recipient.kind,
      appId: binding.app_id,
      openid: binding.openid,
      templateId,
      page: `${ORDER_PAGE}?id=${recipient.orderId}`,
      data,
      orderId: recipient.orderId,
      event,
    };
    await insertJob(trx, {
      kind: WX_MESSAGE_JOB,
      title: `订阅消息 ${MINI_MESSAGE_EVENT[event]} ${recipient.orderNo}`,
      tenantId: recipient.tenantId,
      userId: null,
      payload: { ...payload },
      maxAttempts: WX_MESSAGE_ATTEMPTS,
    });
    queued += 1;
  }
  return queued;
}

/** The message event of a mall order moving into a status (each shipment is news; SIGNED waits for 已完成). */
export const SALES_ORDER_EVENTS: Partial<Record<OrderStatus, MiniMessageEvent>> = {
  PARTIALLY_SHIPPED: 'SHIPPED',
  SHIPPED: 'SHIPPED',
  COMPLETED: 'COMPLETED',
  CANCELLED: 'CANCELLED',
  REJECTED: 'CANCELLED',
  INVALID: 'CANCELLED',
};

const SALES_REMARKS: Record<MiniMessageEvent, string> = {
  PAID: '订单已支付，我们将尽快安排发货',
  SHIPPED: '您的订单已发货，请注意查收',
  COMPLETED: '订单已完成，感谢您的订购',
  CANCELLED: '订单已关闭',
  REFUNDED: '退款已原路退回',
};

/**
 * A mall order's event, in its transaction; orders of other types (the back office's, dealers') have no
 * buyer in a mini-program. `amount`: a refund's amount (else the order's payable amount).
 */
export async function notifySalesOrder(
  trx: Kysely<DB>,
  order: { tenantId: string; orderId: string; orderType: string },
  event: MiniMessageEvent | undefined,
  amount?: string,
): Promise<number> {
  if (!event || order.orderType !== 'OUTLET_MALL') return 0;
  const row = await trx
    .selectFrom('sales_orders')
    .select(['order_no', 'buyer_id', 'status', 'payable_amount', 'reject_reason', 'invalid_reason'])
    .where('id', '=', order.orderId)
    .where('tenant_id', '=', order.tenantId)
    .executeTakeFirstOrThrow();
  const status = event === 'PAID' ? '已支付' : event === 'REFUNDED' ? '已退款' : ORDER_STATUS[row.status];
  return queueMessages(
    trx,
    {
      tenantId: order.tenantId,
      kind: 'MINI_MALL',
      buyerId: row.buyer_id,
      orderId: order.orderId,
      orderNo: row.order_no,
    },
    event,
    {
      status,
      amount: amount ?? row.payable_amount,
      remark:
        event === 'CANCELLED'
          ? (row.reject_reason ?? row.invalid_reason ?? SALES_REMARKS.CANCELLED)
          : SALES_REMARKS[event],
    },
  );
}

/** The message event of an employee order's command (a failed refund back to 已付款 is none). */
export const EMPLOYEE_ORDER_EVENTS: Partial<Record<EmployeeOrderCommand, MiniMessageEvent>> = {
  PAY: 'PAID',
  READY: 'SHIPPED',
  PICK_UP: 'COMPLETED',
  CANCEL: 'CANCELLED',
  EXPIRE: 'CANCELLED',
  REFUNDED: 'REFUNDED',
};

/** An employee order's event, in its transaction. */
export async function notifyEmployeeOrder(
  trx: Kysely<DB>,
  tenantId: string,
  orderId: string,
  event: MiniMessageEvent | undefined,
): Promise<number> {
  if (!event) return 0;
  const row = await trx
    .selectFrom('employee_orders as o')
    .innerJoin('pickup_points as p', 'p.id', 'o.pickup_point_id')
    .select([
      'o.order_no',
      'o.employee_buyer_id',
      'o.status',
      'o.payable_amount',
      'o.cancel_reason',
      'p.name',
    ])
    .where('o.id', '=', orderId)
    .where('o.tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  const remarks: Record<MiniMessageEvent, string> = {
    PAID: `请凭提货码到${row.name}提货`,
    SHIPPED: `已备货，请到${row.name}提货`,
    COMPLETED: '已提货，感谢您的惠顾',
    CANCELLED: row.cancel_reason ?? '订单已取消',
    REFUNDED: '退款已原路退回',
  };
  return queueMessages(
    trx,
    { tenantId, kind: 'MINI_EMPLOYEE', buyerId: row.employee_buyer_id, orderId, orderNo: row.order_no },
    event,
    { status: EMPLOYEE_ORDER_STATUS[row.status], amount: row.payable_amount, remark: remarks[event] },
  );
}
