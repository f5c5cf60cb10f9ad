// 订单列表 and its dialogs: the URL's tab and filters reach the server, the counts show on the tabs, the
// buttons follow status and codes; 审核 shows credit, stock and warnings and needs a reason to reject;
// a batch audits the selected orders; 发货 sends the FEFO picks; 签收 short needs a reason; 作废 needs a
// reason; the drawer shows lines, amounts and history; 打印 shows the sheet the server counted; 退货 picks
// within what may go back and keeps the server's refusal; the drawer's returns and exchanges move on;
// 取消 (before the audit) needs its reason; 修改重提 fills the order form from the rejected order; 金币抵扣 shows
// the outlet's coins and is checked against them.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import * as historyApi from '../../../src/api/changeHistory';
import * as customersApi from '../../../src/api/customers';
import * as ordersApi from '../../../src/api/orders';
import * as productsApi from '../../../src/api/products';
import * as promotionsApi from '../../../src/api/promotions';
import * as stockApi from '../../../src/api/stock';
import OrderListPage from '../../../src/pages/business/order/OrderListPage';
import {
  buttonByText,
  findDialog,
  ok,
  refused,
  rowAction,
  rowActionNames,
  setupUser,
} from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';
import { approval, deliverPlanOf, orderDetail, orderRecord, printSheet } from '../../support/orders';

jest.mock('../../../src/api/orders');
jest.mock('../../../src/api/customers');
jest.mock('../../../src/api/products');
jest.mock('../../../src/api/stock');
jest.mock('../../../src/api/promotions');
// The drawers' 变更记录 (its own test: ChangeHistory.test.tsx).
jest.mock('../../../src/api/changeHistory');
beforeEach(() => jest.mocked(historyApi).changeHistory.mockResolvedValue(ok([])));

jest.setTimeout(90000);

const api = jest.mocked(ordersApi);
const commands = jest.mocked(ordersApi.orderCommands);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
const ALL_CODES = [
  'order:list',
  'order:add',
  'order:audit',
  'order:deliver',
  'order:sign',
  'order:invalid',
  'order:print',
  'payment:add',
  'order:return',
];
const COUNTS = {
  ALL: 5,
  PENDING_AUDIT: 2,
  PENDING_FINANCE: 0,
  PENDING_SHIPMENT: 1,
  PARTIALLY_SHIPPED: 0,
  SHIPPED: 1,
  SIGNED: 1,
  COMPLETED: 0,
  REJECTED: 0,
  CANCELLED: 0,
  INVALID: 0,
};

beforeEach(() => {
  jest.mocked(customersApi).listCustomers.mockResolvedValue(page([]));
  jest.mocked(customersApi).dealerOptions.mockResolvedValue(ok([]));
  api.orderStatusCounts.mockResolvedValue(ok(COUNTS));
  // No SKU on sale: the order form names the order's SKUs as ordered.
  jest.mocked(productsApi).listSkus.mockResolvedValue(page([]));
  jest.mocked(promotionsApi).previewOrderPrice.mockResolvedValue(
    ok({
      lines: [],
      goodsAmount: '150.00',
      promoDiscountAmount: '10.00',
      payableAmount: '140.00',
      applied: [
        {
          promotionId: 'p1',
          promoNo: 'CX1',
          name: '满2箱减10',
          tierNo: 1,
          discountAmount: '10.00',
          gifts: [],
          description: '减 10.00 元',
        },
      ],
      skipped: [
        { promotionId: 'p2', promoNo: 'CX2', name: '满10箱赠1箱', reason: '未达门槛：满 10 箱，还差 7 箱' },
      ],
    }),
  );
});
afterEach(() => jest.clearAllMocks());

const rowOf = async (orderNo: string) => (await screen.findByText(orderNo)).closest('tr') as HTMLElement;

it('sends the URL’s tab and filters, shows the counts, and offers the buttons of each status', async () => {
  const user = setupUser();
  api.listOrders.mockResolvedValue(
    page([
      orderRecord(),
      orderRecord({ id: 'o2', orderNo: 'SO2', status: 'SHIPPED', status_dictText: '已发货', printCount: 2 }),
    ]),
  );
  const { search } = await renderSystemPage(<OrderListPage />, {
    path: '/eOrder/eOrder?status=PENDING_AUDIT&orderNo=SO2026&orderedAt_begin=2026-11-01',
    codes: ALL_CODES,
  });
  const pending = await rowOf('SO202611220001');
  expect(api.listOrders).toHaveBeenCalledWith(
    expect.objectContaining({ status: 'PENDING_AUDIT', orderNo: '*SO2026*', orderedAt_begin: '2026-11-01' }),
  );
  // The counts follow the other filters, not the tab.
  await waitFor(() =>
    expect(api.orderStatusCounts).toHaveBeenCalledWith({
      orderNo: '*SO2026*',
      customerName: undefined,
      orderedAt_begin: '2026-11-01',
    }),
  );
  const tab = await screen.findByRole('tab', { name: /待审核/ });
  expect(within(tab).getByText('2')).toBeInTheDocument();
  expect(within(pending).getByText(/上海华饮商贸/)).toBeInTheDocument();
  expect(within(pending).getByText('¥114.00')).toBeInTheDocument();
  // The first action in the row, the others (and 详情) in its 更多.
  expect(buttonByText(/审\s*核/, pending)).toBeInTheDocument();
  const pendingActions = await rowActionNames(user, pending);
  expect(pendingActions).toEqual(expect.arrayContaining(['审核', '作废', '详情']));
  expect(pendingActions).not.toContain('发货');
  const shipped = await rowOf('SO2');
  const shippedActions = await rowActionNames(user, shipped);
  expect(shippedActions).toContain('签收');
  expect(shippedActions).not.toContain('作废');

  await user.click(screen.getByRole('tab', { name: /已发货/ }));
  await waitFor(() => expect(search()).toContain('status=SHIPPED'));
  expect(search()).toContain('orderNo=SO2026');
});

