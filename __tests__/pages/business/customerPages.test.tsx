// 客户列表 and 门店审核: filters from the URL reach the server, the detail drawer loads photos and team,
// status commands ask first; the audit shows the look-alikes and refuses a rejection without a reason.
import { screen, waitFor, within } from '@testing-library/react';
import * as historyApi from '../../../src/api/changeHistory';
import * as customersApi from '../../../src/api/customers';
import CustomerAuditPage from '../../../src/pages/business/customer/CustomerAuditPage';
import CustomerListPage from '../../../src/pages/business/customer/CustomerListPage';
import { offsetMetres } from '../../../src/pages/business/customer/PoiAuditModal';
import { buttonByText, ok, setupUser } from '../../support/signIn';
import { customer } from '../../support/customers';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/customers');
// The drawers' 变更记录 (its own test: ChangeHistory.test.tsx).
jest.mock('../../../src/api/changeHistory');
beforeEach(() => jest.mocked(historyApi).changeHistory.mockResolvedValue(ok([])));

const api = jest.mocked(customersApi);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

afterEach(() => jest.clearAllMocks());

it('a point 100 m north and 100 m east is 100 m away on each axis', () => {
  const centre = { lng: 121.5, lat: 31.2 };
  const { east, north } = offsetMetres(centre, {
    lng: 121.5 + 100 / (111_320 * Math.cos((31.2 * Math.PI) / 180)),
    lat: 31.2 + 100 / 111_320,
  });
  expect(east).toBeCloseTo(100, 5);
  expect(north).toBeCloseTo(100, 5);
});

it('the customer list sends the URL’s filters, shows labels and statuses, and opens the detail', async () => {
  const user = setupUser();
  api.listCustomers.mockResolvedValue(page([customer()]));
  api.customerPhotos.mockResolvedValue(
    ok([{ id: 'p1', kind: 'DOOR', kind_dictText: '门头照', url: '/door.jpg', title: '门头' }]),
  );
  api.customerTeam.mockResolvedValue(
    ok([
      {
        id: 't1',
        userId: 'u1',
        realname: '张伟',
        phone: '13800000002',
        role: 'OWNER',
        role_dictText: '主负责',
        fromDate: '2026-01-01',
        toDate: null,
      },
    ]),
  );
  await renderSystemPage(<CustomerListPage />, {
    path: '/eCustomer/list?customerType=OUTLET&cityCode=310100',
    codes: ['customer:list'],
  });
  const row = (await screen.findByText('好邻居便利店')).closest('tr') as HTMLElement;
  expect(api.listCustomers).toHaveBeenCalledWith(
    expect.objectContaining({ customerType: 'OUTLET', cityCode: '310100' }),
    expect.anything(),
  );
  expect(within(row).getByText('重点门店')).toBeInTheDocument();
  // 类型 is a two-line cell: the type, then channel / outlet type.
  expect(within(row).getByText('终端门店')).toBeInTheDocument();
  expect(within(row).getByText('传统 / 便利店')).toBeInTheDocument();
  // Without a command code there is no 更多 menu (nor 编辑).
  expect(within(row).queryByText(/更多/)).not.toBeInTheDocument();
  expect(within(row).queryByText(/编\s*辑/)).not.toBeInTheDocument();
  await user.click(buttonByText(/详\s*情/, row));
  const drawer = (await screen.findByText('客户详情：好邻居便利店（S0000001）')).closest(
    '.ant-drawer',
  ) as HTMLElement;
  expect(await within(drawer).findByText('主负责')).toBeInTheDocument();
  expect(within(drawer).getAllByAltText('门头').length).toBeGreaterThan(0);
  expect(api.customerPhotos).toHaveBeenCalledWith('c1');
});

