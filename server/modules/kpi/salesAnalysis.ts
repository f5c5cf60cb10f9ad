// 销售分析 (issue #21): amount, cases and orders of the placed orders (not rejected, cancelled or void) by one
// dimension and by day, week or month, each group with its subtotal, and beside every bucket the same bucket a
// year before (YoY) and the bucket before (MoM). Seen through the caller's data scope, as the order list is.
// Read from the daily summary the order commands keep (salesSummary.ts), not from the order lines.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { CUSTOMER_TYPE } from '../../../common/businessEnums';
import {
  DAY_MS,
  SALES_DIMENSION,
  addDays,
  addMonths,
  bucketOf,
  type SalesAnalysis,
  type SalesAnalysisGroup,
  type SalesAnalysisQuery,
  type SalesAnalysisRow,
  type SalesDimension,
  type SalesFigures,
  type SalesGrain,
} from '../../../common/kpi';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { likePattern } from '../../http/listQuery';
import { orderScope } from '../orders/state';
import type { Caller } from '../shared/actor';
import { dataScopeOf, orgCodeInScope, type DataScope } from '../shared/dataScope';
import { notFound } from '../shared/commands';
import { defineReportExport } from '../shared/excel';
import { round } from './indicators';
import type { SalesSummaryKind } from './salesSummary';

/** At most this many days in one analysis (two years by day is already 730 columns). */
export const SALES_RANGE_MAX_DAYS = 400;

/** The summary rows a dimension reads, and its key in them (names joined after grouping, from small tables). */
const DIMENSION_KEY: Record<SalesDimension, { kind: SalesSummaryKind; key: RawBuilder<string> }> = {
  region: { kind: 'ORDER', key: sql`substr(s.org_code, 1, 6)` },
  department: { kind: 'ORDER', key: sql`s.org_code` },
  dealer: { kind: 'ORDER', key: sql`s.dealer_id` },
  rep: { kind: 'ORDER', key: sql`s.sales_rep_id` },
  customerType: { kind: 'ORDER', key: sql`s.customer_type` },
  brand: { kind: 'BRAND', key: sql`s.item_id` },
  category: { kind: 'CATEGORY', key: sql`s.item_id` },
  sku: { kind: 'SKU', key: sql`s.item_id` },
};

/** The bucket as a local timestamp (truncated per row), formatted only once per group. */
const BUCKET: Record<SalesGrain, { unit: RawBuilder<string>; format: string }> = {
  day: { unit: sql.lit('day'), format: 'YYYY-MM-DD' },
  week: { unit: sql.lit('week'), format: 'YYYY-MM-DD' },
  month: { unit: sql.lit('month'), format: 'YYYY-MM' },
};

/** The bucket before, and the same bucket a year before. */
function previousBucket(grain: SalesGrain, bucket: string) {
  if (grain === 'month') return addMonths(bucket, -1);
  return addDays(bucket, grain === 'week' ? -7 : -1);
}
function lastYearBucket(grain: SalesGrain, bucket: string) {
  if (grain === 'month') return addMonths(bucket, -12);
  // The week of the same weekday 52 weeks before; a day one calendar year before.
  return grain === 'week' ? addDays(bucket, -364) : `${Number(bucket.slice(0, 4)) - 1}${bucket.slice(4)}`;
}

interface Fact {
  key: string;
  bucket: string;
  amount: string;
  cases: string;
  orders: number;
}

