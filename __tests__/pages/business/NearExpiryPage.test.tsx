// 临期预警: the URL's filters reach the server, lots and shelf checks show with their days left and suggested
// action, a near-expiry lot starts a 临期清理 promotion for its SKU and dealer, and a shelf check opens its visit.
// The rows' actions open the existing forms filled with the row (a lot's 调拨 and 报损, a shelf check's 退货 and 换货
// on the order line the server found), the suggested one first, at most two links; each is hidden without its
// form's permission; under the suggestion, 处理单据 shows the document that handled the row, linked where the user may
// look.
import { screen, waitFor, within } from '@testing-library/react';
import * as ordersApi from '../../../src/api/orders';
import * as productsApi from '../../../src/api/products';
import * as stockApi from '../../../src/api/stock';
import * as customersApi from '../../../src/api/customers';
import * as promotionsApi from '../../../src/api/promotions';
import * as visitsApi from '../../../src/api/visits';
import NearExpiryPage from '../../../src/pages/business/stock/NearExpiryPage';
import { orderDetail } from '../../support/orders';
import { buttonByText, findDialog, ok, refused, rowActionNames, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/orders');
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
  qtyAvailable: 240,
  lotStatus: 'NORMAL',
  lotStatus_dictText: '正常',
  action: 'TRANSFER',
  action_dictText: '调拨',
  transferToId: 'w2',
  transferToName: '华东二号仓',
  soldHereText: '0瓶',
  soldElsewhereText: '20箱',
  handledDocType: null,
  handledDocType_dictText: null,
  handledDocNo: null,
  handledDocStatus_dictText: null,
  handledOrderNo: null,
  handledAt: null,
};
/** An expired lot, 3 of its 48 bottles held for an order. */
const expiredLot: stockApi.NearExpiryRow = {
  ...lot,
  id: 'l2',
  skuName: '华饮雪碧 500ml',
  batchNo: 'B20241101',
  remainingDays: -2,
  freshness: 'EXPIRED',
  freshness_dictText: '过期',
  qty: 48,
  qtyText: '2箱',
  qtyAvailable: 45,
  action: 'DESTROY',
  action_dictText: '报损',
  transferToId: null,
  transferToName: null,
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
  qtyAvailable: null,
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
  expect(screen.getByText('→ 华东二号仓')).toBeInTheDocument();
  expect(screen.getByText('退货')).toBeInTheDocument();
  expect(screen.getByText('2026-11-01 赵磊')).toBeInTheDocument();
  // Without the forms' permissions there is nothing to start.
  for (const action of ['临期促销', '查看拜访', '调拨', '报损', '退货', '换货']) {
    expect(screen.queryByText(action, { selector: 'button, button > span' })).toBeNull();
  }
  expect(screen.queryByText(/更\s*多/)).toBeNull();
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
  await user.click(within(await rowOf('华饮可乐 500ml')).getByText('临期促销'));
  const form = await findDialog('新建促销');
  expect(within(form).getByDisplayValue('临期清理：华饮可乐 500ml')).toBeInTheDocument();
  expect(form).toHaveTextContent('华东商贸（经销商）');
  await user.click(within(await rowOf('华饮橙汁 500ml')).getByText('查看拜访'));
  await waitFor(() => expect(visitsApi.visitById).toHaveBeenCalledWith('v1'));
});

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

it('offers each action only with its form’s permission, the suggested one first and at most two links', async () => {
  const user = setupUser();
  stock.listNearExpiry.mockResolvedValue(page([lot, expiredLot, check]));
  await renderSystemPage(<NearExpiryPage />, {
    path: '/eprod/nearExpiry',
    codes: ['nearExpiry:list', 'stock:transfer'],
  });
  expect(await rowActionNames(user, await rowOf('华饮可乐 500ml'))).toEqual(['调拨']);
  // An expired lot cannot be moved.
  expect(buttonByText(/调\s*拨/, await rowOf('华饮雪碧 500ml'))).toBeDisabled();
  expect(await rowActionNames(user, await rowOf('华饮橙汁 500ml'))).toEqual([]);
});

