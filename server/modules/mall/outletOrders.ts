// The outlet buyer's cart and orders (issue #22, DOMAIN §1.5 门店商城订货): the cart is kept per buyer on the
// server (the web mall and a mini-program see the same one); placing an order goes through the one placement
// of orders (orders/placement.ts placeOrder: the buyer's prices, promotions, totals in cents), as an
// OUTLET_MALL order of channel MINIPROGRAM; the buyer pays an 在线支付 order by WeChat Pay (the payments
// service, as the back office's 在线收款), tracks his own orders and their log, and cancels one still waiting
// for the audit.
import type { Kysely } from 'kysely';
import { ORDER_STATUS, PAYMENT_STATUS, type OrderStatus, type PaymentStatus } from '../../../common/orders';
import type { DB } from '../../db/schema';
import { newId } from '../../db/ids';
import { shanghaiDateTime } from '../../db/dates';
import { BusinessError } from '../../http/envelope';
import { closeOrderAs } from '../orders/lifecycle';
import { centsText, owedCents } from '../orders/money';
import { createPayment, queryOpenPayment, type PayRuntime } from '../payments/service';
import { placeOrder, previewFor } from '../orders/placement';
import { within, type BuyerSession } from './buyerAccounts';
import { outletOf } from './catalogue';

export const MAX_CART_LINES = 100;

export interface CartLineInput {
  skuId: string;
  cases: number;
}

export async function cartOf(db: Kysely<DB>, buyer: BuyerSession) {
  return db
    .selectFrom('buyer_cart_items as c')
    .innerJoin('skus', 'skus.id', 'c.sku_id')
    .select(['c.sku_id as skuId', 'c.cases', 'skus.name', 'skus.spec', 'skus.sale_unit as saleUnit'])
    .where('c.tenant_id', '=', buyer.tenantId)
    .where('c.owner_id', '=', buyer.buyerId)
    .orderBy('c.updated_at')
    .orderBy('c.sku_id')
    .execute();
}

/** Sets a SKU's quantity in the cart (0 removes it). */
export async function setCartLine(db: Kysely<DB>, buyer: BuyerSession, line: CartLineInput) {
  const sku = await db
    .selectFrom('skus')
    .select(['id', 'name'])
    .where('id', '=', line.skuId)
    .where('tenant_id', '=', buyer.tenantId)
    .where('status', '=', 'ON_SALE')
    .where(buyer.kind === 'EMPLOYEE' ? 'employee_mall_visible' : 'mall_visible', '=', true)
    .executeTakeFirst();
  if (!sku) throw new BusinessError(404, '商品不存在或已下架');
  if (line.cases <= 0) {
    await db
      .deleteFrom('buyer_cart_items')
      .where('tenant_id', '=', buyer.tenantId)
      .where('owner_id', '=', buyer.buyerId)
      .where('sku_id', '=', sku.id)
      .execute();
    return cartOf(db, buyer);
  }
  const count = await db
    .selectFrom('buyer_cart_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', buyer.tenantId)
    .where('owner_id', '=', buyer.buyerId)
    .where('sku_id', '!=', sku.id)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_CART_LINES) throw new BusinessError(400, `购物车最多 ${MAX_CART_LINES} 种商品`);
  await db
    .insertInto('buyer_cart_items')
    .values({
      id: newId(),
      tenant_id: buyer.tenantId,
      owner_id: buyer.buyerId,
      sku_id: sku.id,
      cases: line.cases,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['tenant_id', 'owner_id', 'sku_id'])
        .doUpdateSet({ cases: line.cases, updated_at: new Date() }),
    )
    .execute();
  return cartOf(db, buyer);
}

export async function clearCart(db: Kysely<DB>, buyer: BuyerSession, skuIds?: readonly string[]) {
  await db
    .deleteFrom('buyer_cart_items')
    .where('tenant_id', '=', buyer.tenantId)
    .where('owner_id', '=', buyer.buyerId)
    .$if(skuIds !== undefined, (query) => query.where('sku_id', 'in', skuIds!.length ? skuIds! : ['']))
    .execute();
}

/** The lines an order is placed with: those given, else the cart's. */
async function linesOf(db: Kysely<DB>, buyer: BuyerSession, lines?: readonly CartLineInput[]) {
  const chosen = lines ?? (await cartOf(db, buyer)).map(({ skuId, cases }) => ({ skuId, cases }));
  if (chosen.length === 0) throw new BusinessError(400, '购物车是空的，请先选购商品');
  return chosen;
}

const placer = (buyer: BuyerSession) => ({ tenantId: buyer.tenantId, userId: null, username: buyer.name });