it('without the codes only 详情 shows', async () => {
  api.listOrders.mockResolvedValue(page([orderRecord()]));
  await renderSystemPage(<OrderListPage />, { codes: ['order:list'] });
  const row = await rowOf('SO202611220001');
  expect(within(row).queryByText(/^审\s*核$/)).not.toBeInTheDocument();
  expect(within(row).queryByText(/^作\s*废$/)).not.toBeInTheDocument();
  expect(screen.queryByText('新建订单')).not.toBeInTheDocument();
  expect(buttonByText(/详\s*情/, row)).toBeInTheDocument();
});

it('an empty list says so', async () => {
  api.listOrders.mockResolvedValue(page([]));
  await renderSystemPage(<OrderListPage />, { codes: ALL_CODES });
  expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
});

it('审核 shows credit, stock and warnings; 驳回 needs its reason; the server’s refusal stays in the dialog', async () => {
  const user = setupUser();
  api.listOrders.mockResolvedValue(page([orderRecord()]));
  api.approvalData.mockResolvedValue(ok(approval()));
  commands.audit.mockResolvedValueOnce(refused('订单状态已变化，请刷新'));
  await renderSystemPage(<OrderListPage />, { codes: ALL_CODES });
  await rowAction(user, await rowOf('SO202611220001'), /审\s*核/);
  const dialog = await findDialog('审核订单 SO202611220001');
  expect(await within(dialog).findByText('华饮可乐 500ml 成交价低于最低限价 ¥46.00')).toBeInTheDocument();
  expect(within(dialog).getByText('不足')).toBeInTheDocument();
  expect(within(dialog).getByText('¥4,086.00')).toBeInTheDocument();
  expect(api.approvalData).toHaveBeenCalledWith('o1', undefined);

  await user.click(buttonByText(/驳\s*回/, dialog));
  expect(await within(dialog).findByText('请填写驳回原因!')).toBeInTheDocument();
  expect(commands.audit).not.toHaveBeenCalled();

  await user.type(within(dialog).getByPlaceholderText('驳回原因'), '价格低于限价');
  await user.click(buttonByText(/驳\s*回/, dialog));
  await waitFor(() =>
    expect(commands.audit).toHaveBeenCalledWith({ ids: ['o1'], pass: false, reason: '价格低于限价' }),
  );
  expect(await within(dialog).findByText('订单状态已变化，请刷新')).toBeInTheDocument();
  expect(within(dialog).getByPlaceholderText('驳回原因')).toHaveValue('价格低于限价');
});

it('批量审核 audits the selected orders it applies to and closes when done', async () => {
  const user = setupUser();
  api.listOrders.mockResolvedValue(
    page([
      orderRecord(),
      orderRecord({ id: 'o2', orderNo: 'SO2' }),
      orderRecord({ id: 'o3', orderNo: 'SO3', status: 'SIGNED', status_dictText: '已签收' }),
    ]),
  );
  api.approvalData.mockImplementation((id) => Promise.resolve(ok(approval({ orderId: id, orderNo: id }))));
  commands.audit.mockResolvedValue(ok({ results: [], succeeded: 2, failed: 0 }, '审核完成'));
  await renderSystemPage(<OrderListPage />, { codes: ALL_CODES });
  await rowOf('SO3');
  const checkboxes = screen.getAllByRole('checkbox');
  // [select all, o1, o2, o3]
  await user.click(checkboxes[0]);
  await user.click(buttonByText('批量审核（2）'));
  const dialog = await findDialog('批量审核（2 个订单）');
  await within(dialog).findByText('o2（审核后：待发货）');
  await user.click(buttonByText(/通\s*过/, dialog));
  await waitFor(() =>
    expect(commands.audit).toHaveBeenCalledWith({ ids: ['o1', 'o2'], pass: true, reason: undefined }),
  );
  await waitFor(() => expect(screen.queryByText('批量审核（2 个订单）')).not.toBeInTheDocument());
  // The table and the counts reload.
  await waitFor(() => expect(api.listOrders).toHaveBeenCalledTimes(2));
});

