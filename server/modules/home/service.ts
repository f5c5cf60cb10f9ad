// The home dashboard's figures (issue #8): order amount and count of today, this month and the chosen
// period, new customers, failed ERP syncs, the sales trend and the top SKUs, dealers and sales reps. Orders
// and customers are seen through the caller's data scope (the department subtree, as their lists are);
// the sync queue is the tenant's, the same figure as the menu's failed-order counter.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import {
  HOME_RANKING_SIZE,
  type HomePeriodQuery,
  type HomeRankingRow,
  type HomeRankings,
  type HomeSummary,
  type HomeTrend,
  type HomeTrendUnit,
  type OrderFigures,
} from '../../../common/home';
import type { DB } from '../../db/schema';
import type { Caller } from '../shared/actor';
import { dataScopeOf, inScope, type DataScope } from '../shared/dataScope';
import { orderScope } from '../orders/state';
import { monthToDate, resolvePeriod, shanghaiToday, type ResolvedPeriod } from './periods';

/** Orders that no longer stand do not count as sales. */
const NOT_SALES = ['REJECTED', 'CANCELLED', 'INVALID'];

/** A local Shanghai day as the instant it starts: compared with timestamptz columns, so their indexes serve. */
const dayStart = (day: string) => sql`(${day}::timestamp at time zone 'Asia/Shanghai')`;

/** Σ of a money column as decimal text with two places, '0.00' when nothing matched. */
const moneySum = (expression: RawBuilder<unknown>) =>
  sql<string>`coalesce(sum(${expression}), 0)::numeric(14, 2)::text`;

/** The orders of the caller's tenant and scope that count as sales, placed in [from, to). */
function salesOrders(caller: Caller, scope: DataScope, from: string, to: string) {
  return sql`o.tenant_id = ${caller.tenantId}
    and o.status not in (${sql.join(NOT_SALES)})
    and ${orderScope(scope, 'o')}
    and o.ordered_at >= ${dayStart(from)} and o.ordered_at < ${dayStart(to)}`;
}

function figuresIn(period: ResolvedPeriod) {
  const inPeriod = sql`o.ordered_at >= ${dayStart(period.start)} and o.ordered_at < ${dayStart(period.end)}`;
  return [
    moneySum(sql`o.payable_amount) filter (where ${inPeriod}`),
    sql<number>`(count(*) filter (where ${inPeriod}))::integer`,
  ] as const;
}

export async function homeSummary(
  db: Kysely<DB>,
  caller: Caller,
  query: HomePeriodQuery,
  now: Date,
): Promise<HomeSummary> {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const period = resolvePeriod(query, now);
  const month = monthToDate(now);
  const today: ResolvedPeriod = { start: shanghaiToday(now), end: month.end, unit: 'hour' };
  // One pass over the union of the three periods: each figure filters its own part.
  const from = [period.start, month.start].sort()[0];
  const to = [period.end, month.end].sort()[1];
  const [todayAmount, todayCount] = figuresIn(today);
  const [monthAmount, monthCount] = figuresIn(month);
  const [periodAmount, periodCount] = figuresIn(period);
  const { rows } = await sql<{
    todayAmount: string;
    todayCount: number;
    monthAmount: string;
    monthCount: number;
    periodAmount: string;
    periodCount: number;
  }>`select ${todayAmount} as "todayAmount", ${todayCount} as "todayCount",
      ${monthAmount} as "monthAmount", ${monthCount} as "monthCount",
      ${periodAmount} as "periodAmount", ${periodCount} as "periodCount"
    from sales_orders o
    where ${salesOrders(caller, scope, from, to)}`.execute(db);
  const [orders] = rows;
  const { newCustomers } = await db
    .selectFrom('customers')
    .select(sql<number>`count(*)::integer`.as('newCustomers'))
    .where('tenant_id', '=', caller.tenantId)
    .where(inScope(scope, 'org_code', 'owner_user_id'))
    .where(sql<SqlBool>`created_at >= ${dayStart(period.start)} and created_at < ${dayStart(period.end)}`)
    .executeTakeFirstOrThrow();
  const { failedSyncs } = await db
    .selectFrom('erp_sync_tasks')
    .select(sql<number>`count(*)::integer`.as('failedSyncs'))
    .where('tenant_id', '=', caller.tenantId)
    .where('status', '=', 'FAILED')
    .executeTakeFirstOrThrow();
  const figures = (amount: string, count: number): OrderFigures => ({ amount, count });
  return {
    today: figures(orders.todayAmount, orders.todayCount),
    month: figures(orders.monthAmount, orders.monthCount),
    period: figures(orders.periodAmount, orders.periodCount),
    newCustomers,
    failedSyncs,
  };
}

