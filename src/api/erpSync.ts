// ERP sync (DOMAIN §1.5): the failure list and its commands under /kingdee/sync, an order's sync record,
// and the ERP configuration (connections, code mappings) under /eErpConfig.
import type { Page } from '../../common/contract';
import type { ImportAnswer } from '../../common/excelImport';
import {
  deleteAction,
  downloadFile,
  getAction,
  postAction,
  putAction,
  uploadAction,
  type UploadProgress,
} from './http';
import type { ListParams } from './systemTypes';

export interface SyncTask {
  id: string;
  taskNo: string;
  connectionId: string | null;
  connectionName: string | null;
  systemType: string | null;
  systemType_dictText: string | null;
  bizType: string;
  bizType_dictText: string;
  bizId: string;
  bizNo: string;
  erpFormId: string;
  operation: string;
  operation_dictText: string;
  externalCode: string;
  status: string;
  status_dictText: string;
  attemptCount: number;
  maxAttempts: number;
  errorCategory: string | null;
  errorCategory_dictText: string | null;
  lastErrorMessage: string | null;
  erpBillNo: string | null;
  triggeredBy: string;
  remark: string | null;
  nextRetryAt: string | null;
  succeededAt: string | null;
  createTime: string;
  updateTime: string;
}

export interface SyncAttempt {
  attemptNo: number;
  triggeredBy: string;
  startedAt: string;
  durationMs: number;
  httpStatus: number | null;
  success: boolean;
  msgCode: string | null;
  errorCategory: string | null;
  errorMessage: string | null;
  requestPayload?: unknown;
  responsePayload?: unknown;
}

export interface MissingMapping {
  id: string;
  entityType: string;
  entityType_dictText: string;
  localCode: string;
  localName: string | null;
  erpCode: string | null;
  erpName: string | null;
  status: string;
}

export interface SyncTaskDetail extends SyncTask {
  requestPayload: unknown;
  responsePayload: unknown;
  attempts: SyncAttempt[];
  missingMappings: MissingMapping[];
}

export interface RetryAnswer {
  total: number;
  success: number;
  failed: number;
}

export const listSyncTasks = (params: ListParams) =>
  getAction<Page<SyncTask>>('/kingdee/sync/orders/list', params);
export const exportSyncTasks = (params: ListParams) =>
  downloadFile('/kingdee/sync/orders/exportXls', '同步失败订单.xlsx', params);
export const getSyncTask = (id: string) => getAction<SyncTaskDetail>('/kingdee/sync/orders/detail', { id });
export const retrySyncTasks = (ids: string[]) =>
  postAction<RetryAnswer>('/kingdee/sync/orders/retry', { ids });
export const ignoreSyncTasks = (ids: string[], remark: string) =>
  postAction<{ count: number }>('/kingdee/sync/orders/ignore', { ids, remark });
export const markSyncTaskDone = (body: { id: string; erpBillNo: string; remark?: string | null }) =>
  postAction<{ id: string }>('/kingdee/sync/orders/manualDone', body);

export interface ErpConnection {
  id: string;
  name: string;
  systemType: string;
  systemType_dictText: string;
  baseUrl: string;
  acctId: string;
  appId: string;
  userName: string;
  saleOrgCode: string | null;
  defaultBillType: string | null;
  defaultWarehouseCode: string | null;
  timeoutMs: number;
  networkRetries: number;
  status: string;
  status_dictText: string;
  lastTestAt: string | null;
  lastTestResult: string | null;
  unmappedCount: number;
}

export type ErpConnectionPayload = Omit<
  ErpConnection,
  | 'id'
  | 'systemType_dictText'
  | 'status'
  | 'status_dictText'
  | 'lastTestAt'
  | 'lastTestResult'
  | 'unmappedCount'
> & { id?: string; appSecret?: string | null; status?: 'ACTIVE' | 'DISABLED' };

export interface ErpMapping {
  id: string;
  connectionId: string;
  entityType: string;
  entityType_dictText: string;
  localCode: string;
  localName: string | null;
  erpCode: string | null;
  erpName: string | null;
  status: string;
  status_dictText: string;
  verifiedAt: string | null;
  updateTime: string;
}

export const listErpConnections = (params: ListParams) =>
  getAction<Page<ErpConnection>>('/eErpConfig/connection/list', params);
export const exportErpConnections = (params: ListParams) =>
  downloadFile('/eErpConfig/connection/exportXls', 'ERP连接.xlsx', params);
export const addErpConnection = (body: ErpConnectionPayload) =>
  postAction<{ id: string }>('/eErpConfig/connection/add', body);
export const editErpConnection = (body: ErpConnectionPayload) =>
  putAction<{ id: string }>('/eErpConfig/connection/edit', body);
export const deleteErpConnection = (id: string) =>
  deleteAction<null>('/eErpConfig/connection/delete', { id });
export const testErpConnection = (id: string) =>
  postAction<{ success: boolean; message: string; requeued: number }>('/eErpConfig/connection/test', { id });

export const listErpMappings = (params: ListParams) =>
  getAction<Page<ErpMapping>>('/eErpConfig/mapping/list', params);
export const exportErpMappings = (params: ListParams) =>
  downloadFile('/eErpConfig/mapping/exportXls', 'ERP编码映射.xlsx', params);
export const saveErpMapping = (body: { id: string; erpCode: string; erpName?: string | null }) =>
  putAction<{ id: string; requeued: number }>('/eErpConfig/mapping/edit', body);
export const importErpMappings = (connectionId: string) => (file: File, onProgress?: UploadProgress) => {
  const form = new FormData();
  form.append('file', file);
  return uploadAction<ImportAnswer>(
    `/eErpConfig/mapping/importExcel?connectionId=${encodeURIComponent(connectionId)}`,
    form,
    onProgress,
  );
};
export const downloadErpMappingTemplate = () =>
  downloadFile('/eErpConfig/mapping/importTemplate', '编码映射导入模板.xlsx');
