// 临期预警: the URL's filters reach the server, lots and shelf checks show with their days left and suggested
// action, a near-expiry lot starts a 临期清理 promotion for its SKU and dealer, and a shelf check opens its visit.
import { screen, waitFor, within } from '@testing-library/react';
import * as productsApi from '../../../src/api/products';
import * as stockApi from '../../../src/api/stock';
import * as customersApi from '../../../src/api/customers';
import * as promotionsApi from '../../../src/api/promotions';
import * as visitsApi from '../../../src/api/visits';
import NearExpiryPage from '../../../src/pages/business/stock/NearExpiryPage';
import { findDialog, ok, refused, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/products');
jest.mock('../../../src/api/stock');
jest.mock('../../../src/api/customers');
jest.mock('../../../src/api/promotions');
jest.mock('../../../src/api/visits');

const stock = jest.mocked(stockApi);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

const lot: stockApi.NearExpiryRow = {
  id: 'l1',
  source: 'LOT',
  source_dictText: '仓库批次',
  skuId: 's1',
  skuCode: 'HY-COLA-500',
  skuName: '华饮可乐 500ml',
  brandId: 'b1',
  categoryId: 'c1',
  shelfLifeDays: 365,
  unitsPerCase: 24,
  saleUnit: '箱',
  baseUnit: '瓶',
  placeName: '华东经销仓',
  warehouseId: 'w1',
  dealerId: 'd1',
  dealerName: '华东商贸',
  customerId: null,
  customerCode: null,
  visitId: null,
  visitNo: null,
  checkedOn: null,
  employeeName: null,
  batchNo: 'B20251201',
  productionDate: '2025-12-01',
  expiryDate: '2026-12-01',
  remainingDays: 30,
  remainingPercent: 8.2,
  freshness: 'NEAR_EXPIRY',
  freshness_dictText: '临期',
  qty: 240,
  qtyText: '10箱',
  lotStatus: 'NORMAL',
  lotStatus_dictText: '正常',
  action: 'TRANSFER',
  action_dictText: '调拨',
  transferToId: 'w2',
  transferToName: '华东二号仓',
  soldHereText: '0瓶',
  soldElsewhereText: '20箱',
};
const check: stockApi.NearExpiryRow = {
  ...lot,
  id: 'k1',
  source: 'OUTLET',
  source_dictText: '门店检查',
  skuName: '华饮橙汁 500ml',
  placeName: '惠民小卖部',
  warehouseId: null,
  customerId: 'o1',
  visitId: 'v1',
  visitNo: 'VS202611010001',
  checkedOn: '2026-11-01',
  employeeName: '赵磊',
  batchNo: null,
  remainingDays: -3,
  freshness: 'EXPIRED',
  freshness_dictText: '过期',
  qtyText: '2箱3瓶',
  lotStatus: null,
  lotStatus_dictText: null,
  action: 'RETURN',
  action_dictText: '退货',
  transferToId: null,
  transferToName: null,
  soldHereText: null,
  soldElsewhereText: null,
};

beforeEach(() => {
  jest.mocked(productsApi).listBrands.mockResolvedValue(page([]));
  jest.mocked(productsApi).listSkus.mockResolvedValue(page([]));
  jest.mocked(productsApi).listCategories.mockResolvedValue(page([]));
  stock.listWarehouses.mockResolvedValue(page([]));
  jest.mocked(customersApi).dealerOptions.mockResolvedValue(ok([]));
  jest.mocked(customersApi).listCustomers.mockResolvedValue(page([]));
  jest.mocked(customersApi).listLabels.mockResolvedValue(page([]));
  stock.listNearExpiry.mockResolvedValue(page([lot, check]));
});
afterEach(() => jest.clearAllMocks());

it('sends the URL’s filters and shows each row’s days left and suggested action', async () => {
  await renderSystemPage(<NearExpiryPage />, {
    path: '/eprod/nearExpiry?source=LOT&remainingDays_end=30',
    codes: ['nearExpiry:list'],
  });
  expect(await screen.findByText('华饮可乐 500ml')).toBeInTheDocument();
  expect(stock.listNearExpiry).toHaveBeenCalledWith(
    expect.objectContaining({ source: 'LOT', remainingDays_end: '30' }),
    expect.anything(),
  );
  expect(screen.getByText('剩 30 天')).toBeInTheDocument();
  expect(screen.getByText('过期 3 天')).toBeInTheDocument();
  expect(screen.getByText('调拨 → 华东二号仓')).toBeInTheDocument();
  expect(screen.getByText('退货')).toBeInTheDocument();
  expect(screen.getByText('2026-11-01 赵磊')).toBeInTheDocument();
  // Without promotion:add and visit:list there is nothing to start.
  expect(screen.queryByText('发起临期促销')).toBeNull();
  expect(screen.queryByText('查看拜访')).toBeNull();
});

it('starts a 临期清理 promotion for a lot and opens a shelf check’s visit', async () => {
  const user = setupUser();
  const promotions = jest.mocked(promotionsApi);
  promotions.listPromotionGroups.mockResolvedValue(page([]));
  jest.mocked(visitsApi).visitById.mockResolvedValue(refused<visitsApi.VisitDetail>('拜访不存在', 404));
  await renderSystemPage(<NearExpiryPage />, {
    path: '/eprod/nearExpiry',
    codes: ['nearExpiry:list', 'promotion:add', 'visit:list'],
  });
  const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
  // Only near-expiry lots can be picked: a shelf check cannot.
  expect(within(await rowOf('华饮橙汁 500ml')).getByRole('checkbox')).toBeDisabled();
  await user.click(within(await rowOf('华饮可乐 500ml')).getByText('发起临期促销'));
  const form = await findDialog('新建促销');
  expect(within(form).getByDisplayValue('临期清理：华饮可乐 500ml')).toBeInTheDocument();
  expect(form).toHaveTextContent('华东商贸（经销商）');
  await user.click(within(await rowOf('华饮橙汁 500ml')).getByText('查看拜访'));
  await waitFor(() => expect(visitsApi.visitById).toHaveBeenCalledWith('v1'));
});
