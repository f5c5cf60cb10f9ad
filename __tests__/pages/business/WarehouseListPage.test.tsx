// 仓库管理: filters from the URL, buttons by permission code, a dealer warehouse must name its dealer, the
// server's refusal stays in the modal, and 停用 asks first and keeps the other fields.
import { screen, waitFor, within } from '@testing-library/react';
import * as customersApi from '../../../src/api/customers';
import * as stockApi from '../../../src/api/stock';
import WarehouseListPage from '../../../src/pages/business/stock/WarehouseListPage';
import { buttonByText, findDialog, ok, refused, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/customers');
jest.mock('../../../src/api/stock');
jest.setTimeout(60000);

const stock = jest.mocked(stockApi);
const customers = jest.mocked(customersApi);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

const warehouse: stockApi.Warehouse = {
  id: 'w1',
  code: 'WH-SH',
  name: '上海中心仓',
  ownerType: 'BRAND',
  ownerType_dictText: '品牌仓',
  ownerId: null,
  ownerName: null,
  storageType: 'AMBIENT',
  storageType_dictText: '常温',
  address: '上海市闵行区',
  orgCode: 'A01',
  erpWarehouseCode: 'CK0001',
  status: 'ACTIVE',
  status_dictText: '启用',
  createTime: '2026-01-01 10:00:00',
};

beforeEach(() => {
  stock.listWarehouses.mockResolvedValue(page([warehouse]));
  customers.dealerOptions.mockResolvedValue(
    ok([
      { id: 'd1', customerCode: 'D0001', name: '广州顺达商贸', customerType: 'DEALER', cityCode: '440100' },
    ]),
  );
});
afterEach(() => jest.clearAllMocks());

it('reads its filters from the URL and shows commands only with their codes', async () => {
  await renderSystemPage(<WarehouseListPage />, {
    path: '/eprod/warehouse?ownerType=BRAND&status=ACTIVE',
    codes: ['stock:list'],
  });
  const row = (await screen.findByText('上海中心仓')).closest('tr')!;
  expect(stock.listWarehouses).toHaveBeenCalledWith(
    expect.objectContaining({ ownerType: 'BRAND', status: 'ACTIVE' }),
    expect.anything(),
  );
  expect(within(row).getByText('品牌仓')).toBeInTheDocument();
  expect(screen.queryByText('新增仓库')).not.toBeInTheDocument();
  expect(screen.queryByText(/^停\s*用$/)).not.toBeInTheDocument();
});

it('a dealer warehouse needs its dealer; the server’s refusal stays in the modal', async () => {
  const user = setupUser();
  stock.saveWarehouse.mockResolvedValue(refused('仓库编码 WH-GZ 已存在', 409));
  await renderSystemPage(<WarehouseListPage />, { codes: ['stock:list', 'warehouse:add', 'warehouse:edit'] });
  await screen.findByText('上海中心仓');
  await user.click(buttonByText('新增仓库'));
  const form = await findDialog('新增仓库');
  await user.type(within(form).getByPlaceholderText('请输入仓库编码'), 'WH-GZ');
  await user.type(within(form).getByPlaceholderText('请输入仓库名称'), '广州经销商仓');
  await user.click(within(form).getByText('品牌仓'));
  await user.click(await screen.findByTitle('经销商仓'));
  await user.click(buttonByText(/保\s*存/, form));
  expect(await within(form).findByText('请选择所属经销商!')).toBeInTheDocument();
  expect(stock.saveWarehouse).not.toHaveBeenCalled();
  await user.click(within(form).getByText('请选择经销商'));
  await user.click(await screen.findByTitle('广州顺达商贸'));
  await user.click(buttonByText(/保\s*存/, form));
  expect(await within(form).findByText('仓库编码 WH-GZ 已存在')).toBeInTheDocument();
  expect(stock.saveWarehouse).toHaveBeenCalledWith(
    expect.objectContaining({ code: 'WH-GZ', name: '广州经销商仓', ownerType: 'DEALER', ownerId: 'd1' }),
  );
});

it('停用 asks first and sends the warehouse unchanged but for its status', async () => {
  const user = setupUser();
  stock.saveWarehouse.mockResolvedValue(ok({ id: 'w1' }, '编辑成功！'));
  await renderSystemPage(<WarehouseListPage />, { codes: ['stock:list', 'warehouse:edit'] });
  const row = (await screen.findByText('上海中心仓')).closest('tr')!;
  await user.click(buttonByText(/停\s*用/, row));
  const confirm = (
    await screen.findByText('确定停用仓库“上海中心仓”吗？', { selector: '.ant-modal-title' })
  ).closest('.ant-modal') as HTMLElement;
  await user.click(buttonByText(/停\s*用/, confirm));
  await waitFor(() =>
    expect(stock.saveWarehouse).toHaveBeenCalledWith({
      id: 'w1',
      code: 'WH-SH',
      name: '上海中心仓',
      ownerType: 'BRAND',
      ownerId: null,
      storageType: 'AMBIENT',
      address: '上海市闵行区',
      erpWarehouseCode: 'CK0001',
      status: 'DISABLED',
    }),
  );
  await waitFor(() => expect(stock.listWarehouses).toHaveBeenCalledTimes(2));
});
