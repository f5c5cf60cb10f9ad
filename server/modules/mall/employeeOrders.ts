// Employee orders (DOMAIN §1.16 员工内购): an employee buys at the employee price list's prices, within his
// monthly quota (amount and cases) and each SKU's monthly limit, picks the goods up at a pickup point with a
// pickup code. States and transitions: common/mall.ts, enforced by a conditional UPDATE (status and version
// as read: of two acting at once, one wins, the other gets 409). Quota and limits hold under concurrent
// orders: placing locks the employee's row (SELECT … FOR UPDATE) before it counts the month, so two orders of
// one employee are counted one after the other. Unpaid orders are cancelled 30 minutes after placing (the
// EMPLOYEE_ORDER_EXPIRY job). ONLINE orders are paid through the payments service (WeChat Pay H5 in the
// mall): the order becomes PAID when its payment settles, and its refund goes back by the original route.
import { randomInt } from 'node:crypto';
import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import {
  EMPLOYEE_ORDER_PAY_MINUTES,
  EMPLOYEE_ORDER_STATUS,
  EMPLOYEE_PAYMENT_METHOD,
  EMPLOYEE_PICKUP_STATUSES,
  QUOTA_COUNTING_STATUSES,
  employeeTransition,
  type EmployeeOrderCommand,
  type EmployeeOrderStatus,
  type EmployeePaymentMethod,
} from '../../../common/mall';
import { REFUND_STATUS } from '../../../common/payments';
import type { DB, EmployeeOrdersTable } from '../../db/schema';
import { newId } from '../../db/ids';
import { shanghaiDateTime } from '../../db/dates';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import { codesOf } from '../../../common/businessEnums';
import { nextDocumentNo } from '../shared/documentNumbers';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { centsText, toCents, yuan } from '../orders/money';
import {
  closePayment,
  createPayment,
  onPaymentSettled,
  queryOpenPayment,
  queueRefund,
  recordPayrollPayment,
  type PayRuntime,
  type SettledEvent,
} from '../payments/service';
import { skuSnapshotOf } from '../orders/placement';
import { EMPLOYEE_ORDER_EVENTS, notifyEmployeeOrder } from '../wxplatform/messages';
import { within, type BuyerSession } from './buyerAccounts';
import { casePricesOf, employeeMonthUse, monthStart } from './catalogue';
import { cartOf, clearCart, type CartLineInput } from './outletOrders';

export const EMPLOYEE_ORDER_CHANGED = '内购订单状态已变更，请刷新后重试';

export interface EmployeeOrderInput {
  pickupPointId: string;
  paymentMethod: EmployeePaymentMethod;
  lines?: CartLineInput[];
  buyerRemark?: string | null;
}

