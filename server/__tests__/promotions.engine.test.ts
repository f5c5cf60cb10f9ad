// The pricing engine on its own (DOMAIN §1.7): each type, tiers, 每满, caps, budgets, floor prices, scopes, time
// windows, limits, and groups with their exclusivity and selection — and the reason of each promotion that
// does not fire.
import {
  priceCart,
  spreadDiscount,
  type EngineInput,
  type EnginePromotion,
} from '../modules/promotions/engine';
import type { PromotionTier } from '../../common/promotions';

const AT = new Date('2026-06-10T04:00:00Z'); // a Wednesday, 12:00 in Beijing

const tier = (values: Partial<PromotionTier>): PromotionTier => ({
  tierNo: 1,
  thresholdType: 'AMOUNT',
  thresholdValue: 0,
  benefitType: 'REDUCE_AMOUNT',
  benefitValue: 0,
  repeatable: false,
  ...values,
});

let seq = 0;
const promo = (values: Partial<EnginePromotion>): EnginePromotion => ({
  id: `p${++seq}`,
  promoNo: `CX${seq}`,
  name: `促销${seq}`,
  promoType: 'FULL_REDUCTION',
  applyLevel: 'ORDER',
  audience: 'OUTLET',
  customerScope: {},
  productScope: {},
  startAt: new Date('2026-06-01T00:00:00Z'),
  endAt: new Date('2026-07-01T00:00:00Z'),
  timeWindow: null,
  status: 'ACTIVE',
  budgetType: 'NONE',
  budgetRemaining: null,
  perCustomerLimit: null,
  customerUses: 0,
  perOrderLimit: null,
  firstOrderOnly: false,
  groupId: null,
  priority: 100,
  tiers: [tier({ thresholdValue: 100, benefitValue: 10 })],
  bundleItems: [],
  ...values,
});

/** Beer at 60 yuan a case (6 cases: 360), water at 20 a case (5 cases: 100). */
const input = (promotions: EnginePromotion[], extra: Partial<EngineInput> = {}): EngineInput => ({
  at: AT,
  customer: {
    id: 'c1',
    customerType: 'OUTLET',
    orgCode: 'A01A02',
    areaCodes: ['310000', '310100'],
    channel: 'TT',
    outletType: '便利店',
    level: 'B',
    labelIds: ['L1'],
    previousOrders: 3,
  },
  lines: [
    {
      key: '0',
      skuId: 'beer',
      skuName: '啤酒',
      categoryId: 'cat-beer',
      brandId: 'b1',
      baseQty: 72,
      unitsPerCase: 12,
      listCents: 36000,
      floorCents: 33000,
    },
    {
      key: '1',
      skuId: 'water',
      skuName: '水',
      categoryId: 'cat-water',
      brandId: 'b2',
      baseQty: 120,
      unitsPerCase: 24,
      listCents: 10000,
      floorCents: null,
    },
  ],
  promotions,
  groups: [],
  giftUnitCents: { beer: 500, water: 80 },
  giftUnitsPerCase: { beer: 12, water: 24 },
  ...extra,
});

const amounts = (result: ReturnType<typeof priceCart>) => result.lines.map((line) => line.amountCents);

