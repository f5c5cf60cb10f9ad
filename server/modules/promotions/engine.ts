// The pricing engine of promotions (DOMAIN §1.7), pure: no database, no clock of its own. Given a priced cart
// (each line's list amount and floor in cents), the buyer's facts and the candidate promotions with their
// groups, it decides which promotions fire, what each takes off which line, which gifts it gives and how much
// budget it consumes — and, for every promotion that does not fire, why.
//
// Engine order: levels LINE → CATEGORY → ORDER; within a level, the units (promotion groups, and each
// ungrouped promotion on its own) by priority (smaller first). An EXCLUSIVE group chooses one promotion
// (BEST_FOR_BUYER: the largest benefit on the cart as it stands; BY_PRIORITY: the first that fires;
// BUYER_CHOOSES: the buyer's pick, else the best); a STACKABLE group applies all of its promotions in turn,
// each on the price the previous ones left. A group that does not stack with other groups applies only when
// no other unit applied before it, and once it has applied no later unit does. No line is priced below its
// floor (price_list_items.floor_price for its quantity); a discount that would cross it is cut there.
//
// 组合套餐 (BUNDLE) counts the complete sets of its items in the cart; its tiers' threshold is a number of sets,
// 每满 repeats the benefit for every such number. The benefit is on the goods of the sets counted, not the rest
// of the lines: it is spread over the bundle's lines in proportion to the value of their goods in those sets
// (spreadDiscount with weights), the same floor rule applying. 累计返 (CUMULATIVE) measures what the buyer bought
// over the activity period (cumulativeOf in pricing.ts: audited orders not taken back, less received returns)
// plus this cart; each tier is a milestone given once per crossing (每满: once for every multiple), what was
// given before being the buyer's usages of the tier not released — so a tier fires only when this cart
// crosses it again, and several tiers crossed at once each give theirs (one applied entry per tier). A 累计返
// tier may also give 返费用 (FEE_CREDIT): nothing off this order, but yuan credited to the buyer's rebate
// account once the order that crossed passes the audit (creditCents; pricing.ts confirmUsages posts it).
import {
  PRICED_PROMO_TYPES,
  type ApplyLevel,
  type BundleItem,
  type BudgetType,
  type CustomerScope,
  type GroupExclusivity,
  type GroupSelection,
  type ProductScope,
  type PromoStatus,
  type PromoType,
  type PromotionTier,
  type TimeWindow,
} from '../../../common/promotions';

export interface EngineLine {
  /** The caller's key of the line (its index). */
  key: string;
  skuId: string;
  skuName: string;
  categoryId: string;
  brandId: string;
  baseQty: number;
  unitsPerCase: number;
  listCents: number;
  /** The lowest amount the line may come to; null: no floor (down to 0). */
  floorCents: number | null;
}

export interface EngineCustomer {
  id: string;
  customerType: string;
  orgCode: string;
  areaCodes: string[];
  channel: string | null;
  outletType: string | null;
  level: string | null;
  labelIds: string[];
  /** Orders the buyer placed before (not cancelled or invalid): for first-order-only promotions. */
  previousOrders: number;
}

export interface EnginePromotion {
  id: string;
  promoNo: string;
  name: string;
  promoType: PromoType;
  applyLevel: ApplyLevel;
  audience: 'DEALER' | 'OUTLET' | 'EMPLOYEE';
  customerScope: CustomerScope;
  productScope: ProductScope;
  startAt: Date;
  endAt: Date;
  timeWindow: TimeWindow | null;
  status: PromoStatus;
  budgetType: BudgetType;
  /** What is left of the budget: cents (AMOUNT) or gift quantity (GIFT_QTY); null without a budget. */
  budgetRemaining: number | null;
  perCustomerLimit: number | null;
  /** Orders of this buyer that used the promotion (locked or confirmed). */
  customerUses: number;
  perOrderLimit: number | null;
  firstOrderOnly: boolean;
  groupId: string | null;
  priority: number;
  tiers: PromotionTier[];
  /** 组合套餐: the items of one set; empty for the other types. */
  bundleItems: EngineBundleItem[];
  /** 累计返: what the buyer bought in the window before this cart, and what each tier has given him. */
  cumulative?: CumulativeLedger;
}

export interface EngineBundleItem extends BundleItem {
  skuName: string;
  /** One set's quantity of the SKU in base units, and as the operator reads it ("2箱"). */
  baseQty: number;
  qtyText: string;
}

export interface CumulativeLedger {
  /** The counted purchases of the promotion's products from its start until this cart: cents and cases. */
  priorCents: number;
  priorCases: number;
  /** By tier number: the times the tier was given before (usages locked or confirmed). */
  given: Record<number, number>;
}

