// The rebates contract (DOMAIN §1.9), shared by the server and the SPA: rebate policies with their tiers,
// periods and scopes, the calculation results per customer and period, and the customers' fund accounts with
// their append-only ledger. Codes carry their Chinese labels; the state tables are what the server enforces
// and the SPA enables its buttons with. Routes: docs/rebates-api.md.

const labels = <T extends string>(entries: Record<T, string>) => entries;

/** What a policy measures: the net purchase amount, the net cases, or the amount's growth on the same period a year before. */
export const REBATE_BASIS = labels({ AMOUNT: '进货金额', CASES: '进货箱数', GROWTH: '同比增长率(%)' });
export type RebateBasis = keyof typeof REBATE_BASIS;

export const REBATE_PERIOD = labels({ MONTH: '月度', QUARTER: '季度', YEAR: '年度' });
export type RebatePeriodType = keyof typeof REBATE_PERIOD;

/** A tier's benefit: a percentage of the period's net purchase amount, or a fixed sum once the tier is reached. */
export const REBATE_BENEFIT = labels({ PERCENT: '按金额比例(%)', FIXED: '固定金额(元)' });
export type RebateBenefit = keyof typeof REBATE_BENEFIT;

export const REBATE_TARGET = labels({ DEALER: '经销商', OUTLET: '门店' });
export type RebateTarget = keyof typeof REBATE_TARGET;

export const REBATE_POLICY_STATUS = labels({
  DRAFT: '草稿',
  PENDING_APPROVAL: '审批中',
  ACTIVE: '生效中',
  REJECTED: '已驳回',
  ENDED: '已结束',
  CANCELLED: '已作废',
});
export type RebatePolicyStatus = keyof typeof REBATE_POLICY_STATUS;

export type RebatePolicyCommand = 'SUBMIT' | 'END' | 'CANCEL';

/** The policy's state table: command → statuses it may start from (the approval's outcome moves PENDING_APPROVAL). */
export const REBATE_POLICY_TRANSITIONS: Record<
  RebatePolicyCommand,
  { from: readonly RebatePolicyStatus[]; to: RebatePolicyStatus; label: string }
> = {
  SUBMIT: { from: ['DRAFT', 'REJECTED'], to: 'PENDING_APPROVAL', label: '提交审批' },
  END: { from: ['ACTIVE'], to: 'ENDED', label: '结束' },
  CANCEL: { from: ['DRAFT', 'REJECTED'], to: 'CANCELLED', label: '作废' },
};

export const EDITABLE_POLICY_STATUS: readonly RebatePolicyStatus[] = ['DRAFT', 'REJECTED'];

export const REBATE_CALC_STATUS = labels({
  PENDING_CONFIRM: '待确认',
  ADJUSTING: '调整审批中',
  CONFIRMED: '已确认入账',
  CLOSED: '已关闭',
});
export type RebateCalcStatus = keyof typeof REBATE_CALC_STATUS;

export type RebateCalcCommand = 'CONFIRM' | 'ADJUST' | 'CLOSE';

export const REBATE_CALC_TRANSITIONS: Record<
  RebateCalcCommand,
  { from: readonly RebateCalcStatus[]; to: RebateCalcStatus; label: string }
> = {
  CONFIRM: { from: ['PENDING_CONFIRM'], to: 'CONFIRMED', label: '确认入账' },
  ADJUST: { from: ['PENDING_CONFIRM'], to: 'ADJUSTING', label: '申请调整' },
  CLOSE: { from: ['PENDING_CONFIRM'], to: 'CLOSED', label: '关闭' },
};

/** A customer's accounts: rebates (pays part of an order), display fees, goods compensation (货补). */
export const FUND_ACCOUNT_TYPE = labels({
  REBATE: '返利账户',
  DISPLAY_FEE: '陈列费用账户',
  GOODS_COMPENSATION: '货补账户',
  // An outlet's reward coins (DOMAIN §1.4): amounts are whole coins, not yuan.
  COIN: '金币账户',
});
export type FundAccountType = keyof typeof FUND_ACCOUNT_TYPE;

export const FUND_ENTRY_TYPE = labels({
  ACCRUE: '入账',
  FREEZE: '下单冻结',
  UNFREEZE: '解冻',
  ORDER_DEDUCT: '订单抵扣',
  ORDER_RETURN_BACK: '退单返还',
  ADJUST: '调整',
  // Coins (DOMAIN §1.4 RewardCoinLedger).
  EARN_EXECUTION: '执行奖励',
  EARN_DISPLAY: '陈列奖励',
  REVERSE: '冲正',
  REDEEM_GIFT: '兑换礼品',
  EXPIRE: '过期',
});
export type FundEntryType = keyof typeof FUND_ENTRY_TYPE;

