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
import {
  PRICED_PROMO_TYPES,
  type ApplyLevel,
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
  /** Cents taken off, by line key. */
  discounts: Record<string, number>;
  discountCents: number;
  gifts: EngineGift[];
  /** Cents (AMOUNT budget) or gift quantity (GIFT_QTY budget); 0 without a budget. */
  budgetConsumed: number;
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

/** A promotion that fires, and its value for BEST_FOR_BUYER: the discount plus the gifts' value. */
type Fired = Omit<EngineApplied, 'promotionId'> & { fires: true; value: number };
type Evaluation = { fires: false; reason: string } | Fired;

type StateLine = CartState['lines'][number];

function measureOf(tier: PromotionTier, lines: StateLine[]): number {
  if (tier.thresholdType === 'AMOUNT') return lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (tier.thresholdType === 'SKU_COUNT') return new Set(lines.map((line) => line.skuId)).size;
  return lines.reduce((sum, line) => sum + line.baseQty / line.unitsPerCase, 0);
}

const thresholdOf = (tier: PromotionTier) =>
  tier.thresholdType === 'AMOUNT' ? Math.round(tier.thresholdValue * 100) : tier.thresholdValue;

function gapText(tier: PromotionTier, measure: number): string {
  const gap = thresholdOf(tier) - measure;
  if (tier.thresholdType === 'AMOUNT')
    return `未达门槛：满 ${tier.thresholdValue} 元，还差 ${yuanText(gap)} 元`;
  if (tier.thresholdType === 'SKU_COUNT') return `未达门槛：满 ${tier.thresholdValue} 个品项，还差 ${gap} 个`;
  return `未达门槛：满 ${tier.thresholdValue} 箱，还差 ${casesText(gap)} 箱`;
}

/**
 * Spreads `wanted` cents over the lines in proportion to their amounts, none below its floor: what a capped
 * line cannot take goes to the others. Returns the cents per line key.
 */
export function spreadDiscount(lines: StateLine[], wanted: number): Record<string, number> {
  const room = new Map(
    lines.map((line) => [line.key, Math.max(0, line.amountCents - (line.floorCents ?? 0))]),
  );
  const result: Record<string, number> = {};
  let left = Math.min(
    wanted,
    [...room.values()].reduce((sum, value) => sum + value, 0),
  );
  let open = lines.filter((line) => room.get(line.key)! > 0);
  while (left > 0 && open.length > 0) {
    const base = open.reduce((sum, line) => sum + line.amountCents, 0);
    let given = 0;
    open.forEach((line, index) => {
      const share =
        index === open.length - 1
          ? left - given
          : base > 0
            ? Math.floor((left * line.amountCents) / base)
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

/** One promotion on a group of lines (the whole eligible cart, or one line at LINE level). */
function evaluateOn(promotion: EnginePromotion, lines: StateLine[], input: EngineInput): Evaluation {
  const tiers = [...promotion.tiers].sort((a, b) => thresholdOf(b) - thresholdOf(a) || b.tierNo - a.tierNo);
  const reached = tiers.find((tier) => measureOf(tier, lines) >= thresholdOf(tier));
  if (!reached) {
    const lowest = tiers[tiers.length - 1];
    return { fires: false, reason: gapText(lowest, measureOf(lowest, lines)) };
  }
  const threshold = thresholdOf(reached);
  let times =
    reached.repeatable && threshold > 0 ? Math.floor(measureOf(reached, lines) / threshold + 1e-9) : 1;
  if (promotion.perOrderLimit !== null) times = Math.min(times, promotion.perOrderLimit);
  if (times <= 0) return { fires: false, reason: '每单限次为 0' };
  const cap = reached.maxBenefit ?? null;
  const budget = promotion.budgetRemaining;
  const budgetNote = (cut: boolean) => (cut ? '（受预算限制）' : '');

  if (reached.benefitType === 'GIFT') {
    if (!reached.giftSkuId || !reached.giftQty) return { fires: false, reason: '阶梯未设置赠品' };
    let qty = reached.giftQty * times;
    if (cap !== null) qty = Math.min(qty, cap);
    let cut = false;
    if (promotion.budgetType === 'GIFT_QTY' && budget !== null && qty > budget) {
      qty = budget;
      cut = true;
    }
    if (qty <= 0) return { fires: false, reason: '赠品预算已用完' };
    const perCase = reached.giftUnit === 'BASE' ? 1 : (input.giftUnitsPerCase?.[reached.giftSkuId] ?? 1);
    const baseQty = qty * perCase;
    return {
      fires: true,
      tierNo: reached.tierNo,
      discounts: {},
      discountCents: 0,
      gifts: [{ skuId: reached.giftSkuId, baseQty }],
      budgetConsumed: promotion.budgetType === 'GIFT_QTY' ? qty : 0,
      description: `赠 ${qty}${reached.giftUnit === 'BASE' ? '个' : '箱'}${times > 1 ? `（${times} 倍）` : ''}${budgetNote(cut)}`,
      value: baseQty * (input.giftUnitCents?.[reached.giftSkuId] ?? 0),
    };
  }
  if (reached.benefitType === 'FEE_CREDIT') return { fires: false, reason: '返费用类优惠本期不在下单时计算' };

  let wanted: Record<string, number>;
  let what: string;
  if (reached.benefitType === 'SPECIAL_PRICE') {
    const price = Math.round(reached.benefitValue * 100);
    wanted = {};
    for (const line of lines) {
      const target = Math.max(Math.round((price * line.baseQty) / line.unitsPerCase), line.floorCents ?? 0);
      if (line.amountCents > target) wanted[line.key] = line.amountCents - target;
    }
    what = `特价 ${reached.benefitValue} 元/箱`;
  } else {
    const base = lines.reduce((total, line) => total + line.amountCents, 0);
    const total =
      reached.benefitType === 'DISCOUNT_RATE'
        ? Math.round(base * (1 - reached.benefitValue))
        : Math.round(reached.benefitValue * 100) * times;
    wanted = { total };
    what =
      reached.benefitType === 'DISCOUNT_RATE'
        ? `${Math.round(reached.benefitValue * 1000) / 100} 折`
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
  const discounts =
    reached.benefitType === 'SPECIAL_PRICE' && !capped && !cut
      ? wanted
      : spreadDiscount(
          lines.filter((line) => reached.benefitType !== 'SPECIAL_PRICE' || wanted[line.key]),
          total,
        );
  const taken = sum(discounts);
  if (taken <= 0) {
    return {
      fires: false,
      reason: reached.benefitType === 'SPECIAL_PRICE' ? '现价已不高于特价' : '已到商品底价，无法再优惠',
    };
  }
  const floorNote = taken < total ? `（受底价限制，实际优惠 ${yuanText(taken)} 元）` : '';
  return {
    fires: true,
    tierNo: reached.tierNo,
    discounts,
    discountCents: taken,
    gifts: [],
    budgetConsumed: promotion.budgetType === 'AMOUNT' ? taken : 0,
    description: `${what}${capped ? '（已封顶）' : ''}${budgetNote(cut)}${floorNote}`,
    value: taken,
  };
}

/** The promotion on the cart as it stands: the eligible lines together, or one by one at LINE level. */
function evaluate(promotion: EnginePromotion, state: CartState, input: EngineInput): Evaluation {
  const eligible = state.lines.filter((line) => inProductScope(promotion.productScope, line));
  if (eligible.length === 0) return { fires: false, reason: '购物车中没有适用商品' };
  if (promotion.applyLevel !== 'LINE') return evaluateOn(promotion, eligible, input);
  // Each line on its own; the budget shared out in line order.
  let remaining = promotion.budgetRemaining;
  const fired: Array<Fired> = [];
  let lastReason = '';
  for (const line of eligible) {
    const result = evaluateOn({ ...promotion, budgetRemaining: remaining }, [line], input);
    if (!result.fires) {
      lastReason = `${line.skuName}：${result.reason}`;
      continue;
    }
    fired.push(result);
    if (remaining !== null && promotion.budgetType !== 'NONE') remaining -= result.budgetConsumed;
    if (remaining !== null && promotion.budgetType !== 'NONE' && remaining <= 0) break;
  }
  if (fired.length === 0) return { fires: false, reason: lastReason };
  return {
    fires: true,
    tierNo: Math.max(...fired.map((each) => each.tierNo)),
    discounts: Object.assign({}, ...fired.map((each) => each.discounts)),
    discountCents: fired.reduce((total, each) => total + each.discountCents, 0),
    gifts: mergeGifts(fired.flatMap((each) => each.gifts)),
    budgetConsumed: fired.reduce((total, each) => total + each.budgetConsumed, 0),
    description: fired.map((each) => each.description).join('；'),
    value: fired.reduce((total, each) => total + each.value, 0),
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
    for (const line of state.lines) {
      const off = result.discounts[line.key];
      if (off) {
        line.amountCents -= off;
        line.promotionIds.push(promotion.id);
      }
    }
    applied.push({
      promotionId: promotion.id,
      tierNo: result.tierNo,
      discounts: result.discounts,
      discountCents: result.discountCents,
      gifts: result.gifts,
      budgetConsumed: result.budgetConsumed,
      description: result.description,
    });
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
