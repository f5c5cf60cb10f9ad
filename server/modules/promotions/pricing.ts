// The engine's inputs read from the database, and what an order's promotions hold (DOMAIN §1.7
// PromotionUsage): the usages an order locks when it is placed, confirms when it passes the audit and
// releases when it is cancelled, invalidated or rejected. A lock raises the promotion's budget_used with a
// conditional UPDATE that never passes the total (CHECK budget_used <= budget_total backs it): of orders
// racing for the last of a budget, the one that finds it gone gets 409 and nothing of its order is written.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { CustomersTable, DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { newId } from '../../db/ids';
import { centsText, toCents } from '../orders/money';
import type { EngineApplied, EngineCustomer, EngineGroup, EnginePromotion } from './engine';
import { promotionTermsOf, settleByTime } from './service';

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
  return {
    promotions: rows.map((row) => ({
      ...promotionTermsOf(row),
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
        status: 'LOCKED',
      })
      .execute();
  }
}

/** At the audit: the order's locked usages are confirmed. */
export async function confirmUsages(trx: Kysely<DB>, orderId: string): Promise<void> {
  await trx
    .updateTable('promotion_usages')
    .set({ status: 'CONFIRMED', updated_at: new Date() })
    .where('order_id', '=', orderId)
    .where('status', '=', 'LOCKED')
    .execute();
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
