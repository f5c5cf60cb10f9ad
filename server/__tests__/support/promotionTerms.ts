// A promotion's terms and tiers as the 编辑向导 sends them: plain builders with no testbed behind them, for the
// promotions tests (support/promotions.ts re-exports them) and the promotions bench alike.
import type { PromotionTier } from '../../../common/promotions';

/** A Beijing wall-clock time `offsetDays` from now, as the wizard sends it ("2026-06-10 12:00"). */
export const beijing = (offsetDays: number) =>
  new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 16).replace('T', ' ');

/** One tier: 满 1 箱, nothing off, unless `values` say otherwise. */
export const promotionTier = (values: Partial<PromotionTier>): PromotionTier => ({
  tierNo: 1,
  thresholdType: 'QTY_CASES',
  thresholdValue: 1,
  benefitType: 'REDUCE_AMOUNT',
  benefitValue: 0,
  repeatable: false,
  ...values,
});

/** An order-level promotion for outlets, running from yesterday for 30 days without a budget, and `values`. */
export const promotionTerms = (values: Record<string, unknown>) => ({
  name: '测试促销',
  applyLevel: 'ORDER',
  audience: 'OUTLET',
  customerScope: {},
  productScope: {},
  startAt: beijing(-1),
  endAt: beijing(30),
  budgetType: 'NONE',
  firstOrderOnly: false,
  priority: 100,
  allowWithRebate: true,
  allowWithCoins: true,
  costBearer: 'BRAND',
  ...values,
});
