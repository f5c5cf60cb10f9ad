// KPI targets, achievement and the sales reports (DOMAIN §1.13, §1.14; docs/kpi-api.md): the indicator set, the
// period codes and the shapes the server and the SPA share.
const labels = <T extends string>(entries: Record<T, string>) => entries;

export const KPI_INDICATOR = labels({
  SALES_CASES: '销量(箱)',
  SALES_AMOUNT: '销售额',
  ORDER_AMOUNT: '下单金额',
  RECEIPTS: '回款',
  VISITS: '拜访家次',
  VALID_VISIT_RATE: '有效拜访率',
  COVERAGE_RATE: '拜访覆盖率',
  NEW_OUTLETS: '新开客户数',
  ACTIVE_OUTLETS: '动销门店数',
  DISTRIBUTION_RATE: '铺货率',
  DISPLAY_PASS_RATE: '陈列达标率',
  FREEZER_PLACED: '冰柜投放数',
  FREEZER_INSPECTION_RATE: '冰柜巡检率',
  EXECUTION_AVG_SCORE: '执行平均分',
});
export type KpiIndicatorCode = keyof typeof KPI_INDICATOR;
export const KPI_INDICATOR_CODES = Object.keys(KPI_INDICATOR) as KpiIndicatorCode[];

export type KpiAggregation = 'SUM' | 'COUNT' | 'DISTINCT_COUNT' | 'RATE' | 'AVG';

export interface KpiIndicatorDefinition {
  code: KpiIndicatorCode;
  name: string;
  unit: string;
  aggregation: KpiAggregation;
  /** The module the figure is read from. */
  dataSource: string;
  higherIsBetter: boolean;
  /** How the figure is computed, in Chinese (shown as the column's tooltip). */
  formula: string;
}

export const KPI_INDICATORS: KpiIndicatorDefinition[] = [
  {
    code: 'SALES_CASES',
    name: '销量(箱)',
    unit: '箱',
    aggregation: 'SUM',
    dataSource: 'orders',
    higherIsBetter: true,
    formula: '期间发货箱数 − 期间退货入库箱数（赠品不计）',
  },
  {
    code: 'SALES_AMOUNT',
    name: '销售额',
    unit: '元',
    aggregation: 'SUM',
    dataSource: 'orders',
    higherIsBetter: true,
    formula: '期间发货金额（按成交价）− 期间退货入库金额',
  },
  {
    code: 'ORDER_AMOUNT',
    name: '下单金额',
    unit: '元',
    aggregation: 'SUM',
    dataSource: 'orders',
    higherIsBetter: true,
    formula: '期间审核通过的订单应付金额',
  },
  {
    code: 'RECEIPTS',
    name: '回款',
    unit: '元',
    aggregation: 'SUM',
    dataSource: 'orders',
    higherIsBetter: true,
    formula: '期间登记的收款金额',
  },
  {
    code: 'VISITS',
    name: '拜访家次',
    unit: '次',
    aggregation: 'COUNT',
    dataSource: 'visits',
    higherIsBetter: true,
    formula: '期间有效拜访次数',
  },
  {
    code: 'VALID_VISIT_RATE',
    name: '有效拜访率',
    unit: '%',
    aggregation: 'RATE',
    dataSource: 'visits',
    higherIsBetter: true,
    formula: '有效拜访 ÷ 全部已签退拜访',
  },
  {
    code: 'COVERAGE_RATE',
    name: '拜访覆盖率',
    unit: '%',
    aggregation: 'RATE',
    dataSource: 'visits',
    higherIsBetter: true,
    formula: '期间拜访过的门店数 ÷ 负责的有效门店数',
  },
  {
    code: 'NEW_OUTLETS',
    name: '新开客户数',
    unit: '家',
    aggregation: 'COUNT',
    dataSource: 'customers',
    higherIsBetter: true,
    formula: '期间建档且已审核通过的门店数',
  },
  {
    code: 'ACTIVE_OUTLETS',
    name: '动销门店数',
    unit: '家',
    aggregation: 'DISTINCT_COUNT',
    dataSource: 'orders',
    higherIsBetter: true,
    formula: '期间至少下过一张有效订单的门店数',
  },
  {
    code: 'DISTRIBUTION_RATE',
    name: '铺货率',
    unit: '%',
    aggregation: 'RATE',
    dataSource: 'orders',
    higherIsBetter: true,
    formula: '期间购买过主销品（CORE）的门店数 ÷ 动销门店数',
  },
  {
    code: 'DISPLAY_PASS_RATE',
    name: '陈列达标率',
    unit: '%',
    aggregation: 'RATE',
    dataSource: 'display',
    higherIsBetter: true,
    formula: '陈列检核达标次数 ÷ 检核次数（陈列模块上线前显示 —）',
  },
  {
    code: 'FREEZER_PLACED',
    name: '冰柜投放数',
    unit: '台',
    aggregation: 'COUNT',
    dataSource: 'assets',
    higherIsBetter: true,
    formula: '期间完成投放的冰柜数',
  },
  {
    code: 'FREEZER_INSPECTION_RATE',
    name: '冰柜巡检率',
    unit: '%',
    aggregation: 'RATE',
    dataSource: 'assets',
    higherIsBetter: true,
    formula: '期间巡检过的在投冰柜 ÷ 在投冰柜',
  },
  {
    code: 'EXECUTION_AVG_SCORE',
    name: '执行平均分',
    unit: '分',
    aggregation: 'AVG',
    dataSource: 'visits',
    higherIsBetter: true,
    formula: '期间有评分的拜访的执行得分平均值',
  },
];

