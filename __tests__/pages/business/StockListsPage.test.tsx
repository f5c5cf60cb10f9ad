// 库存流水 and 经销商库存: read-only lists whose filters come from the URL; movements signed by direction,
// dealer rows keyed by dealer and SKU with their near-expiry quantity.
import { screen, within } from '@testing-library/react';
import * as customersApi from '../../../src/api/customers';
import * as productsApi from '../../../src/api/products';
import * as stockApi from '../../../src/api/stock';
import DealerStockPage from '../../../src/pages/business/stock/DealerStockPage';
import StockMovementPage from '../../../src/pages/business/stock/StockMovementPage';
import { ok } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/customers');
jest.mock('../../../src/api/products');
jest.mock('../../../src/api/stock');
jest.setTimeout(60000);

const stock = jest.mocked(stockApi);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

beforeEach(() => {
  stock.listWarehouses.mockResolvedValue(page([]));
  jest.mocked(productsApi).listBrands.mockResolvedValue(page([]));
  jest.mocked(customersApi).dealerOptions.mockResolvedValue(ok([]));
});
afterEach(() => jest.clearAllMocks());

const movement = (over: Partial<stockApi.StockMovement>): stockApi.StockMovement => ({
  id: 'm1',
  movementNo: 'SM202611220001',
  warehouseName: '上海中心仓',
  skuCode: 'HY-COLA-500',
  skuName: '华饮可乐 500ml',
  lotId: 'l1',
  batchNo: 'B1',
  productionDate: '2026-01-01',
  direction: 'IN',
  movementType: 'PURCHASE_IN',
  movementType_dictText: '进货入库',
  baseQty: 120,
  baseQtyText: '10箱',
  balanceAfter: 120,
  balanceAfterText: '10箱',
  sourceDocNo: null,
  remark: null,
  operatorName: '管理员',
  occurredAt: '2026-11-22 10:00:00',
  ...over,
});

it('库存流水: newest first by default, the URL’s filters sent, quantities signed by direction', async () => {
  stock.listMovements.mockResolvedValue(
    page([
      movement({}),
      movement({
        id: 'm2',
        movementNo: 'SM202611220002',
        direction: 'OUT',
        movementType: 'TRANSFER_OUT',
        movementType_dictText: '调拨出库',
        baseQtyText: '3箱',
        balanceAfterText: '7箱',
      }),
    ]),
  );
  await renderSystemPage(<StockMovementPage />, { path: '/eprod/movement?batchNo=B1&direction=OUT' });
  const out = (await screen.findByText('SM202611220002')).closest('tr')!;
  expect(within(out).getByText('调拨出库')).toBeInTheDocument();
  expect(within(out).getByText('−3箱')).toBeInTheDocument();
  expect(within(out).getByText('7箱')).toBeInTheDocument();
  const inbound = screen.getByText('SM202611220001').closest('tr')!;
  expect(within(inbound).getByText('+10箱')).toBeInTheDocument();
  expect(stock.listMovements).toHaveBeenCalledWith(
    expect.objectContaining({ batchNo: 'B1', direction: 'OUT', column: 'occurredAt', order: 'desc' }),
    expect.anything(),
  );
});

it('经销商库存: one row per dealer and SKU, the near-expiry quantity flagged', async () => {
  const row = (dealerId: string, skuId: string, nearExpiryQty: number): stockApi.DealerStockRow => ({
    dealerId,
    dealerCode: `D-${dealerId}`,
    dealerName: `经销商${dealerId}`,
    skuId,
    skuCode: `SKU-${skuId}`,
    skuName: `商品${skuId}`,
    qtyOnHand: 30,
    qtyOnHandText: '2箱6瓶',
    lots: 2,
    oldestProductionDate: '2026-01-01',
    maxStockAgeDays: 325,
    nearExpiryQty,
    nearExpiryQtyText: nearExpiryQty ? '6瓶' : '0瓶',
  });
  stock.listDealerStock.mockResolvedValue(page([row('1', 'a', 6), row('1', 'b', 0), row('2', 'a', 0)]));
  await renderSystemPage(<DealerStockPage />, { path: '/eCustStock/list?freshness=NEAR_EXPIRY' });
  const rows = await screen.findAllByText('2箱6瓶');
  expect(rows).toHaveLength(3);
  expect(screen.getAllByText('325天')).toHaveLength(3);
  const flagged = screen.getByText('6瓶').closest('tr')!;
  expect(within(flagged).getByText('经销商1')).toBeInTheDocument();
  expect(within(flagged).getByText('商品a')).toBeInTheDocument();
  expect(stock.listDealerStock).toHaveBeenCalledWith(expect.objectContaining({ freshness: 'NEAR_EXPIRY' }));
});
