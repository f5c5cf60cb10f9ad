// Customers of the business core (docs/business-api.md "Customers").
import type { Page } from '../../common/contract';
import { getAction, postAction, putAction } from './http';
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
  title: string | null;
  capturedAt?: string | null;
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
export const poiAudit = (id: string) => getAction<PoiAudit>('/eCustomer/custAuditByMapPoi', { id });
export const auditCustomer = (id: string, action: AuditAction, reason?: string) =>
  postAction<null>('/eCustomer/audit', { id, action, reason: reason ?? '' });
