// 陈列管理 (docs/displays-api.md): display policies with their burn-down, display agreements and their steps,
// inspections and their review, the monthly payments and the payout batch, and the zip of an agreement's or a
// month's pictures.
import type { Attachment } from '../../common/attachments';
import type { Page } from '../../common/contract';
import type {
  AgreementStatus,
  DisplayFeeType,
  DisplayPaymentStatus,
  DisplayType,
  InspectionResult,
  PolicyAction,
  PolicyStatus,
  ReviewStatus,
  TerminationReason,
} from '../../common/displays';
import { downloadFile, getAction, httpAction, postAction } from './http';
import type { ListParams } from './systemTypes';

export interface DisplayPolicy {
  id: string;
  policyNo: string;
  name: string;
  costType: string;
  costType_dictText: string;
  orgCode: string;
  startDate: string;
  endDate: string;
  displayTypes: DisplayType[];
  displayTypes_dictText: string;
  standard: { minFacings?: number | null; minLayers?: number | null; position?: string | null };
  totalBudget: string;
  perOutletCap: string;
  maxOutlets: number;
  signedOutlets: number;
  signedAmount: string;
  remainingBudget: string;
  budgetUsedPercent: number;
  outletsUsedPercent: number;
  partialRatio: string;
  inspectionFrequency: string;
  inspectionFrequency_dictText: string;
  paymentModes: DisplayFeeType[];
  paymentModes_dictText: string;
  status: PolicyStatus;
  status_dictText: string;
  remark: string | null;
  createTime: string;
}

export interface DisplayPolicyPayload {
  id?: string;
  name: string;
  costType: string;
  orgCode: string;
  startDate: string;
  endDate: string;
  displayTypes: DisplayType[];
  standard?: { minFacings?: number | null; minLayers?: number | null; position?: string | null };
  totalBudget: number;
  perOutletCap: number;
  maxOutlets: number;
  partialRatio?: number;
  inspectionFrequency: string;
  paymentModes: DisplayFeeType[];
  remark?: string | null;
}

export interface DisplayAgreement {
  id: string;
  agreementNo: string;
  /** The 陈列协议 template its text was made from, if any. */
  templateId: string | null;
  policyId: string;
  policyName: string;
  customerId: string;
  customerName: string;
  customerCode: string;
  employeeName: string | null;
  displayType: DisplayType;
  displayType_dictText: string;
  locationDesc: string | null;
  startDate: string;
  endDate: string;
  feeType: DisplayFeeType;
  feeType_dictText: string;
  monthlyFee: string;
  totalFee: string;
  lastResult: InspectionResult | null;
  lastResult_dictText: string | null;
  paidAmount: string;
  payableAmount: string;
  consecutiveFails: number;
  status: AgreementStatus;
  status_dictText: string;
  createTime: string;
}

export interface DisplayAgreementPayload {
  id?: string;
  policyId: string;
  customerId: string;
  startDate: string;
  endDate: string;
  displayType: DisplayType;
  locationDesc?: string | null;
  feeType: DisplayFeeType;
  monthlyFee: number;
  paymentCycle: string;
  templateId?: string | null;
  minFacings?: number;
  minLayers?: number;
  remark?: string | null;
}

export interface DisplayInspection {
  id: string;
  inspectionNo: string;
  agreementId: string;
  agreementNo: string;
  customerName: string;
  displayType_dictText: string;
  standardPhotoId: string | null;
  period: string;
  inspectorName: string | null;
  inspectorRole_dictText: string;
  inspectedAt: string;
  distanceM: number | null;
  photoIds: string[];
  facingsCounted: number | null;
  skusPresent: number | null;
  minFacings: number;
  result: InspectionResult;
  result_dictText: string;
  originalResult: InspectionResult | null;
  originalResult_dictText: string | null;
  deductionRatio: number;
  reviewStatus: ReviewStatus;
  reviewStatus_dictText: string;
  reviewRemark: string | null;
  remark: string | null;
}

export interface DisplayPayment {
  id: string;
  /** The payout's last month (its 兑付批次); `coverage` the months it pays for. */
  period: string;
  periods: string[];
  coverage: string;
  paymentCycle_dictText: string;
  agreementId: string;
  agreementNo: string;
  customerName: string;
  displayType_dictText: string;
  payeeName: string;
  inspectionResult_dictText: string;
  baseAmount: string;
  deductionAmount: string;
  payableAmount: string;
  method: DisplayFeeType;
  method_dictText: string;
  status: DisplayPaymentStatus;
  status_dictText: string;
  batchNo: string | null;
  voucherNo: string | null;
  paidAt: string | null;
}

export interface TimelineInspection {
  id: string;
  inspectionNo: string;
  period: string;
  inspectorName: string | null;
  inspectedAt: string;
  distanceM: number | null;
  facingsCounted: number | null;
  result: InspectionResult;
  result_dictText: string;
  originalResult_dictText: string | null;
  deductionRatio: number;
  reviewStatus: ReviewStatus;
  reviewStatus_dictText: string;
  reviewRemark: string | null;
  remark: string | null;
  photos: Attachment[];
}