it('发货 proposes the FEFO picks and sends the picks as changed (part of the order)', async () => {
  const user = setupUser();
  api.listOrders.mockResolvedValue(
    page([orderRecord({ status: 'PENDING_SHIPMENT', status_dictText: '待发货' })]),
  );
  api.deliverPlan.mockResolvedValue(ok(deliverPlanOf()));
  commands.deliver.mockResolvedValue(ok({ shipmentNo: 'SH1', status: 'PARTIALLY_SHIPPED' }, '发货成功'));
  await renderSystemPage(<OrderListPage />, { codes: ALL_CODES });
  await rowAction(user, await rowOf('SO202611220001'), /发\s*货/);
  const dialog = await findDialog('发货 SO202611220001');
  const second = await within(dialog).findByLabelText('批次 B1001 发货数量');
  expect(within(dialog).getByLabelText('批次 B0901 发货数量')).toHaveValue('20');
  expect(within(dialog).getByText('待发 2箱3瓶，本次 2箱3瓶')).toBeInTheDocument();
  await user.clear(second);
  await user.type(second, '0');
  await user.type(within(dialog).getByPlaceholderText('司机姓名'), '李师傅');
  await user.type(within(dialog).getByPlaceholderText('如 沪A12345'), '沪A12345');
  await user.click(buttonByText('确认发货', dialog));
  await waitFor(() =>
    expect(commands.deliver).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 'o1',
        warehouseId: 'w1',
        lines: [{ orderLineId: 'l1', lots: [{ lotId: 'lot1', baseQty: 20 }] }],
        driverName: '李师傅',
        vehicleNo: '沪A12345',
      }),
    ),
  );
});

it('签收 short needs the difference reason', async () => {
  const user = setupUser();
  api.listOrders.mockResolvedValue(page([orderRecord({ status: 'SHIPPED', status_dictText: '已发货' })]));
  const shippedDetail = orderDetail({ status: 'SHIPPED' });
  shippedDetail.lines[0].shippedBaseQty = 27;
  api.queryOrder.mockResolvedValue(ok(shippedDetail));
  commands.sign.mockResolvedValue(ok({ status: 'SIGNED' }, '签收成功'));
  await renderSystemPage(<OrderListPage />, { codes: ALL_CODES });
  await rowAction(user, await rowOf('SO202611220001'), /签\s*收/);
  const dialog = await findDialog('签收 SO202611220001');
  const signed = await within(dialog).findByLabelText('华饮可乐 500ml 实签数量');
  expect(signed).toHaveValue('27');
  await user.clear(signed);
  await user.type(signed, '25');
  await user.click(buttonByText('确认签收', dialog));
  expect(await within(dialog).findByText('有少签的明细，请选择差异原因!')).toBeInTheDocument();
  expect(commands.sign).not.toHaveBeenCalled();
});

it('作废 needs a reason, then sends it', async () => {
  const user = setupUser();
  api.listOrders.mockResolvedValue(page([orderRecord()]));
  commands.invalid.mockResolvedValue(ok({ status: 'INVALID' }, '订单已作废'));
  await renderSystemPage(<OrderListPage />, { codes: ALL_CODES });
  await rowAction(user, await rowOf('SO202611220001'), /作\s*废/);
  const dialog = await findDialog('作废订单 SO202611220001');
  await user.click(buttonByText('确认作废', dialog));
  expect(await within(dialog).findByText('请填写作废原因!')).toBeInTheDocument();
  await user.type(within(dialog).getByPlaceholderText('如：客户取消、重复下单'), '客户取消');
  await user.click(buttonByText('确认作废', dialog));
  await waitFor(() => expect(commands.invalid).toHaveBeenCalledWith({ id: 'o1', reason: '客户取消' }));
});

it('the drawer shows lines, the amount steps and the history; 打印 shows the sheet the server counted', async () => {
  const user = setupUser();
  api.listOrders.mockResolvedValue(
    page([orderRecord({ status: 'PENDING_SHIPMENT', status_dictText: '待发货' })]),
  );
  api.queryOrder.mockResolvedValue(
    ok(orderDetail({ status: 'PENDING_SHIPMENT', status_dictText: '待发货' })),
  );
  const sheet = printSheet();
  api.printOrder.mockResolvedValue(
    ok(
      printSheet({
        printCount: 3,
        lines: [
          ...sheet.lines,
          {
            ...sheet.lines[0],
            lineNo: 2,
            qtyText: '1箱',
            baseQty: 24,
            price: '0.00',
            amount: '0.00',
            isGift: true,
          },
        ],
        amounts: { ...sheet.amounts, rebateDeductAmount: '10.00', payableAmount: '104.00' },
        promotions: [
          {
            promoNo: 'PM001',
            name: '满2箱减6',
            tierNo: 1,
            discountAmount: '6.00',
            creditAmount: '0.00',
            giftQty: 0,
          },
          {
            promoNo: 'PM002',
            name: '满2箱赠1箱',
            tierNo: 1,
            discountAmount: '0.00',
            creditAmount: '0.00',
            giftQty: 24,
          },
          // A 累计返 whose two tiers the order reached: a row each.
          {
            promoNo: 'PM003',
            name: '累计返',
            tierNo: 1,
            discountAmount: '0.00',
            creditAmount: '100.00',
            giftQty: 0,
          },
          {
            promoNo: 'PM003',
            name: '累计返',
            tierNo: 2,
            discountAmount: '0.00',
            creditAmount: '200.00',
            giftQty: 0,
          },
        ],
        rebateCredit: { creditedAmount: '300.00', takenBackAmount: '60.00' },
      }),
    ),
  );
  await renderSystemPage(<OrderListPage />, { codes: ALL_CODES });
  await rowAction(user, await rowOf('SO202611220001'), /详\s*情/);
  const drawer = (await screen.findByText('订单详情 SO202611220001')).closest('.ant-drawer') as HTMLElement;
  expect(await within(drawer).findByText('2箱3瓶')).toBeInTheDocument();
  expect(within(drawer).getByText('−¥6.00')).toBeInTheDocument();
  expect(within(drawer).getByText('创建')).toBeInTheDocument();
  expect(api.queryOrder).toHaveBeenCalledWith('o1');

  await user.click(buttonByText(/打\s*印/, drawer));
  const dialog = await findDialog('打印 SO202611220001');
  expect(await within(dialog).findByText('3')).toBeInTheDocument();
  expect(api.printOrder).toHaveBeenCalledWith('o1', 'DELIVERY_NOTE');
  // The gift line, the amounts step by step, the promotions with their 返费用 and its total.
  expect(within(dialog).getByText('华饮可乐 500ml（赠品）')).toBeInTheDocument();
  expect(within(dialog).getByText('返利抵扣 −¥10.00')).toBeInTheDocument();
  expect(within(dialog).getByText('¥104.00')).toBeInTheDocument();
  const promotions = within(dialog).getByText('促销活动').closest('table') as HTMLElement;
  const rows = Array.from(promotions.querySelectorAll('tr')).map((row) =>
    Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent),
  );
  expect(rows).toEqual([
    ['促销活动', '优惠金额', '返费用'],
    ['满2箱减6（PM001）', '¥6.00', '¥0.00'],
    ['满2箱赠1箱（PM002） 含赠品', '¥0.00', '¥0.00'],
    ['累计返（PM003） 第 1 档', '¥0.00', '¥100.00'],
    ['累计返（PM003） 第 2 档', '¥0.00', '¥200.00'],
    ['返费用合计（已入返利账户）', '¥300.00（退货收回 ¥60.00）'],
  ]);
  // The print changed the order (its count): the open order reloads.
  await waitFor(() => expect(api.queryOrder).toHaveBeenCalledTimes(2));
});

