// 审批中心 and 审批流配置: the tabs read their own lists with the filters; the drawer shows the business summary
// and the log, refuses a rejection without a reason, approves and then reloads list and count; batch approval
// is offered for low-risk rows only; a flow is saved with its nodes and conditions.
import { screen, waitFor, within } from '@testing-library/react';
import type { ApprovalDetail, ApprovalFlow, ApprovalRecord } from '../../../common/approvals';
import * as approvalsApi from '../../../src/api/approvals';
import * as customersApi from '../../../src/api/customers';
import ApprovalCenterPage, { approvalFilters } from '../../../src/pages/approval/ApprovalCenterPage';
import { conditionText } from '../../../common/approvals';
import ApprovalFlowListPage from '../../../src/pages/approval/ApprovalFlowListPage';
import dayjs from 'dayjs';
import { buttonByText, ok, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/approvals');
jest.mock('../../../src/api/customers');

const api = jest.mocked(approvalsApi);
const customers = jest.mocked(customersApi);
beforeEach(() => customers.customerPhotos.mockResolvedValue(ok([])));
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

const record = (overrides: Partial<ApprovalRecord> = {}): ApprovalRecord => ({
  id: 'i1',
  bizType: 'CUSTOMER_CREATE',
  bizType_dictText: '新建门店',
  bizId: 'c1',
  bizNo: 'S0000501',
  title: '新建门店：阿强便利店',
  status: 'IN_PROGRESS',
  status_dictText: '审批中',
  initiatorId: 'u7',
  initiatorName: '赵磊',
  orgCode: 'A01A02A01',
  orgName: '广州办事处',
  currentNodeSeq: 1,
  currentNodeName: '主管审核',
  flowName: '新建门店审批',
  lowRisk: true,
  startTime: '2026-11-26 09:00:00',
  finishTime: null,
  taskId: 't1',
  taskResult: 'PENDING',
  taskResult_dictText: '待审批',
  actTime: null,
  ...overrides,
});

const detail: ApprovalDetail = {
  ...record(),
  summary: { fields: [{ label: '地址', value: '天河路 8 号' }] },
  nodes: [
    {
      seq: 1,
      name: '主管审核',
      approverType: 'CUSTOMER_OWNER_LEADER',
      approverRef: null,
      mode: 'ANY',
      timeoutHours: 48,
      timeoutAction: 'NONE',
    },
  ],
  flowVersion: 1,
  tasks: [
    {
      id: 't1',
      nodeSeq: 1,
      approverId: 'u2',
      approverName: '张伟',
      result: 'PENDING',
      result_dictText: '待审批',
      comment: null,
      dueTime: null,
      actTime: null,
    },
  ],
  logs: [
    {
      id: 'l1',
      nodeSeq: 1,
      action: 'SUBMIT',
      action_dictText: '提交',
      actorName: '赵磊',
      comment: null,
      time: '2026-11-26 09:00:00',
    },
  ],
  myTaskId: 't1',
  canWithdraw: false,
};

afterEach(() => jest.clearAllMocks());

it('turns the form into the server filters: a title contains, the dates cover whole days', () => {
  expect(
    approvalFilters({
      bizType: 'CUSTOMER_CREATE',
      title: ' 阿强 ',
      startTime: [dayjs('2026-11-01'), dayjs('2026-11-26')],
    }),
  ).toEqual({
    bizType: 'CUSTOMER_CREATE',
    orgCode: undefined,
    title: '*阿强*',
    startTime_begin: '2026-11-01 00:00:00',
    startTime_end: '2026-11-26 23:59:59',
  });
});

it('待我审批 lists the tasks; the drawer shows the summary, needs a reason to reject, and approves', async () => {
  const user = setupUser();
  api.listApprovals.mockResolvedValue(page([record()]));
  api.getApproval.mockResolvedValue(ok(detail));
  api.rejectTask.mockResolvedValue(ok({ instanceId: 'i1', status: 'REJECTED' }, '已驳回'));
  api.approveTask.mockResolvedValue(ok({ instanceId: 'i1', status: 'APPROVED' }, '已批准'));
  api.getPendingCount.mockResolvedValue(ok({ pending: 0 }));
  customers.customerPhotos.mockResolvedValue(
    ok([
      { id: 'p1', kind: 'DOOR', kind_dictText: '门头照', url: 'https://img.example.com/d.jpg', title: null },
    ]),
  );
  await renderSystemPage(<ApprovalCenterPage />, {
    path: '/approval/center?bizType=CUSTOMER_CREATE',
    codes: ['approval:center'],
  });
  const row = (await screen.findByText('新建门店：阿强便利店')).closest('tr') as HTMLElement;
  expect(api.listApprovals).toHaveBeenCalledWith(
    'todo',
    expect.objectContaining({ bizType: 'CUSTOMER_CREATE' }),
  );
  expect(within(row).getByText('广州办事处')).toBeInTheDocument();
  await user.click(buttonByText(/审\s*批/, row));
  const drawer = (await screen.findByText('新建门店：新建门店：阿强便利店')).closest(
    '.ant-drawer',
  ) as HTMLElement;
  expect(await within(drawer).findByText('天河路 8 号')).toBeInTheDocument();
  expect(within(drawer).getByText(/赵磊 提交/)).toBeInTheDocument();
  // The outlet's photos below the summary, through the photo viewer.
  expect(await within(drawer).findByAltText('缩略图 门头照')).toBeInTheDocument();
  expect(customers.customerPhotos).toHaveBeenCalledWith('c1');

  await user.click(buttonByText(/驳\s*回/, drawer));
  await user.click(buttonByText(/确认驳回/, drawer));
  expect(await within(drawer).findByText('请填写驳回原因!')).toBeInTheDocument();
  expect(api.rejectTask).not.toHaveBeenCalled();
  await user.click(buttonByText(/返\s*回/, drawer));

  await user.click(buttonByText(/通\s*过/, drawer));
  await user.type(within(drawer).getByLabelText('审批意见'), '属实');
  const loads = api.listApprovals.mock.calls.length;
  await user.click(buttonByText(/确认通过/, drawer));
  await waitFor(() => expect(api.approveTask).toHaveBeenCalledWith('t1', '属实'));
  await waitFor(() => expect(api.listApprovals.mock.calls.length).toBeGreaterThan(loads));
  await waitFor(() => expect(api.getPendingCount).toHaveBeenCalled());
});

it('我已审批 and 我发起的 read their own lists; the initiator may withdraw, not approve', async () => {
  const user = setupUser();
  api.listApprovals.mockImplementation(async (tab) =>
    page([record({ id: `i-${tab}`, title: `${tab} 的审批`, taskId: tab === 'mine' ? null : 't1' })]),
  );
  api.getApproval.mockResolvedValue(ok({ ...detail, myTaskId: null, canWithdraw: true }));
  await renderSystemPage(<ApprovalCenterPage />, { codes: ['approval:center'] });
  await screen.findByText('todo 的审批');
  await user.click(screen.getByRole('tab', { name: '我已审批' }));
  await screen.findByText('done 的审批');
  await user.click(screen.getByRole('tab', { name: '我发起的' }));
  const row = (await screen.findByText('mine 的审批')).closest('tr') as HTMLElement;
  expect(api.listApprovals.mock.calls.map(([tab]) => tab)).toEqual(
    expect.arrayContaining(['todo', 'done', 'mine']),
  );
  await user.click(buttonByText(/详\s*情/, row));
  const drawer = (await screen.findByText('天河路 8 号')).closest('.ant-drawer') as HTMLElement;
  expect(within(drawer).queryByRole('button', { name: /通\s*过/ })).not.toBeInTheDocument();
  expect(buttonByText(/撤\s*回/, drawer)).toBeInTheDocument();
});

it('offers 批量通过 for low-risk rows only', async () => {
  const user = setupUser();
  api.listApprovals.mockResolvedValue(
    page([record(), record({ id: 'i2', taskId: 't2', title: '超信用订单', lowRisk: false })]),
  );
  api.approveBatch.mockResolvedValue(ok({ approved: 1, failed: [] }, '已批准 1 条'));
  api.getPendingCount.mockResolvedValue(ok({ pending: 1 }));
  await renderSystemPage(<ApprovalCenterPage />, { codes: ['approval:center'] });
  const safe = (await screen.findByText('新建门店：阿强便利店')).closest('tr') as HTMLElement;
  const risky = screen.getByText('超信用订单').closest('tr') as HTMLElement;
  await user.click(within(risky).getByRole('checkbox'));
  expect(buttonByText(/批量通过/)).toBeDisabled();
  await user.click(within(risky).getByRole('checkbox'));
  await user.click(within(safe).getByRole('checkbox'));
  await user.click(buttonByText(/批量通过/));
  await waitFor(() => expect(api.approveBatch).toHaveBeenCalledWith(['t1']));
});

const flow: ApprovalFlow = {
  id: 'f1',
  bizType: 'ORDER_CREDIT',
  bizType_dictText: '订单信用',
  name: '超信用订单审批（5万元及以上）',
  priority: 100,
  conditions: { amountMin: 50000 },
  nodes: [
    {
      seq: 1,
      name: '部门负责人审批',
      approverType: 'ORG_LEADER',
      approverRef: null,
      mode: 'ANY',
      timeoutHours: 24,
      timeoutAction: 'NONE',
    },
  ],
  lowRisk: false,
  status: 'ACTIVE',
  status_dictText: '启用',
  flowVersion: 3,
  updateTime: '2026-11-26 09:00:00',
};

it('names a flow’s conditions in one line', () => {
  expect(conditionText({})).toBe('全部');
  expect(conditionText({ amountMin: 50000, orgCodes: ['A01A02'] })).toBe('金额 50000 ~ 不限 · 部门 A01A02');
});

it('审批流配置 lists the flows and saves an edit with its nodes and conditions', async () => {
  const user = setupUser();
  api.listFlows.mockResolvedValue(page([flow]));
  api.saveFlow.mockResolvedValue(ok({ id: 'f1' }, '编辑成功！'));
  await renderSystemPage(<ApprovalFlowListPage />, { codes: ['approval:flow'] });
  const row = (await screen.findByText('超信用订单审批（5万元及以上）')).closest('tr') as HTMLElement;
  expect(within(row).getByText('金额 50000 ~ 不限')).toBeInTheDocument();
  expect(within(row).getByText('部门负责人审批（发起人部门负责人·或签）')).toBeInTheDocument();
  await user.click(buttonByText(/编\s*辑/, row));
  const dialog = (await screen.findByText('编辑审批流：超信用订单审批（5万元及以上）')).closest(
    '.ant-modal',
  ) as HTMLElement;
  await user.click(buttonByText(/添加节点/, dialog));
  await user.type(within(dialog).getByPlaceholderText('如 A01A02'), 'A01A02, A01A01');
  await user.click(buttonByText(/确\s*定|保\s*存/, dialog));
  await waitFor(() => expect(api.saveFlow).toHaveBeenCalled());
  expect(api.saveFlow.mock.calls[0][0]).toMatchObject({
    id: 'f1',
    bizType: 'ORDER_CREDIT',
    conditions: { amountMin: 50000, amountMax: null, orgCodes: ['A01A02', 'A01A01'] },
    nodes: [
      { name: '部门负责人审批', approverType: 'ORG_LEADER', timeoutHours: 24 },
      { name: '审批', approverType: 'ORG_LEADER', approverRef: null, mode: 'ANY', timeoutHours: null },
    ],
  });
});
