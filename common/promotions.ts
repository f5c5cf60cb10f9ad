// The promotions contract (DOMAIN §1.7), shared by the server and the SPA: promotion types, levels, states
// with their Chinese labels, the state machine (the SPA enables its buttons with it, the server refuses with
// the same table), promotion groups, and the shapes of the promotion and 试算预览 endpoints.
//
// Routes (answers in the API.md envelope; see docs/promotions-api.md):
//   /ePromotion/promotion
//     GET  list                 PromotionListQuery → Page<PromotionListRecord>     promotion:list
//     GET  queryById?id=        → PromotionDetail                                  promotion:list
//     POST add / edit           PromotionInput (+ id) → { id }                     promotion:add / promotion:edit
//     POST copy                 { id } → { id }                                    promotion:add
//     POST submit               { id } → { status }  (starts the 审批中心 approval)  promotion:edit
//     POST pause / resume / end / cancel  { id } → { status }                      promotion:status
//     POST preview              PromotionPreviewInput → PromotionPreview           promotion:preview
//     GET  effect?id=           → PromotionEffect (效果分析)                        promotion:list
//   /ePromotion/group
//     GET  list                 → Page<PromotionGroupRecord>                       promotion:group
//     POST add / edit           PromotionGroupInput (+ id) → { id }                promotion:group
//   /eOrder/eOrder/pricePreview  PromotionPreviewInput → PromotionPreview          order:add

import type { CoinDeduction } from './execution';
import type { RebateDeduction } from './rebates';

const labels = <T extends string>(entries: Record<T, string>) => entries;

export const PROMO_TYPE = labels({
  FULL_REDUCTION: '满减',
  FULL_DISCOUNT: '满折',
  BUY_GIFT: '买赠',
  SPECIAL_PRICE: '特价',
  TIERED: '阶梯',
  BUNDLE: '组合套餐',
  CUMULATIVE: '累计返',
  NEAR_EXPIRY: '临期清理',
  NEW_LISTING: '新品铺货',
});
export type PromoType = keyof typeof PROMO_TYPE;

/** The types the engine prices this round; the others may be drafted but not submitted. */
export const PRICED_PROMO_TYPES: readonly PromoType[] = [
  'FULL_REDUCTION',
  'FULL_DISCOUNT',
  'BUY_GIFT',
  'SPECIAL_PRICE',
  'TIERED',
  'BUNDLE',
  'CUMULATIVE',
  'NEAR_EXPIRY',
  'NEW_LISTING',
];

export const APPLY_LEVEL = labels({ LINE: '单品', CATEGORY: '品类', ORDER: '整单' });
export type ApplyLevel = keyof typeof APPLY_LEVEL;

export const AUDIENCE = labels({ DEALER: '经销商', OUTLET: '门店', EMPLOYEE: '员工' });
export type Audience = keyof typeof AUDIENCE;

export const BUDGET_TYPE = labels({ NONE: '不限', AMOUNT: '金额', GIFT_QTY: '赠品数量' });
export type BudgetType = keyof typeof BUDGET_TYPE;

export const THRESHOLD_TYPE = labels({
  QTY_CASES: '箱数',
  AMOUNT: '金额',
  SKU_COUNT: '品项数',
  SETS: '套数',
});
export type ThresholdType = keyof typeof THRESHOLD_TYPE;

export const BENEFIT_TYPE = labels({
  REDUCE_AMOUNT: '减额',
  DISCOUNT_RATE: '折扣',
  GIFT: '赠品',
  SPECIAL_PRICE: '特价',
  FEE_CREDIT: '返费用',
});
export type BenefitType = keyof typeof BENEFIT_TYPE;

/**
 * What each type's tiers may measure and give — the server refuses the rest, the wizard offers only these.
 * 组合套餐 counts complete sets of its items (its benefit: a package price a set, yuan off a set, a rate on the
 * sets' goods, or gifts a set); 累计返 measures amount or cases accumulated over the activity period and gives
 * yuan off this order, gifts, or 返费用 (yuan credited to the buyer's rebate account once the order that reached
 * the tier passes the audit); 买赠 gives gifts, 特价 a special price.
 */
