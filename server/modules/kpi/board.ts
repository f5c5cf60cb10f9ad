// 首页看板 / 排行榜 (DOMAIN §1.13): month-to-date against the month's target for the caller's departments, the
// counters the other modules keep (reps checked in today, abnormal visits, freezer alarms, near-expiry stock
// value, failed ERP syncs, pending approvals), and Top/Bottom N of reps, dealers and regions by an indicator
// over 日/周/月/季/年, all inside the caller's data scope. 红黑榜 is the same rankings as a workbook.
import { sql, type Kysely, type SqlBool } from 'kysely';
import {
  KPI_BOARD_PERIOD,
  KPI_INDICATOR,
  addDays,
  type KpiBoard,
  type KpiBoardPeriod,
  type KpiBoardRanking,
  type KpiIndicatorCode,
} from '../../../common/kpi';
import type { DB } from '../../db/schema';
import { pendingCount } from '../approvals/queries';
import { shanghaiToday } from '../home/periods';
import type { Caller } from '../shared/actor';
import { dataScopeOf, inScope, type DataScope } from '../shared/dataScope';
import { dayStart, indicatorActuals, orgFigure, round, valueOf } from './indicators';
import { subjectsOf, visibleSubjects, type Subject } from './subjects';
import { targetsOf } from './targets';
import { timeProgress } from './achievements';

export const BOARD_RANKING_SIZE = 5;
/** The indicators of the month-to-date cards. */
export const BOARD_MTD: KpiIndicatorCode[] = ['SALES_AMOUNT', 'SALES_CASES', 'ORDER_AMOUNT', 'VISITS'];

/** The range of a board period up to today, and the KPI period whose targets apply (day and week have none). */
export function boardPeriod(period: KpiBoardPeriod, now: Date) {
  const today = shanghaiToday(now);
  const end = addDays(today, 1);
  const month = Number(today.slice(5, 7));
  const quarter = Math.ceil(month / 3);
  switch (period) {
    case 'day':
      return { start: today, end, kpiPeriod: null, label: today };
    case 'week': {
      const weekday = new Date(Date.parse(today)).getUTCDay();
      return { start: addDays(today, -((weekday + 6) % 7)), end, kpiPeriod: null, label: '本周' };
    }
    case 'month':
      return {
        start: `${today.slice(0, 7)}-01`,
        end,
        kpiPeriod: today.slice(0, 7),
        label: today.slice(0, 7),
      };
    case 'quarter': {
      const first = String((quarter - 1) * 3 + 1).padStart(2, '0');
      return {
        start: `${today.slice(0, 4)}-${first}-01`,
        end,
        kpiPeriod: `${today.slice(0, 4)}-Q${quarter}`,
        label: `${today.slice(0, 4)}年第${quarter}季度`,
      };
    }
    case 'year':
      return {
        start: `${today.slice(0, 4)}-01-01`,
        end,
        kpiPeriod: today.slice(0, 4),
        label: `${today.slice(0, 4)}年`,
      };
  }
}

/** Top and bottom N of one kind of subject by an indicator (by the achievement rate when targets exist). */
export async function boardRankings(
  db: Kysely<DB>,
  caller: Caller,
  indicatorCode: KpiIndicatorCode,
  period: KpiBoardPeriod,
  now = new Date(),
  size = BOARD_RANKING_SIZE,
): Promise<KpiBoardRanking[]> {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const range = boardPeriod(period, now);
  const [actuals, targets, employees, dealers, orgs] = await Promise.all([
    indicatorActuals(db, caller.tenantId, indicatorCode, range.start, range.end),
    range.kpiPeriod
      ? targetsOf(db, caller.tenantId, indicatorCode, range.kpiPeriod)
      : Promise.resolve(new Map<string, number>()),
    subjectsOf(db, caller.tenantId, 'EMPLOYEE'),
    subjectsOf(db, caller.tenantId, 'DEALER'),
    subjectsOf(db, caller.tenantId, 'ORG'),
  ]);
  // Regions: the departments of the second level (大区) inside the scope.
  const regions = visibleSubjects(orgs, scope).filter((org) => org.id.length === 6);
  const rank = (type: KpiBoardRanking['subjectType'], subjects: Subject[]): KpiBoardRanking => {
    const rows = subjects.map((subject) => {
      const figure = !actuals
        ? undefined
        : subject.type === 'ORG'
          ? orgFigure(actuals, subject.id)
          : (subject.type === 'EMPLOYEE' ? actuals.employee : actuals.dealer).get(subject.id);
      const value = actuals ? valueOf(indicatorCode, figure) : null;
      const target = targets.get(`${subject.type}:${subject.id}`) ?? null;
      return {
        id: subject.id,
        name: subject.name,
        value,
        rate: value !== null && target ? round(value / target) : null,
      };
    });
    const key = (row: (typeof rows)[number]) => (targets.size > 0 ? row.rate : row.value);
    const ranked = rows
      .filter((row) => key(row) !== null)
      .sort((a, b) => key(b)! - key(a)! || a.name.localeCompare(b.name));
    const numbered = ranked.map((row, index) => ({ rank: index + 1, ...row }));
    return {
      subjectType: type,
      indicatorCode,
      top: numbered.slice(0, size),
      bottom: numbered.slice(Math.max(size, numbered.length - size)).reverse(),
    };
  };
  return [
    rank('EMPLOYEE', visibleSubjects(employees, scope)),
    rank('DEALER', visibleSubjects(dealers, scope)),
    rank('REGION', regions),
  ];
}

