// 经销商进销存日报 and 经销商月报 (DOMAIN §1.14): materialised rows rebuilt nightly (yesterday, this month) and
// on demand for one day or month (a job). The day's closing stock is today's stock less the movements since;
// opening is closing less the day's net movement. Stock age and near-expiry read the lots on hand (a past day is
// seen through today's lots). The month row puts the dealer's purchases from the brand beside its sales to
// outlets. Reads are limited to the caller's data scope, grouped by department with subtotals.
import { sql, type Kysely } from 'kysely';
import {
  addDays,
  DEALER_MONTHLY_COLUMNS as TITLE,
  periodRange,
  type DealerInventoryRow,
  type DealerMonthlyRow,
} from '../../../common/kpi';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { likePattern, pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import type { Caller } from '../shared/actor';
import { notFound } from '../shared/commands';
import { dataScopeOf, inScope, orgCodeInScope } from '../shared/dataScope';
import { defineExport, defineReportExport } from '../shared/excel';
import { rateText } from './achievements';
import { dayStart, inTransaction, NOT_SALES } from './indicators';
import { targetsOf } from './targets';
import { departNames } from './subjects';

/** A lot this close to its expiry date counts as near expiry in the day's row. */
export const NEAR_EXPIRY_DAYS = 30;

/** Rebuilds the inventory rows of one day for a tenant; returns how many were written. */
export async function rebuildDealerDaily(db: Kysely<DB>, tenantId: string, day: string): Promise<number> {
  const next = addDays(day, 1);
  return inTransaction(db, async (trx) => {
    await trx
      .deleteFrom('dealer_inventory_daily')
      .where('tenant_id', '=', tenantId)
      .where('report_date', '=', day)
      .execute();
    const result = await sql`
      insert into dealer_inventory_daily (tenant_id, report_date, warehouse_id, sku_id, dealer_id, org_code,
        opening_qty, purchase_in_qty, sales_out_qty, return_in_qty, other_in_qty, other_out_qty, closing_qty,
        closing_amount, avg_stock_age_days, near_expiry_qty, days_of_supply)
      with wh as (
        select id, owner_id as dealer_id, org_code from warehouses
        where tenant_id = ${tenantId} and owner_type = 'DEALER' and owner_id is not null
      ), day_moves as (
        select m.warehouse_id, m.sku_id,
          sum(m.base_qty) filter (where m.movement_type = 'PURCHASE_IN') as purchase_in,
          sum(m.base_qty) filter (where m.movement_type = 'SALES_OUT') as sales_out,
          sum(m.base_qty) filter (where m.movement_type = 'RETURN_IN') as return_in,
          sum(m.base_qty) filter (where m.direction = 'IN' and m.movement_type not in ('PURCHASE_IN', 'RETURN_IN')) as other_in,
          sum(m.base_qty) filter (where m.direction = 'OUT' and m.movement_type <> 'SALES_OUT') as other_out
        from stock_movements m join wh on wh.id = m.warehouse_id
        where m.occurred_at >= ${dayStart(day)} and m.occurred_at < ${dayStart(next)}
        group by 1, 2
      ), later as (
        select m.warehouse_id, m.sku_id,
          sum(case m.direction when 'IN' then m.base_qty else -m.base_qty end) as net
        from stock_movements m join wh on wh.id = m.warehouse_id
        where m.occurred_at >= ${dayStart(next)}
        group by 1, 2
      ), lots as (
        select l.warehouse_id, l.sku_id, sum(l.qty_on_hand) as qty,
          sum(l.qty_on_hand * l.unit_cost) as amount,
          sum(l.qty_on_hand * greatest(${day}::date - l.first_inbound_date, 0)) as age_weight,
          coalesce(sum(l.qty_on_hand) filter (where l.expiry_date <= ${day}::date + ${sql.lit(NEAR_EXPIRY_DAYS)}), 0) as near
        from stock_lots l join wh on wh.id = l.warehouse_id
        where l.qty_on_hand > 0
        group by 1, 2
      ), sold as (
        select m.warehouse_id, m.sku_id, sum(m.base_qty) as qty
        from stock_movements m join wh on wh.id = m.warehouse_id
        where m.movement_type = 'SALES_OUT'
          and m.occurred_at >= ${dayStart(addDays(day, -29))} and m.occurred_at < ${dayStart(next)}
        group by 1, 2
      ), keys as (
        select warehouse_id, sku_id from day_moves
        union select warehouse_id, sku_id from lots
        union select warehouse_id, sku_id from later
      ), rows as (
        select k.warehouse_id, k.sku_id, wh.dealer_id, wh.org_code,
          coalesce(d.purchase_in, 0) as purchase_in, coalesce(d.sales_out, 0) as sales_out,
          coalesce(d.return_in, 0) as return_in, coalesce(d.other_in, 0) as other_in,
          coalesce(d.other_out, 0) as other_out,
          coalesce(lots.qty, 0) - coalesce(later.net, 0) as closing,
          lots.amount, lots.qty as lot_qty, lots.age_weight, coalesce(lots.near, 0) as near, sold.qty as sold
        from keys k join wh on wh.id = k.warehouse_id
          left join day_moves d on d.warehouse_id = k.warehouse_id and d.sku_id = k.sku_id
          left join later on later.warehouse_id = k.warehouse_id and later.sku_id = k.sku_id
          left join lots on lots.warehouse_id = k.warehouse_id and lots.sku_id = k.sku_id
          left join sold on sold.warehouse_id = k.warehouse_id and sold.sku_id = k.sku_id
      )
      select ${tenantId}, ${day}::date, warehouse_id, sku_id, dealer_id, org_code,
        closing - (purchase_in + return_in + other_in - sales_out - other_out), purchase_in, sales_out, return_in,
        other_in, other_out, closing,
        coalesce(round(closing * amount / nullif(lot_qty, 0), 2), 0),
        round(age_weight::numeric / nullif(lot_qty, 0), 1), near,
        case when coalesce(sold, 0) = 0 then null else round(closing / (sold / 30.0), 1) end
      from rows
      where closing <> 0 or purchase_in + sales_out + return_in + other_in + other_out <> 0`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  });
}

/** Rebuilds the monthly rows of a month ('YYYY-MM') for a tenant. */
export async function rebuildDealerMonthly(db: Kysely<DB>, tenantId: string, month: string): Promise<number> {
  const { start, end } = periodRange(month);
  const targets = await targetsOf(db, tenantId, 'SALES_CASES', month);
  return inTransaction(db, async (trx) => {
    await trx
      .deleteFrom('dealer_monthly')
      .where('tenant_id', '=', tenantId)
      .where('month', '=', month)
      .execute();
    const { rows } = await sql<{
      dealer_id: string;
      org_code: string;
      purchase_cases: string;
      purchase_amount: string;
      sell_out_cases: string;
      sell_out_amount: string;
      active_outlets: number;
      new_outlets: number;
      rebate_used: string;
      rebate_accrued: string;
      display_fees_paid: string;
      freezers_placed: number;
    }>`
      with lines as (
        select o.id as order_id, o.order_type, o.seller_type, o.seller_id, o.buyer_id, o.rebate_deduct_amount,
          l.amount, case when l.is_gift then 0 else l.base_qty::numeric / k.units_per_case end as cases
        from sales_orders o join sales_order_lines l on l.order_id = o.id join skus k on k.id = l.sku_id
        where o.tenant_id = ${tenantId} and o.status not in (${sql.join(NOT_SALES)})
          and o.ordered_at >= ${dayStart(start)} and o.ordered_at < ${dayStart(end)}
      ), purchase as (
        select buyer_id as dealer_id, sum(cases) as cases, sum(amount) as amount from lines
        where order_type = 'DEALER_PURCHASE' group by 1
      ), rebate as (
        select buyer_id as dealer_id, sum(rebate_deduct_amount) as used from sales_orders o
        where o.tenant_id = ${tenantId} and o.order_type = 'DEALER_PURCHASE' and o.status not in (${sql.join(NOT_SALES)})
          and o.ordered_at >= ${dayStart(start)} and o.ordered_at < ${dayStart(end)}
        group by 1
      ), accrued as (
        -- Rebates credited to the dealer's rebate account in the month (confirmed calculations).
        select customer_id as dealer_id, sum(amount) as amount from fund_ledger
        where tenant_id = ${tenantId} and account_type = 'REBATE' and entry_type = 'ACCRUE'
          and created_at >= ${dayStart(start)} and created_at < ${dayStart(end)}
        group by 1
      ), display_fees as (
        -- 陈列费 paid out to the dealer in the month (兑付批次).
        select payee_customer_id as dealer_id, sum(payable_amount) as amount from display_payments
        where tenant_id = ${tenantId} and status = 'PAID'
          and paid_at >= ${dayStart(start)} and paid_at < ${dayStart(end)}
        group by 1
      ), sell_out as (
        select seller_id as dealer_id, sum(cases) as cases, sum(amount) as amount, count(distinct buyer_id) as outlets
        from lines where seller_type = 'DEALER' group by 1
      ), new_outlets as (
        select serving_dealer_id as dealer_id, count(*) as outlets from customers
        where tenant_id = ${tenantId} and customer_type = 'OUTLET' and audit_status = 'APPROVED'
          and created_at >= ${dayStart(start)} and created_at < ${dayStart(end)}
        group by 1
      ), freezers as (
        select c.serving_dealer_id as dealer_id, count(*) as placed
        from assets a join customers c on c.id = a.customer_id
        where a.tenant_id = ${tenantId} and a.asset_type = 'FREEZER'
          and a.placed_at >= ${dayStart(start)} and a.placed_at < ${dayStart(end)}
        group by 1
      )
      select d.id as dealer_id, d.org_code,
        coalesce(p.cases, 0)::numeric(14, 2)::text as purchase_cases,
        coalesce(p.amount, 0)::numeric(14, 2)::text as purchase_amount,
        coalesce(s.cases, 0)::numeric(14, 2)::text as sell_out_cases,
        coalesce(s.amount, 0)::numeric(14, 2)::text as sell_out_amount,
        coalesce(s.outlets, 0)::integer as active_outlets,
        coalesce(n.outlets, 0)::integer as new_outlets,
        coalesce(r.used, 0)::numeric(14, 2)::text as rebate_used,
        coalesce(ra.amount, 0)::numeric(14, 2)::text as rebate_accrued,
        coalesce(df.amount, 0)::numeric(14, 2)::text as display_fees_paid,
        coalesce(f.placed, 0)::integer as freezers_placed
      from customers d
        left join purchase p on p.dealer_id = d.id
        left join sell_out s on s.dealer_id = d.id
        left join rebate r on r.dealer_id = d.id
        left join accrued ra on ra.dealer_id = d.id
        left join display_fees df on df.dealer_id = d.id
        left join new_outlets n on n.dealer_id = d.id
        left join freezers f on f.dealer_id = d.id
      where d.tenant_id = ${tenantId} and d.customer_type = 'DEALER' and d.status = 'ACTIVE'`.execute(trx);
    if (rows.length === 0) return 0;
    await trx
      .insertInto('dealer_monthly')
      .values(
        rows.map((row) => {
          const target = targets.get(`DEALER:${row.dealer_id}`) ?? null;
          return {
            tenant_id: tenantId,
            month,
            ...row,
            target_cases: target,
            // The brand's target of a dealer is what it buys (sell-in).
            achievement_rate: target
              ? Math.round((Number(row.purchase_cases) / target) * 10000) / 10000
              : null,
          };
        }),
      )
      .execute();
    return rows.length;
  });
}

/** The nightly rebuild: yesterday's inventory and this month's rows (last month's too in its first days). A stop
 *  (`signal`) is taken between tenants: each tenant's rows are rebuilt whole or not at all. */
export async function rebuildDealerReports(
  db: Kysely<DB>,
  today: string,
  signal?: AbortSignal,
): Promise<{ daily: number; monthly: number }> {
  const tenants = await db.selectFrom('tenants').select('tenant_id').execute();
  const yesterday = addDays(today, -1);
  const months = [...new Set([yesterday.slice(0, 7), today.slice(0, 7)])];
  let daily = 0;
  let monthly = 0;
  for (const { tenant_id: tenantId } of tenants) {
    signal?.throwIfAborted();
    daily += await rebuildDealerDaily(db, tenantId, yesterday);
    for (const month of months) monthly += await rebuildDealerMonthly(db, tenantId, month);
  }
  return { daily, monthly };
}

// ---- Reading ----

const number = (value: string | null) => (value === null ? null : Number(value));

const DAILY_LIST: ListSpec = {
  filters: { dealerId: { column: 'r.dealer_id', kind: 'text' } },
  sorts: {},
  defaultSort: [
    ['d.customer_code', 'asc'],
    ['w.code', 'asc'],
    ['k.sku_code', 'asc'],
  ],
  extras: ['date', 'orgCode'],
};

export async function listDealerDaily(
  db: Kysely<DB>,
  caller: Caller,
  raw: RawQuery,
): Promise<{ records: DealerInventoryRow[]; total: number; totals: Partial<DealerInventoryRow> }> {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const query = parseListQuery(raw, DAILY_LIST);
  const { date, orgCode } = query.extras;
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new BusinessError(400, '请选择日期');
  if (orgCode && !orgCodeInScope(scope, orgCode)) throw notFound('部门');
  const base = db
    .selectFrom('dealer_inventory_daily as r')
    .innerJoin('customers as d', 'd.id', 'r.dealer_id')
    .innerJoin('warehouses as w', 'w.id', 'r.warehouse_id')
    .innerJoin('skus as k', 'k.id', 'r.sku_id')
    .where('r.tenant_id', '=', caller.tenantId)
    .where('r.report_date', '=', date)
    .where(inScope(scope, 'r.org_code', undefined, 'r.dealer_id'))
    .where(query.where)
    .$if(Boolean(orgCode), (qb) => qb.where('r.org_code', 'like', `${likePattern(orgCode)}%`));
  const page = await pagedList(base, query, (rows) =>
    rows
      .select([
        sql<string>`to_char(r.report_date, 'YYYY-MM-DD')`.as('reportDate'),
        'r.dealer_id as dealerId',
        'd.name as dealerName',
        'w.name as warehouseName',
        'k.sku_code as skuCode',
        'k.name as skuName',
        'r.opening_qty as openingQty',
        'r.purchase_in_qty as purchaseInQty',
        'r.sales_out_qty as salesOutQty',
        'r.return_in_qty as returnInQty',
        'r.other_in_qty as otherInQty',
        'r.other_out_qty as otherOutQty',
        'r.closing_qty as closingQty',
        'r.closing_amount as closingAmount',
        'r.avg_stock_age_days as avgStockAgeDays',
        'r.near_expiry_qty as nearExpiryQty',
        'r.days_of_supply as daysOfSupply',
      ])
      .execute(),
  );
  const totals = await base
    .select([
      sql<number>`coalesce(sum(r.opening_qty), 0)::integer`.as('openingQty'),
      sql<number>`coalesce(sum(r.purchase_in_qty), 0)::integer`.as('purchaseInQty'),
      sql<number>`coalesce(sum(r.sales_out_qty), 0)::integer`.as('salesOutQty'),
      sql<number>`coalesce(sum(r.return_in_qty), 0)::integer`.as('returnInQty'),
      sql<number>`coalesce(sum(r.closing_qty), 0)::integer`.as('closingQty'),
      sql<string>`coalesce(sum(r.closing_amount), 0)::text`.as('closingAmount'),
    ])
    .executeTakeFirstOrThrow();
  return {
    records: page.records.map((row) => ({
      ...row,
      closingAmount: Number(row.closingAmount),
      avgStockAgeDays: number(row.avgStockAgeDays),
      daysOfSupply: number(row.daysOfSupply),
    })),
    total: page.total,
    totals: { ...totals, closingAmount: Number(totals.closingAmount) },
  };
}

export interface DealerMonthlyGroup {
  orgCode: string;
  name: string;
  subtotal: Omit<DealerMonthlyRow, 'month' | 'dealerId' | 'dealerName' | 'orgCode'>;
  rows: DealerMonthlyRow[];
}

/** The month's rows grouped by department at `level` (2 大区, 3 办事处 …) with subtotals. */
export async function dealerMonthly(
  db: Kysely<DB>,
  caller: Caller,
  query: { month: string; level?: number; orgCode?: string },
): Promise<{ groups: DealerMonthlyGroup[] }> {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  if (query.orgCode && !orgCodeInScope(scope, query.orgCode)) throw notFound('部门');
  const rows = await db
    .selectFrom('dealer_monthly as r')
    .innerJoin('customers as d', 'd.id', 'r.dealer_id')
    .selectAll('r')
    .select('d.name as dealer_name')
    .where('r.tenant_id', '=', caller.tenantId)
    .where('r.month', '=', query.month)
    .where(inScope(scope, 'r.org_code', undefined, 'r.dealer_id'))
    .$if(Boolean(query.orgCode), (qb) =>
      qb.where('r.org_code', 'like', `${likePattern(query.orgCode ?? '')}%`),
    )
    .orderBy('r.org_code')
    .orderBy('d.customer_code')
    .execute();
  const names = await departNames(db, caller.tenantId);
  const width = (query.level ?? 2) * 3;
  const groups = new Map<string, DealerMonthlyGroup>();
  for (const row of rows) {
    const orgCode = row.org_code.slice(0, width);
    const group =
      groups.get(orgCode) ??
      ({
        orgCode,
        name: names.get(orgCode) ?? orgCode,
        subtotal: {
          purchaseCases: 0,
          purchaseAmount: 0,
          sellOutCases: 0,
          sellOutAmount: 0,
          activeOutlets: 0,
          newOutlets: 0,
          rebateAccrued: 0,
          rebateUsed: 0,
          displayFeesPaid: 0,
          freezersPlaced: 0,
          targetCases: null,
          achievementRate: null,
        },
        rows: [],
      } satisfies DealerMonthlyGroup);
    groups.set(orgCode, group);
    const line: DealerMonthlyRow = {
      month: row.month,
      dealerId: row.dealer_id,
      dealerName: row.dealer_name,
      orgCode: row.org_code,
      purchaseCases: Number(row.purchase_cases),
      purchaseAmount: Number(row.purchase_amount),
      sellOutCases: Number(row.sell_out_cases),
      sellOutAmount: Number(row.sell_out_amount),
      activeOutlets: row.active_outlets,
      newOutlets: row.new_outlets,
      rebateAccrued: number(row.rebate_accrued),
      rebateUsed: Number(row.rebate_used),
      displayFeesPaid: number(row.display_fees_paid),
      freezersPlaced: row.freezers_placed,
      targetCases: number(row.target_cases),
      achievementRate: number(row.achievement_rate),
    };
    group.rows.push(line);
    const sum = group.subtotal;
    const add = (a: number, b: number) => Math.round((a + b) * 100) / 100;
    sum.purchaseCases = add(sum.purchaseCases, line.purchaseCases);
    sum.purchaseAmount = add(sum.purchaseAmount, line.purchaseAmount);
    sum.sellOutCases = add(sum.sellOutCases, line.sellOutCases);
    sum.sellOutAmount = add(sum.sellOutAmount, line.sellOutAmount);
    sum.activeOutlets += line.activeOutlets;
    sum.newOutlets += line.newOutlets;
    sum.rebateUsed = add(sum.rebateUsed, line.rebateUsed);
    // A month rebuilt before the rebate and display modules has no figure for them: the subtotal keeps "—".
    if (line.rebateAccrued !== null && sum.rebateAccrued !== null)
      sum.rebateAccrued = add(sum.rebateAccrued, line.rebateAccrued);
    else sum.rebateAccrued = null;
    if (line.displayFeesPaid !== null && sum.displayFeesPaid !== null)
      sum.displayFeesPaid = add(sum.displayFeesPaid, line.displayFeesPaid);
    else sum.displayFeesPaid = null;
    sum.freezersPlaced += line.freezersPlaced;
    if (line.targetCases !== null) sum.targetCases = add(sum.targetCases ?? 0, line.targetCases);
  }
  for (const group of groups.values()) {
    const { targetCases, purchaseCases } = group.subtotal;
    group.subtotal.achievementRate = targetCases
      ? Math.round((purchaseCases / targetCases) * 10000) / 10000
      : null;
  }
  return { groups: [...groups.values()] };
}

export const DEALER_DAILY_EXPORT = defineExport<DealerInventoryRow>({
  key: 'DEALER_INVENTORY_DAILY',
  title: '经销商进销存日报',
  columns: [
    { header: '日期', value: (row) => row.reportDate },
    { header: '经销商', width: 24, value: (row) => row.dealerName },
    { header: '仓库', value: (row) => row.warehouseName },
    { header: 'SKU编码', value: (row) => row.skuCode },
    { header: 'SKU名称', width: 24, value: (row) => row.skuName },
    { header: '期初', value: (row) => row.openingQty },
    { header: '进货入库', value: (row) => row.purchaseInQty },
    { header: '销售出库', value: (row) => row.salesOutQty },
    { header: '退货入库', value: (row) => row.returnInQty },
    { header: '其他入库', value: (row) => row.otherInQty },
    { header: '其他出库', value: (row) => row.otherOutQty },
    { header: '期末', value: (row) => row.closingQty },
    { header: '期末金额', value: (row) => row.closingAmount },
    { header: '加权库龄(天)', value: (row) => row.avgStockAgeDays },
    { header: '临期数量', value: (row) => row.nearExpiryQty },
    { header: '可销天数', value: (row) => row.daysOfSupply },
  ],
  page: (db, caller, raw, pageNo, pageSize) =>
    listDealerDaily(db, caller, { ...raw, pageNo: String(pageNo), pageSize: String(pageSize) }),
});

type DealerMonthlyLine = Omit<DealerMonthlyRow, 'month' | 'dealerId' | 'orgCode'>;

/** 经销商月报 as the page shows it (issue #15): each group's dealers, then its subtotal, the page's columns. */
export const DEALER_MONTHLY_EXPORT = defineReportExport<DealerMonthlyLine>({
  key: 'DEALER_MONTHLY',
  title: '经销商月报',
  columns: [
    { header: TITLE.dealerName, width: 28, value: (line) => line.dealerName },
    { header: TITLE.purchaseCases, value: (line) => line.purchaseCases },
    { header: TITLE.purchaseAmount, value: (line) => line.purchaseAmount },
    { header: TITLE.sellOutCases, value: (line) => line.sellOutCases },
    { header: TITLE.sellOutAmount, value: (line) => line.sellOutAmount },
    { header: TITLE.activeOutlets, value: (line) => line.activeOutlets },
    { header: TITLE.newOutlets, value: (line) => line.newOutlets },
    { header: TITLE.rebateAccrued, value: (line) => line.rebateAccrued },
    { header: TITLE.rebateUsed, value: (line) => line.rebateUsed },
    { header: TITLE.displayFeesPaid, value: (line) => line.displayFeesPaid },
    { header: TITLE.freezersPlaced, value: (line) => line.freezersPlaced },
    { header: TITLE.targetCases, value: (line) => line.targetCases },
    { header: TITLE.achievementRate, value: (line) => rateText(line.achievementRate) },
  ],
  lines: async (db, caller, raw) => {
    const { groups } = await dealerMonthly(db, caller, {
      month: String(raw.month),
      level: raw.level === undefined ? undefined : Number(raw.level),
      orgCode: raw.orgCode ? String(raw.orgCode) : undefined,
    });
    return groups.flatMap((group): DealerMonthlyLine[] => [
      ...group.rows,
      { ...group.subtotal, dealerName: `${group.name} 小计` },
    ]);
  },
});
