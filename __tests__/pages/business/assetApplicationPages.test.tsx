// 资产申请 and 资产审批: each application offers the step its status and the caller's codes allow; signing needs a
// handover photo; 资产审批 is the 审批中心 of the asset types only.
import { screen, waitFor, within } from '@testing-library/react';
import type { ApprovalRecord } from '../../../common/approvals';
import * as approvalsApi from '../../../src/api/approvals';
import * as assetsApi from '../../../src/api/assets';
import AssetApplicationListPage from '../../../src/pages/business/asset/AssetApplicationListPage';
import AssetApprovalPage from '../../../src/pages/business/asset/AssetApprovalPage';
import { buttonByText, findDialog, ok, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/assets');
jest.mock('../../../src/api/approvals');
jest.setTimeout(60000);

const assets = jest.mocked(assetsApi);
const approvals = jest.mocked(approvalsApi);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

const application = (overrides: Partial<assetsApi.AssetApplication>): assetsApi.AssetApplication => ({
  id: 'p1',
  applyNo: 'FP202611260001',
  applyType: 'PLACE',
  applyType_dictText: '投放申请',
  status: 'PENDING_DEPOSIT',
  status_dictText: '待付押金',
  assetId: 'a1',
  assetNo: 'HY100001',
  modelName: '立式单门冷藏柜 400L',
  customerId: 'c1',
  customerName: '老王便利店',
  toCustomerName: null,
  freeDeposit: false,
  depositAmount: '500.00',
  depositStatus: 'UNPAID',
  depositStatus_dictText: '待支付',
  depositReceiptNo: null,
  reason: null,
  refundDeposit: null,
  remark: null,
  resultRemark: null,
  applicantName: '赵磊',
  createTime: '2026-11-26 09:00:00',
  finishTime: null,
  ...overrides,
});

beforeEach(() => {
  assets.listAssetApplications.mockResolvedValue(
    page([
      application({}),
      application({
        id: 'p2',
        applyNo: 'FP202611260002',
        assetNo: 'HY100002',
        status: 'DELIVERING',
        status_dictText: '配送中',
      }),
    ]),
  );
});
afterEach(() => jest.clearAllMocks());

it('offers each application the step of its status, with the code for it', async () => {
  await renderSystemPage(<AssetApplicationListPage />, { codes: ['asset:list', 'asset:deposit'] });
  const waiting = (await screen.findByText('FP202611260001')).closest('tr')!;
  expect(within(waiting).getByText('确认押金')).toBeInTheDocument();
  const delivering = screen.getByText('FP202611260002').closest('tr')!;
  // No asset:deliver: no 签收投放.
  expect(within(delivering).queryByText('签收投放')).not.toBeInTheDocument();
});

it('签收投放 needs a handover photo before it is sent', async () => {
  const user = setupUser();
  await renderSystemPage(<AssetApplicationListPage />, { codes: ['asset:list', 'asset:deliver'] });
  const delivering = (await screen.findByText('FP202611260002')).closest('tr')!;
  await user.click(buttonByText('签收投放', delivering));
  const form = await findDialog('签收投放：FP202611260002');
  await user.click(buttonByText(/保\s*存/, form));
  expect(await within(form).findByText('请上传门店签收的交接照片!')).toBeInTheDocument();
  expect(assets.signPlacement).not.toHaveBeenCalled();
});

it('资产审批 lists the approvals of the asset types only', async () => {
  approvals.listApprovals.mockResolvedValue(
    page<ApprovalRecord>([
      {
        id: 'i1',
        bizType: 'ASSET_PLACE',
        bizType_dictText: '冰柜投放',
        bizId: 'p1',
        bizNo: 'FP202611260001',
        title: '冰柜投放：老王便利店',
        status: 'IN_PROGRESS',
        status_dictText: '审批中',
        initiatorId: 'u1',
        initiatorName: '管理员',
        orgCode: 'A01A02A01',
        orgName: '广州办事处',
        currentNodeSeq: 1,
        currentNodeName: '部门负责人审批',
        flowName: '冰柜投放审批（5000元以下）',
        lowRisk: false,
        startTime: '2026-11-26 09:00:00',
        finishTime: null,
        taskId: 't1',
        taskResult: 'PENDING',
        taskResult_dictText: '待审批',
        actTime: null,
      },
    ]),
  );
  approvals.getPendingCount.mockResolvedValue(ok({ pending: 1 }));
  await renderSystemPage(<AssetApprovalPage />, { codes: ['approval:center', 'asset:list'] });
  expect(await screen.findByText('冰柜投放：老王便利店')).toBeInTheDocument();
  await waitFor(() =>
    expect(approvals.listApprovals).toHaveBeenCalledWith(
      'todo',
      expect.objectContaining({ bizType: 'ASSET_PLACE,ASSET_RECALL,ASSET_TRANSFER,ASSET_SCRAP' }),
    ),
  );
});