it('重新同步 in the drawer shows the server’s refusal there (it has no dialog of its own)', async () => {
  const user = setupUser();
  api.listOrders.mockResolvedValue(page([orderRecord({ status: 'SIGNED', status_dictText: '已签收' })]));
  api.queryOrder.mockResolvedValue(ok(orderDetail({ status: 'SIGNED', status_dictText: '已签收' })));
  api.orderSyncRecord.mockResolvedValue(
    ok([
      {
        id: 't1',
        taskNo: 'ES202611220001',
        connectionName: '金蝶（模拟器）',
        bizType_dictText: '销售订单',
        operation_dictText: '保存',
        status: 'FAILED',
        status_dictText: '失败',
        attemptCount: 5,
        maxAttempts: 5,
        errorCategory_dictText: '认证失败',
        lastErrorMessage: '用户名或密码错误',
        erpBillNo: null,
        nextRetryAt: null,
        createTime: '2026-11-22 10:00:00',
        updateTime: '2026-11-22 10:05:00',
      },
    ]),
  );
  commands.resync.mockResolvedValue(refused('ERP连接已暂停，请先在ERP配置中恢复'));
  await renderSystemPage(<OrderListPage />, { codes: [...ALL_CODES, 'erp:list', 'erp:retry'] });
  await rowAction(user, await rowOf('SO202611220001'), /详\s*情/);
  const drawer = (await screen.findByText('订单详情 SO202611220001')).closest('.ant-drawer') as HTMLElement;
  await user.click(await within(drawer).findByRole('button', { name: /重新同步/ }));
  await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).not.toBeNull());
  await user.click(buttonByText(/重新同步/, document.querySelector('.ant-modal-confirm') as HTMLElement));
  expect(await within(drawer).findByText('ERP连接已暂停，请先在ERP配置中恢复')).toBeInTheDocument();
  expect(commands.resync).toHaveBeenCalledWith({ id: 'o1' });
});

it('收款 refuses more than is owed and records the payment', async () => {
  const user = setupUser();
  api.listOrders.mockResolvedValue(page([orderRecord()]));
  api.queryOrder.mockResolvedValue(ok(orderDetail({ paidAmount: '14.00' })));
  commands.pay.mockResolvedValue(ok({ paymentNo: 'PM1' }, '收款已登记'));
  await renderSystemPage(<OrderListPage />, { codes: ALL_CODES });
  await rowAction(user, await rowOf('SO202611220001'), /收\s*款/);
  const dialog = await findDialog('收款 SO202611220001');
  const amount = await within(dialog).findByDisplayValue('100.00');
  await user.clear(amount);
  await user.type(amount, '150');
  await user.click(buttonByText('确认收款', dialog));
  expect(await within(dialog).findByText('金额应大于 0 且不超过未付金额 ¥100.00')).toBeInTheDocument();
  expect(commands.pay).not.toHaveBeenCalled();

  await user.clear(amount);
  await user.type(amount, '100');
  await user.click(within(dialog).getAllByRole('combobox')[0]);
  await user.click(await screen.findByText('现金', { selector: '.ant-select-item-option-content' }));
  await user.click(buttonByText('确认收款', dialog));
  await waitFor(() =>
    expect(commands.pay).toHaveBeenCalledWith(
      expect.objectContaining({ orderId: 'o1', amount: 100, channel: 'CASH' }),
    ),
  );
});

/** A signed order: 27 shipped and signed, 15 of them may still go back (an open return claims the rest). */
function signedOrder() {
  const detail = orderDetail({ status: 'SIGNED', status_dictText: '已签收', warehouseId: 'w1' });
  Object.assign(detail.lines[0], { shippedBaseQty: 27, signedBaseQty: 27, returnableBaseQty: 15 });
  return detail;
}