export const KPI_RATE_INDICATORS: readonly KpiIndicatorCode[] = KPI_INDICATORS.filter(
  (indicator) => indicator.aggregation === 'RATE',
).map((indicator) => indicator.code);

export const KPI_PERIOD_TYPE = labels({ YEAR: '年', QUARTER: '季', MONTH: '月' });
export type KpiPeriodType = keyof typeof KPI_PERIOD_TYPE;

export const KPI_SUBJECT_TYPE = labels({ ORG: '部门', EMPLOYEE: '人员', DEALER: '经销商' });

/** The columns of 达成报表, as the page shows them and its 导出 names them. */
export const ACHIEVEMENT_COLUMNS = {
  subjectName: '名称',
  subjectType: '类型',
  targetValue: '目标',
  actualValue: '实际',
  achievementRate: '达成率',
  timeProgressRate: '时间进度',
  gapToTarget: '差额',
  rankInParent: '组内排名',
  rankTotal: '总排名',
} as const;

/** The columns of 经销商月报, as the page shows them and its 导出 names them. */
export const DEALER_MONTHLY_COLUMNS = {
  dealerName: '经销商',
  purchaseCases: '进货箱数',
  purchaseAmount: '进货金额',
  sellOutCases: '出货箱数',
  sellOutAmount: '出货金额',
  activeOutlets: '动销门店',
  newOutlets: '新开门店',
  rebateAccrued: '返利计提',
  rebateUsed: '返利使用',
  displayFeesPaid: '陈列费',
  freezersPlaced: '冰柜投放',
  targetCases: '目标箱数',
  achievementRate: '达成率',
} as const;
export type KpiSubjectType = keyof typeof KPI_SUBJECT_TYPE;

export const KPI_TARGET_STATUS = labels({ DRAFT: '草稿', PUBLISHED: '已下达', LOCKED: '已锁定' });
export type KpiTargetStatus = keyof typeof KPI_TARGET_STATUS;

export const KPI_CHANGE_STATUS = labels({
  PENDING: '审批中',
  APPROVED: '已通过',
  REJECTED: '已驳回',
  WITHDRAWN: '已撤回',
});
export type KpiChangeStatus = keyof typeof KPI_CHANGE_STATUS;

/** Period codes: 2026 (year), 2026-Q3 (quarter), 2026-07 (month). */
export const KPI_PERIOD_PATTERN = '^\\d{4}(-Q[1-4]|-(0[1-9]|1[0-2]))?$';

export function periodTypeOf(period: string): KpiPeriodType {
  if (/^\d{4}$/.test(period)) return 'YEAR';
  if (/^\d{4}-Q[1-4]$/.test(period)) return 'QUARTER';
  return 'MONTH';
}

const pad = (value: number) => String(value).padStart(2, '0');

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day `days` later (earlier when negative), 'YYYY-MM-DD'. */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);

/** The first day and the day after the last of a period, 'YYYY-MM-DD'. */
export function periodRange(period: string): { start: string; end: string } {
  const year = Number(period.slice(0, 4));
  const type = periodTypeOf(period);
  const month = (y: number, m: number) => `${y + Math.floor((m - 1) / 12)}-${pad(((m - 1) % 12) + 1)}-01`;
  if (type === 'YEAR') return { start: `${year}-01-01`, end: `${year + 1}-01-01` };
  if (type === 'QUARTER') {
    const first = (Number(period.slice(6)) - 1) * 3 + 1;
    return { start: month(year, first), end: month(year, first + 3) };
  }
  const m = Number(period.slice(5, 7));
  return { start: month(year, m), end: month(year, m + 1) };
}