/** The cart priced as placing it would price it, with the promotions that fire and why others do not. */
export async function previewOutletCart(
  db: Kysely<DB>,
  buyer: BuyerSession,
  input: { lines?: readonly CartLineInput[]; coinDeductCoins?: number } = {},
) {
  const chosen = await linesOf(db, buyer, input.lines);
  return within(db, async (trx) =>
    previewFor(trx, placer(buyer), await outletOf(trx, buyer), {
      lines: chosen.map(({ skuId, cases }) => ({ skuId, cases })),
      coinDeductCoins: input.coinDeductCoins,
    }),
  );
}

export interface OutletOrderInput {
  lines?: CartLineInput[];
  paymentMethod: 'ONLINE' | 'COD';
  receiver?: { name?: string | null; mobile?: string | null; address?: string | null };
  requestedDeliveryDate?: string | null;
  buyerRemark?: string | null;
  /** 金币抵扣: the outlet's own coins, checked and frozen as on the PC. */
  coinDeductCoins?: number;
}

/** Places the outlet's order (its cart unless lines are given) and takes what it ordered out of the cart. */
export async function placeOutletOrder(db: Kysely<DB>, buyer: BuyerSession, input: OutletOrderInput) {
  const chosen = await linesOf(db, buyer, input.lines);
  return within(db, async (trx) => {
    const outlet = await outletOf(trx, buyer);
    const placed = await placeOrder(
      trx,
      placer(buyer),
      outlet,
      {
        paymentMethod: input.paymentMethod,
        receiver: input.receiver,
        requestedDeliveryDate: input.requestedDeliveryDate,
        buyerRemark: input.buyerRemark,
        coinDeductCoins: input.coinDeductCoins,
        lines: chosen.map(({ skuId, cases }) => ({ skuId, cases })),
      },
      { channel: 'MINIPROGRAM', comment: `门店商城下单（${buyer.mobile}）`, orderType: 'OUTLET_MALL' },
    );
    await clearCart(
      trx,
      buyer,
      chosen.map((line) => line.skuId),
    );
    return placed;
  });
}

const myOrders = (db: Kysely<DB>, buyer: BuyerSession) =>
  db
    .selectFrom('sales_orders as o')
    .where('o.tenant_id', '=', buyer.tenantId)
    .where('o.buyer_id', '=', buyer.buyerId);

const orderColumns = [
  'o.id',
  'o.order_no as orderNo',
  'o.order_type as orderType',
  'o.status',
  'o.payment_method as paymentMethod',
  'o.payment_status as paymentStatus',
  'o.goods_amount as goodsAmount',
  'o.promo_discount_amount as promoDiscountAmount',
  'o.payable_amount as payableAmount',
  'o.paid_amount as paidAmount',
  'o.total_cases as totalCases',
] as const;

const labelled = <T extends { status: OrderStatus; paymentStatus: keyof typeof PAYMENT_STATUS }>(row: T) => ({
  ...row,
  status_dictText: ORDER_STATUS[row.status],
  paymentStatus_dictText: PAYMENT_STATUS[row.paymentStatus],
});

