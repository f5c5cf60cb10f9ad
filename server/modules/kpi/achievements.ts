// 达成快照 and 达成报表 (DOMAIN §1.13): the snapshot of a period holds, for every subject and indicator, the
// actual figure, the target, the achievement rate, the time progress, the gap and the ranks (in the parent node
// and among all subjects of its type); it is rebuilt nightly and on demand (a job of 下载中心's runner). The
// report reads it as a tree: a department's row, its sub-departments and the reps directly in it, each row
// coloured against the time progress; the caller sees only the departments of their data scope.
import { sql, type Kysely } from 'kysely';
import {
  ACHIEVEMENT_COLUMNS as TITLE,
  KPI_INDICATOR_CODES,
  KPI_INDICATORS,
  KPI_SUBJECT_TYPE,
  DAY_MS,
  addDays,
  achievementColour,
  periodRange,
  periodTypeOf,
  type KpiAchievementReport,
  type KpiAchievementRow,
  type KpiIndicatorCode,
  type KpiSubjectType,
} from '../../../common/kpi';
import type { DB, KpiAchievementsTable } from '../../db/schema';
import type { Insertable } from 'kysely';
import { BusinessError } from '../../http/envelope';
import { shanghaiToday } from '../home/periods';
import type { Caller } from '../shared/actor';
import { notFound } from '../shared/commands';
import { dataScopeOf, orgCodeInScope } from '../shared/dataScope';
import { defineReportExport } from '../shared/excel';
import { inTransaction, indicatorActuals, orgFigure, round, valueOf } from './indicators';
import { departNames, subjectsOf, type Subject } from './subjects';
import { ORG_CODE_LEVEL } from '../auth/tenantOrganisation';
import { targetsOf } from './targets';

/** Elapsed days ÷ days of the period, on `today` (today counts as elapsed). */
export function timeProgress(period: string, today: string): number {
  const { start, end } = periodRange(period);
  if (today < start) return 0;
  if (today >= end) return 1;
  const days = (Date.parse(end) - Date.parse(start)) / DAY_MS;
  const elapsed = (Date.parse(today) - Date.parse(start)) / DAY_MS + 1;
  return round(elapsed / days);
}

/** Ranks 1… by the key, highest first; rows without a key get none. */
function rankBy<T>(rows: T[], key: (row: T) => number | null, set: (row: T, rank: number) => void) {
  const ranked = rows.filter((row) => key(row) !== null).sort((a, b) => key(b)! - key(a)!);
  let rank = 0;
  let previous: number | null = null;
  ranked.forEach((row, index) => {
    const value = key(row)!;
    if (value !== previous) rank = index + 1;
    previous = value;
    set(row, rank);
  });
}

type SnapshotRow = Insertable<KpiAchievementsTable> & { rate: number | null; actual: number | null };

const SUBJECT_TYPES: KpiSubjectType[] = ['ORG', 'EMPLOYEE', 'DEALER'];

/**
 * Computes the snapshot of a period for every subject and indicator (or the given ones) and replaces the
 * stored one in one transaction. Returns the number of rows written.
 */
