// 资产报表 (DOMAIN §1.10 reports, issue #20): assets by state and region, utilisation (cases the outlets holding a
// freezer bought per freezer per month, from their orders), the idle list (in stock for IDLE_DAYS) and the count
// of placed assets overdue for inspection; all in the caller's tenant and data scope. The idle list and the
// overdue-inspection list (the ledger's overdue filter) are exported through the shared list export (下载中心 for
// large ones).
import { sql, type Kysely } from 'kysely';
import {
  ASSET_TYPE,
  CONDITION_STATUS,
  IDLE_DAYS,
  PLACEMENT_STATUS,
  type AssetType,
} from '../../../common/assets';
import { shanghaiDateTime } from '../../db/dates';
import type { DB } from '../../db/schema';
import type { RawQuery } from '../../http/listQuery';
import type { Caller } from '../shared/actor';
import { dataScopeOf, inScope } from '../shared/dataScope';
import { defineListExport, type ExportColumn, type ListRecord } from '../shared/excel';
import { listAssets, OVERDUE_INSPECTION_DAYS } from './service';

/** Orders that count as sold (not refused, cancelled or voided). */
const SOLD = ['PENDING_SHIPMENT', 'PARTIALLY_SHIPPED', 'SHIPPED', 'SIGNED', 'COMPLETED'] as const;
/** Months of the utilisation table, this month included. */
const MONTHS = 6;
/** A region is the department two levels under the tenant (A01A02); the tenant's own assets are 总部. */
const REGION_CODE_LENGTH = 6;

const assetTypeOf = (query: RawQuery): AssetType | null =>
  query.assetType === 'FREEZER' || query.assetType === 'DISPLAY_RACK' ? query.assetType : null;

export async function assetReport(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const assetType = assetTypeOf(query);
  const scoped = () =>
    db
      .selectFrom('assets as a')
      .where('a.tenant_id', '=', caller.tenantId)
      .where(inScope(scope, 'a.org_code', 'a.responsible_user_id'))
      .$if(assetType !== null, (q) => q.where('a.asset_type', '=', assetType as AssetType));

  // A literal, not a parameter: PostgreSQL matches the select list to the GROUP BY by text, and two parameters
  // ($1, $2) of the same value make it a different expression ("must appear in the GROUP BY clause").
  const region = sql<string>`left(a.org_code, ${sql.lit(REGION_CODE_LENGTH)})`;
  const [byState, departments, overdue, utilisation] = await Promise.all([
    scoped()
      .select([
        region.as('regionCode'),
        'a.placement_status as placementStatus',
        'a.condition_status as conditionStatus',
        (eb) => eb.fn.countAll<string>().as('count'),
      ])
      .groupBy([region, 'a.placement_status', 'a.condition_status'])
      .execute(),
    db
      .selectFrom('departs')
      .select(['org_code', 'depart_name'])
      .where('tenant_id', '=', caller.tenantId)
      .execute(),
    scoped()
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('a.placement_status', '=', 'PLACED')
      .where((eb) =>
        eb.or([
          eb('a.last_inspection_at', 'is', null),
          eb(
            'a.last_inspection_at',
            '<',
            sql<Date>`now() - make_interval(days => ${OVERDUE_INSPECTION_DAYS})`,
          ),
        ]),
      )
      .executeTakeFirstOrThrow(),
    utilisationOf(db, caller, scope),
  ]);

  const nameOf = (code: string) =>
    departments.find((department) => department.org_code === code)?.depart_name ?? code;
  const regions = new Map<string, Record<string, number | string>>();
  for (const row of byState) {
    const code = row.regionCode;
    const entry =
      regions.get(code) ??
      ({
        regionCode: code,
        regionName: code.length < REGION_CODE_LENGTH ? '总部' : nameOf(code),
        total: 0,
      } as Record<string, number | string>);
    const count = Number(row.count);
    entry.total = Number(entry.total) + count;
    entry[row.placementStatus] = Number(entry[row.placementStatus] ?? 0) + count;
    entry[row.conditionStatus] = Number(entry[row.conditionStatus] ?? 0) + count;
    regions.set(code, entry);
  }
  return {
    assetType,
    placementStatuses: PLACEMENT_STATUS,
    conditionStatuses: CONDITION_STATUS,
    byRegion: [...regions.values()].sort((a, b) => String(a.regionCode).localeCompare(String(b.regionCode))),
    overdueInspection: Number(overdue.count),
    overdueInspectionDays: OVERDUE_INSPECTION_DAYS,
    idleDays: IDLE_DAYS,
    utilisation,
  };
}

/**
 * Per month: the freezers at outlets (placed before the month ended and not taken back before it began, as the
 * move log says, approximated by the placement date and the current holder), the cases those outlets bought in
 * the month, and cases per freezer.
 */