describe('promotion types', () => {
  it('满减 once, and 每满 repeated up to the per-order limit and the cap', () => {
    const once = priceCart(input([promo({})]));
    expect(once.discountCents).toBe(1000);
    expect(amounts(once).reduce((a, b) => a + b)).toBe(45000);
    const repeat = priceCart(
      input([promo({ tiers: [tier({ thresholdValue: 100, benefitValue: 10, repeatable: true })] })]),
    );
    expect(repeat.discountCents).toBe(4000); // 460 → 4 × 10
    const limited = priceCart(
      input([
        promo({
          perOrderLimit: 2,
          tiers: [tier({ thresholdValue: 100, benefitValue: 10, repeatable: true })],
        }),
      ]),
    );
    expect(limited.discountCents).toBe(2000);
    const capped = priceCart(
      input([
        promo({ tiers: [tier({ thresholdValue: 100, benefitValue: 10, repeatable: true, maxBenefit: 25 })] }),
      ]),
    );
    expect(capped.discountCents).toBe(2500);
    expect(capped.applied[0].description).toContain('封顶');
  });

  it('阶梯: the highest tier reached applies', () => {
    const tiers = [
      tier({ tierNo: 1, thresholdType: 'QTY_CASES', thresholdValue: 5, benefitValue: 10 }),
      tier({ tierNo: 2, thresholdType: 'QTY_CASES', thresholdValue: 10, benefitValue: 30 }),
      tier({ tierNo: 3, thresholdType: 'QTY_CASES', thresholdValue: 20, benefitValue: 80 }),
    ];
    const result = priceCart(input([promo({ promoType: 'TIERED', tiers })]));
    expect(result.applied[0]).toMatchObject({ tierNo: 2, discountCents: 3000 });
  });

  it('满折 on the scoped products only', () => {
    const result = priceCart(
      input([
        promo({
          promoType: 'FULL_DISCOUNT',
          productScope: { categoryIds: ['cat-water'] },
          tiers: [tier({ thresholdValue: 50, benefitType: 'DISCOUNT_RATE', benefitValue: 0.8 })],
        }),
      ]),
    );
    expect(amounts(result)).toEqual([36000, 8000]);
  });

  it('买赠 gives gift cases, repeated, within the gift budget', () => {
    const buyGift = (values: Partial<EnginePromotion>) =>
      promo({
        promoType: 'BUY_GIFT',
        productScope: { skuIds: ['beer'] },
        tiers: [
          tier({
            thresholdType: 'QTY_CASES',
            thresholdValue: 2,
            benefitType: 'GIFT',
            giftSkuId: 'water',
            giftQty: 1,
            giftUnit: 'CASE',
            repeatable: true,
          }),
        ],
        ...values,
      });
    const result = priceCart(input([buyGift({})]));
    expect(result.applied[0].gifts).toEqual([{ skuId: 'water', baseQty: 72 }]); // 3 cases of 24
    expect(result.discountCents).toBe(0);
    const budgeted = priceCart(input([buyGift({ budgetType: 'GIFT_QTY', budgetRemaining: 2 })]));
    expect(budgeted.applied[0]).toMatchObject({
      gifts: [{ skuId: 'water', baseQty: 48 }],
      budgetConsumed: 2,
    });
    const empty = priceCart(input([buyGift({ budgetType: 'GIFT_QTY', budgetRemaining: 0 })]));
    expect(empty.skipped[0].reason).toBe('预算已用完');
  });

  it('特价 at line level never goes below the floor price', () => {
    const result = priceCart(
      input([
        promo({
          promoType: 'SPECIAL_PRICE',
          applyLevel: 'LINE',
          tiers: [
            tier({
              thresholdType: 'QTY_CASES',
              thresholdValue: 1,
              benefitType: 'SPECIAL_PRICE',
              benefitValue: 50,
            }),
          ],
        }),
      ]),
    );
    // beer: 6 × 50 = 300 but the floor is 330; water is 20/case already below 50.
    expect(amounts(result)).toEqual([33000, 10000]);
    expect(result.applied[0].discounts).toEqual({ '0': 3000 });
  });

  it('an amount budget cuts the discount to what is left', () => {
    const result = priceCart(input([promo({ budgetType: 'AMOUNT', budgetRemaining: 300 })]));
    expect(result.applied[0]).toMatchObject({ discountCents: 300, budgetConsumed: 300 });
  });

  it('the floor price bounds an order discount; what a line cannot take goes to the others', () => {
    const result = priceCart(input([promo({ tiers: [tier({ thresholdValue: 100, benefitValue: 200 })] })]));
    // beer may lose 30 at most; water takes the rest, 100 in all
    expect(amounts(result)).toEqual([33000, 0]);
    expect(result.discountCents).toBe(13000);
    expect(result.applied[0].description).toContain('底价');
    expect(spreadDiscount([], 100)).toEqual({});
  });
});

