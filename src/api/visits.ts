// 拜访管理 (docs/visits-api.md): routes, check-in rules, plans and visit records.
import type { Attachment } from '../../common/attachments';
import type { Page } from '../../common/contract';
import type { ExecutionResultDetail } from './execution';
import type {
  AbnormalFlag,
  CheckInRuleValues,
  VisitReportRow,
  VisitReportSummary,
  VisitStepDefinition,
} from '../../common/visits';

export type { VisitReportRow, VisitReportSummary };
import { downloadFile, getAction, postAction, putAction } from './http';
import type { ListParams } from './systemTypes';

export interface VisitRoute {
  id: string;
  code: string;
  name: string;
  employeeId: string;
  employeeName: string;
  orgCode: string;
  weekdays: number[];
  weekdays_dictText: string;
  status: string;
  status_dictText: string;
  remark: string | null;
  outletCount: number;
  createTime: string;
}

export interface RouteOutlet {
  customerId: string;
  seq: number;
  customerCode: string;
  customerName: string;
  address: string | null;
  outletType: string | null;
  lng: number | null;
  lat: number | null;
}

export interface VisitRouteDetail extends Omit<VisitRoute, 'outletCount' | 'createTime'> {
  outlets: RouteOutlet[];
}

export interface RoutePayload {
  id?: string;
  code: string;
  name: string;
  employeeId: string;
  weekdays: number[];
  outletIds: string[];
  status?: string;
  remark?: string | null;
}

export interface CheckInRule extends CheckInRuleValues {
  id: string;
  name: string;
  orgCode: string;
  orgName: string | null;
  channel: string | null;
  channel_dictText: string;
  outletType: string | null;
  status: string;
  status_dictText: string;
  updateTime: string;
}

export type RulePayload = CheckInRuleValues & {
  id?: string;
  name: string;
  orgCode: string;
  channel?: string | null;
  outletType?: string | null;
  status?: string;
};

export interface VisitRecord {
  id: string;
  visitNo: string;
  checkInAt: string;
  checkOutAt: string | null;
  employeeId: string;
  employeeName: string;
  customerId: string;
  customerName: string;
  customerCode: string;
  visitType: string;
  visitType_dictText: string;
  checkInDistanceM: number;
  checkInInRange: boolean;
  durationSec: number | null;
  durationText: string;
  abnormalFlags: AbnormalFlag[];
  abnormalFlags_dictText: string;
  abnormalReviewStatus: string | null;
  abnormalReviewStatus_dictText: string | null;
  isValid: boolean;
  orderAmount: string;
  executionScore: string | null;
  status: string;
  status_dictText: string;
}

export interface TimelineEntry {
  kind: string;
  title: string;
  at: string | null;
  detail: string | null;
  photoIds: string[];
}

export interface VisitDetail extends VisitRecord {
  customerAddress: string | null;
  outletLng: number | null;
  outletLat: number | null;
  checkInLng: number;
  checkInLat: number;
  checkInAccuracyM: number;
  checkOutLng: number | null;
  checkOutLat: number | null;
  checkOutDistanceM: number | null;
  abnormalReason: string | null;
  remark: string | null;
  rule: CheckInRuleValues & { ruleName?: string };
  steps: Array<{
    id: string;
    stepType: string;
    stepType_dictText: string;
    completedAt: string;
    data: Record<string, unknown>;
  }>;
  /** The photos of check-in, the steps and check-out, in timeline order (watermark, place, duplicate mark). */
  photos: Attachment[];
  timeline: TimelineEntry[];
  /** The rep's check-in and check-out positions of the visit's day, in time order (the map's track). */
  trajectory: Array<{
    visitId: string;
    kind: 'CHECK_IN' | 'CHECK_OUT';
    customerName: string;
    at: string;
    lng: number;
    lat: number;
  }>;
  /** 门店库存: one row per SKU counted in the visit's stock check. */
  stockChecks: VisitStockCheck[];
  /** 竞品采集: one row per competitor product observed. */
  competitors: VisitCompetitor[];
  /** The orders placed during the visit (its ORDER step). */
  orders: VisitOrder[];
  /** The score card: the visit's execution result, when one was submitted. */
  execution: ExecutionResultDetail | null;
}

export interface VisitOrder {
  id: string;
  orderNo: string;
  orderedAt: string;
  status: string;
  status_dictText: string;
  payableAmount: string;
}

/** 拜访记录's 人员: an employee of the caller's scope. */
export interface VisitEmployeeOption {
  id: string;
  realname: string;
  username: string;
}

export interface VisitStockCheck {
  id: string;
  skuId: string;
  skuCode: string;
  skuName: string;
  spec: string | null;
  unitsPerCase: number;
  qtyCases: number;
  qtyUnits: number;
  baseQty: number;
  oldestProductionDate: string | null;
  /** The oldest goods' last day: production date + the SKU's shelf life. */
  expiresOn: string | null;
  suggestedOrderCases: number | null;
  /** How fresh the oldest goods seen are today (FRESHNESS_CLASS); null without a production date. */
  freshness: 'FRESH' | 'NORMAL' | 'WARNING' | 'NEAR_EXPIRY' | 'EXPIRED' | null;
  freshness_dictText: string | null;
}

export interface VisitCompetitor {
  id: string;
  competitorBrand: string;
  skuName: string;
  retailPrice: string | null;
  facings: number | null;
  hasFreezer: boolean | null;
  promoNote: string | null;
  photoId: string | null;
}

