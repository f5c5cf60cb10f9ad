// Customers of the business core (docs/business-api.md "Customers").
import type { Attachment } from '../../common/attachments';
import type { Page } from '../../common/contract';
import type { ImportAnswer } from '../../common/excelImport';
import { downloadFile, getAction, postAction, putAction, uploadAction, type UploadProgress } from './http';
import type { ListParams } from './systemTypes';

export interface CustomerLabel {
  id: string;
  name: string;
  color: string | null;
}

export interface Customer {
  id: string;
  customerCode: string;
  name: string;
  shortName: string | null;
  customerType: string;
  customerType_dictText: string;
  channel: string | null;
  channel_dictText: string | null;
  outletType: string | null;
  level: string | null;
  provinceCode: string | null;
  cityCode: string | null;
  districtCode: string | null;
  address: string | null;
  lng: string | number | null;
  lat: string | number | null;
  contactName: string | null;
  contactMobile: string | null;
  servingDealerName: string | null;
  ownerName: string | null;
  orgCode: string;
  freezerCount: number;
  auditStatus: string;
  auditStatus_dictText: string;
  auditRemark: string | null;
  verifyStatus: string;
  verifyStatus_dictText: string;
  status: string;
  status_dictText: string;
  /** Dealers only: 潜在 → 洽谈中 → 已签约. */
  partnerStage?: string | null;
  partnerStage_dictText?: string | null;
  labels: CustomerLabel[];
  lastVisitTime: string | null;
  lastOrderTime: string | null;
  createTime: string;
}

export interface TeamMember {
  id: string;
  userId: string;
  realname: string;
  phone: string | null;
  role: string;
  role_dictText: string;
  fromDate: string;
  toDate: string | null;
}

export interface CustomerPhoto {
  id: string;
  kind: string;
  kind_dictText?: string;
  url: string;
  /** The thumbnail's url (an uploaded image's own; other urls are their own thumbnail). */
  thumbUrl?: string;
  title: string | null;
  capturedAt?: string | null;
  /** The attachment service's facts of a photo taken through it (older photos are a url alone). */
  attachment?: Attachment | null;
}

export interface NearbyCustomer {
  id: string;
  customerCode: string;
  name: string;
  customerType_dictText: string;
  auditStatus_dictText: string;
  address: string | null;
  lng: number;
  lat: number;
  distanceM: number;
  similarity: number;
  likelyDuplicate: boolean;
}

/** custAuditByMapPoi: the outlet, its POI, the look-alikes around it and the checks' verdict. */
export interface PoiAudit {
  customer: {
    id: string;
    customerCode: string;
    name: string;
    outletType: string | null;
    address: string | null;
    lng: number | null;
    lat: number | null;
    auditStatus: string;
    auditStatus_dictText: string;
    businessLicenseNo: string | null;
  };
  poi: { id: string | null; name: string; lng: number | null; lat: number | null } | null;
  radiusM: number;
  rings: number[];
  nearby: NearbyCustomer[];
  photos: CustomerPhoto[];
  poiDistanceM: number | null;
  reasons: string[];
  autoPass: boolean;
}

export type AuditAction = 'APPROVE' | 'REJECT' | 'RESUBMIT';

export const listCustomers = (params: ListParams) => getAction<Page<Customer>>('/eCustomer/list', params);
export const changeCustomerStatus = (id: string, status: string, reason?: string) =>
  putAction<null>('/eCustomer/changeStatus', { id, status, reason });
export const customerTeam = (customerId: string) =>
  getAction<TeamMember[]>('/eCustomer/queryTeamList', { customerId });
export const customerPhotos = (id: string) => getAction<CustomerPhoto[]>('/eCustomer/slideshow', { id });
export const addCustomerPhoto = (photo: {
  customerId: string;
  kind: string;
  url: string;
  title?: string | null;
}) => postAction<{ id: string }>('/eCustomer/photo/add', photo);
export const poiAudit = (id: string) => getAction<PoiAudit>('/eCustomer/custAuditByMapPoi', { id });
export const auditCustomer = (id: string, action: AuditAction, reason?: string) =>
  postAction<null>('/eCustomer/audit', { id, action, reason: reason ?? '' });

/** The editable fields of a customer (dealer or outlet), as /eCustomer/add and /eCustomer/edit take them. */
export interface CustomerPayload {
  customerCode?: string;
  name: string;
  shortName?: string | null;
  mnemonic?: string | null;
  customerType: string;
  channel?: string;
  outletType?: string | null;
  level?: string | null;
  servingDealerId?: string | null;
  provinceCode?: string | null;
  cityCode?: string | null;
  districtCode?: string | null;
  address?: string | null;
  lng?: number | null;
  lat?: number | null;
  contactName?: string | null;
  contactMobile?: string | null;
  bossName?: string | null;
  bossMobile?: string | null;
  businessLicenseNo?: string | null;
  areaSqm?: number | null;
  deliveryMode?: string | null;
  visitCycle?: string | null;
  settlementMethod?: string | null;
  creditLimit?: number | null;
  creditDays?: number | null;
  partnerStage?: string | null;
  erpType?: string | null;
  erpCustomerCode?: string | null;
  id?: string;
  version?: number;
}

