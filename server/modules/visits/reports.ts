// DMS 拜访日报 / 月报 (DOMAIN §1.14, spec §2 /{product}/esaleanalysis/dmsdailyreport and /dmsmonthreport):
// per rep or per department over one Shanghai day or month — planned outlets and those visited, visits,
// valid and abnormal ones, the completion rate, the average stay, out-of-range check-ins, the orders
// taken during visits, the execution pass rate and the coins execution earned. Computed from the visit
// records, confirmed plans, execution results and coin ledger of the caller's tenant and data scope when
// asked (the visit-record indexes keep a day or a month of one tenant cheap).
import { sql, type Kysely } from 'kysely';
import type { VisitReportRow, VisitReportSummary } from '../../../common/visits';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pageOf, type RawQuery } from '../../http/listQuery';
import type { Caller } from '../shared/actor';
import { dataScopeOf, inScope } from '../shared/dataScope';

export type ReportGroup = 'employee' | 'org';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;
/** Plans that were confirmed (those a rep was held to). */
const HELD_PLANS = ['APPROVED', 'IN_PROGRESS', 'DONE', 'PARTIAL', 'MISSED'] as const;

function lastDayOf(month: string) {
  const [year, mon] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  return `${month}-${String(last).padStart(2, '0')}`;
}

/** The period of a report: `date` (日报) or `month` (月报). */
export function reportPeriod(query: RawQuery, kind: 'daily' | 'monthly') {
  if (kind === 'daily') {
    const date = String(query.date ?? '');
    if (!DAY.test(date) || Number.isNaN(Date.parse(date)))
      throw new BusinessError(400, '参数 date 应为日期，如 2026-01-31');
    return { begin: date, end: date };
  }
  const month = String(query.month ?? '');
  const mon = Number(month.slice(5));
  if (!MONTH.test(month) || mon < 1 || mon > 12)
    throw new BusinessError(400, '参数 month 应为月份，如 2026-01');
  return { begin: `${month}-01`, end: lastDayOf(month) };
}

function groupOf(query: RawQuery): ReportGroup {
  const group = query.groupBy ?? 'employee';
  if (group !== 'employee' && group !== 'org')
    throw new BusinessError(400, '参数 groupBy 应为 employee 或 org');
  return group;
}

/** `A01A02` or `A01A02*`: the department and everything under it. */
function orgPrefixOf(query: RawQuery) {
  if (query.orgCode === undefined || query.orgCode === '') return undefined;
  const code = String(query.orgCode).replace(/\*$/, '');
  if (!/^[A-Za-z0-9]{1,64}$/.test(code)) throw new BusinessError(400, '参数 orgCode 不正确');
  return `${code}%`;
}

/** The Shanghai day of a timestamp column falls in the period. */
const inPeriod = (column: string, period: { begin: string; end: string }) =>
  sql<boolean>`(${sql.ref(column)} at time zone 'Asia/Shanghai')::date between ${period.begin}::date and ${period.end}::date`;

const minutesOf = (seconds: number) => Math.round(seconds / 6) / 10;
const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part * 1000) / whole) / 10);

