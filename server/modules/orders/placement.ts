// Placing an order on the PC (DOMAIN §1.5, 业代代下单): the buyer in the caller's data scope, each line
// priced from the price lists (resolvePrice: the buyer's most specific ACTIVE list of the order's price
// type), names and prices snapshotted, and every total computed here in cents — the client sends SKUs and
// quantities, never amounts. 修改重提 of a rejected order prices its new terms with the same code.
import type { Kysely, Selectable, Transaction } from 'kysely';
import { CUSTOMER_STATUS, PRICE_TYPE } from '../../../common/businessEnums';
import { formatQuantity, toBaseQty } from '../../../common/quantity';
import type { PromotionPreview, PromotionPreviewInput } from '../../../common/promotions';
import type {
  OrderAddInput,
  OrderResubmitInput,
  OrderType,
  ReceiverSnapshot,
  SellerType,
  SourceChannel,
  SkuSnapshot,
} from '../../../common/orders';
import { newId } from '../../db/ids';
import type { CustomerType, DB, PriceType, SkusTable } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { resolvePrices } from '../products/priceLists';
import { promotionsForOrder, type PricedLine } from '../promotions/orderPricing';
import { lockUsages } from '../promotions/pricing';
import { coinsToCents } from '../../../common/execution';
import { COIN_CENTS, freezeForOrder, type FundOrder } from '../funds/ledger';
import {
  acceptedCoins,
  acceptedDeduction,
  coinDeductionOf,
  deductionOf,
  quoteCoins,
  quoteDeduction,
} from '../rebates/deduction';
import { customerInScope, SUPPLIER_TYPES } from '../customers/service';
import { logOperation, type Actor } from '../shared/actor';
import { trackChange } from '../shared/changeHistory';
import { notFound } from '../shared/commands';
import { dataScopeOf } from '../shared/dataScope';
import { nextDocumentNo } from '../shared/documentNumbers';
import { addOrderSales } from '../kpi/salesSummary';
import { text } from '../shared/schemas';
import { centsText, lineCents, toCents, yuan } from './money';
import { moveOrder, orderInScope, transitionFor, writeOrderLog } from './state';

export const MAX_ORDER_LINES = 200;

const quantity = { type: 'integer', minimum: 0, maximum: 10000000 } as const;

/**
 * An order's lines in a request body: SKUs with cases and loose units, and `more` that a caller may say beyond them
 * (the back office's deal price and gift flag; a rep's visit order says nothing more, the server prices it).
 */
export const orderLinesSchema = <More extends Record<string, object>>(more: More) =>
  ({
    type: 'array',
    minItems: 1,
    maxItems: MAX_ORDER_LINES,
    items: {
      type: 'object',
      required: ['skuId'],
      properties: { skuId: text(32), cases: quantity, units: quantity, ...more },
    },
  }) as const;

/** Dealers buy from the brand at the factory price; everyone else from their dealer at the supply price. */
export const priceTypeOf = (orderType: string): PriceType =>
  orderType === 'DEALER_PURCHASE' ? 'FACTORY' : 'SUPPLY';

async function sellerOf(
  trx: Transaction<DB>,
  tenantId: string,
  orderType: string,
  buyer: { id: string; serving_dealer_id: string | null },
  sellerId: string | null | undefined,
): Promise<{ type: SellerType; id: string | null }> {
  if (orderType === 'DEALER_PURCHASE') return { type: 'BRAND', id: null };
  const id = sellerId ?? buyer.serving_dealer_id;
  // An outlet without a dealer is served by the brand directly.
  if (!id) return { type: 'BRAND', id: null };
  if (id === buyer.id) throw new BusinessError(400, '买方和卖方不能是同一个客户');
  const dealer = await trx
    .selectFrom('customers')
    .select(['id', 'name', 'customer_type', 'status'])
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!dealer) throw notFound('经销商');
  if (!SUPPLIER_TYPES.includes(dealer.customer_type)) {
    throw new BusinessError(400, `${dealer.name} 不是经销商，不能作为卖方`);
  }
  if (dealer.status !== 'ACTIVE') throw new BusinessError(409, `经销商 ${dealer.name} 不在正常经营状态`);
  return { type: 'DEALER', id: dealer.id };
}