it('shows every action of a row with all the permissions: the suggestion as the one link beside 更多', async () => {
  const user = setupUser();
  stock.listNearExpiry.mockResolvedValue(page([lot, expiredLot, check]));
  await renderSystemPage(<NearExpiryPage />, {
    path: '/eprod/nearExpiry',
    codes: ['nearExpiry:list', 'stock:transfer', 'stock:out', 'promotion:add', 'order:return', 'visit:list'],
  });
  const links = (row: HTMLElement) =>
    Array.from(row.querySelectorAll('td:last-child button')).map((button) =>
      button.textContent?.replace(/\s/g, ''),
    );
  const transfer = await rowOf('华饮可乐 500ml');
  expect(links(transfer)).toEqual(['调拨', '更多']);
  expect(await rowActionNames(user, transfer)).toEqual(['调拨', '报损', '临期促销']);
  const destroy = await rowOf('华饮雪碧 500ml');
  expect(links(destroy)).toEqual(['报损', '更多']);
  expect(await rowActionNames(user, destroy)).toEqual(['报损', '调拨', '临期促销']);
  const shelf = await rowOf('华饮橙汁 500ml');
  expect(links(shelf)).toEqual(['退货', '更多']);
  expect(await rowActionNames(user, shelf)).toEqual(['退货', '换货', '查看拜访']);
});

it('调拨 and 报损 open the stock page’s lot commands filled with the lot, marked as 临期预警’s', async () => {
  const user = setupUser();
  stock.listNearExpiry.mockResolvedValue(page([lot, expiredLot]));
  stock.listWarehouses.mockResolvedValue(
    page([
      { id: 'w1', name: '华东经销仓' },
      { id: 'w2', name: '华东二号仓' },
    ] as stockApi.Warehouse[]),
  );
  stock.transferStock.mockResolvedValue(ok({ movementNo: 'SM1' }, '调拨成功！'));
  stock.stockOut.mockResolvedValue(ok({ movementNo: 'SM2' }, '出库成功！'));
  await renderSystemPage(<NearExpiryPage />, {
    path: '/eprod/nearExpiry',
    codes: ['nearExpiry:list', 'stock:transfer', 'stock:out'],
  });
  await user.click(buttonByText(/调\s*拨/, await rowOf('华饮可乐 500ml')));
  const transfer = await findDialog('调拨');
  expect(transfer).toHaveTextContent('华东经销仓 · HY-COLA-500 华饮可乐 500ml · 批次 B20251201');
  expect(within(transfer).getByLabelText('调拨数量（箱）')).toHaveValue('10');
  expect(await within(transfer).findByText('华东二号仓')).toBeInTheDocument();
  await user.click(buttonByText(/保\s*存/, transfer));
  await waitFor(() =>
    expect(stock.transferStock).toHaveBeenCalledWith(
      expect.objectContaining({
        lotId: 'l1',
        toWarehouseId: 'w2',
        cases: 10,
        units: 0,
        sourceDocType: 'NEAR_EXPIRY',
      }),
    ),
  );
  // Saved: the rows are read again.
  await waitFor(() => expect(stock.listNearExpiry).toHaveBeenCalledTimes(2));

  // The expired lot: what is not held for orders, 过期销毁.
  await user.click(buttonByText(/报\s*损/, await rowOf('华饮雪碧 500ml')));
  const out = await findDialog('出库');
  expect(out).toHaveTextContent('过期销毁');
  expect(within(out).getByLabelText('出库数量（箱）')).toHaveValue('1');
  expect(within(out).getByLabelText('出库数量（瓶）')).toHaveValue('21');
  await user.click(buttonByText(/保\s*存/, out));
  await waitFor(() =>
    expect(stock.stockOut).toHaveBeenCalledWith(
      expect.objectContaining({
        lotId: 'l2',
        warehouseId: 'w1',
        skuId: 's1',
        movementType: 'EXPIRED_DESTROY',
        cases: 1,
        units: 21,
        sourceDocType: 'NEAR_EXPIRY',
      }),
    ),
  );
});