export interface EngineGroup {
  id: string;
  name: string;
  exclusivity: GroupExclusivity;
  selection: GroupSelection;
  stackWithOtherGroups: boolean;
  priority: number;
}

export interface EngineInput {
  at: Date;
  customer: EngineCustomer;
  lines: EngineLine[];
  promotions: EnginePromotion[];
  groups: EngineGroup[];
  /** Value of a gift SKU's base unit in cents, to compare gifts with discounts (BEST_FOR_BUYER). */
  giftUnitCents?: Record<string, number>;
  /** Gift SKUs' units per case, to turn case gifts into base units. */
  giftUnitsPerCase?: Record<string, number>;
  chosenPromotionIds?: string[];
}

export interface EngineGift {
  skuId: string;
  baseQty: number;
}

export interface EngineApplied {
  promotionId: string;
  tierNo: number;
  /** How many times the tier's benefit is given (每满 repeats, bundle sets counted, 累计返 crossings). */
  times: number;
  /** Cents taken off, by line key. */
  discounts: Record<string, number>;
  discountCents: number;
  gifts: EngineGift[];
  /** Cents (AMOUNT budget) or gift quantity (GIFT_QTY budget); 0 without a budget. */
  budgetConsumed: number;
  /** 返费用 (累计返 FEE_CREDIT): cents credited to the buyer's rebate account at the audit; absent otherwise. */
  creditCents?: number;
  description: string;
}

export interface EngineResult {
  lines: Array<{ key: string; listCents: number; amountCents: number; promotionIds: string[] }>;
  applied: EngineApplied[];
  skipped: Array<{ promotionId: string; reason: string }>;
  discountCents: number;
}

const LEVELS: ApplyLevel[] = ['LINE', 'CATEGORY', 'ORDER'];
const PRICED = new Set<PromoType>(PRICED_PROMO_TYPES);
const AUDIENCE_TYPES: Record<EnginePromotion['audience'], string[]> = {
  DEALER: ['DEALER', 'SUB_DISTRIBUTOR', 'WHOLESALER', 'CHAIN_HQ'],
  OUTLET: ['OUTLET', 'POSTMAN'],
  EMPLOYEE: [],
};

const yuanText = (cents: number) => (cents / 100).toFixed(2);
const casesText = (cases: number) => String(Math.round(cases * 100) / 100);

/** Beijing weekday (1 = Monday … 7) and hour of an instant. */
function beijingClock(at: Date) {
  const local = new Date(at.getTime() + 8 * 3600_000);
  const day = local.getUTCDay();
  return { weekday: day === 0 ? 7 : day, hour: local.getUTCHours() };
}

const some = (list: string[] | undefined) => (list && list.length > 0 ? list : undefined);

/** Why the buyer is outside the promotion's audience and customer scope; undefined when inside. */
export function customerOutOfScope(promotion: EnginePromotion, customer: EngineCustomer): string | undefined {
  const scope = promotion.customerScope;
  if (scope.excludeIds?.includes(customer.id)) return '客户在排除名单中';
  if (scope.includeIds?.includes(customer.id)) return undefined;
  const audience = AUDIENCE_TYPES[promotion.audience];
  if (!audience.includes(customer.customerType))
    return `仅适用于${promotion.audience === 'DEALER' ? '经销商' : promotion.audience === 'OUTLET' ? '门店' : '员工'}`;
  const orgCodes = some(scope.orgCodes);
  if (orgCodes && !orgCodes.some((code) => customer.orgCode.startsWith(code))) return '客户不在适用部门';
  const areas = some(scope.areaCodes);
  if (areas && !areas.some((code) => customer.areaCodes.includes(code))) return '客户不在适用区域';
  const checks: Array<[string[] | undefined, string | null, string]> = [
    [some(scope.channels), customer.channel, '渠道'],
    [some(scope.outletTypes), customer.outletType, '业态'],
    [some(scope.levels), customer.level, '等级'],
  ];
  for (const [allowed, value, what] of checks) {
    if (allowed && (value === null || !allowed.includes(value))) return `客户${what}不在适用范围`;
  }
  const labelIds = some(scope.labelIds);
  if (labelIds && !labelIds.some((id) => customer.labelIds.includes(id))) return '客户没有适用的标签';
  if (scope.includeIds && scope.includeIds.length > 0 && !hasOtherCriteria(scope))
    return '客户不在指定名单中';
  return undefined;
}

