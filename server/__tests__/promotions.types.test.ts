// 组合套餐 and 累计返 over HTTP on both back ends (DOMAIN §1.7): their terms checked and kept, the 试算预览 saying
// why they fire or not, orders placed with them and their usages; 累计返 counting only audited orders, once per
// threshold crossing — given back when the order that crossed is cancelled, and to one order of several at once.
import type { Page } from '../../common/contract';
import type { ApprovalRecord } from '../../common/approvals';
import type { PromotionDetail, PromotionPreview, PromotionTier } from '../../common/promotions';
import { testBackends } from './support/database';
import {
  type BusinessTestbed,
  ok,
  openBusinessTestbed,
  orderableGoods,
  type OrderableGoods,
} from './support/business';

const beijing = (offsetDays: number) =>
  new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 16).replace('T', ' ');

describe.each(testBackends())('组合套餐 and 累计返 on %s', (backend) => {
  let bed: BusinessTestbed;
  let goods: OrderableGoods;
  const db = () => bed.testDatabase.database.db;

  const terms = (values: Record<string, unknown>) => ({
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
  const tier = (values: Partial<PromotionTier>): PromotionTier => ({
    tierNo: 1,
    thresholdType: 'QTY_CASES',
    thresholdValue: 1,
    benefitType: 'REDUCE_AMOUNT',
    benefitValue: 0,
    repeatable: false,
    ...values,
  });
  const bundle = (values: Record<string, unknown> = {}) =>
    terms({
      name: '套餐 1+1',
      promoType: 'BUNDLE',
      bundleItems: [
        { skuId: goods.skuIds[0], qty: 1, unit: 'CASE' },
        { skuId: goods.skuIds[1], qty: 1, unit: 'CASE' },
      ],
      tiers: [
        tier({
          thresholdType: 'SETS',
          thresholdValue: 1,
          benefitType: 'SPECIAL_PRICE',
          benefitValue: 90,
          repeatable: true,
        }),
      ],
      ...values,
    });
  const cumulative = (values: Record<string, unknown> = {}) =>
    terms({
      name: '累计 5 箱减 10',
      promoType: 'CUMULATIVE',
      productScope: { skuIds: [goods.skuIds[2]] },
      tiers: [tier({ thresholdValue: 5, benefitValue: 10 })],
      ...values,
    });
  const approved = async (body: Record<string, unknown>) => {
    const { id } = await ok(bed.post<{ id: string }>('admin', '/ePromotion/promotion/add', body));
    await ok(bed.post('admin', '/ePromotion/promotion/submit', { id }));
    const todo = await ok(bed.get<Page<ApprovalRecord>>('admin', '/approval/todo/list?pageSize=100'));
    const task = todo.records.find((record) => record.bizId === id)!;
    await ok(bed.post('admin', '/approval/approve', { taskId: task.taskId }));
    return id;
  };
  const preview = (lines: Array<Record<string, unknown>>) =>
    ok(
      bed.post<PromotionPreview>('admin', '/ePromotion/promotion/preview', {
        buyerId: goods.outletId,
        lines,
      }),
    );
  const place = (lines: Array<Record<string, unknown>>) =>
    bed.post<{ id: string; payableAmount: string }>('admin', '/eOrder/eOrder/add', {
      buyerId: goods.outletId,
      paymentMethod: 'COD',
      lines,
    });
  const usages = (promotionId: string) =>
    db()
      .selectFrom('promotion_usages')
      .select(['order_id', 'tier_no', 'times', 'status', 'discount_amount'])
      .where('promotion_id', '=', promotionId)
      .orderBy('created_at')
      .execute();
  const skipped = (answer: PromotionPreview, id: string) =>
    answer.skipped.find((each) => each.promotionId === id)?.reason;

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
    goods = await orderableGoods(bed, 'admin', 'PMT', 'A01A02A01', 3);
  }, 300_000);
  afterAll(() => bed.close());

  it('checks their terms and keeps a bundle’s items', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [bundle({ bundleItems: [{ skuId: goods.skuIds[0], qty: 2 }] }), '组合套餐须至少包含两种商品'],
      [
        bundle({
          bundleItems: [
            { skuId: goods.skuIds[0], qty: 1 },
            { skuId: goods.skuIds[0], qty: 2 },
          ],
        }),
        '组合套餐的商品重复，请合并数量',
      ],
      [bundle({ tiers: [tier({ thresholdValue: 2, benefitValue: 5 })] }), '第 1 档：组合套餐的门槛须为套数'],
      [
        bundle({ tiers: [tier({ thresholdType: 'SETS', thresholdValue: 1.5, benefitValue: 5 })] }),
        '第 1 档：套数须为不小于 1 的整数',
      ],
      [bundle({ applyLevel: 'LINE' }), '组合套餐不能按单品计算，请选择整单或品类'],
      [
        cumulative({ tiers: [tier({ thresholdValue: 5, benefitType: 'DISCOUNT_RATE', benefitValue: 0.9 })] }),
        '第 1 档：累计返的优惠须为减额或赠品',
      ],
      [
        cumulative({ tiers: [tier({ thresholdType: 'SKU_COUNT', thresholdValue: 2, benefitValue: 5 })] }),
        '第 1 档：累计返的门槛须为箱数或金额',
      ],
      [
        terms({ promoType: 'FULL_REDUCTION', tiers: [tier({ thresholdType: 'SETS', benefitValue: 5 })] }),
        '第 1 档：满减的门槛须为箱数或金额或品项数',
      ],
    ];
    for (const [body, message] of cases) {
      const { status, body: answer } = await bed.post('admin', '/ePromotion/promotion/add', body);
      expect(status).toBeLessThan(500);
      expect(answer).toMatchObject({ success: false, message });
    }
    const { id } = await ok(bed.post<{ id: string }>('admin', '/ePromotion/promotion/add', bundle()));
    const detail = await ok(bed.get<PromotionDetail>('admin', `/ePromotion/promotion/queryById?id=${id}`));
    expect(detail).toMatchObject({
      promoType: 'BUNDLE',
      bundleItems: [
        { skuId: goods.skuIds[0], qty: 1, unit: 'CASE' },
        { skuId: goods.skuIds[1], qty: 1, unit: 'CASE' },
      ],
      productScope: { skuIds: [goods.skuIds[0], goods.skuIds[1]] },
    });
    await ok(bed.post('admin', '/ePromotion/promotion/cancel', { id }));
  });

  it('places an order with a bundle: the package price for every complete set', async () => {
    const [first, second] = goods.skuIds;
    const id = await approved(bundle());
    const short = await preview([{ skuId: first, cases: 2 }]);
    expect(skipped(short, id)).toMatch(/^未凑齐一套：缺 PMT茶饮-2 500ml（每套 1/);
    const full = await preview([
      { skuId: first, cases: 2 },
      { skuId: second, cases: 3 },
    ]);
    expect(full.applied).toEqual([
      expect.objectContaining({
        promotionId: id,
        discountAmount: '12.00',
        description: '组合套餐 2 套：套餐价 90 元/套',
      }),
    ]);
    // 2 sets worth 2 × 96 at 2 × 90: 12 off, half on each SKU's two cases in the sets; the third case of the
    // second SKU is outside them.
    const placed = await ok(
      place([
        { skuId: first, cases: 2 },
        { skuId: second, cases: 3 },
      ]),
    );
    expect(placed.payableAmount).toBe('228.00');
    const lines = await db()
      .selectFrom('sales_order_lines')
      .select(['sku_id', 'amount', 'discount_amount'])
      .where('order_id', '=', placed.id)
      .orderBy('line_no')
      .execute();
    expect(lines).toEqual([
      { sku_id: first, amount: '90.00', discount_amount: '6.00' },
      { sku_id: second, amount: '138.00', discount_amount: '6.00' },
    ]);
    expect(await usages(id)).toEqual([
      expect.objectContaining({
        order_id: placed.id,
        tier_no: 1,
        times: 2,
        status: 'LOCKED',
        discount_amount: '12.00',
      }),
    ]);
    await ok(bed.post('admin', '/ePromotion/promotion/end', { id }));
  });

  it('places orders with 累计返: audited orders count, once per crossing, given back at cancel', async () => {
    const sku = goods.skuIds[2];
    const id = await approved(cumulative());
    const first = await ok(place([{ skuId: sku, cases: 3 }]));
    expect(first.payableAmount).toBe('144.00');
    // Not audited yet: it does not count.
    expect(skipped(await preview([{ skuId: sku, cases: 2 }]), id)).toBe(
      '第 1 档（满 5 箱）累计 2 箱（已审核订单 0 箱 + 本单 2 箱），还差 3 箱',
    );
    const audit = await ok(
      bed.post<{ results: Array<{ success: boolean }> }>('admin', '/eOrder/eOrder/auditOrder', {
        ids: [first.id],
        pass: true,
      }),
    );
    expect(audit.results[0]).toMatchObject({ success: true });
    const crossing = await preview([{ skuId: sku, cases: 2 }]);
    expect(crossing.applied).toEqual([
      expect.objectContaining({
        promotionId: id,
        discountAmount: '10.00',
        description: '累计 5 箱（已审核订单 3 箱 + 本单 2 箱），达到第 1 档（满 5 箱）：减 10.00 元',
      }),
    ]);
    const second = await ok(place([{ skuId: sku, cases: 2 }]));
    expect(second.payableAmount).toBe('86.00');
    expect(await usages(id)).toEqual([
      expect.objectContaining({ order_id: second.id, tier_no: 1, times: 1, status: 'LOCKED' }),
    ]);
    // Given: the next order does not get it again.
    expect(skipped(await preview([{ skuId: sku, cases: 2 }]), id)).toBe(
      '第 1 档（满 5 箱）已享受，累计 5 箱（已审核订单 3 箱 + 本单 2 箱）',
    );
    expect((await ok(place([{ skuId: sku, cases: 2 }]))).payableAmount).toBe('96.00');
    // The order that crossed cancelled: its usage released, the crossing is there to be had again.
    await ok(bed.post('admin', '/eOrder/eOrder/cancelOrder', { id: second.id, reason: '客户不要了' }));
    expect((await usages(id)).map((use) => use.status)).toEqual(['RELEASED']);
    expect((await preview([{ skuId: sku, cases: 2 }])).applied.map((use) => use.promotionId)).toEqual([id]);

    // Several orders at once: the crossing goes to one of them.
    const answers = await Promise.all(Array.from({ length: 4 }, () => place([{ skuId: sku, cases: 2 }])));
    expect(answers.every((answer) => answer.status < 500)).toBe(true);
    for (const answer of answers.filter((each) => !each.body.success))
      expect(answer.body.message).toContain('累计返已由该客户的其他订单享受');
    const held = (await usages(id)).filter((use) => use.status !== 'RELEASED');
    expect(held).toHaveLength(1);
    const discounted = answers.filter(
      (answer) => answer.body.success && answer.body.result.payableAmount === '86.00',
    );
    expect(discounted).toHaveLength(1);
    await ok(bed.post('admin', '/ePromotion/promotion/end', { id }));
  });
});
