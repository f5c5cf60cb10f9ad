// Promotions priced into an order (DOMAIN §1.7): the order's lines, priced from the price lists, go through the
// engine with the buyer's facts and the tenant's running promotions; each line's amount, discount, deal price
// and promotion ids follow the result, and every gift becomes a real order line at price 0 (its list amount
// shown as the discount) that takes stock like the others. Placing, 修改重提, the order form's preview and the
// 试算预览 all price through here.
import type { Kysely, Selectable } from 'kysely';
import { formatQuantity } from '../../../common/quantity';
import type { CustomersTable, DB, PriceType, PriceUnit } from '../../db/schema';
import { newId } from '../../db/ids';
import { resolvePrices } from '../products/priceLists';
import { centsText, lineCents, toCents } from '../orders/money';
import { skuSnapshotOf } from '../orders/placement';
import { priceCart, type EngineApplied, type EnginePromotion, type EngineResult } from './engine';
import { engineCustomerOf, enginePromotionsOf } from './pricing';

/** An order line as placement builds it, before it is written. */
export interface PricedLine {
  id: string;
  tenant_id: string;
  line_no: number;
  sku_id: string;
  sku_snapshot: string;
  unit: 'CASE' | 'BASE' | 'MIXED';
  base_qty: number;
  price_list_id: string | null;
  price_list_name: string | null;
  price_unit: PriceUnit;
  list_price: string;
  deal_price: string;
  floor_price: string | null;
  list_amount: string;
  discount_amount: string;
  amount: string;
  is_gift: boolean;
  promotion_ids: string;
  tax_rate: string;
  cents: { listAmount: number; amount: number };
  unitsPerCase: number;
  qtyText: string;
  /** What the engine reads of a sold line; null for a gift line. */
  engine: null | { skuName: string; categoryId: string; brandId: string; floorCents: number | null };
}

export interface OrderPromotions {
  result: EngineResult;
  promotions: Map<string, EnginePromotion>;
  applied: EngineApplied[];
  giftLines: PricedLine[];
  /** Gift SKU names by id, for the preview. */
  skuNames: Map<string, string>;
}

/** A line's price per its price unit for an amount (the 成交价 after promotions). */
const unitPriceCents = (amount: number, line: PricedLine) =>
  line.price_unit === 'CASE'
    ? Math.round((amount * line.unitsPerCase) / line.base_qty)
    : Math.round(amount / line.base_qty);

export async function promotionsForOrder(
  trx: Kysely<DB>,
  tenantId: string,
  buyer: Selectable<CustomersTable>,
  priceType: PriceType,
  lines: PricedLine[],
  at: Date,
  orderId?: string,
): Promise<OrderPromotions | null> {
  const { promotions, groups } = await enginePromotionsOf(trx, tenantId, buyer.id, at);
  if (promotions.length === 0) return null;
  const giftSkuIds = [
    ...new Set(promotions.flatMap((each) => each.tiers.map((tier) => tier.giftSkuId ?? '')).filter(Boolean)),
  ];
  const giftSkus =
    giftSkuIds.length === 0
      ? []
      : await trx
          .selectFrom('skus')
          .selectAll()
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', giftSkuIds)
          .execute();
  const giftPriceList = await resolvePrices(trx, tenantId, {
    customerId: buyer.id,
    at,
    priceType,
    skus: giftSkus.map((sku) => ({ skuId: sku.id, qty: 1, unitsPerCase: sku.units_per_case })),
  });
  const giftPrices = new Map(giftSkus.map((sku, index) => [sku.id, giftPriceList[index] ?? null] as const));
  const sold = lines.filter((line) => line.engine !== null);
  const result = priceCart({
    at,
    customer: await engineCustomerOf(trx, buyer, orderId),
    lines: sold.map((line) => ({
      key: line.id,
      skuId: line.sku_id,
      skuName: line.engine!.skuName,
      categoryId: line.engine!.categoryId,
      brandId: line.engine!.brandId,
      baseQty: line.base_qty,
      unitsPerCase: line.unitsPerCase,
      listCents: line.cents.amount,
      floorCents: line.engine!.floorCents,
    })),
    promotions,
    groups,
    giftUnitCents: Object.fromEntries(
      [...giftPrices].map(([skuId, price]) => [skuId, price ? toCents(price.basePrice) : 0]),
    ),
    giftUnitsPerCase: Object.fromEntries(giftSkus.map((sku) => [sku.id, sku.units_per_case])),
  });
  for (const priced of result.lines) {
    const line = sold.find((each) => each.id === priced.key)!;
    if (priced.promotionIds.length === 0) continue;
    line.cents.amount = priced.amountCents;
    line.amount = centsText(priced.amountCents);
    line.discount_amount = centsText(line.cents.listAmount - priced.amountCents);
    line.deal_price = centsText(unitPriceCents(priced.amountCents, line));
    line.promotion_ids = JSON.stringify(priced.promotionIds);
  }
  let lineNo = lines.length;
  const giftLines: PricedLine[] = [];
  for (const use of result.applied) {
    for (const gift of use.gifts) {
      const sku = giftSkus.find((each) => each.id === gift.skuId)!;
      const price = giftPrices.get(sku.id) ?? null;
      const unit = price?.unit ?? 'CASE';
      const listCents = price ? toCents(price.price) : 0;
      const listAmount = lineCents(listCents, unit, gift.baseQty, sku.units_per_case);
      const cases = Math.floor(gift.baseQty / sku.units_per_case);
      const units = gift.baseQty % sku.units_per_case;
      lineNo += 1;
      giftLines.push({
        id: newId(),
        tenant_id: tenantId,
        line_no: lineNo,
        sku_id: sku.id,
        sku_snapshot: JSON.stringify(skuSnapshotOf(sku)),
        unit: cases > 0 && units > 0 ? 'MIXED' : cases > 0 ? 'CASE' : 'BASE',
        base_qty: gift.baseQty,
        price_list_id: price?.priceListId ?? null,
        price_list_name: price?.priceListName ?? null,
        price_unit: unit,
        list_price: centsText(listCents),
        deal_price: '0.00',
        floor_price: null,
        list_amount: centsText(listAmount),
        discount_amount: centsText(listAmount),
        amount: '0.00',
        is_gift: true,
        promotion_ids: JSON.stringify([use.promotionId]),
        tax_rate: sku.tax_rate,
        cents: { listAmount, amount: 0 },
        unitsPerCase: sku.units_per_case,
        qtyText: formatQuantity(gift.baseQty, {
          unitsPerCase: sku.units_per_case,
          caseUnit: sku.sale_unit,
          baseUnit: sku.base_unit,
        }),
        engine: null,
      });
    }
  }
  return {
    result,
    promotions: new Map(promotions.map((each) => [each.id, each])),
    applied: result.applied,
    giftLines,
    skuNames: new Map(giftSkus.map((sku) => [sku.id, sku.name])),
  };
}
