// 导出 of 同步失败订单, ERP连接 and 编码映射: the rows their filters select, with the lists' column names (a
// two-line column of the screen is two columns here, named by its halves; a connection's secret never).
import { defineListExport, type ExportColumn, type ListRecord } from '../shared/excel';
import { listConnections, listMappings } from './connections';
import { listTasks } from './service';

type Task = Awaited<ReturnType<typeof listTasks>>['records'][number];

export const SYNC_TASK_EXPORT_COLUMNS: ExportColumn<Task>[] = [
  { header: '业务单据', width: 20, value: (task) => task.bizNo },
  { header: '任务号', width: 20, value: (task) => task.taskNo },
  { header: '状态', value: (task) => task.status_dictText },
  { header: '错误分类', value: (task) => task.errorCategory_dictText },
  { header: '错误信息', width: 40, value: (task) => task.lastErrorMessage ?? task.remark },
  { header: '业务', value: (task) => `${task.bizType_dictText} · ${task.operation_dictText}` },
  {
    header: '目标系统',
    width: 24,
    value: (task) => `${task.systemType_dictText ?? ''} ${task.connectionName ?? ''}`.trim(),
  },
  { header: '外部单号', width: 20, value: (task) => task.externalCode },
  { header: 'ERP单号', width: 20, value: (task) => task.erpBillNo },
  { header: '重试', value: (task) => `${task.attemptCount}/${task.maxAttempts}` },
  { header: '下次重试', width: 20, value: (task) => task.nextRetryAt ?? '待人工处理' },
  { header: '更新时间', width: 20, value: (task) => task.updateTime },
];

export const SYNC_TASK_EXPORT = defineListExport(
  'syncTasks',
  '同步失败订单',
  SYNC_TASK_EXPORT_COLUMNS,
  listTasks,
);

export const CONNECTION_EXPORT = defineListExport<ListRecord<typeof listConnections>>(
  'erpConnections',
  'ERP连接',
  [
    { header: '连接名称', width: 20, value: (row) => row.name },
    { header: '系统', width: 16, value: (row) => row.systemType_dictText },
    { header: '服务地址', width: 32, value: (row) => row.baseUrl },
    { header: '账套', value: (row) => row.acctId },
    { header: '用户', value: (row) => row.userName },
    { header: '应用', width: 20, value: (row) => row.appId },
    { header: '销售组织', value: (row) => row.saleOrgCode },
    { header: '状态', value: (row) => row.status_dictText },
    { header: '最近测试', width: 20, value: (row) => row.lastTestAt },
    { header: '测试结果', width: 32, value: (row) => row.lastTestResult },
    { header: '未映射', value: (row) => row.unmappedCount },
  ],
  listConnections,
);

export const MAPPING_EXPORT = defineListExport<ListRecord<typeof listMappings>>(
  'erpMappings',
  'ERP编码映射',
  [
    { header: '对象类型', value: (row) => row.entityType_dictText },
    { header: '本地编码', width: 18, value: (row) => row.localCode },
    { header: '本地名称', width: 24, value: (row) => row.localName },
    { header: 'ERP编码', width: 18, value: (row) => row.erpCode },
    { header: 'ERP名称', width: 24, value: (row) => row.erpName },
    { header: '状态', value: (row) => row.status_dictText },
    { header: '确认时间', width: 20, value: (row) => row.verifiedAt },
  ],
  listMappings,
);
