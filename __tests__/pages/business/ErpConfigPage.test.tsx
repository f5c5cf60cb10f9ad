// ERP配置: the connections with their status; 测试连接 reports and reloads the counters (a good test re-queues
// the tasks that waited for the credentials); the edit form never shows the secret and keeps it when blank.
import { screen, waitFor, within } from '@testing-library/react';
import * as erpApi from '../../../src/api/erpSync';
import * as failedOrdersApi from '../../../src/api/failedOrders';
import ErpConfigPage from '../../../src/pages/business/erp/ErpConfigPage';
import { buttonByText, findDialog, ok, rowAction, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/erpSync');
jest.mock('../../../src/api/failedOrders');

const api = jest.mocked(erpApi);
const counters = jest.mocked(failedOrdersApi);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

const connection: erpApi.ErpConnection = {
  id: 'c1',
  name: '品牌金蝶',
  systemType: 'KINGDEE_K3CLOUD',
  systemType_dictText: '金蝶云星空',
  baseUrl: 'https://erp.example.com/k3cloud',
  acctId: 'A1',
  appId: 'app',
  userName: 'administrator',
  saleOrgCode: '100',
  defaultBillType: null,
  defaultWarehouseCode: null,
  timeoutMs: 15000,
  networkRetries: 2,
  status: 'AUTH_FAILED',
  status_dictText: '认证失效',
  lastTestAt: '2026-11-22 10:00:00',
  lastTestResult: '金蝶登录失败：用户名或密码错误',
  unmappedCount: 3,
};

beforeEach(() => {
  counters.getFailedOrders.mockResolvedValue(ok({ total: 0, records: [] }));
  api.listErpConnections.mockResolvedValue(page([connection]));
});
afterEach(() => jest.clearAllMocks());

it('tests a connection and reloads the list and the counters', async () => {
  const user = setupUser();
  api.testErpConnection.mockResolvedValue(
    ok({ success: true, message: '金蝶云星空登录成功', requeued: 2 }, '连接成功'),
  );
  await renderSystemPage(<ErpConfigPage />, { path: '/eErpConfig', codes: ['erp:config'] });
  const row = (await screen.findByText('品牌金蝶')).closest('tr') as HTMLElement;
  expect(within(row).getByText('认证失效')).toBeInTheDocument();
  await user.click(buttonByText('测试连接', row));
  await waitFor(() => expect(api.testErpConnection).toHaveBeenCalledWith('c1'));
  await waitFor(() => expect(counters.getFailedOrders).toHaveBeenCalledTimes(2));
  expect(api.listErpConnections).toHaveBeenCalledTimes(2);
});

it('edits without showing the secret; a blank secret is sent as blank (kept by the server)', async () => {
  const user = setupUser();
  api.editErpConnection.mockResolvedValue(ok({ id: 'c1' }, '编辑成功!'));
  await renderSystemPage(<ErpConfigPage />, { path: '/eErpConfig', codes: ['erp:config'] });
  const row = (await screen.findByText('品牌金蝶')).closest('tr') as HTMLElement;
  await rowAction(user, row, '编辑');
  const dialog = await findDialog('编辑ERP连接');
  expect(within(dialog).getByText('留空则保留原密钥；密钥不会回显')).toBeInTheDocument();
  await user.click(buttonByText(/保\s*存/, dialog));
  await waitFor(() =>
    expect(api.editErpConnection).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 'c1',
        appSecret: '',
        baseUrl: 'https://erp.example.com/k3cloud',
        status: 'ACTIVE',
      }),
    ),
  );
});