export function tierRulesOf(promoType: PromoType): {
  thresholdTypes: ThresholdType[];
  benefitTypes: BenefitType[];
} {
  const ordinary: ThresholdType[] = ['QTY_CASES', 'AMOUNT', 'SKU_COUNT'];
  switch (promoType) {
    case 'BUNDLE':
      return {
        thresholdTypes: ['SETS'],
        benefitTypes: ['SPECIAL_PRICE', 'REDUCE_AMOUNT', 'DISCOUNT_RATE', 'GIFT'],
      };
    case 'CUMULATIVE':
      return {
        thresholdTypes: ['QTY_CASES', 'AMOUNT'],
        benefitTypes: ['REDUCE_AMOUNT', 'GIFT', 'FEE_CREDIT'],
      };
    case 'BUY_GIFT':
      return { thresholdTypes: ordinary, benefitTypes: ['GIFT'] };
    case 'SPECIAL_PRICE':
      return { thresholdTypes: ordinary, benefitTypes: ['SPECIAL_PRICE'] };
    default:
      return {
        thresholdTypes: ordinary,
        benefitTypes: ['REDUCE_AMOUNT', 'DISCOUNT_RATE', 'GIFT', 'SPECIAL_PRICE', 'FEE_CREDIT'],
      };
  }
}

/** One item of a 组合套餐: the SKU and how many of it make one set. */
export interface BundleItem {
  skuId: string;
  qty: number;
  /** Cases or base units (瓶/罐). */
  unit: 'CASE' | 'BASE';
}

export const COST_BEARER = labels({ BRAND: '品牌商', DEALER: '经销商', SHARED: '共同承担' });
export type CostBearer = keyof typeof COST_BEARER;

export const PROMO_STATUS = labels({
  DRAFT: '草稿',
  PENDING_APPROVAL: '审批中',
  APPROVED: '待生效',
  REJECTED: '已驳回',
  ACTIVE: '进行中',
  PAUSED: '已暂停',
  BUDGET_EXHAUSTED: '额度用尽',
  ENDED: '已结束',
  CANCELLED: '已作废',
});
export type PromoStatus = keyof typeof PROMO_STATUS;

export type PromoCommand = 'SUBMIT' | 'PAUSE' | 'RESUME' | 'END' | 'CANCEL';

/** The commands a user gives (the approval outcome and the clock move the others). */
export const PROMO_TRANSITIONS: ReadonlyArray<{
  command: PromoCommand;
  label: string;
  from: readonly PromoStatus[];
  to: PromoStatus;
}> = [
  { command: 'SUBMIT', label: '提交', from: ['DRAFT', 'REJECTED'], to: 'PENDING_APPROVAL' },
  { command: 'PAUSE', label: '暂停', from: ['ACTIVE'], to: 'PAUSED' },
  { command: 'RESUME', label: '恢复', from: ['PAUSED'], to: 'ACTIVE' },
  { command: 'END', label: '结束', from: ['ACTIVE', 'PAUSED', 'BUDGET_EXHAUSTED'], to: 'ENDED' },
  { command: 'CANCEL', label: '作废', from: ['DRAFT', 'APPROVED', 'REJECTED'], to: 'CANCELLED' },
];

/** States whose content may still be edited. */
export const EDITABLE_PROMO_STATUS: readonly PromoStatus[] = ['DRAFT', 'REJECTED'];

export const canPromo = (command: PromoCommand, status: PromoStatus) =>
  PROMO_TRANSITIONS.some((each) => each.command === command && each.from.includes(status));

export const GROUP_EXCLUSIVITY = labels({ EXCLUSIVE: '组内互斥', STACKABLE: '组内可叠加' });
export type GroupExclusivity = keyof typeof GROUP_EXCLUSIVITY;