async function salesRepOf(trx: Transaction<DB>, tenantId: string, requested: string | null | undefined) {
  if (!requested) return null;
  const user = await trx
    .selectFrom('users')
    .select('id')
    .where('id', '=', requested)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!user) throw notFound('业务员');
  return user.id;
}

const DEFAULT_ORDER_TYPE = (customerType: CustomerType) =>
  customerType === 'DEALER' ? 'DEALER_PURCHASE' : 'REP_PROXY';

/** A SKU as an order line keeps it: the names and packing at the time of ordering. */
export const skuSnapshotOf = (
  sku: Pick<
    Selectable<SkusTable>,
    'sku_code' | 'name' | 'spec' | 'barcode' | 'units_per_case' | 'base_unit' | 'sale_unit'
  >,
): SkuSnapshot => ({
  skuCode: sku.sku_code,
  name: sku.name,
  spec: sku.spec,
  barcode: sku.barcode,
  unitsPerCase: sku.units_per_case,
  baseUnit: sku.base_unit,
  saleUnit: sku.sale_unit,
});

/** What an order says besides its buyer and type: what placing takes, and 修改重提 replaces. */
export type OrderTerms = Omit<OrderAddInput, 'buyerId' | 'orderType'>;

export type Buyer = Awaited<ReturnType<typeof customerInScope>>;

/** Who places an order: a back-office user, or (userId null) the buyer himself through the mall's buyer API. */
export type Placer = Pick<Actor, 'tenantId'> & { userId: string | null };

function checkLineCount(terms: { lines: readonly unknown[] }) {
  if (terms.lines.length === 0) throw new BusinessError(400, '请至少添加一个商品');
  if (terms.lines.length > MAX_ORDER_LINES)
    throw new BusinessError(400, `一张订单最多 ${MAX_ORDER_LINES} 行`);
}

/** Only an active, approved customer is sold to. */
export function requireOrderable(buyer: Buyer) {
  if (buyer.status !== 'ACTIVE') {
    throw new BusinessError(409, `客户 ${buyer.name} 当前为「${CUSTOMER_STATUS[buyer.status]}」，不能下单`);
  }
  if (buyer.audit_status !== 'APPROVED')
    throw new BusinessError(409, `客户 ${buyer.name} 尚未审核通过，不能下单`);
}

/**
 * The terms of an order priced now, as for a new order: the seller and rep, each line priced from the price
 * lists at `at` and snapshotted, the totals in cents, the receiver. The order's columns these decide, its lines (without
 * order_id), the log's summary of them and the payable amount: placing and 修改重提 both write them.
 */
