// The approval engine's codes and shapes (DOMAIN §1.17), shared by the server and the SPA: business types,
// approver types, node modes, instance states and task results with their Chinese labels, and what a flow
// definition and an instance look like over the wire.

const labels = <T extends string>(entries: Record<T, string>) => entries;

/** Every business type a flow may be defined for; a module implements the ones it submits. */
export const APPROVAL_BIZ_TYPE = labels({
  CUSTOMER_CREATE: '新建门店',
  CUSTOMER_CHANGE: '客户变更',
  PRICE_LIST: '价目表',
  PROMOTION: '促销活动',
  COOP_AGREEMENT: '合作协议',
  DISPLAY_AGREEMENT: '陈列协议',
  REBATE_POLICY: '返利政策',
  REBATE_ADJUST: '返利调整',
  ORDER_CREDIT: '订单信用',
  RETURN: '退货',
  MATERIAL_REQUEST: '物料申请',
  AD_APPLY: '广告申请',
  ASSET_PLACE: '冰柜投放',
  ASSET_RECALL: '冰柜撤回',
  ASSET_TRANSFER: '冰柜转移',
  ASSET_SCRAP: '冰柜报废',
  STOCK_COUNT: '库存盘点',
  COIN_ADJUST: '积分调整',
  KPI_CHANGE: 'KPI变更',
  VISIT_ABNORMAL: '拜访异常',
  // 备件申请 (DOMAIN §1.15 SparePartRequest, issue #20 MES).
  SPARE_PART_REQUEST: '备件申请',
});
export type ApprovalBizType = keyof typeof APPROVAL_BIZ_TYPE;

export const APPROVER_TYPE = labels({
  ROLE: '角色',
  ORG_LEADER: '发起人部门负责人',
  USER: '指定人员',
  CUSTOMER_OWNER_LEADER: '客户负责人的上级',
});
export type ApproverType = keyof typeof APPROVER_TYPE;

export const APPROVAL_MODE = labels({ ANY: '或签', ALL: '会签' });
export type ApprovalMode = keyof typeof APPROVAL_MODE;

/** What the system does with a task nobody handled in time. */
export const TIMEOUT_ACTION = labels({ NONE: '仅提醒', APPROVE: '自动通过', REJECT: '自动驳回' });
export type TimeoutAction = keyof typeof TIMEOUT_ACTION;

export const APPROVAL_STATUS = labels({
  IN_PROGRESS: '审批中',
  APPROVED: '已通过',
  REJECTED: '已驳回',
  WITHDRAWN: '已撤回',
});
export type ApprovalStatus = keyof typeof APPROVAL_STATUS;

/** CANCELLED: the task was no longer needed (another 或签 approver decided, the instance was rejected or withdrawn). */
export const TASK_RESULT = labels({
  PENDING: '待审批',
  APPROVED: '批准',
  REJECTED: '驳回',
  TRANSFERRED: '转交',
  CANCELLED: '无需处理',
});
export type TaskResult = keyof typeof TASK_RESULT;

export const APPROVAL_ACTION = labels({
  SUBMIT: '提交',
  APPROVE: '批准',
  REJECT: '驳回',
  TRANSFER: '转交',
  WITHDRAW: '撤回',
  TIMEOUT_APPROVE: '超时自动通过',
  TIMEOUT_REJECT: '超时自动驳回',
});
export type ApprovalAction = keyof typeof APPROVAL_ACTION;

export const FLOW_STATUS = labels({ ACTIVE: '启用', DISABLED: '停用' });
export type FlowStatus = keyof typeof FLOW_STATUS;

export interface ApprovalNode {
  /** 1, 2, … in the order the nodes run. */
  seq: number;
  name: string;
  approverType: ApproverType;
  /** ROLE: the role code; USER: the user id; the other types need none. */
  approverRef: string | null;
  mode: ApprovalMode;
  /** Null: no timeout. */
  timeoutHours: number | null;
  timeoutAction: TimeoutAction;
}