export const GROUP_SELECTION = labels({
  BEST_FOR_BUYER: '自动选最优',
  BY_PRIORITY: '按优先级',
  BUYER_CHOOSES: '下单时选择',
});
export type GroupSelection = keyof typeof GROUP_SELECTION;

export const USAGE_STATUS = labels({ LOCKED: '锁定', CONFIRMED: '确认', RELEASED: '释放' });
export type UsageStatus = keyof typeof USAGE_STATUS;

/** Who a promotion is for; every non-empty list must match, include ids always match, exclude ids never. */
export interface CustomerScope {
  orgCodes?: string[];
  areaCodes?: string[];
  channels?: string[];
  outletTypes?: string[];
  levels?: string[];
  labelIds?: string[];
  includeIds?: string[];
  excludeIds?: string[];
}

/** What a promotion applies to; empty: every SKU. */
export interface ProductScope {
  skuIds?: string[];
  categoryIds?: string[];
  brandIds?: string[];
  excludeSkuIds?: string[];
}

/** Weekdays 1 (Monday) – 7 and hours [fromHour, toHour) in Beijing time. */
export interface TimeWindow {
  weekdays?: number[];
  fromHour?: number;
  toHour?: number;
}

export interface PromotionTier {
  tierNo: number;
  thresholdType: ThresholdType;
  /** Cases, yuan, SKU count or complete sets (组合套餐); for 累计返 the amount or cases accumulated. */
  thresholdValue: number;
  benefitType: BenefitType;
  /**
   * Yuan off (REDUCE_AMOUNT; 组合套餐: a set), the rate paid 0–1 (DISCOUNT_RATE: 0.9 = 九折), yuan a case
   * (SPECIAL_PRICE; 组合套餐: the package price of a set).
   */
  benefitValue: number;
  giftSkuId?: string | null;
  giftQty?: number | null;
  giftUnit?: 'CASE' | 'BASE' | null;
  /** 封顶: yuan for money benefits, gift quantity for gifts. */
  maxBenefit?: number | null;
  /** 每满: the benefit once for every threshold reached. */
  repeatable: boolean;
}

export interface PromotionInput {
  name: string;
  promoType: PromoType;
  applyLevel: ApplyLevel;
  audience: Audience;
  customerScope: CustomerScope;
  productScope: ProductScope;
  /** 组合套餐 only: the items of one set (at least two SKUs); its product scope is these SKUs. */
  bundleItems?: BundleItem[];
  startAt: string;
  endAt: string;
  timeWindow?: TimeWindow | null;
  budgetType: BudgetType;
  budgetTotal?: number | null;
  perCustomerLimit?: number | null;
  perOrderLimit?: number | null;
  firstOrderOnly: boolean;
  groupId?: string | null;
  priority: number;
  allowWithRebate: boolean;
  allowWithCoins: boolean;
  costBearer: CostBearer;
  costRatio?: number | null;
  remark?: string | null;
  tiers: PromotionTier[];
}

export interface PromotionListRecord {
  id: string;
  promoNo: string;
  name: string;
  promoType: PromoType;
  promoType_dictText: string;
  applyLevel: ApplyLevel;
  applyLevel_dictText: string;
  audience: Audience;
  audience_dictText: string;
  groupId: string | null;
  groupName: string | null;
  startAt: string;
  endAt: string;
  budgetType: BudgetType;
  budgetTotal: string | null;
  budgetUsed: string;
  customerCount: number;
  orderCount: number;
  priority: number;
  status: PromoStatus;
  status_dictText: string;
  updateTime: string;
}

/** A promotion's budget as the list and its export show it: used / total, or 不限. */
export const budgetText = (record: Pick<PromotionListRecord, 'budgetType' | 'budgetTotal' | 'budgetUsed'>) =>
  record.budgetType === 'NONE'
    ? '不限'
    : `${record.budgetUsed} / ${record.budgetTotal}${record.budgetType === 'GIFT_QTY' ? '（赠品）' : ''}`;