async function priceOrder(
  trx: Transaction<DB>,
  actor: Placer,
  buyer: Buyer,
  orderType: OrderType,
  terms: OrderTerms,
  at: Date,
  orderId?: string,
  /** The preview: a deduction over what is allowed is cut to it instead of refused. */
  lenient = false,
) {
  const seller = await sellerOf(trx, actor.tenantId, orderType, buyer, terms.sellerId);
  const salesRepId =
    (await salesRepOf(trx, actor.tenantId, terms.salesRepId)) ?? buyer.owner_user_id ?? actor.userId;
  const priceType = priceTypeOf(orderType);

  const seen = new Set<string>();
  const lines: PricedLine[] = [];
  // The SKUs in one statement and their prices in five, however many lines (the order's pricing is on the
  // order form's every keystroke: bench/README.md, promotions).
  const skuIds = [...new Set(terms.lines.map((line) => line.skuId))];
  const skuRows = await trx
    .selectFrom('skus')
    .selectAll()
    .where('id', 'in', skuIds)
    .where('tenant_id', '=', actor.tenantId)
    .execute();
  const wanted = terms.lines.map((line, index) => {
    const row = `第 ${index + 1} 行`;
    const key = `${line.skuId}:${line.isGift ? 'gift' : 'sale'}`;
    if (seen.has(key)) throw new BusinessError(400, `${row}：商品重复，请合并数量`);
    seen.add(key);
    const sku = skuRows.find((each) => each.id === line.skuId);
    if (!sku) throw new BusinessError(404, `${row}：商品不存在`);
    if (sku.status !== 'ON_SALE') throw new BusinessError(409, `${row}：${sku.name} 不在售，不能下单`);
    const baseQty = toBaseQty(line.cases ?? 0, line.units ?? 0, sku.units_per_case);
    if (baseQty <= 0) throw new BusinessError(400, `${row}：${sku.name} 数量必须大于 0`);
    return { sku, baseQty };
  });
  const prices = await resolvePrices(trx, actor.tenantId, {
    customerId: buyer.id,
    at,
    priceType,
    skus: wanted.map(({ sku, baseQty }) => ({
      skuId: sku.id,
      qty: baseQty,
      unitsPerCase: sku.units_per_case,
    })),
  });
  for (const [index, line] of terms.lines.entries()) {
    const row = `第 ${index + 1} 行`;
    const { sku, baseQty } = wanted[index];
    const price = prices[index];
    if (!price) {
      throw new BusinessError(
        409,
        `${row}：${sku.name} 没有适用于该客户的${PRICE_TYPE[priceType]}，请先维护价目表`,
      );
    }
    const item = { floor_price: price.floorPrice };
    const listCents = toCents(price.price);
    const gift = Boolean(line.isGift) || orderType === 'GIFT';
    const dealCents = gift ? 0 : line.dealPrice === undefined ? listCents : toCents(line.dealPrice);
    if (dealCents > listCents)
      throw new BusinessError(400, `${row}：${sku.name} 成交价不能高于原价 ${price.price}`);
    const listAmount = lineCents(listCents, price.unit, baseQty, sku.units_per_case);
    const amount = lineCents(dealCents, price.unit, baseQty, sku.units_per_case);
    const cases = line.cases ?? 0;
    const units = line.units ?? 0;
    lines.push({
      id: newId(),
      tenant_id: actor.tenantId,
      line_no: index + 1,
      sku_id: sku.id,
      sku_snapshot: JSON.stringify(skuSnapshotOf(sku)),
      unit: cases > 0 && units > 0 ? ('MIXED' as const) : cases > 0 ? ('CASE' as const) : ('BASE' as const),
      base_qty: baseQty,
      price_list_id: price.priceListId,
      price_list_name: price.priceListName,
      price_unit: price.unit,
      list_price: centsText(listCents),
      deal_price: centsText(dealCents),
      floor_price: item?.floor_price ?? null,
      list_amount: centsText(listAmount),
      discount_amount: centsText(listAmount - amount),
      amount: centsText(amount),
      is_gift: gift,
      promotion_ids: '[]',
      tax_rate: sku.tax_rate,
      cents: { listAmount, amount },
      engine: gift
        ? null
        : {
            skuName: sku.name,
            categoryId: sku.category_id,
            brandId: sku.brand_id,
            floorCents:
              item?.floor_price === null || item?.floor_price === undefined
                ? null
                : lineCents(toCents(item.floor_price), price.unit, baseQty, sku.units_per_case),
          },
      unitsPerCase: sku.units_per_case,
      qtyText: formatQuantity(baseQty, {
        unitsPerCase: sku.units_per_case,
        caseUnit: sku.sale_unit,
        baseUnit: sku.base_unit,
      }),
    });
  }
  const promotions =
    orderType === 'GIFT'
      ? null
      : await promotionsForOrder(trx, actor.tenantId, buyer, priceType, lines, at, orderId);
  if (promotions) lines.push(...promotions.giftLines);
  const goods = lines.reduce((total, line) => total + line.cents.listAmount, 0);
  const promo = lines.reduce((total, line) => total + line.cents.listAmount - line.cents.amount, 0);
  const freight = toCents(terms.freightAmount ?? 0);
  const promotionIds = (promotions?.applied ?? []).map((use) => use.promotionId);
  const quote = await quoteDeduction(trx, actor.tenantId, buyer.id, goods - promo, promotionIds);
  const requested = orderType === 'GIFT' ? 0 : toCents(terms.rebateDeductAmount ?? 0);
  const rebate = lenient
    ? Math.min(Math.max(0, requested), quote.maxCents)
    : acceptedDeduction(quote, requested);
  const coinQuote = await quoteCoins(trx, actor.tenantId, buyer, goods - promo, rebate, promotionIds);
  const coinsAsked = orderType === 'GIFT' ? 0 : (terms.coinDeductCoins ?? 0);
  const coins = lenient
    ? Math.min(Math.max(0, coinsAsked), coinQuote.maxCoins)
    : acceptedCoins(coinQuote, coinsAsked);
  const coinCents = coinsToCents(coins, coinQuote.settings);
  const payable = centsText(goods - promo - rebate - coinCents + freight);
  const totalCases = lines.reduce((total, line) => total + line.base_qty / line.unitsPerCase, 0);
  const receiver: ReceiverSnapshot = {
    name: terms.receiver?.name ?? buyer.contact_name ?? buyer.boss_name,
    mobile: terms.receiver?.mobile ?? buyer.contact_mobile ?? buyer.boss_mobile,
    address: terms.receiver?.address ?? buyer.address,
    lng: buyer.lng,
    lat: buyer.lat,
  };
  return {
    columns: {
      seller_type: seller.type,
      seller_id: seller.id,
      sales_rep_id: salesRepId,
      requested_delivery_date: terms.requestedDeliveryDate ?? null,
      receiver_snapshot: JSON.stringify(receiver),
      goods_amount: centsText(goods),
      promo_discount_amount: centsText(promo),
      rebate_deduct_amount: centsText(rebate),
      coin_deduct_amount: centsText(coinCents),
      coupon_amount: 0,
      freight_amount: centsText(freight),
      payable_amount: payable,
      payment_method: terms.paymentMethod,
      total_base_qty: lines.reduce((total, line) => total + line.base_qty, 0),
      total_cases: totalCases.toFixed(2),
      buyer_remark: terms.buyerRemark ?? null,
      internal_remark: terms.internalRemark ?? null,
    },
    lines: lines.map(
      ({ cents: _cents, unitsPerCase: _units, qtyText: _text, engine: _engine, ...line }) => line,
    ),
    promotions,
    rebate: deductionOf(quote, rebate),
    rebateCents: rebate,
    coins: coinDeductionOf(coinQuote, coins),
    summary: lines.map((line) => `${JSON.parse(line.sku_snapshot).name} ${line.qtyText}`).join('、'),
    payable,
    qtyTexts: lines.map((line) => line.qtyText),
  };
}

