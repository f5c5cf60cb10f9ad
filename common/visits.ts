// The visit module's codes and Chinese labels (DOMAIN §1.4): routes, check-in rules, plans and visit
// records. The server validates against the codes and adds `<field>_dictText` to list records; the SPA shows
// the same labels in filters and tags.

const labels = <T extends string>(entries: Record<T, string>) => entries;

export const WEEKDAY = labels({
  '1': '周一',
  '2': '周二',
  '3': '周三',
  '4': '周四',
  '5': '周五',
  '6': '周六',
  '7': '周日',
});

export const VISIT_TYPE = labels({ PLANNED: '计划内', UNPLANNED: '计划外', ASSIST: '协访', AUDIT: '稽查' });
export type VisitType = keyof typeof VISIT_TYPE;

export const VISIT_STATUS = labels({ CHECKED_IN: '已签到', COMPLETED: '已完成', AUTO_CLOSED: '系统签退' });
export type VisitStatus = keyof typeof VISIT_STATUS;

export const ABNORMAL_FLAG = labels({
  OUT_OF_RANGE: '超距离',
  TOO_SHORT: '停留过短',
  TOO_LONG: '超时',
  MOCK_LOCATION: '虚拟定位',
  NO_CHECKOUT: '未签退',
  DUP_PHOTO: '重复照片',
  RECAPTURE: '翻拍',
  DEVICE_CHANGED: '换机',
});
export type AbnormalFlag = keyof typeof ABNORMAL_FLAG;
/** Flags that make a visit invalid until a reviewer accepts it; TOO_LONG only asks for evidence. */
export const HARD_FLAGS: readonly AbnormalFlag[] = [
  'OUT_OF_RANGE',
  'TOO_SHORT',
  'MOCK_LOCATION',
  'NO_CHECKOUT',
  'DUP_PHOTO',
  'RECAPTURE',
];

export const ABNORMAL_REVIEW = labels({ PENDING: '待审核', ACCEPTED: '认可', DENIED: '不认可' });
export type AbnormalReview = keyof typeof ABNORMAL_REVIEW;

export const STEP_TYPE = labels({
  CHECK_IN: '进店签到',
  DOOR_PHOTO: '门头照',
  STOCK_CHECK: '库存盘点',
  DISPLAY_CHECK: '陈列检查',
  FREEZER_CHECK: '冰柜检查',
  PRICE_CHECK: '价格检查',
  COMPETITOR: '竞品采集',
  POSM: '物料张贴',
  AGREEMENT_CHECK: '协议检核',
  ORDER: '下单',
  SURVEY: '问卷',
  CHECK_OUT: '离店签退',
});
export type StepType = keyof typeof STEP_TYPE;

/** A step of a visit between check-in and check-out, as a 拜访步骤模板 lists it. */
export interface VisitStepDefinition {
  stepType: StepType;
  /** 必做: the server refuses 签退 until a step of this type is written. */
  required: boolean;
}

/** The steps a visit takes where no 拜访步骤模板 matches the outlet (none of them required). */
export const DEFAULT_VISIT_STEPS: readonly VisitStepDefinition[] = [
  { stepType: 'DOOR_PHOTO', required: false },
  { stepType: 'STOCK_CHECK', required: false },
  { stepType: 'DISPLAY_CHECK', required: false },
  { stepType: 'COMPETITOR', required: false },
];

/** What a template may list: every step type but check-in and check-out, which every visit has. */
export const TEMPLATE_STEP_TYPES: readonly StepType[] = (Object.keys(STEP_TYPE) as StepType[]).filter(
  (type) => type !== 'CHECK_IN' && type !== 'CHECK_OUT',
);

export const PLAN_TYPE = labels({ ROUTE: '线路计划', TEMP: '临时计划', ASSIST: '协访', AUDIT: '稽查' });
export type PlanType = keyof typeof PLAN_TYPE;

export const PLAN_STATUS = labels({
  DRAFT: '草稿',
  SUBMITTED: '已提交',
  APPROVED: '已确认',
  IN_PROGRESS: '执行中',
  DONE: '已完成',
  PARTIAL: '部分完成',
  MISSED: '未执行',
});
export type PlanStatus = keyof typeof PLAN_STATUS;

export const PLAN_ITEM_STATUS = labels({
  PENDING: '待拜访',
  VISITED: '已拜访',
  MISSED: '未拜访',
  CANCELLED: '已取消',
});
export type PlanItemStatus = keyof typeof PLAN_ITEM_STATUS;

export const VISIT_PURPOSE = ['巡店', '收单', '陈列检核', '冰柜巡检', '开发新店'] as const;

/** What an outlet's check-in is held to (DOMAIN §1.4 CheckInRule). */
export interface CheckInRuleValues {
  checkInRadiusM: number;
  gpsAccuracyMaxM: number;
  allowOutOfRange: boolean;
  requireCheckOut: boolean;
  minStayMinutes: number;
  maxStayMinutes: number;
  /** The visit's steps as its 拜访步骤模板 gave them at check-in (absent on visits made before templates). */
  steps?: VisitStepDefinition[];
  /** The template's name; null: the default steps. */
  stepTemplateName?: string | null;
}

/** Applied where no rule of the tenant matches the outlet. */
export const DEFAULT_CHECK_IN_RULE: CheckInRuleValues = {
  checkInRadiusM: 200,
  gpsAccuracyMaxM: 100,
  allowOutOfRange: true,
  requireCheckOut: true,
  minStayMinutes: 5,
  maxStayMinutes: 90,
};

/** Mean Earth radius of the haversine formula, metres. */
const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in metres between two WGS-84 (or two GCJ-02) points, rounded to the metre. */
export function haversineMetres(a: { lng: number; lat: number }, b: { lng: number; lat: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h))));
}

/** A stay in seconds as 1小时5分 / 12分30秒. */
export function formatStay(seconds: number | null | undefined): string {
  if (seconds == null) return '—';
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours > 0) return `${hours}小时${minutes}分`;
  return minutes > 0 ? `${minutes}分${rest}秒` : `${rest}秒`;
}

/** A row of 拜访日报 / 月报 (docs/visits-api.md): one rep or one department over a day or a month. */
export interface VisitReportRow {
  /** The employee id or the department code: what a drill-down filters the visit records by. */
  key: string;
  employeeId: string | null;
  employeeName: string | null;
  orgCode: string;
  orgName: string | null;
  /** The first and last day of the period (Shanghai). */
  dateBegin: string;
  dateEnd: string;
  plannedCount: number;
  plannedVisitedCount: number;
  totalVisits: number;
  validVisits: number;
  abnormalVisits: number;
  outOfRangeCount: number;
  /** plannedVisited ÷ planned in percent with one decimal; null without a plan. */
  completionRate: number | null;
  /** The average stay of the closed visits in minutes with one decimal; null without one. */
  avgStayMinutes: number | null;
  /** Visits during which an order was taken, and their amount. */
  ordersCount: number;
  orderAmount: string;
  /** Execution results of the period's visits that were scored (neither waiting for the reviewer nor revoked). */
  executionCount: number;
  executionPassedCount: number;
  /** 执行合格率: passed ÷ scored in percent with one decimal; null without a scored result. */
  executionPassRate: number | null;
  /** 金币: the coins execution results put into the outlets' accounts in the period, less those reversed in it. */
  coinsEarned: number;
}

/** 合计 of a report: every row's counts together. */
export type VisitReportSummary = Omit<
  VisitReportRow,
  'key' | 'employeeId' | 'employeeName' | 'orgCode' | 'orgName'
>;
