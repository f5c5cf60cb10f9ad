// 组合套餐 and 累计返 over HTTP on both back ends (DOMAIN §1.7): their terms checked and kept, the 试算预览 saying
// why they fire or not, orders placed with them and their usages; 累计返 counting only audited orders, once per
// threshold crossing — given back when the order that crossed is cancelled, and to one order of several at once;
// a 累计返 返费用 credited to the buyer's rebate account once at the audit of the order that crossed, taken back
// when that order is invalidated and in part when its goods come back.
import type { OrderDetail, OrderPrintData } from '../../common/orders';
import type { PromotionDetail, PromotionEffect } from '../../common/promotions';
import { adjustFundAccount, fundBalanceOf } from '../modules/funds/ledger';
import { testBackends } from './support/database';
import { promotionDesk, promotionTerms as terms, promotionTier as tier } from './support/promotions';
import {
  type BusinessTestbed,
  ok,
  openBusinessTestbed,
  orderableGoods,
  type OrderableGoods,
} from './support/business';

describe.each(testBackends())('组合套餐 and 累计返 on %s', (backend) => {
  let bed: BusinessTestbed;
  let goods: OrderableGoods;
  const db = () => bed.testDatabase.database.db;
  const { approved, preview, place, usages, skipped } = promotionDesk(
    () => bed,
    () => goods,
  );
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

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
    goods = await orderableGoods(bed, 'admin', 'PMT', 'A01A02A01', 4);
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
        '第 1 档：累计返的优惠须为减额或赠品或返费用',
      ],
      [
        cumulative({ tiers: [tier({ thresholdType: 'SKU_COUNT', thresholdValue: 2, benefitValue: 5 })] }),
        '第 1 档：累计返的门槛须为箱数或金额',
      ],
      [
        cumulative({ tiers: [tier({ thresholdValue: 5, benefitType: 'FEE_CREDIT', benefitValue: 0 })] }),
        '第 1 档：请填写返费用金额',
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

  it('credits 累计返 返费用 once at the audit, taken back by invalidation and, in part, by a return', async () => {
    // A SKU of its own: the other tests' orders do not count here.
    const [sku, buyer] = [goods.skuIds[3], goods.outletId];
    const credited = async () => (await fundBalanceOf(db(), 'A01', buyer, 'REBATE')).balance;
    const audit = (orderId: string) =>
      ok(bed.post('admin', '/eOrder/eOrder/auditOrder', { ids: [orderId], pass: true }));
    const id = await approved(
      cumulative({
        name: '累计 5 箱返 30',
        productScope: { skuIds: [sku] },
        budgetType: 'AMOUNT',
        budgetTotal: 100,
        tiers: [tier({ thresholdValue: 5, benefitType: 'FEE_CREDIT', benefitValue: 30 })],
      }),
    );
    const first = await ok(place([{ skuId: sku, cases: 3 }], buyer));
    await audit(first.id);
    const crossing = await preview([{ skuId: sku, cases: 2 }], buyer);
    expect(crossing).toMatchObject({ promoDiscountAmount: '0.00', payableAmount: '96.00' });
    expect(crossing.applied).toEqual([
      expect.objectContaining({
        promotionId: id,
        discountAmount: '0.00',
        creditAmount: '30.00',
        description:
          '累计 5 箱（已审核订单 3 箱 + 本单 2 箱），达到第 1 档（满 5 箱）：返费用 30.00 元，审核通过后入返利账户',
      }),
    ]);
    // Nothing off the order; nothing credited before its audit, 30.00 at it.
    const second = await ok(place([{ skuId: sku, cases: 2 }], buyer));
    expect(second.payableAmount).toBe('96.00');
    expect(await usages(id)).toEqual([
      expect.objectContaining({ order_id: second.id, status: 'LOCKED', budget_consumed: '30.00' }),
    ]);
    expect(await credited()).toBe(0);
    await audit(second.id);
    expect(await credited()).toBe(3000);
    // Once: the next order does not cross again, and its audit credits nothing.
    const third = await ok(place([{ skuId: sku, cases: 1 }], buyer));
    await audit(third.id);
    expect(await credited()).toBe(3000);

    // The order that crossed invalidated after its audit: the credit taken back, the crossing there to be had again.
    await ok(bed.post('admin', '/eOrder/eOrder/orderInvalid', { id: second.id, reason: '录错了' }));
    expect(await credited()).toBe(0);
    expect((await usages(id)).map((use) => use.status)).toEqual(['RELEASED']);
    const again = await ok(place([{ skuId: sku, cases: 2 }], buyer));
    await audit(again.id);
    expect(await credited()).toBe(3000);

    // Shipped, and one of its two cases returned: half the credit taken back at 入库.
    await ok(bed.post('admin', '/eOrder/eOrder/saveOrderDeliver', { id: again.id }));
    const detail = () => ok(bed.get<OrderDetail>('admin', `/eOrder/eOrder/queryById?id=${again.id}`));
    /** A return of one case (24 bottles) of the order, approved; its 入库 is `receive`. */
    const returnOneCase = async () => {
      const { id: returnId } = await ok(
        bed.post<{ id: string }>('admin', '/eOrder/eOrder/backOrder/add', {
          orderId: again.id,
          reason: 'QUALITY',
          refundMethod: 'ORIGINAL',
          lines: [{ orderLineId: (await detail()).lines[0].id, baseQty: 24 }],
        }),
      );
      await ok(bed.post('admin', '/eOrder/eOrder/backOrder/audit', { id: returnId, pass: true }));
      return returnId;
    };
    const receive = (returnId: string) =>
      bed.post('admin', '/eOrder/eOrder/backOrder/receive', { id: returnId, warehouseId: goods.warehouseId });
    const back = await returnOneCase();
    expect(await credited()).toBe(3000);
    await ok(receive(back));
    expect(await credited()).toBe(1500);
    const order = await detail();
    expect(order.logs.at(-1)).toMatchObject({
      comment: expect.stringContaining('累计返费用 15.00 已从返利账户收回'),
    });
    expect(order.promotions).toEqual([
      expect.objectContaining({
        promotionId: id,
        discountAmount: '0.00',
        creditAmount: '30.00',
        status: 'CONFIRMED',
      }),
    ]);
    // The delivery note prints the promotion with the 返费用 it earned, and what the return took back.
    const print = await ok(bed.post<OrderPrintData>('admin', '/eOrder/eOrder/orderPrint', { id: again.id }));
    expect(print).toMatchObject({
      promotions: [
        {
          promoNo: expect.any(String),
          name: '累计 5 箱返 30',
          tierNo: 1,
          discountAmount: '0.00',
          creditAmount: '30.00',
          giftQty: 0,
        },
      ],
      rebateCredit: { creditedAmount: '30.00', takenBackAmount: '15.00' },
    });
    // Each entry once, from the order that crossed; the budget holds what the live crossing consumed.
    const entries = await db()
      .selectFrom('fund_ledger')
      .select(['entry_type', 'amount', 'source_id'])
      .where('customer_id', '=', buyer)
      .where('account_type', '=', 'REBATE')
      .orderBy('seq')
      .execute();
    expect(entries).toEqual([
      { entry_type: 'ACCRUE', amount: '30.00', source_id: second.id },
      { entry_type: 'REVERSE', amount: '-30.00', source_id: second.id },
      { entry_type: 'ACCRUE', amount: '30.00', source_id: again.id },
      { entry_type: 'REVERSE', amount: '-15.00', source_id: again.id },
    ]);
    const promotion = await db()
      .selectFrom('promotions')
      .select('budget_used')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(promotion.budget_used).toBe('30.00');
    // 效果分析 counts what the live crossing credited as the promotion's cost.
    expect(
      await ok(bed.get<PromotionEffect>('admin', `/ePromotion/promotion/effect?id=${id}`)),
    ).toMatchObject({ orderCount: 1, discountAmount: '0.00', creditAmount: '30.00', costAmount: '30.00' });

    // The rest of the credit spent meanwhile (a manual deduction here): the return of the other case cannot take
    // its share back, so its 入库 is refused whole.
    await db()
      .transaction()
      .execute((trx) =>
        adjustFundAccount(trx, {
          tenantId: 'A01',
          customerId: buyer,
          account: 'REBATE',
          amountCents: -1500,
          source: { type: 'MANUAL' },
        }),
      );
    const refused = await receive(await returnOneCase());
    expect(refused.body).toMatchObject({
      success: false,
      code: 409,
      message: expect.stringContaining('累计返费用 ¥15.00 已被使用，无法收回'),
    });
    expect(await credited()).toBe(0);
    await ok(bed.post('admin', '/ePromotion/promotion/end', { id }));
  }, 120_000);
});
