// 维修报表 (DOMAIN §1.15 reports): fault rate by model and by age, MTTR, first-time-fix rate, parts
// consumption and cost by bearer, over the orders the viewer sees reported in a period; and the order
// list's export through 下载中心.
import { sql, type Kysely } from 'kysely';
import { COST_BEARER, type CostBearer } from '../../../common/repairs';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { defineListExport, type ExportColumn } from '../shared/excel';
import { forViewer } from './export';
import { listOrders, visibleOrders, type RepairOrderRecord } from './orders';
import type { RepairViewer } from './providers';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The report over orders reported from `from` to `to` (Shanghai dates, default the last 365 days). */
export async function repairReport(
  db: Kysely<DB>,
  viewer: RepairViewer,
  query: { from?: string; to?: string },
) {
  const to = query.to ?? new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const from = query.from ?? new Date(Date.parse(to) - 364 * 86_400_000).toISOString().slice(0, 10);
  if (!DATE.test(from) || !DATE.test(to) || from > to) throw new BusinessError(400, '统计期间无效');
  const visible = await visibleOrders(db, viewer);
  const orders = db
    .selectFrom('repair_orders as r')
    .where('r.tenant_id', '=', viewer.tenantId)
    .where(visible)
    .where(
      sql<boolean>`(r.reported_at at time zone 'Asia/Shanghai')::date between ${from}::date and ${to}::date`,
    );

  const byModel = await db
    .selectFrom('asset_models as m')
    .leftJoin(
      orders
        .where('r.status', '<>', 'CANCELLED')
        .select(['r.model_id', sql<number>`count(*)::integer`.as('faults')])
        .groupBy('r.model_id')
        .as('f'),
      'f.model_id',
      'm.id',
    )
    .select((eb) => [
      'm.id as modelId',
      'm.name as modelName',
      sql<number>`coalesce(f.faults, 0)`.as('faults'),
      eb
        .selectFrom('assets as a')
        .select(sql<number>`count(*)::integer`.as('n'))
        .whereRef('a.model_id', '=', 'm.id')
        .where('a.placement_status', '=', 'PLACED')
        .as('placed'),
    ])
    .where('m.tenant_id', '=', viewer.tenantId)
    .where('m.asset_type', '=', 'FREEZER')
    .orderBy('m.model_code')
    .execute();

  const byAge = await orders
    .innerJoin('assets as a', 'a.id', 'r.asset_id')
    .where('r.status', '<>', 'CANCELLED')
    .select([
      sql<number>`least(floor(extract(epoch from (r.reported_at - coalesce(a.placed_at, a.created_at))) / 31557600), 5)::integer`.as(
        'ageYears',
      ),
      sql<number>`count(*)::integer`.as('faults'),
    ])
    .groupBy('ageYears')
    .orderBy('ageYears')
    .execute();

  const kpis = await orders
    .select([
      sql<number>`count(*)::integer`.as('orders'),
      sql<number>`count(*) filter (where r.finished_at is not null)::integer`.as('finished'),
      sql<
        string | null
      >`round((avg(extract(epoch from (r.finished_at - r.reported_at))) filter (where r.finished_at is not null) / 3600)::numeric, 1)::text`.as(
        'mttrHours',
      ),
      sql<number>`count(*) filter (where r.finished_at is not null and r.visit_count = 1 and r.revisit_result is distinct from 'FAILED')::integer`.as(
        'firstTimeFixed',
      ),
      sql<number>`count(*) filter (where r.sla_breached)::integer`.as('slaBreached'),
    ])
    .executeTakeFirstOrThrow();

  const parts = await orders
    .innerJoin('repair_order_parts as l', 'l.repair_order_id', 'r.id')
    .innerJoin('spare_parts as p', 'p.id', 'l.part_id')
    .select([
      'p.part_code as partCode',
      'p.name as partName',
      sql<number>`sum(l.qty)::integer`.as('qty'),
      sql<string>`sum(l.qty * l.unit_price)::numeric(14, 2)::text`.as('amount'),
    ])
    .groupBy(['p.part_code', 'p.name'])
    .orderBy('qty', 'desc')
    .execute();

  const costs = await orders
    .where('r.cost_bearer', 'is not', null)
    .select([
      'r.cost_bearer as costBearer',
      sql<number>`count(*)::integer`.as('orders'),
      sql<string>`sum(r.total_cost)::numeric(14, 2)::text`.as('totalCost'),
    ])
    .groupBy('r.cost_bearer')
    .orderBy('r.cost_bearer')
    .execute();

  return {
    from,
    to,
    faultRateByModel: byModel.map((row) => {
      const placed = Number(row.placed ?? 0);
      const faults = Number(row.faults);
      return { ...row, placed, faults, rate: placed ? Math.round((faults / placed) * 1000) / 10 : null };
    }),
    faultsByAge: byAge.map((row) => ({
      ...row,
      label: row.ageYears >= 5 ? '5年及以上' : `${row.ageYears}-${row.ageYears + 1}年`,
    })),
    orders: kpis.orders,
    finished: kpis.finished,
    mttrHours: kpis.mttrHours === null ? null : Number(kpis.mttrHours),
    firstTimeFixRate: kpis.finished ? Math.round((kpis.firstTimeFixed / kpis.finished) * 1000) / 10 : null,
    slaBreached: kpis.slaBreached,
    partsConsumption: parts,
    costByBearer: costs.map((row) => ({
      ...row,
      costBearer_dictText: COST_BEARER[row.costBearer as CostBearer],
    })),
  };
}

const ORDER_COLUMNS: ExportColumn<RepairOrderRecord>[] = [
  { header: '工单号', width: 18, value: (row) => row.orderNo },
  { header: '报修时间', width: 20, value: (row) => row.reportedAt },
  { header: '来源', value: (row) => row.sourceType_dictText },
  { header: '门店', width: 24, value: (row) => row.customerName },
  { header: '资产编号', width: 16, value: (row) => row.assetNo },
  { header: '型号', width: 20, value: (row) => row.modelName },
  { header: '故障类型', value: (row) => row.faultCategory_dictText },
  { header: '优先级', value: (row) => row.priority_dictText },
  { header: '保修', value: (row) => row.warrantyStatus_dictText },
  { header: '服务商', width: 20, value: (row) => row.serviceProviderName },
  { header: '工程师', value: (row) => row.engineerName },
  { header: 'SLA到期', width: 20, value: (row) => row.slaDueAt },
  { header: '超时', value: (row) => (row.slaBreached ? '是' : '否') },
  { header: '状态', value: (row) => row.status_dictText },
  { header: '费用承担', value: (row) => row.costBearer_dictText },
  { header: '总费用', value: (row) => Number(row.totalCost) },
];

export const REPAIR_ORDER_EXPORT = defineListExport(
  'repairOrders',
  '维修工单',
  ORDER_COLUMNS,
  forViewer(listOrders),
);