it('退货 picks 箱 and 瓶 within what may go back; the server’s refusal stays with what was typed', async () => {
  const user = setupUser();
  api.listOrders.mockResolvedValue(page([orderRecord({ status: 'SIGNED', status_dictText: '已签收' })]));
  api.queryOrder.mockResolvedValue(ok(signedOrder()));
  commands.returnAdd
    .mockResolvedValueOnce(refused('第 1 行 华饮可乐 500ml 最多可退 1箱'))
    .mockResolvedValueOnce(ok({ id: 'r1', returnNo: 'RT1' }, '退单已提交！'));
  await renderSystemPage(<OrderListPage />, { codes: ALL_CODES });
  await rowAction(user, await rowOf('SO202611220001'), /退\s*货/);
  const dialog = await findDialog('退货 SO202611220001');
  // 可退 15 of a 12-bottle case.
  expect(await within(dialog).findByText('1箱3瓶')).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText('华饮可乐 500ml 退回箱数'), '1');
  await user.type(within(dialog).getByLabelText('华饮可乐 500ml 退回瓶数'), '2');
  await user.click(within(dialog).getAllByRole('combobox')[0]);
  await user.click(await screen.findByText('临期', { selector: '.ant-select-item-option-content' }));
  // 102.60 × 14 / 27.
  expect(within(dialog).getByText('预计 ¥53.20，以系统按成交价核算为准')).toBeInTheDocument();
  await user.click(buttonByText('提交退单', dialog));
  await waitFor(() =>
    expect(commands.returnAdd).toHaveBeenCalledWith({
      orderId: 'o1',
      reason: 'NEAR_EXPIRY',
      refundMethod: 'OFFSET_AR',
      remark: null,
      lines: [{ orderLineId: 'l1', baseQty: 14 }],
    }),
  );
  expect(await within(dialog).findByText('第 1 行 华饮可乐 500ml 最多可退 1箱')).toBeInTheDocument();
  expect(within(dialog).getByLabelText('华饮可乐 500ml 退回瓶数')).toHaveValue('2');
  await user.click(buttonByText('提交退单', dialog));
  await waitFor(() => expect(screen.queryByText('退货 SO202611220001')).not.toBeInTheDocument());
});

it('the drawer lists returns and exchanges with the steps their state allows: 驳回 with its reason, 执行换货 into a warehouse', async () => {
  const user = setupUser();
  api.listOrders.mockResolvedValue(page([orderRecord({ status: 'SIGNED', status_dictText: '已签收' })]));
  const detail = signedOrder();
  detail.returns = [
    {
      id: 'r1',
      returnNo: 'RT1',
      originalOrderId: 'o1',
      originalOrderNo: 'SO202611220001',
      customerId: 'c1',
      customerName: '好邻居便利店',
      reason: 'NEAR_EXPIRY',
      reason_dictText: '临期',
      refundMethod: 'OFFSET_AR',
      refundMethod_dictText: '冲抵欠款',
      amount: '43.80',
      rebateBackAmount: '0.60',
      coinBackCoins: 120,
      status: 'SUBMITTED',
      status_dictText: '已提交',
      createdAt: '2026-11-22 11:00:00',
    },
  ];
  detail.exchanges = [
    {
      id: 'x1',
      exchangeNo: 'HH1',
      originalOrderId: 'o1',
      originalOrderNo: 'SO202611220001',
      customerId: 'c1',
      customerName: '好邻居便利店',
      reason: 'FLAVOR',
      reason_dictText: '口味调换',
      priceDiffAmount: '0.00',
      rebateBackAmount: '0.00',
      coinBackCoins: 0,
      status: 'APPROVED',
      status_dictText: '已审核',
      createdAt: '2026-11-22 11:10:00',
    },
  ];
  api.queryOrder.mockResolvedValue(ok(detail));
  api.exchangeById.mockResolvedValue(
    ok({
      ...detail.exchanges[0],
      remark: null,
      rejectReason: null,
      warehouseId: null,
      returnLines: [
        {
          id: 'e1',
          kind: 'RETURN',
          skuId: 's1',
          skuName: '华饮可乐 500ml',
          baseQty: 12,
          qtyText: '1箱',
          unitPrice: '3.80',
          amount: '45.60',
        },
      ],
      issueLines: [
        {
          id: 'e2',
          kind: 'ISSUE',
          skuId: 's2',
          skuName: '华饮雪碧 500ml',
          baseQty: 12,
          qtyText: '1箱',
          unitPrice: '3.80',
          amount: '45.60',
        },
      ],
    }),
  );
  jest
    .mocked(stockApi)
    .listWarehouses.mockResolvedValue(page([{ id: 'w1', name: '上海中心仓' } as stockApi.Warehouse]));
  commands.returnAudit.mockResolvedValue(ok({ status: 'REJECTED' }, '审核成功！'));
  commands.swapExecute.mockResolvedValue(ok({ status: 'COMPLETED' }, '换货完成！'));
  await renderSystemPage(<OrderListPage />, { codes: ALL_CODES });
  await rowAction(user, await rowOf('SO202611220001'), /详\s*情/);
  const drawer = (await screen.findByText('订单详情 SO202611220001')).closest('.ant-drawer') as HTMLElement;
  const back = (await within(drawer).findByText('退货 RT1')).closest('tr') as HTMLElement;
  const swap = within(drawer).getByText('换货 HH1').closest('tr') as HTMLElement;
  expect(within(back).getByText('已提交')).toBeInTheDocument();
  expect(within(back).getByText('退款 ¥43.80 · 退回返利 ¥0.60 · 退回金币 120')).toBeInTheDocument();
  expect(within(back).queryByText(/^入\s*库$/)).not.toBeInTheDocument();
  expect(within(swap).queryByText(/^审\s*核$/)).not.toBeInTheDocument();

  await user.click(buttonByText(/审\s*核/, back));
  const audit = await findDialog('审核退单 RT1');
  await user.type(within(audit).getByPlaceholderText('驳回原因'), '已过退货期');
  await user.click(buttonByText(/驳\s*回/, audit));
  await waitFor(() =>
    expect(commands.returnAudit).toHaveBeenCalledWith({ id: 'r1', pass: false, reason: '已过退货期' }),
  );
  await waitFor(() => expect(screen.queryByText('审核退单 RT1')).not.toBeInTheDocument());

  await user.click(buttonByText('执行换货', swap));
  const execute = await findDialog('执行换货 HH1');
  expect(await within(execute).findByText('华饮雪碧 500ml')).toBeInTheDocument();
  expect(api.exchangeById).toHaveBeenCalledWith('x1');
  await within(execute).findByText('上海中心仓');
  await user.click(buttonByText('确认换货', execute));
  await waitFor(() => expect(commands.swapExecute).toHaveBeenCalledWith({ id: 'x1', warehouseId: 'w1' }));
});