/** What a ledger entry came from. */
export const FUND_SOURCE_TYPE = labels({
  REBATE_CALC: '返利核算',
  DISPLAY_FEE: '陈列费用',
  ORDER: '订单',
  MANUAL: '手工',
  EXECUTION: '门店执行',
});
export type FundSourceType = keyof typeof FUND_SOURCE_TYPE;

/** One tier: the basis in [minValue, maxValue) (maxValue null: no upper bound). */
export interface RebateTier {
  tierNo: number;
  label: string;
  minValue: number;
  maxValue: number | null;
  benefitType: RebateBenefit;
  /** A percentage (3 = 3%) or yuan. */
  benefitValue: number;
}

/** The tiers as the policy list shows them (and exports them): [min, max) and each one's benefit. */
export const tiersText = (tiers: RebateTier[]) =>
  tiers
    .map(
      (tier) =>
        `[${tier.minValue}, ${tier.maxValue ?? '∞'}) ${
          tier.benefitType === 'PERCENT' ? `${tier.benefitValue}%` : `${tier.benefitValue}元`
        }`,
    )
    .join('；');

export interface RebateCustomerScope {
  customerIds?: string[];
  /** Departments: a customer whose org code lies under one of these. */
  orgCodes?: string[];
  /** Regions: province, city or district codes. */
  areaCodes?: string[];
  channels?: string[];
}

export interface RebatePolicyInput {
  name: string;
  targetType: RebateTarget;
  basis: RebateBasis;
  periodType: RebatePeriodType;
  /** Policy dates, 'YYYY-MM-DD', both inclusive. */
  startDate: string;
  endDate: string;
  graceDays: number;
  customerScope: RebateCustomerScope;
  /** SKUs whose purchases count; empty: all. */
  skuIds: string[];
  tiers: RebateTier[];
  /** Most a customer gets for one period; null: no cap. */
  capAmount: number | null;
  /** Share of an order's goods amount (after promotions) the rebate account may pay, 0–1. */
  maxDeductRatio: number;
  remark?: string | null;
}

export interface RebatePolicyRecord extends RebatePolicyInput {
  id: string;
  policyNo: string;
  status: RebatePolicyStatus;
  status_dictText: string;
  basis_dictText: string;
  periodType_dictText: string;
  targetType_dictText: string;
  updateTime: string;
}

/** An order (or a return, negative) behind a result. */
export interface RebateSourceDoc {
  docType: 'ORDER' | 'RETURN';
  id: string;
  docNo: string;
  date: string;
  amount: string;
  cases: string;
}

export interface RebateCalcRecord {
  id: string;
  calcNo: string;
  policyId: string;
  policyNo: string;
  policyName: string;
  customerId: string;
  customerName: string;
  period: string;
  basis: RebateBasis;
  basis_dictText: string;
  grossAmount: string;
  returnsAmount: string;
  netAmount: string;
  grossCases: string;
  returnsCases: string;
  netCases: string;
  /** The measured value the tiers were read with (amount, cases or growth %). */
  basisValue: string;
  tierNo: number | null;
  tierLabel: string | null;
  rebateAmount: string;
  adjustmentAmount: string;
  adjustmentReason: string | null;
  finalAmount: string;
  status: RebateCalcStatus;
  status_dictText: string;
  sourceDocs: RebateSourceDoc[];
  updateTime: string;
}

/** A result's net basis as the result list shows it (and exports it): cases, growth % or amount. */
export const calcBasisText = (
  record: Pick<RebateCalcRecord, 'basis' | 'netCases' | 'basisValue' | 'netAmount'>,
) =>
  record.basis === 'CASES'
    ? `${record.netCases} 箱`
    : record.basis === 'GROWTH'
      ? `${record.basisValue}%（净额 ${record.netAmount}）`
      : `¥${record.netAmount}`;

export interface RebateRunInput {
  policyId: string;
  /** '2026-03', '2026-Q1' or '2026', as the policy's period type says. */
  period: string;
}

export interface RebateAdjustInput {
  id: string;
  /** Added to the calculated amount (negative lowers it). */
  amount: number;
  reason: string;
}

export interface FundAccountRecord {
  id: string;
  customerId: string;
  customerName: string;
  customerType_dictText: string;
  accountType: FundAccountType;
  accountType_dictText: string;
  balance: string;
  frozen: string;
  available: string;
  totalIn: string;
  totalOut: string;
  updateTime: string;
}

