// The standard indicator set of DOMAIN §1.13 computed from the business tables: each indicator is a numerator
// and, for rates and averages, a denominator, each a set of fact rows (department, rep, dealer, value) that one
// query groups by the three subjects at once (grouping sets). A department's figure is the sum over the
// department codes under it (departments nest by code prefix), so the whole tree costs nothing more.
//
// An indicator whose module does not exist yet is null, shown "—", never zero.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { KPI_INDICATORS, type KpiIndicatorCode } from '../../../common/kpi';
import type { DB } from '../../db/schema';

/** Orders that no longer stand do not count as sales (as on the dashboard). */
export const NOT_SALES = ['REJECTED', 'CANCELLED', 'INVALID'];

/** A local Shanghai day as the instant it starts: compared with timestamptz columns, so indexes serve. */
export const dayStart = (day: string) => sql`(${day}::timestamp at time zone 'Asia/Shanghai')`;

/** The dealer of an order: its seller when a dealer sells, its buyer when a dealer buys from the brand. */
export const orderDealer = (alias: string) => {
  const o = sql.raw(alias);
  return sql`case when ${o}.seller_type = 'DEALER' then ${o}.seller_id
    when ${o}.order_type = 'DEALER_PURCHASE' then ${o}.buyer_id end`;
};

export interface Figure {
  num: number;
  den: number;
}

export interface IndicatorActuals {
  /** By the department code the documents carry (not yet rolled up). */
  org: Map<string, Figure>;
  employee: Map<string, Figure>;
  dealer: Map<string, Figure>;
}

interface Range {
  tenantId: string;
  start: string;
  end: string;
}

/** The fact rows of one part: columns org, rep, dealer and v (a number to add or an id to count once). */
interface Part {
  facts: (range: Range) => RawBuilder<unknown>;
  measure: 'sum' | 'distinct';
}

interface Definition {
  num: Part;
  den?: Part;
}

const between = (column: string, range: Range) =>
  sql`${sql.ref(column)} >= ${dayStart(range.start)} and ${sql.ref(column)} < ${dayStart(range.end)}`;

const shippedAmount: Part = {
  measure: 'sum',
  facts: (range) => sql`
    select o.org_code as org, o.sales_rep_id as rep, ${orderDealer('o')} as dealer,
      sl.base_qty * l.amount / nullif(l.base_qty, 0) as v
    from shipment_lines sl
      join shipments s on s.id = sl.shipment_id
      join sales_order_lines l on l.id = sl.order_line_id
      join sales_orders o on o.id = s.order_id
    where s.tenant_id = ${range.tenantId} and s.status <> 'REFUSED' and ${between('s.shipped_at', range)}
    union all
    select r.org_code, o.sales_rep_id, ${orderDealer('o')}, -r.amount
    from return_orders r left join sales_orders o on o.id = r.original_order_id
    where r.tenant_id = ${range.tenantId} and r.status = 'RECEIVED' and ${between('r.received_at', range)}`,
};

const shippedCases: Part = {
  measure: 'sum',
  facts: (range) => sql`
    select o.org_code as org, o.sales_rep_id as rep, ${orderDealer('o')} as dealer,
      sl.base_qty::numeric / k.units_per_case as v
    from shipment_lines sl
      join shipments s on s.id = sl.shipment_id
      join sales_order_lines l on l.id = sl.order_line_id
      join sales_orders o on o.id = s.order_id
      join skus k on k.id = sl.sku_id
    where s.tenant_id = ${range.tenantId} and s.status <> 'REFUSED' and not l.is_gift
      and ${between('s.shipped_at', range)}
    union all
    select r.org_code, o.sales_rep_id, ${orderDealer('o')}, -(rl.base_qty::numeric / k.units_per_case)
    from return_order_lines rl
      join return_orders r on r.id = rl.return_id
      join skus k on k.id = rl.sku_id
      left join sales_orders o on o.id = r.original_order_id
    where r.tenant_id = ${range.tenantId} and r.status = 'RECEIVED' and ${between('r.received_at', range)}`,
};

const activeOutlets = (coreOnly: boolean): Part => ({
  measure: 'distinct',
  facts: (range) => sql`
    select o.org_code as org, o.sales_rep_id as rep, ${orderDealer('o')} as dealer, o.buyer_id as v
    from sales_orders o join customers c on c.id = o.buyer_id
    where o.tenant_id = ${range.tenantId} and o.status not in (${sql.join(NOT_SALES)})
      and c.customer_type = 'OUTLET' and ${between('o.ordered_at', range)}
      ${
        coreOnly
          ? sql`and exists (select 1 from sales_order_lines l join skus k on k.id = l.sku_id
              where l.order_id = o.id and k.lifecycle_tag = 'CORE' and not l.is_gift)`
          : sql``
      }`,
});