export interface DisplayAgreementDetail {
  id: string;
  agreementNo: string;
  /** Set when the agreement was made from a template: it has a text and a PDF. */
  templateVersionId: string | null;
  status: AgreementStatus;
  status_dictText: string;
  policy: { id: string; policyNo: string; name: string };
  partialRatio: number;
  customer: { id: string; name: string; customerCode: string; address: string | null };
  dealer: { id: string; name: string } | null;
  employeeName: string | null;
  startDate: string;
  endDate: string;
  displayType_dictText: string;
  locationDesc: string | null;
  requiredSkus: Array<{ id: string; skuCode: string; name: string }>;
  minFacings: number;
  minLayers: number;
  feeType_dictText: string;
  monthlyFee: string;
  totalFee: string;
  approvedAmount: string | null;
  paymentCycle_dictText: string;
  consecutiveFails: number;
  terminationReason_dictText: string | null;
  terminationRemark: string | null;
  terminatedOn: string | null;
  remark: string | null;
  signedAt: string | null;
  standardPhoto: Attachment | null;
  signPhotos: Attachment[];
  inspections: TimelineInspection[];
  months: Array<{ period: string; inspections: TimelineInspection[] }>;
  /** 兑付计划: one payout a month, quarter or term (by 兑付周期), filed under its last month. */
  schedule: Array<{
    period: string;
    periods: string[];
    coverage: string;
    dueDate: string;
    plannedAmount: string;
    payment:
      | (Pick<
          DisplayPayment,
          'id' | 'baseAmount' | 'deductionAmount' | 'payableAmount' | 'status' | 'status_dictText' | 'batchNo'
        > & { method_dictText: string })
      | null;
  }>;
}

export const listDisplayPolicies = (params: ListParams) =>
  getAction<Page<DisplayPolicy>>('/esdh/policy/list', params);
export const exportDisplayPolicies = (params: ListParams) =>
  downloadFile('/esdh/policy/exportXls', '陈列方案.xlsx', params);
export const saveDisplayPolicy = (body: DisplayPolicyPayload) =>
  httpAction<{ id: string }>(
    body.id ? '/esdh/policy/edit' : '/esdh/policy/add',
    body,
    body.id ? 'put' : 'post',
  );
export const moveDisplayPolicy = (id: string, action: PolicyAction) =>
  postAction<{ status: PolicyStatus }>(`/esdh/policy/${action}`, { id });

export const listDisplayAgreements = (params: ListParams) =>
  getAction<Page<DisplayAgreement>>('/esdh/list', params);
export const exportDisplayAgreements = (params: ListParams) =>
  downloadFile('/esdh/exportXls', '陈列协议.xlsx', params);
export const getDisplayAgreement = (id: string) => getAction<DisplayAgreementDetail>('/esdh/info', { id });
export const saveDisplayAgreement = (body: DisplayAgreementPayload) =>
  httpAction<{ id: string; agreementNo: string; totalFee: string }>(
    body.id ? '/esdh/edit' : '/esdh/add',
    body,
    body.id ? 'put' : 'post',
  );
export const listDisplayTemplates = () =>
  getAction<Array<{ id: string; name: string; currentVersion: number }>>('/esdh/templates');
export const displayAgreementContent = (id: string) => getAction<{ html: string }>('/esdh/content', { id });
export const downloadDisplayAgreementPdf = (id: string, agreementNo: string) =>
  downloadFile('/esdh/pdf', `${agreementNo}.pdf`, { id });
export const submitDisplayAgreement = (id: string) =>
  postAction<{ status: AgreementStatus }>('/esdh/submit', { id });
export const signDisplayAgreement = (id: string, photoIds: string[]) =>
  postAction<{ status: AgreementStatus }>('/esdh/sign', { id, photoIds });
export const terminateDisplayAgreement = (body: { id: string; reason: TerminationReason; remark?: string }) =>
  postAction<{ status: AgreementStatus; returned: string }>('/esdh/terminate', body);
/** 陈列照片 of one agreement, or of a month across the agreements the list's `filters` select (下载中心 when large). */
export const downloadDisplayPhotos = (
  by: { agreementId: string } | { period: string; filters?: ListParams },
  name: string,
) =>
  downloadFile('/esdh/zip', `${name}.zip`, 'agreementId' in by ? by : { ...by.filters, period: by.period });

export const listDisplayInspections = (params: ListParams) =>
  getAction<Page<DisplayInspection>>('/esdh/inspection/list', params);
export const exportDisplayInspections = (params: ListParams) =>
  downloadFile('/esdh/inspection/exportXls', '陈列检核.xlsx', params);
export const inspectDisplay = (body: {
  agreementId: string;
  period?: string;
  result: InspectionResult;
  photoIds: string[];
  facingsCounted?: number | null;
  skusPresent?: number | null;
  remark?: string | null;
}) => postAction<{ id: string; agreementStatus: AgreementStatus }>('/esdh/inspection/add', body);
export const reviewDisplayInspection = (body: {
  id: string;
  decision: 'CONFIRM' | 'OVERTURN';
  result?: InspectionResult;
  remark?: string;
}) => postAction<{ id: string }>('/esdh/inspection/review', body);
export const getInspectionsDue = () => getAction<{ period: string; due: number }>('/esdh/inspection/due');

export const listDisplayPayments = (params: ListParams) =>
  getAction<Page<DisplayPayment>>('/esdh/payment/list', params);
export const exportDisplayPayments = (params: ListParams) =>
  downloadFile('/esdh/payment/exportXls', '陈列兑付明细.xlsx', params);
export const calculateDisplayPayments = (period: string) =>
  postAction<{ period: string; agreements: number }>('/esdh/payment/calculate', { period });
export const getPayoutSummary = (period: string) =>
  getAction<{
    period: string;
    states: Array<{
      status: DisplayPaymentStatus;
      status_dictText: string;
      count: number;
      payableAmount: string;
    }>;
  }>('/esdh/payment/summary', { period });
export const markDisplayPaymentsPaid = (body: { period: string; ids?: string[]; voucherNo: string }) =>
  postAction<{ batchNo: string; count: number; amount: string }>('/esdh/payment/markPaid', body);