const hasOtherCriteria = (scope: CustomerScope) =>
  [scope.orgCodes, scope.areaCodes, scope.channels, scope.outletTypes, scope.levels, scope.labelIds].some(
    (list) => list && list.length > 0,
  );

export function inProductScope(
  scope: ProductScope,
  line: Pick<EngineLine, 'skuId' | 'categoryId' | 'brandId'>,
) {
  if (scope.excludeSkuIds?.includes(line.skuId)) return false;
  const skus = some(scope.skuIds);
  const categories = some(scope.categoryIds);
  const brands = some(scope.brandIds);
  if (!skus && !categories && !brands) return true;
  return Boolean(
    skus?.includes(line.skuId) || categories?.includes(line.categoryId) || brands?.includes(line.brandId),
  );
}

/** Why the promotion cannot apply to this buyer now, before looking at the cart. */
function notApplicable(promotion: EnginePromotion, input: EngineInput): string | undefined {
  const { at } = input;
  if (promotion.status === 'PAUSED') return '促销已暂停';
  if (promotion.status === 'BUDGET_EXHAUSTED') return '预算已用完';
  if (promotion.status !== 'ACTIVE' && promotion.status !== 'APPROVED') return '促销未生效';
  if (at < promotion.startAt) return '活动尚未开始';
  if (at >= promotion.endAt) return '活动已结束';
  const window = promotion.timeWindow;
  if (window) {
    const clock = beijingClock(at);
    if (window.weekdays && window.weekdays.length > 0 && !window.weekdays.includes(clock.weekday))
      return '不在活动时段（星期）';
    if (
      (window.fromHour !== undefined && clock.hour < window.fromHour) ||
      (window.toHour !== undefined && clock.hour >= window.toHour)
    )
      return '不在活动时段（时间）';
  }
  if (!PRICED.has(promotion.promoType)) return '该促销类型本期不参与下单计价';
  const outside = customerOutOfScope(promotion, input.customer);
  if (outside) return outside;
  if (promotion.firstOrderOnly && input.customer.previousOrders > 0) return '仅限首单，客户已有订单';
  if (promotion.perCustomerLimit !== null && promotion.customerUses >= promotion.perCustomerLimit)
    return `每客户限 ${promotion.perCustomerLimit} 次，已用完`;
  if (promotion.budgetRemaining !== null && promotion.budgetRemaining <= 0) return '预算已用完';
  if (promotion.tiers.length === 0) return '促销没有阶梯';
  return undefined;
}

interface CartState {
  lines: Array<EngineLine & { amountCents: number; promotionIds: string[] }>;
}

/** What one tier of a promotion gives on the cart: one entry of EngineApplied (its promotion added later). */
type Part = Omit<EngineApplied, 'promotionId'>;
/** A promotion that fires — one part, or one a tier for 累计返 — and its value for BEST_FOR_BUYER: the discount plus the gifts' value. */
type Fired = { fires: true; value: number; parts: Part[] };
type Evaluation = { fires: false; reason: string } | Fired;

type StateLine = CartState['lines'][number];

/** The complete sets of a bundle the lines hold, and each item's quantity in the cart. */
function bundleSets(promotion: EnginePromotion, lines: StateLine[]) {
  const have = promotion.bundleItems.map((item) =>
    lines.filter((line) => line.skuId === item.skuId).reduce((total, line) => total + line.baseQty, 0),
  );
  const sets = promotion.bundleItems.length
    ? Math.min(...promotion.bundleItems.map((item, index) => Math.floor(have[index] / item.baseQty)))
    : 0;
  return { sets, have };
}

function measureOf(promotion: EnginePromotion, tier: PromotionTier, lines: StateLine[]): number {
  if (tier.thresholdType === 'SETS') return bundleSets(promotion, lines).sets;
  if (tier.thresholdType === 'AMOUNT') return lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (tier.thresholdType === 'SKU_COUNT') return new Set(lines.map((line) => line.skuId)).size;
  return lines.reduce((sum, line) => sum + line.baseQty / line.unitsPerCase, 0);
}

const thresholdOf = (tier: PromotionTier) =>
  tier.thresholdType === 'AMOUNT' ? Math.round(tier.thresholdValue * 100) : tier.thresholdValue;

/** A measure as the operator reads it: yuan, cases, SKUs or sets. */
function measureText(tier: PromotionTier, measure: number): string {
  if (tier.thresholdType === 'AMOUNT') return `${yuanText(measure)} 元`;
  if (tier.thresholdType === 'SKU_COUNT') return `${measure} 个品项`;
  if (tier.thresholdType === 'SETS') return `${measure} 套`;
  return `${casesText(measure)} 箱`;
}