async function facts(
  db: Kysely<DB>,
  tenantId: string,
  scope: DataScope,
  query: SalesAnalysisQuery,
  start: string,
  end: string,
): Promise<Fact[]> {
  const orgFilter = query.orgCode ? sql`and s.org_code like ${`${likePattern(query.orgCode)}%`}` : sql``;
  const bucket = BUCKET[query.grain];
  const dimension = DIMENSION_KEY[query.dimension];
  // Each summary row counts an order once per item (salesSummary.ts): the orders of a key add up.
  const { rows } = await sql<Fact>`
    select f.key, to_char(f.bucket, ${bucket.format}) as bucket,
      sum(f.amount)::numeric(16, 2)::text as amount, sum(f.cases)::numeric(16, 2)::text as cases,
      sum(f.orders)::integer as orders
    from (
      select ${dimension.key} as key, date_trunc(${bucket.unit}, s.day::timestamp) as bucket,
        s.amount, s.cases, s.orders
      from sales_daily_summary s
      where s.tenant_id = ${tenantId} and s.kind = ${dimension.kind}
        and s.day >= ${start}::date and s.day < ${end}::date
        and ${orderScope(scope, 's')} ${orgFilter}
    ) f
    group by f.key, f.bucket`.execute(db);
  return rows;
}

async function namesOf(db: Kysely<DB>, tenantId: string, dimension: SalesDimension, keys: string[]) {
  const names = new Map<string, string>();
  const some = keys.filter((key) => key !== '');
  if (dimension === 'customerType')
    for (const key of keys) names.set(key, CUSTOMER_TYPE[key as keyof typeof CUSTOMER_TYPE] ?? key);
  if (some.length === 0) return names;
  const pairs: Array<{ id: string; name: string }> =
    dimension === 'region' || dimension === 'department'
      ? await db
          .selectFrom('departs')
          .select(['org_code as id', 'depart_name as name'])
          .where('tenant_id', '=', tenantId)
          .where('org_code', 'in', some)
          .execute()
      : dimension === 'dealer'
        ? await db.selectFrom('customers').select(['id', 'name']).where('id', 'in', some).execute()
        : dimension === 'rep'
          ? await db.selectFrom('users').select(['id', 'realname as name']).where('id', 'in', some).execute()
          : dimension === 'brand'
            ? await db.selectFrom('brands').select(['id', 'name']).where('id', 'in', some).execute()
            : dimension === 'category'
              ? await db
                  .selectFrom('product_categories')
                  .select(['id', 'name'])
                  .where('id', 'in', some)
                  .execute()
              : dimension === 'sku'
                ? await db.selectFrom('skus').select(['id', 'name']).where('id', 'in', some).execute()
                : [];
  for (const pair of pairs) names.set(pair.id, pair.name);
  return names;
}

export function checkRange(startDate: string, endDate: string) {
  if (startDate > endDate) throw new BusinessError(400, '开始日期不能晚于结束日期');
  const days = (Date.parse(endDate) - Date.parse(startDate)) / DAY_MS + 1;
  if (!Number.isFinite(days)) throw new BusinessError(400, '日期格式应为YYYY-MM-DD');
  if (days > SALES_RANGE_MAX_DAYS) throw new BusinessError(400, `统计期间不能超过${SALES_RANGE_MAX_DAYS}天`);
}

const rate = (now: number, before: number | null) =>
  before === null || before === 0 ? null : round((now - before) / before);

