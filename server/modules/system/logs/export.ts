// 导出 of the log list (登录日志 / 操作日志 by its logType): the rows its filters select, with the list's
// column names.
import { defineListExport, type ExportColumn } from '../../shared/excel';
import { listLogs } from './service';

type Log = Awaited<ReturnType<typeof listLogs>>['records'][number];

export const LOG_EXPORT_COLUMNS: ExportColumn<Log>[] = [
  { header: '日志内容', width: 40, value: (log) => log.logContent },
  { header: '操作人', value: (log) => log.username },
  { header: 'IP', value: (log) => log.ip },
  { header: '操作类型', value: (log) => log.operateType_dictText },
  { header: '请求地址', width: 30, value: (log) => log.requestUrl },
  { header: '耗时(毫秒)', value: (log) => log.costTime },
  { header: '创建时间', width: 20, value: (log) => log.createTime },
];

export const LOG_EXPORT = defineListExport('logs', '系统日志', LOG_EXPORT_COLUMNS, (db, caller, query) =>
  listLogs(db, caller.tenantId, query),
);