/** The months of a year, '2026-01' … '2026-12'. */
export const monthsOf = (year: number) =>
  Array.from({ length: 12 }, (_, index) => `${year}-${pad(index + 1)}`);

/** The quarters of a year, '2026-Q1' … '2026-Q4'. */
export const quartersOf = (year: number) => [1, 2, 3, 4].map((quarter) => `${year}-Q${quarter}`);

/** Every period a target grid of `year` holds: its months, the year (as Excel lays them out), its quarters. */
export const gridPeriodsOf = (year: number) => [...monthsOf(year), String(year), ...quartersOf(year)];

/** The same period one year before (for last year's share and YoY). */
export const lastYearOf = (period: string) => `${Number(period.slice(0, 4)) - 1}${period.slice(4)}`;

/** 达成率 coloured against 时间进度 (§1.13): green at or above it, amber within 10 points, red below. */
export type AchievementColour = 'green' | 'amber' | 'red' | 'none';
export function achievementColour(rate: number | null, timeProgress: number): AchievementColour {
  if (rate === null) return 'none';
  if (rate >= timeProgress) return 'green';
  if (rate >= timeProgress - 0.1) return 'amber';
  return 'red';
}

// ---- Shapes ----

/** One row of the 目标设置 grid: a subject with its twelve month targets and the year's. */
export interface KpiTargetGridRow {
  subjectType: KpiSubjectType;
  subjectId: string;
  subjectName: string;
  /** The department of the subject (for ORG its own code). */
  orgCode: string;
  /** '2026-01' … and '2026-Q1' … → value; absent periods have no target. */
  months: Record<string, number | null>;
  year: number | null;
  /** The most advanced status among the row's targets. */
  status: KpiTargetStatus | null;
  /** Months and quarters whose target is locked (changes go through 审批中心). */
  lockedMonths: string[];
}

export interface KpiTargetGrid {
  year: number;
  indicatorCode: KpiIndicatorCode;
  subjectType: KpiSubjectType;
  rows: KpiTargetGridRow[];
}

export interface KpiTargetCell {
  subjectId: string;
  period: string;
  value: number | null;
}

export interface KpiAchievementRow {
  subjectType: KpiSubjectType;
  subjectId: string;
  subjectName: string;
  orgCode: string;
  /** Whether the row has children to drill into (a department). */
  hasChildren: boolean;
  indicatorCode: KpiIndicatorCode;
  /** null: the indicator's source module has no data yet (shown —). */
  actualValue: number | null;
  targetValue: number | null;
  achievementRate: number | null;
  timeProgressRate: number;
  gapToTarget: number | null;
  rankInParent: number | null;
  rankTotal: number | null;
  colour: AchievementColour;
}

export interface KpiAchievementReport {
  period: string;
  indicatorCode: KpiIndicatorCode;
  snapshotDate: string | null;
  /** The department drilled into, with the path to it for the breadcrumb. */
  parent: { orgCode: string; name: string } | null;
  path: Array<{ orgCode: string; name: string }>;
  total: KpiAchievementRow | null;
  rows: KpiAchievementRow[];
}

export const SALES_DIMENSION = labels({
  region: '区域',
  department: '部门',
  dealer: '经销商',
  rep: '业务员',
  customerType: '客户类型',
  brand: '品牌',
  category: '品类',
  sku: 'SKU',
});
export type SalesDimension = keyof typeof SALES_DIMENSION;
export const SALES_DIMENSIONS = Object.keys(SALES_DIMENSION) as SalesDimension[];

export const SALES_GRAIN = labels({ day: '日', week: '周', month: '月' });
export type SalesGrain = keyof typeof SALES_GRAIN;

export interface SalesAnalysisQuery {
  startDate: string;
  endDate: string;
  dimension: SalesDimension;
  grain: SalesGrain;
  orgCode?: string;
}