export async function visitReport(
  db: Kysely<DB>,
  caller: Caller,
  query: RawQuery,
  kind: 'daily' | 'monthly',
) {
  const period = reportPeriod(query, kind);
  const group = groupOf(query);
  const orgPrefix = orgPrefixOf(query);
  const pageNo = Math.max(1, Number(query.pageNo) || 1);
  const pageSize = Math.min(1000, Math.max(1, Number(query.pageSize) || 50));
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const visitKey = group === 'employee' ? 'visit_records.employee_id' : 'visit_records.org_code';
  const planKey = group === 'employee' ? 'visit_plans.employee_id' : 'visit_plans.org_code';
  const visits = await db
    .selectFrom('visit_records')
    .select([
      sql<string>`${sql.ref(visitKey)}`.as('key'),
      sql<number>`count(*)::integer`.as('totalVisits'),
      sql<number>`(count(*) filter (where visit_records.is_valid))::integer`.as('validVisits'),
      sql<number>`(count(*) filter (where jsonb_array_length(visit_records.abnormal_flags) > 0))::integer`.as(
        'abnormalVisits',
      ),
      sql<number>`(count(*) filter (where not visit_records.check_in_in_range))::integer`.as(
        'outOfRangeCount',
      ),
      sql<number>`coalesce(sum(visit_records.duration_sec), 0)::bigint`.as('staySec'),
      sql<number>`count(visit_records.duration_sec)::integer`.as('stays'),
      sql<number>`(count(*) filter (where visit_records.order_amount > 0))::integer`.as('ordersCount'),
      sql<string>`coalesce(sum(visit_records.order_amount), 0)::numeric(14, 2)::text`.as('orderAmount'),
    ])
    .where('visit_records.tenant_id', '=', caller.tenantId)
    .where(inScope(scope, 'visit_records.org_code', 'visit_records.employee_id'))
    .where(inPeriod('visit_records.check_in_at', period))
    .$if(orgPrefix !== undefined, (q) => q.where('visit_records.org_code', 'like', orgPrefix ?? ''))
    .groupBy(sql.ref(visitKey))
    .execute();
  const plans = await db
    .selectFrom('visit_plans')
    .select([
      sql<string>`${sql.ref(planKey)}`.as('key'),
      sql<number>`coalesce(sum(visit_plans.planned_count), 0)::integer`.as('plannedCount'),
      sql<number>`coalesce(sum(visit_plans.visited_count), 0)::integer`.as('plannedVisitedCount'),
    ])
    .where('visit_plans.tenant_id', '=', caller.tenantId)
    .where(inScope(scope, 'visit_plans.org_code', 'visit_plans.employee_id'))
    .where('visit_plans.plan_date', '>=', period.begin)
    .where('visit_plans.plan_date', '<=', period.end)
    .where('visit_plans.status', 'in', HELD_PLANS)
    .$if(orgPrefix !== undefined, (q) => q.where('visit_plans.org_code', 'like', orgPrefix ?? ''))
    .groupBy(sql.ref(planKey))
    .execute();
  const resultKey = group === 'employee' ? 'execution_results.employee_id' : 'execution_results.org_code';
  const resultsInScope = inScope(scope, 'execution_results.org_code', 'execution_results.employee_id');
  // 执行合格率 counts the results submitted in the period that have a verdict: one waiting for the reviewer's
  // scores (passed null) has none yet, and a revoked one was found wrong.
  const executions = await db
    .selectFrom('execution_results')
    .select([
      sql<string>`${sql.ref(resultKey)}`.as('key'),
      sql<number>`count(*)::integer`.as('executionCount'),
      sql<number>`(count(*) filter (where execution_results.passed))::integer`.as('executionPassedCount'),
    ])
    .where('execution_results.tenant_id', '=', caller.tenantId)
    .where(resultsInScope)
    .where(inPeriod('execution_results.executed_at', period))
    .where('execution_results.passed', 'is not', null)
    .where('execution_results.review_status', '!=', 'REVOKED')
    .$if(orgPrefix !== undefined, (q) => q.where('execution_results.org_code', 'like', orgPrefix ?? ''))
    .groupBy(sql.ref(resultKey))
    .execute();
  // 金币 as the coin ledger has them: what execution results paid into the outlets' accounts in the period,
  // less what revoking results took back in it — booked to the rep (department) whose result it was.
  const coins = await db
    .selectFrom('fund_ledger')
    .innerJoin('execution_results', 'execution_results.id', 'fund_ledger.source_id')
    .select([
      sql<string>`${sql.ref(resultKey)}`.as('key'),
      sql<number>`coalesce(sum(fund_ledger.amount), 0)::integer`.as('coinsEarned'),
    ])
    .where('fund_ledger.tenant_id', '=', caller.tenantId)
    .where('fund_ledger.account_type', '=', 'COIN')
    .where('fund_ledger.source_type', '=', 'EXECUTION')
    .where('execution_results.tenant_id', '=', caller.tenantId)
    .where(resultsInScope)
    .where(inPeriod('fund_ledger.created_at', period))
    .$if(orgPrefix !== undefined, (q) => q.where('execution_results.org_code', 'like', orgPrefix ?? ''))
    .groupBy(sql.ref(resultKey))
    .execute();
  const keys = [...new Set([visits, plans, executions, coins].flatMap((rows) => rows.map((row) => row.key)))];
  const names = await namesOf(db, caller.tenantId, group, keys);
  let staySec = 0;
  let stayCount = 0;
  const rows: VisitReportRow[] = keys.map((key) => {
    const visit = visits.find((row) => row.key === key);
    const plan = plans.find((row) => row.key === key);
    const execution = executions.find((row) => row.key === key);
    const planned = plan?.plannedCount ?? 0;
    const plannedVisited = plan?.plannedVisitedCount ?? 0;
    const stays = visit?.stays ?? 0;
    const name = names.get(key);
    staySec += Number(visit?.staySec ?? 0);
    stayCount += stays;
    return {
      key,
      employeeId: group === 'employee' ? key : null,
      employeeName: group === 'employee' ? (name?.name ?? null) : null,
      orgCode: group === 'employee' ? (name?.orgCode ?? '') : key,
      orgName: name?.orgName ?? null,
      dateBegin: period.begin,
      dateEnd: period.end,
      plannedCount: planned,
      plannedVisitedCount: plannedVisited,
      totalVisits: visit?.totalVisits ?? 0,
      validVisits: visit?.validVisits ?? 0,
      abnormalVisits: visit?.abnormalVisits ?? 0,
      outOfRangeCount: visit?.outOfRangeCount ?? 0,
      completionRate: rate(plannedVisited, planned),
      avgStayMinutes: stays === 0 ? null : minutesOf(Number(visit?.staySec ?? 0) / stays),
      ordersCount: visit?.ordersCount ?? 0,
      orderAmount: visit?.orderAmount ?? '0.00',
      executionCount: execution?.executionCount ?? 0,
      executionPassedCount: execution?.executionPassedCount ?? 0,
      executionPassRate: rate(execution?.executionPassedCount ?? 0, execution?.executionCount ?? 0),
      coinsEarned: coins.find((row) => row.key === key)?.coinsEarned ?? 0,
    };
  });
  rows.sort(
    (a, b) =>
      a.orgCode.localeCompare(b.orgCode) || (a.employeeName ?? '').localeCompare(b.employeeName ?? '', 'zh'),
  );
  const page = pageOf(rows.slice((pageNo - 1) * pageSize, pageNo * pageSize), rows.length, {
    pageNo,
    pageSize,
  });
  return {
    ...page,
    summary: summaryOf(rows, period, stayCount === 0 ? null : minutesOf(staySec / stayCount)),
  };
}