function gapText(promotion: EnginePromotion, tier: PromotionTier, lines: StateLine[]): string {
  const measure = measureOf(promotion, tier, lines);
  if (tier.thresholdType === 'SETS' && measure === 0) {
    const { have } = bundleSets(promotion, lines);
    const short = promotion.bundleItems
      .filter((item, index) => have[index] < item.baseQty)
      .map((item) => `${item.skuName}（每套 ${item.qtyText}）`);
    return short.length > 0 ? `未凑齐一套：缺 ${short.join('、')}` : '未凑齐一套';
  }
  const gap = thresholdOf(tier) - measure;
  if (tier.thresholdType === 'AMOUNT')
    return `未达门槛：满 ${tier.thresholdValue} 元，还差 ${yuanText(gap)} 元`;
  if (tier.thresholdType === 'SKU_COUNT') return `未达门槛：满 ${tier.thresholdValue} 个品项，还差 ${gap} 个`;
  if (tier.thresholdType === 'SETS') return `未达门槛：满 ${tier.thresholdValue} 套，现有 ${measure} 套`;
  return `未达门槛：满 ${tier.thresholdValue} 箱，还差 ${casesText(gap)} 箱`;
}

/**
 * Spreads `wanted` cents over the lines in proportion to their weights (their amounts unless given: a bundle
 * weighs the goods of its sets), none below its floor — a line weighing only part of its amount keeps the rest
 * untouched and that part at or above its share of the floor: what a capped line cannot take goes to the others in the
 * same proportions. Each share is rounded down and the last open line takes the remainder, so the result is
 * deterministic for a cart. Returns the cents per line key.
 */
export function spreadDiscount(
  lines: StateLine[],
  wanted: number,
  weights?: Record<string, number>,
): Record<string, number> {
  const weightOf = (line: StateLine) => weights?.[line.key] ?? line.amountCents;
  // A line weighing part of its amount may lose that part's share of its room above the floor: the rest of the
  // line is not in what the discount is for.
  const room = new Map(
    lines.map((line) => {
      const above = Math.max(0, line.amountCents - (line.floorCents ?? 0));
      const weight = Math.min(weightOf(line), line.amountCents);
      return [line.key, line.amountCents > 0 ? Math.floor((above * weight) / line.amountCents) : 0];
    }),
  );
  const result: Record<string, number> = {};
  let left = Math.min(
    wanted,
    [...room.values()].reduce((sum, value) => sum + value, 0),
  );
  let open = lines.filter((line) => room.get(line.key)! > 0);
  while (left > 0 && open.length > 0) {
    const base = open.reduce((sum, line) => sum + weightOf(line), 0);
    let given = 0;
    open.forEach((line, index) => {
      const share =
        index === open.length - 1
          ? left - given
          : base > 0
            ? Math.floor((left * weightOf(line)) / base)
            : Math.floor(left / open.length);
      const take = Math.min(share, room.get(line.key)!);
      room.set(line.key, room.get(line.key)! - take);
      result[line.key] = (result[line.key] ?? 0) + take;
      given += take;
    });
    if (given === 0) break;
    left -= given;
    open = open.filter((line) => room.get(line.key)! > 0);
  }
  return result;
}

const sum = (values: Record<string, number>) =>
  Object.values(values).reduce((total, value) => total + value, 0);

/** The goods a benefit is on: the lines, each one's weight in it (cents) and their total. */
interface Target {
  lines: StateLine[];
  weights: Record<string, number>;
  base: number;
  /** 组合套餐: the sets the benefit is for. */
  sets?: number;
}

const wholeLines = (lines: StateLine[]): Target => ({
  lines,
  weights: Object.fromEntries(lines.map((line) => [line.key, line.amountCents])),
  base: lines.reduce((total, line) => total + line.amountCents, 0),
});

/**
 * The goods of `sets` sets of a bundle: each item's quantity taken from its lines in cart order, a line weighing
 * its current amount for the part of its quantity taken (the rest of the line is not in the bundle).
 */
function bundleTarget(promotion: EnginePromotion, lines: StateLine[], sets: number): Target {
  const weights: Record<string, number> = {};
  for (const item of promotion.bundleItems) {
    let needed = item.baseQty * sets;
    for (const line of lines.filter((each) => each.skuId === item.skuId)) {
      const taken = Math.min(needed, line.baseQty);
      if (taken <= 0) break;
      weights[line.key] = (weights[line.key] ?? 0) + Math.round((line.amountCents * taken) / line.baseQty);
      needed -= taken;
    }
  }
  const inBundle = lines.filter((line) => weights[line.key] !== undefined);
  return { lines: inBundle, weights, base: sum(weights), sets };
}

