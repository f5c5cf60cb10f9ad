// Promotions over HTTP (DOMAIN §1.7): the state machine through the 审批中心 and its refusals, the 试算预览,
// placing orders with discounts and gift lines, usages locked at submit, confirmed at audit and released at
// cancel and rejection, a small budget under many orders at once, and tenant isolation.
import type { Page } from '../../common/contract';
import type { ApprovalRecord } from '../../common/approvals';
import type { OrderBatchResult, OrderDetail, OrderPrintData } from '../../common/orders';
import type {
  PromotionDetail,
  PromotionEffect,
  PromotionListRecord,
  PromotionPreview,
} from '../../common/promotions';
import { settleByTime } from '../modules/promotions/service';
import { testBackends } from './support/database';
import { beijing, promotionDesk, promotionTerms, promotionTier } from './support/promotions';
import {
  type BusinessTestbed,
  type Caller,
  FORBIDDEN,
  ok,
  openBusinessTestbed,
  orderableGoods,
  type OrderableGoods,
} from './support/business';

describe.each(testBackends())('promotions on %s', (backend) => {
  let bed: BusinessTestbed;
  let goods: OrderableGoods;
  const db = () => bed.testDatabase.database.db;
  const { add, command, approved, place, usages, preview } = promotionDesk(
    () => bed,
    () => goods,
  );

  const reduction = (skuIds: string[], values: Record<string, unknown> = {}) =>
    promotionTerms({
      name: '测试满减',
      promoType: 'FULL_REDUCTION',
      productScope: { skuIds },
      tiers: [promotionTier({ thresholdValue: 2, benefitValue: 10 })],
      ...values,
    });
  const detail = (id: string) =>
    ok(bed.get<PromotionDetail>('admin', `/ePromotion/promotion/queryById?id=${id}`));
  const budgetOf = async (id: string) =>
    await db()
      .selectFrom('promotions')
      .select(['budget_used', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
    goods = await orderableGoods(bed, 'admin', 'PRM', 'A01A02A01', 3);
  }, 120_000);
  afterAll(() => bed.close());

  it('moves through the states of §1.7, refusing what the state does not allow', async () => {
    const { id, promoNo } = await add(reduction([goods.skuIds[2]], { name: '状态测试' }));
    expect(promoNo).toMatch(/^CX\d{12}$/);
    expect(await detail(id)).toMatchObject({
      status: 'DRAFT',
      name: '状态测试',
      tiers: [expect.any(Object)],
    });
    await ok(
      bed.post('admin', '/ePromotion/promotion/edit', {
        ...reduction([goods.skuIds[2]], { name: '状态测试2' }),
        id,
      }),
    );
    for (const path of ['pause', 'resume', 'end']) {
      expect((await command(path, id)).body).toMatchObject({ success: false, code: 409 });
    }
    await ok(command('submit', id));
    expect(await detail(id)).toMatchObject({ status: 'PENDING_APPROVAL', name: '状态测试2' });
    const edit = await bed.post('admin', '/ePromotion/promotion/edit', { ...reduction([]), id });
    expect(edit.body).toMatchObject({ success: false, message: '当前状态为「审批中」，不能编辑' });
    expect((await command('submit', id)).body).toMatchObject({ success: false, code: 409 });
    // Rejected in the 审批中心: back to be edited and submitted again.
    const todo = await ok(bed.get<Page<ApprovalRecord>>('admin', '/approval/todo/list?pageSize=100'));
    const task = todo.records.find((record) => record.bizId === id)!;
    await ok(bed.post('admin', '/approval/reject', { taskId: task.taskId, comment: '预算太高' }));
    expect(await detail(id)).toMatchObject({ status: 'REJECTED' });

    const running = await approved(reduction([goods.skuIds[2]], { name: '运行测试' }));
    expect(await detail(running)).toMatchObject({ status: 'ACTIVE' });
    expect((await command('cancel', running)).body).toMatchObject({ success: false, code: 409 });
    expect(await ok(command('pause', running))).toEqual({ status: 'PAUSED' });
    expect(await ok(command('resume', running))).toEqual({ status: 'ACTIVE' });
    expect(await ok(command('end', running))).toEqual({ status: 'ENDED' });
    expect((await command('resume', running)).body).toMatchObject({ success: false, code: 409 });

    // A promotion approved before its start waits, and the clock starts and ends it.
    const later = await approved(reduction([goods.skuIds[2]], { startAt: beijing(2), endAt: beijing(3) }));
    expect(await detail(later)).toMatchObject({ status: 'APPROVED' });
    await settleByTime(db(), 'A01', new Date(Date.now() + 2.5 * 86_400_000));
    expect(await detail(later)).toMatchObject({ status: 'ACTIVE' });
    await settleByTime(db(), 'A01', new Date(Date.now() + 4 * 86_400_000));
    expect(await detail(later)).toMatchObject({ status: 'ENDED' });

    const { id: draft } = await add(reduction([goods.skuIds[2]]));
    expect(await ok(command('cancel', draft))).toEqual({ status: 'CANCELLED' });
    const list = await ok(
      bed.get<Page<PromotionListRecord>>('admin', '/ePromotion/promotion/list?status=CANCELLED&pageSize=50'),
    );
    expect(list.records.map((record) => record.id)).toContain(draft);
  });

  it('refuses bad input with a clear message', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [reduction([], { endAt: beijing(-2) }), '结束时间须晚于开始时间'],
      [reduction([], { budgetType: 'AMOUNT' }), '请填写金额预算'],
      [
        reduction([], {
          promoType: 'BUY_GIFT',
          tiers: [
            {
              tierNo: 1,
              thresholdType: 'QTY_CASES',
              thresholdValue: 2,
              benefitType: 'GIFT',
              repeatable: false,
            },
          ],
        }),
        '第 1 档：请选择赠品和赠送数量',
      ],
      [reduction([], { startAt: '明天' }), '开始时间格式不正确'],
    ];
    for (const [body, message] of cases) {
      const { status, body: answer } = await bed.post('admin', '/ePromotion/promotion/add', body);
      expect(status).toBeLessThan(500);
      expect(answer).toMatchObject({ success: false, message });
    }
  });

  it('prices orders with discounts and gift lines; usages lock, confirm and release with the order', async () => {
    const [sku, giftSku] = goods.skuIds;
    const discount = await approved(
      reduction([sku], { name: '满2箱减10', budgetType: 'AMOUNT', budgetTotal: 1000 }),
    );
    const gift = await approved(
      reduction([sku], {
        name: '满3箱赠1箱',
        promoType: 'BUY_GIFT',
        tiers: [promotionTier({ thresholdValue: 3, benefitType: 'GIFT', giftSkuId: giftSku, giftQty: 1 })],
      }),
    );
    // 试算预览: which fire and why the others do not.
    const tried = await preview([{ skuId: sku, cases: 2 }]);
    expect(tried).toMatchObject({
      goodsAmount: '96.00',
      promoDiscountAmount: '10.00',
      payableAmount: '86.00',
    });
    expect(tried.applied.map((each) => each.promotionId)).toEqual([discount]);
    expect(tried.skipped.find((each) => each.promotionId === gift)).toMatchObject({
      reason: '未达门槛：满 3 箱，还差 1 箱',
    });
    const formPreview = await ok(
      bed.post<PromotionPreview>('admin', '/eOrder/eOrder/pricePreview', {
        buyerId: goods.outletId,
        lines: [{ skuId: sku, cases: 3 }],
      }),
    );
    expect(formPreview.lines).toEqual([
      expect.objectContaining({ skuId: sku, amount: '134.00', isGift: false }),
      expect.objectContaining({
        skuId: giftSku,
        amount: '0.00',
        isGift: true,
        promotionNames: ['满3箱赠1箱'],
      }),
    ]);

    const placed = await ok(place([{ skuId: sku, cases: 3 }]));
    expect(placed.payableAmount).toBe('134.00');
    const order = await ok(bed.get<OrderDetail>('admin', `/eOrder/eOrder/queryById?id=${placed.id}`));
    expect(order.lines).toEqual([
      expect.objectContaining({ skuId: sku, amount: '134.00', discountAmount: '10.00', isGift: false }),
      expect.objectContaining({
        skuId: giftSku,
        amount: '0.00',
        dealPrice: '0.00',
        isGift: true,
        baseQty: 24,
      }),
    ]);
    expect(order.promotions).toEqual([
      expect.objectContaining({
        promotionId: discount,
        name: '满2箱减10',
        discountAmount: '10.00',
        status: 'LOCKED',
      }),
      expect.objectContaining({ promotionId: gift, name: '满3箱赠1箱', giftQty: 24, status: 'LOCKED' }),
    ]);
    expect(await usages(discount)).toEqual([
      expect.objectContaining({ order_id: placed.id, status: 'LOCKED', discount_amount: '10.00' }),
    ]);
    expect(await budgetOf(discount)).toMatchObject({ budget_used: '10.00' });
    expect(await usages(gift)).toEqual([expect.objectContaining({ status: 'LOCKED', gift_qty: 24 })]);

    // Audited: confirmed, and the gift takes stock like the other lines.
    const audit = await ok(
      bed.post<OrderBatchResult>('admin', '/eOrder/eOrder/auditOrder', { ids: [placed.id], pass: true }),
    );
    expect(audit.results[0]).toMatchObject({ success: true });
    expect((await usages(discount))[0].status).toBe('CONFIRMED');
    const locked = await db()
      .selectFrom('sales_order_stock_locks')
      .innerJoin('sales_order_lines', 'sales_order_lines.id', 'sales_order_stock_locks.order_line_id')
      .select(['sales_order_lines.sku_id', 'sales_order_stock_locks.base_qty'])
      .where('sales_order_stock_locks.order_id', '=', placed.id)
      .execute();
    expect(locked).toEqual(expect.arrayContaining([{ sku_id: giftSku, base_qty: 24 }]));
    // The delivery note marks the gift line and lists both promotions; neither earns 返费用.
    const print = await ok(bed.post<OrderPrintData>('admin', '/eOrder/eOrder/orderPrint', { id: placed.id }));
    expect(print.lines.map((line) => [line.amount, line.isGift])).toEqual([
      ['134.00', false],
      ['0.00', true],
    ]);
    expect(print.promotions).toEqual([
      expect.objectContaining({
        name: '满2箱减10',
        discountAmount: '10.00',
        creditAmount: '0.00',
        giftQty: 0,
      }),
      expect.objectContaining({
        name: '满3箱赠1箱',
        discountAmount: '0.00',
        creditAmount: '0.00',
        giftQty: 24,
      }),
    ]);
    expect(print.rebateCredit).toEqual({ creditedAmount: '0.00', takenBackAmount: '0.00' });

    // Cancelled and rejected orders give their usage and budget back.
    const cancelled = await ok(place([{ skuId: sku, cases: 2 }]));
    expect(await budgetOf(discount)).toMatchObject({ budget_used: '20.00' });
    await ok(bed.post('admin', '/eOrder/eOrder/cancelOrder', { id: cancelled.id, reason: '客户不要了' }));
    const rejected = await ok(place([{ skuId: sku, cases: 2 }]));
    await ok(
      bed.post('admin', '/eOrder/eOrder/auditOrder', { ids: [rejected.id], pass: false, reason: '价格不对' }),
    );
    expect(await budgetOf(discount)).toMatchObject({ budget_used: '10.00' });
    const statuses = (await usages(discount)).map((use) => use.status).sort();
    expect(statuses).toEqual(['CONFIRMED', 'RELEASED', 'RELEASED']);
    // 修改重提 prices and locks again.
    await ok(
      bed.post('admin', '/eOrder/eOrder/resubmitOrder', {
        id: rejected.id,
        paymentMethod: 'COD',
        lines: [{ skuId: sku, cases: 2 }],
      }),
    );
    expect(await budgetOf(discount)).toMatchObject({ budget_used: '20.00' });
    for (const id of [discount, gift]) await ok(command('end', id));
  });

  it("analyses a promotion: orders, cases, cost, and cases above the same outlets' previous four weeks", async () => {
    const [giftSku, sku, other] = goods.skuIds;
    const moveBack = (orderId: string, days: number) =>
      db()
        .updateTable('sales_orders')
        .set({ ordered_at: new Date(Date.now() - days * 86_400_000) })
        .where('id', '=', orderId)
        .execute();
    // Before the promotions: 7 cases of the promoted SKU and 1 of the other eight days ago (inside the four
    // weeks before a start seven days ago), 5 cases forty days ago (outside them).
    const before = await ok(
      place([
        { skuId: sku, cases: 7 },
        { skuId: other, cases: 1 },
      ]),
    );
    await moveBack(before.id, 8);
    const longBefore = await ok(place([{ skuId: sku, cases: 5 }]));
    await moveBack(longBefore.id, 40);

    const started = { startAt: beijing(-7), endAt: beijing(30) };
    const reduced = await approved(reduction([sku], { name: '效果满减', ...started }));
    const gift = await approved(
      reduction([other], {
        name: '效果买赠',
        promoType: 'BUY_GIFT',
        ...started,
        tiers: [promotionTier({ thresholdValue: 1, benefitType: 'GIFT', giftSkuId: giftSku, giftQty: 1 })],
      }),
    );
    // 3 cases (满2减10); 2 cases (减10) with 1 case of the other SKU (赠1箱, list 48.00); one cancelled.
    expect((await ok(place([{ skuId: sku, cases: 3 }]))).payableAmount).toBe('134.00');
    const both = await ok(
      place([
        { skuId: sku, cases: 2 },
        { skuId: other, cases: 1 },
      ]),
    );
    expect(both.payableAmount).toBe('134.00');
    const cancelled = await ok(place([{ skuId: sku, cases: 2 }]));
    await ok(bed.post('admin', '/eOrder/eOrder/cancelOrder', { id: cancelled.id, reason: '客户不要了' }));

    const effect = (id: string, caller: Caller = 'admin') =>
      bed.get<PromotionEffect>(caller, `/ePromotion/promotion/effect?id=${id}`);
    // Promoted SKU: 3 + 2 = 5 cases (the other SKU's case is outside its scope), cost 2 × 10 = 20 → 4.00 a case.
    // Days: the start's day seven days ago to today = 8; before: 7 cases in 28 days → 7 × 8 / 28 = 2 expected,
    // so 3 incremental at 20 / 3 = 6.67 each.
    expect(await ok(effect(reduced))).toMatchObject({
      name: '效果满减',
      periodDays: 8,
      orderCount: 2,
      customerCount: 1,
      cases: '5.00',
      discountAmount: '20.00',
      giftAmount: '0.00',
      costAmount: '20.00',
      costPerCase: '4.00',
      baselineCases: '7.00',
      expectedCases: '2.00',
      incrementalCases: '3.00',
      costPerIncrementalCase: '6.67',
    });
    // The gift: 1 order, 1 case of the other SKU, one gift case at 48.00. Before: 1 case → 1 × 8 / 28 = 2/7
    // expected, 5/7 incremental, 48 / (5/7) = 67.20 each.
    expect(await ok(effect(gift))).toMatchObject({
      orderCount: 1,
      cases: '1.00',
      discountAmount: '0.00',
      giftAmount: '48.00',
      costAmount: '48.00',
      costPerCase: '48.00',
      baselineCases: '1.00',
      expectedCases: '0.29',
      incrementalCases: '0.71',
      costPerIncrementalCase: '67.20',
    });
    // A promotion nobody used yet: nothing, and no cost per case to divide out.
    const { id: unused } = await add(reduction([sku], { name: '未使用' }));
    expect(await ok(effect(unused))).toMatchObject({
      orderCount: 0,
      cases: '0.00',
      costPerCase: null,
      baselineCases: '0.00',
      costPerIncrementalCase: null,
    });
    expect((await effect(reduced, 't2admin')).body).toMatchObject({ success: false, code: 404 });
    expect(await effect(reduced, 'wangfang')).toMatchObject(FORBIDDEN);
    expect((await bed.get('admin', '/ePromotion/promotion/effect')).status).toBeLessThan(500);
    for (const id of [reduced, gift]) await ok(command('end', id));
  });

  it('never overspends a budget under many orders at once', async () => {
    const sku = goods.skuIds[2];
    const id = await approved(reduction([sku], { name: '小预算', budgetType: 'AMOUNT', budgetTotal: 30 }));
    const answers = await Promise.all(Array.from({ length: 8 }, () => place([{ skuId: sku, cases: 2 }])));
    const placed = answers.filter((answer) => answer.body.success);
    const refused = answers.filter((answer) => !answer.body.success);
    expect(answers.every((answer) => answer.status < 500)).toBe(true);
    for (const answer of refused) expect(answer.body.message).toContain('预算');
    const held = (await usages(id)).filter((use) => use.status !== 'RELEASED');
    const used = held.reduce((total, use) => total + Number(use.budget_consumed), 0);
    expect(used).toBeLessThanOrEqual(30);
    expect(await budgetOf(id)).toMatchObject({ budget_used: used.toFixed(2) });
    const discounted = placed.filter((answer) => answer.body.result.payableAmount === '86.00');
    expect(held).toHaveLength(discounted.length);
    expect(used).toBe(discounted.length * 10);
    expect(held.length).toBeGreaterThanOrEqual(1);
    // Once used up the promotion shows so, and later orders are priced without it.
    if (used === 30) expect(await budgetOf(id)).toMatchObject({ status: 'BUDGET_EXHAUSTED' });
    const after = await ok(place([{ skuId: sku, cases: 2 }]));
    expect(after.payableAmount).toBe(used === 30 ? '96.00' : '86.00');
  });

  it('keeps tenants and permissions apart', async () => {
    const { id } = await add(reduction([goods.skuIds[2]], { name: '隔离测试' }));
    const foreign = await bed.get('t2admin', `/ePromotion/promotion/queryById?id=${id}`);
    expect(foreign.body).toMatchObject({ success: false, code: 404 });
    expect((await command('submit', id, 't2admin')).body).toMatchObject({ success: false, code: 404 });
    const list = await ok(
      bed.get<Page<PromotionListRecord>>('t2admin', '/ePromotion/promotion/list?pageSize=100'),
    );
    expect(list.records.map((record) => record.id)).not.toContain(id);
    expect(await bed.get('wangfang', '/ePromotion/promotion/list')).toMatchObject(FORBIDDEN);
    const theirPreview = await bed.post('t2admin', '/ePromotion/promotion/preview', {
      buyerId: goods.outletId,
      lines: [{ skuId: goods.skuId, cases: 1 }],
    });
    expect(theirPreview.body).toMatchObject({ success: false, code: 404 });
  });
});
