// The home dashboard's wire contract (/home, docs/business-api.md "Home dashboard"), shared by the SPA and
// the server: the period a figure covers, the summary cards, the sales trend and the rankings.

export const HOME_PERIODS = ['today', 'week', 'month', 'year', 'custom'] as const;
export type HomePeriod = (typeof HOME_PERIODS)[number];

export const HOME_PERIOD_LABELS: Record<HomePeriod, string> = {
  today: '今日',
  week: '本周',
  month: '本月',
  year: '本年',
  custom: '自定义',
};

/** A custom range longer than this is refused: the trend would no longer fit a chart of days. */
export const HOME_RANGE_MAX_DAYS = 366;
export const HOME_RANKING_SIZE = 10;

/** The period of the trend, the rankings and the new-customer card; dates 'YYYY-MM-DD' (Asia/Shanghai). */
export interface HomePeriodQuery {
  period: HomePeriod;
  /** Both required for 'custom', ignored otherwise. */
  startDate?: string;
  endDate?: string;
}

/** Orders that count: placed and still valid (not cancelled, rejected or invalidated). */
export interface OrderFigures {
  /** Σ payable amount, yuan, as decimal text like every amount of the API ("1234.50"). */
  amount: string;
  count: number;
}

export interface HomeSummary {
  today: OrderFigures;
  month: OrderFigures;
  /** The chosen period. */
  period: OrderFigures;
  /** Customers (dealers and outlets) created in the chosen period. */
  newCustomers: number;
  /** ERP sync tasks failed and not ignored, both directions: the figure does not depend on the period. */
  failedSyncs: number;
}

/** A trend bucket: an hour for 'today', a month for 'year', a day otherwise. */
export type HomeTrendUnit = 'hour' | 'day' | 'month';

export interface HomeTrendPoint {
  /** 'HH:00', 'YYYY-MM-DD' or 'YYYY-MM'. */
  label: string;
  /** Decimal text. */
  amount: string;
  count: number;
}

export interface HomeTrend {
  unit: HomeTrendUnit;
  points: HomeTrendPoint[];
}

export interface HomeRankingRow {
  rank: number;
  id: string;
  name: string;
  /** Σ line amount for SKUs, Σ payable amount for dealers and sales reps; decimal text. */
  amount: string;
  /** Base units sold for SKUs, orders for dealers and sales reps. */
  count: number;
}

export interface HomeRankings {
  skus: HomeRankingRow[];
  dealers: HomeRankingRow[];
  salesReps: HomeRankingRow[];
}

/** The home tab's size of the 今日拜访 and 异常拜访 lists. */
export const HOME_VISIT_LIST_SIZE = 5;

/** One visit of today on the home tab. */
export interface HomeVisitRow {
  id: string;
  visitNo: string;
  /** 'YYYY-MM-DD HH:mm:ss', Asia/Shanghai. */
  checkInAt: string;
  employeeName: string;
  customerName: string;
  status: string;
  status_dictText: string;
  isValid: boolean;
  /** Codes of common/visits ABNORMAL_FLAG; empty for a visit in order. */
  abnormalFlags: string[];
}

/** Today's visits of the caller's data scope (GET /home/visits, permission visit:list). */
export interface HomeVisits {
  /** Today, 'YYYY-MM-DD' (Asia/Shanghai): the day the visit list's link filters on. */
  day: string;
  /** Outlets on today's confirmed plans (cancelled items left out) and how many of them were visited. */
  plannedOutlets: number;
  visitedOutlets: number;
  /** Visits checked in today; valid ones; ones with an abnormal flag, and those still awaiting review. */
  visits: number;
  validVisits: number;
  abnormalVisits: number;
  pendingReview: number;
  /** The latest visits of today, and the latest abnormal ones; HOME_VISIT_LIST_SIZE at most each. */
  latest: HomeVisitRow[];
  abnormal: HomeVisitRow[];
}
