// The repair and spare-parts mode under /mes (docs/repairs-api.md): repair orders and their steps, the 派工台,
// providers, fault codes, spare parts, stock, movements, requests and the reports.
import type { Page } from '../../common/contract';
import { downloadFile, getAction, httpAction, postAction } from './http';
import type { ListParams } from './systemTypes';

type Row = Record<string, unknown> & { id: string };

export interface RepairOrder extends Row {
  orderNo: string;
  reportedAt: string;
  customerName: string | null;
  assetNo: string | null;
  modelName: string | null;
  faultCategory_dictText: string;
  faultDescription: string;
  priority: string;
  priority_dictText: string;
  warrantyStatus_dictText: string;
  serviceProviderName: string | null;
  engineerName: string | null;
  bookingDate: string | null;
  bookingTimeRange: string | null;
  slaRemainingHours: number | null;
  slaBreached: boolean;
  status: string;
  status_dictText: string;
  sourceType_dictText: string;
  totalCost: string;
  laborCost: string;
  partsCost: string;
  travelCost: string;
  costBearer_dictText: string | null;
  cause: string | null;
  repairMethod: string | null;
  completionPhotoIds: string[];
  faultPhotoIds: string[];
  customerSignatureId: string | null;
  address: string | null;
  contactName: string | null;
  contactMobile: string | null;
  modelId: string | null;
  engineerId: string | null;
  faultCode: string | null;
  actualServiceType_dictText: string | null;
  arrivedAt: string | null;
  finishedAt: string | null;
}

export interface RepairOrderDetail extends RepairOrder {
  timeline: Array<{
    id: string;
    action: string;
    statusTo_dictText: string;
    detail: string | null;
    operatorName: string | null;
    createdAt: string;
  }>;
  parts: Array<{
    id: string;
    partCode: string;
    partName: string;
    unit: string;
    qty: number;
    unitPrice: string;
    warehouseName: string;
    oldPartReturned: boolean;
  }>;
  candidateProviders: Array<{ id: string; name: string; slaHours: number }>;
}

/** A part the engineer may fit: on the shelf of their own warehouse or of their provider's. */
export interface EngineerStock {
  warehouseId: string;
  warehouseName: string;
  warehouseType: string;
  warehouseType_dictText: string;
  partId: string;
  partCode: string;
  partName: string;
  spec: string | null;
  unit: string;
  standardPrice: string;
  serialTracked: boolean;
  applicableModelIds: string[];
  qtyOnHand: number;
  /** The serial numbers on that shelf (serial-tracked parts). */
  serialNos: string[];
}

/** The caller as a provider's engineer (GET /mes/engineer/me); null for anyone else. */
export interface EngineerWorkbench {
  engineerId: string;
  engineerName: string;
  engineerMobile: string;
  providerId: string;
  providerName: string;
  /** The provider's dispatcher: every order of the provider, accepted, contacted and assigned by them. */
  isManager: boolean;
  stock: EngineerStock[];
}

export const loadEngineerWorkbench = () => getAction<EngineerWorkbench | null>('/mes/engineer/me');
export const listRepairOrders = (params: ListParams) =>
  getAction<Page<RepairOrder>>('/mes/order/list', params);
export const exportRepairOrders = (params: ListParams) =>
  downloadFile('/mes/order/exportXls', '维修工单.xlsx', params);
export const getRepairOrder = (id: string) => getAction<RepairOrderDetail>('/mes/order/queryById', { id });
export const dispatchBoard = () => getAction<RepairOrder[]>('/mes/dispatch/board');
export const repairStep = (step: string, body: Record<string, unknown>) =>
  postAction(`/mes/order/${step}`, body);
export const reportRepair = (body: Record<string, unknown>) => postAction('/mes/order/add', body);

export const listProviders = (params: ListParams) => getAction<Page<Row>>('/mes/provider/list', params);
export const exportProviders = (params: ListParams) =>
  downloadFile('/mes/provider/exportXls', '服务商.xlsx', params);
export const saveProvider = (body: Record<string, unknown>) =>
  httpAction(body.id ? '/mes/provider/edit' : '/mes/provider/add', body, body.id ? 'put' : 'post');
export const listEngineers = (providerId?: string) =>
  getAction<Row[]>('/mes/engineer/list', providerId ? { providerId } : {});
export const saveEngineer = (body: Record<string, unknown>) =>
  httpAction(body.id ? '/mes/engineer/edit' : '/mes/engineer/add', body, body.id ? 'put' : 'post');
export const listFaultCodes = (params: ListParams) => getAction<Page<Row>>('/mes/faultCode/list', params);
export const exportFaultCodes = (params: ListParams) =>
  downloadFile('/mes/faultCode/exportXls', '故障代码.xlsx', params);
export const saveFaultCode = (body: Record<string, unknown>) =>
  httpAction(body.id ? '/mes/faultCode/edit' : '/mes/faultCode/add', body, body.id ? 'put' : 'post');

export const listSpareParts = (params: ListParams) => getAction<Page<Row>>('/mes/part/list', params);
export const exportSpareParts = (params: ListParams) =>
  downloadFile('/mes/part/exportXls', '备件目录.xlsx', params);
export const sparePartOptions = () =>
  getAction<Array<{ id: string; partCode: string; name: string }>>('/mes/part/options');
export const saveSparePart = (body: Record<string, unknown>) =>
  httpAction(body.id ? '/mes/part/edit' : '/mes/part/add', body, body.id ? 'put' : 'post');
export const spareWarehouseOptions = () =>
  getAction<Array<{ id: string; name: string; warehouseType_dictText: string }>>('/mes/warehouse/options');
export const listSpareStock = (params: ListParams) => getAction<Page<Row>>('/mes/stock/list', params);
export const exportSpareStock = (params: ListParams) =>
  downloadFile('/mes/stock/exportXls', '备件库存.xlsx', params);
export const listSpareMovements = (params: ListParams) => getAction<Page<Row>>('/mes/movement/list', params);
export const exportSpareMovements = (params: ListParams) =>
  downloadFile('/mes/movement/exportXls', '备件领用退库.xlsx', params);
export const moveSpareParts = (body: Record<string, unknown>) => postAction('/mes/movement/add', body);
export const listPartRequests = (params: ListParams) => getAction<Page<Row>>('/mes/request/list', params);
export const exportPartRequests = (params: ListParams) =>
  downloadFile('/mes/request/exportXls', '备件申请.xlsx', params);
export const createPartRequest = (body: Record<string, unknown>) => postAction('/mes/request/add', body);
export const issuePartRequest = (body: Record<string, unknown>) => postAction('/mes/request/issue', body);
export const receivePartRequest = (id: string) => postAction('/mes/request/receive', { id });
export const repairReport = (params: { from?: string; to?: string }) =>
  getAction<
    Record<string, unknown> & {
      orders: number;
      mttrHours: number | null;
      firstTimeFixRate: number | null;
      slaBreached: number;
    }
  >('/mes/report/summary', params);