export async function listOutletOrders(
  db: Kysely<DB>,
  buyer: BuyerSession,
  query: { pageNo?: number; pageSize?: number; status?: string },
) {
  const pageSize = Math.min(query.pageSize ?? 20, 50);
  const pageNo = Math.max(1, query.pageNo ?? 1);
  const base = myOrders(db, buyer).$if(Boolean(query.status), (q) =>
    q.where('o.status', 'in', query.status!.split(',') as OrderStatus[]),
  );
  const [rows, total] = await Promise.all([
    base
      .select([...orderColumns, shanghaiDateTime('o.ordered_at').as('orderedAt')])
      .orderBy('o.ordered_at', 'desc')
      .orderBy('o.id')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { records: rows.map(labelled), total: Number(total.n), current: pageNo, size: pageSize };
}

export async function outletOrderById(db: Kysely<DB>, buyer: BuyerSession, id: string) {
  const order = await myOrders(db, buyer)
    .select([
      ...orderColumns,
      'o.receiver_snapshot as receiver',
      'o.buyer_remark as buyerRemark',
      'o.reject_reason as rejectReason',
      'o.invalid_reason as invalidReason',
      shanghaiDateTime('o.ordered_at').as('orderedAt'),
      shanghaiDateTime<string | null>('o.shipped_at').as('shippedAt'),
      shanghaiDateTime<string | null>('o.signed_at').as('signedAt'),
    ])
    .where('o.id', '=', id)
    .executeTakeFirst();
  if (!order) throw new BusinessError(404, '订单不存在');
  const [lines, log] = await Promise.all([
    db
      .selectFrom('sales_order_lines')
      .select([
        'sku_id as skuId',
        'sku_snapshot as sku',
        'base_qty as baseQty',
        'deal_price as dealPrice',
        'amount',
        'is_gift as isGift',
      ])
      .where('order_id', '=', id)
      .orderBy('line_no')
      .execute(),
    db
      .selectFrom('order_operation_logs')
      .select([
        'action',
        'from_status as fromStatus',
        'to_status as toStatus',
        'comment',
        shanghaiDateTime('at').as('at'),
      ])
      .where('order_id', '=', id)
      .orderBy('at')
      .execute(),
  ]);
  return {
    ...labelled(order),
    lines: lines.map((line) => ({ ...line, skuName: line.sku.name, unitsPerCase: line.sku.unitsPerCase })),
    log: log.map((entry) => ({
      ...entry,
      toStatus_dictText: entry.toStatus ? ORDER_STATUS[entry.toStatus] : null,
    })),
  };
}

/** 买家取消 (DOMAIN §1.5): the buyer's own order, before the audit only; releases all its locks. */
export async function cancelOutletOrder(db: Kysely<DB>, buyer: BuyerSession, id: string, reason: string) {
  const trimmed = reason.trim();
  if (!trimmed) throw new BusinessError(400, '请填写取消原因');
  const order = await myOrders(db, buyer).select('o.id').where('o.id', '=', id).executeTakeFirst();
  if (!order) throw new BusinessError(404, '订单不存在');
  return closeOrderAs(
    db,
    { tenantId: buyer.tenantId, userId: null, username: buyer.name },
    order.id,
    trimmed,
    'CANCEL',
  );
}

/** The states an order takes no more money in. */
const CLOSED: readonly OrderStatus[] = ['CANCELLED', 'INVALID', 'REJECTED'];
/** The payment states a buyer still pays in. */
const OWING: readonly PaymentStatus[] = ['UNPAID', 'PARTIAL'];

async function payableOrder(db: Kysely<DB>, buyer: BuyerSession, id: string) {
  const order = await myOrders(db, buyer)
    .select([
      'o.id',
      'o.order_no',
      'o.status',
      'o.payment_method',
      'o.payment_status',
      'o.payable_amount',
      'o.returned_amount',
      'o.paid_amount',
    ])
    .where('o.id', '=', id)
    .executeTakeFirst();
  if (!order) throw new BusinessError(404, '订单不存在');
  return order;
}

/**
 * 去支付 of the outlet's own 在线支付 order: what it still owes, by a WeChat Pay H5 prepay under the mall's appid
 * (the payments service's createPayment, biz type ORDER: the notify records the order's 收款 as the back
 * office's 在线收款 does). Asked again while open, the same transaction.
 */
export async function payOutletOrder(
  db: Kysely<DB>,
  runtime: PayRuntime,
  buyer: BuyerSession,
  id: string,
  clientIp: string,
) {
  const order = await payableOrder(db, buyer, id);
  if (order.payment_method !== 'ONLINE') throw new BusinessError(409, '该订单不是在线支付，无需在此付款');
  if (CLOSED.includes(order.status)) throw new BusinessError(409, `订单 ${order.order_no} 已关闭，不能支付`);
  const owed = owedCents(order);
  if (owed <= 0) throw new BusinessError(409, `订单 ${order.order_no} 已支付`);
  return createPayment(db, runtime, {
    tenantId: buyer.tenantId,
    bizType: 'ORDER',
    bizId: order.id,
    bizNo: order.order_no,
    amount: centsText(owed),
    description: `门店订单 ${order.order_no}`,
    tradeType: 'H5',
    clientIp,
    app: 'MINI_MALL',
  });
}

/**
 * What the mall polls after 去支付: the order's payment status. While it still owes, its open transaction is
 * asked at WeChat Pay every few seconds at most (queryOpenPayment), so a late or lost notify does not keep the
 * buyer waiting. `waiting`: the mall should keep polling.
 */
export async function outletPayStatus(db: Kysely<DB>, runtime: PayRuntime, buyer: BuyerSession, id: string) {
  let order = await payableOrder(db, buyer, id);
  const owing = (row: typeof order) => OWING.includes(row.payment_status) && !CLOSED.includes(row.status);
  if (
    owing(order) &&
    (await queryOpenPayment(db, runtime, { tenantId: buyer.tenantId, bizType: 'ORDER', bizId: order.id }))
  )
    order = await payableOrder(db, buyer, id);
  return {
    id: order.id,
    orderNo: order.order_no,
    status: order.status,
    status_dictText: ORDER_STATUS[order.status],
    paymentStatus: order.payment_status,
    paymentStatus_dictText: PAYMENT_STATUS[order.payment_status],
    waiting: owing(order),
  };
}