async function insertLines(
  trx: Transaction<DB>,
  orderId: string,
  lines: Awaited<ReturnType<typeof priceOrder>>['lines'],
) {
  await trx
    .insertInto('sales_order_lines')
    .values(lines.map((line) => ({ ...line, order_id: orderId })))
    .execute();
}

/** The usages of the promotions an order was priced with, locked as it is written. */
async function lockOrderPromotions(
  trx: Transaction<DB>,
  tenantId: string,
  orderId: string,
  customerId: string,
  promotions: Awaited<ReturnType<typeof priceOrder>>['promotions'],
) {
  if (promotions)
    await lockUsages(trx, { tenantId, orderId, customerId }, promotions.applied, promotions.promotions);
}

/** At submit: the rebate and coin deductions the order was priced with, held on the buyer's accounts. */
async function freezeDeductions(
  trx: Transaction<DB>,
  order: FundOrder,
  priced: Pick<Awaited<ReturnType<typeof priceOrder>>, 'rebateCents' | 'coins'>,
  operatorId: string | null,
) {
  if (priced.rebateCents > 0) await freezeForOrder(trx, order, 'REBATE', priced.rebateCents, operatorId);
  if (priced.coins.coins > 0)
    await freezeForOrder(trx, order, 'COIN', priced.coins.coins * COIN_CENTS, operatorId);
}

export async function addOrder(db: Kysely<DB>, actor: Actor, input: OrderAddInput) {
  checkLineCount(input);
  return db
    .transaction()
    .execute((trx) => placeForCustomer(trx, actor, input, { channel: 'PC', comment: '代客下单' }));
}

/**
 * 代客下单 in the caller's transaction: the buyer must be a customer of the caller's data scope. The order form's
 * placement (addOrder) and the rep's during a visit (the workbench, visits/records.ts).
 */
export async function placeForCustomer(
  trx: Transaction<DB>,
  actor: Actor,
  input: OrderAddInput,
  how: { channel: SourceChannel; comment: string },
) {
  const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
  const buyer = await customerInScope(trx, actor.tenantId, scope, input.buyerId);
  const placed = await placeOrder(trx, actor, buyer, input, how);
  await (
    await trackChange(trx, actor, 'sales_orders', undefined)
  ).log('add', `新增订单 ${placed.orderNo}（${buyer.name}）`, placed.id);
  return placed;
}

/**
 * Places an order for a buyer already found (in the caller's scope, or the mall buyer himself) in the caller's
 * transaction: priced, numbered, written with its lines, its promotions' usages, its rebate and coins frozen, logged.
 * The one placement of the PC (addOrder) and of the mall (buyer API).
 */