/** Which submissions a flow takes; an absent bound does not limit. */
export interface FlowConditions {
  amountMin?: number | null;
  amountMax?: number | null;
  quantityMin?: number | null;
  quantityMax?: number | null;
  /** The submission's org code lies under one of these (empty or absent: any department). */
  orgCodes?: string[] | null;
}

/** A flow's conditions in words (its list and its export). */
export function conditionText(conditions: FlowConditions): string {
  const range = (what: string, min?: number | null, max?: number | null) =>
    min == null && max == null ? null : `${what} ${min ?? 0} ~ ${max ?? '不限'}`;
  const parts = [
    range('金额', conditions.amountMin, conditions.amountMax),
    range('数量', conditions.quantityMin, conditions.quantityMax),
    conditions.orgCodes?.length ? `部门 ${conditions.orgCodes.join('、')}` : null,
  ].filter(Boolean);
  return parts.length === 0 ? '全部' : parts.join(' · ');
}

/** A node: 主管审批（部门主管·或签）. */
export const nodeText = (node: ApprovalNode): string =>
  `${node.name}（${APPROVER_TYPE[node.approverType]}·${APPROVAL_MODE[node.mode]}）`;

/** A flow's nodes in order: 主管审批（部门主管·或签） → … */
export const nodesText = (nodes: ApprovalNode[]): string => nodes.map(nodeText).join(' → ');

export interface ApprovalFlow {
  id: string;
  bizType: ApprovalBizType;
  bizType_dictText: string;
  name: string;
  /** Among the flows of a type whose conditions match, the smallest priority is chosen. */
  priority: number;
  conditions: FlowConditions;
  nodes: ApprovalNode[];
  /** Tasks of this flow may be approved in a batch. */
  lowRisk: boolean;
  status: FlowStatus;
  status_dictText: string;
  /** Each edit makes a new version; running instances keep the one they started with. */
  flowVersion: number;
  updateTime: string;
}

/** One line of a business summary: what the drawer lists. */
export interface SummaryField {
  label: string;
  value: string;
}

/** What the submitting module says about its object, kept on the instance. */
export interface ApprovalSummary {
  fields: SummaryField[];
}

/** A row of the 审批中心 lists: the instance, and in 待我审批 / 我已审批 the caller's task. */
export interface ApprovalRecord {
  id: string;
  bizType: ApprovalBizType;
  bizType_dictText: string;
  bizId: string;
  bizNo: string;
  title: string;
  status: ApprovalStatus;
  status_dictText: string;
  initiatorId: string;
  initiatorName: string;
  orgCode: string | null;
  orgName: string | null;
  currentNodeSeq: number;
  currentNodeName: string | null;
  flowName: string;
  lowRisk: boolean;
  startTime: string;
  finishTime: string | null;
  taskId: string | null;
  taskResult: TaskResult | null;
  taskResult_dictText: string | null;
  actTime: string | null;
}

export interface ApprovalTaskView {
  id: string;
  nodeSeq: number;
  approverId: string;
  approverName: string;
  result: TaskResult;
  result_dictText: string;
  comment: string | null;
  dueTime: string | null;
  actTime: string | null;
}

export interface ApprovalLogView {
  id: string;
  nodeSeq: number;
  action: ApprovalAction;
  action_dictText: string;
  actorName: string;
  comment: string | null;
  time: string;
}

export interface ApprovalDetail extends Omit<
  ApprovalRecord,
  'taskId' | 'taskResult' | 'taskResult_dictText' | 'actTime'
> {
  summary: ApprovalSummary;
  nodes: ApprovalNode[];
  flowVersion: number;
  tasks: ApprovalTaskView[];
  logs: ApprovalLogView[];
  /** The caller's pending task on this instance, if any. */
  myTaskId: string | null;
  /** The caller started it and it is still running. */
  canWithdraw: boolean;
}

/** The 审批中心 tabs. */
export type ApprovalTab = 'todo' | 'done' | 'mine';
/** The 审批中心 tabs' names (the tabs and their exports). */
export const APPROVAL_TAB: Record<ApprovalTab, string> = {
  todo: '待我审批',
  done: '我已审批',
  mine: '我发起的',
};

/** The push frame kind of a new task (common/push.ts). */
export const APPROVAL_PUSH_KIND = 'approval';
