// 员工内购's lists on the shared list layer: 员工价目表 and its 自提点 tab, 内购订单 and 自提核销's records read
// their filters from the URL and send them to the server, export what they select, and offer their commands
// only with their codes; 自提核销's records reload after a pickup is confirmed.
import { act, screen, waitFor, within } from '@testing-library/react';
import * as shopApi from '../../../src/api/employeeShop';
import { deviceChanged } from '../../../src/features/layout/slice';
import EmployeeOrderListPage from '../../../src/pages/business/employee/EmployeeOrderListPage';
import EmployeePriceListPage from '../../../src/pages/business/employee/EmployeePriceListPage';
import PickupVerifyPage from '../../../src/pages/business/employee/PickupVerifyPage';
import { buttonByText, findDialog, ok, refused, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/employeeShop');
jest.setTimeout(60000);

const api = jest.mocked(shopApi);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

const item: shopApi.EmployeePriceItem = {
  id: 'i1',
  skuId: 's1',
  skuCode: 'SKU-001',
  skuName: '山泉水 550ml',
  spec: '550ml×24',
  saleUnit: '箱',
  unit: 'CASE',
  price: '28.00',
  priceListId: 'pl1',
  priceListName: '2026 员工价',
  perMonthLimitQty: null,
};

const point: shopApi.PickupPoint = {
  id: 'p1',
  name: '总部员工自提点',
  address: '广州市天河区 1 号',
  openHours: '工作日 9:00-18:00',
  contact: '仓管 李师傅',
  status: 'ACTIVE',
  status_dictText: '启用',
  updateTime: '2026-11-01 10:00:00',
};

const order = (over: Partial<shopApi.EmployeeOrder> = {}): shopApi.EmployeeOrder => ({
  id: 'o1',
  orderNo: 'EO202611200001',
  status: 'PICKED_UP',
  status_dictText: '已提货',
  paymentMethod: 'PAYROLL',
  paymentMethod_dictText: '工资代扣',
  payableAmount: '84.00',
  totalCases: 3,
  pickupPointName: '总部员工自提点',
  employeeNo: 'E0001',
  employeeName: '王小明',
  employeeMobile: '13900000001',
  orderedAt: '2026-11-20 09:00:00',
  paidAt: '2026-11-20 09:00:00',
  pickedUpAt: '2026-11-21 15:30:00',
  pickedUpByName: '李仓管',
  ...over,
});

beforeEach(() => {
  api.listEmployeePrices.mockResolvedValue(page([item]));
  api.employeePriceLists.mockResolvedValue(ok([{ id: 'pl1', code: 'EMP-2026', name: '2026 员工价' }]));
  api.listPickupPoints.mockResolvedValue(page([point]));
  api.pickupPointOptions.mockResolvedValue(page([point]));
  api.listEmployeeOrders.mockResolvedValue(page([order({ status: 'PAID', status_dictText: '已付款' })]));
  api.listPickups.mockResolvedValue(page([order()]));
});
afterEach(() => jest.clearAllMocks());

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('员工价目表', () => {
  it('filters by SKU and limit from the URL, exports them, and sets a limit only with employee:price', async () => {
    const user = setupUser({ delay: null });
    api.saveSkuLimit.mockResolvedValue(ok(null, '操作成功'));
    api.exportEmployeePrices.mockResolvedValue(null);
    await renderSystemPage(<EmployeePriceListPage />, {
      path: '/eEmployee/price?keyword=SKU&limited=false&column=price&order=desc',
      codes: ['employee:list', 'employee:price'],
    });
    const row = await rowOf('SKU-001');
    expect(api.listEmployeePrices).toHaveBeenCalledWith(
      expect.objectContaining({
        keyword: 'SKU',
        limited: 'false',
        column: 'price',
        order: 'desc',
        pageNo: 1,
      }),
      expect.anything(),
    );
    expect(within(row).getByText('不限')).toBeInTheDocument();
    expect(within(row).getByText('¥28.00/箱')).toBeInTheDocument();

    await user.click(buttonByText(/导\s*出/));
    await waitFor(() =>
      expect(api.exportEmployeePrices).toHaveBeenCalledWith(
        expect.objectContaining({ keyword: 'SKU', limited: 'false' }),
      ),
    );
    expect(api.exportEmployeePrices.mock.calls[0][0]).not.toHaveProperty('pageNo');

    await user.click(buttonByText('设置限购', row));
    const dialog = await findDialog('每月限购：山泉水 550ml');
    await user.type(within(dialog).getByPlaceholderText('不限'), '5');
    await user.click(buttonByText(/确\s*定|保\s*存/, dialog));
    await waitFor(() => expect(api.saveSkuLimit).toHaveBeenCalledWith('s1', 5));
    await waitFor(() => expect(api.listEmployeePrices).toHaveBeenCalledTimes(2));
  });

  it('shows the limits to a reader without employee:price but no command', async () => {
    api.listEmployeePrices.mockResolvedValue(page([{ ...item, perMonthLimitQty: 3 }]));
    await renderSystemPage(<EmployeePriceListPage />, { path: '/eEmployee/price', codes: ['employee:list'] });
    const row = await rowOf('SKU-001');
    expect(within(row).getByText('3 箱')).toBeInTheDocument();
    expect(screen.queryByText('设置限购')).not.toBeInTheDocument();
  });

  it('keeps the 自提点 on a tab of their own: filtered, added and disabled under employee:price', async () => {
    const user = setupUser({ delay: null });
    api.savePickupPoint.mockResolvedValue(ok({ id: 'p2' }, '操作成功'));
    const view = await renderSystemPage(<EmployeePriceListPage />, {
      path: '/eEmployee/price?keyword=SKU',
      codes: ['employee:list', 'employee:price'],
    });
    await rowOf('SKU-001');
    await user.click(screen.getByRole('tab', { name: '自提点' }));
    // A new tab starts without the other tab's filters.
    await rowOf('总部员工自提点');
    expect(view.search()).toBe('tab=points');
    expect(api.listPickupPoints).toHaveBeenLastCalledWith(
      expect.not.objectContaining({ keyword: 'SKU' }),
      expect.anything(),
    );

    await user.click(buttonByText('新增自提点'));
    const dialog = await findDialog('新增自提点');
    await user.click(buttonByText(/确\s*定|保\s*存/, dialog));
    expect(await within(dialog).findByText('请输入名称!')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('名称'), '南沙仓自提点');
    await user.type(within(dialog).getByLabelText('地址'), '广州市南沙区 8 号');
    await user.click(buttonByText(/确\s*定|保\s*存/, dialog));
    await waitFor(() =>
      expect(api.savePickupPoint).toHaveBeenCalledWith(
        expect.objectContaining({ name: '南沙仓自提点', address: '广州市南沙区 8 号', openHours: null }),
      ),
    );

    const row = await rowOf('总部员工自提点');
    await user.click(buttonByText(/停\s*用/, row));
    const confirm = (
      await screen.findByText('确定停用自提点“总部员工自提点”吗？', { selector: '.ant-modal-title' })
    ).closest('.ant-modal') as HTMLElement;
    await user.click(buttonByText(/停\s*用/, confirm));
    await waitFor(() =>
      expect(api.savePickupPoint).toHaveBeenLastCalledWith({
        id: 'p1',
        name: '总部员工自提点',
        address: '广州市天河区 1 号',
        openHours: '工作日 9:00-18:00',
        contact: '仓管 李师傅',
        status: 'DISABLED',
      }),
    );
  });
});

describe('内购订单', () => {
  it('filters by keyword, 自提点 and order day from the URL and exports the same', async () => {
    const user = setupUser({ delay: null });
    api.exportEmployeeOrders.mockResolvedValue(null);
    await renderSystemPage(<EmployeeOrderListPage />, {
      path: '/eEmployee/order?keyword=139&pickupPointId=p1&orderedAt_begin=2026-11-01&orderedAt_end=2026-11-30',
      codes: ['employee:list'],
    });
    const row = await rowOf('EO202611200001');
    const filters = {
      keyword: '139',
      pickupPointId: 'p1',
      orderedAt_begin: '2026-11-01',
      orderedAt_end: '2026-11-30',
    };
    expect(api.listEmployeeOrders).toHaveBeenCalledWith(expect.objectContaining(filters), expect.anything());
    expect(within(row).getByText('E0001 · 13900000001')).toBeInTheDocument();
    // The 自提点 picker shows the chosen point by name; without employee:order there is no 操作.
    const form = document.querySelector<HTMLElement>('form[aria-label="查询条件"]')!;
    expect(await within(form).findByText('总部员工自提点')).toBeInTheDocument();
    expect(screen.queryByText('操作')).not.toBeInTheDocument();
    await user.click(buttonByText(/导\s*出/));
    await waitFor(() =>
      expect(api.exportEmployeeOrders).toHaveBeenCalledWith(expect.objectContaining(filters)),
    );
  });

  it('hands a paid order to the warehouse with employee:order and shows the server’s refusal', async () => {
    const user = setupUser({ delay: null });
    api.employeeOrderStep.mockResolvedValue(refused('内购订单状态已变更，请刷新后重试', 409));
    await renderSystemPage(<EmployeeOrderListPage />, {
      path: '/eEmployee/order',
      codes: ['employee:list', 'employee:order'],
    });
    const row = await rowOf('EO202611200001');
    await user.click(buttonByText('备货完成', row));
    expect(await screen.findByText('内购订单状态已变更，请刷新后重试')).toBeInTheDocument();
    expect(api.employeeOrderStep).toHaveBeenCalledWith('ready', 'o1');
    expect(api.listEmployeeOrders).toHaveBeenCalledTimes(1);
  });

  it('on a tablet shows the order, its amount and status, the rest in the row’s detail', async () => {
    const { store } = await renderSystemPage(<EmployeeOrderListPage />, {
      path: '/eEmployee/order',
      codes: ['employee:list'],
    });
    act(() => {
      store.dispatch(deviceChanged('tablet'));
    });
    await rowOf('EO202611200001');
    const headers = Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent);
    expect(headers.filter(Boolean)).toEqual(['订单号', '金额', '状态']);
  });
});