describe('why a promotion does not fire', () => {
  it('explains thresholds, scopes, time, limits and states', () => {
    const cases: Array<[Partial<EnginePromotion>, string | RegExp]> = [
      [{ tiers: [tier({ thresholdValue: 1000, benefitValue: 10 })] }, '未达门槛：满 1000 元，还差 540.00 元'],
      [{ customerScope: { channels: ['MT'] } }, '客户渠道不在适用范围'],
      [{ customerScope: { orgCodes: ['A02'] } }, '客户不在适用部门'],
      [{ customerScope: { labelIds: ['L9'] } }, '客户没有适用的标签'],
      [{ customerScope: { excludeIds: ['c1'] } }, '客户在排除名单中'],
      [{ audience: 'DEALER' }, '仅适用于经销商'],
      [{ productScope: { skuIds: ['wine'] } }, '购物车中没有适用商品'],
      [{ startAt: new Date('2026-06-11T00:00:00Z') }, '活动尚未开始'],
      [{ endAt: new Date('2026-06-10T00:00:00Z') }, '活动已结束'],
      [{ timeWindow: { weekdays: [6, 7] } }, '不在活动时段（星期）'],
      [{ timeWindow: { fromHour: 18, toHour: 22 } }, '不在活动时段（时间）'],
      [{ status: 'PAUSED' }, '促销已暂停'],
      [{ status: 'DRAFT' }, '促销未生效'],
      [{ firstOrderOnly: true }, '仅限首单，客户已有订单'],
      [{ perCustomerLimit: 1, customerUses: 1 }, '每客户限 1 次，已用完'],
    ];
    for (const [values, reason] of cases) {
      const result = priceCart(input([promo(values)]));
      expect(result.applied).toEqual([]);
      expect(result.skipped[0].reason).toEqual(reason);
    }
    // In the include list: in scope whatever else the scope says.
    expect(
      priceCart(input([promo({ customerScope: { includeIds: ['c1'], channels: ['MT'] } })])).applied,
    ).toHaveLength(1);
    expect(priceCart(input([promo({ customerScope: { includeIds: ['c9'] } })])).skipped[0].reason).toBe(
      '客户不在指定名单中',
    );
    expect(
      priceCart(input([promo({ timeWindow: { weekdays: [3], fromHour: 9, toHour: 18 } })])).applied,
    ).toHaveLength(1);
  });
});