/** The month `months` after 'YYYY-MM' (before when negative). */
export const addMonths = (month: string, months: number) => {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

/** The bucket `day` falls in: the day, the Monday of its week, or its month 'YYYY-MM'. */
export function bucketOf(grain: SalesGrain, day: string) {
  if (grain === 'month') return day.slice(0, 7);
  if (grain === 'day') return day;
  const weekday = new Date(Date.parse(day)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The first and the last day of a bucket. */
function bucketDays(grain: SalesGrain, bucket: string): [string, string] {
  if (grain === 'month') return [`${bucket}-01`, addDays(`${addMonths(bucket, 1)}-01`, -1)];
  return [bucket, grain === 'week' ? addDays(bucket, 6) : bucket];
}

/** The order list's filters (/eOrder/eOrder) that drill from a sales analysis line to its orders. */
export const SALES_DRILL_FILTERS: Record<SalesDimension, string> = {
  region: 'orgCode',
  department: 'orgCode',
  dealer: 'salesDealerId',
  rep: 'salesRepId',
  customerType: 'customerType',
  brand: 'brandId',
  category: 'categoryId',
  sku: 'skuId',
};

/**
 * The orders a line of the analysis counted, as the order list's URL filters: the placed ones (salesOnly) of
 * the line's key (none for 合计) and days — a bucket's (whole, as the analysis adds it up, to the end date), or
 * for a subtotal from the first bucket to the end date. Null for a line of no key (无经销商 ...): the list has
 * no filter for "none".
 */
export function salesDrillFilters(
  query: SalesAnalysisQuery,
  key: string | null,
  bucket: string | null,
): Record<string, string> | null {
  if (key === '') return null;
  const [begin, last] = bucketDays(query.grain, bucket ?? bucketOf(query.grain, query.startDate));
  const filters: Record<string, string> = {
    salesOnly: '1',
    orderedAt_begin: begin,
    orderedAt_end: bucket && last < query.endDate ? last : query.endDate,
  };
  // A region is a prefix of its departments' codes; the analysis' own department filter is one too.
  const prefixes = [query.orgCode, query.dimension === 'region' ? key : null].filter(Boolean) as string[];
  if (prefixes.length > 0) filters.orgCode = `${prefixes.sort((a, b) => b.length - a.length)[0]}*`;
  if (key !== null) {
    if (query.dimension === 'department') filters.orgCode = key;
    else if (query.dimension !== 'region') filters[SALES_DRILL_FILTERS[query.dimension]] = key;
  }
  return filters;
}

export interface SalesFigures {
  amount: number;
  cases: number;
  orders: number;
}

export interface SalesAnalysisRow extends SalesFigures {
  key: string;
  name: string;
  bucket: string;
  /** Same bucket a year before and the bucket before (null when it had no sales). */
  amountLastYear: number | null;
  amountLastPeriod: number | null;
  yoy: number | null;
  mom: number | null;
}

export interface SalesAnalysisGroup extends SalesFigures {
  key: string;
  name: string;
  /** 小计 of the group. */
  rows: SalesAnalysisRow[];
}

export interface SalesAnalysis {
  buckets: string[];
  groups: SalesAnalysisGroup[];
  total: SalesFigures;
}

export interface DealerInventoryRow {
  reportDate: string;
  dealerId: string;
  dealerName: string;
  warehouseName: string;
  skuCode: string;
  skuName: string;
  openingQty: number;
  purchaseInQty: number;
  salesOutQty: number;
  returnInQty: number;
  otherInQty: number;
  otherOutQty: number;
  closingQty: number;
  closingAmount: number;
  avgStockAgeDays: number | null;
  nearExpiryQty: number;
  daysOfSupply: number | null;
}

export interface DealerMonthlyRow {
  month: string;
  dealerId: string;
  dealerName: string;
  orgCode: string;
  purchaseCases: number;
  purchaseAmount: number;
  sellOutCases: number;
  sellOutAmount: number;
  activeOutlets: number;
  newOutlets: number;
  rebateAccrued: number | null;
  rebateUsed: number;
  displayFeesPaid: number | null;
  freezersPlaced: number;
  targetCases: number | null;
  achievementRate: number | null;
}

export interface KpiBoardRanking {
  subjectType: 'EMPLOYEE' | 'DEALER' | 'REGION';
  indicatorCode: KpiIndicatorCode;
  top: Array<{ rank: number; id: string; name: string; value: number | null; rate: number | null }>;
  bottom: Array<{ rank: number; id: string; name: string; value: number | null; rate: number | null }>;
}

export interface KpiBoard {
  period: string;
  periodLabel: string;
  /** Month-to-date against the month's target of the caller's top department. */
  mtd: Array<{
    indicatorCode: KpiIndicatorCode;
    actual: number | null;
    target: number | null;
    rate: number | null;
    timeProgress: number;
  }>;
  counters: {
    checkedInToday: number;
    abnormalVisits: number;
    freezerAlarms: number;
    nearExpiryValue: string;
    pendingApprovals: number;
  };
  rankings: KpiBoardRanking[];
}

export const KPI_BOARD_PERIOD = labels({ day: '日', week: '周', month: '月', quarter: '季', year: '年' });
export type KpiBoardPeriod = keyof typeof KPI_BOARD_PERIOD;
