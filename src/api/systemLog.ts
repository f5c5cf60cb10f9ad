// Login and operation logs, and the visit statistics (API.md §6.7).
import type { Page } from '../../common/contract';
import { deleteAction, downloadFile, getAction } from './http';
import { idsParam, type ListParams } from './systemTypes';

/** 1 login/logout, 2 operation. */
export const LOG_TYPE = { login: '1', operation: '2' } as const;
export type LogType = (typeof LOG_TYPE)[keyof typeof LOG_TYPE];

export interface SysLog {
  id: string;
  logType: number | string;
  operateType?: number | string | null;
  operateType_dictText?: string;
  logContent?: string | null;
  userid?: string | null;
  username?: string | null;
  ip?: string | null;
  method?: string | null;
  requestUrl?: string | null;
  requestParam?: string | null;
  requestType?: string | null;
  costTime?: number | null;
  createTime?: string;
}

export interface LoginInfo {
  totalVisitCount: number;
  todayVisitCount: number;
  todayIp: number;
}

/** One day of the last seven: logins (`visit`) and distinct IPs, `tian` yyyy-MM-dd, `type` MM-dd. */
export interface VisitDay {
  visit: number;
  ip: number;
  tian: string;
  type: string;
}

export const listLogs = (params: ListParams) => getAction<Page<SysLog>>('/sys/log/list', params);
export const exportLogs = (params: ListParams) => downloadFile('/sys/log/exportXls', '系统日志.xlsx', params);
export const deleteLog = (id: string) => deleteAction<null>('/sys/log/delete', { id });
export const deleteLogs = (ids: readonly string[]) =>
  deleteAction<null>('/sys/log/deleteBatch', { ids: idsParam(ids) });
export const getLoginInfo = () => getAction<LoginInfo>('/sys/loginfo');
export const getVisitInfo = () => getAction<VisitDay[]>('/sys/visitInfo');
