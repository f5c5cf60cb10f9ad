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
      [{ promoType: 'CUMULATIVE' }, '该促销类型本期不参与下单计价'],
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