/**
 * 返费用 of a tier given `times` over, in cents: its yuan each time, within its cap (封顶) — the budget's cut is
 * the caller's (an AMOUNT budget consumes exactly what is credited).
 */
export function feeCreditCents(
  tier: Pick<PromotionTier, 'benefitValue' | 'maxBenefit'>,
  times: number,
): number {
  const cents = Math.round(tier.benefitValue * 100) * times;
  return typeof tier.maxBenefit === 'number' ? Math.min(cents, Math.round(tier.maxBenefit * 100)) : cents;
}

/** A tier's benefit `times` over on the target, within its cap and the promotion's budget left. */
function benefitOf(
  promotion: EnginePromotion,
  tier: PromotionTier,
  times: number,
  target: Target,
  input: EngineInput,
): Evaluation {
  const cap = tier.maxBenefit ?? null;
  const budget = promotion.budgetRemaining;
  const budgetNote = (cut: boolean) => (cut ? '（受预算限制）' : '');
  const setsNote = target.sets === undefined ? '' : `组合套餐 ${target.sets} 套：`;

  if (tier.benefitType === 'GIFT') {
    if (!tier.giftSkuId || !tier.giftQty) return { fires: false, reason: '阶梯未设置赠品' };
    let qty = tier.giftQty * times;
    if (cap !== null) qty = Math.min(qty, cap);
    let cut = false;
    if (promotion.budgetType === 'GIFT_QTY' && budget !== null && qty > budget) {
      qty = budget;
      cut = true;
    }
    if (qty <= 0) return { fires: false, reason: '赠品预算已用完' };
    const perCase = tier.giftUnit === 'BASE' ? 1 : (input.giftUnitsPerCase?.[tier.giftSkuId] ?? 1);
    const baseQty = qty * perCase;
    return {
      fires: true,
      value: baseQty * (input.giftUnitCents?.[tier.giftSkuId] ?? 0),
      parts: [
        {
          tierNo: tier.tierNo,
          times,
          discounts: {},
          discountCents: 0,
          gifts: [{ skuId: tier.giftSkuId, baseQty }],
          budgetConsumed: promotion.budgetType === 'GIFT_QTY' ? qty : 0,
          description: `${setsNote}赠 ${qty}${tier.giftUnit === 'BASE' ? '个' : '箱'}${times > 1 ? `（${times} 倍）` : ''}${budgetNote(cut)}`,
        },
      ],
    };
  }
  if (tier.benefitType === 'FEE_CREDIT') {
    if (promotion.promoType !== 'CUMULATIVE')
      return { fires: false, reason: '返费用类优惠本期不在下单时计算' };
    const full = feeCreditCents(tier, times);
    let credit = full;
    let cut = false;
    if (promotion.budgetType === 'AMOUNT' && budget !== null && credit > budget) {
      credit = budget;
      cut = true;
    }
    if (credit <= 0) return { fires: false, reason: '预算已用完' };
    const capped = full < Math.round(tier.benefitValue * 100) * times;
    return {
      fires: true,
      value: credit,
      parts: [
        {
          tierNo: tier.tierNo,
          times,
          discounts: {},
          discountCents: 0,
          gifts: [],
          budgetConsumed: promotion.budgetType === 'AMOUNT' ? credit : 0,
          creditCents: credit,
          description: `返费用 ${yuanText(credit)} 元${times > 1 ? `（${times} 倍）` : ''}${capped ? '（已封顶）' : ''}${budgetNote(cut)}，审核通过后入返利账户`,
        },
      ],
    };
  }

  let wanted: Record<string, number>;
  let what: string;
  if (tier.benefitType === 'SPECIAL_PRICE' && target.sets !== undefined) {
    // The package price of a set: the sets' goods come to it (never below the lines' floors).
    wanted = { total: Math.max(0, target.base - Math.round(tier.benefitValue * 100) * target.sets) };
    what = `套餐价 ${tier.benefitValue} 元/套`;
  } else if (tier.benefitType === 'SPECIAL_PRICE') {
    const price = Math.round(tier.benefitValue * 100);
    wanted = {};
    for (const line of target.lines) {
      const goal = Math.max(Math.round((price * line.baseQty) / line.unitsPerCase), line.floorCents ?? 0);
      if (line.amountCents > goal) wanted[line.key] = line.amountCents - goal;
    }
    what = `特价 ${tier.benefitValue} 元/箱`;
  } else {
    const total =
      tier.benefitType === 'DISCOUNT_RATE'
        ? Math.round(target.base * (1 - tier.benefitValue))
        : Math.round(tier.benefitValue * 100) * times;
    wanted = { total };
    what =
      tier.benefitType === 'DISCOUNT_RATE'
        ? `${Math.round(tier.benefitValue * 1000) / 100} 折`
        : `减 ${yuanText(total)} 元${times > 1 ? `（${times} 倍）` : ''}`;
  }
  let total = sum(wanted);
  let capped = false;
  if (cap !== null && total > Math.round(cap * 100)) {
    total = Math.round(cap * 100);
    capped = true;
  }
  let cut = false;
  if (promotion.budgetType === 'AMOUNT' && budget !== null && total > budget) {
    total = budget;
    cut = true;
  }
  const perLine = tier.benefitType === 'SPECIAL_PRICE' && target.sets === undefined;
  const discounts =
    perLine && !capped && !cut
      ? wanted
      : spreadDiscount(
          target.lines.filter((line) => !perLine || wanted[line.key]),
          total,
          target.weights,
        );
  const taken = sum(discounts);
  if (taken <= 0) {
    return {
      fires: false,
      reason:
        tier.benefitType === 'SPECIAL_PRICE'
          ? target.sets === undefined
            ? '现价已不高于特价'
            : '套餐商品现价已不高于套餐价'
          : '已到商品底价，无法再优惠',
    };
  }
  const floorNote = taken < total ? `（受底价限制，实际优惠 ${yuanText(taken)} 元）` : '';
  return {
    fires: true,
    value: taken,
    parts: [
      {
        tierNo: tier.tierNo,
        times,
        discounts,
        discountCents: taken,
        gifts: [],
        budgetConsumed: promotion.budgetType === 'AMOUNT' ? taken : 0,
        description: `${setsNote}${what}${capped ? '（已封顶）' : ''}${budgetNote(cut)}${floorNote}`,
      },
    ],
  };
}

