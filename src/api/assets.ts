// Trade assets (docs/assets-api.md): models, the ledger, applications and their steps, inspections and
// exception reports, and the photos filed under an asset through the attachment service.
import type { RecallReason } from '../../common/assets';
import type { Page } from '../../common/contract';
import { downloadFile, getAction, httpAction, postAction } from './http';
import type { ListParams } from './systemTypes';

export interface AssetModel {
  id: string;
  modelCode: string;
  name: string;
  assetType: string;
  assetType_dictText: string;
  formFactor: string;
  formFactor_dictText: string;
  volumeL: number | null;
  powerW: number | null;
  tempRange: string | null;
  manufacturer: string | null;
  unitValue: string;
  depositAmount: string;
  warrantyMonths: number;
  status: string;
  status_dictText: string;
  assetCount: number;
}

export type AssetModelPayload = Omit<
  AssetModel,
  | 'id'
  | 'assetType_dictText'
  | 'formFactor_dictText'
  | 'status_dictText'
  | 'assetCount'
  | 'unitValue'
  | 'depositAmount'
> & { id?: string; unitValue: number; depositAmount: number };

export interface Asset {
  id: string;
  assetNo: string;
  serialNo: string | null;
  assetType: string;
  assetType_dictText: string;
  modelId: string;
  modelCode: string;
  modelName: string;
  value: string;
  orgCode: string;
  placementStatus: string;
  placementStatus_dictText: string;
  conditionStatus: string;
  conditionStatus_dictText: string;
  warehouseId: string | null;
  warehouseName: string | null;
  customerId: string | null;
  customerName: string | null;
  customerCode: string | null;
  responsibleName: string | null;
  lastTemperature: string | null;
  remark: string | null;
  version: number;
  releaseDate: string | null;
  placedAt: string | null;
  lastInspectionAt: string | null;
  createTime: string;
}

export interface AssetMove {
  id: string;
  moveType: string;
  moveType_dictText: string;
  fromText: string | null;
  toText: string | null;
  detail: string | null;
  applyNo: string | null;
  operatorName: string | null;
  createdAt: string;
}

export interface AssetInspection {
  id: string;
  inspectionNo: string;
  poweredOn: boolean;
  temperature: string | null;
  cleanliness_dictText: string;
  reportedCondition_dictText: string;
  photoIds: string[];
  remark: string | null;
  inspectorName: string | null;
  createdAt: string;
}

export interface AssetApplication {
  id: string;
  applyNo: string;
  applyType: string;
  applyType_dictText: string;
  status: string;
  status_dictText: string;
  assetId: string;
  assetNo: string;
  modelName: string;
  customerId: string | null;
  customerName: string | null;
  toCustomerName: string | null;
  freeDeposit: boolean;
  depositAmount: string;
  depositStatus: string;
  depositStatus_dictText: string;
  depositReceiptNo: string | null;
  reason: string | null;
  refundDeposit: boolean | null;
  remark: string | null;
  resultRemark: string | null;
  applicantName: string | null;
  createTime: string;
  finishTime: string | null;
}

export interface AssetDetail extends Asset {
  moves: AssetMove[];
  inspections: AssetInspection[];
  exceptions: Array<{ id: string; reportType_dictText: string; remark: string | null; createdAt: string }>;
  applications: AssetApplication[];
  alarms: AssetAlarm[];
  deposits?: AssetDepositRecord[];
  agreements?: AssetAgreementRecord[];
  handovers?: AssetHandoverRecord[];
}

/** An alarm episode of the asset's IoT controller (the signed webhook). */
export interface AssetAlarm {
  id: string;
  alarmId: string;
  alarmType: string;
  alarmType_dictText: string;
  temperature: string | null;
  durationMinutes: number | null;
  exceptionId: string | null;
  occurredAt: string;
}

export interface IdleStockRow {
  warehouseId: string;
  warehouseName: string;
  modelId: string;
  modelCode: string;
  modelName: string;
  normal: number;
  abnormal: number;
}

export const listAssetModels = (params: ListParams) =>
  getAction<Page<AssetModel>>('/eAsset/model/list', params);