it('入库 of an approved return says what goes back to the customer’s accounts: the refund, the rebate and the coins', async () => {
  const user = setupUser();
  api.listOrders.mockResolvedValue(page([orderRecord({ status: 'SIGNED', status_dictText: '已签收' })]));
  const detail = signedOrder();
  const back = {
    id: 'r2',
    returnNo: 'RT2',
    originalOrderId: 'o1',
    originalOrderNo: 'SO202611220001',
    customerId: 'c1',
    customerName: '好邻居便利店',
    reason: 'QUALITY' as const,
    reason_dictText: '质量问题',
    refundMethod: 'ORIGINAL' as const,
    refundMethod_dictText: '原路退回',
    amount: '44.10',
    rebateBackAmount: '0.00',
    coinBackCoins: 150,
    status: 'APPROVED' as const,
    status_dictText: '已审核',
    createdAt: '2026-11-22 11:00:00',
  };
  detail.returns = [back];
  api.queryOrder.mockResolvedValue(ok(detail));
  api.returnById.mockResolvedValue(
    ok({
      ...back,
      remark: null,
      rejectReason: null,
      warehouseId: null,
      lines: [
        {
          id: 'l1',
          orderLineId: detail.lines[0].id,
          skuId: 's1',
          skuName: '华饮可乐 500ml',
          baseQty: 12,
          qtyText: '1箱',
          batchNo: 'B1',
          unitPrice: '3.80',
          amount: '45.60',
          condition: null,
        },
      ],
    }),
  );
  jest
    .mocked(stockApi)
    .listWarehouses.mockResolvedValue(page([{ id: 'w1', name: '上海中心仓' } as stockApi.Warehouse]));
  commands.returnReceive.mockResolvedValue(ok({ status: 'RECEIVED' }, '入库成功！'));
  await renderSystemPage(<OrderListPage />, { codes: ALL_CODES });
  await rowAction(user, await rowOf('SO202611220001'), /详\s*情/);
  const drawer = (await screen.findByText('订单详情 SO202611220001')).closest('.ant-drawer') as HTMLElement;
  const row = (await within(drawer).findByText('退货 RT2')).closest('tr') as HTMLElement;
  expect(within(row).getByText('退款 ¥44.10 · 退回金币 150')).toBeInTheDocument();

  await user.click(buttonByText(/入\s*库/, row));
  const receive = await findDialog('退货入库 RT2');
  expect(
    await within(receive).findByText('退款 ¥44.10 · 退回金币 150（返利、金币在入库时退回客户账户）'),
  ).toBeInTheDocument();
  await within(receive).findByText('上海中心仓');
  await user.click(buttonByText('确认入库', receive));
  await waitFor(() =>
    expect(commands.returnReceive).toHaveBeenCalledWith({
      id: 'r2',
      warehouseId: 'w1',
      lines: [{ lineId: 'l1', condition: 'GOOD' }],
    }),
  );
});