export interface FundLedgerRecord {
  id: string;
  seq: number;
  customerName: string;
  accountType_dictText: string;
  entryType: FundEntryType;
  entryType_dictText: string;
  amount: string;
  frozenChange: string;
  balanceAfter: string;
  frozenAfter: string;
  sourceType_dictText: string;
  sourceNo: string | null;
  remark: string | null;
  operatorName: string | null;
  createTime: string;
}

/** What the order form shows of the buyer's rebate account for its cart. */
export interface RebateDeduction {
  /** The account's balance less what other orders hold. */
  available: string;
  /** The most this order may take: the cap ratio of the policies that credited the account, times the goods after promotions. */
  maxDeduct: string;
  /** The deduction asked for and accepted (0 when none was asked). */
  deduct: string;
  /** Why nothing may be deducted, when so. */
  reason: string | null;
}

const PERIOD_PATTERNS: Record<RebatePeriodType, RegExp> = {
  MONTH: /^(\d{4})-(0[1-9]|1[0-2])$/,
  QUARTER: /^(\d{4})-Q([1-4])$/,
  YEAR: /^(\d{4})$/,
};

const pad = (value: number) => String(value).padStart(2, '0');

/** A period's first day and the day after its last ('YYYY-MM-DD'), or null when the key is not of the type. */
export function periodRange(type: RebatePeriodType, key: string): { start: string; end: string } | null {
  const match = PERIOD_PATTERNS[type].exec(key);
  if (!match) return null;
  const year = Number(match[1]);
  const [fromMonth, months] =
    type === 'MONTH' ? [Number(match[2]), 1] : type === 'QUARTER' ? [Number(match[2]) * 3 - 2, 3] : [1, 12];
  const endMonth = fromMonth + months;
  const end = endMonth > 12 ? `${year + 1}-01-01` : `${year}-${pad(endMonth)}-01`;
  return { start: `${year}-${pad(fromMonth)}-01`, end };
}

/** The same period a year earlier (what growth is measured against). */
export const previousYearPeriod = (key: string) => `${Number(key.slice(0, 4)) - 1}${key.slice(4)}`;

/** The period of a type holding a day ('YYYY-MM-DD'). */
export function periodOf(type: RebatePeriodType, day: string): string {
  const year = day.slice(0, 4);
  const month = Number(day.slice(5, 7));
  return type === 'MONTH' ? day.slice(0, 7) : type === 'QUARTER' ? `${year}-Q${Math.ceil(month / 3)}` : year;
}

/** The tier a basis reaches: minValue ≤ basis < maxValue (left-closed, right-open); null below the first. */
export function tierFor(tiers: readonly RebateTier[], basis: number): RebateTier | null {
  return (
    tiers.find((tier) => basis >= tier.minValue && (tier.maxValue === null || basis < tier.maxValue)) ?? null
  );
}

/** Why a policy's tiers cannot be used, or null: ordered, each non-empty, none overlapping the next. */
export function tierProblem(tiers: readonly RebateTier[]): string | null {
  if (tiers.length === 0) return '请至少设置一个档位';
  for (const [index, tier] of tiers.entries()) {
    const name = `第 ${index + 1} 档`;
    if (tier.maxValue !== null && tier.maxValue <= tier.minValue) return `${name}：上限必须大于下限`;
    if (tier.benefitValue < 0) return `${name}：返利值不能为负`;
    if (tier.benefitType === 'PERCENT' && tier.benefitValue > 100) return `${name}：返利比例不能超过 100%`;
    const next = tiers[index + 1];
    if (!next) continue;
    if (tier.maxValue === null) return `${name}：无上限的档位只能是最后一档`;
    if (next.minValue < tier.maxValue) return `第 ${index + 2} 档：下限不能小于上一档的上限（区间左闭右开）`;
  }
  return null;
}

/**
 * The rebate of a tier, in cents: a percentage of the net amount (never below 0) or the fixed sum, then the
 * policy's cap. Percentages round half up to the cent.
 */
export function rebateCents(
  tier: RebateTier | null,
  netAmountCents: number,
  capCents: number | null,
): number {
  if (!tier) return 0;
  const raw =
    tier.benefitType === 'PERCENT'
      ? Math.round((Math.max(0, netAmountCents) * Math.round(tier.benefitValue * 10000)) / 1_000_000)
      : Math.round(tier.benefitValue * 100);
  return capCents === null ? raw : Math.min(raw, capCents);
}