/** One promotion on a group of lines (the whole eligible cart, or one line at LINE level). */
function evaluateOn(promotion: EnginePromotion, lines: StateLine[], input: EngineInput): Evaluation {
  if (promotion.promoType === 'CUMULATIVE') return evaluateCumulative(promotion, lines, input);
  const tiers = [...promotion.tiers].sort((a, b) => thresholdOf(b) - thresholdOf(a) || b.tierNo - a.tierNo);
  const reached = tiers.find((tier) => measureOf(promotion, tier, lines) >= thresholdOf(tier));
  if (!reached) {
    const lowest = tiers[tiers.length - 1];
    return { fires: false, reason: gapText(promotion, lowest, lines) };
  }
  const threshold = thresholdOf(reached);
  let times =
    reached.repeatable && threshold > 0
      ? Math.floor(measureOf(promotion, reached, lines) / threshold + 1e-9)
      : 1;
  if (promotion.perOrderLimit !== null) times = Math.min(times, promotion.perOrderLimit);
  if (times <= 0) return { fires: false, reason: '每单限次为 0' };
  const target =
    reached.thresholdType === 'SETS'
      ? bundleTarget(promotion, lines, times * Math.max(1, threshold))
      : wholeLines(lines);
  return benefitOf(promotion, reached, times, target, input);
}

/**
 * 累计返: every tier on its own — earned (once reached, or once for every multiple if 每满) less what it gave
 * before is what this order gets; each tier's discount taken from the lines as the tiers before left them.
 */
