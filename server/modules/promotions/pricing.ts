// The engine's inputs read from the database, and what an order's promotions hold (DOMAIN §1.7
// PromotionUsage): the usages an order locks when it is placed, confirms when it passes the audit and
// releases when it is cancelled, invalidated or rejected. A lock raises the promotion's budget_used with a
// conditional UPDATE that never passes the total (CHECK budget_used <= budget_total backs it): of orders
// racing for the last of a budget, the one that finds it gone gets 409 and nothing of its order is written.
// A 累计返 tier is given once per crossing: its lock re-reads, under a lock of the promotion's row, what the
// tier had given the buyer; an order that finds it given meanwhile by another gets 409 likewise. A tier that
// gives 返费用 (FEE_CREDIT) credits the buyer's rebate account when its usage is confirmed at the audit — once,
// as the usage leaves LOCKED once — and funds/ledger.ts takes it back at cancel, invalidation, rejection or return.
import { sql, type Kysely, type Selectable } from 'kysely';
import { formatQuantity } from '../../../common/quantity';
import type { CustomersTable, DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { newId } from '../../db/ids';
import { COUNTED_ORDER_STATUS, lineCases } from '../orders/counted';
import { centsText, toCents } from '../orders/money';
import { creditForOrder, type FundOrder } from '../funds/ledger';
import {
  feeCreditCents,
  inProductScope,
  type CumulativeLedger,
  type EngineApplied,
  type EngineBundleItem,
  type EngineCustomer,
  type EngineGroup,
  type EnginePromotion,
} from './engine';
import { promotionTermsOf, settleByTime, type PromotionRow } from './service';

/** Statuses a promotion can be in to be considered (the others are not shown in 试算预览 either). */
const CONSIDERED = ['APPROVED', 'ACTIVE', 'PAUSED', 'BUDGET_EXHAUSTED'] as const;

/** The buyer as the engine's customer scopes see it. */
export async function engineCustomerOf(
  db: Kysely<DB>,
  buyer: Selectable<CustomersTable>,
  excludeOrderId?: string,
): Promise<EngineCustomer> {
  const [labels, orders] = await Promise.all([
    db.selectFrom('customer_label_links').select('label_id').where('customer_id', '=', buyer.id).execute(),
    db
      .selectFrom('sales_orders')
      .select(sql<number>`count(*)::integer`.as('n'))
      .where('tenant_id', '=', buyer.tenant_id)
      .where('buyer_id', '=', buyer.id)
      .where('status', 'not in', ['CANCELLED', 'INVALID'])
      .$if(excludeOrderId !== undefined, (query) => query.where('id', '!=', excludeOrderId!))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    id: buyer.id,
    customerType: buyer.customer_type,
    orgCode: buyer.org_code,
    areaCodes: [buyer.province_code, buyer.city_code, buyer.district_code].filter(
      (code): code is string => !!code,
    ),
    channel: buyer.channel,
    outletType: buyer.outlet_type,
    level: buyer.level,
    labelIds: labels.map((label) => label.label_id),
    previousOrders: orders.n,
  };
}

/** The tenant's promotions that may apply at `at`, with the buyer's uses of each, and the enabled groups. */
export async function enginePromotionsOf(
  db: Kysely<DB>,
  tenantId: string,
  buyerId: string,
  at: Date,
): Promise<{ promotions: EnginePromotion[]; groups: EngineGroup[] }> {
  await settleByTime(db, tenantId, at);
  const [rows, uses, groups] = await Promise.all([
    db
      .selectFrom('promotions')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('status', 'in', CONSIDERED)
      .where('end_at', '>', at)
      .orderBy('priority')
      .orderBy('promo_no')
      .execute(),
    db
      .selectFrom('promotion_usages')
      .select(['promotion_id', sql<number>`count(distinct order_id)::integer`.as('n')])
      .where('tenant_id', '=', tenantId)
      .where('customer_id', '=', buyerId)
      .where('status', '<>', 'RELEASED')
      .groupBy('promotion_id')
      .execute(),
    db
      .selectFrom('promotion_groups')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'ENABLED')
      .execute(),
  ]);
  const used = new Map(uses.map((use) => [use.promotion_id, use.n]));
  const enabled = new Set(groups.map((group) => group.id));
  const [bundles, ledgers] = await Promise.all([
    bundleItemsOf(db, tenantId, rows),
    cumulativeOf(db, tenantId, buyerId, at, rows),
  ]);
  return {
    promotions: rows.map((row) => ({
      ...promotionTermsOf(row),
      bundleItems: bundles.get(row.id) ?? [],
      cumulative: ledgers.get(row.id),
      startAt: row.start_at,
      endAt: row.end_at,
      budgetRemaining:
        row.budget_type === 'NONE' || row.budget_total === null
          ? null
          : row.budget_type === 'AMOUNT'
            ? toCents(row.budget_total) - toCents(row.budget_used)
            : Number(row.budget_total) - Number(row.budget_used),
      customerUses: used.get(row.id) ?? 0,
      groupId: row.group_id && enabled.has(row.group_id) ? row.group_id : null,
    })),
    groups: groups.map((group) => ({
      id: group.id,
      name: group.name,
      exclusivity: group.exclusivity,
      selection: group.selection,
      stackWithOtherGroups: group.stack_with_other_groups,
      priority: group.priority,
    })),
  };
}

/** The bundles' items with their SKUs' names and packing (one statement for every bundle). */
async function bundleItemsOf(
  db: Kysely<DB>,
  tenantId: string,
  rows: PromotionRow[],
): Promise<Map<string, EngineBundleItem[]>> {
  const bundles = rows.filter((row) => row.promo_type === 'BUNDLE' && row.bundle_items.length > 0);
  const skuIds = [...new Set(bundles.flatMap((row) => row.bundle_items.map((item) => item.skuId)))];
  if (skuIds.length === 0) return new Map();
  const skus = new Map(
    (
      await db
        .selectFrom('skus')
        .select(['id', 'name', 'units_per_case', 'sale_unit', 'base_unit'])
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', skuIds)
        .execute()
    ).map((sku) => [sku.id, sku]),
  );
  return new Map(
    bundles.map((row) => [
      row.id,
      row.bundle_items.map((item) => {
        const sku = skus.get(item.skuId);
        const perCase = sku?.units_per_case ?? 1;
        const baseQty = item.unit === 'CASE' ? item.qty * perCase : item.qty;
        return {
          ...item,
          skuName: sku?.name ?? item.skuId,
          baseQty,
          qtyText: formatQuantity(baseQty, {
            unitsPerCase: perCase,
            caseUnit: sku?.sale_unit,
            baseUnit: sku?.base_unit,
          }),
        };
      }),
    ]),
  );
}

/**
 * 累计返: for each running CUMULATIVE promotion, what the buyer bought of its products from its start until
 * `at` — the counted orders (orders/counted.ts: audited, not rejected, cancelled or invalid; sold lines at their
 * amounts after promotions) less the returns received in that time — and the times each tier was given him
 * (his usages not released). Two statements for all of them.
 */
async function cumulativeOf(
  db: Kysely<DB>,
  tenantId: string,
  buyerId: string,
  at: Date,
  rows: PromotionRow[],
): Promise<Map<string, CumulativeLedger>> {
  const cumulative = rows.filter((row) => row.promo_type === 'CUMULATIVE' && row.start_at < at);
  const result = new Map<string, CumulativeLedger>();
  if (cumulative.length === 0) return result;
  const windows = sql.join(cumulative.map((row) => sql`(${row.id}::text, ${row.start_at}::timestamptz)`));
  const statuses = sql.join(COUNTED_ORDER_STATUS.map((status) => sql.lit(status)));
  const [bought, given] = await Promise.all([
    sql<{
      promotion_id: string;
      sku_id: string;
      category_id: string;
      brand_id: string;
      amount: string;
      cases: string;
    }>`select w.promotion_id, b.sku_id, s.category_id, s.brand_id,
        sum(b.amount)::text as amount, sum(b.cases)::text as cases
      from (values ${windows}) as w(promotion_id, start_at)
      join (
        select o.ordered_at as at, l.sku_id, l.amount, ${lineCases('l.base_qty', 'l.sku_snapshot')} as cases
          from sales_orders o join sales_order_lines l on l.order_id = o.id
          where o.tenant_id = ${tenantId} and o.buyer_id = ${buyerId} and o.status in (${statuses})
            and o.audited_at is not null and o.ordered_at < ${at} and not l.is_gift
        union all
        select r.created_at, rl.sku_id, -rl.amount, -${lineCases('rl.base_qty', 'rl.sku_snapshot')}
          from return_orders r join return_order_lines rl on rl.return_id = r.id
          where r.tenant_id = ${tenantId} and r.customer_id = ${buyerId} and r.status = 'RECEIVED'
            and r.created_at < ${at}
      ) b on b.at >= w.start_at
      join skus s on s.id = b.sku_id
      group by w.promotion_id, b.sku_id, s.category_id, s.brand_id`.execute(db),
    db
      .selectFrom('promotion_usages')
      .select(['promotion_id', 'tier_no', sql<number>`sum(times)::integer`.as('times')])
      .where('tenant_id', '=', tenantId)
      .where('customer_id', '=', buyerId)
      .where(
        'promotion_id',
        'in',
        cumulative.map((row) => row.id),
      )
      .where('status', '<>', 'RELEASED')
      .groupBy(['promotion_id', 'tier_no'])
      .execute(),
  ]);
  for (const row of cumulative) {
    const ledger: CumulativeLedger = { priorCents: 0, priorCases: 0, given: {} };
    for (const each of bought.rows) {
      if (each.promotion_id !== row.id) continue;
      const line = { skuId: each.sku_id, categoryId: each.category_id, brandId: each.brand_id };
      if (!inProductScope(row.product_scope, line)) continue;
      ledger.priorCents += toCents(each.amount);
      ledger.priorCases += Number(each.cases);
    }
    // Whole hundredths of a case, as the rebates count them (a sum of thirds is never quite 1).
    ledger.priorCases = Math.round(ledger.priorCases * 100) / 100;
    for (const use of given) if (use.promotion_id === row.id) ledger.given[use.tier_no] = use.times;
    result.set(row.id, ledger);
  }
  return result;
}

/** What the budget column holds for a consumption: yuan for AMOUNT (cents in the engine), a count for gifts. */
const budgetValue = (promotion: EnginePromotion, consumed: number) =>
  promotion.budgetType === 'AMOUNT' ? centsText(consumed) : String(consumed);

/** Locks the order's usages: each budget raised conditionally, a usage row LOCKED per applied promotion. */
export async function lockUsages(
  trx: Kysely<DB>,
  order: { tenantId: string; orderId: string; customerId: string },
  applied: EngineApplied[],
  promotions: Map<string, EnginePromotion>,
): Promise<void> {
  for (const use of applied) {
    const promotion = promotions.get(use.promotionId)!;
    if (promotion.promoType === 'CUMULATIVE') await claimCrossing(trx, order.customerId, promotion, use);
    if (use.budgetConsumed > 0) {
      const amount = budgetValue(promotion, use.budgetConsumed);
      const taken = await trx
        .updateTable('promotions')
        .set({
          budget_used: sql`budget_used + ${amount}::numeric`,
          status: sql`case when budget_used + ${amount}::numeric >= budget_total then 'BUDGET_EXHAUSTED' else status end`,
          version: sql`version + 1`,
        })
        .where('id', '=', promotion.id)
        .where('status', 'in', ['ACTIVE', 'APPROVED'])
        .where(sql<boolean>`budget_used + ${amount}::numeric <= budget_total`)
        .returning('id')
        .executeTakeFirst();
      if (!taken) {
        throw new BusinessError(409, `促销「${promotion.name}」的预算已被其他订单用完，请刷新后重新下单`);
      }
    }
    await trx
      .insertInto('promotion_usages')
      .values({
        id: newId(),
        tenant_id: order.tenantId,
        promotion_id: promotion.id,
        order_id: order.orderId,
        customer_id: order.customerId,
        tier_no: use.tierNo,
        discount_amount: centsText(use.discountCents),
        gift_sku_id: use.gifts[0]?.skuId ?? null,
        gift_qty: use.gifts.reduce((total, gift) => total + gift.baseQty, 0),
        budget_consumed: budgetValue(promotion, use.budgetConsumed),
        times: use.times,
        status: 'LOCKED',
      })
      .execute();
  }
}

/**
 * A 累计返 tier's crossing is the order's only if the tier has given the buyer what it had when the order was
 * priced: the promotion's row locked (orders of the same promotion wait here for each other), then counted
 * again — a crossing another order claimed meanwhile answers 409 and the order is priced again.
 */
async function claimCrossing(
  trx: Kysely<DB>,
  customerId: string,
  promotion: EnginePromotion,
  use: EngineApplied,
) {
  await trx.selectFrom('promotions').select('id').where('id', '=', promotion.id).forUpdate().execute();
  const now = await trx
    .selectFrom('promotion_usages')
    .select(sql<number>`coalesce(sum(times), 0)::integer`.as('times'))
    .where('promotion_id', '=', promotion.id)
    .where('customer_id', '=', customerId)
    .where('tier_no', '=', use.tierNo)
    .where('status', '<>', 'RELEASED')
    .executeTakeFirstOrThrow();
  if (now.times !== (promotion.cumulative?.given[use.tierNo] ?? 0)) {
    throw new BusinessError(
      409,
      `促销「${promotion.name}」的累计返已由该客户的其他订单享受，请刷新后重新下单`,
    );
  }
}

/**
 * The 返费用 a 累计返 usage earned, in cents (0 for any other usage): what the engine credited — all of an AMOUNT
 * budget's consumption (the budget may have cut it), else the tier's yuan for its times within its cap.
 */
export function usageCreditCents(
  promotion: Pick<PromotionRow, 'promo_type' | 'budget_type' | 'tiers'>,
  use: { tier_no: number; times: number; budget_consumed: string },
): number {
  const tier = promotion.tiers.find((each) => each.tierNo === use.tier_no);
  if (promotion.promo_type !== 'CUMULATIVE' || tier?.benefitType !== 'FEE_CREDIT') return 0;
  return promotion.budget_type === 'AMOUNT' ? toCents(use.budget_consumed) : feeCreditCents(tier, use.times);
}

/** At the audit: the order's locked usages are confirmed, and the 返费用 they earned credited. */
export async function confirmUsages(
  trx: Kysely<DB>,
  order: FundOrder,
  operatorId: string | null,
): Promise<void> {
  const confirmed = await trx
    .updateTable('promotion_usages')
    .set({ status: 'CONFIRMED', updated_at: new Date() })
    .where('order_id', '=', order.id)
    .where('status', '=', 'LOCKED')
    .returning(['promotion_id', 'tier_no', 'times', 'budget_consumed'])
    .execute();
  if (confirmed.length === 0) return;
  const promotions = await trx
    .selectFrom('promotions')
    .select(['id', 'name', 'promo_type', 'budget_type', 'tiers'])
    .where('id', 'in', [...new Set(confirmed.map((use) => use.promotion_id))])
    .where('promo_type', '=', 'CUMULATIVE')
    .execute();
  for (const use of confirmed) {
    const promotion = promotions.find((each) => each.id === use.promotion_id);
    const cents = promotion ? usageCreditCents(promotion, use) : 0;
    if (cents > 0)
      await creditForOrder(
        trx,
        order,
        cents,
        `累计返「${promotion!.name}」第 ${use.tier_no} 档返费用`,
        operatorId,
      );
  }
}

/**
 * At cancel, invalidation or rejection: the order's usages released and their budgets given back; a promotion
 * whose budget had run out is running again if its time has not.
 */
export async function releaseUsages(trx: Kysely<DB>, orderId: string): Promise<void> {
  const released = await trx
    .updateTable('promotion_usages')
    .set({ status: 'RELEASED', updated_at: new Date() })
    .where('order_id', '=', orderId)
    .where('status', 'in', ['LOCKED', 'CONFIRMED'])
    .returning(['promotion_id', 'budget_consumed'])
    .execute();
  for (const use of released) {
    if (Number(use.budget_consumed) === 0) continue;
    await trx
      .updateTable('promotions')
      .set({
        budget_used: sql`budget_used - ${use.budget_consumed}::numeric`,
        status: sql`case when status = 'BUDGET_EXHAUSTED' and end_at > now() then 'ACTIVE' else status end`,
        version: sql`version + 1`,
      })
      .where('id', '=', use.promotion_id)
      .execute();
  }
}