export async function placeOrder(
  trx: Transaction<DB>,
  actor: Placer & { username?: string },
  buyer: Buyer,
  input: Omit<OrderAddInput, 'buyerId'>,
  how: { channel: SourceChannel; comment: string; orderType?: OrderType },
) {
  checkLineCount(input);
  requireOrderable(buyer);
  const orderType = how.orderType ?? input.orderType ?? DEFAULT_ORDER_TYPE(buyer.customer_type);
  if (orderType === 'DEALER_PURCHASE' && buyer.customer_type === 'OUTLET') {
    throw new BusinessError(400, '门店不能下经销商进货单');
  }
  const orderedAt = new Date();
  const priced = await priceOrder(trx, actor, buyer, orderType, input, orderedAt);
  const id = newId();
  const orderNo = await nextDocumentNo(trx, actor.tenantId, 'SO');
  await trx
    .insertInto('sales_orders')
    .values({
      ...priced.columns,
      id,
      tenant_id: actor.tenantId,
      order_no: orderNo,
      order_type: orderType,
      source_channel: how.channel,
      buyer_id: buyer.id,
      org_code: buyer.org_code,
      ordered_at: orderedAt,
      created_by: actor.userId,
      updated_by: actor.userId,
    })
    .execute();
  await insertLines(trx, id, priced.lines);
  // A new order is placed (待审核): it counts as sales from now on.
  await addOrderSales(trx, [id]);
  await lockOrderPromotions(trx, actor.tenantId, id, buyer.id, priced.promotions);
  await freezeDeductions(
    trx,
    { tenant_id: actor.tenantId, id, order_no: orderNo, buyer_id: buyer.id },
    priced,
    actor.userId,
  );
  await trx.updateTable('customers').set({ last_order_at: orderedAt }).where('id', '=', buyer.id).execute();
  await writeOrderLog(
    trx,
    actor.tenantId,
    actor.userId === null ? null : { userId: actor.userId, username: actor.username ?? '' },
    {
      orderId: id,
      action: 'CREATE',
      toStatus: 'PENDING_AUDIT',
      comment: `${how.comment}：${priced.summary}，应付 ${priced.payable}`,
    },
  );
  return { id, orderNo, payableAmount: priced.payable };
}

/**
 * 修改重提 of a rejected order (DOMAIN §1.5, REJECTED → PENDING_AUDIT): it keeps its id, number, buyer, type and
 * order time; its terms are replaced and priced again as when placing, its lines replaced, and it waits for the
 * audit as a new order does (no credit check result, no audit, no warehouse yet; the rejection reason cleared).
 */
export async function resubmitOrder(db: Kysely<DB>, actor: Actor, input: OrderResubmitInput) {
  checkLineCount(input);
  return db.transaction().execute(async (trx) => {
    // The lines are replaced before the move (below): a second 修改重提 must wait here and read the order as
    // the first left it (refused by its status), not replace lines the first one has just written.
    await trx
      .selectFrom('sales_orders')
      .select('id')
      .where('id', '=', input.id)
      .where('tenant_id', '=', actor.tenantId)
      .forUpdate()
      .execute();
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const order = await orderInScope(trx, actor.tenantId, scope, input.id);
    const transition = transitionFor('RESUBMIT', order.status);
    // The order being in scope is what counts: its buyer may be outside the caller's offices (their own rep's order).
    const buyer = await trx
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', order.buyer_id)
      .where('tenant_id', '=', actor.tenantId)
      .executeTakeFirstOrThrow();
    requireOrderable(buyer);
    const { id: _id, ...terms } = input;
    const priced = await priceOrder(trx, actor, buyer, order.order_type, terms, new Date(), order.id);
    // Paid before the rejection (a pending order may be paid): the new amount must still cover it.
    const paid = toCents(order.paid_amount);
    const payable = toCents(priced.payable);
    if (paid > payable) {
      throw new BusinessError(
        409,
        `已收款 ${yuan(paid)}，超过修改后的应付金额 ${yuan(payable)}，不能修改重提`,
      );
    }
    // A rejected order holds no stock and has shipped nothing: its lines go, with nothing referring to them.
    // Replaced before the move, which counts the order's sales again from its lines.
    await trx.deleteFrom('sales_order_lines').where('order_id', '=', order.id).execute();
    await insertLines(trx, order.id, priced.lines);
    await moveOrder(trx, actor, order, transition, {
      ...priced.columns,
      payment_status: paid === 0 ? 'UNPAID' : paid === payable ? 'PAID' : 'PARTIAL',
      credit_check_result: null,
      reject_reason: null,
      audited_at: null,
      audited_by: null,
      warehouse_id: null,
    });
    await lockOrderPromotions(trx, actor.tenantId, order.id, buyer.id, priced.promotions);
    await freezeDeductions(trx, order, priced, actor.userId);
    await writeOrderLog(trx, actor.tenantId, actor, {
      orderId: order.id,
      action: 'RESUBMIT',
      fromStatus: order.status,
      toStatus: transition.to,
      comment: `修改重提：${priced.summary}，应付 ${priced.payable}`,
    });
    await logOperation(
      trx,
      actor,
      'update',
      `订单修改重提 ${order.order_no}（${buyer.name}）：应付 ${priced.payable}`,
    );
    return { id: order.id, orderNo: order.order_no, payableAmount: priced.payable };
  });
}