/** queryById: the whole record (the list row plus the fields only the form shows). */
export type CustomerDetail = Customer &
  Required<Omit<CustomerPayload, 'id' | 'version' | 'customerCode' | 'name' | 'customerType'>> & {
    version: number;
  };

export interface DealerOption {
  id: string;
  customerCode: string;
  name: string;
  customerType: string;
  cityCode: string | null;
}

export const customerById = (id: string) => getAction<CustomerDetail>('/eCustomer/queryById', { id });
export const addCustomer = (body: CustomerPayload) =>
  postAction<{ id: string; customerCode: string }>('/eCustomer/add', body);
export const editCustomer = (body: CustomerPayload) => putAction<{ id: string }>('/eCustomer/edit', body);
export const changeVerifyStatus = (ids: string[], verifyStatus: string, reason?: string) =>
  putAction<null>('/eCustomer/changeVerifyStatus', { ids, verifyStatus, reason: reason ?? '' });
export const systemVerifyBatch = (ids?: string[]) =>
  postAction<SystemVerifyResult>('/eCustomer/systemCustVerifyBatch', ids ? { ids } : {});
export const linkToDealer = (customerIds: string[], dealerId: string) =>
  customerIds.length === 1
    ? putAction<{ linked: number }>('/eCustomer/link', { customerId: customerIds[0], dealerId })
    : putAction<{ linked: number }>('/eCustomer/linkBatch', { customerIds, dealerId });
/** getDDLList: approved, trading dealers of the caller's scope (a select's options). */
export const dealerOptions = (keyword?: string) =>
  getAction<DealerOption[]>('/eCustomer/getDDLList', keyword ? { keyword } : {});
export const listPotentialPartners = (params: ListParams) =>
  getAction<Page<Customer>>('/dealers/potentiallist', params);
export const importCustomers = (file: File, onProgress?: UploadProgress) => {
  const form = new FormData();
  form.append('file', file);
  return uploadAction<ImportAnswer>('/eCustomer/importExcel', form, onProgress);
};
export const downloadCustomerTemplate = () => downloadFile('/eCustomer/importTemplate', '客户导入模板.xlsx');
export const exportCustomers = (params: ListParams) =>
  downloadFile('/eCustomer/exportXls', '客户列表.xlsx', params);

export interface SystemVerifyResult {
  checked: number;
  suspectCount: number;
  suspects: { id: string; customerCode: string; name: string; reasons: string[] }[];
}

// ---- Labels (/eCustLabel) ----

export interface RuleCondition {
  field: string;
  op: 'eq' | 'ne' | 'in' | 'gt' | 'gte' | 'lt' | 'lte';
  value: string | number | Array<string | number>;
}

export interface LabelRule {
  conditions: RuleCondition[];
}

export interface CustomerLabelRecord {
  id: string;
  code: string;
  name: string;
  labelGroup: string;
  color: string;
  labelType: 'MANUAL' | 'RULE';
  labelType_dictText: string;
  rule: LabelRule | null;
  status: string;
  status_dictText: string;
  refreshTime: string | null;
  createTime: string;
  customerCount: number;
}

export type LabelPayload = Pick<
  CustomerLabelRecord,
  'code' | 'name' | 'labelGroup' | 'color' | 'labelType'
> & {
  rule: LabelRule | null;
  status?: string;
  id?: string;
};

export const listLabels = (params: ListParams) =>
  getAction<Page<CustomerLabelRecord>>('/eCustLabel/list', params);
export const exportLabels = (params: ListParams) =>
  downloadFile('/eCustLabel/exportXls', '客户标签.xlsx', params);
export const addLabel = (body: LabelPayload) => postAction<{ id: string }>('/eCustLabel/add', body);
export const editLabel = (body: LabelPayload) => putAction<{ id: string }>('/eCustLabel/edit', body);
export const tagCustomers = (labelId: string, customerIds: string[], tag: boolean) =>
  postAction<{ count: number }>(tag ? '/eCustLabel/tag' : '/eCustLabel/untag', { labelId, customerIds });
export const previewLabelRule = (rule: LabelRule) =>
  postAction<{ total: number }>('/eCustLabel/previewRule', { rule });
export const refreshLabel = (id: string) => postAction<{ total: number }>('/eCustLabel/refresh', { id });
