// 导出 of 同步失败订单: the tasks its filters select, with the list's column names (a two-line column of
// the screen is two columns here, named by its halves).
import { defineListExport, type ExportColumn } from '../shared/excel';
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
