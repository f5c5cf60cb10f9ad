// 库存明细: filters from the URL reach the server, quantities show as cases and units, the totals and the
// stock-age buckets of the filter are shown, and a bucket filters the list through the URL.
import { screen, waitFor } from '@testing-library/react';
import * as productsApi from '../../../src/api/products';
import * as stockApi from '../../../src/api/stock';
import ProdStockPage from '../../../src/pages/business/stock/ProdStockPage';
import { ok, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/products');
jest.mock('../../../src/api/stock');

const products = jest.mocked(productsApi);
const stock = jest.mocked(stockApi);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

const lot: stockApi.StockLot = {
  id: 'l1',
  warehouseId: 'w1',
  warehouseName: '上海中心仓',
  ownerType: 'BRAND',
  dealerName: null,
  skuId: 's1',
  skuCode: 'HY-COLA-500',
  skuName: '华饮可乐 500ml',
  brandName: '华饮',
  unitsPerCase: 24,
  baseUnit: '瓶',
  saleUnit: '箱',
  shelfLifeDays: 365,
  batchNo: 'B20260101',
  productionDate: '2026-01-01',
  expiryDate: '2027-01-01',
  firstInboundDate: '2026-01-03',
  stockAgeDays: 200,
  remainingDays: 40,
  remainingPercent: 11,
  ageBucket: 'D181_365',
  ageBucket_dictText: '181-365天',
  freshness: 'NEAR_EXPIRY',
  freshness_dictText: '临期',
  qtyOnHand: 291,
  qtyLocked: 24,
  qtyAvailable: 267,
  unitCost: '2.00',
  amount: '582.00',
  lotStatus: 'NORMAL',
  lotStatus_dictText: '正常',
};

beforeEach(() => {
  products.listBrands.mockResolvedValue(page([]));
  stock.listWarehouses.mockResolvedValue(page([]));
  stock.listStockLots.mockResolvedValue({
    ...page([lot]),
    result: {
      ...page([lot]).result,
      totals: { lots: 1, qtyOnHand: 291, qtyLocked: 24, qtyAvailable: 267, cases: 12.125, amount: '582.00' },
    },
  });
  stock.stockAgeSummary.mockResolvedValue(
    ok([
      {
        code: 'D0_30',
        label: '0-30天',
        minDays: 0,
        maxDays: 30,
        color: '#52c41a',
        lots: 0,
        cases: 0,
        amount: '0',
        percent: 0,
      },
      {
        code: 'D181_365',
        label: '181-365天',
        minDays: 181,
        maxDays: 365,
        color: '#fa8c16',
        lots: 1,
        cases: 12.1,
        amount: '582.00',
        percent: 100,
      },
    ]),
  );
});
afterEach(() => jest.clearAllMocks());

it('sends the URL’s filters and shows lots in cases and units with age and freshness', async () => {
  await renderSystemPage(<ProdStockPage />, { path: '/eprod/stock?nearExpiryOnly=true&keyword=B2026' });
  expect(await screen.findByText('华饮可乐 500ml')).toBeInTheDocument();
  expect(stock.listStockLots).toHaveBeenCalledWith(
    expect.objectContaining({ nearExpiryOnly: 'true', keyword: 'B2026' }),
  );
  expect(stock.stockAgeSummary).toHaveBeenCalledWith(expect.objectContaining({ nearExpiryOnly: 'true' }));
  expect(screen.getByText('12箱3瓶')).toBeInTheDocument();
  expect(screen.getByText('可用 11箱3瓶')).toBeInTheDocument();
  expect(screen.getByText('200天')).toBeInTheDocument();
  expect(screen.getByText('临期')).toBeInTheDocument();
  expect(screen.getByText('剩 40 天')).toBeInTheDocument();
  expect(screen.getByLabelText('只看临期/过期')).toBeChecked();
  expect(screen.getByText('批次数')).toBeInTheDocument();
  expect(screen.getByText('181-365天：1批 / 100%')).toBeInTheDocument();
});

it('a stock-age bucket filters the list through the URL, and again clears it', async () => {
  const user = setupUser();
  const { search } = await renderSystemPage(<ProdStockPage />, { path: '/eprod/stock' });
  await screen.findByText('华饮可乐 500ml');
  await user.click(screen.getByText('181-365天：1批 / 100%'));
  await waitFor(() => expect(search()).toBe('ageBucket=D181_365'));
  expect(stock.listStockLots).toHaveBeenLastCalledWith(expect.objectContaining({ ageBucket: 'D181_365' }));
  // The buckets are counted without the bucket filter, so the others stay visible.
  expect(stock.stockAgeSummary).toHaveBeenLastCalledWith(
    expect.not.objectContaining({ ageBucket: expect.anything() }),
  );
  await user.click(screen.getByText('181-365天：1批 / 100%'));
  await waitFor(() => expect(search()).toBe(''));
});