it('取消 before the audit needs its reason; the server’s refusal stays with it; done, the list reloads', async () => {
  const user = setupUser();
  api.listOrders.mockResolvedValue(page([orderRecord()]));
  commands.cancel
    .mockResolvedValueOnce(refused('订单已审核，不能取消'))
    .mockResolvedValueOnce(ok({ status: 'CANCELLED' }, '订单已取消'));
  await renderSystemPage(<OrderListPage />, { codes: ALL_CODES });
  await rowAction(user, await rowOf('SO202611220001'), /取\s*消/);
  const dialog = await findDialog('取消订单 SO202611220001');
  // The footer's dismiss button is not a second 取消.
  expect(buttonByText(/返\s*回/, dialog)).toBeInTheDocument();
  expect(within(dialog).queryByText(/^取\s*消$/)).not.toBeInTheDocument();
  await user.click(buttonByText('确认取消', dialog));
  expect(await within(dialog).findByText('请填写取消原因!')).toBeInTheDocument();
  expect(commands.cancel).not.toHaveBeenCalled();

  await user.type(within(dialog).getByPlaceholderText('如：客户不需要了、下错单'), ' 客户不要了 ');
  await user.click(buttonByText('确认取消', dialog));
  await waitFor(() => expect(commands.cancel).toHaveBeenCalledWith({ id: 'o1', reason: '客户不要了' }));
  expect(await within(dialog).findByText('订单已审核，不能取消')).toBeInTheDocument();
  expect(within(dialog).getByPlaceholderText('如：客户不需要了、下错单')).toHaveValue(' 客户不要了 ');

  await user.click(buttonByText('确认取消', dialog));
  await waitFor(() => expect(screen.queryByText('取消订单 SO202611220001')).not.toBeInTheDocument());
  expect(commands.cancel).toHaveBeenCalledTimes(2);
  // The table and the counts reload.
  await waitFor(() => expect(api.listOrders).toHaveBeenCalledTimes(2));
  await waitFor(() => expect(api.orderStatusCounts).toHaveBeenCalledTimes(2));
});

it('取消 and 修改重提 need order:add and show only in their statuses', async () => {
  api.listOrders.mockResolvedValue(
    page([
      orderRecord(),
      orderRecord({ id: 'o2', orderNo: 'SO2', status: 'REJECTED', status_dictText: '已驳回' }),
    ]),
  );
  const user = setupUser();
  const codes = ALL_CODES.filter((code) => code !== 'order:add');
  await renderSystemPage(<OrderListPage />, { codes });
  expect(await rowActionNames(user, await rowOf('SO202611220001'))).not.toContain('取消');
  expect(await rowActionNames(user, await rowOf('SO2'))).not.toContain('修改重提');
  cleanup();

  await renderSystemPage(<OrderListPage />, { codes: ALL_CODES });
  const pending = await rowActionNames(user, await rowOf('SO202611220001'));
  const rejected = await rowActionNames(user, await rowOf('SO2'));
  expect(pending).toContain('取消');
  expect(pending).not.toContain('修改重提');
  expect(rejected).toContain('修改重提');
  expect(rejected).not.toContain('取消');
});

/** A rejected order: 2箱3瓶 of a 12-bottle case, with remarks, a wished date and 5 yuan freight. */
function rejectedOrder() {
  const detail = orderDetail({
    status: 'REJECTED',
    status_dictText: '已驳回',
    rejectReason: '价格低于限价',
    buyerRemark: '下午送',
    internalRemark: '老客户',
    requestedDeliveryDate: '2099-01-15',
    actions: ['invalid', 'resubmit'],
  });
  detail.amounts.freightAmount = '5.00';
  return detail;
}

it('修改重提 from the drawer fills the order form from the rejected order and sends it again', async () => {
  const user = setupUser();
  api.listOrders.mockResolvedValue(page([orderRecord({ status: 'REJECTED', status_dictText: '已驳回' })]));
  api.queryOrder.mockResolvedValue(ok(rejectedOrder()));
  commands.resubmit
    .mockResolvedValueOnce(refused('华饮可乐 500ml 已下架'))
    .mockResolvedValueOnce(
      ok({ id: 'o1', orderNo: 'SO202611220001', payableAmount: '150.00' }, '订单已重新提交'),
    );
  await renderSystemPage(<OrderListPage />, { codes: ALL_CODES });
  await rowAction(user, await rowOf('SO202611220001'), /详\s*情/);
  const drawer = (await screen.findByText('订单详情 SO202611220001')).closest('.ant-drawer') as HTMLElement;
  await within(drawer).findByText('价格低于限价');
  await user.click(buttonByText('修改重提', drawer));
  const dialog = await findDialog('修改重提 SO202611220001');
  expect(await within(dialog).findByText('驳回原因：价格低于限价')).toBeInTheDocument();
  // The buyer is shown, not picked; the SKU is named as ordered though no longer listed.
  expect(within(dialog).getByText('好邻居便利店（S0000001）')).toBeInTheDocument();
  expect(within(dialog).queryByText('搜索客户')).not.toBeInTheDocument();
  expect(within(dialog).getByText('华饮可乐 500ml（12瓶/箱）')).toBeInTheDocument();
  expect(within(dialog).getByText('货到付款')).toBeInTheDocument();
  expect(within(dialog).getByLabelText('第 1 行箱数')).toHaveValue('2');
  expect(within(dialog).getByLabelText('第 1 行瓶数')).toHaveValue('3');
  expect(within(dialog).getByDisplayValue('2099-01-15')).toBeInTheDocument();
  expect(within(dialog).getByDisplayValue('王老板')).toBeInTheDocument();
  expect(within(dialog).getByDisplayValue('下午送')).toBeInTheDocument();
  expect(within(dialog).getByDisplayValue('5.00')).toBeInTheDocument();

  // The server prices the cart as the form stands: promotions that fire, and why the others do not.
  expect(await within(dialog).findByText(/满2箱减10（CX1）/)).toBeInTheDocument();
  expect(within(dialog).getByText(/还差 7 箱/)).toBeInTheDocument();
  expect(jest.mocked(promotionsApi).previewOrderPrice).toHaveBeenCalledWith({
    buyerId: 'c1',
    orderType: 'REP_PROXY',
    lines: [{ skuId: 's1', cases: 2, units: 3 }],
  });

  const cases = within(dialog).getByLabelText('第 1 行箱数');
  await user.clear(cases);
  await user.type(cases, '3');
  await user.click(buttonByText('重新提交', dialog));
  const sent = {
    id: 'o1',
    sellerId: 'd1',
    salesRepId: 'u1',
    paymentMethod: 'COD',
    requestedDeliveryDate: '2099-01-15',
    receiver: { name: '王老板', mobile: '13900001111', address: '上海市浦东新区张杨路1号' },
    freightAmount: 5,
    buyerRemark: '下午送',
    internalRemark: '老客户',
    lines: [{ skuId: 's1', cases: 3, units: 3, isGift: false }],
  };
  await waitFor(() => expect(commands.resubmit).toHaveBeenCalledWith(sent));
  expect(commands.create).not.toHaveBeenCalled();
  // Refused: the reason shows in the form, what was typed stays.
  expect(await within(dialog).findByText('华饮可乐 500ml 已下架')).toBeInTheDocument();
  expect(within(dialog).getByLabelText('第 1 行箱数')).toHaveValue('3');

  const loads = api.queryOrder.mock.calls.length;
  await user.click(buttonByText('重新提交', dialog));
  await waitFor(() => expect(screen.queryByText('修改重提 SO202611220001')).not.toBeInTheDocument());
  // The drawer's order and the list reload.
  await waitFor(() => expect(api.queryOrder.mock.calls.length).toBeGreaterThan(loads));
  await waitFor(() => expect(api.listOrders).toHaveBeenCalledTimes(2));
});