function evaluateCumulative(promotion: EnginePromotion, lines: StateLine[], input: EngineInput): Evaluation {
  const ledger = promotion.cumulative ?? { priorCents: 0, priorCases: 0, given: {} };
  const tiers = [...promotion.tiers].sort((a, b) => thresholdOf(a) - thresholdOf(b) || a.tierNo - b.tierNo);
  const parts: Part[] = [];
  const reasons: string[] = [];
  let value = 0;
  let state = lines;
  let budgetRemaining = promotion.budgetRemaining;
  for (const tier of tiers) {
    const threshold = thresholdOf(tier);
    const prior = tier.thresholdType === 'AMOUNT' ? ledger.priorCents : ledger.priorCases;
    const cart = measureOf(promotion, tier, lines);
    const total = prior + cart;
    const earned =
      threshold <= 0
        ? 0
        : tier.repeatable
          ? Math.floor(total / threshold + 1e-9)
          : total + 1e-9 >= threshold
            ? 1
            : 0;
    const given = ledger.given[tier.tierNo] ?? 0;
    const so = `累计 ${measureText(tier, total)}（已审核订单 ${measureText(tier, prior)} + 本单 ${measureText(tier, cart)}）`;
    const rule = `${tier.repeatable ? '每满' : '满'} ${measureText(tier, threshold)}`;
    let times = earned - given;
    if (times <= 0) {
      const next = tier.repeatable ? (given + 1) * threshold : threshold;
      reasons.push(
        earned === 0 || (tier.repeatable && total < next)
          ? `第 ${tier.tierNo} 档（${rule}）${so}，还差 ${measureText(tier, next - total)}${given > 0 ? `（已享受 ${given} 次）` : ''}`
          : `第 ${tier.tierNo} 档（${rule}）已享受${given > 1 ? ` ${given} 次` : ''}，${so}`,
      );
      continue;
    }
    if (promotion.perOrderLimit !== null) times = Math.min(times, promotion.perOrderLimit);
    if (times <= 0) {
      reasons.push(`第 ${tier.tierNo} 档：每单限次为 0`);
      continue;
    }
    if (budgetRemaining !== null && budgetRemaining <= 0) {
      reasons.push(`第 ${tier.tierNo} 档：预算已用完`);
      continue;
    }
    const result = benefitOf({ ...promotion, budgetRemaining }, tier, times, wholeLines(state), input);
    if (!result.fires) {
      reasons.push(`第 ${tier.tierNo} 档：${result.reason}`);
      continue;
    }
    for (const part of result.parts) {
      parts.push({ ...part, description: `${so}，达到第 ${tier.tierNo} 档（${rule}）：${part.description}` });
      if (budgetRemaining !== null) budgetRemaining -= part.budgetConsumed;
      state = state.map((line) => ({
        ...line,
        amountCents: line.amountCents - (part.discounts[line.key] ?? 0),
      }));
    }
    value += result.value;
  }
  if (parts.length === 0) return { fires: false, reason: reasons.join('；') };
  return { fires: true, value, parts };
}

/** The promotion on the cart as it stands: the eligible lines together, or one by one at LINE level. */
function evaluate(promotion: EnginePromotion, state: CartState, input: EngineInput): Evaluation {
  const eligible = state.lines.filter((line) => inProductScope(promotion.productScope, line));
  if (eligible.length === 0) return { fires: false, reason: '购物车中没有适用商品' };
  if (promotion.applyLevel !== 'LINE') return evaluateOn(promotion, eligible, input);
  // Each line on its own; the budget shared out in line order; one entry for the promotion.
  let remaining = promotion.budgetRemaining;
  const fired: Part[] = [];
  let value = 0;
  let lastReason = '';
  for (const line of eligible) {
    const result = evaluateOn({ ...promotion, budgetRemaining: remaining }, [line], input);
    if (!result.fires) {
      lastReason = `${line.skuName}：${result.reason}`;
      continue;
    }
    fired.push(...result.parts);
    value += result.value;
    const consumed = result.parts.reduce((total, part) => total + part.budgetConsumed, 0);
    if (remaining !== null && promotion.budgetType !== 'NONE') remaining -= consumed;
    if (remaining !== null && promotion.budgetType !== 'NONE' && remaining <= 0) break;
  }
  if (fired.length === 0) return { fires: false, reason: lastReason };
  return {
    fires: true,
    value,
    parts: [
      {
        tierNo: Math.max(...fired.map((each) => each.tierNo)),
        times: fired.reduce((total, each) => total + each.times, 0),
        discounts: Object.assign({}, ...fired.map((each) => each.discounts)),
        discountCents: fired.reduce((total, each) => total + each.discountCents, 0),
        gifts: mergeGifts(fired.flatMap((each) => each.gifts)),
        budgetConsumed: fired.reduce((total, each) => total + each.budgetConsumed, 0),
        description: fired.map((each) => each.description).join('；'),
      },
    ],
  };
}

function mergeGifts(gifts: EngineGift[]): EngineGift[] {
  const bySku = new Map<string, number>();
  for (const gift of gifts) bySku.set(gift.skuId, (bySku.get(gift.skuId) ?? 0) + gift.baseQty);
  return [...bySku].map(([skuId, baseQty]) => ({ skuId, baseQty }));
}

interface Unit {
  key: string;
  group: EngineGroup | null;
  priority: number;
  promotions: EnginePromotion[];
  chosen?: string;
  applied: boolean;
}

const byPriority = (a: { priority: number; id: string }, b: { priority: number; id: string }) =>
  a.priority - b.priority || a.id.localeCompare(b.id);

