// 门店执行评分 and 金币 (DOMAIN §1.4): the codes and Chinese labels of execution templates, their items and
// results, and the one scoring function the server applies (the SPA shows the same rules in the editor).
// An item's score comes from its rule over what the rep recorded; PHOTO_AI items need image recognition, which
// we do not fake: the reviewer scores them.

const labels = <T extends string>(entries: Record<T, string>) => entries;

export const TEMPLATE_STATUS = labels({ DRAFT: '草稿', ACTIVE: '生效中', RETIRED: '已停用' });
export type TemplateStatus = keyof typeof TEMPLATE_STATUS;

export const ITEM_CATEGORY = labels({
  DISTRIBUTION: '铺货',
  DISPLAY: '陈列',
  FREEZER: '冰柜',
  PRICE: '价格',
  POSM: '物料',
  FRESHNESS: '新鲜度',
});
export type ItemCategory = keyof typeof ITEM_CATEGORY;

export const INPUT_TYPE = labels({
  YES_NO: '是/否',
  NUMBER: '数值',
  SELECT: '选项',
  PHOTO: '拍照',
  PHOTO_AI: '拍照识别(人工评分)',
});
export type InputType = keyof typeof INPUT_TYPE;

export const AI_DETECT_TYPE = labels({
  SHELF: '货架',
  FREEZER: '冰柜',
  FLOOR_STACK: '地堆',
  STOREFRONT: '店头',
});
export type AiDetectType = keyof typeof AI_DETECT_TYPE;

export const SCORING_RULE = labels({
  ALL_OR_NOTHING: '全有全无',
  PROPORTIONAL: '按比例',
  DEDUCT_PER_MISS: '每缺扣分',
});
export type ScoringRule = keyof typeof SCORING_RULE;

export const REVIEW_STATUS = labels({
  PENDING_REVIEW: '待审核',
  APPROVED: '已通过',
  REJECTED: '已驳回',
  APPEALING: '申诉中',
  FINAL_APPROVED: '终审通过',
  FINAL_REJECTED: '终审驳回',
  REVOKED: '已撤销',
});
export type ReviewStatus = keyof typeof REVIEW_STATUS;

/** What an item asks for. NUMBER: `min` (and for DEDUCT_PER_MISS `deductPerMiss`); SELECT: `passOptions`. */
export interface ItemRequirement {
  min?: number;
  deductPerMiss?: number;
  options?: string[];
  passOptions?: string[];
}

export interface ScoreItem {
  id: string;
  name: string;
  inputType: InputType;
  scoringRule: ScoringRule;
  requirement: ItemRequirement;
  maxScore: number;
  isVeto: boolean;
  photoRequired: boolean;
}

/** One tier of the coin rule: a final score of at least `minScore` earns `coins`. */
export interface CoinTier {
  minScore: number;
  coins: number;
}

/** The template's coin rule: the highest tier reached pays, only for a passed result; capped per outlet a month. */
export interface CoinRule {
  tiers: CoinTier[];
  monthlyCap: number;
}

/** A check item as a template is saved with it (the server numbers the items in the order given). */
export interface TemplateItemInput {
  code: string;
  name: string;
  category: ItemCategory;
  inputType: InputType;
  aiDetectType?: AiDetectType | null;
  requirement?: ItemRequirement;
  maxScore: number;
  scoringRule: ScoringRule;
  isVeto?: boolean;
  photoRequired?: boolean;
}

/** A template version as it is saved: the total score is the sum of its items' scores. */
export interface TemplateInput {
  code: string;
  name: string;
  channels?: string[];
  outletTypes?: string[];
  passScore: number;
  coinRule: CoinRule;
  validFrom?: string | null;
  validTo?: string | null;
  remark?: string | null;
  items: TemplateItemInput[];
}

/** What the rep recorded for an item: a boolean, a number or an option, and the photos. */
export interface ItemInput {
  value?: boolean | number | string | null;
  photoIds?: string[];
}