export const exportAssetModels = (params: ListParams) =>
  downloadFile('/eAsset/model/exportXls', '资产型号.xlsx', params);
export const saveAssetModel = (body: AssetModelPayload) =>
  httpAction<{ id: string }>(
    body.id ? '/eAsset/model/edit' : '/eAsset/model/add',
    body,
    body.id ? 'put' : 'post',
  );

export const listAssets = (params: ListParams) => getAction<Page<Asset>>('/eAsset/list', params);
export const exportAssetApplications = (params: ListParams) =>
  downloadFile('/eAsset/application/exportXls', '资产申请.xlsx', params);
export const exportAssets = (params: ListParams) =>
  downloadFile('/eAsset/exportXls', '资产台账.xlsx', params);
export const getAsset = (id: string) => getAction<AssetDetail>('/eAsset/queryById', { id });
export const getAssetByNo = (assetNo: string) => getAction<AssetDetail>('/eAsset/queryByNo', { assetNo });
export const getIdleStock = () => getAction<IdleStockRow[]>('/eAsset/idleStock');
export const inboundAssets = (body: {
  modelId: string;
  warehouseId: string;
  assetNos: string[];
  releaseDate?: string | null;
  remark?: string | null;
}) => postAction<{ ids: string[] }>('/eAsset/inbound', body);

export const listAssetApplications = (params: ListParams) =>
  getAction<Page<AssetApplication>>('/eAsset/application/list', params);
type Submitted = { id: string; applyNo: string };
export const applyPlacement = (body: {
  assetId: string;
  customerId: string;
  freeDeposit?: boolean;
  remark?: string;
  templateId?: string | null;
  termMonths?: number;
}) => postAction<Submitted>('/eAsset/application/place', body);
export const applyRecall = (body: {
  assetId: string;
  reason: RecallReason;
  refundDeposit: boolean;
  remark?: string;
}) => postAction<Submitted>('/eAsset/application/recall', body);
export const applyTransfer = (body: { assetId: string; toCustomerId: string; remark?: string }) =>
  postAction<Submitted>('/eAsset/application/transfer', body);
export const applyScrap = (body: { assetId: string; remark: string }) =>
  postAction<Submitted>('/eAsset/application/scrap', body);
export const receiveDeposit = (body: {
  id: string;
  method?: string;
  referenceNo?: string;
  receiptNo?: string;
  amount?: number;
  receiptPhotoIds?: string[];
  waive?: boolean;
  waiveReason?: string;
}) => postAction<{ id: string }>('/eAsset/application/deposit', body);
export const deliverPlacement = (id: string) =>
  postAction<{ id: string }>('/eAsset/application/deliver', { id });
export const signPlacement = (body: { id: string; photoIds: string[]; signatureId: string }) =>
  postAction<{ id: string }>('/eAsset/application/sign', body);
export const receiveRecall = (body: {
  id: string;
  warehouseId: string;
  refundMethod?: string;
  refundReference?: string;
}) => postAction<{ id: string }>('/eAsset/application/receive', body);
export const cancelApplication = (body: { id: string; reason: string }) =>
  postAction<{ id: string }>('/eAsset/application/cancel', body);

export const inspectAsset = (body: {
  assetId: string;
  poweredOn: boolean;
  temperature?: number | null;
  cleanliness: string;
  reportedCondition: string;
  photoIds: string[];
  remark?: string;
}) => postAction<{ id: string }>('/eAsset/inspect', body);
export const reportAssetException = (body: {
  assetId: string;
  reportType: string;
  photoIds: string[];
  remark?: string;
}) => postAction<{ id: string }>('/eAsset/exception', body);
export const confirmAssetLost = (id: string, remark?: string) =>
  postAction<{ id: string }>('/eAsset/confirmLost', { id, remark });
export const restoreAsset = (id: string, remark?: string) =>
  postAction<{ id: string }>('/eAsset/restore', { id, remark });

// ---- Deposits, agreements, handovers, reports (0033) ----

