// 临期预警 over real HTTP (DOMAIN §1.6): warehouse lots and an outlet's stock check inside the near-expiry window
// or past it, each with its days left and the action suggested (a lot its warehouse does not sell moved to one of
// the same owner that does, the rest promoted, an expired lot written off; shelf goods swapped or returned), the
// filters and sorting, the export, and the data scope, the permission and another tenant. Then the rows' own
// actions: a lot's 调拨 and 报损 and the shelf goods' 换货 and 退货 (against the order line that shipped their batch to
// the outlet), each shown on its row as the 处理单据, each refused without its command's permission.
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { Page } from '../../common/contract';
import { addDays } from '../modules/stock/stockAge';
import { bottledSku } from './support/business';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

interface Row {
  id: string;
  source: string;
  skuCode: string;
  placeName: string;
  batchNo: string | null;
  visitNo: string | null;
  remainingDays: number;
  remainingPercent: number;
  freshness: string;
  qtyText: string;
  action: string;
  action_dictText: string;
  transferToName: string | null;
  qty: number;
  handledDocType: string | null;
  handledDocType_dictText: string | null;
  handledDocNo: string | null;
  handledDocStatus_dictText: string | null;
  handledOrderNo: string | null;
}

/** 540 days of shelf life (bottledSku): the near-expiry window is 45 days. */
const SHELF_LIFE = 540;