export interface ItemScore {
  /** null: the reviewer scores it (PHOTO_AI). */
  score: number | null;
  /** Whether the item met its requirement in full (null until scored). */
  met: boolean | null;
  deductionReason: string | null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The score of one item by its rule (DOMAIN §1.4 ExecutionScoreItem). */
export function scoreItem(item: ScoreItem, input: ItemInput): ItemScore {
  const max = item.maxScore;
  const photos = input.photoIds?.length ?? 0;
  if (item.inputType === 'PHOTO_AI')
    return { score: null, met: null, deductionReason: photos === 0 ? '缺少照片' : null };
  if (item.photoRequired && photos === 0) return { score: 0, met: false, deductionReason: '缺少照片' };
  const full = { score: max, met: true, deductionReason: null };
  const none = (reason: string) => ({ score: 0, met: false, deductionReason: reason });
  switch (item.inputType) {
    case 'PHOTO':
      return full;
    case 'YES_NO':
      return input.value === true ? full : none('未达标');
    case 'SELECT': {
      const pass = item.requirement.passOptions ?? [];
      return typeof input.value === 'string' && pass.includes(input.value) ? full : none('未达标');
    }
    case 'NUMBER': {
      const value = typeof input.value === 'number' && Number.isFinite(input.value) ? input.value : 0;
      const min = item.requirement.min ?? 0;
      if (value >= min) return full;
      const missing = min - value;
      if (item.scoringRule === 'PROPORTIONAL') {
        const score = round2(min > 0 ? (max * Math.max(value, 0)) / min : 0);
        return { score, met: false, deductionReason: `要求 ${min}，实际 ${value}` };
      }
      if (item.scoringRule === 'DEDUCT_PER_MISS') {
        const each = item.requirement.deductPerMiss ?? max / Math.max(min, 1);
        const score = round2(Math.max(0, max - Math.ceil(missing) * each));
        return { score, met: false, deductionReason: `缺 ${Math.ceil(missing)} 个，每缺扣 ${each} 分` };
      }
      return none(`要求 ${min}，实际 ${value}`);
    }
  }
}

export interface ScoredResult {
  /** Σ of the item scores; null while an item waits for the reviewer. */
  total: number | null;
  vetoHit: boolean;
  passed: boolean | null;
}

/**
 * The whole result: the sum of the item scores, a veto item not met fails it whatever the sum, and otherwise it
 * passes at the pass score. An item's reviewer score replaces its own; an item scored below its maximum by the
 * reviewer counts as not met.
 */
export function scoreResult(
  items: ReadonlyArray<{ maxScore: number; isVeto: boolean; score: number | null; met: boolean | null }>,
  passScore: number,
): ScoredResult {
  const vetoHit = items.some((item) => item.isVeto && item.met === false);
  if (items.some((item) => item.score === null))
    return { total: null, vetoHit, passed: vetoHit ? false : null };
  const total = round2(items.reduce((sum, item) => sum + (item.score ?? 0), 0));
  return { total, vetoHit, passed: !vetoHit && total >= passScore };
}

/** The coins a passed result's score earns by the rule (before the monthly cap). */
export function coinsForScore(rule: CoinRule, score: number): number {
  const reached = rule.tiers.filter((tier) => score >= tier.minScore);
  return reached.length === 0 ? 0 : Math.max(...reached.map((tier) => tier.coins));
}

/** The coin accounts' own settings: what a coin is worth and how much of an order coins may pay. */
export interface CoinSettings {
  /** Yuan one coin is worth (0.01: 100 coins = ¥1). */
  coinValueYuan: number;
  /** The part of an order's amount (after promotions) coins may pay, 0–1. */
  maxDeductRatioPerOrder: number;
}

export const DEFAULT_COIN_SETTINGS: CoinSettings = { coinValueYuan: 0.01, maxDeductRatioPerOrder: 0.2 };

/** What coins are worth, in cents of a yuan. */
export const coinsToCents = (coins: number, settings: CoinSettings = DEFAULT_COIN_SETTINGS) =>
  Math.round(coins * settings.coinValueYuan * 100);

/** How many coins an order's 金币抵扣 (yuan) stands for. */
export const coinsOfAmount = (amount: string | number, settings: CoinSettings = DEFAULT_COIN_SETTINGS) =>
  Math.round(Number(amount) / settings.coinValueYuan);

/** What the order form shows of the buyer outlet's coins for its cart (金币抵扣). */
export interface CoinDeduction {
  /** The outlet's coins less what other orders hold. */
  available: number;
  /** The most coins this order may use: the per-order share of the goods after promotions, in coins. */
  maxCoins: number;
  /** The coins asked for and accepted (0 when none were asked). */
  coins: number;
  /** What those coins pay, in yuan. */
  amount: string;
  coinValueYuan: number;
  maxDeductRatioPerOrder: number;
  /** Why no coins may be used, when so. */
  reason: string | null;
}
