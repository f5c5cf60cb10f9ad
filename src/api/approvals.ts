// The approval engine's API (docs/approvals-api.md): the 审批中心 lists and commands, and the flow definitions.
import {
  APPROVAL_TAB,
  type ApprovalDetail,
  type ApprovalFlow,
  type ApprovalNode,
  type ApprovalRecord,
  type ApprovalTab,
  type FlowConditions,
  type FlowStatus,
} from '../../common/approvals';
import type { Page } from '../../common/contract';
import { downloadFile, getAction, postAction, putAction } from './http';
import type { ListParams } from './systemTypes';

export const listApprovals = (tab: ApprovalTab, params: ListParams) =>
  getAction<Page<ApprovalRecord>>(`/approval/${tab}/list`, params);
export const exportApprovals = (tab: ApprovalTab, params: ListParams) =>
  downloadFile(`/approval/${tab}/exportXls`, `${APPROVAL_TAB[tab]}.xlsx`, params);

export const getPendingCount = () => getAction<{ pending: number }>('/approval/pendingCount');

export const getApproval = (id: string) => getAction<ApprovalDetail>('/approval/queryById', { id });

export interface UserOption {
  id: string;
  realname: string;
  username: string;
}

export const approverOptions = (keyword?: string) =>
  getAction<UserOption[]>('/approval/userOptions', keyword ? { keyword } : {});

export interface StepAnswer {
  instanceId: string;
  status: string;
}

export const approveTask = (taskId: string, comment?: string) =>
  postAction<StepAnswer>('/approval/approve', { taskId, comment });

export const rejectTask = (taskId: string, comment: string) =>
  postAction<StepAnswer>('/approval/reject', { taskId, comment });

export const transferTask = (taskId: string, toUserId: string, comment?: string) =>
  postAction<StepAnswer>('/approval/transfer', { taskId, toUserId, comment });

export const withdrawApproval = (id: string, comment?: string) =>
  postAction<StepAnswer>('/approval/withdraw', { id, comment });

export const approveBatch = (taskIds: string[]) =>
  postAction<{ approved: number; failed: Array<{ taskId: string; message: string }> }>(
    '/approval/approveBatch',
    {
      taskIds,
    },
  );

export const listFlows = (params: ListParams) => getAction<Page<ApprovalFlow>>('/approval/flow/list', params);
export const exportFlows = (params: ListParams) =>
  downloadFile('/approval/flow/exportXls', '审批流配置.xlsx', params);

export const flowRoleOptions = () =>
  getAction<Array<{ code: string; name: string }>>('/approval/flow/roleOptions');

export interface FlowPayload {
  id?: string;
  bizType: string;
  name: string;
  priority: number;
  lowRisk: boolean;
  conditions: FlowConditions;
  nodes: Array<Omit<ApprovalNode, 'seq'>>;
}

export const saveFlow = (flow: FlowPayload) =>
  flow.id
    ? putAction<{ id: string }>('/approval/flow/edit', flow)
    : postAction<{ id: string }>('/approval/flow/add', flow);

export const changeFlowStatus = (id: string, status: FlowStatus) =>
  putAction<{ id: string }>('/approval/flow/status', { id, status });