export interface AssetDepositRecord {
  id: string;
  applyNo: string;
  customerName: string | null;
  amount: string;
  method_dictText: string | null;
  referenceNo: string | null;
  status: string;
  status_dictText: string;
  waiveReason: string | null;
  receivedByName: string | null;
  receivedAt: string;
  refundMethod_dictText: string | null;
  refundedAt: string | null;
}
export interface AssetAgreementRecord {
  id: string;
  agreementNo: string;
  customerName: string | null;
  startDate: string;
  expireDate: string;
  status: string;
  status_dictText: string;
  signedAt: string | null;
}
/** A handover in the asset's drawer. */
export interface AssetHandoverRecord {
  id: string;
  fromUserName: string | null;
  toUserName: string | null;
  status: string;
  status_dictText?: string;
  remark: string | null;
  createdAt: string;
}
/** A row of 资产交接. */
export interface AssetHandover {
  id: string;
  assetId: string;
  assetNo: string;
  modelName: string;
  customerName: string | null;
  fromUserId: string | null;
  fromUserName: string | null;
  toUserId: string;
  toUserName: string | null;
  createdById: string | null;
  createdByName: string | null;
  status: string;
  status_dictText: string;
  remark: string | null;
  resultRemark: string | null;
  createTime: string;
  handledAt: string | null;
}
export const loadFreezerTemplates = () =>
  getAction<Array<{ id: string; name: string; currentVersion: number }>>('/eAsset/agreement/templates');
export const assetAgreementHtml = (id: string) =>
  getAction<{ html: string }>('/eAsset/agreement/html', { id });
export const downloadAssetAgreement = (id: string, fileName: string) =>
  downloadFile('/eAsset/agreement/pdf', fileName, { id });
export const listHandovers = (params: ListParams) =>
  getAction<Page<AssetHandover>>('/eAsset/handover/list', params);
export const exportHandovers = (params: ListParams) =>
  downloadFile('/eAsset/handover/exportXls', '资产交接.xlsx', params);
/** A 接收人 of 发起交接: an employee of the caller's data scope (asset:apply, no user:list needed). */
export interface HandoverReceiver {
  id: string;
  realname: string;
}
export const handoverReceiverOptions = (keyword?: string) =>
  getAction<HandoverReceiver[]>('/eAsset/handover/userOptions', keyword ? { keyword } : {});
export const startHandover = (body: { assetIds: string[]; toUserId: string; remark?: string }) =>
  postAction<{ ids: string[] }>('/eAsset/handover', body);
export const acceptHandover = (id: string) => postAction<{ id: string }>('/eAsset/handover/accept', { id });
export const rejectHandover = (id: string, remark?: string) =>
  postAction<{ id: string }>('/eAsset/handover/reject', { id, remark });

export interface AssetReport {
  /** Per region: its counts by placement and by condition state (codes of common/assets), and the total. */
  byRegion: Array<
    Record<string, number | string> & { regionCode: string; regionName: string; total: number }
  >;
  utilisation: Array<{ month: string; freezers: number; cases: number; casesPerFreezer: number }>;
  overdueInspection: number;
  overdueInspectionDays: number;
  idleDays: number;
}
export const loadAssetReport = (params: { assetType?: string }) =>
  getAction<AssetReport>('/eAsset/report/summary', params);
export interface IdleAsset {
  id: string;
  assetNo: string;
  assetType_dictText: string;
  modelCode: string;
  modelName: string;
  warehouseName: string | null;
  conditionStatus_dictText: string;
  idleSince: string;
  idleDays: number;
  value: string;
}
export const listIdleAssets = (params: ListParams) =>
  getAction<Page<IdleAsset>>('/eAsset/report/idle', params);
export const exportIdleAssets = (params: ListParams) =>
  downloadFile('/eAsset/report/idle/exportXls', '闲置资产.xlsx', params);
/** 逾期未巡检资产: the ledger's overdue-inspection rows of the filters, with the report page's columns. */
export const exportOverdueInspection = (params: ListParams) =>
  downloadFile('/eAsset/report/overdue/exportXls', '逾期未巡检资产.xlsx', params);