export async function salesAnalysis(
  db: Kysely<DB>,
  caller: Caller,
  query: SalesAnalysisQuery,
): Promise<SalesAnalysis> {
  checkRange(query.startDate, query.endDate);
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  if (query.orgCode && !orgCodeInScope(scope, query.orgCode)) throw notFound('部门');
  const end = addDays(query.endDate, 1);
  // From the start of the bucket before the first one, so the first bucket has its MoM too.
  const firstBucket = bucketOf(query.grain, query.startDate);
  const earlier =
    query.grain === 'month' ? `${addMonths(firstBucket, -1)}-01` : previousBucket(query.grain, firstBucket);
  // Last year's buckets a little wider than a year back: the lookups below are by exact bucket.
  const lastYearStart = addDays(earlier, -371);
  const lastYearEnd = addDays(end, -363);
  const [current, lastYear] = await Promise.all([
    facts(db, caller.tenantId, scope, query, earlier, end),
    facts(db, caller.tenantId, scope, query, lastYearStart, lastYearEnd),
  ]);
  const amountAt = new Map<string, number>();
  for (const fact of current) amountAt.set(`${fact.key}\u0000${fact.bucket}`, Number(fact.amount));
  const lastYearAt = new Map<string, number>();
  for (const fact of lastYear) lastYearAt.set(`${fact.key}\u0000${fact.bucket}`, Number(fact.amount));
  const inRange = current.filter((fact) => fact.bucket >= firstBucket);
  const names = await namesOf(db, caller.tenantId, query.dimension, [
    ...new Set(inRange.map((fact) => fact.key)),
  ]);
  const groups = new Map<string, SalesAnalysisGroup>();
  const total: SalesFigures = { amount: 0, cases: 0, orders: 0 };
  for (const fact of inRange) {
    const name =
      names.get(fact.key) ?? (fact.key === '' ? `（无${SALES_DIMENSION[query.dimension]}）` : fact.key);
    const group = groups.get(fact.key) ?? { key: fact.key, name, amount: 0, cases: 0, orders: 0, rows: [] };
    groups.set(fact.key, group);
    const amount = Number(fact.amount);
    const lastPeriod = amountAt.get(`${fact.key}\u0000${previousBucket(query.grain, fact.bucket)}`) ?? null;
    const sameLastYear =
      lastYearAt.get(`${fact.key}\u0000${lastYearBucket(query.grain, fact.bucket)}`) ?? null;
    const row: SalesAnalysisRow = {
      key: fact.key,
      name,
      bucket: fact.bucket,
      amount,
      cases: Number(fact.cases),
      orders: fact.orders,
      amountLastYear: sameLastYear,
      amountLastPeriod: lastPeriod,
      yoy: rate(amount, sameLastYear),
      mom: rate(amount, lastPeriod),
    };
    group.rows.push(row);
    for (const figures of [group, total]) {
      figures.amount = round(figures.amount + row.amount, 2);
      figures.cases = round(figures.cases + row.cases, 2);
      figures.orders += row.orders;
    }
  }
  const sorted = [...groups.values()].sort((a, b) => b.amount - a.amount || a.key.localeCompare(b.key));
  for (const group of sorted) group.rows.sort((a, b) => a.bucket.localeCompare(b.bucket));
  return {
    buckets: [...new Set(inRange.map((fact) => fact.bucket))].sort(),
    groups: sorted,
    total,
  };
}

/** The analysis as rows of a sheet: each group's buckets, then its 小计, and 合计 at the end. */
interface SheetRow extends SalesFigures {
  name: string;
  bucket: string;
  yoy: number | null;
  mom: number | null;
}

const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);

export const SALES_ANALYSIS_EXPORT = defineReportExport<SheetRow>({
  key: 'SALES_ANALYSIS',
  title: '销售分析',
  columns: [
    { header: '维度', width: 24, value: (row) => row.name },
    { header: '期间', value: (row) => row.bucket },
    { header: '金额', value: (row) => row.amount },
    { header: '箱数', value: (row) => row.cases },
    { header: '订单数', value: (row) => row.orders },
    { header: '同比', value: (row) => percent(row.yoy) },
    { header: '环比', value: (row) => percent(row.mom) },
  ],
  lines: async (db, caller, raw) => {
    const analysis = await salesAnalysis(db, caller, raw as unknown as SalesAnalysisQuery);
    const rows: SheetRow[] = analysis.groups.flatMap((group) => [
      ...group.rows.map((row) => ({ ...row, name: group.name })),
      {
        name: `${group.name} 小计`,
        bucket: '',
        amount: group.amount,
        cases: group.cases,
        orders: group.orders,
        yoy: null,
        mom: null,
      },
    ]);
    rows.push({ name: '合计', bucket: '', ...analysis.total, yoy: null, mom: null });
    return rows;
  },
});
