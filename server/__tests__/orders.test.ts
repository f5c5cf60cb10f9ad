// Orders over HTTP (DOMAIN §1.5): placement priced from the price lists, every transition of the state
// machine allowed and refused, two audits at once, the buyer's 取消 and 修改重提, delivery moving stock
// (locks, lots, movements), sign-off, payments and completion, returns and exchanges, the list with its
// filters, tabs and data scope, and tenant isolation.
import { sql } from 'kysely';
import type { Page } from '../../common/contract';
import { ORDER_COUNT_CAP } from '../../common/orders';
import type {
  OrderApprovalData,
  OrderBatchResult,
  OrderDeliverPlan,
  OrderDetail,
  OrderListRecord,
  OrderPrintData,
  OrderStatusCounts,
  ReturnDetail,
  SwapDetail,
} from '../../common/orders';
import { notifySettled, summaryColumns } from '../modules/erpSync/tasks';
import { addDays } from '../modules/stock/stockAge';
import { testBackends } from './support/database';
import {
  activatePriceList,
  addQueueingErpConnection,
  bottledSku,
  type BusinessTestbed,
  type Caller,
  FORBIDDEN,
  ok,
  openBusinessTestbed,
  queryString,
} from './support/business';

const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

describe.each(testBackends())('orders on %s', (backend) => {
  let bed: BusinessTestbed;
  let skuId: string;
  let unpricedSkuId: string;
  let dealerId: string;
  let outletId: string;
  let farOutletId: string;
  let creditOutletId: string;
  let warehouseId: string;
  let oldLot: string;
  let newLot: string;

  const db = () => bed.testDatabase.database.db;
  const lot = (id: string) =>
    db()
      .selectFrom('stock_lots')
      .select(['qty_on_hand', 'qty_locked'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const detail = (id: string, caller: Caller = 'admin') =>
    ok(bed.get<OrderDetail>(caller, `/eOrder/eOrder/queryById?id=${id}`));
  const place = (body: Record<string, unknown> = {}, caller: Caller = 'admin') =>
    ok(
      bed.post<{ id: string; orderNo: string; payableAmount: string }>(caller, '/eOrder/eOrder/add', {
        buyerId: outletId,
        paymentMethod: 'COD',
        lines: [{ skuId, cases: 2 }],
        ...body,
      }),
    );
  const audit = (ids: string[], body: Record<string, unknown> = { pass: true }, caller: Caller = 'admin') =>
    bed.post<OrderBatchResult>(caller, '/eOrder/eOrder/auditOrder', { ids, ...body });
  const audited = async (body: Record<string, unknown> = {}) => {
    const order = await place(body);
    const result = await ok(audit([order.id]));
    expect(result.results[0]).toMatchObject({ success: true });
    return order;
  };

  /** Lines /add refuses, with its answer; 修改重提 refuses them the same way. */
  const badLines = (): Array<[Array<Record<string, unknown>>, number, string]> => [
    [
      [{ skuId: unpricedSkuId, cases: 1 }],
      409,
      '第 1 行：订单测试未定价 500ml 没有适用于该客户的供货价，请先维护价目表',
    ],
    [[{ skuId, cases: 0 }], 400, '第 1 行：订单测试茶饮 500ml 数量必须大于 0'],
    [[{ skuId, cases: 1, dealPrice: 50 }], 400, '第 1 行：订单测试茶饮 500ml 成交价不能高于原价 48.00'],
    [
      [
        { skuId, cases: 1 },
        { skuId, cases: 2 },
      ],
      400,
      '第 2 行：商品重复，请合并数量',
    ],
  ];

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
    const brand = await ok(
      bed.post<{ id: string }>('admin', '/eMaterial/brand/add', { code: 'O-BR', name: '订单测试品牌' }),
    );
    const category = await ok(
      bed.post<{ id: string }>('admin', '/eMaterial/category/add', { code: 'O-CAT', name: '订单测试品类' }),
    );
    const sku = (code: string, name: string) =>
      ok(
        bed.post<{ id: string }>(
          'admin',
          '/eMaterial/sku/add',
          bottledSku(code, name, brand.id, category.id),
        ),
      ).then(({ id }) => id);
    skuId = await sku('O-SKU-1', '订单测试茶饮 500ml');
    unpricedSkuId = await sku('O-SKU-2', '订单测试未定价 500ml');
    const customer = async (body: Record<string, unknown>) => {
      const { id } = await ok(bed.post<{ id: string }>('admin', '/eCustomer/add', body));
      // New outlets wait for the POI audit; dealers are approved when added.
      if (body.customerType === 'OUTLET')
        await ok(bed.post('admin', '/eCustomer/audit', { id, action: 'APPROVE' }));
      return id;
    };
    dealerId = await customer({
      name: '广州订单测试商贸有限公司',
      customerType: 'DEALER',
      orgCode: 'A01A02A01',
    });
    outletId = await customer({
      name: '订单测试便利店',
      customerType: 'OUTLET',
      orgCode: 'A01A02A01',
      servingDealerId: dealerId,
      contactName: '陈店长',
      contactMobile: '13900000001',
      address: '广州市天河区测试路1号',
    });
    farOutletId = await customer({
      name: '华南大区直属测试店',
      customerType: 'OUTLET',
      orgCode: 'A01A02',
      servingDealerId: dealerId,
    });
    creditOutletId = await customer({
      name: '账期测试超市',
      customerType: 'OUTLET',
      orgCode: 'A01A02A01',
      servingDealerId: dealerId,
      settlementMethod: 'CREDIT',
      creditLimit: 100,
      creditDays: 30,
    });
    const list = (
      code: string,
      priceType: string,
      price: number,
      floorPrice: number | null,
      skuIds: string[],
    ) =>
      ok(
        bed.post<{ id: string }>('admin', '/eMaterial/priceList/add', {
          code,
          name: code,
          priceType,
          validFrom: `${addDays(today(), -30)} 00:00:00`,
          scopes: [],
          items: skuIds.map((id) => ({ skuId: id, unit: 'CASE', price, floorPrice })),
        }),
      ).then(({ id }) => activatePriceList(bed, 'admin', id));
    await list('O-PL-S', 'SUPPLY', 48, 45, [skuId]);
    // The second SKU has a factory price only: outlets cannot buy it yet.
    await list('O-PL-F', 'FACTORY', 40, null, [skuId, unpricedSkuId]);
    for (const id of [skuId, unpricedSkuId]) {
      await ok(bed.put('admin', '/eMaterial/sku/changeStatus', { id, status: 'ON_SALE' }));
    }
    warehouseId = (
      await ok(
        bed.post<{ id: string }>('admin', '/eprod/warehouse/add', {
          code: 'O-WH-D1',
          name: '订单测试经销商仓',
          ownerType: 'DEALER',
          ownerId: dealerId,
          orgCode: 'A01A02A01',
        }),
      )
    ).id;
    const stockIn = (batchNo: string, age: number, cases: number) =>
      ok(
        bed.post<{ lotId: string }>('admin', '/eprod/stock/in', {
          warehouseId,
          skuId,
          batchNo,
          productionDate: addDays(today(), -age),
          cases,
        }),
      ).then((result) => result.lotId);
    oldLot = await stockIn('O-OLD', 300, 5);
    newLot = await stockIn('O-NEW', 10, 40);
    // A seeded database and some twenty requests: slow when the machine is busy.
  }, 120_000);
  afterAll(() => bed.close());

  describe('placing an order', () => {
    it('prices the lines from the price lists and computes the totals on the server', async () => {
      const placed = await place({
        lines: [
          { skuId, cases: 2, units: 3 },
          { skuId, cases: 1, isGift: true },
        ],
        freightAmount: 5,
        buyerRemark: '下午送',
      });
      expect(placed.orderNo).toMatch(/^SO\d{12}$/);
      const order = await detail(placed.id);
      expect(order).toMatchObject({
        status: 'PENDING_AUDIT',
        status_dictText: '待审核',
        orderType: 'REP_PROXY',
        sourceChannel: 'PC',
        sellerType: 'DEALER',
        sellerId: dealerId,
        buyerName: '订单测试便利店',
        totalBaseQty: 75,
        receiver: { name: '陈店长', mobile: '13900000001', address: '广州市天河区测试路1号' },
        // 2箱3瓶 at 48.00 a case is 102.00; the gift case is listed at 48.00 and given away.
        amounts: {
          goodsAmount: '150.00',
          promoDiscountAmount: '48.00',
          freightAmount: '5.00',
          payableAmount: '107.00',
          paidAmount: '0.00',
        },
        actions: ['audit', 'invalid', 'cancel', 'pay'],
      });
      expect(order.lines).toEqual([
        expect.objectContaining({
          lineNo: 1,
          qtyText: '2箱3瓶',
          listPrice: '48.00',
          dealPrice: '48.00',
          floorPrice: '45.00',
          amount: '102.00',
          priceListName: 'O-PL-S',
          sku: expect.objectContaining({ skuCode: 'O-SKU-1', unitsPerCase: 24 }),
        }),
        expect.objectContaining({ lineNo: 2, isGift: true, amount: '0.00', discountAmount: '48.00' }),
      ]);
      expect(order.logs).toEqual([
        expect.objectContaining({ action: 'CREATE', toStatus: 'PENDING_AUDIT', operatorName: '管理员' }),
      ]);
    });

    it('sells to a dealer at the factory price, from the brand', async () => {
      const placed = await place({ buyerId: dealerId, lines: [{ skuId, cases: 3 }] });
      expect(await detail(placed.id)).toMatchObject({
        orderType: 'DEALER_PURCHASE',
        sellerType: 'BRAND',
        sellerId: null,
        payableAmount: '120.00',
      });
    });

    it('refuses bad input with a clear message', async () => {
      const add = (body: Record<string, unknown>, caller: Caller = 'admin') =>
        bed.post(caller, '/eOrder/eOrder/add', { buyerId: outletId, paymentMethod: 'COD', ...body });
      for (const [lines, code, message] of badLines()) {
        expect((await add({ lines })).body).toMatchObject({ success: false, code, message });
      }
      expect((await add({ lines: [] })).body).toMatchObject({ success: false, code: 400 });
      // Outside zhangwei's offices: the same answer as an unknown customer.
      expect(
        (await add({ buyerId: farOutletId, lines: [{ skuId, cases: 1 }] }, 'zhangwei')).body,
      ).toMatchObject({
        success: false,
        code: 404,
        message: '客户不存在或无权访问',
      });
      expect(await add({ lines: [{ skuId, cases: 1 }] }, 'wangfang')).toMatchObject(FORBIDDEN);
    });
  });

  describe('audit', () => {
    it('shows credit, stock and price-floor warnings, then locks stock oldest-expiring first', async () => {
      const placed = await place({ lines: [{ skuId, cases: 6, dealPrice: 44 }] });
      const data = await ok(
        bed.get<OrderApprovalData>('admin', `/eOrder/eOrder/getOpenApprovalData?id=${placed.id}`),
      );
      expect(data).toMatchObject({
        warehouse: { id: warehouseId },
        credit: { result: 'PASS', paymentMethod: 'COD' },
        lines: [expect.objectContaining({ qtyText: '6箱', enough: true })],
        nextStatus: 'PENDING_SHIPMENT',
      });
      expect(data.warnings).toContain('第 1 行 订单测试茶饮 500ml 成交价 44.00 低于底价 45.00');
      const before = { old: await lot(oldLot), fresh: await lot(newLot) };
      const result = await ok(audit([placed.id]));
      expect(result).toMatchObject({
        succeeded: 1,
        failed: 0,
        results: [{ success: true, status: 'PENDING_SHIPMENT' }],
      });
      // 6 cases: the 5 of the old batch, then 1 of the new.
      expect((await lot(oldLot)).qty_locked - before.old.qty_locked).toBe(120);
      expect((await lot(newLot)).qty_locked - before.fresh.qty_locked).toBe(24);
      const order = await detail(placed.id);
      expect(order).toMatchObject({
        status: 'PENDING_SHIPMENT',
        warehouseId,
        actions: ['deliver', 'invalid', 'print', 'pay'],
      });
      expect(order.logs.at(-1)).toMatchObject({
        action: 'AUDIT_PASS',
        fromStatus: 'PENDING_AUDIT',
        toStatus: 'PENDING_SHIPMENT',
      });
      // Give the stock back for the tests that follow.
      await ok(bed.post('admin', '/eOrder/eOrder/orderInvalid', { id: placed.id, reason: '测试完毕' }));
      expect(await lot(oldLot)).toEqual(before.old);
      expect(await lot(newLot)).toEqual(before.fresh);
    });

    it('lets exactly one of two simultaneous audits win', async () => {
      const placed = await place();
      const before = await lot(oldLot);
      const answers = await Promise.all([audit([placed.id]), audit([placed.id])]);
      const bodies = answers.map((answer) => answer.body);
      expect(bodies.filter((body) => body.success)).toHaveLength(1);
      const loser = bodies.find((body) => !body.success)!;
      expect(loser.code).toBe(409);
      expect(loser.message).toMatch(
        /^(订单状态已变更，请刷新后重试|订单当前状态为「待发货」，不能审核通过)$/,
      );
      expect((await lot(oldLot)).qty_locked - before.qty_locked).toBe(48);
      expect((await detail(placed.id)).logs.filter((log) => log.action === 'AUDIT_PASS')).toHaveLength(1);
      await ok(bed.post('admin', '/eOrder/eOrder/orderInvalid', { id: placed.id, reason: '测试完毕' }));
    });

    it('rejects only with a reason, audits a batch one by one, and refuses what is not pending', async () => {
      const first = await place();
      const second = await place();
      const noReason = await audit([first.id], { pass: false });
      expect(noReason.body).toMatchObject({ success: false, code: 400, message: '驳回须填写原因' });
      const rejected = await ok(audit([first.id], { pass: false, reason: '价格有误' }));
      expect(rejected.results[0]).toMatchObject({ success: true, status: 'REJECTED' });
      expect(await detail(first.id)).toMatchObject({ status: 'REJECTED', rejectReason: '价格有误' });
      const batch = await audit([first.id, second.id, 'no-such-order']);
      expect(batch.body.message).toBe('成功 1 张，失败 2 张');
      expect(batch.body.result.results).toEqual([
        expect.objectContaining({
          id: first.id,
          success: false,
          message: '订单当前状态为「已驳回」，不能审核通过',
        }),
        expect.objectContaining({ id: second.id, success: true, status: 'PENDING_SHIPMENT' }),
        expect.objectContaining({ id: 'no-such-order', success: false, message: '订单不存在或无权访问' }),
      ]);
      const invalid = await ok(
        bed.post('admin', '/eOrder/eOrder/orderInvalid', { id: first.id, reason: '客户取消' }),
      );
      expect(invalid).toEqual({ status: 'INVALID' });
      const again = await bed.post('admin', '/eOrder/eOrder/orderInvalid', { id: first.id, reason: '再来' });
      expect(again.body).toMatchObject({
        success: false,
        code: 409,
        message: '订单当前状态为「已作废」，不能作废',
      });
      await ok(bed.post('admin', '/eOrder/eOrder/orderInvalid', { id: second.id, reason: '测试完毕' }));
    });

    it('sends a credit order over its limit to finance review first', async () => {
      const placed = await place({
        buyerId: creditOutletId,
        paymentMethod: 'CREDIT',
        lines: [{ skuId, cases: 3 }],
      });
      const data = await ok(
        bed.get<OrderApprovalData>('admin', `/eOrder/eOrder/getOpenApprovalData?id=${placed.id}`),
      );
      expect(data).toMatchObject({
        credit: { result: 'OVER_LIMIT', creditLimit: '100.00' },
        nextStatus: 'PENDING_FINANCE',
      });
      expect((await ok(audit([placed.id]))).results[0]).toMatchObject({ status: 'PENDING_FINANCE' });
      const order = await detail(placed.id);
      expect(order).toMatchObject({ status: 'PENDING_FINANCE', creditCheckResult: 'OVER_LIMIT' });
      // The finance review is the order's ORDER_CREDIT approval, in the administrator's 审批中心.
      const { db } = bed.testDatabase.database;
      const creditApproval = (orderId: string) =>
        db
          .selectFrom('approval_instances')
          .select(['id', 'status', 'title'])
          .where('biz_type', '=', 'ORDER_CREDIT')
          .where('biz_id', '=', orderId)
          .orderBy('created_at', 'desc')
          .executeTakeFirstOrThrow();
      expect(await creditApproval(placed.id)).toMatchObject({
        status: 'IN_PROGRESS',
        title: expect.stringMatching(/^订单信用：.+ SO\d+$/),
      });
      // Not the approver: refused, the order stays in finance review.
      const notMine = await bed.post('wangfang', '/eOrder/eOrder/auditOrder', {
        ids: [placed.id],
        pass: true,
      });
      expect(notMine.body.success).toBe(false);
      expect((await ok(audit([placed.id]))).results[0]).toMatchObject({ status: 'PENDING_SHIPMENT' });
      expect(await creditApproval(placed.id)).toMatchObject({ status: 'APPROVED' });
      expect((await detail(placed.id)).logs.map((log) => log.action)).toEqual([
        'CREATE',
        'AUDIT_PASS',
        'FINANCE_PASS',
      ]);
      await ok(bed.post('admin', '/eOrder/eOrder/orderInvalid', { id: placed.id, reason: '测试完毕' }));

      // Rejected in 审批中心: the order is REJECTED with the reason; voided while in review: the approval ends.
      const second = await place({
        buyerId: creditOutletId,
        paymentMethod: 'CREDIT',
        lines: [{ skuId, cases: 3 }],
      });
      await ok(audit([second.id]));
      const task = await db
        .selectFrom('approval_tasks')
        .select('id')
        .where('instance_id', '=', (await creditApproval(second.id)).id)
        .where('result', '=', 'PENDING')
        .executeTakeFirstOrThrow();
      await ok(bed.post('admin', '/approval/reject', { taskId: task.id, comment: '欠款未清' }));
      expect(await detail(second.id)).toMatchObject({ status: 'REJECTED', rejectReason: '欠款未清' });
      expect((await detail(second.id)).logs.at(-1)).toMatchObject({ action: 'FINANCE_REJECT' });
      const third = await place({
        buyerId: creditOutletId,
        paymentMethod: 'CREDIT',
        lines: [{ skuId, cases: 3 }],
      });
      await ok(audit([third.id]));
      await ok(bed.post('admin', '/eOrder/eOrder/orderInvalid', { id: third.id, reason: '客户取消' }));
      expect(await creditApproval(third.id)).toMatchObject({ status: 'WITHDRAWN' });
    });
  });

  describe("the buyer's steps: 取消 and 修改重提", () => {
    const cancel = (body: Record<string, unknown>, caller: Caller = 'admin') =>
      bed.post<{ status: string }>(caller, '/eOrder/eOrder/cancelOrder', body);
    const resubmit = (body: Record<string, unknown>, caller: Caller = 'admin') =>
      bed.post<{ id: string; orderNo: string; payableAmount: string }>(
        caller,
        '/eOrder/eOrder/resubmitOrder',
        { paymentMethod: 'COD', lines: [{ skuId, cases: 1 }], ...body },
      );
    const rejected = async () => {
      const order = await place();
      await ok(audit([order.id], { pass: false, reason: '数量有误，请修改' }));
      return order;
    };
    const operationLogs = (orderNo: string) =>
      db()
        .selectFrom('sys_log')
        .select('log_content')
        .where('log_content', 'like', `%${orderNo}%`)
        .execute()
        .then((rows) => rows.map((row) => row.log_content));

    it('cancels a pending order with its reason, before the audit only', async () => {
      const placed = await place();
      expect((await detail(placed.id)).actions).toContain('cancel');
      for (const reason of [undefined, '', '   ']) {
        expect((await cancel({ id: placed.id, reason })).body).toMatchObject({
          success: false,
          code: 400,
          message: '请填写取消原因',
        });
      }
      expect(await ok(cancel({ id: placed.id, reason: ' 买家不要了 ' }))).toEqual({ status: 'CANCELLED' });
      const order = await detail(placed.id);
      expect(order).toMatchObject({ status: 'CANCELLED', invalidReason: '买家不要了', actions: [] });
      expect(order.logs.at(-1)).toMatchObject({
        action: 'CANCEL',
        action_dictText: '取消',
        fromStatus: 'PENDING_AUDIT',
        toStatus: 'CANCELLED',
        comment: '买家不要了',
        operatorName: '管理员',
      });
      expect(await operationLogs(placed.orderNo)).toContain(`订单取消 ${placed.orderNo}：买家不要了`);
      expect((await cancel({ id: placed.id, reason: '再取消' })).body).toMatchObject({
        success: false,
        code: 409,
        message: '订单当前状态为「已取消」，不能取消',
      });

      const passed = await audited();
      expect((await detail(passed.id)).actions).not.toContain('cancel');
      expect((await cancel({ id: passed.id, reason: '晚了' })).body).toMatchObject({
        success: false,
        code: 409,
        message: '订单当前状态为「待发货」，不能取消',
      });
      await ok(bed.post('admin', '/eOrder/eOrder/orderInvalid', { id: passed.id, reason: '测试完毕' }));
      const refused = await rejected();
      expect((await cancel({ id: refused.id, reason: '不要了' })).body).toMatchObject({
        code: 409,
        message: '订单当前状态为「已驳回」，不能取消',
      });
    });

    it("cancels only inside the caller's tenant and scope, and with order:add", async () => {
      const far = await place({ buyerId: farOutletId });
      const near = await place();
      const notFound = { success: false, code: 404, message: '订单不存在或无权访问' };
      expect((await cancel({ id: near.id, reason: '越权' }, 't2admin')).body).toMatchObject(notFound);
      expect((await cancel({ id: far.id, reason: '越权' }, 'zhangwei')).body).toMatchObject(notFound);
      expect(await cancel({ id: near.id, reason: '无权' }, 'wangfang')).toMatchObject(FORBIDDEN);
      expect((await detail(near.id)).status).toBe('PENDING_AUDIT');
      expect((await detail(far.id)).status).toBe('PENDING_AUDIT');
      for (const { id } of [near, far]) await ok(cancel({ id, reason: '测试完毕' }));
    });

    it('lets exactly one of two simultaneous cancellations win', async () => {
      const placed = await place();
      const answers = await Promise.all([
        cancel({ id: placed.id, reason: '第一次' }),
        cancel({ id: placed.id, reason: '第二次' }),
      ]);
      const bodies = answers.map((answer) => answer.body);
      expect(bodies.filter((body) => body.success)).toHaveLength(1);
      const loser = bodies.find((body) => !body.success)!;
      expect(loser.code).toBe(409);
      expect(loser.message).toMatch(/^(订单状态已变更，请刷新后重试|订单当前状态为「已取消」，不能取消)$/);
      const order = await detail(placed.id);
      expect(order.logs.filter((log) => log.action === 'CANCEL')).toHaveLength(1);
      expect(order.invalidReason).toBe(order.logs.at(-1)!.comment);
    });

    it('resubmits a rejected order with new lines priced on the server, under its own number', async () => {
      const placed = await rejected();
      const before = await detail(placed.id);
      expect(before).toMatchObject({
        status: 'REJECTED',
        payableAmount: '96.00',
        actions: ['invalid', 'resubmit'],
      });
      const again = await ok(
        resubmit({
          id: placed.id,
          paymentMethod: 'ONLINE',
          lines: [
            // Amounts from the client are not read: the server prices the lines.
            { skuId, cases: 3, units: 6, dealPrice: 46, amount: 1, listPrice: 1 },
            { skuId, cases: 1, isGift: true },
          ],
          freightAmount: 2,
          payableAmount: 1,
          receiver: { name: '李店员' },
          buyerRemark: '改为三箱半',
        }),
      );
      // 3箱6瓶 listed at 48.00 a case is 156.00, sold at 46.00: 149.50; the gift case 48.00 given away; freight 2.00.
      expect(again).toEqual({ id: placed.id, orderNo: placed.orderNo, payableAmount: '151.50' });
      const order = await detail(placed.id);
      expect(order).toMatchObject({
        orderNo: placed.orderNo,
        orderedAt: before.orderedAt,
        buyerId: outletId,
        orderType: 'REP_PROXY',
        status: 'PENDING_AUDIT',
        rejectReason: null,
        creditCheckResult: null,
        auditedAt: null,
        paymentMethod: 'ONLINE',
        totalBaseQty: 102,
        buyerRemark: '改为三箱半',
        receiver: { name: '李店员', mobile: '13900000001', address: '广州市天河区测试路1号' },
        amounts: {
          goodsAmount: '204.00',
          promoDiscountAmount: '54.50',
          freightAmount: '2.00',
          payableAmount: '151.50',
        },
        actions: ['audit', 'invalid', 'cancel', 'pay'],
      });
      expect(order.lines).toEqual([
        expect.objectContaining({
          lineNo: 1,
          qtyText: '3箱6瓶',
          listPrice: '48.00',
          dealPrice: '46.00',
          listAmount: '156.00',
          amount: '149.50',
          priceListName: 'O-PL-S',
        }),
        expect.objectContaining({ lineNo: 2, isGift: true, amount: '0.00', listAmount: '48.00' }),
      ]);
      expect(order.lines.map((line) => line.id)).not.toEqual(
        expect.arrayContaining(before.lines.map((line) => line.id)),
      );
      expect(order.logs.map((log) => log.action)).toEqual(['CREATE', 'AUDIT_REJECT', 'RESUBMIT']);
      expect(order.logs.at(-1)).toMatchObject({
        action_dictText: '修改重提',
        fromStatus: 'REJECTED',
        toStatus: 'PENDING_AUDIT',
        comment: expect.stringMatching(/应付 151\.50$/),
      });
      expect(await operationLogs(placed.orderNo)).toContain(
        `订单修改重提 ${placed.orderNo}（订单测试便利店）：应付 151.50`,
      );
      // It waits for the audit like a new order, and passes it.
      expect((await ok(audit([placed.id]))).results[0]).toMatchObject({
        success: true,
        status: 'PENDING_SHIPMENT',
      });
      expect((await detail(placed.id)).logs.map((log) => log.action)).toEqual([
        'CREATE',
        'AUDIT_REJECT',
        'RESUBMIT',
        'AUDIT_PASS',
      ]);
      await ok(bed.post('admin', '/eOrder/eOrder/orderInvalid', { id: placed.id, reason: '测试完毕' }));
    });

    it('refuses to resubmit what is not rejected, bad lines as /add does, and what the caller may not touch', async () => {
      const pending = await place();
      expect((await resubmit({ id: pending.id })).body).toMatchObject({
        success: false,
        code: 409,
        message: '订单当前状态为「待审核」，不能修改重提',
      });
      const placed = await rejected();
      for (const [lines, code, message] of badLines()) {
        expect((await resubmit({ id: placed.id, lines })).body).toMatchObject({
          success: false,
          code,
          message,
        });
      }
      expect((await resubmit({ id: placed.id, lines: [] })).body).toMatchObject({
        success: false,
        code: 400,
      });
      expect((await resubmit({ id: placed.id }, 't2admin')).body).toMatchObject({
        success: false,
        code: 404,
        message: '订单不存在或无权访问',
      });
      expect(await resubmit({ id: placed.id }, 'wangfang')).toMatchObject(FORBIDDEN);
      // Nothing of it changed.
      const order = await detail(placed.id);
      expect(order).toMatchObject({
        status: 'REJECTED',
        rejectReason: '数量有误，请修改',
        payableAmount: '96.00',
      });
      expect(order.logs.map((log) => log.action)).toEqual(['CREATE', 'AUDIT_REJECT']);
      const answers = await Promise.all([resubmit({ id: placed.id }), resubmit({ id: placed.id })]);
      const bodies = answers.map((answer) => answer.body);
      expect(bodies.filter((body) => body.success)).toHaveLength(1);
      expect(bodies.find((body) => !body.success)!.message).toMatch(
        /^(订单状态已变更，请刷新后重试|订单当前状态为「待审核」，不能修改重提)$/,
      );
      expect((await detail(placed.id)).logs.filter((log) => log.action === 'RESUBMIT')).toHaveLength(1);
      for (const { id } of [pending, placed]) await ok(cancel({ id, reason: '测试完毕' }));
    });
  });

  describe('delivery, sign-off and payment', () => {
    let orderId: string;
    let lineId: string;

    it('refuses to ship, sign or print what the state machine does not allow', async () => {
      const placed = await place({ lines: [{ skuId, cases: 3 }] });
      orderId = placed.id;
      const deliver = await bed.post('admin', '/eOrder/eOrder/saveOrderDeliver', { id: orderId });
      expect(deliver.body).toMatchObject({
        success: false,
        code: 409,
        message: '订单当前状态为「待审核」，不能发货',
      });
      const sign = await bed.post('admin', '/eOrder/eOrder/saveOrderSign', { id: orderId });
      expect(sign.body).toMatchObject({ success: false, message: '订单当前状态为「待审核」，不能签收' });
      const print = await bed.post('admin', '/eOrder/eOrder/orderPrint', { id: orderId });
      expect(print.body).toMatchObject({ success: false, message: '订单当前状态为「待审核」，不能打印' });
      await ok(audit([orderId]));
      lineId = (await detail(orderId)).lines[0].id;
    });

    it('prints the delivery note and the execution sheet, counting each print', async () => {
      const first = await ok(bed.post<OrderPrintData>('admin', '/eOrder/eOrder/orderPrint', { id: orderId }));
      expect(first).toMatchObject({
        kind: 'DELIVERY_NOTE',
        title: '送货单',
        printCount: 1,
        lines: [
          expect.objectContaining({
            qtyText: '3箱',
            price: '48.00',
            priceUnit: '箱',
            amount: '144.00',
            isGift: false,
          }),
        ],
        // No promotion priced it, so no 返费用 either.
        promotions: [],
        rebateCredit: { creditedAmount: '0.00', takenBackAmount: '0.00' },
      });
      const second = await ok(
        bed.post<OrderPrintData>('admin', '/eOrder/eOrder/orderPrint', { id: orderId }),
      );
      expect(second.printCount).toBe(2);
      const sheet = await ok(
        bed.post<OrderPrintData>('admin', '/eOrder/eOrder/orderExePrint', { id: orderId }),
      );
      expect(sheet).toMatchObject({ kind: 'EXECUTION', printCount: 1 });
      expect(sheet.lines[0].batches.map((batch) => batch.batchNo)).toContain('O-OLD');
      const order = await detail(orderId);
      expect(order).toMatchObject({ printCount: 2, exePrintCount: 1 });
      expect(order.logs.filter((log) => log.action === 'PRINT')).toHaveLength(3);
    });

    it('ships part of the order from the proposed lots, moving stock through movements', async () => {
      const plan = await ok(bed.get<OrderDeliverPlan>('admin', `/eOrder/eOrder/deliverPlan?id=${orderId}`));
      expect(plan.lines[0]).toMatchObject({ remainingBaseQty: 72, remainingText: '3箱' });
      expect(plan.lines[0].lots[0]).toMatchObject({ batchNo: 'O-OLD', proposedBaseQty: 72 });
      const before = await lot(oldLot);
      const shipped = await ok(
        bed.post<{ shipmentNo: string; status: string }>('admin', '/eOrder/eOrder/saveOrderDeliver', {
          id: orderId,
          lines: [{ orderLineId: lineId, baseQty: 24 }],
          driverName: '李师傅',
          vehicleNo: '粤A12345',
        }),
      );
      expect(shipped).toMatchObject({
        shipmentNo: expect.stringMatching(/^SH\d{12}$/),
        status: 'PARTIALLY_SHIPPED',
      });
      const after = await lot(oldLot);
      expect(after.qty_on_hand).toBe(before.qty_on_hand - 24);
      // The order held 72 of the lot; 48 are still held for what is left.
      expect(after.qty_locked).toBe(before.qty_locked - 24);
      const movements = await db()
        .selectFrom('stock_movements')
        .select(['movement_type', 'base_qty', 'lot_id', 'balance_after'])
        .where('source_doc_no', '=', shipped.shipmentNo)
        .execute();
      expect(movements).toEqual([
        { movement_type: 'SALES_OUT', base_qty: 24, lot_id: oldLot, balance_after: after.qty_on_hand },
      ]);
      const order = await detail(orderId);
      expect(order.lines[0]).toMatchObject({ shippedBaseQty: 24 });
      expect(order.shipments[0]).toMatchObject({
        shipmentNo: shipped.shipmentNo,
        driverName: '李师傅',
        lines: [expect.objectContaining({ batchNo: 'O-OLD', baseQty: 24, qtyText: '1箱' })],
      });
    });

    it('refuses more than is left, then ships the rest from a lot the operator picks', async () => {
      const tooMuch = await bed.post('admin', '/eOrder/eOrder/saveOrderDeliver', {
        id: orderId,
        lines: [{ orderLineId: lineId, baseQty: 49 }],
      });
      expect(tooMuch.body).toMatchObject({
        success: false,
        message: '第 1 行 订单测试茶饮 500ml 发货数量超过未发数量 2箱',
      });
      const before = { old: await lot(oldLot), fresh: await lot(newLot) };
      const shipped = await ok(
        bed.post<{ status: string }>('admin', '/eOrder/eOrder/saveOrderDeliver', {
          id: orderId,
          lines: [{ orderLineId: lineId, lots: [{ lotId: newLot, baseQty: 48 }] }],
        }),
      );
      expect(shipped.status).toBe('SHIPPED');
      expect(await lot(newLot)).toEqual({ ...before.fresh, qty_on_hand: before.fresh.qty_on_hand - 48 });
      // The hold on the old lot is released: nothing of this order is held any more.
      expect((await lot(oldLot)).qty_locked).toBe(before.old.qty_locked - 48);
      const held = await db()
        .selectFrom('sales_order_stock_locks')
        .select('id')
        .where('order_id', '=', orderId)
        .execute();
      expect(held).toEqual([]);
      const invalid = await bed.post('admin', '/eOrder/eOrder/orderInvalid', {
        id: orderId,
        reason: '不要了',
      });
      expect(invalid.body).toMatchObject({ success: false, message: '订单当前状态为「已发货」，不能作废' });
    });

    it('signs with a difference only when a reason is given', async () => {
      const short = { id: orderId, lines: [{ orderLineId: lineId, signedBaseQty: 70 }] };
      const noReason = await bed.post('admin', '/eOrder/eOrder/saveOrderSign', short);
      expect(noReason.body).toMatchObject({
        success: false,
        message: '签收数量与发货数量不一致，请选择差异原因',
      });
      const tooMany = await bed.post('admin', '/eOrder/eOrder/saveOrderSign', {
        id: orderId,
        lines: [{ orderLineId: lineId, signedBaseQty: 73 }],
      });
      expect(tooMany.body).toMatchObject({
        success: false,
        message: '第 1 行 订单测试茶饮 500ml 签收数量应在 0 到 3箱 之间',
      });
      const signed = await ok(
        bed.post('admin', '/eOrder/eOrder/saveOrderSign', { ...short, diffReason: 'DAMAGED' }),
      );
      expect(signed).toEqual({ status: 'SIGNED' });
      const order = await detail(orderId);
      expect(order.signs[0]).toMatchObject({ diffReason: 'DAMAGED', diffReason_dictText: '破损' });
      expect(order.shipments.map((shipment) => shipment.status)).toEqual([
        'PARTIALLY_SIGNED',
        'PARTIALLY_SIGNED',
      ]);
      expect(order.logs.at(-1)).toMatchObject({ action: 'SIGN', comment: '订单测试茶饮 500ml 少签 2瓶' });
    });

    it('records payments, refuses to overpay, and completes the signed order once paid', async () => {
      const over = await bed.post('admin', '/payment/add', { orderId, amount: 144.01, channel: 'CASH' });
      expect(over.body).toMatchObject({
        success: false,
        code: 409,
        message: '收款金额 ¥144.01 超过未付金额 ¥144.00',
      });
      const part = await ok(bed.post('admin', '/payment/add', { orderId, amount: 100, channel: 'WECHAT' }));
      expect(part).toMatchObject({ paidAmount: '100.00', paymentStatus: 'PARTIAL', status: 'SIGNED' });
      const rest = await ok(
        bed.post('admin', '/payment/add', {
          orderId,
          amount: 44,
          channel: 'BANK_TRANSFER',
          referenceNo: 'T-1',
        }),
      );
      expect(rest).toMatchObject({ paidAmount: '144.00', paymentStatus: 'PAID', status: 'COMPLETED' });
      const payments = await ok(
        bed.get<Array<{ amount: string; channel_dictText: string }>>(
          'admin',
          `/payment/list?orderId=${orderId}`,
        ),
      );
      expect(payments.map((payment) => [payment.amount, payment.channel_dictText])).toEqual([
        ['100.00', '微信'],
        ['44.00', '银行转账'],
      ]);
      const order = await detail(orderId);
      expect(order).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID' });
      expect(order.logs.at(-1)).toMatchObject({
        action: 'COMPLETE',
        operatorName: '系统',
        toStatus: 'COMPLETED',
      });
      expect(await bed.get('wangfang', `/payment/list?orderId=${orderId}`)).toMatchObject(FORBIDDEN);
    });

    it('takes goods back through a return and an exchange', async () => {
      const tooMany = await bed.post('admin', '/eOrder/eOrder/backOrder/add', {
        orderId,
        reason: 'DAMAGED',
        refundMethod: 'OFFSET_AR',
        lines: [{ orderLineId: lineId, baseQty: 73 }],
      });
      expect(tooMany.body).toMatchObject({
        success: false,
        message: '第 1 行 订单测试茶饮 500ml 最多可退 3箱',
      });
      const created = await ok(
        bed.post<{ id: string; returnNo: string }>('admin', '/eOrder/eOrder/backOrder/add', {
          orderId,
          reason: 'DAMAGED',
          refundMethod: 'OFFSET_AR',
          lines: [{ orderLineId: lineId, baseQty: 2 }],
        }),
      );
      expect(created.returnNo).toMatch(/^RT\d{12}$/);
      // The open return already claims its 2 bottles: the drawer's dialog offers the rest.
      expect((await detail(orderId)).lines[0].returnableBaseQty).toBe(70);
      const receiveEarly = await bed.post('admin', '/eOrder/eOrder/backOrder/receive', {
        id: created.id,
        warehouseId,
      });
      expect(receiveEarly.body).toMatchObject({ success: false, message: '当前状态为「已提交」，不能入库' });
      await ok(bed.post('admin', '/eOrder/eOrder/backOrder/audit', { id: created.id, pass: true }));
      const before = await lot(oldLot);
      await ok(bed.post('admin', '/eOrder/eOrder/backOrder/receive', { id: created.id, warehouseId }));
      // Back into the batch it was shipped from.
      expect((await lot(oldLot)).qty_on_hand).toBe(before.qty_on_hand + 2);
      const returned = await ok(
        bed.get<ReturnDetail>('admin', `/eOrder/eOrder/backOrderById?id=${created.id}`),
      );
      expect(returned).toMatchObject({
        status: 'RECEIVED',
        amount: '4.00',
        lines: [expect.objectContaining({ batchNo: 'O-OLD', condition: 'GOOD' })],
      });
      const page = await ok(
        bed.get<Page<{ returnNo: string }>>('admin', `/eOrder/eOrder/backOrder?orderId=${orderId}`),
      );
      expect(page.records.map((row) => row.returnNo)).toEqual([created.returnNo]);

      const swap = await ok(
        bed.post<{ id: string }>('admin', '/eOrder/eOrder/swapOrder/add', {
          orderId,
          reason: 'NEAR_EXPIRY',
          returnLines: [{ orderLineId: lineId, baseQty: 24 }],
          issueLines: [{ skuId, baseQty: 24 }],
        }),
      );
      await ok(bed.post('admin', '/eOrder/eOrder/swapOrder/audit', { id: swap.id, pass: true }));
      await ok(bed.post('admin', '/eOrder/eOrder/swapOrder/execute', { id: swap.id, warehouseId }));
      const exchange = await ok(
        bed.get<SwapDetail>('admin', `/eOrder/eOrder/getSwapOrderById?id=${swap.id}`),
      );
      expect(exchange).toMatchObject({
        status: 'COMPLETED',
        priceDiffAmount: '0.00',
        returnLines: [expect.objectContaining({ qtyText: '1箱' })],
        issueLines: [expect.objectContaining({ qtyText: '1箱', amount: '48.00' })],
      });
      const swaps = await ok(
        bed.get<Page<{ id: string; status: string }>>(
          'admin',
          `/eOrder/eOrder/swapOrder?orderId=${orderId}&status=COMPLETED`,
        ),
      );
      expect(swaps).toMatchObject({ total: 1, records: [{ id: swap.id, status: 'COMPLETED' }] });
      // Another tenant neither lists nor finds them.
      const foreign = await ok(
        bed.get<Page<unknown>>('t2admin', `/eOrder/eOrder/backOrder?orderId=${orderId}`),
      );
      expect(foreign.total).toBe(0);
      expect((await bed.get('t2admin', `/eOrder/eOrder/backOrderById?id=${created.id}`)).body).toMatchObject({
        code: 404,
        message: '退单不存在或无权访问',
      });
      expect(
        (await bed.post('t2admin', '/eOrder/eOrder/swapOrder/cancel', { id: swap.id })).body,
      ).toMatchObject({
        code: 404,
        message: '换货单不存在或无权访问',
      });
      const order = await detail(orderId);
      expect(order.lines[0].returnedBaseQty).toBe(26);
      expect(order.returns).toHaveLength(1);
      expect(order.exchanges).toHaveLength(1);
    });

    it('a return is the RETURN approval: decided in 审批中心, its outcome moves the return', async () => {
      const { db } = bed.testDatabase.database;
      const submit = () =>
        ok(
          bed.post<{ id: string; returnNo: string }>('admin', '/eOrder/eOrder/backOrder/add', {
            orderId,
            reason: 'NEAR_EXPIRY',
            refundMethod: 'OFFSET_AR',
            lines: [{ orderLineId: lineId, baseQty: 1 }],
          }),
        );
      const taskOf = (returnId: string) =>
        db
          .selectFrom('approval_tasks')
          .innerJoin('approval_instances', 'approval_instances.id', 'approval_tasks.instance_id')
          .select(['approval_tasks.id', 'approval_instances.id as instanceId', 'approval_instances.title'])
          .where('approval_instances.biz_type', '=', 'RETURN')
          .where('approval_instances.biz_id', '=', returnId)
          .where('approval_tasks.result', '=', 'PENDING')
          .executeTakeFirstOrThrow();
      const statusOf = (returnId: string) =>
        ok(bed.get<ReturnDetail>('admin', `/eOrder/eOrder/backOrderById?id=${returnId}`));

      const rejected = await submit();
      const first = await taskOf(rejected.id);
      expect(first.title).toMatch(new RegExp(`^退货：.+ ${rejected.returnNo}$`));
      const shown = await ok(
        bed.get<{ summary: { fields: Array<{ label: string; value: string }> } }>(
          'admin',
          `/approval/queryById?id=${first.instanceId}`,
        ),
      );
      expect(shown.summary.fields).toEqual(
        expect.arrayContaining([
          { label: '退单号', value: rejected.returnNo },
          { label: '退货原因', value: '临期' },
        ]),
      );
      await ok(bed.post('admin', '/approval/reject', { taskId: first.id, comment: '未到临期标准' }));
      expect(await statusOf(rejected.id)).toMatchObject({
        status: 'REJECTED',
        rejectReason: '未到临期标准',
      });

      const approved = await submit();
      await ok(bed.post('admin', '/approval/approve', { taskId: (await taskOf(approved.id)).id }));
      expect(await statusOf(approved.id)).toMatchObject({ status: 'APPROVED' });
      // Decided: 审核 on the order screens finds nothing left to decide.
      const late = await bed.post('admin', '/eOrder/eOrder/backOrder/audit', { id: approved.id, pass: true });
      expect(late.body).toMatchObject({ success: false, message: expect.stringMatching(/^当前状态为「/) });
      await ok(bed.post('admin', '/eOrder/eOrder/backOrder/cancel', { id: approved.id }));
    });

    it('withdraws a return and an exchange while they are open, and not once they are done', async () => {
      const returnable = async () => (await detail(orderId)).lines[0].returnableBaseQty;
      const before = await returnable();
      const opened = await ok(
        bed.post<{ id: string; returnNo: string }>('admin', '/eOrder/eOrder/backOrder/add', {
          orderId,
          reason: 'DAMAGED',
          refundMethod: 'OFFSET_AR',
          lines: [{ orderLineId: lineId, baseQty: 1 }],
        }),
      );
      expect(await returnable()).toBe(before - 1);
      expect(await ok(bed.post('admin', '/eOrder/eOrder/backOrder/cancel', { id: opened.id }))).toEqual({
        status: 'CANCELLED',
      });
      expect(await returnable()).toBe(before);
      const again = await bed.post('admin', '/eOrder/eOrder/backOrder/cancel', { id: opened.id });
      expect(again.body).toMatchObject({ success: false, message: expect.stringMatching(/^当前状态为「/) });

      const swap = await ok(
        bed.post<{ id: string }>('admin', '/eOrder/eOrder/swapOrder/add', {
          orderId,
          reason: 'NEAR_EXPIRY',
          returnLines: [{ orderLineId: lineId, baseQty: 1 }],
          issueLines: [{ skuId, baseQty: 1 }],
        }),
      );
      expect(await ok(bed.post('admin', '/eOrder/eOrder/swapOrder/cancel', { id: swap.id }))).toEqual({
        status: 'CANCELLED',
      });
      const completed = (await detail(orderId)).exchanges.find((each) => each.status === 'COMPLETED');
      const done = await bed.post('admin', '/eOrder/eOrder/swapOrder/cancel', { id: completed!.id });
      expect(done.body).toMatchObject({ success: false, message: expect.stringMatching(/^当前状态为「/) });

      const logs = await bed.testDatabase.database.db
        .selectFrom('sys_log')
        .select('log_content')
        .where('log_content', 'like', '撤销%')
        .execute();
      expect(logs.map((log) => log.log_content)).toEqual(
        expect.arrayContaining([`撤销退单 ${opened.returnNo}`, expect.stringMatching(/^撤销换货单 /)]),
      );
    });
  });

  describe('the list', () => {
    it('filters, sorts and counts the status tabs', async () => {
      const placed = await place({ lines: [{ skuId, cases: 7 }] });
      const { orderNo } = placed;
      const byNo = await ok(
        bed.get<Page<OrderListRecord>>('admin', `/eOrder/eOrder/list?orderNo=${orderNo}`),
      );
      expect(byNo.records).toEqual([
        expect.objectContaining({
          orderNo,
          payableAmount: '336.00',
          status_dictText: '待审核',
          buyerType_dictText: '终端门店',
        }),
      ]);
      const query = { customerId: outletId, orderedAt_begin: today(), orderedAt_end: today() };
      const all = await ok(
        bed.get<Page<OrderListRecord>>(
          'admin',
          `/eOrder/eOrder/list${queryString({ ...query, pageSize: 100 })}`,
        ),
      );
      const times = all.records.map((row) => row.orderedAt);
      expect([...times].sort().reverse()).toEqual(times);
      // The total rides on the page's rows: the last page, a page past the end and an empty filter still say it.
      const pageOfTwo = (pageNo: number) =>
        ok(
          bed.get<Page<OrderListRecord>>(
            'admin',
            `/eOrder/eOrder/list${queryString({ ...query, pageSize: 2, pageNo })}`,
          ),
        );
      const last = await pageOfTwo(Math.ceil(all.total / 2));
      expect(last).toMatchObject({ total: all.total, records: all.records.slice(-last.records.length) });
      expect(await pageOfTwo(Math.ceil(all.total / 2) + 1)).toMatchObject({ total: all.total, records: [] });
      expect(
        await ok(bed.get<Page<OrderListRecord>>('admin', `/eOrder/eOrder/list?orderNo=NO-SUCH-ORDER`)),
      ).toMatchObject({ total: 0, records: [], pages: 0 });
      const pending = await ok(
        bed.get<Page<OrderListRecord>>(
          'admin',
          `/eOrder/eOrder/list${queryString({ ...query, status: 'PENDING_AUDIT', column: 'payableAmount', order: 'desc' })}`,
        ),
      );
      expect(pending.records.every((row) => row.status === 'PENDING_AUDIT')).toBe(true);
      expect(pending.records[0].orderNo).toBe(orderNo);
      const counts = await ok(
        bed.get<OrderStatusCounts>(
          'admin',
          `/eOrder/eOrder/statusCounts${queryString({ ...query, status: 'SIGNED' })}`,
        ),
      );
      expect(counts.ALL).toBe(all.total);
      expect(counts.PENDING_AUDIT).toBe(pending.total);
      expect(counts.COMPLETED).toBe(1);
      // The totals of a filter on the buyer (its name, the keyword) count through the buyer too.
      const buyerName = all.records[0].buyerName;
      const nobody = '没有这个客户';
      for (const [filter, total] of [
        [{ customerName: buyerName }, all.total],
        [{ keyword: buyerName }, all.total],
        [{ customerName: nobody }, 0],
        [{ keyword: nobody }, 0],
      ] as const) {
        const named = await ok(
          bed.get<Page<OrderListRecord>>(
            'admin',
            `/eOrder/eOrder/list${queryString({ ...query, ...filter })}`,
          ),
        );
        expect(named.total).toBe(total);
        const tabs = await ok(
          bed.get<OrderStatusCounts>(
            'admin',
            `/eOrder/eOrder/statusCounts${queryString({ ...query, ...filter })}`,
          ),
        );
        expect(tabs.ALL).toBe(total);
      }
      const bad = await bed.get('admin', '/eOrder/eOrder/list?column=buyer_id');
      expect(bad.body).toMatchObject({ success: false, code: 400, message: '不支持按字段 buyer_id 排序' });
    });

    it("keeps orders inside the caller's data scope and tenant", async () => {
      const far = await place({ buyerId: farOutletId });
      const near = await place();
      const mine = await ok(bed.get<Page<OrderListRecord>>('zhangwei', `/eOrder/eOrder/list?pageSize=200`));
      expect(mine.records.map((row) => row.id)).toContain(near.id);
      expect(mine.records.map((row) => row.id)).not.toContain(far.id);
      const hidden = await bed.get('zhangwei', `/eOrder/eOrder/queryById?id=${far.id}`);
      expect(hidden.body).toMatchObject({ success: false, code: 404, message: '订单不存在或无权访问' });
      // B01 has demo orders of its own, none of A01's.
      const other = await ok(bed.get<Page<OrderListRecord>>('t2admin', '/eOrder/eOrder/list?pageSize=200'));
      expect(other.records.map((row) => row.id)).not.toEqual(expect.arrayContaining([near.id]));
      expect(other.records.map((row) => row.id)).not.toEqual(expect.arrayContaining([far.id]));
      expect((await bed.get('t2admin', `/eOrder/eOrder/queryById?id=${near.id}`)).body).toMatchObject({
        code: 404,
      });
      const foreignAudit = await audit([near.id], { pass: true }, 't2admin');
      expect(foreignAudit.body).toMatchObject({ success: false, code: 404, message: '订单不存在或无权访问' });
      const foreignBatch = await audit([near.id, far.id], { pass: true }, 't2admin');
      expect(foreignBatch.body).toMatchObject({
        success: false,
        message: '2 张订单均未审核：订单不存在或无权访问',
      });
      expect(await bed.get('wangfang', '/eOrder/eOrder/list')).toMatchObject(FORBIDDEN);
    });
  });

  describe('counting', () => {
    it(`stops counting at ${ORDER_COUNT_CAP}: the list total and the tabs say "more"`, async () => {
      await sql`insert into sales_orders (id, tenant_id, order_no, order_type, source_channel, buyer_id, org_code,
          seller_type, goods_amount, payable_amount, payment_method, status, total_base_qty, total_cases)
        select 'cap' || g, 'A01', 'SOCAP' || lpad(g::text, 6, '0'), 'DEALER_PURCHASE', 'PC', ${dealerId}, 'A01A02A01',
          'BRAND', 40, 40, 'COD', 'INVALID', 24, 1
        from generate_series(1, ${ORDER_COUNT_CAP + 10}) g`.execute(db());
      const page = await ok(
        bed.get<Page<OrderListRecord>>('admin', `/eOrder/eOrder/list?customerId=${dealerId}`),
      );
      expect(page.total).toBe(ORDER_COUNT_CAP + 1);
      const counts = await ok(
        bed.get<OrderStatusCounts>('admin', `/eOrder/eOrder/statusCounts?customerId=${dealerId}`),
      );
      expect(counts).toMatchObject({
        ALL: ORDER_COUNT_CAP + 1,
        INVALID: ORDER_COUNT_CAP + 1,
        PENDING_AUDIT: 1,
      });
    });
  });

  describe('ERP sync', () => {
    const connectionId = 'o-test-erp';
    const taskOf = (bizId: string, operation = 'SAVE') =>
      db()
        .selectFrom('erp_sync_tasks')
        .select([...summaryColumns(), 'document'])
        .where('biz_id', '=', bizId)
        .where('operation', '=', operation as 'SAVE')
        .executeTakeFirstOrThrow();
    const settle = (
      task: Awaited<ReturnType<typeof taskOf>>,
      status: 'SUCCESS' | 'FAILED',
      message?: string,
    ) =>
      db()
        .transaction()
        .execute(async (trx) => {
          await trx
            .updateTable('erp_sync_tasks')
            .set({ status, last_error_message: message ?? null })
            .where('id', '=', task.id)
            .execute();
          const { document: _document, ...summary } = task;
          await notifySettled(trx, { ...summary, status, lastErrorMessage: message ?? null });
        });

    beforeAll(() => addQueueingErpConnection(bed, connectionId, '订单测试金蝶'));
    afterAll(async () => {
      await db().deleteFrom('erp_sync_tasks').where('connection_id', '=', connectionId).execute();
      await db().deleteFrom('erp_connections').where('id', '=', connectionId).execute();
    });

    it('queues the order on audit and follows the settled task', async () => {
      const placed = await audited();
      expect(await detail(placed.id)).toMatchObject({
        erpSyncStatus: 'PENDING',
        erpSyncStatus_dictText: '待同步',
      });
      const task = await taskOf(placed.id);
      expect(task).toMatchObject({ bizType: 'SALES_ORDER', operation: 'SAVE', bizNo: placed.orderNo });
      expect(task.document).toMatchObject({
        customer: { id: outletId },
        warehouse: { id: warehouseId },
        lines: [expect.objectContaining({ qty: 48, amount: 96, price: 2, unit: '瓶' })],
      });
      await settle(task, 'FAILED', '客户未映射');
      const order = await detail(placed.id);
      expect(order).toMatchObject({ erpSyncStatus: 'FAILED' });
      expect(order.logs.at(-1)).toMatchObject({
        action: 'SYNC_FAIL',
        operatorName: '系统',
        comment: `订单 ${placed.orderNo} 同步失败：客户未映射`,
      });
      // Fixed and retried: synced; invalidated afterwards, the ERP is told to delete it.
      await settle(task, 'SUCCESS');
      expect(await detail(placed.id)).toMatchObject({ erpSyncStatus: 'SUCCESS' });
      await ok(bed.post('admin', '/eOrder/eOrder/orderInvalid', { id: placed.id, reason: '客户取消' }));
      expect(await taskOf(placed.id, 'DELETE')).toMatchObject({
        bizType: 'SALES_ORDER',
        bizNo: placed.orderNo,
      });
      expect(await detail(placed.id)).toMatchObject({ status: 'INVALID', erpSyncStatus: 'PENDING' });
    });

    it('queues the outbound of each shipment', async () => {
      const placed = await audited();
      const { shipmentNo } = await ok(
        bed.post<{ shipmentNo: string }>('admin', '/eOrder/eOrder/saveOrderDeliver', { id: placed.id }),
      );
      const shipment = await db()
        .selectFrom('shipments')
        .select('id')
        .where('shipment_no', '=', shipmentNo)
        .executeTakeFirstOrThrow();
      const task = await taskOf(shipment.id);
      expect(task).toMatchObject({ bizType: 'OUTSTOCK', bizNo: shipmentNo });
      expect(task.document).toMatchObject({
        sourceBizNo: placed.orderNo,
        lines: [expect.objectContaining({ qty: 48 })],
      });
      await settle(await taskOf(placed.id), 'SUCCESS');
      // The order is synced only when its outbound is too.
      expect(await detail(placed.id)).toMatchObject({ erpSyncStatus: 'PENDING' });
      await settle(task, 'SUCCESS');
      expect(await detail(placed.id)).toMatchObject({ erpSyncStatus: 'SUCCESS' });
    });
  });
});