/** One outlet of a plan, with its visit when it was visited. */
export interface VisitPlanItem {
  id: string;
  planId: string;
  seq: number;
  customerId: string;
  customerName: string;
  customerCode: string;
  purpose: string | null;
  /** 'HH:MM' (Beijing time) the outlet is planned for, if set. */
  plannedTime: string | null;
  mustVisit: boolean;
  status: string;
  status_dictText: string;
  visitRecordId: string | null;
  /** The visit's check-in, 'YYYY-MM-DD HH:mm:ss'; null before it is visited. */
  checkInAt: string | null;
  abnormalFlags: AbnormalFlag[] | null;
}

export interface VisitPlan {
  id: string;
  planNo: string;
  planDate: string;
  employeeId: string;
  employeeName: string;
  planType: string;
  planType_dictText: string;
  routeId: string | null;
  routeName: string | null;
  plannedCount: number;
  visitedCount: number;
  completionRate: number | null;
  status: string;
  status_dictText: string;
  remark: string | null;
  /** Asked with withItems=true (the week calendar). */
  items?: VisitPlanItem[];
}

export interface VisitPlanDetail {
  id: string;
  planNo: string;
  planDate: string;
  employeeName: string;
  status_dictText: string;
  items: VisitPlanItem[];
}

export const listRoutes = (params: ListParams) => getAction<Page<VisitRoute>>('/eVisit/route/list', params);
export const exportRoutes = (params: ListParams) =>
  downloadFile('/eVisit/route/exportXls', '拜访线路.xlsx', params);
export const routeById = (id: string) => getAction<VisitRouteDetail>('/eVisit/route/queryById', { id });
export const saveRoute = (route: RoutePayload) =>
  route.id ? putAction('/eVisit/route/edit', route) : postAction('/eVisit/route/add', route);
export const reorderRoute = (id: string, outletIds: string[]) =>
  putAction('/eVisit/route/reorder', { id, outletIds });
export const changeRouteStatus = (id: string, status: string) =>
  putAction('/eVisit/route/changeStatus', { id, status });

export const listRules = (params: ListParams) => getAction<Page<CheckInRule>>('/eVisit/rule/list', params);
export const exportRules = (params: ListParams) =>
  downloadFile('/eVisit/rule/exportXls', '打卡规则.xlsx', params);
export const saveRule = (rule: RulePayload) =>
  rule.id ? putAction('/eVisit/rule/edit', rule) : postAction('/eVisit/rule/add', rule);

/** 拜访步骤模板: the steps of a visit per scope (打卡规则's permissions). */
export interface StepTemplate {
  id: string;
  name: string;
  orgCode: string;
  orgName: string | null;
  channel: string | null;
  channel_dictText: string;
  outletType: string | null;
  steps: Array<VisitStepDefinition & { stepType_dictText: string }>;
  status: 'ACTIVE' | 'DISABLED';
  status_dictText: string;
}

export interface StepTemplatePayload {
  id?: string;
  name: string;
  orgCode: string;
  channel: string | null;
  outletType: string | null;
  steps: VisitStepDefinition[];
  status?: 'ACTIVE' | 'DISABLED';
}

export const listStepTemplates = (params: ListParams) =>
  getAction<Page<StepTemplate>>('/eVisit/stepTemplate/list', params);
export const saveStepTemplate = ({ id, ...template }: StepTemplatePayload) =>
  id
    ? putAction('/eVisit/stepTemplate/edit', { id, ...template })
    : postAction('/eVisit/stepTemplate/add', template);

export const listVisits = (params: ListParams) => getAction<Page<VisitRecord>>('/eVisit/record/list', params);
export const visitById = (id: string) => getAction<VisitDetail>('/eVisit/record/queryById', { id });
/** The employees of the caller's scope by name or account, or the one chosen (`id`). */
export const visitEmployeeOptions = (query: { keyword?: string; id?: string }) =>
  getAction<VisitEmployeeOption[]>('/eVisit/record/employeeOptions', query);
/** 拜访详情's map tiles (MAP_TILE_URL), or null for a plain background. */
export const mapConfig = () => getAction<{ tileUrl: string | null }>('/eVisit/mapConfig');
export const exportPlans = (params: ListParams) =>
  downloadFile('/eVisit/plan/exportXls', '拜访计划.xlsx', params);
export const exportVisits = (params: ListParams) =>
  downloadFile('/eVisit/record/exportXls', '拜访记录.xlsx', params);

export const listPlans = (params: ListParams) => getAction<Page<VisitPlan>>('/eVisit/plan/list', params);
export const planById = (id: string) => getAction<VisitPlanDetail>('/eVisit/plan/queryById', { id });
export const generatePlans = (from: string, to: string) =>
  postAction<{ created: number }>('/eVisit/plan/generate', { from, to });
export const copyLastWeek = (weekStart: string) =>
  postAction<{ created: number }>('/eVisit/plan/copyLastWeek', { weekStart });
export const addTempPlan = (plan: {
  employeeId: string;
  planDate: string;
  outletIds: string[];
  purpose?: string | null;
  plannedTimes?: Record<string, string>;
}) => postAction('/eVisit/plan/addTemp', plan);
export const decidePlan = (id: string, approve: boolean) => putAction('/eVisit/plan/decide', { id, approve });

export type VisitReportKind = 'daily' | 'monthly';
/** The report's API mirrors its page (/{product}/esaleanalysis/…). */
const REPORT_PATH = { daily: '/esaleanalysis/dmsdailyreport', monthly: '/esaleanalysis/dmsmonthreport' };

export const visitReport = (kind: VisitReportKind, params: ListParams) =>
  getAction<Page<VisitReportRow> & { summary: VisitReportSummary }>(REPORT_PATH[kind], params);
export const exportVisitReport = (kind: VisitReportKind, params: ListParams) =>
  downloadFile(
    `${REPORT_PATH[kind]}/exportXls`,
    kind === 'daily' ? '拜访日报.xlsx' : '拜访月报.xlsx',
    params,
  );