export async function snapshotPeriod(
  db: Kysely<DB>,
  tenantId: string,
  period: string,
  now = new Date(),
  indicators: KpiIndicatorCode[] = KPI_INDICATOR_CODES,
): Promise<number> {
  const today = shanghaiToday(now);
  const progress = timeProgress(period, today);
  const { start, end } = periodRange(period);
  // Up to today: a running period is measured month-to-date.
  const until = end < today ? end : [end, nextDay(today)].sort()[0];
  const subjects = new Map<KpiSubjectType, Subject[]>();
  for (const type of SUBJECT_TYPES) subjects.set(type, await subjectsOf(db, tenantId, type));
  const rows: SnapshotRow[] = [];
  for (const code of indicators) {
    const [actuals, targets] = await Promise.all([
      indicatorActuals(db, tenantId, code, start, until),
      targetsOf(db, tenantId, code, period),
    ]);
    const ofIndicator: SnapshotRow[] = [];
    for (const type of SUBJECT_TYPES) {
      for (const subject of subjects.get(type)!) {
        const figure = !actuals
          ? undefined
          : type === 'ORG'
            ? orgFigure(actuals, subject.id)
            : (type === 'EMPLOYEE' ? actuals.employee : actuals.dealer).get(subject.id);
        const actual = actuals ? valueOf(code, figure) : null;
        const target = targets.get(`${type}:${subject.id}`) ?? null;
        const rate = actual !== null && target ? round(actual / target) : null;
        ofIndicator.push({
          tenant_id: tenantId,
          period,
          period_type: periodTypeOf(period),
          subject_type: type,
          subject_id: subject.id,
          indicator_code: code,
          snapshot_date: today,
          subject_name: subject.name,
          org_code: subject.orgCode,
          parent_key: subject.parentKey,
          actual_value: actual,
          target_value: target,
          achievement_rate: rate,
          time_progress_rate: progress,
          gap_to_target: actual !== null && target !== null ? round(target - actual) : null,
          rank_in_parent: null,
          rank_total: null,
          rate,
          actual,
        });
      }
    }
    // Ranked by the achievement rate where there are targets, else by the figure itself.
    const rankKey = (row: SnapshotRow) => row.rate ?? (row.target_value === null ? row.actual : null);
    for (const type of SUBJECT_TYPES) {
      const ofType = ofIndicator.filter((row) => row.subject_type === type);
      rankBy(ofType, rankKey, (row, rank) => (row.rank_total = rank));
      const byParent = new Map<string, SnapshotRow[]>();
      for (const row of ofType) {
        const list = byParent.get(row.parent_key ?? '') ?? [];
        list.push(row);
        byParent.set(row.parent_key ?? '', list);
      }
      for (const siblings of byParent.values())
        rankBy(siblings, rankKey, (row, rank) => (row.rank_in_parent = rank));
    }
    rows.push(...ofIndicator);
  }
  await inTransaction(db, async (trx) => {
    await trx
      .deleteFrom('kpi_achievements')
      .where('tenant_id', '=', tenantId)
      .where('period', '=', period)
      .where('indicator_code', 'in', indicators)
      .execute();
    for (let index = 0; index < rows.length; index += 500) {
      await trx
        .insertInto('kpi_achievements')
        .values(rows.slice(index, index + 500).map(({ rate: _rate, actual: _actual, ...row }) => row))
        .execute();
    }
  });
  return rows.length;
}

const nextDay = (day: string) => addDays(day, 1);

/** The periods the nightly job refreshes: this month, this quarter and this year (and last month in its first days). */
export function currentPeriods(now: Date): string[] {
  const today = shanghaiToday(now);
  const year = today.slice(0, 4);
  const month = Number(today.slice(5, 7));
  const periods = [today.slice(0, 7), `${year}-Q${Math.ceil(month / 3)}`, year];
  if (Number(today.slice(8, 10)) <= 3) {
    const last = new Date(Date.parse(`${today.slice(0, 7)}-01`) - DAY_MS).toISOString().slice(0, 7);
    periods.push(last);
  }
  return periods;
}

/** The nightly job: every tenant's current periods; a stop (`signal`) is taken between two snapshots. */
export async function snapshotAllTenants(
  db: Kysely<DB>,
  now = new Date(),
  signal?: AbortSignal,
): Promise<number> {
  const tenants = await db.selectFrom('tenants').select('tenant_id').execute();
  let written = 0;
  for (const { tenant_id: tenantId } of tenants)
    for (const period of currentPeriods(now)) {
      signal?.throwIfAborted();
      written += await snapshotPeriod(db, tenantId, period, now);
    }
  return written;
}

// ---- 达成报表 ----

export interface ReportQuery {
  period: string;
  indicatorCode: KpiIndicatorCode;
  /** The department drilled into; absent: the caller's top departments. */
  orgCode?: string;
}

function rowOf(row: {
  subject_type: string;
  subject_id: string;
  subject_name: string;
  org_code: string;
  indicator_code: string;
  actual_value: string | null;
  target_value: string | null;
  achievement_rate: string | null;
  time_progress_rate: string;
  gap_to_target: string | null;
  rank_in_parent: number | null;
  rank_total: number | null;
}): KpiAchievementRow {
  const number = (value: string | null) => (value === null ? null : Number(value));
  const rate = number(row.achievement_rate);
  const progress = Number(row.time_progress_rate);
  return {
    subjectType: row.subject_type as KpiSubjectType,
    subjectId: row.subject_id,
    subjectName: row.subject_name,
    orgCode: row.org_code,
    hasChildren: row.subject_type === 'ORG',
    indicatorCode: row.indicator_code as KpiIndicatorCode,
    actualValue: number(row.actual_value),
    targetValue: number(row.target_value),
    achievementRate: rate,
    timeProgressRate: progress,
    gapToTarget: number(row.gap_to_target),
    rankInParent: row.rank_in_parent,
    rankTotal: row.rank_total,
    colour: achievementColour(rate, progress),
  };
}

