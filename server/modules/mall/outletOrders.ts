// The outlet buyer's cart and orders (issue #22, DOMAIN §1.5 门店商城订货): the cart is kept per buyer on the
// server (the web mall and a mini-program see the same one); placing an order goes through the one placement
// of orders (orders/placement.ts placeOrder: the buyer's prices, promotions, totals in cents), as an
// OUTLET_MALL order of channel MINIPROGRAM; the buyer tracks his own orders and their log, and cancels one
// still waiting for the audit.
import type { Kysely } from 'kysely';
import { ORDER_STATUS, PAYMENT_STATUS, type OrderStatus } from '../../../common/orders';
import type { DB } from '../../db/schema';
import { newId } from '../../db/ids';
import { shanghaiDateTime } from '../../db/dates';
import { BusinessError } from '../../http/envelope';
import { closeOrderAs } from '../orders/lifecycle';
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
