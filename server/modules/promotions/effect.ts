// 效果分析 of a promotion (DOMAIN §1.7): its orders, cases, cost (优惠 + 赠品 + 返费用) and cost per case, and the cases
// above the same outlets' previous four weeks. The usages say which orders the promotion priced (released ones —
// cancelled, invalid, rejected orders — do not count); the order lines say what was bought and what the gifts
// were worth (a gift line's discount is its list amount, orderPricing.ts). Cases count only the goods in the
// promotion's product scope, judged by the engine's own rule, so the figure means what the promotion priced.
import { sql, type Kysely } from 'kysely';
import type { PromotionEffect } from '../../../common/promotions';
import { shanghaiDateTime } from '../../db/dates';
import type { DB } from '../../db/schema';
import type { Caller } from '../shared/actor';
import { NOT_SALES } from '../kpi/indicators';
import { centsText, toCents } from '../orders/money';
import { inProductScope } from './engine';
import { usageCreditCents } from './pricing';
import { promotionInScope, settleByTime } from './service';

/** The length of the baseline DOMAIN §1.7 compares with: the four weeks before the start. */
const BASELINE_DAYS = 28;

const casesText = (cases: number) => cases.toFixed(2);
const perCase = (cents: number, cases: number) => (cases > 0 ? centsText(Math.round(cents / cases)) : null);

export async function promotionEffect(db: Kysely<DB>, caller: Caller, id: string): Promise<PromotionEffect> {
  await settleByTime(db, caller.tenantId);
  // The promotion must be in the caller's data scope; its figures then cover all of its orders.
  const promotion = await promotionInScope(db, caller, id);
  const held = db
    .selectFrom('promotion_usages')
    .where('promotion_usages.tenant_id', '=', caller.tenantId)
    .where('promotion_usages.promotion_id', '=', id)
    .where('promotion_usages.status', '<>', 'RELEASED');
  const ordersOfPromotion = held.select('promotion_usages.order_id');
  const customersOfPromotion = held.select('promotion_usages.customer_id');
  const shanghai = (instant: string) => sql.raw(`(${instant} at time zone 'Asia/Shanghai')`);

  const soldLines = () =>
    db
      .selectFrom('sales_order_lines')
      .innerJoin('sales_orders', 'sales_orders.id', 'sales_order_lines.order_id')
      .innerJoin('skus', 'skus.id', 'sales_order_lines.sku_id')
      .where('sales_orders.tenant_id', '=', caller.tenantId)
      .where('sales_order_lines.is_gift', '=', false);
  type SoldLines = ReturnType<typeof soldLines>;
  /** What was sold per SKU (net of returns, gifts aside) on the orders `pick` keeps. */
  const soldPerSku = (pick: (query: SoldLines) => SoldLines) =>
    pick(soldLines())
      .select([
        'skus.id as skuId',
        'skus.category_id as categoryId',
        'skus.brand_id as brandId',
        'skus.units_per_case as unitsPerCase',
        sql<string>`sum(sales_order_lines.base_qty - sales_order_lines.returned_base_qty)::text`.as(
          'baseQty',
        ),
      ])
      .groupBy(['skus.id', 'skus.category_id', 'skus.brand_id', 'skus.units_per_case'])
      .execute();
  const baselineStart = sql<Date>`${promotion.start_at}::timestamptz - interval '${sql.raw(String(BASELINE_DAYS))} days'`;

  const [period, usage, credits, gifts, sold, before] = await Promise.all([
    db
      .selectFrom('promotions')
      .select([
        shanghaiDateTime('start_at').as('startAt'),
        shanghaiDateTime('end_at').as('endAt'),
        shanghaiDateTime(sql`start_at - interval '${sql.raw(String(BASELINE_DAYS))} days'`).as(
          'baselineFrom',
        ),
        sql<number>`greatest(0, (${shanghai('least(end_at, now())')})::date - (${shanghai('start_at')})::date + 1)::integer`.as(
          'periodDays',
        ),
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
    held
      .select([
        sql<number>`count(distinct promotion_usages.order_id)::integer`.as('orders'),
        sql<number>`count(distinct promotion_usages.customer_id)::integer`.as('customers'),
        sql<string>`coalesce(sum(promotion_usages.discount_amount), 0)::text`.as('discount'),
      ])
      .executeTakeFirstOrThrow(),
    // 累计返 返费用: what each usage credited the buyer's rebate account.
    held.select(['tier_no', 'times', 'budget_consumed']).execute(),
    db
      .selectFrom('sales_order_lines')
      .select(sql<string>`coalesce(sum(sales_order_lines.discount_amount), 0)::text`.as('amount'))
      .where('sales_order_lines.tenant_id', '=', caller.tenantId)
      .where('sales_order_lines.order_id', 'in', ordersOfPromotion)
      .where('sales_order_lines.is_gift', '=', true)
      .where(sql<boolean>`sales_order_lines.promotion_ids @> ${JSON.stringify([id])}::jsonb`)
      .executeTakeFirstOrThrow(),
    soldPerSku((query) => query.where('sales_order_lines.order_id', 'in', ordersOfPromotion)),
    // The same outlets, the four weeks before the start: every order that stands, with or without a promotion.
    soldPerSku((query) =>
      query
        .where('sales_orders.buyer_id', 'in', customersOfPromotion)
        .where('sales_orders.status', 'not in', NOT_SALES as never[])
        .where('sales_orders.ordered_at', '>=', baselineStart)
        .where('sales_orders.ordered_at', '<', promotion.start_at),
    ),
  ]);
  const casesOf = (rows: typeof sold) =>
    rows
      .filter((row) => inProductScope(promotion.product_scope, row))
      .reduce((total, row) => total + Number(row.baseQty) / row.unitsPerCase, 0);
  const cases = casesOf(sold);
  const baselineCases = casesOf(before);
  const expectedCases = (baselineCases * period.periodDays) / BASELINE_DAYS;
  const incremental = cases - expectedCases;
  const discountCents = toCents(usage.discount);
  const giftCents = toCents(gifts.amount);
  const creditCents = credits.reduce((total, use) => total + usageCreditCents(promotion, use), 0);
  const costCents = discountCents + giftCents + creditCents;
  return {
    promotionId: promotion.id,
    promoNo: promotion.promo_no,
    name: promotion.name,
    startAt: period.startAt,
    endAt: period.endAt,
    periodDays: period.periodDays,
    orderCount: usage.orders,
    customerCount: usage.customers,
    cases: casesText(cases),
    discountAmount: centsText(discountCents),
    giftAmount: centsText(giftCents),
    creditAmount: centsText(creditCents),
    costAmount: centsText(costCents),
    costPerCase: perCase(costCents, cases),
    baselineFrom: period.baselineFrom,
    baselineTo: period.startAt,
    baselineCases: casesText(baselineCases),
    expectedCases: casesText(expectedCases),
    incrementalCases: casesText(incremental),
    costPerIncrementalCase: perCase(costCents, incremental),
  };
}
