// 临期预警 (DOMAIN §1.6): the goods inside the near-expiry window, or past it, wherever they were seen — the
// warehouse lots with stock (§1.6) and what the reps saw on the outlets' shelves (§1.4 门店库存: the latest stock
// check of each outlet and SKU, its oldest production date + the SKU's shelf life). One list of both, paged and
// sorted in SQL, each row with its days left, the share of shelf life left, its quantity, where it is, and the
// action expiryAction.ts suggests, and the document that handled it (处理单据, expiryHandling.ts). Both halves keep
// to the caller's tenant and data scope: a lot by its warehouse's department (the stock list's rule), an outlet
// check by its visit's (the visit list's rule).
import { sql, type Kysely } from 'kysely';
import {
  EXPIRY_ACTION,
  EXPIRY_SOURCE,
  FRESHNESS_CLASS,
  LOT_STATUS,
  codesOf,
} from '../../../common/businessEnums';
import { formatQuantity } from '../../../common/quantity';
import type { DB } from '../../db/schema';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import type { Caller } from '../shared/actor';
import { dataScopeOf, inScope, type DataScope } from '../shared/dataScope';
import { visitScope } from '../visits/records';
import { expiryActionOf, SALES_LOOKBACK_DAYS, type ExpiryAction } from './expiryAction';
import { handlingDocuments, NOT_HANDLED, recentlyHandledLots } from './expiryHandling';
import { freshnessSql, nearExpiryWindowDays, type FreshnessClass } from './stockAge';

const today = sql<string>`(now() at time zone 'Asia/Shanghai')::date`;
const IN_WINDOW = ['NEAR_EXPIRY', 'EXPIRED'] as const;

const nearExpirySpec: ListSpec = {
  filters: {
    source: { column: 'rows.source', kind: 'enum', values: codesOf(EXPIRY_SOURCE) },
    skuId: { column: 'rows.skuId', kind: 'text' },
    brandId: { column: 'rows.brandId', kind: 'text' },
    categoryId: { column: 'rows.categoryId', kind: 'text' },
    dealerId: { column: 'rows.dealerId', kind: 'text' },
    warehouseId: { column: 'rows.warehouseId', kind: 'text' },
    customerId: { column: 'rows.customerId', kind: 'text' },
    remainingDays: { column: 'rows.remainingDays', kind: 'integer' },
    freshness: { column: 'rows.freshness', kind: 'enum', values: IN_WINDOW },
  },
  sorts: {
    remainingDays: 'rows.remainingDays',
    expiryDate: 'rows.expiryDate',
    qty: 'rows.qty',
    skuCode: 'rows.skuCode',
    checkedOn: 'rows.checkedOn',
  },
  // By default what can still be sold comes first, soonest to expire first; then the expired, latest first.
  defaultSort: [
    ['rows.expired', 'asc'],
    ['rows.daysAway', 'asc'],
    ['rows.id', 'asc'],
  ],
  keyword: ['rows.skuCode', 'rows.skuName', 'rows.batchNo', 'rows.placeName'],
};

/**
 * The warehouse lots with stock inside the window or past it, and those 临期预警's own document emptied lately
 * (HANDLED_SHOWN_DAYS), so the row shows what handled it.
 */