const visits = (where: RawBuilder<unknown>, value: RawBuilder<unknown> = sql`1`): Part => ({
  measure: 'sum',
  facts: (range) => sql`
    select v.org_code as org, v.employee_id as rep, c.serving_dealer_id as dealer, ${value} as v
    from visit_records v join customers c on c.id = v.customer_id
    where v.tenant_id = ${range.tenantId} and ${between('v.check_in_at', range)} and ${where}`,
});

const placedFreezers = (range: Range) => sql`
  select a.org_code as org, a.responsible_user_id as rep, c.serving_dealer_id as dealer, a.id as v
  from assets a left join customers c on c.id = a.customer_id
  where a.tenant_id = ${range.tenantId} and a.asset_type = 'FREEZER'`;

/** 陈列检核 of the range, by the agreement's department and dealer and the inspector, as reviewed. */
const displayInspections = (where: RawBuilder<unknown>): Part => ({
  measure: 'sum',
  facts: (range) => sql`
    select a.org_code as org, i.inspector_id as rep, a.dealer_id as dealer, 1 as v
    from display_inspections i join display_agreements a on a.id = i.agreement_id
    where i.tenant_id = ${range.tenantId} and ${between('i.inspected_at', range)} and ${where}`,
});

const DEFINITIONS: Record<KpiIndicatorCode, Definition | null> = {
  SALES_AMOUNT: { num: shippedAmount },
  SALES_CASES: { num: shippedCases },
  ORDER_AMOUNT: {
    num: {
      measure: 'sum',
      facts: (range) => sql`
        select o.org_code as org, o.sales_rep_id as rep, ${orderDealer('o')} as dealer, o.payable_amount as v
        from sales_orders o
        where o.tenant_id = ${range.tenantId} and o.status not in (${sql.join(NOT_SALES)})
          and ${between('o.audited_at', range)}`,
    },
  },
  RECEIPTS: {
    num: {
      measure: 'sum',
      facts: (range) => sql`
        select o.org_code as org, o.sales_rep_id as rep, ${orderDealer('o')} as dealer, p.amount as v
        from payments p join sales_orders o on o.id = p.order_id
        where p.tenant_id = ${range.tenantId} and ${between('p.paid_at', range)}`,
    },
  },
  VISITS: { num: visits(sql`v.is_valid and v.status <> 'CHECKED_IN'`) },
  VALID_VISIT_RATE: {
    num: visits(sql`v.is_valid and v.status <> 'CHECKED_IN'`),
    den: visits(sql`v.status <> 'CHECKED_IN'`),
  },
  COVERAGE_RATE: {
    num: {
      measure: 'distinct',
      facts: (range) => sql`
        select c.org_code as org, c.owner_user_id as rep, c.serving_dealer_id as dealer, c.id as v
        from customers c
        where c.tenant_id = ${range.tenantId} and c.customer_type = 'OUTLET' and c.status = 'ACTIVE'
          and c.audit_status = 'APPROVED'
          and exists (select 1 from visit_records v where v.customer_id = c.id
            and v.tenant_id = ${range.tenantId} and ${between('v.check_in_at', range)})`,
    },
    den: {
      measure: 'distinct',
      facts: (range) => sql`
        select c.org_code as org, c.owner_user_id as rep, c.serving_dealer_id as dealer, c.id as v
        from customers c
        where c.tenant_id = ${range.tenantId} and c.customer_type = 'OUTLET' and c.status = 'ACTIVE'
          and c.audit_status = 'APPROVED'`,
    },
  },
  NEW_OUTLETS: {
    num: {
      measure: 'sum',
      facts: (range) => sql`
        select c.org_code as org, c.owner_user_id as rep, c.serving_dealer_id as dealer, 1 as v
        from customers c
        where c.tenant_id = ${range.tenantId} and c.customer_type = 'OUTLET' and c.audit_status = 'APPROVED'
          and ${between('c.created_at', range)}`,
    },
  },
  ACTIVE_OUTLETS: { num: activeOutlets(false) },
  DISTRIBUTION_RATE: { num: activeOutlets(true), den: activeOutlets(false) },
  DISPLAY_PASS_RATE: {
    num: displayInspections(sql`i.result = 'PASS'`),
    den: displayInspections(sql`true`),
  },
  // Placements signed in the range, from the asset's move log: one a later recall or transfer changes still counts,
  // for the department and rep of its application and the outlet's dealer.
  FREEZER_PLACED: {
    num: {
      measure: 'distinct',
      facts: (range) => sql`
        select app.org_code as org, app.applicant_id as rep, c.serving_dealer_id as dealer, m.id as v
        from asset_moves m
          join assets a on a.id = m.asset_id
          join asset_applications app on app.id = m.application_id
          left join customers c on c.id = app.customer_id
        where m.tenant_id = ${range.tenantId} and m.move_type = 'PLACE' and a.asset_type = 'FREEZER'
          and ${between('m.created_at', range)}`,
    },
  },
  FREEZER_INSPECTION_RATE: {
    num: {
      measure: 'distinct',
      facts: (range) => sql`${placedFreezers(range)} and a.placement_status = 'PLACED'
        and exists (select 1 from asset_inspections i where i.asset_id = a.id
          and i.tenant_id = ${range.tenantId} and ${between('i.created_at', range)})`,
    },
    den: {
      measure: 'distinct',
      facts: (range) => sql`${placedFreezers(range)} and a.placement_status = 'PLACED'`,
    },
  },
  EXECUTION_AVG_SCORE: {
    num: visits(sql`v.execution_score is not null`, sql`v.execution_score`),
    den: visits(sql`v.execution_score is not null`),
  },
};