async function counters(
  db: Kysely<DB>,
  caller: Caller,
  scope: DataScope,
  today: string,
): Promise<KpiBoard['counters']> {
  const tenantId = caller.tenantId;
  const todayOnly = sql<SqlBool>`v.check_in_at >= ${dayStart(today)} and v.check_in_at < ${dayStart(addDays(today, 1))}`;
  const visits = await db
    .selectFrom('visit_records as v')
    .select([
      sql<number>`count(distinct v.employee_id) filter (where ${todayOnly})::integer`.as('checkedInToday'),
      sql<number>`count(*) filter (where v.abnormal_review_status = 'PENDING')::integer`.as('abnormalVisits'),
    ])
    .where('v.tenant_id', '=', tenantId)
    .where(inScope(scope, 'v.org_code', 'v.employee_id'))
    .executeTakeFirstOrThrow();
  const { freezerAlarms } = await db
    .selectFrom('asset_alarms as l')
    .innerJoin('assets as a', 'a.id', 'l.asset_id')
    .select(sql<number>`count(*)::integer`.as('freezerAlarms'))
    .where('l.tenant_id', '=', tenantId)
    .where(inScope(scope, 'a.org_code'))
    .where(sql<SqlBool>`l.occurred_at >= ${dayStart(addDays(today, -6))}`)
    .executeTakeFirstOrThrow();
  const { nearExpiryValue } = await db
    .selectFrom('stock_lots as l')
    .innerJoin('warehouses as w', 'w.id', 'l.warehouse_id')
    .select(
      sql<string>`coalesce(sum(l.qty_on_hand * l.unit_cost), 0)::numeric(14, 2)::text`.as('nearExpiryValue'),
    )
    .where('l.tenant_id', '=', tenantId)
    .where('l.qty_on_hand', '>', 0)
    .where('l.near_expiry_noted_on', 'is not', null)
    .where('l.lot_status', '=', 'NORMAL')
    .where(inScope(scope, 'w.org_code'))
    .executeTakeFirstOrThrow();
  const { pending } = await pendingCount(db, caller);
  // Failed ERP syncs are the dashboard's own card (home summary), not counted again here.
  return { ...visits, freezerAlarms, nearExpiryValue, pendingApprovals: pending };
}

export async function kpiBoard(
  db: Kysely<DB>,
  caller: Caller,
  query: { period: KpiBoardPeriod; indicatorCode: KpiIndicatorCode },
  now = new Date(),
): Promise<KpiBoard> {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const today = shanghaiToday(now);
  const month = today.slice(0, 7);
  const progress = timeProgress(month, today);
  const roots = scope.orgCodes.filter(
    (code) => !scope.orgCodes.some((other) => other !== code && code.startsWith(other)),
  );
  const mtd = await Promise.all(
    BOARD_MTD.map(async (indicatorCode) => {
      const [actuals, targets] = await Promise.all([
        indicatorActuals(db, caller.tenantId, indicatorCode, `${month}-01`, addDays(today, 1)),
        targetsOf(db, caller.tenantId, indicatorCode, month),
      ]);
      const actual = actuals
        ? roots.reduce((sum, code) => sum + (valueOf(indicatorCode, orgFigure(actuals, code)) ?? 0), 0)
        : null;
      const known = roots.map((code) => targets.get(`ORG:${code}`)).filter((value) => value !== undefined);
      const target = known.length > 0 ? known.reduce((a, b) => a + b, 0) : null;
      return {
        indicatorCode,
        actual: actual === null ? null : round(actual, 2),
        target,
        rate: actual !== null && target ? round(actual / target) : null,
        timeProgress: progress,
      };
    }),
  );
  const range = boardPeriod(query.period, now);
  return {
    period: query.period,
    periodLabel: `${KPI_BOARD_PERIOD[query.period]}：${range.label}`,
    mtd,
    counters: await counters(db, caller, scope, today),
    rankings: await boardRankings(db, caller, query.indicatorCode, query.period, now),
  };
}

/** 红黑榜 as rows of a sheet: each ranking's top (红榜) and bottom (黑榜). */
export async function redBlackRows(
  db: Kysely<DB>,
  caller: Caller,
  indicatorCode: KpiIndicatorCode,
  period: KpiBoardPeriod,
  now = new Date(),
) {
  const rankings = await boardRankings(db, caller, indicatorCode, period, now, 10);
  const kinds = { EMPLOYEE: '业务员', DEALER: '经销商', REGION: '大区' } as const;
  return rankings.flatMap((ranking) =>
    (['top', 'bottom'] as const).flatMap((side) =>
      ranking[side].map((row) => ({
        board: side === 'top' ? '红榜' : '黑榜',
        kind: kinds[ranking.subjectType],
        indicator: KPI_INDICATOR[indicatorCode],
        rank: row.rank,
        name: row.name,
        value: row.value,
        rate: row.rate,
      })),
    ),
  );
}