describe('自提核销', () => {
  it('lists the counter’s records by pickup day, exports them and reloads after a pickup', async () => {
    const user = setupUser({ delay: null });
    api.exportPickups.mockResolvedValue(null);
    api.lookupPickupCode.mockResolvedValue(
      ok({
        ...order({ status: 'READY_FOR_PICKUP', status_dictText: '待自提', pickedUpAt: null }),
        lines: [],
      }),
    );
    api.confirmPickup.mockResolvedValue(ok({ orderNo: 'EO202611200001', status: 'PICKED_UP' }));
    await renderSystemPage(<PickupVerifyPage />, {
      path: '/eEmployee/pickup?pickedUpAt_begin=2026-11-21&status=PICKED_UP',
      codes: ['employee:pickup'],
    });
    const row = await rowOf('李仓管');
    expect(within(row).getByText('2026-11-21 15:30:00')).toBeInTheDocument();
    expect(api.listPickups).toHaveBeenCalledWith(
      expect.objectContaining({ pickedUpAt_begin: '2026-11-21', status: 'PICKED_UP' }),
      expect.anything(),
    );
    await user.click(buttonByText(/导\s*出/));
    await waitFor(() =>
      expect(api.exportPickups).toHaveBeenCalledWith(
        expect.objectContaining({ pickedUpAt_begin: '2026-11-21', status: 'PICKED_UP' }),
      ),
    );

    await user.type(screen.getByLabelText('提货码'), '12345678{Enter}');
    await user.click(await screen.findByText(/确认核销/, { selector: 'button, button > span' }));
    expect(await screen.findByText('订单 EO202611200001 已核销提货')).toBeInTheDocument();
    expect(api.confirmPickup).toHaveBeenCalledWith('12345678');
    await waitFor(() => expect(api.listPickups).toHaveBeenCalledTimes(2));
  });
});