export const indicatorAvailable = (code: KpiIndicatorCode) => DEFINITIONS[code] !== null;

async function partFigures(db: Kysely<DB>, part: Part, range: Range) {
  const measure = part.measure === 'sum' ? sql`coalesce(sum(f.v), 0)` : sql`count(distinct f.v)`;
  const { rows } = await sql<{
    gOrg: number;
    gRep: number;
    org: string | null;
    rep: string | null;
    dealer: string | null;
    value: string;
  }>`
    select grouping(f.org)::integer as "gOrg", grouping(f.rep)::integer as "gRep",
      f.org, f.rep, f.dealer, (${measure})::text as value
    from (${part.facts(range)}) f
    group by grouping sets ((f.org), (f.rep), (f.dealer))`.execute(db);
  return rows;
}

/** The figures of one indicator in [start, end) by department code, rep and dealer; null when unavailable. */
export async function indicatorActuals(
  db: Kysely<DB>,
  tenantId: string,
  code: KpiIndicatorCode,
  start: string,
  end: string,
): Promise<IndicatorActuals | null> {
  const definition = DEFINITIONS[code];
  if (!definition) return null;
  const range = { tenantId, start, end };
  const actuals: IndicatorActuals = { org: new Map(), employee: new Map(), dealer: new Map() };
  const add = (rows: Awaited<ReturnType<typeof partFigures>>, field: keyof Figure) => {
    for (const row of rows) {
      const [map, key] =
        row.gOrg === 0
          ? [actuals.org, row.org]
          : row.gRep === 0
            ? [actuals.employee, row.rep]
            : [actuals.dealer, row.dealer];
      if (key === null) continue;
      const figure = map.get(key) ?? { num: 0, den: 0 };
      figure[field] += Number(row.value);
      map.set(key, figure);
    }
  };
  const [num, den] = await Promise.all([
    partFigures(db, definition.num, range),
    definition.den ? partFigures(db, definition.den, range) : Promise.resolve([]),
  ]);
  add(num, 'num');
  add(den, 'den');
  return actuals;
}

/** The figure of a department: the sum over the department codes under it. */
export function orgFigure(actuals: IndicatorActuals, orgCode: string): Figure {
  const total = { num: 0, den: 0 };
  for (const [code, figure] of actuals.org) {
    if (!code.startsWith(orgCode)) continue;
    total.num += figure.num;
    total.den += figure.den;
  }
  return total;
}

const RATIO = new Set(
  KPI_INDICATORS.filter((i) => i.aggregation === 'RATE' || i.aggregation === 'AVG').map((i) => i.code),
);

/** The value of a figure: the sum, or the ratio (null with nothing to divide by). */
export function valueOf(code: KpiIndicatorCode, figure: Figure | undefined): number | null {
  if (!RATIO.has(code)) return round(figure?.num ?? 0);
  if (!figure || figure.den === 0) return null;
  return round(figure.num / figure.den);
}

export const round = (value: number, places = 4) => {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
};

export const isRatio = (code: KpiIndicatorCode) => RATIO.has(code);

/** Runs `work` in a transaction: the caller's when it is one already (the demo seed), else a new one. */
export function inTransaction<T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