it('冻结 asks first, then changes the status', async () => {
  const user = setupUser();
  api.listCustomers.mockResolvedValue(page([customer()]));
  api.changeCustomerStatus.mockResolvedValue(ok(null, '操作成功！'));
  await renderSystemPage(<CustomerListPage />, { codes: ['customer:list', 'customer:status'] });
  const row = (await screen.findByText('好邻居便利店')).closest('tr') as HTMLElement;
  await user.click(buttonByText(/更多/, row));
  await user.click(await screen.findByText('冻结', { selector: '.ant-dropdown-menu-title-content' }));
  const confirm = (
    await screen.findByText('确定冻结客户“好邻居便利店”吗？', { selector: '.ant-modal-title' })
  ).closest('.ant-modal') as HTMLElement;
  await user.click(buttonByText(/冻\s*结/, confirm));
  await waitFor(() => expect(api.changeCustomerStatus).toHaveBeenCalledWith('c1', 'FROZEN'));
});

const audit: customersApi.PoiAudit = {
  customer: {
    id: 'c9',
    customerCode: 'S0000009',
    name: '好邻居便利店(张杨路)',
    outletType: '便利店',
    address: '上海市浦东新区张杨路2号',
    lng: 121.5,
    lat: 31.2,
    auditStatus: 'PENDING',
    auditStatus_dictText: '待审核',
    businessLicenseNo: null,
  },
  poi: { id: 'poi1', name: '好邻居便利店', lng: 121.5001, lat: 31.2001 },
  radiusM: 200,
  rings: [50, 100],
  nearby: [
    {
      id: 'c1',
      customerCode: 'S0000001',
      name: '好邻居便利店',
      customerType_dictText: '终端门店',
      auditStatus_dictText: '已通过',
      address: '张杨路1号',
      lng: 121.5002,
      lat: 31.2,
      distanceM: 19,
      similarity: 0.83,
      likelyDuplicate: true,
    },
  ],
  photos: [],
  poiDistanceM: 15,
  reasons: ['疑似重复：好邻居便利店（S0000001，相距 19 米）'],
  autoPass: false,
};

it('the audit queue asks for pending outlets; a rejection needs its reason, an approval goes through', async () => {
  const user = setupUser();
  api.listCustomers.mockResolvedValue(
    page([
      customer({
        id: 'c9',
        name: '好邻居便利店(张杨路)',
        auditStatus: 'PENDING',
        auditStatus_dictText: '待审核',
      }),
    ]),
  );
  api.poiAudit.mockResolvedValue(ok(audit));
  api.auditCustomer.mockResolvedValue(ok(null, '审核成功'));
  await renderSystemPage(<CustomerAuditPage />, { codes: ['customer:audit'] });
  const row = (await screen.findByText('好邻居便利店(张杨路)')).closest('tr') as HTMLElement;
  expect(api.listCustomers).toHaveBeenCalledWith(
    expect.objectContaining({ customerType: 'OUTLET', auditStatus: 'PENDING' }),
  );
  await user.click(buttonByText(/审\s*核/, row));
  const modal = (await screen.findByText('门店审核：好邻居便利店(张杨路)（S0000009）')).closest(
    '.ant-modal',
  ) as HTMLElement;
  expect(within(modal).getByText('疑似重复')).toBeInTheDocument();
  expect(within(modal).getByText('83%')).toBeInTheDocument();
  expect(within(modal).getByText('19米')).toBeInTheDocument();
  expect(within(modal).getByText('疑似重复：好邻居便利店（S0000001，相距 19 米）')).toBeInTheDocument();
  await user.click(buttonByText(/驳\s*回/, modal));
  expect(await within(modal).findByText('请填写驳回原因!')).toBeInTheDocument();
  expect(api.auditCustomer).not.toHaveBeenCalled();
  await user.click(buttonByText(/通\s*过/, modal));
  await waitFor(() => expect(api.auditCustomer).toHaveBeenCalledWith('c9', 'APPROVE', undefined));
  await waitFor(() => expect(api.listCustomers).toHaveBeenCalledTimes(2));
});