function lotRows(db: Kysely<DB>, tenantId: string, scope: DataScope) {
  const remaining = sql<number>`(stock_lots.expiry_date - ${today})`;
  const freshness = freshnessSql(remaining, sql<number>`skus.shelf_life_days`);
  return db
    .selectFrom('stock_lots')
    .innerJoin('warehouses', 'warehouses.id', 'stock_lots.warehouse_id')
    .innerJoin('skus', 'skus.id', 'stock_lots.sku_id')
    .leftJoin('customers as dealer', 'dealer.id', 'warehouses.owner_id')
    .where('stock_lots.tenant_id', '=', tenantId)
    .where(inScope(scope, 'warehouses.org_code', undefined, 'warehouses.owner_id'))
    .where((where) =>
      where.or([
        where('stock_lots.qty_on_hand', '>', 0),
        where('stock_lots.id', 'in', recentlyHandledLots(db, tenantId)),
      ]),
    )
    .where(freshness, 'in', IN_WINDOW)
    .select([
      sql<'LOT' | 'OUTLET'>`'LOT'`.as('source'),
      'stock_lots.id',
      'stock_lots.sku_id as skuId',
      'skus.brand_id as brandId',
      'skus.category_id as categoryId',
      sql<string | null>`stock_lots.warehouse_id`.as('warehouseId'),
      sql<string>`warehouses.name`.as('placeName'),
      sql<string | null>`warehouses.owner_type`.as('ownerType'),
      'warehouses.owner_id as dealerId',
      'dealer.name as dealerName',
      sql<string | null>`null`.as('customerId'),
      sql<string | null>`null`.as('customerCode'),
      sql<string | null>`null`.as('visitId'),
      sql<string | null>`null`.as('visitNo'),
      sql<string | null>`null`.as('checkedOn'),
      sql<string | null>`null`.as('employeeName'),
      sql<string | null>`stock_lots.batch_no`.as('batchNo'),
      sql<string>`to_char(stock_lots.production_date, 'YYYY-MM-DD')`.as('productionDate'),
      sql<string>`to_char(stock_lots.expiry_date, 'YYYY-MM-DD')`.as('expiryDate'),
      remaining.as('remainingDays'),
      sql<boolean>`(${remaining} < 0)`.as('expired'),
      sql<number>`abs(${remaining})`.as('daysAway'),
      freshness.as('freshness'),
      'stock_lots.qty_on_hand as qty',
      sql<number | null>`stock_lots.qty_on_hand - stock_lots.qty_locked`.as('qtyAvailable'),
      sql<string | null>`stock_lots.lot_status`.as('lotStatus'),
      'skus.sku_code as skuCode',
      'skus.name as skuName',
      'skus.shelf_life_days as shelfLifeDays',
      'skus.units_per_case as unitsPerCase',
      'skus.sale_unit as saleUnit',
      'skus.base_unit as baseUnit',
    ]);
}