async function utilisationOf(db: Kysely<DB>, caller: Caller, scope: Awaited<ReturnType<typeof dataScopeOf>>) {
  const result = await sql<{ month: string; freezers: string; cases: string | null }>`
    with months as (
      select to_char(m, 'YYYY-MM') as month, m as month_start, m + interval '1 month' as month_end
      from generate_series(date_trunc('month', now() at time zone 'Asia/Shanghai') - make_interval(months => ${MONTHS - 1}),
        date_trunc('month', now() at time zone 'Asia/Shanghai'), interval '1 month') as m
    ),
    holders as (
      select a.customer_id, a.placed_at from assets a
      where a.tenant_id = ${caller.tenantId} and a.asset_type = 'FREEZER' and a.customer_id is not null
        and ${inScope(scope, 'a.org_code', 'a.responsible_user_id')}
    )
    select months.month,
      (select count(*) from holders h where h.placed_at at time zone 'Asia/Shanghai' < months.month_end) as freezers,
      (select sum(o.total_cases) from sales_orders o
        where o.tenant_id = ${caller.tenantId}
          and o.status in (${sql.join(SOLD.map((status) => sql.lit(status)))})
          and o.ordered_at at time zone 'Asia/Shanghai' >= months.month_start
          and o.ordered_at at time zone 'Asia/Shanghai' < months.month_end
          and o.buyer_id in (select h.customer_id from holders h
            where h.placed_at at time zone 'Asia/Shanghai' < months.month_end)) as cases
    from months order by months.month`.execute(db);
  return result.rows.map((row) => {
    const freezers = Number(row.freezers);
    const cases = Number(row.cases ?? 0);
    return {
      month: row.month,
      freezers,
      cases,
      casesPerFreezer: freezers > 0 ? Math.round((cases / freezers) * 10) / 10 : 0,
    };
  });
}

/** 闲置资产: usable assets in stock whose last move is older than IDLE_DAYS, the longest idle first. */
export async function idleAssets(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const assetType = assetTypeOf(query);
  const pageNo = Math.max(1, Number(query.pageNo) || 1);
  const pageSize = Math.min(500, Math.max(1, Number(query.pageSize) || 20));
  const lastMove = sql<Date>`(select max(m.created_at) from asset_moves m where m.asset_id = a.id)`;
  const base = db
    .selectFrom('assets as a')
    .where('a.tenant_id', '=', caller.tenantId)
    .where(inScope(scope, 'a.org_code', 'a.responsible_user_id'))
    .where('a.placement_status', '=', 'IN_STOCK')
    .where('a.condition_status', 'in', ['NORMAL', 'ABNORMAL'])
    .where(lastMove, '<', sql<Date>`now() - make_interval(days => ${IDLE_DAYS})`)
    .$if(assetType !== null, (q) => q.where('a.asset_type', '=', assetType as AssetType));
  const [records, total] = await Promise.all([
    base
      .innerJoin('asset_models as m', 'm.id', 'a.model_id')
      .leftJoin('warehouses as w', 'w.id', 'a.warehouse_id')
      .select([
        'a.id',
        'a.asset_no as assetNo',
        'a.asset_type as assetType',
        'm.model_code as modelCode',
        'm.name as modelName',
        'w.name as warehouseName',
        'a.condition_status as conditionStatus',
        'a.value',
        shanghaiDateTime(lastMove).as('idleSince'),
        sql<number>`floor(extract(epoch from now() - ${lastMove}) / 86400)::int`.as('idleDays'),
      ])
      .orderBy(lastMove)
      .orderBy('a.asset_no')
      .offset((pageNo - 1) * pageSize)
      .limit(pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    records: records.map((row) => ({
      ...row,
      assetType_dictText: ASSET_TYPE[row.assetType],
      conditionStatus_dictText: CONDITION_STATUS[row.conditionStatus],
    })),
    total: Number(total.count),
    current: pageNo,
    size: pageSize,
  };
}

type IdleRecord = Awaited<ReturnType<typeof idleAssets>>['records'][number];

const IDLE_COLUMNS: ExportColumn<IdleRecord>[] = [
  { header: '资产编号', width: 18, value: (row) => row.assetNo },
  { header: '类型', value: (row) => row.assetType_dictText },
  { header: '型号', width: 24, value: (row) => `${row.modelCode} ${row.modelName}` },
  { header: '所在仓库', width: 20, value: (row) => row.warehouseName },
  { header: '设备状态', value: (row) => row.conditionStatus_dictText },
  { header: '闲置起', width: 20, value: (row) => row.idleSince },
  { header: '闲置天数', value: (row) => row.idleDays },
  { header: '资产价值', value: (row) => Number(row.value) },
];

export const IDLE_EXPORT = defineListExport('idleAssets', '闲置资产', IDLE_COLUMNS, idleAssets);

type OverdueRecord = ListRecord<typeof listAssets>;

/** 逾期未巡检: the placed assets not inspected for OVERDUE_INSPECTION_DAYS, with the report page's columns. */
export const OVERDUE_INSPECTION_EXPORT = defineListExport<OverdueRecord>(
  'overdueInspection',
  '逾期未巡检资产',
  [
    { header: '资产编号', width: 18, value: (row) => row.assetNo },
    { header: '型号', width: 24, value: (row) => `${row.modelCode} ${row.modelName}` },
    { header: '门店', width: 24, value: (row) => row.customerName },
    { header: '责任人', value: (row) => row.responsibleName },
    { header: '投放日期', width: 20, value: (row) => row.placedAt },
    { header: '最近巡检', width: 20, value: (row) => row.lastInspectionAt ?? '未巡检' },
  ],
  (db, caller, query) => listAssets(db, caller, { ...query, overdueInspection: 'true' }),
);