describe('groups and the engine order', () => {
  const group = (values: Partial<EngineInput['groups'][number]>) => ({
    id: 'g1',
    name: '夏季组',
    exclusivity: 'EXCLUSIVE' as const,
    selection: 'BEST_FOR_BUYER' as const,
    stackWithOtherGroups: true,
    priority: 10,
    ...values,
  });

  it('an exclusive group picks the best for the buyer, or by priority', () => {
    const small = promo({
      groupId: 'g1',
      priority: 1,
      tiers: [tier({ thresholdValue: 100, benefitValue: 10 })],
    });
    const big = promo({
      groupId: 'g1',
      priority: 2,
      tiers: [tier({ thresholdValue: 100, benefitValue: 30 })],
    });
    const best = priceCart(input([small, big], { groups: [group({})] }));
    expect(best.applied.map((each) => each.promotionId)).toEqual([big.id]);
    expect(best.skipped).toEqual([
      { promotionId: small.id, reason: `促销组「夏季组」组内互斥，已选「${big.name}」` },
    ]);
    const first = priceCart(input([small, big], { groups: [group({ selection: 'BY_PRIORITY' })] }));
    expect(first.applied.map((each) => each.promotionId)).toEqual([small.id]);
    const chosen = priceCart(
      input([small, big], {
        groups: [group({ selection: 'BUYER_CHOOSES' })],
        chosenPromotionIds: [small.id],
      }),
    );
    expect(chosen.applied.map((each) => each.promotionId)).toEqual([small.id]);
  });

  it('a stackable group applies all, line level first, each on the remaining price', () => {
    const order = promo({
      groupId: 'g1',
      promoType: 'FULL_DISCOUNT',
      tiers: [tier({ thresholdValue: 100, benefitType: 'DISCOUNT_RATE', benefitValue: 0.5 })],
    });
    const line = promo({
      groupId: 'g1',
      promoType: 'SPECIAL_PRICE',
      applyLevel: 'LINE',
      productScope: { skuIds: ['water'] },
      tiers: [
        tier({
          thresholdType: 'QTY_CASES',
          thresholdValue: 1,
          benefitType: 'SPECIAL_PRICE',
          benefitValue: 10,
        }),
      ],
    });
    const result = priceCart(input([order, line], { groups: [group({ exclusivity: 'STACKABLE' })] }));
    expect(result.applied.map((each) => each.promotionId)).toEqual([line.id, order.id]);
    // water 100 → 50 (特价), then half off: beer stops at its floor 330, water 50 → 0 would be the rest
    expect(result.lines[1].amountCents).toBeLessThan(5000);
    expect(result.lines[0].amountCents).toBeGreaterThanOrEqual(33000);
  });

  it('a group that does not stack with others shuts out the later units', () => {
    const grouped = promo({ groupId: 'g1' });
    const loose = promo({ priority: 500 });
    const result = priceCart(input([grouped, loose], { groups: [group({ stackWithOtherGroups: false })] }));
    expect(result.applied.map((each) => each.promotionId)).toEqual([grouped.id]);
    expect(result.skipped[0]).toEqual({ promotionId: loose.id, reason: '促销组「夏季组」不与其他促销叠加' });
    const early = promo({ priority: 1 });
    const after = priceCart(input([grouped, early], { groups: [group({ stackWithOtherGroups: false })] }));
    expect(after.applied.map((each) => each.promotionId)).toEqual([early.id]);
    expect(after.skipped[0].reason).toContain('已有其他促销');
  });
});