/** The latest stock check of each outlet and SKU in the scope, where the oldest goods seen are in the window. */
function outletRows(db: Kysely<DB>, tenantId: string, scope: DataScope) {
  const latest = db
    .selectFrom('outlet_stock_checks')
    .innerJoin('visit_records', 'visit_records.id', 'outlet_stock_checks.visit_id')
    .where('outlet_stock_checks.tenant_id', '=', tenantId)
    .where(visitScope(scope))
    .distinctOn(['outlet_stock_checks.customer_id', 'outlet_stock_checks.sku_id'])
    .select([
      'outlet_stock_checks.id',
      'outlet_stock_checks.visit_id',
      'outlet_stock_checks.customer_id',
      'outlet_stock_checks.sku_id',
      'outlet_stock_checks.base_qty',
      'outlet_stock_checks.oldest_production_date',
      'visit_records.check_in_at',
    ])
    .orderBy('outlet_stock_checks.customer_id')
    .orderBy('outlet_stock_checks.sku_id')
    .orderBy('visit_records.check_in_at', 'desc')
    .orderBy('outlet_stock_checks.id', 'desc');
  const remaining = sql<number>`(checks.oldest_production_date + skus.shelf_life_days - ${today})`;
  const freshness = freshnessSql(remaining, sql<number>`skus.shelf_life_days`);
  return db
    .selectFrom(latest.as('checks'))
    .innerJoin('skus', 'skus.id', 'checks.sku_id')
    .innerJoin('customers as outlet', 'outlet.id', 'checks.customer_id')
    .innerJoin('visit_records as visit', 'visit.id', 'checks.visit_id')
    .innerJoin('users as rep', 'rep.id', 'visit.employee_id')
    .leftJoin('customers as dealer', 'dealer.id', 'outlet.serving_dealer_id')
    .where('checks.base_qty', '>', 0)
    .where('checks.oldest_production_date', 'is not', null)
    .where(freshness, 'in', IN_WINDOW)
    .select([
      sql<'LOT' | 'OUTLET'>`'OUTLET'`.as('source'),
      'checks.id',
      'checks.sku_id as skuId',
      'skus.brand_id as brandId',
      'skus.category_id as categoryId',
      sql<string | null>`null`.as('warehouseId'),
      sql<string>`outlet.name`.as('placeName'),
      sql<string | null>`null`.as('ownerType'),
      'outlet.serving_dealer_id as dealerId',
      'dealer.name as dealerName',
      sql<string | null>`checks.customer_id`.as('customerId'),
      sql<string | null>`outlet.customer_code`.as('customerCode'),
      sql<string | null>`checks.visit_id`.as('visitId'),
      sql<string | null>`visit.visit_no`.as('visitNo'),
      sql<string | null>`to_char(checks.check_in_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`.as(
        'checkedOn',
      ),
      sql<string | null>`rep.realname`.as('employeeName'),
      sql<string | null>`null`.as('batchNo'),
      sql<string>`to_char(checks.oldest_production_date, 'YYYY-MM-DD')`.as('productionDate'),
      sql<string>`to_char(checks.oldest_production_date + skus.shelf_life_days, 'YYYY-MM-DD')`.as(
        'expiryDate',
      ),
      remaining.as('remainingDays'),
      sql<boolean>`(${remaining} < 0)`.as('expired'),
      sql<number>`abs(${remaining})`.as('daysAway'),
      freshness.as('freshness'),
      'checks.base_qty as qty',
      sql<number | null>`null`.as('qtyAvailable'),
      sql<string | null>`null`.as('lotStatus'),
      'skus.sku_code as skuCode',
      'skus.name as skuName',
      'skus.shelf_life_days as shelfLifeDays',
      'skus.units_per_case as unitsPerCase',
      'skus.sale_unit as saleUnit',
      'skus.base_unit as baseUnit',
    ]);
}

type NearExpiryRow = Awaited<ReturnType<ReturnType<typeof lotRows>['execute']>>[number];

interface WarehouseSales {
  id: string;
  name: string;
  ownerKey: string;
  /** SALES_OUT per SKU over the lookback, base units. */
  sold: Map<string, number>;
}

const ownerKeyOf = (ownerType: string | null, ownerId: string | null) => `${ownerType}:${ownerId ?? ''}`;

/**
 * What the transfer suggestion needs for the lots of a page: each active warehouse of the scope with its
 * SALES_OUT of the page's SKUs over the lookback.
 */
