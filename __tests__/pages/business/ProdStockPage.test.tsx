// 库存明细: filters from the URL reach the server, quantities show as cases and units, the totals and the
// stock-age buckets of the filter are shown, and a bucket filters the list through the URL. The stock
// commands show by permission code, check their input, and keep the server's refusal in the modal.
import { screen, waitFor, within } from '@testing-library/react';
import * as productsApi from '../../../src/api/products';
import * as stockApi from '../../../src/api/stock';
import * as historyApi from '../../../src/api/changeHistory';
import * as customersApi from '../../../src/api/customers';
import * as promotionsApi from '../../../src/api/promotions';
import ProdStockPage from '../../../src/pages/business/stock/ProdStockPage';
import { buttonByText, findDialog, ok, refused, rowAction, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/products');
jest.mock('../../../src/api/stock');
jest.mock('../../../src/api/changeHistory');
jest.mock('../../../src/api/customers');
jest.mock('../../../src/api/promotions');

const products = jest.mocked(productsApi);
const stock = jest.mocked(stockApi);
const history = jest.mocked(historyApi);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

const lot: stockApi.StockLot = {
  id: 'l1',
  warehouseId: 'w1',
  warehouseName: '上海中心仓',
  ownerType: 'BRAND',
  dealerId: null,
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

/** The list's answer of one lot, with the totals of that lot. */
const oneLot = (shown: stockApi.StockLot) => {
  const answer = page([shown]);
  return {
    ...answer,
    result: {
      ...answer.result,
      totals: { lots: 1, qtyOnHand: 291, qtyLocked: 24, qtyAvailable: 267, cases: 12.125, amount: '582.00' },
    },
  };
};

beforeEach(() => {
  products.listBrands.mockResolvedValue(page([]));
  stock.listWarehouses.mockResolvedValue(page([]));
  stock.listStockLots.mockResolvedValue(oneLot(lot));
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

// The command tests type into several modals: slow on a shared 2-core machine.
jest.setTimeout(60000);

const STOCK_CODES = ['stock:list', 'stock:in', 'stock:out', 'stock:transfer', 'stock:adjust', 'stock:config'];

it('shows each stock command only with its permission code', async () => {
  await renderSystemPage(<ProdStockPage />, {
    path: '/eprod/stock',
    codes: ['stock:list', 'stock:transfer'],
  });
  const row = (await screen.findByText('华饮可乐 500ml')).closest('tr')!;
  expect(buttonByText(/调\s*拨/, row)).toBeInTheDocument();
  expect(within(row).queryByText(/^出\s*库$/)).not.toBeInTheDocument();
  expect(within(row).queryByText(/^盘\s*点$/)).not.toBeInTheDocument();
  expect(screen.queryByText(/^入\s*库$/)).not.toBeInTheDocument();
  expect(screen.queryByText('库龄段配置')).not.toBeInTheDocument();
});

it('调拨 needs a warehouse and a quantity, and keeps the server’s refusal in the modal', async () => {
  const user = setupUser();
  stock.listWarehouses.mockResolvedValue(
    page([
      { id: 'w1', name: '上海中心仓' },
      { id: 'w2', name: '苏州分仓' },
    ] as stockApi.Warehouse[]),
  );
  stock.transferStock
    .mockResolvedValueOnce(refused('库存不足：可用 11箱3瓶，需要 20箱', 409))
    .mockResolvedValueOnce(ok(null, '调拨成功！'));
  await renderSystemPage(<ProdStockPage />, { path: '/eprod/stock', codes: STOCK_CODES });
  const row = (await screen.findByText('华饮可乐 500ml')).closest('tr')!;
  await rowAction(user, row, /调\s*拨/);
  const form = await findDialog('调拨');
  expect(within(form).getByText(/账面 12箱3瓶，可用 11箱3瓶/)).toBeInTheDocument();
  await user.click(buttonByText(/保\s*存/, form));
  expect(await within(form).findByText('请选择调入仓库!')).toBeInTheDocument();
  expect(await within(form).findByText('请输入数量（箱数或瓶数）')).toBeInTheDocument();
  expect(stock.transferStock).not.toHaveBeenCalled();

  await user.click(within(form).getByRole('combobox'));
  // The lot's own warehouse cannot be the target.
  const option = (name: string) =>
    document.querySelector<HTMLElement>(`.ant-select-item-option[title="${name}"]`);
  await waitFor(() => expect(option('上海中心仓')).toHaveClass('ant-select-item-option-disabled'));
  await user.click(option('苏州分仓')!);
  await user.type(within(form).getByLabelText('调拨数量（箱）'), '20');
  await user.click(buttonByText(/保\s*存/, form));
  expect(await within(form).findByText('库存不足：可用 11箱3瓶，需要 20箱')).toBeInTheDocument();
  expect(stock.transferStock).toHaveBeenCalledWith({ lotId: 'l1', toWarehouseId: 'w2', cases: 20 });

  const cases = within(form).getByLabelText('调拨数量（箱）');
  await user.clear(cases);
  await user.type(cases, '2');
  await user.type(within(form).getByLabelText('调拨数量（瓶）'), '5');
  await user.click(buttonByText(/保\s*存/, form));
  await waitFor(() =>
    expect(stock.transferStock).toHaveBeenLastCalledWith({
      lotId: 'l1',
      toWarehouseId: 'w2',
      cases: 2,
      units: 5,
    }),
  );
  await waitFor(() => expect(stock.listStockLots).toHaveBeenCalledTimes(2));
});

it('盘点 starts from the book quantity and needs a reason', async () => {
  const user = setupUser();
  stock.adjustStock.mockResolvedValue(ok(null, '调整成功！'));
  await renderSystemPage(<ProdStockPage />, { path: '/eprod/stock', codes: STOCK_CODES });
  const row = (await screen.findByText('华饮可乐 500ml')).closest('tr')!;
  await rowAction(user, row, /盘\s*点/);
  const form = await findDialog('盘点调整');
  expect(within(form).getByLabelText('盘点数量（箱）')).toHaveValue('12');
  expect(within(form).getByLabelText('盘点数量（瓶）')).toHaveValue('3');
  await user.click(buttonByText(/保\s*存/, form));
  expect(await within(form).findByText('请输入调整原因!')).toBeInTheDocument();
  const units = within(form).getByLabelText('盘点数量（瓶）');
  await user.clear(units);
  await user.type(units, '0');
  await user.type(within(form).getByPlaceholderText('如 月末盘点破损 2 瓶'), '破损 3 瓶');
  await user.click(buttonByText(/保\s*存/, form));
  await waitFor(() =>
    expect(stock.adjustStock).toHaveBeenCalledWith({
      lotId: 'l1',
      countedCases: 12,
      countedUnits: 0,
      reason: '破损 3 瓶',
    }),
  );
});

it('入库 checks the batch number and production date before sending', async () => {
  const user = setupUser();
  products.listSkus.mockResolvedValue(page([]));
  await renderSystemPage(<ProdStockPage />, { path: '/eprod/stock', codes: STOCK_CODES });
  await screen.findByText('华饮可乐 500ml');
  await user.click(buttonByText(/入\s*库/));
  const form = await findDialog('入库');
  await user.type(within(form).getByPlaceholderText('如 20261101A'), 'B 01!');
  await user.click(buttonByText(/保\s*存/, form));
  expect(await within(form).findByText('批次号只能是字母、数字、- 或 _，最多32位!')).toBeInTheDocument();
  for (const message of ['请选择仓库!', '请选择商品!', '请选择生产日期!', '请输入数量（箱数或瓶数）'])
    expect(await within(form).findByText(message)).toBeInTheDocument();
  expect(stock.stockIn).not.toHaveBeenCalled();
});

it('冻结 asks first, then freezes the lot', async () => {
  const user = setupUser();
  stock.changeLotStatus.mockResolvedValue(ok(null, '操作成功！'));
  await renderSystemPage(<ProdStockPage />, { path: '/eprod/stock', codes: STOCK_CODES });
  const row = (await screen.findByText('华饮可乐 500ml')).closest('tr')!;
  await rowAction(user, row, /冻\s*结/);
  const confirm = (
    await screen.findByText('确定冻结批次 B20260101 吗？', { selector: '.ant-modal-title' })
  ).closest('.ant-modal') as HTMLElement;
  await user.click(buttonByText(/冻\s*结/, confirm));
  await waitFor(() => expect(stock.changeLotStatus).toHaveBeenCalledWith('l1', 'FROZEN'));
});

it('详情 shows the lot with its 变更记录', async () => {
  const user = setupUser();
  history.changeHistory.mockResolvedValue(
    ok([
      {
        id: 'h1',
        operateType: 3,
        content: '冻结批次 B20260101',
        username: 'admin',
        createdAt: '2026-11-20 10:00:00',
        changes: [{ field: 'lot_status', before: 'NORMAL', after: 'FROZEN' }],
      },
    ]),
  );
  await renderSystemPage(<ProdStockPage />, { path: '/eprod/stock', codes: ['stock:list'] });
  const row = (await screen.findByText('华饮可乐 500ml')).closest('tr')!;
  await rowAction(user, row, /详\s*情/);
  const drawer = (await screen.findByText('批次详情：华饮可乐 500ml B20260101')).closest(
    '.ant-drawer',
  ) as HTMLElement;
  expect(within(drawer).getByText('12箱3瓶')).toBeInTheDocument();
  expect(within(drawer).getByText('1箱 / 11箱3瓶')).toBeInTheDocument();
  expect(await within(drawer).findByText('冻结批次 B20260101')).toBeInTheDocument();
  expect(history.changeHistory).toHaveBeenCalledWith('STOCK_LOT', 'l1');
});

it('the near-expiry view starts a 临期清理 promotion with the picked lots’ SKUs and dealers', async () => {
  const user = setupUser();
  const dealerLot: stockApi.StockLot = {
    ...lot,
    id: 'l2',
    warehouseId: 'w2',
    warehouseName: '华东经销仓',
    ownerType: 'DEALER',
    dealerId: 'd1',
    dealerName: '华东商贸',
    skuId: 's2',
    skuCode: 'HY-OJ-500',
    skuName: '华饮橙汁 500ml',
    batchNo: 'B20251201',
    expiryDate: '2026-12-20',
  };
  const expired: stockApi.StockLot = {
    ...lot,
    id: 'l3',
    skuName: '华饮柠檬茶 500ml',
    freshness: 'EXPIRED',
    freshness_dictText: '过期',
  };
  const lots = page([lot, dealerLot, expired]);
  stock.listStockLots.mockResolvedValue({
    ...lots,
    result: {
      ...lots.result,
      totals: { lots: 3, qtyOnHand: 873, qtyLocked: 72, qtyAvailable: 801, cases: 36.4, amount: '1746.00' },
    },
  });
  const promotions = jest.mocked(promotionsApi);
  promotions.listPromotionGroups.mockResolvedValue(page([]));
  promotions.addPromotion.mockResolvedValue(ok({ id: 'p9' }, '添加成功！'));
  jest.mocked(customersApi).listCustomers.mockResolvedValue(page([]));
  jest.mocked(customersApi).listLabels.mockResolvedValue(page([]));
  products.listSkus.mockResolvedValue(page([]));
  products.listCategories.mockResolvedValue(page([]));
  await renderSystemPage(<ProdStockPage />, {
    path: '/eprod/stock?nearExpiryOnly=true',
    codes: ['stock:list', 'promotion:add'],
  });
  const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
  // Expired lots may no longer be sold: they cannot be picked.
  expect(within(await rowOf('华饮柠檬茶 500ml')).getByRole('checkbox')).toBeDisabled();
  await user.click(within(await rowOf('华饮可乐 500ml')).getByRole('checkbox'));
  await user.click(within(await rowOf('华饮橙汁 500ml')).getByRole('checkbox'));
  await user.click(buttonByText('创建临期清理促销'));

  const form = await findDialog('新建促销');
  expect(within(form).getByDisplayValue('临期清理：华饮可乐 500ml 等2个商品')).toBeInTheDocument();
  expect(form).toHaveTextContent('临期清理');
  expect(form).toHaveTextContent('华东商贸（经销商）');
  await user.type(within(form).getByLabelText('门槛'), '5');
  await user.type(within(form).getByLabelText('优惠值'), '20');
  await user.click(buttonByText(/保\s*存/, form));
  await waitFor(() =>
    expect(promotions.addPromotion).toHaveBeenCalledWith(
      expect.objectContaining({
        name: '临期清理：华饮可乐 500ml 等2个商品',
        promoType: 'NEAR_EXPIRY',
        applyLevel: 'LINE',
        audience: 'DEALER',
        productScope: { skuIds: ['s1', 's2'] },
        customerScope: { includeIds: ['d1'] },
        // Until the day before the first of the lots expires.
        endAt: '2026-12-19 23:59',
        tiers: [expect.objectContaining({ thresholdValue: 5, benefitValue: 20 })],
      }),
    ),
  );
});

it('outside the near-expiry view no lot can be picked for a promotion', async () => {
  await renderSystemPage(<ProdStockPage />, { path: '/eprod/stock', codes: ['stock:list', 'promotion:add'] });
  const row = (await screen.findByText('华饮可乐 500ml')).closest('tr')!;
  expect(within(row).queryByRole('checkbox')).not.toBeInTheDocument();
});

it('a dealer’s keeper stocks in to the warehouses the server lists for it, and moves its lots without 盘点', async () => {
  const user = setupUser();
  const dealerLot: stockApi.StockLot = {
    ...lot,
    warehouseId: 'dw1',
    warehouseName: '华东主仓',
    ownerType: 'DEALER',
    dealerId: 'd1',
    dealerName: '华东商贸',
  };
  stock.listStockLots.mockResolvedValue(oneLot(dealerLot));
  // The server answers a dealer's user with its own warehouses only.
  stock.listWarehouses.mockResolvedValue(
    page([
      { id: 'dw1', name: '华东主仓' },
      { id: 'dw2', name: '华东二号仓' },
    ] as stockApi.Warehouse[]),
  );
  products.listSkus.mockResolvedValue(
    page([
      { id: 's1', skuCode: 'HY-COLA-500', name: '华饮可乐 500ml', saleUnit: '箱', baseUnit: '瓶' },
    ] as productsApi.Sku[]),
  );
  stock.stockIn.mockResolvedValue(ok({ movementNo: 'SM1', lotId: 'l9', balanceText: '5箱' }, '入库成功！'));
  await renderSystemPage(<ProdStockPage />, {
    path: '/eprod/stock',
    codes: ['stock:list', 'stock:in', 'stock:out', 'stock:transfer'],
  });
  const row = (await screen.findByText('华饮可乐 500ml')).closest('tr')!;
  expect(buttonByText(/出\s*库/, row)).toBeInTheDocument();
  expect(buttonByText(/调\s*拨/, row)).toBeInTheDocument();
  expect(within(row).queryByText(/^盘\s*点$/)).not.toBeInTheDocument();
  expect(within(row).queryByText(/^冻\s*结$/)).not.toBeInTheDocument();
  expect(screen.queryByText('库龄段配置')).not.toBeInTheDocument();

  await user.click(buttonByText(/入\s*库/));
  const form = await findDialog('入库');
  await user.click(within(form).getByText('请选择仓库'));
  expect(
    [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.getAttribute('title')),
  ).toEqual(['华东主仓', '华东二号仓']);
  expect(stock.listWarehouses).toHaveBeenCalledWith(expect.objectContaining({ status: 'ACTIVE' }));
  await user.click(await screen.findByTitle('华东二号仓'));
  await user.click(within(form).getByText('请选择商品'));
  await user.click(await screen.findByTitle('HY-COLA-500 华饮可乐 500ml'));
  await user.type(within(form).getByPlaceholderText('如 20261101A'), 'D20260105');
  await user.click(within(form).getByPlaceholderText('请选择日期'));
  await user.keyboard('2026-01-05');
  await user.click(document.querySelector('td[title="2026-01-05"]')!);
  await user.type(within(form).getByLabelText('数量（箱）'), '5');
  await user.click(buttonByText(/保\s*存/, form));
  await waitFor(() =>
    expect(stock.stockIn).toHaveBeenCalledWith(
      expect.objectContaining({
        warehouseId: 'dw2',
        skuId: 's1',
        batchNo: 'D20260105',
        productionDate: '2026-01-05',
        cases: 5,
      }),
    ),
  );
  await waitFor(() => expect(stock.listStockLots).toHaveBeenCalledTimes(2));
});