const BUCKET_FORMAT: Record<HomeTrendUnit, string> = { hour: 'HH24:00', day: 'YYYY-MM-DD', month: 'YYYY-MM' };

export async function homeTrend(
  db: Kysely<DB>,
  caller: Caller,
  query: HomePeriodQuery,
  now: Date,
): Promise<HomeTrend> {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const period = resolvePeriod(query, now);
  const step = sql.raw(`'1 ${period.unit}'::interval`);
  const unit = sql.lit(period.unit);
  // Every bucket of the period, with or without orders, so the chart's axis is the whole period.
  const { rows } = await sql<{ label: string; amount: string; count: number }>`
    with buckets as (
      select generate_series(${period.start}::timestamp, ${period.end}::timestamp - interval '1 second', ${step}) as bucket
    ), figures as (
      select date_trunc(${unit}, o.ordered_at at time zone 'Asia/Shanghai') as bucket,
        sum(o.payable_amount) as amount, count(*) as orders
      from sales_orders o
      where ${salesOrders(caller, scope, period.start, period.end)}
      group by 1
    )
    select to_char(b.bucket, ${BUCKET_FORMAT[period.unit]}) as label,
      coalesce(f.amount, 0)::numeric(14, 2)::text as amount, coalesce(f.orders, 0)::integer as count
    from buckets b left join figures f on f.bucket = b.bucket
    order by b.bucket`.execute(db);
  return { unit: period.unit, points: rows };
}

/** Top rows of one grouping of the period's sales, biggest amount first. */
async function ranking(db: Kysely<DB>, grouped: RawBuilder<unknown>): Promise<HomeRankingRow[]> {
  const { rows } = await sql<HomeRankingRow>`
    select (row_number() over (order by r.amount desc, r.id))::integer as rank, r.id, r.name,
      r.amount::numeric(14, 2)::text as amount, r.count::integer as count
    from (${grouped}) r
    order by r.amount desc, r.id
    limit ${HOME_RANKING_SIZE}`.execute(db);
  return rows;
}

export async function homeRankings(
  db: Kysely<DB>,
  caller: Caller,
  query: HomePeriodQuery,
  now: Date,
): Promise<HomeRankings> {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const period = resolvePeriod(query, now);
  const sales = salesOrders(caller, scope, period.start, period.end);
  // The dealer of an order: its seller when a dealer sells, its buyer when a dealer buys from the brand.
  const dealer = sql`case when o.seller_type = 'DEALER' then o.seller_id
    when o.order_type = 'DEALER_PURCHASE' then o.buyer_id end`;
  const [skus, dealers, salesReps] = await Promise.all([
    ranking(
      db,
      sql`select s.id, s.name, sum(l.amount) as amount, sum(l.base_qty) as count
        from sales_order_lines l join sales_orders o on o.id = l.order_id join skus s on s.id = l.sku_id
        where ${sales} and not l.is_gift
        group by s.id, s.name`,
    ),
    ranking(
      db,
      sql`select c.id, c.name, sum(o.payable_amount) as amount, count(*) as count
        from sales_orders o join customers c on c.id = ${dealer}
        where ${sales}
        group by c.id, c.name`,
    ),
    ranking(
      db,
      sql`select u.id, u.realname as name, sum(o.payable_amount) as amount, count(*) as count
        from sales_orders o join users u on u.id = o.sales_rep_id
        where ${sales}
        group by u.id, u.realname`,
    ),
  ]);
  return { skus, dealers, salesReps };
}
