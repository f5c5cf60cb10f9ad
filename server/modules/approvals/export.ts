// 导出 of 审批中心 (each tab: 待我审批 / 我已审批 / 我发起的) and of 审批流配置, with the lists' columns.
import { APPROVAL_TAB, conditionText, nodesText, type ApprovalTab } from '../../../common/approvals';
import { defineListExport, type ExportColumn, type ListRecord } from '../shared/excel';
import { listFlows } from './flows';
import { listApprovals } from './queries';

type ApprovalRecord = ListRecord<typeof listApprovals>;

const APPROVAL_COLUMNS: ExportColumn<ApprovalRecord>[] = [
  { header: '类型', value: (row) => row.bizType_dictText },
  { header: '标题', width: 36, value: (row) => row.title },
  { header: '单号', width: 20, value: (row) => row.bizNo },
  { header: '发起人', value: (row) => row.initiatorName },
  { header: '部门', width: 20, value: (row) => row.orgName },
  { header: '当前节点', value: (row) => row.currentNodeName },
  { header: '状态', value: (row) => row.status_dictText },
  { header: '提交时间', width: 20, value: (row) => row.startTime },
];
const HANDLED_COLUMNS: ExportColumn<ApprovalRecord>[] = [
  { header: '我的处理', value: (row) => row.taskResult_dictText },
  { header: '处理时间', width: 20, value: (row) => row.actTime },
];

export const APPROVAL_EXPORTS = Object.fromEntries(
  (Object.keys(APPROVAL_TAB) as ApprovalTab[]).map((tab) => [
    tab,
    defineListExport<ApprovalRecord>(
      `approvals-${tab}`,
      APPROVAL_TAB[tab],
      tab === 'done' ? [...APPROVAL_COLUMNS, ...HANDLED_COLUMNS] : APPROVAL_COLUMNS,
      (db, caller, query) => listApprovals(db, caller, tab, query),
    ),
  ]),
) as Record<ApprovalTab, ReturnType<typeof defineListExport<ApprovalRecord>>>;

export const FLOW_EXPORT = defineListExport<ListRecord<typeof listFlows>>(
  'approvalFlows',
  '审批流配置',
  [
    { header: '业务类型', value: (row) => row.bizType_dictText },
    { header: '名称', width: 24, value: (row) => row.name },
    { header: '条件', width: 30, value: (row) => conditionText(row.conditions) },
    { header: '节点', width: 48, value: (row) => nodesText(row.nodes) },
    { header: '优先级', value: (row) => row.priority },
    { header: '批量审批', value: (row) => (row.lowRisk ? '允许' : '—') },
    { header: '版本', value: (row) => row.flowVersion },
    { header: '状态', value: (row) => row.status_dictText },
  ],
  listFlows,
);