describe.each(testBackends())('临期预警 on %s', (backend) => {
  const context = useTestServer(backend, { businessData: true });
  const db = () => context.database.db;
  let admin: string;
  let manager: string;
  let rep: string;
  let today: string;
  let skuA: string;
  let skuB: string;
  let slow: string;
  let fast: string;
  let outlet: { id: string; name: string; serving_dealer_id: string | null };

  const post = <T>(token: string, path: string, body: unknown) =>
    context.client.post<T>(path, body, token).then((answer) => {
      expect(answer.body).toMatchObject({ success: true });
      return (answer.body as { result: T }).result;
    });
  const list = (token: string, query = '') =>
    context.client.get<Page<Row>>(`/eprod/nearExpiry/list?pageSize=100${query}`, token);
  /** The rows of the test's SKUs, as `source:place:batch-or-visit:days:action`. */
  const shown = async (token: string, query = '') => {
    const { body } = await list(token, `&keyword=NX-${query}`);
    return body.result.records.map(
      (row) =>
        `${row.source}:${row.placeName}:${row.batchNo ?? 'visit'}:${row.remainingDays}:${row.action}${row.transferToName ? `>${row.transferToName}` : ''}`,
    );
  };
  const produced = (daysLeft: number) => addDays(today, daysLeft - SHELF_LIFE);

  beforeAll(async () => {
    [admin, manager, rep] = await Promise.all(
      ['admin', 'zhangwei', 'zhaolei'].map((name) => context.tokenOf(name)),
    );
    today = (
      await sql<{
        day: string;
      }>`select to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day`.execute(db())
    ).rows[0].day;
    const brand = await post<{ id: string }>(admin, '/eMaterial/brand/add', {
      code: 'NX-BR',
      name: '临期测试品牌',
    });
    const category = await post<{ id: string }>(admin, '/eMaterial/category/add', {
      code: 'NX-CAT',
      name: '临期测试品类',
    });
    const sku = (code: string, name: string) =>
      post<{ id: string }>(admin, '/eMaterial/sku/add', bottledSku(code, name, brand.id, category.id));
    skuA = (await sku('NX-A', '临期测试甲 500ml')).id;
    skuB = (await sku('NX-B', '临期测试乙 500ml')).id;
    const warehouse = (code: string, name: string, orgCode: string) =>
      post<{ id: string }>(admin, '/eprod/warehouse/add', { code, name, ownerType: 'BRAND', orgCode });
    slow = (await warehouse('NX-SLOW', '临期测试慢仓', 'A01A02A01')).id;
    fast = (await warehouse('NX-FAST', '临期测试快仓', 'A01A02A01')).id;
    const head = (await warehouse('NX-HQ', '临期测试总部仓', 'A01')).id;
    const stockIn = (warehouseId: string, skuId: string, batchNo: string, daysLeft: number, cases: number) =>
      post(admin, '/eprod/stock/in', {
        warehouseId,
        skuId,
        batchNo,
        productionDate: produced(daysLeft),
        cases,
      });
    // 甲: 10 cases with 30 days left where nothing sells; the fast warehouse sold 20 cases in 30 days, so it
    // sells 20 / 30 × (30 − 3) = 18 before expiry: moved there.
    await stockIn(slow, skuA, 'NX-A-30', 30, 10);
    await stockIn(fast, skuA, 'NX-A-FRESH', 400, 40);
    await post(admin, '/eprod/stock/out', {
      warehouseId: fast,
      skuId: skuA,
      movementType: 'SALES_OUT',
      cases: 20,
    });
    // 乙: nobody sells it — promoted; an expired lot written off; a fresh lot not listed.
    await stockIn(slow, skuB, 'NX-B-40', 40, 5);
    await stockIn(slow, skuB, 'NX-B-GONE', -2, 3);
    await stockIn(slow, skuB, 'NX-B-FRESH', 200, 5);
    // 总部仓 (A01) is outside 张伟's offices.
    await stockIn(head, skuB, 'NX-B-HQ', 20, 2);

    // A rep's stock check in an outlet of his office: 甲 10 days left (swap), 乙 expired (return).
    await db()
      .updateTable('visit_records')
      .set({ status: 'COMPLETED', check_out_at: sql`now()` })
      .where('status', '=', 'CHECKED_IN')
      .execute();
    const seen = await db()
      .selectFrom('customers')
      .select(['id', 'name', 'lng', 'lat', 'serving_dealer_id'])
      .where('tenant_id', '=', 'A01')
      .where('customer_type', '=', 'OUTLET')
      .where('org_code', '=', 'A01A02A01')
      .where('lng', 'is not', null)
      .where('serving_dealer_id', 'is not', null)
      .orderBy('customer_code')
      .executeTakeFirstOrThrow();
    outlet = seen;
    const visit = await post<{ id: string }>(rep, '/eVisit/checkIn', {
      clientId: randomUUID(),
      customerId: seen.id,
      lng: Number(seen.lng),
      lat: Number(seen.lat),
      accuracyM: 10,
    });
    await post(rep, '/eVisit/step', {
      visitId: visit.id,
      clientId: randomUUID(),
      stepType: 'STOCK_CHECK',
      data: {
        lines: [
          { skuId: skuA, qtyCases: 2, qtyUnits: 3, oldestProductionDate: produced(10) },
          { skuId: skuB, qtyCases: 1, oldestProductionDate: produced(-5) },
        ],
      },
      photoIds: [],
    });
  });

  it('lists lots and shelf checks in the window soonest first, each with the action it suggests', async () => {
    // What can still be sold first, soonest to expire first; then the expired, latest first.
    expect(await shown(admin)).toEqual([
      expect.stringMatching(/^OUTLET:.+:visit:10:EXCHANGE$/),
      'LOT:临期测试总部仓:NX-B-HQ:20:PROMOTE',
      'LOT:临期测试慢仓:NX-A-30:30:TRANSFER>临期测试快仓',
      'LOT:临期测试慢仓:NX-B-40:40:PROMOTE',
      'LOT:临期测试慢仓:NX-B-GONE:-2:DESTROY',
      expect.stringMatching(/^OUTLET:.+:visit:-5:RETURN$/),
    ]);
    const { body } = await list(admin, '&keyword=NX-A-30');
    expect(body.result.records).toEqual([
      expect.objectContaining({
        source_dictText: '仓库批次',
        freshness: 'NEAR_EXPIRY',
        freshness_dictText: '临期',
        remainingPercent: 5.6,
        qtyText: '10箱',
        action_dictText: '调拨',
        soldHereText: '0瓶',
        soldElsewhereText: '20箱',
      }),
    ]);
    const outletRows = await list(admin, '&keyword=NX-&source=OUTLET');
    expect(outletRows.body.result.records).toEqual([
      expect.objectContaining({
        skuCode: 'NX-A',
        qtyText: '2箱3瓶',
        action_dictText: '换货',
        visitNo: expect.any(String),
        employeeName: expect.any(String),
        checkedOn: today,
      }),
      expect.objectContaining({
        skuCode: 'NX-B',
        qtyText: '1箱',
        action_dictText: '退货',
        freshness: 'EXPIRED',
      }),
    ]);
  });

  it('filters by source, SKU, freshness and days left, and sorts', async () => {
    expect(await shown(admin, `&source=LOT&skuId=${skuB}`)).toEqual([
      'LOT:临期测试总部仓:NX-B-HQ:20:PROMOTE',
      'LOT:临期测试慢仓:NX-B-40:40:PROMOTE',
      'LOT:临期测试慢仓:NX-B-GONE:-2:DESTROY',
    ]);
    // Sorted by the days left as asked: the expired first.
    expect((await shown(admin, '&column=remainingDays&order=asc'))[0]).toMatch(/^OUTLET:.+:visit:-5:RETURN$/);
    expect((await shown(admin, '&freshness=EXPIRED')).length).toBe(2);
    expect(await shown(admin, '&remainingDays_begin=0&remainingDays_end=20')).toEqual([
      expect.stringMatching(/^OUTLET:.+:visit:10:EXCHANGE$/),
      'LOT:临期测试总部仓:NX-B-HQ:20:PROMOTE',
    ]);
    expect((await shown(admin, '&column=remainingDays&order=desc'))[0]).toBe(
      'LOT:临期测试慢仓:NX-B-40:40:PROMOTE',
    );
    expect((await list(admin, '&secret=1')).body).toMatchObject({ success: false, code: 400 });
    expect((await list(admin, '&freshness=FRESH')).body).toMatchObject({ success: false, code: 400 });
  });

  it('exports what the list shows', async () => {
    const response = await fetch(
      `${context.server.baseUrl}/api/eprod/nearExpiry/exportXls?keyword=NX-&source=LOT`,
      { headers: { 'x-access-token': admin } },
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    const header = sheet.getRow(1).values as unknown[];
    expect(header).toEqual(expect.arrayContaining(['来源', '商品编码', '剩余天数', '建议处理', '调往仓库']));
    const actions = sheet
      .getSheetValues()
      .slice(2)
      .map((row) => (row as unknown[])[header.indexOf('建议处理')]);
    expect(actions).toEqual(['促销', '调拨', '促销', '报损']);
  });

  it('keeps to the data scope, the permission and the tenant', async () => {
    // 张伟's offices: not 总部仓; the transfer suggestion only names warehouses he may move stock to.
    expect(await shown(manager)).toEqual([
      expect.stringMatching(/^OUTLET:.+:visit:10:EXCHANGE$/),
      'LOT:临期测试慢仓:NX-A-30:30:TRANSFER>临期测试快仓',
      'LOT:临期测试慢仓:NX-B-40:40:PROMOTE',
      'LOT:临期测试慢仓:NX-B-GONE:-2:DESTROY',
      expect.stringMatching(/^OUTLET:.+:visit:-5:RETURN$/),
    ]);
    // The rep and a user without business rights hold no 临期预警 right: refused.
    expect((await list(rep)).status).toBe(403);
    expect((await list(await context.tokenOf('wangfang'))).status).toBe(403);
    const other = await list(await context.tokenOf('t2admin'), '&keyword=NX-');
    expect(other.body).toMatchObject({ success: true, result: { total: 0 } });
    expect((await list(await context.tokenOf('t2admin'), `&skuId=${skuA}`)).body.result.total).toBe(0);
  });

  /** The one row of the list matching `query`. */
  const rowOf = async (query: string) => {
    const { body } = await list(admin, query);
    expect(body.result.records).toHaveLength(1);
    return body.result.records[0];
  };

  it('shows a lot’s 调拨 and 报损 from 临期预警 as its 处理单据, an emptied lot still listed, each command under its own permission', async () => {
    const nx30 = await rowOf('&keyword=NX-A-30&warehouseId=' + slow);
    const transfer = { lotId: nx30.id, toWarehouseId: fast, cases: 4, sourceDocType: 'NEAR_EXPIRY' };
    // 张伟 sees the list but holds neither 调拨 nor 出库: refused.
    expect((await context.client.post('/eprod/stock/transfer', transfer, manager)).status).toBe(403);
    expect(
      (await context.client.post('/eprod/stock/out', { warehouseId: slow, skuId: skuB }, manager)).status,
    ).toBe(403);
    const moved = await post<{ movementNo: string }>(admin, '/eprod/stock/transfer', transfer);
    expect(await rowOf('&keyword=NX-A-30&warehouseId=' + slow)).toMatchObject({
      qtyText: '6箱',
      handledDocType: 'TRANSFER_OUT',
      handledDocType_dictText: '调拨出库',
      handledDocNo: moved.movementNo,
      handledDocStatus_dictText: null,
    });
    // The goods moved are a lot of their own there, not handled yet.
    expect(await rowOf('&keyword=NX-A-30&warehouseId=' + fast)).toMatchObject({
      qtyText: '4箱',
      handledDocNo: null,
    });
    // A fresh lot is no business of 临期预警; its plain 调拨 (the stock page's) leaves no 处理单据.
    const fresh = await db()
      .selectFrom('stock_lots')
      .select('id')
      .where('batch_no', '=', 'NX-A-FRESH')
      .executeTakeFirstOrThrow();
    const early = await context.client.post(
      '/eprod/stock/transfer',
      { ...transfer, lotId: fresh.id, toWarehouseId: slow },
      admin,
    );
    expect(early.body).toMatchObject({ success: false, message: expect.stringContaining('未进入临期') });
    const nx40 = await rowOf('&keyword=NX-B-40');
    await post(admin, '/eprod/stock/transfer', { lotId: nx40.id, toWarehouseId: fast, cases: 1 });
    expect(await rowOf('&keyword=NX-B-40&warehouseId=' + slow)).toMatchObject({ handledDocNo: null });

    // 报损 of the expired lot: all of it destroyed, the row stays with what did it.
    const gone = await rowOf('&keyword=NX-B-GONE');
    const destroy = {
      warehouseId: slow,
      skuId: skuB,
      movementType: 'EXPIRED_DESTROY',
      cases: 3,
      sourceDocType: 'NEAR_EXPIRY',
    };
    const withoutLot = await context.client.post('/eprod/stock/out', destroy, admin);
    expect(withoutLot.body).toMatchObject({ success: false, message: '临期处理须指定批次' });
    const destroyed = await post<{ movementNo: string }>(admin, '/eprod/stock/out', {
      ...destroy,
      lotId: gone.id,
    });
    expect(await rowOf('&keyword=NX-B-GONE')).toMatchObject({
      qty: 0,
      handledDocType: 'EXPIRED_DESTROY',
      handledDocType_dictText: '过期销毁',
      handledDocNo: destroyed.movementNo,
    });

    const response = await fetch(
      `${context.server.baseUrl}/api/eprod/nearExpiry/exportXls?keyword=NX-&source=LOT&warehouseId=${slow}`,
      { headers: { 'x-access-token': admin } },
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    const header = sheet.getRow(1).values as unknown[];
    const documents = sheet
      .getSheetValues()
      .slice(2)
      .map((row) => (row as unknown[])[header.indexOf('处理单据')] ?? null);
    expect(documents).toEqual([`调拨出库 ${moved.movementNo}`, null, `过期销毁 ${destroyed.movementNo}`]);
  });

  it('takes shelf goods back against the order line that shipped their batch to the outlet, the document shown on the row', async () => {
    // 甲 of the batch the rep saw (10 days left) sold to the outlet by its dealer: all of it shipped.
    const priceList = await post<{ id: string }>(admin, '/eMaterial/priceList/add', {
      code: 'NX-PL',
      name: '临期测试供货价',
      priceType: 'SUPPLY',
      validFrom: `${addDays(today, -30)} 00:00:00`,
      scopes: [],
      items: [skuA, skuB].map((skuId) => ({ skuId, unit: 'CASE', price: 48, floorPrice: null })),
    });
    await post(admin, '/eMaterial/priceList/submit', { id: priceList.id });
    const todo = await context.client.get<Page<{ bizId: string; taskId: string }>>(
      '/approval/todo/list?bizType=PRICE_LIST&pageSize=100',
      admin,
    );
    const task = todo.body.result.records.find((record) => record.bizId === priceList.id)!;
    await post(admin, '/approval/approve', { taskId: task.taskId });
    for (const id of [skuA, skuB]) {
      const listed = await context.client.put(
        '/eMaterial/sku/changeStatus',
        { id, status: 'ON_SALE' },
        admin,
      );
      expect(listed.body).toMatchObject({ success: true });
    }
    const dealerWarehouse = await post<{ id: string }>(admin, '/eprod/warehouse/add', {
      code: 'NX-DEALER',
      name: '临期测试经销商仓',
      ownerType: 'DEALER',
      ownerId: outlet.serving_dealer_id,
      orgCode: 'A01A02A01',
    });
    await post(admin, '/eprod/stock/in', {
      warehouseId: dealerWarehouse.id,
      skuId: skuA,
      batchNo: 'NX-A-10',
      productionDate: produced(10),
      cases: 3,
    });
    const order = await post<{ id: string; orderNo: string }>(admin, '/eOrder/eOrder/add', {
      buyerId: outlet.id,
      paymentMethod: 'COD',
      lines: [{ skuId: skuA, cases: 3 }],
    });
    await post(admin, '/eOrder/eOrder/auditOrder', {
      ids: [order.id],
      pass: true,
      warehouseId: dealerWarehouse.id,
    });
    await post(admin, '/eOrder/eOrder/saveOrderDeliver', { id: order.id });

    const checks = (await list(admin, '&keyword=NX-&source=OUTLET')).body.result.records;
    const [swapRow, returnRow] = checks;
    const shelfGoods = (token: string, checkId: string) =>
      context.client.get<{ orderId: string; orderLineId: string; baseQty: number }>(
        `/eOrder/eOrder/shelfGoods?checkId=${checkId}`,
        token,
      );
    // 张伟 holds no 退换货 right.
    expect((await shelfGoods(manager, swapRow.id)).status).toBe(403);
    const line = (await shelfGoods(admin, swapRow.id)).body;
    // What the rep saw (2箱3瓶), within the 3 cases shipped.
    expect(line).toMatchObject({
      success: true,
      result: {
        orderId: order.id,
        orderNo: order.orderNo,
        batchNo: 'NX-A-10',
        productionDate: produced(10),
        baseQty: 51,
        returnableBaseQty: 72,
      },
    });
    // 乙 (expired on the shelf) was never shipped to the outlet from an order: said so.
    expect((await shelfGoods(admin, returnRow.id)).body).toMatchObject({
      success: false,
      message: expect.stringMatching(/^未找到向 .+ 发出 临期测试乙 500ml（生产日期 .+）且可退换货的订单$/),
    });
    expect((await shelfGoods(await context.tokenOf('t2admin'), swapRow.id)).body).toMatchObject({
      success: false,
      code: 404,
    });

    const swap = await post<{ exchangeNo: string }>(admin, '/eOrder/eOrder/swapOrder/add', {
      orderId: order.id,
      reason: 'NEAR_EXPIRY',
      returnLines: [{ orderLineId: line.result.orderLineId, baseQty: 51 }],
      issueLines: [{ skuId: skuA, baseQty: 51 }],
    });
    expect((await list(admin, '&keyword=NX-&source=OUTLET')).body.result.records).toEqual([
      expect.objectContaining({
        id: swapRow.id,
        handledDocType: 'EXCHANGE',
        handledDocType_dictText: '换货单',
        handledDocNo: swap.exchangeNo,
        handledDocStatus_dictText: '已提交',
        handledOrderNo: order.orderNo,
      }),
      expect.objectContaining({ id: returnRow.id, handledDocNo: null }),
    ]);
    // What the exchange left of the line goes back on a return; then nothing is left.
    expect((await shelfGoods(admin, swapRow.id)).body.result).toMatchObject({ baseQty: 21 });
    const back = await post<{ returnNo: string }>(admin, '/eOrder/eOrder/backOrder/add', {
      orderId: order.id,
      reason: 'NEAR_EXPIRY',
      refundMethod: 'OFFSET_AR',
      lines: [{ orderLineId: line.result.orderLineId, baseQty: 21 }],
    });
    expect(await rowOf(`&keyword=NX-&source=OUTLET&skuId=${skuA}`)).toMatchObject({
      handledDocType: 'RETURN',
      handledDocType_dictText: '退单',
      handledDocNo: back.returnNo,
    });
    expect((await shelfGoods(admin, swapRow.id)).body).toMatchObject({
      success: false,
      message: expect.stringContaining('已全部退回或正在退换货'),
    });
  });
});