export interface PromotionDetail extends PromotionInput {
  id: string;
  promoNo: string;
  status: PromoStatus;
  status_dictText: string;
  budgetUsed: string;
  groupName: string | null;
}

export interface PromotionGroupInput {
  code: string;
  name: string;
  exclusivity: GroupExclusivity;
  selection: GroupSelection;
  stackWithOtherGroups: boolean;
  priority: number;
  status: 'ENABLED' | 'DISABLED';
}

export interface PromotionGroupRecord extends PromotionGroupInput {
  id: string;
  exclusivity_dictText: string;
  selection_dictText: string;
  promotionCount: number;
}

/** A sample cart (试算预览) or the order form's cart: SKUs and quantities only, never amounts. */
export interface PromotionPreviewInput {
  buyerId: string;
  orderType?: 'REP_PROXY' | 'DEALER_PURCHASE';
  sellerId?: string | null;
  lines: Array<{ skuId: string; cases?: number; units?: number }>;
  /** 返利抵扣 the order form asks for (yuan); the preview says what is available and allowed. */
  rebateDeductAmount?: number;
  /** 金币抵扣 the order form asks for, in coins; likewise. */
  coinDeductCoins?: number;
}

export interface PreviewLine {
  skuId: string;
  skuName: string;
  qtyText: string;
  listAmount: string;
  discountAmount: string;
  amount: string;
  isGift: boolean;
  promotionNames: string[];
}

export interface AppliedPromotion {
  promotionId: string;
  promoNo: string;
  name: string;
  tierNo: number;
  discountAmount: string;
  /** 累计返 返费用: yuan credited to the buyer's rebate account at the audit; absent for the other benefits. */
  creditAmount?: string;
  gifts: Array<{ skuId: string; skuName: string; baseQty: number; qtyText: string }>;
  description: string;
}

export interface SkippedPromotion {
  promotionId: string;
  promoNo: string;
  name: string;
  reason: string;
}

export interface PromotionPreview {
  lines: PreviewLine[];
  goodsAmount: string;
  promoDiscountAmount: string;
  /** The buyer's rebate account for this cart (the order form's 返利抵扣). */
  rebate?: RebateDeduction;
  /** The buyer outlet's coins for this cart (the order form's 金币抵扣). */
  coins?: CoinDeduction;
  payableAmount: string;
  applied: AppliedPromotion[];
  skipped: SkippedPromotion[];
}

/**
 * 效果分析 of a promotion (DOMAIN §1.7): what its orders bought and what it cost, and the cases above what the
 * same outlets bought of the same goods in the four weeks before it started (scaled to the promotion's days).
 * Counts and amounts leave out released usages (cancelled, invalid, rejected orders); cases are net of returns.
 */
export interface PromotionEffect {
  promotionId: string;
  promoNo: string;
  name: string;
  startAt: string;
  endAt: string;
  /** Beijing calendar days from the start to the end, or to today while it runs (both counted). */
  periodDays: number;
  orderCount: number;
  customerCount: number;
  /** Cases of the goods in the promotion's product scope on its orders (gift lines not counted). */
  cases: string;
  discountAmount: string;
  /** The gift lines' list amounts. */
  giftAmount: string;
  /** 累计返 返费用 credited to the buyers' rebate accounts. */
  creditAmount: string;
  /** 优惠 + 赠品 value + 返费用. */
  costAmount: string;
  costPerCase: string | null;
  /** The four weeks before the start, Beijing time: from baselineFrom up to (not including) baselineTo. */
  baselineFrom: string;
  baselineTo: string;
  baselineCases: string;
  /** baselineCases × periodDays / 28: what the outlets would have bought anyway over the promotion's days. */
  expectedCases: string;
  incrementalCases: string;
  /** Null while no case is incremental. */
  costPerIncrementalCase: string | null;
}