describe('组合套餐 (BUNDLE)', () => {
  /** One set: a case of beer (60) and two of water (40): the cart holds 2 sets (water is short of a third). */
  const bundle = (values: Partial<EnginePromotion> = {}, tierValues: Partial<PromotionTier> = {}) =>
    promo({
      promoType: 'BUNDLE',
      productScope: { skuIds: ['beer', 'water'] },
      bundleItems: [
        { skuId: 'beer', qty: 1, unit: 'CASE', skuName: '啤酒', baseQty: 12, qtyText: '1箱' },
        { skuId: 'water', qty: 2, unit: 'CASE', skuName: '水', baseQty: 48, qtyText: '2箱' },
      ],
      tiers: [
        tier({
          thresholdType: 'SETS',
          thresholdValue: 1,
          benefitType: 'SPECIAL_PRICE',
          benefitValue: 95,
          repeatable: true,
          ...tierValues,
        }),
      ],
      ...values,
    });

  it('fires once for every complete set, the package price on the sets’ goods only', () => {
    const result = priceCart(input([bundle()]));
    // 2 sets worth 2 × 100 at 2 × 95: 10 off, 6 on beer's 120 and 4 on water's 80 of the sets (60 : 40).
    expect(result.applied[0]).toMatchObject({ times: 2, discountCents: 1000, discounts: { 0: 600, 1: 400 } });
    expect(result.applied[0].description).toBe('组合套餐 2 套：套餐价 95 元/套');
    expect(amounts(result)).toEqual([35400, 9600]);
    // Not repeatable: one set only.
    const once = priceCart(input([bundle({}, { repeatable: false })]));
    expect(once.applied[0]).toMatchObject({ times: 1, discountCents: 500 });
    // A benefit a set, and gifts a set.
    const off = priceCart(input([bundle({}, { benefitType: 'REDUCE_AMOUNT', benefitValue: 7 })]));
    expect(off.applied[0]).toMatchObject({
      discountCents: 1400,
      description: '组合套餐 2 套：减 14.00 元（2 倍）',
    });
    const gifts = priceCart(
      input([bundle({}, { benefitType: 'GIFT', giftSkuId: 'water', giftQty: 1, giftUnit: 'CASE' })]),
    );
    expect(gifts.applied[0].gifts).toEqual([{ skuId: 'water', baseQty: 48 }]);
  });

  it('keeps to the per-order limit, the cap and the number of sets of its tier', () => {
    expect(priceCart(input([bundle({ perOrderLimit: 1 })])).applied[0]).toMatchObject({
      times: 1,
      discountCents: 500,
    });
    const capped = priceCart(
      input([bundle({}, { benefitType: 'REDUCE_AMOUNT', benefitValue: 10, maxBenefit: 15 })]),
    );
    expect(capped.applied[0]).toMatchObject({ discountCents: 1500 });
    expect(capped.applied[0].description).toContain('已封顶');
    const three = priceCart(input([bundle({}, { thresholdValue: 3 })]));
    expect(three.skipped[0].reason).toBe('未达门槛：满 3 套，现有 2 套');
  });

  it('never goes below a floor, and leaves the goods outside the sets alone', () => {
    // At 10 a set the sets' goods would lose 180: beer's two cases may lose 10 (floor 55 a case), water's four
    // cases 80 (no floor) — the fifth case of water is not in a set and keeps its 20.
    const result = priceCart(input([bundle({}, { benefitValue: 10 })]));
    expect(amounts(result)).toEqual([35000, 2000]);
    expect(result.applied[0].description).toContain('受底价限制，实际优惠 90.00 元');
  });

  it('says what is missing when the cart holds no complete set, or none of its goods', () => {
    const wine = bundle({
      productScope: { skuIds: ['beer', 'wine'] },
      bundleItems: [
        { skuId: 'beer', qty: 1, unit: 'CASE', skuName: '啤酒', baseQty: 12, qtyText: '1箱' },
        { skuId: 'wine', qty: 6, unit: 'BASE', skuName: '葡萄酒', baseQty: 6, qtyText: '6瓶' },
      ],
    });
    expect(priceCart(input([wine])).skipped[0].reason).toBe('未凑齐一套：缺 葡萄酒（每套 6瓶）');
    const elsewhere = bundle({ productScope: { skuIds: ['wine', 'cola'] } });
    expect(priceCart(input([elsewhere])).skipped[0].reason).toBe('购物车中没有适用商品');
    expect(priceCart(input([bundle({ customerScope: { channels: ['MT'] } })])).skipped[0].reason).toBe(
      '客户渠道不在适用范围',
    );
  });

  it('applies only within its period and time window', () => {
    const cases: Array<[Partial<EnginePromotion>, string]> = [
      [{ startAt: new Date('2026-06-11T00:00:00Z') }, '活动尚未开始'],
      [{ endAt: new Date('2026-06-10T00:00:00Z') }, '活动已结束'],
      [{ timeWindow: { weekdays: [6, 7] } }, '不在活动时段（星期）'],
    ];
    for (const [values, reason] of cases)
      expect(priceCart(input([bundle(values)])).skipped[0].reason).toBe(reason);
    expect(priceCart(input([bundle({ timeWindow: { weekdays: [3] } })])).applied).toHaveLength(1);
  });
});