/** Prices the cart: see the engine order at the top of this file. */
export function priceCart(input: EngineInput): EngineResult {
  const state: CartState = {
    lines: input.lines.map((line) => ({ ...line, amountCents: line.listCents, promotionIds: [] })),
  };
  const skipped = new Map<string, string>();
  const applied: EngineApplied[] = [];
  const groups = new Map(input.groups.map((group) => [group.id, group]));

  const candidates: EnginePromotion[] = [];
  for (const promotion of input.promotions) {
    const reason = notApplicable(promotion, input);
    if (reason) skipped.set(promotion.id, reason);
    else candidates.push(promotion);
  }
  const units = new Map<string, Unit>();
  for (const promotion of candidates) {
    const group = promotion.groupId ? groups.get(promotion.groupId) : undefined;
    const key = group ? `g:${group.id}` : `p:${promotion.id}`;
    const unit = units.get(key) ?? {
      key,
      group: group ?? null,
      priority: group ? group.priority : promotion.priority,
      promotions: [],
      applied: false,
    };
    unit.promotions.push(promotion);
    units.set(key, unit);
  }
  const ordered = [...units.values()].sort(
    (a, b) => a.priority - b.priority || Number(!a.group) - Number(!b.group) || a.key.localeCompare(b.key),
  );
  ordered.forEach((unit) => unit.promotions.sort((a, b) => byPriority(a, b)));
  let blocker: Unit | undefined;

  const apply = (unit: Unit, promotion: EnginePromotion, result: Fired) => {
    for (const part of result.parts) {
      for (const line of state.lines) {
        const off = part.discounts[line.key];
        if (off) {
          line.amountCents -= off;
          if (!line.promotionIds.includes(promotion.id)) line.promotionIds.push(promotion.id);
        }
      }
      applied.push({ promotionId: promotion.id, ...part });
    }
    unit.applied = true;
    if (unit.group && !unit.group.stackWithOtherGroups) blocker = unit;
  };

  for (const level of LEVELS) {
    for (const unit of ordered) {
      for (const promotion of unit.promotions.filter((each) => each.applyLevel === level)) {
        if (blocker && blocker !== unit) {
          skipped.set(promotion.id, `促销组「${blocker.group!.name}」不与其他促销叠加`);
          continue;
        }
        if (unit.group && !unit.group.stackWithOtherGroups && applied.length > 0 && !unit.applied) {
          skipped.set(promotion.id, `促销组「${unit.group.name}」不与其他促销叠加，已有其他促销`);
          continue;
        }
        if (unit.group?.exclusivity === 'EXCLUSIVE') {
          if (unit.chosen === undefined) unit.chosen = choose(unit, state, input) ?? '';
          if (unit.chosen !== promotion.id) {
            const chosen = unit.promotions.find((each) => each.id === unit.chosen);
            if (chosen) {
              // One that would not fire anyway says why; one that would, that the group chose another.
              const own = evaluate(promotion, state, input);
              skipped.set(
                promotion.id,
                own.fires ? `促销组「${unit.group.name}」组内互斥，已选「${chosen.name}」` : own.reason,
              );
              continue;
            }
          }
        }
        const result = evaluate(promotion, state, input);
        if (result.fires) apply(unit, promotion, result);
        else skipped.set(promotion.id, result.reason);
      }
    }
  }
  const discountCents = applied.reduce((total, each) => total + each.discountCents, 0);
  return {
    lines: state.lines.map((line) => ({
      key: line.key,
      listCents: line.listCents,
      amountCents: line.amountCents,
      promotionIds: line.promotionIds,
    })),
    applied,
    skipped: input.promotions
      .filter((promotion) => skipped.has(promotion.id))
      .map((promotion) => ({ promotionId: promotion.id, reason: skipped.get(promotion.id)! })),
    discountCents,
  };
}

/** The promotion an EXCLUSIVE group applies, judged on the cart as it stands; undefined when none fires. */
function choose(unit: Unit, state: CartState, input: EngineInput): string | undefined {
  const firing = unit.promotions
    .map((promotion) => ({ promotion, result: evaluate(promotion, state, input) }))
    .filter((each) => each.result.fires);
  if (firing.length === 0) return undefined;
  const picked = firing.find((each) => input.chosenPromotionIds?.includes(each.promotion.id));
  if (unit.group!.selection === 'BUYER_CHOOSES' && picked) return picked.promotion.id;
  if (unit.group!.selection === 'BY_PRIORITY') return firing[0].promotion.id;
  const value = (each: (typeof firing)[number]) => (each.result.fires ? each.result.value : 0);
  return firing.reduce((best, each) => (value(each) > value(best) ? each : best)).promotion.id;
}