export async function achievementReport(
  db: Kysely<DB>,
  caller: Caller,
  query: ReportQuery,
  now = new Date(),
): Promise<KpiAchievementReport> {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  if (query.orgCode && !orgCodeInScope(scope, query.orgCode)) throw notFound('部门');
  if (scope.orgCodes.length === 0) throw new BusinessError(403, '您尚未归属部门，无法查看达成报表');
  const stored = () =>
    db
      .selectFrom('kpi_achievements')
      .selectAll()
      .where('tenant_id', '=', caller.tenantId)
      .where('period', '=', query.period)
      .where('indicator_code', '=', query.indicatorCode);
  const any = await stored()
    .select(sql<string>`to_char(snapshot_date, 'YYYY-MM-DD')`.as('day'))
    .limit(1)
    .executeTakeFirst();
  if (!any) await snapshotPeriod(db, caller.tenantId, query.period, now, [query.indicatorCode]);
  const base = stored().select(sql<string>`to_char(snapshot_date, 'YYYY-MM-DD')`.as('day'));
  const names = await departNames(db, caller.tenantId);
  if (!query.orgCode && scope.orgCodes.length > 1) {
    // Several departments (a manager of offices): their rows side by side, no total above them.
    const rows = await base
      .where('subject_type', '=', 'ORG')
      .where('subject_id', 'in', [...scope.orgCodes])
      .orderBy('subject_id')
      .execute();
    return {
      period: query.period,
      indicatorCode: query.indicatorCode,
      snapshotDate: rows[0]?.day ?? null,
      parent: null,
      path: [],
      total: null,
      rows: rows.map(rowOf),
    };
  }
  const orgCode = query.orgCode ?? scope.orgCodes[0];
  const [own, ...children] = await Promise.all([
    base.where('subject_type', '=', 'ORG').where('subject_id', '=', orgCode).executeTakeFirst(),
    base
      .where('parent_key', '=', orgCode)
      .where('subject_type', 'in', ['ORG', 'EMPLOYEE'])
      .orderBy('subject_type', 'desc')
      .orderBy('rank_in_parent')
      .orderBy('subject_name')
      .execute(),
  ]);
  // The breadcrumb from the caller's top department down to this one.
  const top = scope.orgCodes.find((code) => orgCode.startsWith(code)) ?? orgCode;
  const path: Array<{ orgCode: string; name: string }> = [];
  for (let length = top.length; length <= orgCode.length; length += ORG_CODE_LEVEL) {
    const code = orgCode.slice(0, length);
    path.push({ orgCode: code, name: names.get(code) ?? code });
  }
  return {
    period: query.period,
    indicatorCode: query.indicatorCode,
    snapshotDate: own?.day ?? null,
    parent: { orgCode, name: names.get(orgCode) ?? orgCode },
    path,
    total: own ? rowOf(own) : null,
    rows: (children[0] as Array<Parameters<typeof rowOf>[0]>).map(rowOf),
  };
}

/** A rate as the report pages show it (12.3%); empty when there is none. */
export const rateText = (rate: number | null) => (rate === null ? null : `${(rate * 100).toFixed(1)}%`);

/** 达成报表 as the page shows it (issue #15): the department's total first, then its rows, the page's columns. */
export const ACHIEVEMENT_EXPORT = defineReportExport<KpiAchievementRow>({
  key: 'KPI_ACHIEVEMENT',
  title: '达成报表',
  columns: [
    { header: TITLE.subjectName, width: 24, value: (row) => row.subjectName },
    { header: TITLE.subjectType, value: (row) => KPI_SUBJECT_TYPE[row.subjectType] },
    { header: TITLE.targetValue, value: (row) => figureOf(row, row.targetValue) },
    { header: TITLE.actualValue, value: (row) => figureOf(row, row.actualValue) },
    { header: TITLE.achievementRate, value: (row) => rateText(row.achievementRate) },
    { header: TITLE.timeProgressRate, value: (row) => rateText(row.timeProgressRate) },
    { header: TITLE.gapToTarget, value: (row) => figureOf(row, row.gapToTarget) },
    { header: TITLE.rankInParent, value: (row) => row.rankInParent },
    { header: TITLE.rankTotal, value: (row) => row.rankTotal },
  ],
  lines: async (db, caller, raw) => {
    const report = await achievementReport(db, caller, {
      period: String(raw.period),
      indicatorCode: raw.indicatorCode as KpiIndicatorCode,
      orgCode: raw.orgCode ? String(raw.orgCode) : undefined,
    });
    return [...(report.total ? [report.total] : []), ...report.rows];
  },
});

/** A figure as the page shows it: a rate or an average indicator as a percentage. */
function figureOf(row: KpiAchievementRow, value: number | null): number | string | null {
  const aggregation = KPI_INDICATORS.find((each) => each.code === row.indicatorCode)?.aggregation;
  return aggregation === 'RATE' || aggregation === 'AVG' ? rateText(value) : value;
}