/**
 * The order form's live preview and the 试算预览: the cart priced exactly as placing it would, nothing written;
 * which promotions fire (with their gifts) and why the others do not.
 */
export async function previewOrder(
  db: Kysely<DB>,
  actor: Actor,
  input: PromotionPreviewInput,
): Promise<PromotionPreview> {
  checkLineCount(input);
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const buyer = await customerInScope(trx, actor.tenantId, scope, input.buyerId);
    return previewFor(trx, actor, buyer, input);
  });
}

/** The preview of a cart for a buyer already found: the PC's 试算预览 and the mall's cart. */
export async function previewFor(
  trx: Transaction<DB>,
  actor: Placer,
  buyer: Buyer,
  input: Omit<PromotionPreviewInput, 'buyerId'>,
): Promise<PromotionPreview> {
  checkLineCount(input);
  {
    requireOrderable(buyer);
    const orderType = input.orderType ?? DEFAULT_ORDER_TYPE(buyer.customer_type);
    const priced = await priceOrder(
      trx,
      actor,
      buyer,
      orderType,
      {
        lines: input.lines,
        sellerId: input.sellerId,
        paymentMethod: 'COD',
        rebateDeductAmount: input.rebateDeductAmount,
        coinDeductCoins: input.coinDeductCoins,
      },
      new Date(),
      undefined,
      true,
    );
    const promotions = priced.promotions;
    const nameOf = (id: string) => promotions?.promotions.get(id);
    const lines = priced.lines.map((line, index) => ({
      skuId: line.sku_id,
      skuName: JSON.parse(line.sku_snapshot).name as string,
      qtyText: priced.qtyTexts[index],
      listAmount: line.list_amount,
      discountAmount: line.discount_amount,
      amount: line.amount,
      isGift: line.is_gift,
      promotionNames: (JSON.parse(line.promotion_ids) as string[]).map((id) => nameOf(id)?.name ?? id),
    }));
    return {
      lines,
      goodsAmount: priced.columns.goods_amount,
      promoDiscountAmount: priced.columns.promo_discount_amount,
      rebate: priced.rebate,
      coins: priced.coins,
      payableAmount: priced.payable,
      applied: (promotions?.applied ?? []).map((use) => ({
        promotionId: use.promotionId,
        promoNo: nameOf(use.promotionId)!.promoNo,
        name: nameOf(use.promotionId)!.name,
        tierNo: use.tierNo,
        discountAmount: centsText(use.discountCents),
        ...(use.creditCents ? { creditAmount: centsText(use.creditCents) } : {}),
        gifts: use.gifts.map((gift) => {
          const index = priced.lines.findIndex(
            (each) => each.is_gift && each.sku_id === gift.skuId && each.base_qty === gift.baseQty,
          );
          return {
            skuId: gift.skuId,
            skuName: promotions!.skuNames.get(gift.skuId) ?? '',
            baseQty: gift.baseQty,
            qtyText: priced.qtyTexts[index] ?? String(gift.baseQty),
          };
        }),
        description: use.description,
      })),
      skipped: (promotions?.result.skipped ?? []).map((skip) => ({
        promotionId: skip.promotionId,
        promoNo: nameOf(skip.promotionId)!.promoNo,
        name: nameOf(skip.promotionId)!.name,
        reason: skip.reason,
      })),
    };
  }
}