/** 合计 of every row (not only the page). */
function summaryOf(
  rows: VisitReportRow[],
  period: { begin: string; end: string },
  avgStayMinutes: number | null,
): VisitReportSummary {
  const sum = (pick: (row: VisitReportRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const planned = sum((row) => row.plannedCount);
  const plannedVisited = sum((row) => row.plannedVisitedCount);
  const executions = sum((row) => row.executionCount);
  const passed = sum((row) => row.executionPassedCount);
  return {
    dateBegin: period.begin,
    dateEnd: period.end,
    plannedCount: planned,
    plannedVisitedCount: plannedVisited,
    totalVisits: sum((row) => row.totalVisits),
    validVisits: sum((row) => row.validVisits),
    abnormalVisits: sum((row) => row.abnormalVisits),
    outOfRangeCount: sum((row) => row.outOfRangeCount),
    completionRate: rate(plannedVisited, planned),
    avgStayMinutes,
    ordersCount: sum((row) => row.ordersCount),
    orderAmount: sum((row) => Number(row.orderAmount)).toFixed(2),
    executionCount: executions,
    executionPassedCount: passed,
    executionPassRate: rate(passed, executions),
    coinsEarned: sum((row) => row.coinsEarned),
  };
}

async function namesOf(db: Kysely<DB>, tenantId: string, group: ReportGroup, keys: string[]) {
  const names = new Map<string, { name: string | null; orgCode: string; orgName: string | null }>();
  if (keys.length === 0) return names;
  if (group === 'employee') {
    const users = await db
      .selectFrom('users')
      .leftJoin('departs', (join) =>
        join.onRef('departs.org_code', '=', 'users.org_code').on('departs.tenant_id', '=', tenantId),
      )
      .select(['users.id', 'users.realname', 'users.org_code', 'departs.depart_name'])
      .where('users.id', 'in', keys)
      .execute();
    for (const user of users)
      names.set(user.id, { name: user.realname, orgCode: user.org_code ?? '', orgName: user.depart_name });
    return names;
  }
  const departs = await db
    .selectFrom('departs')
    .select(['org_code', 'depart_name'])
    .where('tenant_id', '=', tenantId)
    .where('org_code', 'in', keys)
    .execute();
  for (const depart of departs)
    names.set(depart.org_code, { name: null, orgCode: depart.org_code, orgName: depart.depart_name });
  return names;
}