it('退货 and 换货 open the order’s dialogs on the line that shipped the batch, or say why there is none', async () => {
  const user = setupUser();
  const orders = jest.mocked(ordersApi);
  const signed = orderDetail({ status: 'SIGNED', status_dictText: '已签收' });
  Object.assign(signed.lines[0], { shippedBaseQty: 27, signedBaseQty: 27, returnableBaseQty: 27 });
  orders.queryOrder.mockResolvedValue(ok(signed));
  const line = {
    orderId: 'o1',
    orderNo: 'SO202611220001',
    status: 'SIGNED' as const,
    orderLineId: 'l1',
    skuId: 's1',
    batchNo: 'B20251201',
    productionDate: '2025-12-01',
    baseQty: 15,
    returnableBaseQty: 27,
    unitsPerCase: 12,
  };
  orders.shelfGoodsLine
    .mockResolvedValueOnce(ok(line))
    .mockResolvedValueOnce(
      refused('未找到向 惠民小卖部 发出 华饮橙汁 500ml（生产日期 2025-12-01）且可退换货的订单', 404),
    )
    .mockResolvedValueOnce(ok(line));
  jest
    .mocked(ordersApi.orderCommands)
    .returnAdd.mockResolvedValue(ok({ id: 'r1', returnNo: 'RT1' }, '退单已提交！'));
  jest
    .mocked(ordersApi.orderCommands)
    .swapAdd.mockResolvedValue(ok({ id: 'x1', exchangeNo: 'HH1' }, '换货单已提交！'));
  await renderSystemPage(<NearExpiryPage />, {
    path: '/eprod/nearExpiry',
    codes: ['nearExpiry:list', 'order:return'],
  });
  await user.click(buttonByText(/退\s*货/, await rowOf('华饮橙汁 500ml')));
  await waitFor(() => expect(orders.shelfGoodsLine).toHaveBeenCalledWith('k1'));
  const back = await findDialog('退货 SO202611220001');
  // What the rep saw, within what the line may give back: 1 case and 3 of 12 bottles.
  expect(await within(back).findByLabelText('华饮可乐 500ml 退回箱数')).toHaveValue('1');
  expect(within(back).getByLabelText('华饮可乐 500ml 退回瓶数')).toHaveValue('3');
  expect(back).toHaveTextContent('临期');
  await user.click(buttonByText('提交退单', back));
  await waitFor(() =>
    expect(ordersApi.orderCommands.returnAdd).toHaveBeenCalledWith({
      orderId: 'o1',
      reason: 'NEAR_EXPIRY',
      refundMethod: 'OFFSET_AR',
      remark: null,
      lines: [{ orderLineId: 'l1', baseQty: 15 }],
    }),
  );
  await waitFor(() => expect(screen.queryByText('退货 SO202611220001')).toBeNull());
  // The return changed orders: the rows are read again and show it.
  await waitFor(() => expect(stock.listNearExpiry).toHaveBeenCalledTimes(2));

  // No order shipped the batch there: the server's reason, no dialog.
  await user.click(buttonByText(/换\s*货/, await rowOf('华饮橙汁 500ml')));
  expect(await screen.findByText(/^未找到向 惠民小卖部 发出/)).toBeInTheDocument();
  expect(screen.queryByText('换货 SO202611220001')).toBeNull();

  // 换货: the same goods handed over new.
  await user.click(buttonByText(/换\s*货/, await rowOf('华饮橙汁 500ml')));
  const swap = await findDialog('换货 SO202611220001');
  expect(await within(swap).findByLabelText('华饮可乐 500ml 退回箱数')).toHaveValue('1');
  expect(within(swap).getByLabelText('换出第 1 行箱数')).toHaveValue('1');
  expect(within(swap).getByLabelText('换出第 1 行瓶数')).toHaveValue('3');
  await user.click(buttonByText('提交换货单', swap));
  await waitFor(() =>
    expect(ordersApi.orderCommands.swapAdd).toHaveBeenCalledWith({
      orderId: 'o1',
      reason: 'NEAR_EXPIRY',
      remark: null,
      returnLines: [{ orderLineId: 'l1', baseQty: 15 }],
      issueLines: [{ skuId: 's1', baseQty: 15 }],
    }),
  );
});

it('shows the document that handled a row, linked to where it is listed when the user may look there', async () => {
  const handledLot = {
    ...lot,
    handledDocType: 'TRANSFER_OUT',
    handledDocType_dictText: '调拨出库',
    handledDocNo: 'SM202611280001',
    handledAt: '2026-11-28 10:00:00',
  };
  const handledCheck = {
    ...check,
    handledDocType: 'EXCHANGE',
    handledDocType_dictText: '换货单',
    handledDocNo: 'HH202611280001',
    handledDocStatus_dictText: '已提交',
    handledOrderNo: 'SO202611220001',
    handledAt: '2026-11-28 11:00:00',
  };
  stock.listNearExpiry.mockResolvedValue(page([handledLot, handledCheck]));
  await renderSystemPage(<NearExpiryPage />, {
    path: '/eprod/nearExpiry',
    codes: ['nearExpiry:list', 'stock:list'],
  });
  const movement = await screen.findByText('SM202611280001');
  expect(movement.closest('a')).toHaveAttribute('href', '/eprod/movement?movementNo=SM202611280001');
  // Under the suggestion.
  expect(movement.closest('td')).toHaveTextContent('调拨调拨出库 SM202611280001');
  // Without order:list the exchange's number shows, not a link.
  const exchange = screen.getByText('换货单 HH202611280001（已提交）');
  expect(exchange.querySelector('a')).toBeNull();
  expect(exchange.closest('td')).toHaveTextContent('退货换货单');
});