it('修改重提 says so when the order cannot be loaded, and sends nothing', async () => {
  const user = setupUser();
  api.listOrders.mockResolvedValue(page([orderRecord({ status: 'REJECTED', status_dictText: '已驳回' })]));
  api.queryOrder.mockResolvedValue(refused('订单不存在'));
  await renderSystemPage(<OrderListPage />, { codes: ALL_CODES });
  await rowAction(user, await rowOf('SO202611220001'), '修改重提');
  const dialog = await findDialog('修改重提 SO202611220001');
  expect(await within(dialog).findByText('订单加载失败')).toBeInTheDocument();
  expect(buttonByText('重新提交', dialog)).toBeDisabled();
  expect(commands.resubmit).not.toHaveBeenCalled();
});

it('金币抵扣 shows the outlet’s coins, refuses more than it may use, sends the coins; the drawer shows them', async () => {
  const user = setupUser();
  const order = rejectedOrder();
  order.amounts.coinDeductAmount = '3.00';
  api.listOrders.mockResolvedValue(page([orderRecord({ status: 'REJECTED', status_dictText: '已驳回' })]));
  api.queryOrder.mockResolvedValue(ok(order));
  jest.mocked(promotionsApi).previewOrderPrice.mockResolvedValue(
    ok({
      lines: [],
      goodsAmount: '150.00',
      promoDiscountAmount: '0.00',
      coins: {
        available: 500,
        maxCoins: 400,
        coins: 300,
        amount: '3.00',
        coinValueYuan: 0.01,
        maxDeductRatioPerOrder: 0.2,
        reason: null,
      },
      payableAmount: '147.00',
      applied: [],
      skipped: [],
    }),
  );
  commands.resubmit.mockResolvedValue(ok({ id: 'o1', orderNo: 'SO202611220001', payableAmount: '146.50' }));
  await renderSystemPage(<OrderListPage />, { codes: ALL_CODES });
  await rowAction(user, await rowOf('SO202611220001'), /详\s*情/);
  const drawer = (await screen.findByText('订单详情 SO202611220001')).closest('.ant-drawer') as HTMLElement;
  expect(await within(drawer).findByText('−¥3.00（300 金币）')).toBeInTheDocument();

  await user.click(buttonByText('修改重提', drawer));
  const dialog = await findDialog('修改重提 SO202611220001');
  const field = await within(dialog).findByLabelText('金币抵扣（金币）');
  expect(field).toHaveValue('300');
  // The server's answer for the cart: the outlet's coins under the field, the deduction in the totals.
  expect(
    await within(dialog).findByText('可用 500 金币，本单最多可用 400 金币（100 金币 = ¥1）'),
  ).toBeInTheDocument();
  expect(within(dialog).getByText('3.00（300 金币）')).toBeInTheDocument();
  expect(jest.mocked(promotionsApi).previewOrderPrice).toHaveBeenCalledWith(
    expect.objectContaining({ buyerId: 'c1', coinDeductCoins: 300 }),
  );

  await user.clear(field);
  await user.type(field, '600');
  await user.click(buttonByText('重新提交', dialog));
  expect(await within(dialog).findByText('门店可用金币只有 500!')).toBeInTheDocument();
  await user.clear(field);
  await user.type(field, '450');
  await user.click(buttonByText('重新提交', dialog));
  expect(await within(dialog).findByText('本单最多可用 400 金币!')).toBeInTheDocument();
  expect(commands.resubmit).not.toHaveBeenCalled();

  await user.clear(field);
  await user.type(field, '350');
  await user.click(buttonByText('重新提交', dialog));
  await waitFor(() =>
    expect(commands.resubmit).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'o1', coinDeductCoins: 350 }),
    ),
  );
});