async function warehouseSales(
  db: Kysely<DB>,
  tenantId: string,
  scope: DataScope,
  skuIds: string[],
): Promise<WarehouseSales[]> {
  if (skuIds.length === 0) return [];
  const warehouses = await db
    .selectFrom('warehouses')
    .select(['id', 'name', 'owner_type', 'owner_id'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'ACTIVE')
    .where(inScope(scope, 'warehouses.org_code', undefined, 'warehouses.owner_id'))
    .execute();
  const sales = await db
    .selectFrom('stock_movements')
    .select([
      'warehouse_id as warehouseId',
      'sku_id as skuId',
      sql<number>`sum(base_qty)::integer`.as('sold'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('movement_type', '=', 'SALES_OUT')
    .where('sku_id', 'in', skuIds)
    .where('occurred_at', '>=', sql<Date>`now() - make_interval(days => ${SALES_LOOKBACK_DAYS})`)
    .groupBy(['warehouse_id', 'sku_id'])
    .execute();
  return warehouses.map((warehouse) => ({
    id: warehouse.id,
    name: warehouse.name,
    ownerKey: ownerKeyOf(warehouse.owner_type, warehouse.owner_id),
    sold: new Map(
      sales.filter((row) => row.warehouseId === warehouse.id).map((row) => [row.skuId, row.sold]),
    ),
  }));
}

interface Suggestion {
  action: ExpiryAction;
  transferToId: string | null;
  transferToName: string | null;
  soldHere: number | null;
  soldElsewhere: number | null;
}

function suggestionOf(row: NearExpiryRow, warehouses: WarehouseSales[]): Suggestion {
  const windowDays = nearExpiryWindowDays(row.shelfLifeDays);
  if (row.source === 'OUTLET') {
    const action = expiryActionOf({ source: 'OUTLET', remainingDays: row.remainingDays, windowDays });
    return { action, transferToId: null, transferToName: null, soldHere: null, soldElsewhere: null };
  }
  const soldHere = warehouses.find((each) => each.id === row.warehouseId)?.sold.get(row.skuId) ?? 0;
  const best = warehouses
    .filter(
      (each) => each.id !== row.warehouseId && each.ownerKey === ownerKeyOf(row.ownerType, row.dealerId),
    )
    .map((each) => ({ warehouse: each, sold: each.sold.get(row.skuId) ?? 0 }))
    .sort((a, b) => b.sold - a.sold)[0];
  const soldElsewhere = best?.sold ?? 0;
  const action = expiryActionOf({
    source: 'LOT',
    remainingDays: row.remainingDays,
    windowDays,
    qty: row.qty,
    soldHere,
    soldElsewhere,
  });
  const transfer = action === 'TRANSFER' ? best?.warehouse : undefined;
  return {
    action,
    transferToId: transfer?.id ?? null,
    transferToName: transfer?.name ?? null,
    soldHere,
    soldElsewhere: best ? soldElsewhere : null,
  };
}

/** /eprod/nearExpiry/list: lots and outlet checks in the near-expiry window or past it, with the suggestion. */
export async function listNearExpiry(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, nearExpirySpec);
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const rows = lotRows(db, caller.tenantId, scope).unionAll(outletRows(db, caller.tenantId, scope));
  const base = db.selectFrom(rows.as('rows')).where(list.where);
  const page = await pagedList(base, list, (selected) => selected.selectAll().execute());
  const lotSkus = [...new Set(page.records.filter((row) => row.source === 'LOT').map((row) => row.skuId))];
  const [warehouses, handled] = await Promise.all([
    warehouseSales(db, caller.tenantId, scope, lotSkus),
    handlingDocuments(db, caller.tenantId, scope, page.records),
  ]);
  return {
    ...page,
    records: page.records.map((row) => {
      const pack = { unitsPerCase: row.unitsPerCase, caseUnit: row.saleUnit, baseUnit: row.baseUnit };
      const suggestion = suggestionOf(row, warehouses);
      const { ownerType: _ownerType, expired: _expired, daysAway: _daysAway, ...shown } = row;
      return {
        ...shown,
        source: row.source,
        freshness: row.freshness as FreshnessClass,
        remainingPercent: Math.round((Math.max(row.remainingDays, 0) * 1000) / row.shelfLifeDays) / 10,
        qtyText: formatQuantity(row.qty, pack),
        ...suggestion,
        soldHereText: suggestion.soldHere === null ? null : formatQuantity(suggestion.soldHere, pack),
        soldElsewhereText:
          suggestion.soldElsewhere === null ? null : formatQuantity(suggestion.soldElsewhere, pack),
        source_dictText: EXPIRY_SOURCE[row.source],
        freshness_dictText: FRESHNESS_CLASS[row.freshness as FreshnessClass],
        lotStatus_dictText: row.lotStatus ? LOT_STATUS[row.lotStatus as keyof typeof LOT_STATUS] : null,
        action_dictText: EXPIRY_ACTION[suggestion.action],
        ...(handled.get(row.id) ?? NOT_HANDLED),
      };
    }),
  };
}