describe('累计返 (CUMULATIVE)', () => {
  /** The cart holds 11 cases (6 beer, 5 water) worth 460. */
  const cumulative = (
    ledger: Partial<NonNullable<EnginePromotion['cumulative']>>,
    tiers: PromotionTier[],
    values: Partial<EnginePromotion> = {},
  ) =>
    promo({
      promoType: 'CUMULATIVE',
      cumulative: { priorCents: 0, priorCases: 0, given: {}, ...ledger },
      tiers,
      ...values,
    });
  const cases20 = tier({ thresholdType: 'QTY_CASES', thresholdValue: 20, benefitValue: 20 });
  const every10 = tier({
    thresholdType: 'QTY_CASES',
    thresholdValue: 10,
    benefitValue: 20,
    repeatable: true,
  });

  it('fires when the audited orders and this cart together cross the threshold', () => {
    const result = priceCart(input([cumulative({ priorCases: 10 }, [cases20])]));
    expect(result.applied[0]).toMatchObject({ tierNo: 1, times: 1, discountCents: 2000 });
    expect(result.applied[0].description).toBe(
      '累计 21 箱（已审核订单 10 箱 + 本单 11 箱），达到第 1 档（满 20 箱）：减 20.00 元',
    );
    expect(priceCart(input([cumulative({ priorCases: 5 }, [cases20])])).skipped[0].reason).toBe(
      '第 1 档（满 20 箱）累计 16 箱（已审核订单 5 箱 + 本单 11 箱），还差 4 箱',
    );
    const amount = tier({ thresholdType: 'AMOUNT', thresholdValue: 1000, benefitValue: 30 });
    expect(priceCart(input([cumulative({ priorCents: 60000 }, [amount])])).discountCents).toBe(3000);
    expect(priceCart(input([cumulative({ priorCents: 50000 }, [amount])])).skipped[0].reason).toContain(
      '还差 40.00 元',
    );
  });

  it('fires once per crossing: a tier given before does not fire again', () => {
    const given = priceCart(input([cumulative({ priorCases: 10, given: { 1: 1 } }, [cases20])]));
    expect(given.applied).toEqual([]);
    expect(given.skipped[0].reason).toBe(
      '第 1 档（满 20 箱）已享受，累计 21 箱（已审核订单 10 箱 + 本单 11 箱）',
    );
  });

  it('每满 repeats for every multiple not given yet, within the per-order limit', () => {
    const both = priceCart(input([cumulative({ priorCases: 15 }, [every10])]));
    expect(both.applied[0]).toMatchObject({ times: 2, discountCents: 4000 });
    const one = priceCart(input([cumulative({ priorCases: 15, given: { 1: 1 } }, [every10])]));
    expect(one.applied[0]).toMatchObject({ times: 1, discountCents: 2000 });
    const none = priceCart(input([cumulative({ priorCases: 15, given: { 1: 2 } }, [every10])]));
    expect(none.skipped[0].reason).toBe(
      '第 1 档（每满 10 箱）累计 26 箱（已审核订单 15 箱 + 本单 11 箱），还差 4 箱（已享受 2 次）',
    );
    const limited = priceCart(input([cumulative({ priorCases: 15 }, [every10], { perOrderLimit: 1 })]));
    expect(limited.applied[0]).toMatchObject({ times: 1, discountCents: 2000 });
  });

  it('gives every tier crossed at once, each its own entry, within the budget', () => {
    const gift = tier({
      tierNo: 2,
      thresholdType: 'QTY_CASES',
      thresholdValue: 25,
      benefitType: 'GIFT',
      giftSkuId: 'water',
      giftQty: 1,
      giftUnit: 'CASE',
    });
    const promotion = cumulative({ priorCases: 15 }, [gift, cases20]);
    const result = priceCart(input([promotion]));
    expect(result.applied.map((each) => [each.promotionId, each.tierNo])).toEqual([
      [promotion.id, 1],
      [promotion.id, 2],
    ]);
    expect(result.applied[1].gifts).toEqual([{ skuId: 'water', baseQty: 24 }]);
    expect(result.lines.map((line) => line.promotionIds)).toEqual([[promotion.id], [promotion.id]]);
    const second = tier({ tierNo: 2, thresholdType: 'QTY_CASES', thresholdValue: 25, benefitValue: 20 });
    const budgeted = priceCart(
      input([
        cumulative({ priorCases: 15 }, [cases20, second], { budgetType: 'AMOUNT', budgetRemaining: 1500 }),
      ]),
    );
    expect(budgeted.applied).toHaveLength(1);
    expect(budgeted.applied[0]).toMatchObject({ discountCents: 1500, budgetConsumed: 1500 });
  });

  it('never goes below a floor', () => {
    const big = tier({ thresholdType: 'QTY_CASES', thresholdValue: 20, benefitValue: 500 });
    const result = priceCart(input([cumulative({ priorCases: 10 }, [big])]));
    expect(amounts(result)).toEqual([33000, 0]);
    expect(result.applied[0].description).toContain('受底价限制');
  });

  it('gives 返费用 as a credit, nothing off the cart: each crossing, within the cap and the budget', () => {
    const fee = tier({
      thresholdType: 'QTY_CASES',
      thresholdValue: 10,
      benefitType: 'FEE_CREDIT',
      benefitValue: 50,
      repeatable: true,
    });
    const result = priceCart(input([cumulative({ priorCases: 15 }, [fee])]));
    expect(result.applied[0]).toMatchObject({
      times: 2,
      discountCents: 0,
      discounts: {},
      gifts: [],
      creditCents: 10000,
      budgetConsumed: 0,
    });
    expect(result.applied[0].description).toBe(
      '累计 26 箱（已审核订单 15 箱 + 本单 11 箱），达到第 1 档（每满 10 箱）：返费用 100.00 元（2 倍），审核通过后入返利账户',
    );
    expect(result.discountCents).toBe(0);
    expect(amounts(result)).toEqual([36000, 10000]);
    const capped = priceCart(input([cumulative({ priorCases: 15 }, [{ ...fee, maxBenefit: 80 }])]));
    expect(capped.applied[0]).toMatchObject({ creditCents: 8000 });
    expect(capped.applied[0].description).toContain('（已封顶）');
    const budgeted = priceCart(
      input([cumulative({ priorCases: 15 }, [fee], { budgetType: 'AMOUNT', budgetRemaining: 3000 })]),
    );
    expect(budgeted.applied[0]).toMatchObject({ creditCents: 3000, budgetConsumed: 3000 });
    expect(budgeted.applied[0].description).toContain('（受预算限制）');
    // Once given, not again; and other types still give no 返费用 at order time.
    expect(priceCart(input([cumulative({ priorCases: 15, given: { 1: 2 } }, [fee])])).applied).toEqual([]);
    const plain = promo({ tiers: [{ ...fee, thresholdValue: 1 }] });
    expect(priceCart(input([plain])).skipped[0].reason).toBe('返费用类优惠本期不在下单时计算');
  });

  it('counts only its products and customers, and only in its period', () => {
    const cases: Array<[Partial<EnginePromotion>, string]> = [
      [{ productScope: { skuIds: ['wine'] } }, '购物车中没有适用商品'],
      [{ customerScope: { channels: ['MT'] } }, '客户渠道不在适用范围'],
      [{ endAt: new Date('2026-06-10T00:00:00Z') }, '活动已结束'],
      [{ startAt: new Date('2026-06-11T00:00:00Z') }, '活动尚未开始'],
    ];
    for (const [values, reason] of cases)
      expect(priceCart(input([cumulative({ priorCases: 10 }, [cases20], values)])).skipped[0].reason).toBe(
        reason,
      );
    // Only water is in scope: 5 cases in the cart.
    const water = priceCart(
      input([cumulative({ priorCases: 10 }, [cases20], { productScope: { categoryIds: ['cat-water'] } })]),
    );
    expect(water.skipped[0].reason).toContain('累计 15 箱（已审核订单 10 箱 + 本单 5 箱），还差 5 箱');
  });
});
