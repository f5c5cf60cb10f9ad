// 返利抵扣 (DOMAIN §1.9 maxDeductRatioPerOrder): how much of an order the buyer's rebate account may pay. The
// most is the available balance (what other orders hold is frozen) and the cap: the goods after promotions
// times the highest per-order ratio among the policies whose confirmed rebates credited the account. A
// promotion that does not stack with rebates (allow_with_rebate off) on the order rules the deduction out.
// 金币抵扣 (DOMAIN §1.4 coin rules) likewise from the buyer outlet's coins: each worth coinValueYuan, no more
// than maxDeductRatioPerOrder of the goods after promotions nor what the rebate deduction leaves to pay.
// Order placement asks with the amount the user typed; the server decides, the client never sends the result.
import { sql, type Kysely } from 'kysely';
import {
  coinsToCents,
  DEFAULT_COIN_SETTINGS,
  type CoinDeduction,
  type CoinSettings,
} from '../../../common/execution';
import type { RebateDeduction } from '../../../common/rebates';
import type { CustomerType, DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { coinBalanceOf, fundBalanceOf } from '../funds/ledger';
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

/** The name of a promotion on the order that does not stack with the deduction, if any. */
async function exclusivePromotion(
  db: Kysely<DB>,
  tenantId: string,
  promotionIds: readonly string[],
  stacks: 'allow_with_rebate' | 'allow_with_coins',
) {
  if (promotionIds.length === 0) return null;
  const row = await db
    .selectFrom('promotions')
    .select('name')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...promotionIds])
    .where(stacks, '=', false)
    .executeTakeFirst();
  return row?.name ?? null;
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
  const exclusive = await exclusivePromotion(db, tenantId, promotionIds, 'allow_with_rebate');
  if (exclusive) return { availableCents, maxCents: 0, reason: `促销「${exclusive}」不可与返利抵扣同时使用` };
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

export interface CoinQuote {
  /** Only outlets have coins to use. */
  outlet: boolean;
  availableCoins: number;
  maxCoins: number;
  reason: string | null;
  settings: CoinSettings;
}

/** The coins an order of the buyer may use, after promotions and its rebate deduction. */
export async function quoteCoins(
  db: Kysely<DB>,
  tenantId: string,
  buyer: { id: string; customer_type: CustomerType },
  goodsAfterPromoCents: number,
  rebateCents: number,
  promotionIds: readonly string[],
  settings: CoinSettings = DEFAULT_COIN_SETTINGS,
): Promise<CoinQuote> {
  // Coin accounts are the outlets' (DOMAIN §1.4 RewardCoinAccount ownerType OUTLET).
  if (buyer.customer_type !== 'OUTLET')
    return { outlet: false, availableCoins: 0, maxCoins: 0, reason: '只有门店可以使用金币抵扣', settings };
  const availableCoins = Math.max(0, (await coinBalanceOf(db, tenantId, buyer.id)).available);
  const refused = (reason: string) => ({ outlet: true, availableCoins, maxCoins: 0, reason, settings });
  if (availableCoins === 0) return refused('门店没有可用金币');
  const exclusive = await exclusivePromotion(db, tenantId, promotionIds, 'allow_with_coins');
  if (exclusive) return refused(`促销「${exclusive}」不可与金币抵扣同时使用`);
  const capCents = Math.min(
    Math.floor(Math.max(0, goodsAfterPromoCents) * settings.maxDeductRatioPerOrder),
    goodsAfterPromoCents - rebateCents,
  );
  const capCoins = Math.max(0, Math.floor(capCents / coinsToCents(1, settings)));
  return {
    outlet: true,
    availableCoins,
    maxCoins: Math.min(availableCoins, capCoins),
    reason: null,
    settings,
  };
}

/** The coins an order takes: those asked for, or a refusal saying why not. */
export function acceptedCoins(quote: CoinQuote, requested: number): number {
  if (requested <= 0) return 0;
  // Too few coins is a conflict with the outlet's account (409); the order's own rules are bad input (400).
  if (quote.outlet && requested > quote.availableCoins)
    throw new BusinessError(
      409,
      `门店可用金币不足：可用 ${quote.availableCoins} 金币，本单要抵扣 ${requested} 金币`,
    );
  if (quote.reason) throw new BusinessError(400, `不能使用金币抵扣：${quote.reason}`);
  if (requested > quote.maxCoins)
    throw new BusinessError(
      400,
      `金币抵扣最多 ${quote.maxCoins} 金币（${yuan(coinsToCents(quote.maxCoins, quote.settings))}，单笔订单最多抵扣商品金额的 ${Math.round(quote.settings.maxDeductRatioPerOrder * 100)}%）`,
    );
  return requested;
}

export const coinDeductionOf = (quote: CoinQuote, coins: number): CoinDeduction => ({
  available: quote.availableCoins,
  maxCoins: quote.maxCoins,
  coins,
  amount: centsText(coinsToCents(coins, quote.settings)),
  coinValueYuan: quote.settings.coinValueYuan,
  maxDeductRatioPerOrder: quote.settings.maxDeductRatioPerOrder,
  reason: quote.reason,
});