/** What an employee has used of his quota this month: amount (cents) and cases of the orders that count. */
export async function quotaUsed(db: Kysely<DB>, tenantId: string, employeeId: string) {
  const row = await db
    .selectFrom('employee_orders')
    .select([
      sql<string>`coalesce(sum(payable_amount), 0)::text`.as('amount'),
      sql<number>`coalesce(sum(total_cases), 0)::integer`.as('cases'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('employee_buyer_id', '=', employeeId)
    .where('status', 'in', QUOTA_COUNTING_STATUSES)
    .where('ordered_at', '>=', monthStart)
    .executeTakeFirstOrThrow();
  return { amountCents: toCents(row.amount), cases: Number(row.cases) };
}

/** The employee's quota and what is left of it this month. */
export async function quotaOf(db: Kysely<DB>, buyer: BuyerSession) {
  const employee = await db
    .selectFrom('employee_buyers')
    .select(['employee_no', 'name', 'company_name', 'monthly_quota_amount', 'monthly_quota_cases'])
    .where('id', '=', buyer.buyerId)
    .executeTakeFirstOrThrow();
  const used = await quotaUsed(db, buyer.tenantId, buyer.buyerId);
  const quota = toCents(employee.monthly_quota_amount);
  return {
    employeeNo: employee.employee_no,
    name: employee.name,
    companyName: employee.company_name,
    quotaAmount: centsText(quota),
    usedAmount: centsText(used.amountCents),
    leftAmount: centsText(Math.max(0, quota - used.amountCents)),
    quotaCases: employee.monthly_quota_cases,
    usedCases: used.cases,
    leftCases:
      employee.monthly_quota_cases === null ? null : Math.max(0, employee.monthly_quota_cases - used.cases),
  };
}

export async function activePickupPoints(db: Kysely<DB>, tenantId: string) {
  return db
    .selectFrom('pickup_points')
    .select(['id', 'name', 'address', 'open_hours as openHours', 'contact'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'ACTIVE')
    .orderBy('name')
    .execute();
}

/** A pickup code nobody of the tenant holds: 8 digits, retried on the rare clash. */
async function newPickupCode(trx: Transaction<DB>, tenantId: string): Promise<string> {
  for (;;) {
    const code = String(randomInt(10 ** 8)).padStart(8, '0');
    const taken = await trx
      .selectFrom('employee_orders')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('pickup_code', '=', code)
      .executeTakeFirst();
    if (!taken) return code;
  }
}

/**
 * Places an employee order (the cart unless lines are given): each line at the employee price, within the
 * SKU's monthly limit and the month's quota left, both counted under the employee's row lock. ONLINE orders
 * wait for payment (30 minutes); PAYROLL (工资代扣) orders are paid at once.
 */
export async function placeEmployeeOrder(db: Kysely<DB>, buyer: BuyerSession, input: EmployeeOrderInput) {
  const lines = input.lines ?? (await cartOf(db, buyer)).map(({ skuId, cases }) => ({ skuId, cases }));
  if (lines.length === 0) throw new BusinessError(400, '购物车是空的，请先选购商品');
  if (new Set(lines.map((line) => line.skuId)).size !== lines.length)
    throw new BusinessError(400, '商品重复，请合并数量');
  return within(db, async (trx) => {
    const employee = await trx
      .selectFrom('employee_buyers')
      .selectAll()
      .where('id', '=', buyer.buyerId)
      .where('tenant_id', '=', buyer.tenantId)
      .forUpdate()
      .executeTakeFirst();
    if (!employee || employee.status !== 'ACTIVE')
      throw new BusinessError(409, '您的内购资格已暂停，不能下单');
    const point = await trx
      .selectFrom('pickup_points')
      .select(['id', 'name'])
      .where('id', '=', input.pickupPointId)
      .where('tenant_id', '=', buyer.tenantId)
      .where('status', '=', 'ACTIVE')
      .executeTakeFirst();
    if (!point) throw new BusinessError(400, '请选择有效的自提点');
    const skus = await trx
      .selectFrom('skus')
      .selectAll()
      .where('tenant_id', '=', buyer.tenantId)
      .where(
        'id',
        'in',
        lines.map((line) => line.skuId),
      )
      .where('status', '=', 'ON_SALE')
      .where('employee_mall_visible', '=', true)
      .execute();
    const prices = await casePricesOf(trx, buyer, skus);
    const use = await employeeMonthUse(trx, buyer.tenantId, buyer.buyerId);
    const priced = lines.map((line, index) => {
      const sku = skus.find((each) => each.id === line.skuId);
      if (!sku) throw new BusinessError(404, `第 ${index + 1} 行：商品不存在或不在内购商城销售`);
      const price = prices.get(sku.id);
      if (!price) throw new BusinessError(409, `${sku.name} 没有员工价，暂不能购买`);
      const limit = use.limits.get(sku.id);
      const used = use.used.get(sku.id) ?? 0;
      if (limit !== undefined && used + line.cases > limit) {
        throw new BusinessError(
          409,
          `${sku.name} 每月限购 ${limit} ${sku.sale_unit}，本月已购 ${used} ${sku.sale_unit}，还可购 ${Math.max(0, limit - used)} ${sku.sale_unit}`,
        );
      }
      const amount = toCents(price.casePrice) * line.cases;
      return { sku, line, price, amount };
    });
    const total = priced.reduce((sum, each) => sum + each.amount, 0);
    const cases = priced.reduce((sum, each) => sum + each.line.cases, 0);
    const used = await quotaUsed(trx, buyer.tenantId, buyer.buyerId);
    const quota = toCents(employee.monthly_quota_amount);
    if (used.amountCents + total > quota) {
      throw new BusinessError(
        409,
        `超出本月内购额度：额度 ${yuan(quota)}，已用 ${yuan(used.amountCents)}，本单 ${yuan(total)}`,
      );
    }
    if (employee.monthly_quota_cases !== null && used.cases + cases > employee.monthly_quota_cases) {
      throw new BusinessError(
        409,
        `超出本月内购箱数：每月 ${employee.monthly_quota_cases} 箱，已购 ${used.cases} 箱，本单 ${cases} 箱`,
      );
    }
    const id = newId();
    const orderNo = await nextDocumentNo(trx, buyer.tenantId, 'EO');
    const payroll = input.paymentMethod === 'PAYROLL';
    const placedAt = new Date();
    await trx
      .insertInto('employee_orders')
      .values({
        id,
        tenant_id: buyer.tenantId,
        order_no: orderNo,
        employee_buyer_id: employee.id,
        pickup_point_id: point.id,
        payment_method: input.paymentMethod,
        status: payroll ? 'PAID' : 'PENDING_PAYMENT',
        goods_amount: centsText(total),
        payable_amount: centsText(total),
        paid_amount: payroll ? centsText(total) : '0',
        paid_at: payroll ? placedAt : null,
        total_cases: cases,
        pickup_code: await newPickupCode(trx, buyer.tenantId),
        pay_deadline: sql<Date>`now() + make_interval(mins => ${EMPLOYEE_ORDER_PAY_MINUTES})`,
        buyer_remark: input.buyerRemark ?? null,
      })
      .execute();
    await trx
      .insertInto('employee_order_lines')
      .values(
        priced.map(({ sku, line, price, amount }, index) => ({
          id: newId(),
          tenant_id: buyer.tenantId,
          order_id: id,
          line_no: index + 1,
          sku_id: sku.id,
          sku_snapshot: JSON.stringify(skuSnapshotOf(sku)),
          cases: line.cases,
          price_list_id: price.priceListId,
          case_price: price.casePrice,
          amount: centsText(amount),
        })),
      )
      .execute();
    if (payroll) {
      const paymentNo = await recordPayrollPayment(trx, {
        tenantId: buyer.tenantId,
        employeeOrderId: id,
        orderNo,
        amount: centsText(total),
        paidAt: placedAt,
      });
      await trx.updateTable('employee_orders').set({ payment_ref: paymentNo }).where('id', '=', id).execute();
      await notifyEmployeeOrder(trx, buyer.tenantId, id, 'PAID');
    }
    await clearCart(
      trx,
      buyer,
      lines.map((line) => line.skuId),
    );
    return { id, orderNo, payableAmount: centsText(total), status: payroll ? 'PAID' : 'PENDING_PAYMENT' };
  });
}

/** The transition of `command` from `status`; 409 naming the status when there is none. */
function transitionOf(command: EmployeeOrderCommand, status: EmployeeOrderStatus) {
  const transition = employeeTransition(command, status);
  if (!transition) {
    throw new BusinessError(
      409,
      `订单当前状态为「${EMPLOYEE_ORDER_STATUS[status]}」，不能${commandLabel(command)}`,
    );
  }
  return transition;
}

/**
 * Applies a transition if the order is still as read (409 to the loser); the employee gets its subscription
 * message, queued in the transaction (wxplatform/messages.ts).
 */
async function moveEmployeeOrder(
  trx: Kysely<DB>,
  order: { id: string; status: EmployeeOrderStatus; version: number },
  command: EmployeeOrderCommand,
  set: Updateable<EmployeeOrdersTable> = {},
) {
  const transition = transitionOf(command, order.status);
  const changed = await trx
    .updateTable('employee_orders')
    .set({ ...set, status: transition.to, version: sql`version + 1`, updated_at: new Date() })
    .where('id', '=', order.id)
    .where('status', '=', order.status)
    .where('version', '=', order.version)
    .returning(['id', 'tenant_id'])
    .executeTakeFirst();
  if (!changed) throw new BusinessError(409, EMPLOYEE_ORDER_CHANGED);
  await notifyEmployeeOrder(trx, changed.tenant_id, changed.id, EMPLOYEE_ORDER_EVENTS[command]);
  return transition;
}

const COMMAND_LABELS: Record<EmployeeOrderCommand, string> = {
  PAY: '付款',
  CANCEL: '取消',
  EXPIRE: '超时取消',
  READY: '备货完成',
  PICK_UP: '自提核销',
  COMPLETE: '完成',
  REFUND: '退款',
  REFUNDED: '退款完成',
  REFUND_FAILED: '退款失败',
};
const commandLabel = (command: EmployeeOrderCommand) => COMMAND_LABELS[command];

async function employeeOrderRow(db: Kysely<DB>, tenantId: string, id: string, employeeId?: string) {
  const order = await db
    .selectFrom('employee_orders')
    .selectAll()
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .$if(employeeId !== undefined, (query) => query.where('employee_buyer_id', '=', employeeId!))
    .executeTakeFirst();
  if (!order) throw new BusinessError(404, '内购订单不存在');
  return order;
}

/**
 * 去支付 of the employee's own ONLINE order within its 30 minutes: a WeChat Pay H5 prepay of its payable amount
 * that expires with the order's deadline (the platform takes no payment after it); asked again while it is
 * open, the same one. The order becomes PAID when the payment settles (settleEmployeePayment).
 */
export async function payEmployeeOrder(
  db: Kysely<DB>,
  runtime: PayRuntime,
  buyer: BuyerSession,
  id: string,
  clientIp: string,
) {
  const order = await employeeOrderRow(db, buyer.tenantId, id, buyer.buyerId);
  if (order.payment_method !== 'ONLINE') throw new BusinessError(409, '工资代扣的订单无需在线支付');
  transitionOf('PAY', order.status);
  const left = order.pay_deadline.getTime() - Date.now();
  if (left <= 0) throw new BusinessError(409, '订单已超过 30 分钟支付时限，请重新下单');
  return createPayment(db, runtime, {
    tenantId: buyer.tenantId,
    bizType: 'EMPLOYEE_ORDER',
    bizId: order.id,
    bizNo: order.order_no,
    amount: order.payable_amount,
    description: `内购订单 ${order.order_no}`,
    tradeType: 'H5',
    clientIp,
    app: 'MINI_EMPLOYEE',
    expiresInMinutes: left / 60_000,
  });
}

/**
 * What the mall polls after 去支付: the order's status. While it waits for its payment, its open transaction
 * is asked at WeChat Pay — every few seconds at most (queryOpenPayment), not at every poll — so a late or lost
 * notify does not keep the employee waiting.
 */
export async function employeePayStatus(
  db: Kysely<DB>,
  runtime: PayRuntime,
  buyer: BuyerSession,
  id: string,
) {
  let order = await employeeOrderRow(db, buyer.tenantId, id, buyer.buyerId);
  if (
    order.status === 'PENDING_PAYMENT' &&
    (await queryOpenPayment(db, runtime, {
      tenantId: buyer.tenantId,
      bizType: 'EMPLOYEE_ORDER',
      bizId: order.id,
    }))
  )
    order = await employeeOrderRow(db, buyer.tenantId, id, buyer.buyerId);
  return {
    id: order.id,
    orderNo: order.order_no,
    status: order.status,
    status_dictText: EMPLOYEE_ORDER_STATUS[order.status],
  };
}

/**
 * An employee order's payment or refund, settled by the payments service in its transaction. Paid while
 * 待付款: PAID (the transaction expired with the order's deadline, so the platform took it in time). Paid
 * after the order was cancelled (by the employee, or by the expiry job while the notify was on its way): the
 * order stays cancelled and the money goes back by the original route — refusing it would only make the
 * platform retry. The back office's refund (cause MANUAL) of a REFUNDING order: REFUNDED once none of its
 * refunds is on its way any more (one WeChat Pay reports ABNORMAL is still on its way: 异常退款处理 in /payment
 * sends it elsewhere); one WeChat Pay closed puts the order back to PAID (its amount is refundable again, the
 * refund stays 退款关闭), to be refunded again. The refund of a
 * duplicate payment or of a cancelled order's changes no order.
 */
async function settleEmployeePayment(trx: Transaction<DB>, event: SettledEvent) {
  const order = await trx
    .selectFrom('employee_orders')
    .selectAll()
    .where('tenant_id', '=', event.tenantId)
    .where('id', '=', event.bizId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (event.kind !== 'PAID') {
    if (order.status !== 'REFUNDING' || event.cause !== 'MANUAL') return;
    if (event.kind === 'REFUND_FAILED') await moveEmployeeOrder(trx, order, 'REFUND_FAILED');
    else if (!event.pendingCauses.includes('MANUAL'))
      await moveEmployeeOrder(trx, order, 'REFUNDED', { refunded_at: new Date() });
    return;
  }
  if (order.status === 'PENDING_PAYMENT') {
    await moveEmployeeOrder(trx, order, 'PAY', {
      paid_amount: event.amount,
      paid_at: event.paidAt,
      payment_ref: event.transactionId || event.payNo,
    });
    return;
  }
  await queueRefund(trx, {
    tenantId: event.tenantId,
    bizType: 'EMPLOYEE_ORDER',
    bizId: order.id,
    amount: event.amount,
    cause: 'ORDER_CLOSED',
    reason: `内购订单 ${order.order_no} ${EMPLOYEE_ORDER_STATUS[order.status]}后到账，原路退回`,
  });
}
onPaymentSettled('EMPLOYEE_ORDER', settleEmployeePayment);

export async function cancelEmployeeOrder(
  db: Kysely<DB>,
  runtime: PayRuntime,
  buyer: BuyerSession,
  id: string,
) {
  const order = await employeeOrderRow(db, buyer.tenantId, id, buyer.buyerId);
  // Its open payment is closed first: one paid meanwhile settles instead, and the cancel is refused below.
  if (order.status === 'PENDING_PAYMENT')
    await closePayment(db, runtime, { tenantId: buyer.tenantId, bizType: 'EMPLOYEE_ORDER', bizId: order.id });
  return within(db, async (trx) => {
    const order = await employeeOrderRow(trx, buyer.tenantId, id, buyer.buyerId);
    await moveEmployeeOrder(trx, order, 'CANCEL', { cancelled_at: new Date(), cancel_reason: '员工取消' });
    return { status: 'CANCELLED' as const };
  });
}

/** The job: orders unpaid 30 minutes after placing are cancelled (their quota is free again). */
export async function cancelExpiredEmployeeOrders(db: Kysely<DB>, now: Date = new Date()) {
  return within(db, async (trx) => {
    const rows = await trx
      .updateTable('employee_orders')
      .set({
        status: 'CANCELLED',
        cancelled_at: now,
        cancel_reason: `超过 ${EMPLOYEE_ORDER_PAY_MINUTES} 分钟未支付，系统自动取消`,
        version: sql`version + 1`,
        updated_at: now,
      })
      .where('status', '=', 'PENDING_PAYMENT')
      .where('pay_deadline', '<=', now)
      .returning(['id', 'tenant_id', 'order_no'])
      .execute();
    for (const row of rows) await notifyEmployeeOrder(trx, row.tenant_id, row.id, 'CANCELLED');
    return rows.map((row) => row.order_no);
  });
}

const orderColumns = [
  'o.id',
  'o.order_no as orderNo',
  'o.status',
  'o.payment_method as paymentMethod',
  'o.payable_amount as payableAmount',
  'o.paid_amount as paidAmount',
  'o.total_cases as totalCases',
  'o.pickup_point_id as pickupPointId',
  'p.name as pickupPointName',
  'p.address as pickupPointAddress',
  'e.employee_no as employeeNo',
  'e.name as employeeName',
  'e.mobile as employeeMobile',
  'o.cancel_reason as cancelReason',
  'o.refund_reason as refundReason',
] as const;

const labelled = <T extends { status: EmployeeOrderStatus; paymentMethod: EmployeePaymentMethod }>(
  row: T,
) => ({
  ...row,
  status_dictText: EMPLOYEE_ORDER_STATUS[row.status],
  paymentMethod_dictText: EMPLOYEE_PAYMENT_METHOD[row.paymentMethod],
});

const ordersBase = (db: Kysely<DB>, tenantId: string) =>
  db
    .selectFrom('employee_orders as o')
    .innerJoin('pickup_points as p', 'p.id', 'o.pickup_point_id')
    .innerJoin('employee_buyers as e', 'e.id', 'o.employee_buyer_id')
    .where('o.tenant_id', '=', tenantId);

const timeColumns = [
  shanghaiDateTime('o.ordered_at').as('orderedAt'),
  shanghaiDateTime('o.pay_deadline').as('payDeadline'),
  shanghaiDateTime<string | null>('o.paid_at').as('paidAt'),
  shanghaiDateTime<string | null>('o.picked_up_at').as('pickedUpAt'),
] as const;

async function linesOf(db: Kysely<DB>, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('employee_order_lines')
    .select([
      'order_id as orderId',
      'sku_id as skuId',
      'sku_snapshot as sku',
      'cases',
      'case_price as casePrice',
      'amount',
    ])
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('line_no')
    .execute()
    .then((rows) => rows.map(({ sku, ...row }) => ({ ...row, skuName: sku.name, saleUnit: sku.saleUnit })));
}

/** The employee's own orders, newest first, with their lines and pickup codes (codes of paid orders only). */
export async function myEmployeeOrders(db: Kysely<DB>, buyer: BuyerSession) {
  const rows = await ordersBase(db, buyer.tenantId)
    .select([...orderColumns, ...timeColumns, 'o.pickup_code as pickupCode'])
    .where('o.employee_buyer_id', '=', buyer.buyerId)
    .orderBy('o.ordered_at', 'desc')
    .limit(50)
    .execute();
  const lines = await linesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...labelled(row),
    pickupCode: ['PAID', 'READY_FOR_PICKUP'].includes(row.status) ? row.pickupCode : null,
    lines: lines.filter((line) => line.orderId === row.id),
  }));
}

// ---- Back office: 内购订单 and 自提核销 ----

const orderFilters: ListSpec['filters'] = {
  orderNo: { column: 'o.order_no', kind: 'text' },
  status: { column: 'o.status', kind: 'enum', values: codesOf(EMPLOYEE_ORDER_STATUS) },
  pickupPointId: { column: 'o.pickup_point_id', kind: 'text' },
  employeeName: { column: 'e.name', kind: 'text' },
  orderedAt: { column: 'o.ordered_at', kind: 'datetime' },
};

/** A keyword is looked for in the order number and the employee's number, name and mobile. */
const ORDER_KEYWORD = ['o.order_no', 'e.employee_no', 'e.name', 'e.mobile'];

const orderSpec: ListSpec = {
  filters: orderFilters,
  sorts: { orderedAt: 'o.ordered_at', orderNo: 'o.order_no', payableAmount: 'o.payable_amount' },
  defaultSort: [
    ['o.ordered_at', 'desc'],
    ['o.id', 'asc'],
  ],
  keyword: ORDER_KEYWORD,
};

/** 自提核销's records: the orders at the counter (paid, awaiting pickup) and those handed over, by pickup time. */
const pickupSpec: ListSpec = {
  filters: {
    ...orderFilters,
    status: { column: 'o.status', kind: 'enum', values: EMPLOYEE_PICKUP_STATUSES },
    pickedUpAt: { column: 'o.picked_up_at', kind: 'datetime' },
  },
  sorts: { ...orderSpec.sorts, pickedUpAt: 'o.picked_up_at' },
  defaultSort: orderSpec.defaultSort,
  keyword: ORDER_KEYWORD,
};

/**
 * 内购订单: with, for an order back to 已付款 because its refund failed, that refund's status (退款关闭) as
 * `refundFailure` — the operator refunds it again.
 */
export async function listEmployeeOrders(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, orderSpec);
  const base = ordersBase(db, caller.tenantId).where(list.where);
  return pagedList(base, list, async (page) =>
    (
      await page
        .select([...orderColumns, ...timeColumns])
        .select((eb) =>
          eb
            .selectFrom('refunds as r')
            .select('r.status')
            .whereRef('r.tenant_id', '=', 'o.tenant_id')
            .where('r.biz_type', '=', 'EMPLOYEE_ORDER')
            .whereRef('r.biz_id', '=', 'o.id')
            .where('r.cause', '=', 'MANUAL')
            .orderBy('r.created_at', 'desc')
            .orderBy('r.refund_no', 'desc')
            .limit(1)
            .as('lastRefundStatus'),
        )
        .execute()
    ).map(({ lastRefundStatus, ...row }) => ({
      ...labelled(row),
      refundFailure:
        (row.status === 'PAID' || row.status === 'READY_FOR_PICKUP') && lastRefundStatus === 'CLOSED'
          ? REFUND_STATUS[lastRefundStatus]
          : null,
    })),
  );
}

/** 自提核销's records, with who handed each order over. */
export async function listPickups(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, pickupSpec);
  const base = ordersBase(db, caller.tenantId)
    .where(list.where)
    .where('o.status', 'in', EMPLOYEE_PICKUP_STATUSES);
  return pagedList(base, list, async (page) =>
    (
      await page
        .leftJoin('users as u', 'u.id', 'o.picked_up_by')
        .select([...orderColumns, ...timeColumns, 'u.realname as pickedUpByName'])
        .execute()
    ).map(labelled),
  );
}

