import type { Page } from '../../common/contract';
import { addDays } from '../modules/stock/stockAge';
import { testBackends } from './support/database';
import {
  bottledSku,
  type BusinessTestbed,
  FORBIDDEN,
  ok,
  openBusinessTestbed,
  queryString,
} from './support/business';

interface Lot {
  id: string;
  batchNo: string;
  warehouseName: string;
  stockAgeDays: number;
  remainingDays: number;
  ageBucket: string;
  ageBucket_dictText: string;
  freshness: string;
  freshness_dictText: string;
  qtyOnHand: number;
  qtyOnHandText: string;
  amount: string;
}

type StockPage = Page<Lot> & { totals: { lots: number; qtyOnHand: number; cases: number; amount: string } };

/** Today in Shanghai, as the server counts stock age. */
const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

describe.each(testBackends())('warehouse stock on %s', (backend) => {
  let bed: BusinessTestbed;
  let skuId: string;
  let brandWarehouse: string;
  let dealerWarehouse: string;
  let headOfficeWarehouse: string;
  let dealerId: string;
  let freshLot: string;
  let oldLot: string;

  const detail = (
    query: Record<string, string | number | boolean | undefined>,
    caller: 'admin' | 'zhangwei' | 't2admin' = 'admin',
  ) => bed.get<StockPage>(caller, `/eprod/prodStockWhlist${queryString(query)}`);

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
    const brand = await ok(
      bed.post<{ id: string }>('admin', '/eMaterial/brand/add', { code: 'S-BR', name: '库存测试品牌' }),
    );
    const category = await ok(
      bed.post<{ id: string }>('admin', '/eMaterial/category/add', { code: 'S-CAT', name: '库存测试品类' }),
    );
    skuId = (
      await ok(
        bed.post<{ id: string }>(
          'admin',
          '/eMaterial/sku/add',
          bottledSku('S-SKU-1', '库存测试饮料 250ml', brand.id, category.id),
        ),
      )
    ).id;
    dealerId = (
      await ok(
        bed.post<{ id: string }>('admin', '/eCustomer/add', {
          name: '广州库存测试商贸有限公司',
          customerType: 'DEALER',
          orgCode: 'A01A02A01',
        }),
      )
    ).id;
    brandWarehouse = (
      await ok(
        bed.post<{ id: string }>('admin', '/eprod/warehouse/add', {
          code: 'S-WH-GZ',
          name: '广州品牌仓',
          ownerType: 'BRAND',
          orgCode: 'A01A02A01',
        }),
      )
    ).id;
    dealerWarehouse = (
      await ok(
        bed.post<{ id: string }>('admin', '/eprod/warehouse/add', {
          code: 'S-WH-D1',
          name: '经销商一号仓',
          ownerType: 'DEALER',
          ownerId: dealerId,
          orgCode: 'A01A02A01',
        }),
      )
    ).id;
    headOfficeWarehouse = (
      await ok(
        bed.post<{ id: string }>('admin', '/eprod/warehouse/add', {
          code: 'S-WH-HQ',
          name: '总部仓',
          ownerType: 'BRAND',
          orgCode: 'A01',
        }),
      )
    ).id;
  });
  afterAll(() => bed.close());

  describe('warehouses', () => {
    it('refuses a duplicate code and a dealer warehouse without its dealer', async () => {
      const duplicate = await bed.post('admin', '/eprod/warehouse/add', {
        code: 'S-WH-GZ',
        name: '重复',
        ownerType: 'BRAND',
      });
      expect(duplicate.body).toMatchObject({ success: false, code: 409, message: '仓库编码 S-WH-GZ 已存在' });
      const noDealer = await bed.post('admin', '/eprod/warehouse/add', {
        code: 'S-WH-X',
        name: '无主',
        ownerType: 'DEALER',
      });
      expect(noDealer.body).toMatchObject({ success: false, message: '经销商仓须指定经销商' });
      const list = await bed.get<Page<{ code: string }>>('zhangwei', '/eprod/warehouse/list?code=S-WH*');
      expect(list.body.result.records.map((row) => row.code).sort()).toEqual(['S-WH-D1', 'S-WH-GZ']);
    });
  });

  describe('movements', () => {
    it('receives 12箱3瓶 into a new lot and writes the movement', async () => {
      const received = await ok(
        bed.post<{ lotId: string; balance: number; balanceText: string; movementNo: string }>(
          'admin',
          '/eprod/stock/in',
          {
            warehouseId: brandWarehouse,
            skuId,
            batchNo: 'B-FRESH',
            productionDate: addDays(today(), -10),
            cases: 12,
            units: 3,
            unitCost: 2.5,
          },
        ),
      );
      freshLot = received.lotId;
      expect(received).toMatchObject({
        balance: 291,
        balanceText: '12箱3瓶',
        movementNo: expect.stringMatching(/^SM\d{12}$/),
      });
      const moves = await bed.get<Page<{ movementType: string; baseQtyText: string; balanceAfter: number }>>(
        'admin',
        `/eprod/stockMovement/list?lotId=${freshLot}`,
      );
      expect(moves.body.result.records).toEqual([
        expect.objectContaining({ movementType: 'PURCHASE_IN', baseQtyText: '12箱3瓶', balanceAfter: 291 }),
      ]);
    });

    it('refuses a batch with another production date, a future date and a zero quantity', async () => {
      const base = { warehouseId: brandWarehouse, skuId, batchNo: 'B-FRESH', cases: 1 };
      const mismatch = await bed.post('admin', '/eprod/stock/in', {
        ...base,
        productionDate: addDays(today(), -11),
      });
      expect(mismatch.body).toMatchObject({ success: false, code: 409 });
      expect(mismatch.body.message).toContain('与填写的不一致');
      const future = await bed.post('admin', '/eprod/stock/in', {
        ...base,
        batchNo: 'B-FUT',
        productionDate: addDays(today(), 2),
      });
      expect(future.body).toMatchObject({ success: false, message: '生产日期不能晚于今天' });
      const zero = await bed.post('admin', '/eprod/stock/in', {
        ...base,
        cases: 0,
        productionDate: addDays(today(), -10),
      });
      expect(zero.body).toMatchObject({ success: false, message: '数量必须大于 0' });
    });

    it('ships first what expires first, and refuses more than is available', async () => {
      oldLot = (
        await ok(
          bed.post<{ lotId: string }>('admin', '/eprod/stock/in', {
            warehouseId: brandWarehouse,
            skuId,
            batchNo: 'B-OLD',
            productionDate: addDays(today(), -520),
            cases: 5,
          }),
        )
      ).lotId;
      const shipped = await ok(
        bed.post<{ lots: Array<{ batchNo: string; baseQty: number }> }>('admin', '/eprod/stock/out', {
          warehouseId: brandWarehouse,
          skuId,
          movementType: 'SALES_OUT',
          cases: 6,
        }),
      );
      expect(shipped.lots).toEqual([
        { lotId: oldLot, batchNo: 'B-OLD', baseQty: 120 },
        { lotId: freshLot, batchNo: 'B-FRESH', baseQty: 24 },
      ]);
      const short = await bed.post('admin', '/eprod/stock/out', {
        warehouseId: brandWarehouse,
        skuId,
        movementType: 'SALES_OUT',
        cases: 20,
      });
      expect(short.body).toMatchObject({
        success: false,
        code: 409,
        message: '库存不足：可用 11箱3瓶，需要 20箱',
      });
    });

    it('lets only one of two simultaneous shipments take the same stock', async () => {
      const out = () =>
        bed.post('admin', '/eprod/stock/out', {
          warehouseId: brandWarehouse,
          skuId,
          lotId: freshLot,
          movementType: 'SALES_OUT',
          cases: 7,
        });
      const answers = await Promise.all([out(), out()]);
      expect(answers.map((answer) => answer.body.success).sort()).toEqual([false, true]);
      expect(answers.find((answer) => !answer.body.success)?.body.message).toContain('库存不足');
    });

    it('transfers a batch to a dealer warehouse as an out and an in under one number', async () => {
      const moved = await ok(
        bed.post<{ movementNo: string; targetLotId: string }>('admin', '/eprod/stock/transfer', {
          lotId: freshLot,
          toWarehouseId: dealerWarehouse,
          cases: 2,
        }),
      );
      const moves = await bed.get<Page<{ movementType: string; warehouseName: string }>>(
        'admin',
        `/eprod/stockMovement/list?movementNo=${moved.movementNo}`,
      );
      expect(
        moves.body.result.records.map((row) => `${row.movementType}@${row.warehouseName}`).sort(),
      ).toEqual(['TRANSFER_IN@经销商一号仓', 'TRANSFER_OUT@广州品牌仓'].sort());
      const same = await bed.post('admin', '/eprod/stock/transfer', {
        lotId: freshLot,
        toWarehouseId: brandWarehouse,
        cases: 1,
      });
      expect(same.body).toMatchObject({ success: false, message: '调入仓库不能与调出仓库相同' });
    });

    it('adjusts a lot to its counted quantity and refuses a count equal to the book', async () => {
      const adjusted = await ok(
        bed.post<{ diff: number; balance: number }>('admin', '/eprod/stock/adjust', {
          lotId: freshLot,
          countedCases: 2,
          countedUnits: 0,
          reason: '月末盘点',
        }),
      );
      expect(adjusted).toEqual(expect.objectContaining({ diff: -3, balance: 48 }));
      const same = await bed.post('admin', '/eprod/stock/adjust', {
        lotId: freshLot,
        countedCases: 2,
        countedUnits: 0,
        reason: '复盘',
      });
      expect(same.body).toMatchObject({ success: false, message: '盘点数量与账面一致，无需调整' });
    });

    it('freezes a lot: allocation skips it, a direct shipment is refused, unfreezing twice is refused', async () => {
      await ok(bed.put('admin', '/eprod/stockLot/changeStatus', { id: freshLot, status: 'FROZEN' }));
      const direct = await bed.post('admin', '/eprod/stock/out', {
        warehouseId: brandWarehouse,
        skuId,
        lotId: freshLot,
        movementType: 'SALES_OUT',
        units: 1,
      });
      expect(direct.body).toMatchObject({ success: false, message: '批次 B-FRESH 已冻结，不能出库' });
      await ok(bed.put('admin', '/eprod/stockLot/changeStatus', { id: freshLot, status: 'NORMAL' }));
      const again = await bed.put('admin', '/eprod/stockLot/changeStatus', {
        id: freshLot,
        status: 'NORMAL',
      });
      expect(again.body).toMatchObject({
        success: false,
        code: 409,
        message: '当前状态为「正常」，不能解冻',
      });
    });

    it('keeps every lot equal to the sum of its movements', async () => {
      const db = bed.testDatabase.database.db;
      const lots = await db
        .selectFrom('stock_lots')
        .select(['id', 'qty_on_hand'])
        .where('tenant_id', '=', 'A01')
        .execute();
      expect(lots.length).toBeGreaterThanOrEqual(3);
      for (const lot of lots) {
        const moves = await db
          .selectFrom('stock_movements')
          .select(['direction', 'base_qty', 'balance_after'])
          .where('lot_id', '=', lot.id)
          .orderBy('created_at')
          .execute();
        expect(moves.at(-1)?.balance_after).toBe(lot.qty_on_hand);
        const sum = moves.reduce(
          (total, move) => total + (move.direction === 'IN' ? move.base_qty : -move.base_qty),
          0,
        );
        expect(sum).toBe(lot.qty_on_hand);
      }
    });
  });

  describe('stock detail, stock age and dealer stock', () => {
    it('shows each lot with its age, bucket, freshness and the totals of the filter', async () => {
      const { body } = await detail({ skuId, column: 'batchNo', order: 'asc' });
      const byBatch = Object.fromEntries(
        body.result.records.map((lot) => [`${lot.batchNo}@${lot.warehouseName}`, lot]),
      );
      expect(byBatch['B-FRESH@广州品牌仓']).toMatchObject({
        stockAgeDays: 10,
        remainingDays: 530,
        ageBucket: 'D0_30',
        ageBucket_dictText: '0-30天',
        freshness: 'FRESH',
        qtyOnHand: 48,
        qtyOnHandText: '2箱',
        amount: '120.00',
      });
      expect(byBatch['B-FRESH@经销商一号仓']).toMatchObject({ qtyOnHandText: '2箱' });
      expect(body.result.totals).toMatchObject({ lots: 2, qtyOnHand: 96, cases: 4 });
      // B-OLD was emptied by the first shipment; includeEmpty shows it, near expiry.
      const withEmpty = await detail({ skuId, includeEmpty: true, nearExpiryOnly: true });
      expect(withEmpty.body.result.records).toEqual([
        expect.objectContaining({
          batchNo: 'B-OLD',
          stockAgeDays: 520,
          ageBucket: 'D365_PLUS',
          freshness: 'NEAR_EXPIRY',
          freshness_dictText: '临期',
        }),
      ]);
      const byBucket = await detail({ skuId, ageBucket: 'D0_30' });
      expect(byBucket.body.result.total).toBe(2);
      expect((await detail({ skuId, freshness: 'EXPIRED' })).body.result.total).toBe(0);
      expect(await detail({ secret: 1 })).toMatchObject({
        status: 400,
        body: { message: '不支持按字段 secret 筛选' },
      });
      expect((await detail({ ageBucket: 'NOPE' })).body).toMatchObject({
        success: false,
        message: '库龄段 NOPE 不存在',
      });
    });

    it('sums stock by age bucket, with buckets each tenant may change', async () => {
      const summary = await bed.get<Array<{ code: string; cases: number; percent: number }>>(
        'admin',
        `/eprod/stockAge/summary?skuId=${skuId}`,
      );
      expect(summary.body.result).toHaveLength(7);
      expect(summary.body.result[0]).toMatchObject({ code: 'D0_30', cases: 4, percent: 100 });
      const gap = await bed.put('admin', '/eprod/stockAge/buckets', {
        buckets: [
          { code: 'NEW', label: '新货', minDays: 0, maxDays: 5, color: 'green' },
          { code: 'OLD', label: '老货', minDays: 7, maxDays: null, color: 'red' },
        ],
      });
      expect(gap.body).toMatchObject({ success: false, message: '库龄段 新货 与 老货 之间有缺口或重叠' });
      await ok(
        bed.put('admin', '/eprod/stockAge/buckets', {
          buckets: [
            { code: 'NEW', label: '新货', minDays: 0, maxDays: 5, color: 'green' },
            { code: 'OLD', label: '老货', minDays: 6, maxDays: null, color: 'red' },
          ],
        }),
      );
      const changed = await bed.get<Array<{ code: string; cases: number }>>(
        'admin',
        `/eprod/stockAge/summary?skuId=${skuId}`,
      );
      expect(changed.body.result.map((bucket) => `${bucket.code}:${bucket.cases}`)).toEqual([
        'NEW:0',
        'OLD:4',
      ]);
      expect(await bed.put('zhangwei', '/eprod/stockAge/buckets', { buckets: [] })).toMatchObject(FORBIDDEN);
    });

    it('shows dealer stock per dealer and SKU', async () => {
      const { body } = await bed.get<
        Page<{ dealerId: string; skuCode: string; qtyOnHandText: string; oldestProductionDate: string }>
      >('admin', `/eCustStock/list?dealerId=${dealerId}`);
      expect(body.result.records).toEqual([
        expect.objectContaining({
          dealerId,
          skuCode: 'S-SKU-1',
          qtyOnHandText: '2箱',
          oldestProductionDate: addDays(today(), -10),
        }),
      ]);
    });

    it('keeps stock inside the data scope, the tenant and the permission', async () => {
      await ok(
        bed.post('admin', '/eprod/stock/in', {
          warehouseId: headOfficeWarehouse,
          skuId,
          batchNo: 'B-HQ',
          productionDate: addDays(today(), -100),
          cases: 3,
        }),
      );
      const adminView = await detail({ skuId });
      expect(adminView.body.result.records.map((lot) => lot.batchNo)).toContain('B-HQ');
      const zhangweiView = await detail({ skuId }, 'zhangwei');
      expect(zhangweiView.body.result.records.map((lot) => lot.batchNo)).not.toContain('B-HQ');
      expect(zhangweiView.body.result.total).toBe(2);
      expect((await detail({ skuId }, 't2admin')).body.result.total).toBe(0);
      const foreign = await bed.post('t2admin', '/eprod/stock/in', {
        warehouseId: brandWarehouse,
        skuId,
        batchNo: 'B-X',
        productionDate: today(),
        cases: 1,
      });
      expect(foreign.body).toMatchObject({ success: false, code: 404, message: '仓库不存在或无权访问' });
      expect(await bed.get('wangfang', '/eprod/prodStockWhlist')).toMatchObject(FORBIDDEN);
      expect(await bed.post('zhangwei', '/eprod/stock/in', { warehouseId: brandWarehouse })).toMatchObject(
        FORBIDDEN,
      );
    });
  });
});
