// 返利抵扣 (DOMAIN §1.9 maxDeductRatioPerOrder): how much of an order the buyer's rebate account may pay. The
// most is the available balance (what other orders hold is frozen) and the cap: the goods after promotions
// times the highest per-order ratio among the policies whose confirmed rebates credited the account. A
// promotion that does not stack with rebates (allow_with_rebate off) on the order rules the deduction out.
// Order placement asks with the amount the user typed; the server decides, the client never sends the result.
import { sql, type Kysely } from 'kysely';
import type { RebateDeduction } from '../../../common/rebates';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { fundBalanceOf } from '../funds/ledger';
import { centsText, yuan } from '../orders/money';

export interface DeductionQuote {
  availableCents: number;
  maxCents: number;
  reason: string | null;
}

/** The cap ratio of a customer's rebate account: the highest of the policies that credited it (0 without any). */
async function capRatioOf(db: Kysely<DB>, tenantId: string, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('rebate_calculations')
    .innerJoin('rebate_policies', 'rebate_policies.id', 'rebate_calculations.policy_id')
    .select(sql<string | null>`max(rebate_policies.max_deduct_ratio)::text`.as('ratio'))
    .where('rebate_calculations.tenant_id', '=', tenantId)
    .where('rebate_calculations.customer_id', '=', customerId)
    .where('rebate_calculations.status', '=', 'CONFIRMED')
    .executeTakeFirst();
  return row?.ratio ? Number(row.ratio) : 0;
}

export async function quoteDeduction(
  db: Kysely<DB>,
  tenantId: string,
  customerId: string,
  goodsAfterPromoCents: number,
  promotionIds: readonly string[],
): Promise<DeductionQuote> {
  const { available } = await fundBalanceOf(db, tenantId, customerId, 'REBATE');
  const availableCents = Math.max(0, available);
  if (availableCents === 0) return { availableCents, maxCents: 0, reason: '返利账户没有可用余额' };
  if (promotionIds.length > 0) {
    const exclusive = await db
      .selectFrom('promotions')
      .select('name')
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', [...promotionIds])
      .where('allow_with_rebate', '=', false)
      .executeTakeFirst();
    if (exclusive)
      return { availableCents, maxCents: 0, reason: `促销「${exclusive.name}」不可与返利抵扣同时使用` };
  }
  const ratio = await capRatioOf(db, tenantId, customerId);
  if (ratio <= 0) return { availableCents, maxCents: 0, reason: '该客户的返利政策不允许订货抵扣' };
  const capCents = Math.floor(Math.max(0, goodsAfterPromoCents) * ratio);
  return {
    availableCents,
    maxCents: Math.min(availableCents, capCents),
    reason: null,
  };
}

/** The deduction an order takes: the amount asked, or a 400 saying the most it may be. */
export function acceptedDeduction(quote: DeductionQuote, requestedCents: number): number {
  if (requestedCents <= 0) return 0;
  if (quote.maxCents === 0)
    throw new BusinessError(400, `不能使用返利抵扣：${quote.reason ?? '没有可抵扣金额'}`);
  if (requestedCents > quote.maxCents)
    throw new BusinessError(
      400,
      `返利抵扣最多 ${yuan(quote.maxCents)}（可用余额 ${yuan(quote.availableCents)}，受单笔订单抵扣上限限制）`,
    );
  return requestedCents;
}

export const deductionOf = (quote: DeductionQuote, deductCents: number): RebateDeduction => ({
  available: centsText(quote.availableCents),
  maxDeduct: centsText(quote.maxCents),
  deduct: centsText(deductCents),
  reason: quote.reason,
});
