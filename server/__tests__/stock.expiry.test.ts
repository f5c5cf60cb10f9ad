// Expired stock is never shipped (DOMAIN §1.6: NORMAL → EXPIRED at the expiry date, "blocks sale"): FEFO, an
// order's audit and its shipment skip a lot past its expiry date, a lot picked by hand is refused, only 过期销毁
// takes it; the stock list shows it as 已过期 at once, and the expiry job stores the state with a log row (and
// notes near-expiry lots once). Over real HTTP, the job's run called directly.
import type { Page } from '../../common/contract';
import type { OrderDetail } from '../../common/orders';
import { markLotExpiry } from '../modules/stock/expiry';
import { addDays } from '../modules/stock/stockAge';
import { testBackends } from './support/database';
import {
  type BusinessTestbed,
  ok,
  openBusinessTestbed,
  type OrderableGoods,
  orderableGoods,
  shanghaiToday,
} from './support/business';

/** bottledSku keeps 540 days: a lot made this long before 2023-01-01 expired on that day. */
const SHELF_LIFE_DAYS = 540;
const EXPIRY = '2023-01-01';

describe.each(testBackends())('expired stock on %s', (backend) => {
  let bed: BusinessTestbed;
  let goods: OrderableGoods;
  let expiredLot: string;
  let nearLot: string;

  const db = () => bed.server.app.database.db;
  const stockIn = (batchNo: string, productionDate: string, cases: number) =>
    ok(
      bed.post<{ lotId: string }>('admin', '/eprod/stock/in', {
        warehouseId: goods.warehouseId,
        skuId: goods.skuId,
        batchNo,
        productionDate,
        cases,
      }),
    ).then((answer) => answer.lotId);
  const stockOut = (body: Record<string, unknown>) =>
    bed.post<{ lots: Array<{ lotId: string; batchNo: string; baseQty: number }> }>(
      'admin',
      '/eprod/stock/out',
      {
        warehouseId: goods.warehouseId,
        skuId: goods.skuId,
        movementType: 'SALES_OUT',
        ...body,
      },
    );

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
    goods = await orderableGoods(bed, 'admin', 'EX', 'A01A02A01');
    expiredLot = await stockIn('EX-OLD', addDays(EXPIRY, -SHELF_LIFE_DAYS), 10);
    // 30 days left of 540: inside the 45-day near-expiry window of a shelf life of a year or more.
    nearLot = await stockIn('EX-NEAR', addDays(shanghaiToday(), 30 - SHELF_LIFE_DAYS), 5);
  }, 120_000);
  afterAll(() => bed.close());

  it('takes first what expires first among the lots that have not expired, and counts no expired stock', async () => {
    const taken = await ok(stockOut({ cases: 1 }));
    expect(taken.lots).toEqual([{ lotId: nearLot, batchNo: 'EX-NEAR', baseQty: 24 }]);
    const short = await stockOut({ cases: 45 });
    expect(short.body).toMatchObject({
      success: false,
      code: 409,
      message: '库存不足：可用 44箱，需要 45箱',
    });
  });

  it('refuses an expired lot picked by hand, for a stock-out and a transfer, and lets 过期销毁 take it', async () => {
    const picked = await stockOut({ lotId: expiredLot, cases: 1 });
    expect(picked.body).toMatchObject({
      success: false,
      code: 409,
      message: `批次 EX-OLD 已过期（到期日 ${EXPIRY}），不能出库`,
    });
    const moved = await bed.post('admin', '/eprod/stock/transfer', {
      lotId: expiredLot,
      toWarehouseId: goods.warehouseId,
      cases: 1,
    });
    expect(moved.body).toMatchObject({ success: false });
    const destroyed = await ok(stockOut({ lotId: expiredLot, cases: 1, movementType: 'EXPIRED_DESTROY' }));
    expect(destroyed.lots).toEqual([{ lotId: expiredLot, batchNo: 'EX-OLD', baseQty: 24 }]);
  });

  it('audits and ships an order from stock that has not expired, and refuses an expired lot picked for it', async () => {
    const order = await ok(
      bed.post<{ id: string }>('admin', '/eOrder/eOrder/add', {
        buyerId: goods.outletId,
        paymentMethod: 'COD',
        lines: [{ skuId: goods.skuId, cases: 2 }],
      }),
    );
    await ok(bed.post('admin', '/eOrder/eOrder/auditOrder', { ids: [order.id], pass: true }));
    const locks = await db()
      .selectFrom('sales_order_stock_locks')
      .select(['lot_id', 'base_qty'])
      .where('order_id', '=', order.id)
      .execute();
    expect(locks.map((lock) => lock.lot_id)).not.toContain(expiredLot);
    expect(locks.reduce((sum, lock) => sum + lock.base_qty, 0)).toBe(48);

    const plan = await ok(
      bed.get<{ lines: Array<{ lots: Array<{ lotId: string }> }> }>(
        'admin',
        `/eOrder/eOrder/deliverPlan?id=${order.id}`,
      ),
    );
    expect(plan.lines[0].lots.map((lot) => lot.lotId)).toContain(nearLot);
    expect(plan.lines[0].lots.map((lot) => lot.lotId)).not.toContain(expiredLot);

    const [line] = (await ok(bed.get<OrderDetail>('admin', `/eOrder/eOrder/queryById?id=${order.id}`))).lines;
    const expiredPick = await bed.post('admin', '/eOrder/eOrder/saveOrderDeliver', {
      id: order.id,
      lines: [{ orderLineId: line.id, lots: [{ lotId: expiredLot, baseQty: 24 }] }],
    });
    expect(expiredPick.body).toMatchObject({
      success: false,
      code: 409,
      message: `批次 EX-OLD 已过期（到期日 ${EXPIRY}），不能出库`,
    });
  });

  it('shows an expired lot as 已过期 before the job runs; the job stores it and the near-expiry note, logged once', async () => {
    const listed = await ok(
      bed.get<Page<{ id: string; lotStatus: string; lotStatus_dictText: string }>>(
        'admin',
        `/eprod/prodStockWhlist?warehouseId=${goods.warehouseId}&lotStatus=EXPIRED`,
      ),
    );
    expect(listed.records).toEqual([
      expect.objectContaining({ id: expiredLot, lotStatus: 'EXPIRED', lotStatus_dictText: '已过期' }),
    ]);
    const stored = () =>
      db()
        .selectFrom('stock_lots')
        .select(['id', 'lot_status', 'near_expiry_noted_on'])
        .where('id', 'in', [expiredLot, nearLot])
        .orderBy('batch_no')
        .execute();
    expect((await stored()).map((lot) => lot.lot_status)).toEqual(['NORMAL', 'NORMAL']);

    const run = await markLotExpiry(db());
    expect(run.expired).toContainEqual({ id: expiredLot, tenantId: 'A01', batchNo: 'EX-OLD' });
    expect(run.nearExpiry).toContainEqual({ id: nearLot, tenantId: 'A01', batchNo: 'EX-NEAR' });
    expect(run.expired.map((lot) => lot.id)).not.toContain(nearLot);
    const [near, old] = await stored();
    expect(old).toMatchObject({ lot_status: 'EXPIRED', near_expiry_noted_on: null });
    expect(near).toMatchObject({ lot_status: 'NORMAL', near_expiry_noted_on: expect.anything() });

    const logs = await db()
      .selectFrom('sys_log')
      .select(['log_content', 'username', 'tenant_id'])
      .where('log_content', 'like', '%批号 EX-%')
      .where('username', '=', '系统')
      .execute();
    expect(logs.map((log) => log.log_content).sort()).toEqual([
      `批次临期：EX仓 EX茶饮 500ml 批号 EX-NEAR 到期日 ${addDays(shanghaiToday(), 30)}，在库 4箱，已进入临期预警`,
      `批次过期：EX仓 EX茶饮 500ml 批号 EX-OLD 到期日 ${EXPIRY}，在库 9箱，系统标记为已过期`,
    ]);
    expect(logs.every((log) => log.tenant_id === 'A01')).toBe(true);

    const again = await markLotExpiry(db());
    expect([...again.expired, ...again.nearExpiry].map((lot) => lot.id)).not.toEqual(
      expect.arrayContaining([expiredLot]),
    );
    expect(again.nearExpiry.map((lot) => lot.id)).not.toContain(nearLot);
  });
});
