// 同步失败订单: the list is filtered from the URL; 重试 runs the task and 忽略 needs a remark; after either the
// failed-order counters load again (the side menu's red dot follows); without the permission no command shows.
import { screen, waitFor, within } from '@testing-library/react';
import * as erpApi from '../../../src/api/erpSync';
import * as failedOrdersApi from '../../../src/api/failedOrders';
import SyncFailureListPage from '../../../src/pages/business/erp/SyncFailureListPage';
import { buttonByText, findDialog, ok, refused, rowAction, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/erpSync');
jest.mock('../../../src/api/failedOrders');

const api = jest.mocked(erpApi);
const counters = jest.mocked(failedOrdersApi);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
const CODES = ['erp:list', 'erp:retry', 'erp:ignore', 'erp:config'];

const task = (over: Partial<erpApi.SyncTask> = {}): erpApi.SyncTask => ({
  id: '7',
  taskNo: 'ES202611220001',
  connectionId: 'c1',
  connectionName: '金蝶（模拟器）',
  systemType: 'KINGDEE_K3CLOUD',
  systemType_dictText: '金蝶云星空',
  bizType: 'SALES_ORDER',
  bizType_dictText: '销售订单',
  bizId: 'o1',
  bizNo: 'SO202611220001',
  erpFormId: 'SAL_SaleOrder',
  operation: 'SAVE',
  operation_dictText: '保存',
  externalCode: 'SO202611220001-SAVE',
  status: 'FAILED',
  status_dictText: '失败',
  attemptCount: 1,
  maxAttempts: 5,
  errorCategory: 'PRICE',
  errorCategory_dictText: '价格异常',
  lastErrorMessage: '第1行分录的含税单价为0',
  erpBillNo: null,
  triggeredBy: 'AUTO',
  remark: null,
  nextRetryAt: '2026-11-22 11:01:00',
  succeededAt: null,
  createTime: '2026-11-22 11:00:00',
  updateTime: '2026-11-22 11:00:00',
  ...over,
});

beforeEach(() => {
  counters.getFailedOrders.mockResolvedValue(ok({ total: 0, records: [] }));
});
afterEach(() => jest.clearAllMocks());

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

it('lists what the URL filters, retries a task and reloads the counters', async () => {
  const user = setupUser({ delay: null });
  api.listSyncTasks.mockResolvedValue(page([task()]));
  api.retrySyncTasks.mockResolvedValue(
    ok({ total: 1, success: 1, failed: 0 }, '已重试 1 条：成功 1 条，失败 0 条'),
  );
  await renderSystemPage(<SyncFailureListPage />, {
    path: '/kingdee/sync/orders?errorCategory=PRICE',
    codes: CODES,
  });
  const row = await rowOf('SO202611220001');
  expect(api.listSyncTasks).toHaveBeenCalledWith(
    expect.objectContaining({ errorCategory: 'PRICE' }),
    expect.anything(),
  );
  expect(within(row).getByText('价格异常')).toBeInTheDocument();
  expect(within(row).queryByText(/去修正映射/)).toBeNull();
  await user.click(buttonByText(/重\s*试/, row));
  await waitFor(() => expect(api.retrySyncTasks).toHaveBeenCalledWith(['7']));
  await waitFor(() => expect(counters.getFailedOrders).toHaveBeenCalledTimes(2));
  expect(api.listSyncTasks).toHaveBeenCalledTimes(2);
});

it('ignores only with a remark, then reloads the counters', async () => {
  const user = setupUser({ delay: null });
  api.listSyncTasks.mockResolvedValue(page([task()]));
  api.ignoreSyncTasks.mockResolvedValue(ok({ count: 1 }, '已忽略'));
  await renderSystemPage(<SyncFailureListPage />, { path: '/kingdee/sync/orders', codes: CODES });
  await rowAction(user, await rowOf('SO202611220001'), /忽\s*略/);
  const dialog = await findDialog('忽略同步失败 SO202611220001');
  await user.click(buttonByText(/保\s*存/, dialog));
  expect(await within(dialog).findByText('请输入忽略原因!')).toBeInTheDocument();
  expect(api.ignoreSyncTasks).not.toHaveBeenCalled();
  await user.type(within(dialog).getByPlaceholderText('例如：已在ERP中手工补录'), '已在ERP补录');
  await user.click(buttonByText(/保\s*存/, dialog));
  await waitFor(() => expect(api.ignoreSyncTasks).toHaveBeenCalledWith(['7'], '已在ERP补录'));
  await waitFor(() => expect(counters.getFailedOrders).toHaveBeenCalledTimes(2));
});

describe('去修正映射', () => {
  const mappingTask = task({
    errorCategory: 'MAPPING',
    errorCategory_dictText: '编码未映射',
    lastErrorMessage: '物料编码 SKU001 未映射',
  });
  const detail = (lastErrorMessage: string): erpApi.SyncTaskDetail => ({
    ...mappingTask,
    lastErrorMessage,
    requestPayload: null,
    responsePayload: null,
    attempts: [],
    missingMappings: [
      {
        id: 'm1',
        entityType: 'MATERIAL',
        entityType_dictText: '物料',
        localCode: 'SKU001',
        localName: '青岛啤酒',
        erpCode: null,
        erpName: null,
        status: 'MISSING',
      } as erpApi.MissingMapping,
    ],
  });

  async function fillAndSave() {
    const user = setupUser({ delay: null });
    api.listSyncTasks.mockResolvedValue(page([mappingTask]));
    api.getSyncTask.mockResolvedValue(ok(detail('物料编码 SKU001 未映射')));
    api.saveErpMapping.mockResolvedValue(ok({ id: 'm1', requeued: 0 }));
    await renderSystemPage(<SyncFailureListPage />, { path: '/kingdee/sync/orders', codes: CODES });
    await rowAction(user, await rowOf('SO202611220001'), /去修正映射/);
    const dialog = await findDialog('修正编码映射 SO202611220001');
    await user.type(await within(dialog).findByPlaceholderText('青岛啤酒 在ERP中的编码'), 'K-001');
    await user.click(buttonByText(/保\s*存/, dialog));
    await waitFor(() => expect(api.retrySyncTasks).toHaveBeenCalledWith(['7']));
    expect(api.saveErpMapping).toHaveBeenCalledWith({ id: 'm1', erpCode: 'K-001' });
    return dialog;
  }

  it('saves the codes, retries and closes when the ERP accepts', async () => {
    api.retrySyncTasks.mockResolvedValue(
      ok({ total: 1, success: 1, failed: 0 }, '已重试 1 条：成功 1 条，失败 0 条'),
    );
    const dialog = await fillAndSave();
    await waitFor(() => expect(dialog).not.toBeVisible());
    await waitFor(() => expect(counters.getFailedOrders).toHaveBeenCalledTimes(2));
  });

  it('closes when the sync worker synced the task the saved codes made due before the retry could', async () => {
    api.retrySyncTasks.mockResolvedValue(refused('单据 SO202611220001 当前状态为「成功」，不能重试', 409));
    api.getSyncTask
      .mockResolvedValueOnce(ok(detail('物料编码 SKU001 未映射')))
      .mockResolvedValueOnce(ok({ ...detail(''), status: 'RUNNING' }))
      .mockResolvedValueOnce(ok({ ...detail(''), status: 'SUCCESS', missingMappings: [] }));
    const dialog = await fillAndSave();
    await waitFor(() => expect(dialog).not.toBeVisible(), { timeout: 5000 });
    expect(api.getSyncTask).toHaveBeenCalledTimes(3);
    await waitFor(() => expect(counters.getFailedOrders).toHaveBeenCalledTimes(2));
  });

  it('stays open with the reason when the ERP refuses again', async () => {
    api.retrySyncTasks.mockResolvedValue(
      ok({ total: 1, success: 0, failed: 1 }, '已重试 1 条：成功 0 条，失败 1 条'),
    );
    api.getSyncTask
      .mockResolvedValueOnce(ok(detail('物料编码 SKU001 未映射')))
      .mockResolvedValueOnce(ok(detail('物料编码 K-001 在ERP中不存在')));
    const dialog = await fillAndSave();
    expect(await within(dialog).findByText('ERP仍未接受：物料编码 K-001 在ERP中不存在')).toBeInTheDocument();
    expect(within(dialog).getByPlaceholderText('青岛啤酒 在ERP中的编码')).toHaveValue('K-001');
    // The list and the counters behind the dialog show the new attempt.
    await waitFor(() => expect(counters.getFailedOrders).toHaveBeenCalledTimes(2));
  });
});

it('shows a reader of a mapping failure its payloads and no command', async () => {
  api.listSyncTasks.mockResolvedValue(
    page([task({ errorCategory: 'MAPPING', errorCategory_dictText: '编码未映射' })]),
  );
  await renderSystemPage(<SyncFailureListPage />, { path: '/kingdee/sync/orders', codes: ['erp:list'] });
  const row = await rowOf('SO202611220001');
  expect(within(row).getByText('查看报文')).toBeInTheDocument();
  for (const command of [/重\s*试/, /忽\s*略/, /去修正映射/, /标记人工已处理/]) {
    expect(within(row).queryByText(command)).toBeNull();
  }
});

it("keeps the orders' failures and the customer archives' on tabs of their own, the export following the tab", async () => {
  const user = setupUser({ delay: null });
  api.listSyncTasks.mockResolvedValue(page([task()]));
  api.exportSyncTasks.mockResolvedValue(null);
  await renderSystemPage(<SyncFailureListPage />, { path: '/kingdee/sync/orders', codes: CODES });
  await rowOf('SO202611220001');
  expect(api.listSyncTasks).toHaveBeenLastCalledWith(
    expect.objectContaining({ record: 'ORDER' }),
    expect.anything(),
  );
  api.listSyncTasks.mockResolvedValue(
    page([task({ id: '8', bizType: 'CUSTOMER', bizType_dictText: '客户档案', bizNo: 'C0001' })]),
  );
  await user.click(screen.getByRole('tab', { name: '客户档案' }));
  await rowOf('C0001');
  expect(api.listSyncTasks).toHaveBeenLastCalledWith(
    expect.objectContaining({ record: 'ARCHIVE' }),
    expect.anything(),
  );
  await user.click(buttonByText(/导\s*出/));
  await waitFor(() =>
    expect(api.exportSyncTasks).toHaveBeenCalledWith(expect.objectContaining({ record: 'ARCHIVE' })),
  );
});