export async function employeeOrderById(db: Kysely<DB>, caller: Caller, id: string) {
  const row = await ordersBase(db, caller.tenantId)
    .select([...orderColumns, ...timeColumns, 'o.buyer_remark as buyerRemark', 'o.payment_ref as paymentRef'])
    .where('o.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new BusinessError(404, '内购订单不存在');
  return { ...labelled(row), lines: await linesOf(db, [row.id]) };
}

/** 自提核销, the look-up: the order a typed or scanned pickup code belongs to, before it is confirmed. */
export async function orderByPickupCode(db: Kysely<DB>, caller: Caller, code: string) {
  const row = await ordersBase(db, caller.tenantId)
    .select([...orderColumns, ...timeColumns])
    .where('o.pickup_code', '=', code.trim())
    .executeTakeFirst();
  if (!row) throw new BusinessError(404, '提货码无效，未找到内购订单');
  return { ...labelled(row), lines: await linesOf(db, [row.id]) };
}

/** 自提核销: the goods handed over against the code; an order not yet paid, or already picked up, is refused. */
export async function pickUpByCode(db: Kysely<DB>, actor: Actor, code: string) {
  return within(db, async (trx) => {
    const order = await trx
      .selectFrom('employee_orders')
      .selectAll()
      .where('tenant_id', '=', actor.tenantId)
      .where('pickup_code', '=', code.trim())
      .executeTakeFirst();
    if (!order) throw new BusinessError(404, '提货码无效，未找到内购订单');
    await moveEmployeeOrder(trx, order, 'PICK_UP', { picked_up_at: new Date(), picked_up_by: actor.userId });
    await logOperation(trx, actor, 'update', `内购订单自提核销 ${order.order_no}`);
    return { id: order.id, orderNo: order.order_no, status: 'PICKED_UP' as const };
  });
}

/** 备货完成 (PAID → READY_FOR_PICKUP) and 完成 (PICKED_UP → COMPLETED) by the warehouse. */
export async function stepEmployeeOrder(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  command: 'READY' | 'COMPLETE',
) {
  return within(db, async (trx) => {
    const order = await employeeOrderRow(trx, actor.tenantId, id);
    const transition = await moveEmployeeOrder(trx, order, command);
    await logOperation(trx, actor, 'update', `内购订单${transition.label} ${order.order_no}`);
    return { status: transition.to };
  });
}

/**
 * 退款 of a paid order not yet picked up (PAID / READY_FOR_PICKUP → REFUNDING): an ONLINE order's payment is
 * queued to go back by the original route (the caller sends it after commit, submitRefunds) and the order
 * completes with the refund's settlement (settleEmployeePayment); a PAYROLL order's 工资代扣 payment gets a
 * recorded refund, settled at once (→ REFUNDED by the same handler); an order paid with no payment on record
 * (the demo's) is REFUNDED at once. The refunded order no longer counts against the quota.
 */
export async function refundEmployeeOrder(db: Kysely<DB>, actor: Actor, id: string, reason: string) {
  const trimmed = reason.trim();
  if (!trimmed) throw new BusinessError(400, '请填写退款原因');
  const queued = await within(db, async (trx) => {
    const order = await employeeOrderRow(trx, actor.tenantId, id);
    await moveEmployeeOrder(trx, order, 'REFUND', { refund_reason: trimmed });
    await logOperation(trx, actor, 'update', `内购订单退款 ${order.order_no}：${trimmed}`);
    return queueRefund(trx, {
      tenantId: actor.tenantId,
      bizType: 'EMPLOYEE_ORDER',
      bizId: order.id,
      cause: 'MANUAL',
      reason: trimmed,
      userId: actor.userId,
    });
  });
  if (queued.length === 0) return completeEmployeeRefund(db, actor.tenantId, id);
  if (queued.every((refund) => refund.status === 'SUCCESS')) return { status: 'REFUNDED' as const };
  return { status: 'REFUNDING' as const };
}

export async function completeEmployeeRefund(db: Kysely<DB>, tenantId: string, id: string) {
  return within(db, async (trx) => {
    const order = await employeeOrderRow(trx, tenantId, id);
    await moveEmployeeOrder(trx, order, 'REFUNDED', { refunded_at: new Date() });
    return { status: 'REFUNDED' as const };
  });
}
