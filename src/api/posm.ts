// POSM materials under /ePosm (docs/posm-api.md): the catalogue, stock per warehouse and its movements,
// material requests and their steps.
import type { Page } from '../../common/contract';
import { downloadFile, getAction, httpAction, postAction } from './http';
import type { ListParams } from './systemTypes';

export interface PosmMaterial {
  id: string;
  materialCode: string;
  name: string;
  category: string;
  category_dictText: string;
  spec: string | null;
  unit: string;
  unitCost: string;
  brandId: string | null;
  brandName: string | null;
  photoIds: string[];
  isReturnable: boolean;
  status: string;
  status_dictText: string;
  stockQty: number;
  updateTime: string;
}

export interface PosmMaterialPayload {
  id?: string;
  materialCode: string;
  name: string;
  category: string;
  spec?: string | null;
  unit: string;
  unitCost: number;
  photoIds?: string[];
  isReturnable?: boolean;
  status?: string;
}

export interface PosmStock {
  id: string;
  warehouseId: string;
  warehouseName: string;
  materialId: string;
  materialCode: string;
  materialName: string;
  category_dictText: string;
  spec: string | null;
  unit: string;
  unitCost: string;
  qty: number;
  stockValue: string;
  updateTime: string;
}

export interface PosmMovement {
  id: string;
  moveType: string;
  moveType_dictText: string;
  warehouseName: string;
  materialCode: string;
  materialName: string;
  unit: string;
  qty: number;
  balance: number;
  requestNo: string | null;
  remark: string | null;
  operatorName: string | null;
  createTime: string;
}

export interface PosmRequest {
  id: string;
  requestNo: string;
  requesterId: string;
  requesterName: string;
  orgName: string | null;
  purpose: string;
  purpose_dictText: string;
  targetType: string;
  targetType_dictText: string;
  targetIds: string[];
  targetCount: number;
  totalCost: string;
  deliveryAddress: string | null;
  expectedDate: string | null;
  warehouseName: string | null;
  status: string;
  status_dictText: string;
  verifyPhotoIds: string[];
  remark: string | null;
  resultRemark: string | null;
  createTime: string;
  approvedAt: string | null;
  issuedAt: string | null;
  receivedAt: string | null;
  verifiedAt: string | null;
}

export interface PosmRequestLine {
  id: string;
  materialId: string;
  materialCode: string;
  materialName: string;
  spec: string | null;
  unit: string;
  unitCost: string;
  requestedQty: number;
  approvedQty: number;
  issuedQty: number;
  receivedQty: number;
}

export interface PosmRequestDetail extends PosmRequest {
  lines: PosmRequestLine[];
  targets: Array<{ id: string; customerCode: string; name: string }>;
  budgetUsed: { amount: string; count: number };
  approvalId: string | null;
}

export interface PosmRequestPayload {
  id?: string;
  purpose: string;
  targetType: string;
  targetIds?: string[];
  lines: Array<{ materialId: string; qty: number }>;
  deliveryAddress?: string | null;
  expectedDate?: string | null;
  remark?: string | null;
}

export interface PickList {
  requestNo: string;
  deliveryAddress: string | null;
  lines: Array<
    PosmRequestLine & { stock: Array<{ warehouseId: string; warehouseName: string; qty: number }> }
  >;
}

export const listPosmMaterials = (params: ListParams) =>
  getAction<Page<PosmMaterial>>('/ePosm/material/list', params);
export const exportPosmMaterials = (params: ListParams) =>
  downloadFile('/ePosm/material/exportXls', '物料目录.xlsx', params);
export const posmMaterialOptions = () =>
  getAction<Array<{ id: string; materialCode: string; name: string; unit: string; unitCost: string }>>(
    '/ePosm/material/options',
  );
export const savePosmMaterial = (body: PosmMaterialPayload) =>
  httpAction<{ id: string }>(
    body.id ? '/ePosm/material/edit' : '/ePosm/material/add',
    body,
    body.id ? 'put' : 'post',
  );

export const listPosmStock = (params: ListParams) => getAction<Page<PosmStock>>('/ePosm/stock/list', params);
export const exportPosmStock = (params: ListParams) =>
  downloadFile('/ePosm/stock/exportXls', '物料库存.xlsx', params);
export const listPosmMovements = (params: ListParams) =>
  getAction<Page<PosmMovement>>('/ePosm/stock/movements', params);
export const movePosmStock = (body: {
  warehouseId: string;
  materialId: string;
  moveType: string;
  qty: number;
  remark?: string;
}) => postAction<{ balance: number }>('/ePosm/stock/move', body);

export const listPosmRequests = (params: ListParams) =>
  getAction<Page<PosmRequest>>('/ePosm/request/list', params);
export const exportPosmRequests = (params: ListParams) =>
  downloadFile('/ePosm/request/exportXls', '物料申请.xlsx', params);
export const getPosmRequest = (id: string) =>
  getAction<PosmRequestDetail>('/ePosm/request/queryById', { id });
export const getPickList = (id: string) => getAction<PickList>('/ePosm/request/pickList', { id });
export const savePosmRequest = (body: PosmRequestPayload) =>
  httpAction<{ id: string }>(
    body.id ? '/ePosm/request/edit' : '/ePosm/request/add',
    body,
    body.id ? 'put' : 'post',
  );
export const submitPosmRequest = (id: string) => postAction('/ePosm/request/submit', { id });
export const cancelPosmRequest = (id: string, reason?: string) =>
  postAction('/ePosm/request/cancel', { id, reason });
export const approvePosmRequest = (body: {
  id: string;
  lines: Array<{ lineId: string; approvedQty: number }>;
  comment?: string;
}) => postAction<{ status: string }>('/ePosm/request/approve', body);
export const issuePosmRequest = (id: string, warehouseId: string) =>
  postAction('/ePosm/request/issue', { id, warehouseId });
export const receivePosmRequest = (body: {
  id: string;
  lines?: Array<{ lineId: string; receivedQty: number }>;
  remark?: string;
}) => postAction('/ePosm/request/receive', body);
export const verifyPosmRequest = (body: { id: string; photoIds: string[]; remark?: string }) =>
  postAction('/ePosm/request/verify', body);
export const closePosmRequest = (id: string) => postAction('/ePosm/request/close', { id });
