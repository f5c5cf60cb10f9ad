// Ad applications under /eAdAppr (docs/ads-api.md): the price book per ㎡, applications and their steps.
import type { CostSharing } from '../../common/ads';
import type { Page } from '../../common/contract';
import { downloadFile, getAction, httpAction, postAction } from './http';
import type { ListParams } from './systemTypes';

export interface AdPrice {
  id: string;
  /** 类型 · 材质. */
  name: string;
  adType: string;
  adType_dictText: string;
  material: string;
  unitPrice: string;
  status: string;
  status_dictText: string;
  remark: string | null;
  updateTime: string;
}

export interface AdPricePayload {
  id?: string;
  adType: string;
  material: string;
  unitPrice: number;
  status?: string;
  remark?: string | null;
}

export interface AdApplication {
  id: string;
  applyNo: string;
  customerId: string;
  customerCode: string;
  customerName: string;
  applicantId: string;
  applicantName: string;
  adType: string;
  adType_dictText: string;
  widthM: string;
  heightM: string;
  areaSqm: string;
  quantity: number;
  material: string;
  signText: string | null;
  beforePhotoIds: string[];
  designFileId: string | null;
  unitPrice: string;
  quotedAmount: string;
  approvedAmount: string | null;
  costSharing: CostSharing;
  keepMonths: number;
  vendorName: string | null;
  installDeadline: string | null;
  installedAt: string | null;
  afterPhotoIds: string[];
  acceptanceResult: string | null;
  acceptanceResult_dictText: string | null;
  acceptedAt: string | null;
  keepUntil: string | null;
  settledAmount: string | null;
  settledAt: string | null;
  status: string;
  status_dictText: string;
  remark: string | null;
  resultRemark: string | null;
  size: string;
  createTime: string;
}

export interface AdPayload {
  id?: string;
  customerId: string;
  adType: string;
  widthM: number;
  heightM: number;
  quantity: number;
  material: string;
  signText?: string | null;
  beforePhotoIds?: string[];
  designFileId?: string | null;
  costSharing: CostSharing;
  keepMonths: number;
  remark?: string | null;
}

export const listAdPrices = (params: ListParams) => getAction<Page<AdPrice>>('/eAdAppr/price/list', params);
export const exportAdPrices = (params: ListParams) =>
  downloadFile('/eAdAppr/price/exportXls', '广告价格表.xlsx', params);
export const saveAdPrice = (body: AdPricePayload) =>
  httpAction<{ id: string }>(
    body.id ? '/eAdAppr/price/edit' : '/eAdAppr/price/add',
    body,
    body.id ? 'put' : 'post',
  );

export const listAds = (params: ListParams) => getAction<Page<AdApplication>>('/eAdAppr/list', params);
export const exportAds = (params: ListParams) => downloadFile('/eAdAppr/exportXls', '广告申请.xlsx', params);
export const getAd = (id: string) =>
  getAction<AdApplication & { approvalId: string | null }>('/eAdAppr/queryById', { id });
export const quoteAd = (body: {
  adType: string;
  material: string;
  widthM: number;
  heightM: number;
  quantity: number;
}) => postAction<{ unitPrice: string; areaSqm: string; quotedAmount: string }>('/eAdAppr/quote', body);
export const saveAd = (body: AdPayload) =>
  httpAction<{ id: string }>(body.id ? '/eAdAppr/edit' : '/eAdAppr/add', body, body.id ? 'put' : 'post');
export const submitAd = (id: string) => postAction('/eAdAppr/submit', { id });
export const cancelAd = (id: string, reason?: string) => postAction('/eAdAppr/cancel', { id, reason });
export const produceAd = (body: { id: string; vendorName: string; installDeadline?: string | null }) =>
  postAction('/eAdAppr/produce', body);
export const installAd = (body: { id: string; photoIds: string[] }) => postAction('/eAdAppr/install', body);
export const acceptAd = (body: { id: string; result: string; remark?: string }) =>
  postAction('/eAdAppr/accept', body);
export const settleAd = (body: { id: string; settledAmount: number; remark?: string }) =>
  postAction('/eAdAppr/settle', body);
