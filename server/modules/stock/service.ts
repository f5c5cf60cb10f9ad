// Warehouses, stock lots and movements (DOMAIN §1.6). A lot's balance is never edited on its own: every
// command writes movement rows and moves the balance in the same transaction, the lot row locked (FOR
// UPDATE) so two commands on one lot queue up, and a CHECK (qty_on_hand >= 0) as the last guard.
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  FRESHNESS_CLASS,
  LOT_STATUS,
  MOVEMENT_TYPE,
  STORAGE_CONDITION,
  WAREHOUSE_OWNER_TYPE,
  ENABLED_STATUS,
  codesOf,
} from '../../../common/businessEnums';
import { formatQuantity, toBaseQty } from '../../../common/quantity';
import { isoDate, shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import type {
  DB,
  EnabledStatus,
  LotStatus,
  MovementType,
  StorageCondition,
  WarehouseOwnerType,
} from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import {
  containsPattern,
  pagedList,
  pageOf,
  parseListQuery,
  type ListSpec,
  type RawQuery,
} from '../../http/listQuery';
import { trackChange } from '../shared/changeHistory';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import {
  changedMeanwhile,
  existingRow,
  notFound,
  saveTenantRow,
  transitionTo,
  type Transition,
} from '../shared/commands';
import { dataScopeOf, inScope, orgCodeInScope, type DataScope } from '../shared/dataScope';
import { nextDocumentNo } from '../shared/documentNumbers';
import { SUPPLIER_TYPES } from '../customers/service';
import {
  bucketListProblem,
  bucketSql,
  daysBetween,
  DEFAULT_AGE_BUCKETS,
  freshnessOf,
  freshnessSql,
  type AgeBucket,
} from './stockAge';

// ---- Warehouses ----

export interface WarehouseInput {
  code: string;
  name: string;
  ownerType: WarehouseOwnerType;
  ownerId?: string | null;
  storageType?: StorageCondition;
  address?: string | null;
  orgCode?: string;
  erpWarehouseCode?: string | null;
  status?: EnabledStatus;
}

const warehouseSpec: ListSpec = {
  filters: {
    code: { column: 'warehouses.code', kind: 'text' },
    name: { column: 'warehouses.name', kind: 'text' },
    ownerType: { column: 'warehouses.owner_type', kind: 'enum', values: codesOf(WAREHOUSE_OWNER_TYPE) },
    ownerId: { column: 'warehouses.owner_id', kind: 'text' },
    status: { column: 'warehouses.status', kind: 'enum', values: codesOf(ENABLED_STATUS) },
  },
  sorts: { code: 'warehouses.code', name: 'warehouses.name', createTime: 'warehouses.created_at' },
  defaultSort: [['warehouses.code', 'asc']],
};

export async function listWarehouses(db: Kysely<DB>, actor: Caller, query: RawQuery) {
  const list = parseListQuery(query, warehouseSpec);
  const scope = await dataScopeOf(db, actor.tenantId, actor.userId);
  const base = db
    .selectFrom('warehouses')
    .leftJoin('customers as owner', 'owner.id', 'warehouses.owner_id')
    .where('warehouses.tenant_id', '=', actor.tenantId)
    .where(inScope(scope, 'warehouses.org_code', undefined, 'warehouses.owner_id'))
    .where(list.where);
  return pagedList(base, list, async (page) => {
    const rows = await page
      .select([
        'warehouses.id',
        'warehouses.code',
        'warehouses.name',
        'warehouses.owner_type as ownerType',
        'warehouses.owner_id as ownerId',
        'owner.name as ownerName',
        'warehouses.storage_type as storageType',
        'warehouses.address',
        'warehouses.org_code as orgCode',
        'warehouses.erp_warehouse_code as erpWarehouseCode',
        'warehouses.status',
        shanghaiDateTime('warehouses.created_at').as('createTime'),
      ])
      .execute();
    return rows.map((row) => ({
      ...row,
      ownerType_dictText: WAREHOUSE_OWNER_TYPE[row.ownerType],
      storageType_dictText: STORAGE_CONDITION[row.storageType],
      status_dictText: ENABLED_STATUS[row.status],
    }));
  });
}

export async function saveWarehouse(db: Kysely<DB>, actor: Actor, input: WarehouseInput, id?: string) {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    if (input.ownerType === 'DEALER') {
      if (!input.ownerId) throw new BusinessError(400, '经销商仓须指定经销商');
      const dealer = await existingRow(
        trx,
        'customers',
        actor.tenantId,
        input.ownerId,
        ['customer_type'],
        '经销商',
      );
      if (!SUPPLIER_TYPES.includes(dealer.customer_type))
        throw new BusinessError(400, '经销商仓的所有者须是经销商');
    }
    const orgCode = input.orgCode ?? scope.orgCodes[0];
    if (!orgCode || !orgCodeInScope(scope, orgCode))
      throw new BusinessError(400, '所选部门不在您的数据权限范围内');
    const values = {
      code: input.code,
      name: input.name,
      owner_type: input.ownerType,
      owner_id: input.ownerType === 'DEALER' ? (input.ownerId ?? null) : null,
      storage_type: input.storageType ?? 'AMBIENT',
      address: input.address ?? null,
      org_code: orgCode,
      erp_warehouse_code: input.erpWarehouseCode ?? null,
      status: input.status ?? 'ACTIVE',
      updated_by: actor.userId,
    };
    return saveTenantRow(trx, actor, 'warehouses', id, values, {
      uniqueKeys: { warehouses_tenant_code_key: `仓库编码 ${input.code} 已存在` },
      what: '仓库',
      described: `仓库 ${input.code} ${input.name}`,
      where: inScope(scope, 'org_code'),
    });
  });
}

/**
 * A warehouse a stock command may write to: of the caller's departments, or for a dealer's user one its dealer
 * owns. `what` names what the caller pointed at (a lot of a warehouse out of reach is a lot not found).
 */
async function warehouseInScope(
  trx: Kysely<DB>,
  tenantId: string,
  scope: DataScope,
  id: string,
  what: '仓库' | '批次' = '仓库',
) {
  const warehouse = await trx
    .selectFrom('warehouses')
    .select(['id', 'code', 'name', 'status'])
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .where(inScope(scope, 'org_code', undefined, 'owner_id'))
    .executeTakeFirst();
  if (!warehouse) throw notFound(what);
  if (warehouse.status !== 'ACTIVE') throw new BusinessError(409, `仓库 ${warehouse.name} 已停用`);
  return warehouse;
}

function skuOf(trx: Kysely<DB>, tenantId: string, id: string) {
  return existingRow(
    trx,
    'skus',
    tenantId,
    id,
    ['id', 'sku_code', 'name', 'units_per_case', 'shelf_life_days', 'base_unit', 'sale_unit'],
    '商品',
  );
}

type SkuUnits = Awaited<ReturnType<typeof skuOf>>;
const show = (baseQty: number, sku: SkuUnits) =>
  formatQuantity(baseQty, {
    unitsPerCase: sku.units_per_case,
    caseUnit: sku.sale_unit,
    baseUnit: sku.base_unit,
  });

/** The pack units of a list row that selected a SKU's unitsPerCase, saleUnit and baseUnit. */
const packOf = (row: { unitsPerCase: number; saleUnit: string; baseUnit: string }) => ({
  unitsPerCase: row.unitsPerCase,
  caseUnit: row.saleUnit,
  baseUnit: row.baseUnit,
});

// ---- Movements ----

/** A quantity as the user typed it: cases and loose base units. */
export interface QuantityInput {
  cases?: number;
  units?: number;
}

function baseQtyOf(
  quantity: QuantityInput,
  sku: SkuUnits,
): { baseQty: number; unit: 'CASE' | 'BASE' | 'MIXED' } {
  const cases = quantity.cases ?? 0;
  const units = quantity.units ?? 0;
  const baseQty = toBaseQty(cases, units, sku.units_per_case);
  if (baseQty <= 0) throw new BusinessError(400, '数量必须大于 0');
  return { baseQty, unit: cases > 0 && units > 0 ? 'MIXED' : cases > 0 ? 'CASE' : 'BASE' };
}

interface LotRow {
  id: string;
  warehouse_id: string;
  sku_id: string;
  batch_no: string;
  production_date: string;
  expiry_date: string;
  qty_on_hand: number;
  qty_locked: number;
  unit_cost: string;
  /** As it stands today: a NORMAL lot past its expiry date is EXPIRED even before the expiry job marks it. */
  lot_status: LotStatus;
}

/** Today in Shanghai, the day stock age and expiry are counted by. */
const today = sql<string>`(now() at time zone 'Asia/Shanghai')::date`;

/**
 * A lot's status as of today (DOMAIN §1.6 NORMAL → EXPIRED at the expiry date): the expiry job stores it, but
 * between two runs of the job a lot that expired is already EXPIRED to every allocation.
 */
const currentLotStatus = sql<LotStatus>`(case when stock_lots.lot_status = 'NORMAL' and stock_lots.expiry_date < ${today} then 'EXPIRED' else stock_lots.lot_status end)`;

/** First expiry, first out (FEFO): the order in which allocation takes lots. */
function byExpiry(a: LotRow, b: LotRow): number {
  return (
    a.expiry_date.localeCompare(b.expiry_date) ||
    a.production_date.localeCompare(b.production_date) ||
    a.batch_no.localeCompare(b.batch_no)
  );
}

async function lockedLots(
  trx: Transaction<DB>,
  tenantId: string,
  where: { lotId?: string; warehouseId?: string; skuIds?: string[] },
): Promise<LotRow[]> {
  let query = trx
    .selectFrom('stock_lots')
    .select([
      'id',
      'warehouse_id',
      'sku_id',
      'batch_no',
      isoDate('production_date').as('production_date'),
      isoDate('expiry_date').as('expiry_date'),
      'qty_on_hand',
      'qty_locked',
      'unit_cost',
      currentLotStatus.as('lot_status'),
    ])
    .where('tenant_id', '=', tenantId);
  if (where.lotId) query = query.where('id', '=', where.lotId);
  if (where.warehouseId) query = query.where('warehouse_id', '=', where.warehouseId);
  if (where.skuIds) query = query.where('sku_id', 'in', where.skuIds);
  const held = lotsLockedFirst(trx, where);
  if (held) {
    if (held.length === 0) return [];
    query = query.where('id', 'in', held);
  }
  // The lock makes a concurrent command on the same lots wait its turn. Every command takes its locks in one
  // order, so two commands never wait for each other in a circle: its document numbers first (nextDocumentNo),
  // then lots in id order (several SKUs at once: lockLotsOfSkus), whatever order it uses them in; the ERP sync
  // task it queues last.
  const lots = (await query.orderBy('id').forUpdate().execute()) as LotRow[];
  return lots.sort(byExpiry);
}

/**
 * Locks every lot of these SKUs in these warehouses at once, in id order, before a document takes or gives
 * back stock of several of them: lot by lot, line by line, two orders with the same SKUs in opposite order
 * would each hold what the other waits for (a deadlock, which PostgreSQL breaks by failing one of them).
 */
export async function lockLotsOfSkus(
  trx: Transaction<DB>,
  tenantId: string,
  warehouseIds: Array<string | null>,
  skuIds: string[],
): Promise<void> {
  const warehouses = [...new Set(warehouseIds.filter((id): id is string => id !== null))];
  const skus = [...new Set(skuIds)];
  if (skus.length === 0 || warehouses.length === 0) return;
  const locked = await trx
    .selectFrom('stock_lots')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('warehouse_id', 'in', warehouses)
    .where('sku_id', 'in', skus)
    .orderBy('id')
    .forUpdate()
    .execute();
  firstPasses.set(trx, { warehouses, skus, lotIds: locked.map((lot) => lot.id) });
}

/**
 * What lockLotsOfSkus locked, per transaction. Its later statements on those lots (lockedLots) stay within
 * them: each statement reads anew, and a lot another command stocked in and committed since would be locked
 * after the others, out of id order — against a command that locked it first and waits for ours, a deadlock
 * (seen: an order audit against a stock-out). That lot simply was not there when this command began.
 */
const firstPasses = new WeakMap<
  Transaction<DB>,
  { warehouses: string[]; skus: string[]; lotIds: string[] }
>();

function lotsLockedFirst(
  trx: Transaction<DB>,
  where: { lotId?: string; warehouseId?: string; skuIds?: string[] },
): string[] | undefined {
  const pass = firstPasses.get(trx);
  const covered =
    pass &&
    where.warehouseId !== undefined &&
    pass.warehouses.includes(where.warehouseId) &&
    where.skuIds !== undefined &&
    where.skuIds.every((skuId) => pass.skus.includes(skuId));
  return covered ? pass.lotIds : undefined;
}

interface MovementContext {
  actor: Actor;
  movementNo: string;
  sourceDocType?: string | null;
  sourceDocNo?: string | null;
  remark?: string | null;
}

/** Moves a lot's balance by ±qty and writes the movement row with the balance after it. */
async function post(
  trx: Transaction<DB>,
  context: MovementContext,
  lot: LotRow,
  type: MovementType,
  qty: number,
  unit: 'CASE' | 'BASE' | 'MIXED',
): Promise<number> {
  const direction = ['PURCHASE_IN', 'RETURN_IN', 'TRANSFER_IN', 'COUNT_GAIN'].includes(type) ? 'IN' : 'OUT';
  const { qty_on_hand: balance } = await trx
    .updateTable('stock_lots')
    .set({
      qty_on_hand: sql`qty_on_hand + ${direction === 'IN' ? qty : -qty}`,
      updated_at: new Date(),
      updated_by: context.actor.userId,
    })
    .where('id', '=', lot.id)
    .returning('qty_on_hand')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('stock_movements')
    .values({
      id: newId(),
      tenant_id: context.actor.tenantId,
      movement_no: context.movementNo,
      warehouse_id: lot.warehouse_id,
      sku_id: lot.sku_id,
      lot_id: lot.id,
      batch_no: lot.batch_no,
      production_date: lot.production_date,
      direction,
      movement_type: type,
      base_qty: qty,
      unit,
      unit_cost: lot.unit_cost,
      balance_after: balance,
      source_doc_type: context.sourceDocType ?? null,
      source_doc_no: context.sourceDocNo ?? null,
      remark: context.remark ?? null,
      operator_id: context.actor.userId,
    })
    .execute();
  return balance;
}

/** Today in Shanghai as 'YYYY-MM-DD', as the database counts it. */
const todayText = (trx: Kysely<DB>) =>
  sql<{ today: string }>`select to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as today`
    .execute(trx)
    .then((result) => result.rows[0].today);

/**
 * The source reference 临期预警's commands leave on their movements (调拨, 报损 of a lot in the list): the list
 * shows the latest OUT movement of a lot carrying it as the document that handled the lot.
 */
export const NEAR_EXPIRY_SOURCE = 'NEAR_EXPIRY';

/** 临期预警 handles only lots inside the near-expiry window or past it (what the list shows). */
async function requireNearExpiry(trx: Kysely<DB>, lot: LotRow, sku: SkuUnits): Promise<void> {
  const freshness = freshnessOf(daysBetween(await todayText(trx), lot.expiry_date), sku.shelf_life_days);
  if (freshness !== 'NEAR_EXPIRY' && freshness !== 'EXPIRED') {
    throw new BusinessError(
      409,
      `批次 ${lot.batch_no} 未进入临期（到期日 ${lot.expiry_date}），不能按临期预警处理`,
    );
  }
}

/** The lot of a batch in a warehouse, created empty the first time the batch arrives there. */
async function lotForInbound(
  trx: Transaction<DB>,
  actor: Actor,
  sku: SkuUnits,
  warehouseId: string,
  batch: { batchNo: string; productionDate: string; unitCost?: number | string },
): Promise<LotRow> {
  const inboundDate = await todayText(trx);
  if (batch.productionDate > inboundDate) throw new BusinessError(400, '生产日期不能晚于今天');
  await trx
    .insertInto('stock_lots')
    .values({
      id: newId(),
      tenant_id: actor.tenantId,
      warehouse_id: warehouseId,
      sku_id: sku.id,
      batch_no: batch.batchNo,
      production_date: batch.productionDate,
      expiry_date: sql<string>`${batch.productionDate}::date + ${sku.shelf_life_days}::integer`,
      first_inbound_date: inboundDate,
      unit_cost: batch.unitCost ?? 0,
      created_by: actor.userId,
      updated_by: actor.userId,
    })
    .onConflict((conflict) =>
      conflict.columns(['tenant_id', 'warehouse_id', 'sku_id', 'batch_no']).doNothing(),
    )
    .execute();
  const [lot] = await lockedLots(trx, actor.tenantId, { warehouseId, skuIds: [sku.id] }).then((lots) =>
    lots.filter((each) => each.batch_no === batch.batchNo),
  );
  if (lot.production_date !== batch.productionDate) {
    throw new BusinessError(
      409,
      `批号 ${batch.batchNo} 已存在，生产日期为 ${lot.production_date}，与填写的不一致`,
    );
  }
  return lot;
}

export interface StockInInput extends QuantityInput {
  warehouseId: string;
  skuId: string;
  batchNo: string;
  productionDate: string;
  unitCost?: number;
  movementType?: 'PURCHASE_IN' | 'RETURN_IN';
  sourceDocNo?: string | null;
  remark?: string | null;
}

export async function stockIn(db: Kysely<DB>, actor: Actor, input: StockInInput) {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const warehouse = await warehouseInScope(trx, actor.tenantId, scope, input.warehouseId);
    const sku = await skuOf(trx, actor.tenantId, input.skuId);
    const { baseQty, unit } = baseQtyOf(input, sku);
    // The document number before any lot: every command takes them in this order (see lockedLots).
    const movementNo = await nextDocumentNo(trx, actor.tenantId, 'SM');
    const lot = await lotForInbound(trx, actor, sku, warehouse.id, input);
    const type = input.movementType ?? 'PURCHASE_IN';
    const balance = await post(
      trx,
      { actor, movementNo, sourceDocNo: input.sourceDocNo, remark: input.remark },
      lot,
      type,
      baseQty,
      unit,
    );
    await logOperation(
      trx,
      actor,
      'add',
      `${MOVEMENT_TYPE[type]} ${movementNo}：${warehouse.name} ${sku.name} 批号 ${input.batchNo} ${show(baseQty, sku)}`,
    );
    return { movementNo, lotId: lot.id, balance, balanceText: show(balance, sku) };
  });
}

export type OutboundType = 'SALES_OUT' | 'EXCHANGE_OUT' | 'DAMAGE' | 'GIFT_OUT' | 'EXPIRED_DESTROY';

export interface StockOutInput extends QuantityInput {
  warehouseId: string;
  skuId: string;
  /** A given lot; without it, the oldest-expiring NORMAL lots first (FEFO). */
  lotId?: string;
  movementType: OutboundType;
  sourceDocNo?: string | null;
  /** NEAR_EXPIRY: started from 临期预警 for the given lot (which must be in the window). */
  sourceDocType?: typeof NEAR_EXPIRY_SOURCE | null;
  remark?: string | null;
}

/** A lot past its expiry date goes nowhere but to destruction (过期销毁). */
function expiredLot(lot: LotRow): BusinessError {
  return new BusinessError(409, `批次 ${lot.batch_no} 已过期（到期日 ${lot.expiry_date}），不能出库`);
}

/** Takes `qty` from lots in order; refuses when their available stock is short. */
function allocate(lots: LotRow[], qty: number, sku: SkuUnits, allowExpiredLots: boolean, what = '') {
  const usable = lots.filter(
    (lot) => lot.lot_status === 'NORMAL' || (allowExpiredLots && lot.lot_status === 'EXPIRED'),
  );
  const available = usable.reduce((total, lot) => total + lot.qty_on_hand - lot.qty_locked, 0);
  if (available < qty) {
    throw new BusinessError(409, `${what}库存不足：可用 ${show(available, sku)}，需要 ${show(qty, sku)}`);
  }
  const takes: Array<{ lot: LotRow; qty: number }> = [];
  let left = qty;
  for (const lot of usable) {
    const take = Math.min(left, lot.qty_on_hand - lot.qty_locked);
    if (take > 0) takes.push({ lot, qty: take });
    left -= take;
    if (left === 0) break;
  }
  return takes;
}

export async function stockOut(db: Kysely<DB>, actor: Actor, input: StockOutInput) {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const warehouse = await warehouseInScope(trx, actor.tenantId, scope, input.warehouseId);
    const sku = await skuOf(trx, actor.tenantId, input.skuId);
    const { baseQty, unit } = baseQtyOf(input, sku);
    const movementNo = await nextDocumentNo(trx, actor.tenantId, 'SM');
    const lots = await lockedLots(trx, actor.tenantId, {
      warehouseId: warehouse.id,
      skuIds: [sku.id],
      lotId: input.lotId,
    });
    if (input.lotId && lots.length === 0) throw notFound('批次');
    if (input.lotId && lots[0].lot_status === 'FROZEN')
      throw new BusinessError(409, `批次 ${lots[0].batch_no} 已冻结，不能出库`);
    if (input.lotId && lots[0].lot_status === 'EXPIRED' && input.movementType !== 'EXPIRED_DESTROY')
      throw expiredLot(lots[0]);
    if (input.sourceDocType) {
      if (!input.lotId) throw new BusinessError(400, '临期处理须指定批次');
      await requireNearExpiry(trx, lots[0], sku);
    }
    const takes = allocate(lots, baseQty, sku, input.movementType === 'EXPIRED_DESTROY');
    const { sourceDocType, sourceDocNo, remark } = input;
    for (const take of takes) {
      await post(
        trx,
        { actor, movementNo, sourceDocType, sourceDocNo, remark },
        take.lot,
        input.movementType,
        take.qty,
        unit,
      );
    }
    await logOperation(
      trx,
      actor,
      'add',
      `${MOVEMENT_TYPE[input.movementType]} ${movementNo}：${warehouse.name} ${sku.name} ${show(baseQty, sku)}`,
    );
    return {
      movementNo,
      lots: takes.map((take) => ({ lotId: take.lot.id, batchNo: take.lot.batch_no, baseQty: take.qty })),
    };
  });
}

export interface TransferInput extends QuantityInput {
  lotId: string;
  toWarehouseId: string;
  /** NEAR_EXPIRY: started from 临期预警 (the lot must be in the window); otherwise TRANSFER. */
  sourceDocType?: typeof NEAR_EXPIRY_SOURCE | null;
  remark?: string | null;
}

/** 调拨: out of a lot, into the same batch in another warehouse (created there if new), one movement number. */
export async function transferStock(db: Kysely<DB>, actor: Actor, input: TransferInput) {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const movementNo = await nextDocumentNo(trx, actor.tenantId, 'SM');
    const [source] = await lockedLots(trx, actor.tenantId, { lotId: input.lotId });
    if (!source) throw notFound('批次');
    const from = await warehouseInScope(trx, actor.tenantId, scope, source.warehouse_id, '批次');
    const to = await warehouseInScope(trx, actor.tenantId, scope, input.toWarehouseId);
    if (from.id === to.id) throw new BusinessError(400, '调入仓库不能与调出仓库相同');
    if (source.lot_status !== 'NORMAL')
      throw new BusinessError(
        409,
        `批次 ${source.batch_no} 状态为${LOT_STATUS[source.lot_status]}，不能调拨`,
      );
    const sku = await skuOf(trx, actor.tenantId, source.sku_id);
    if (input.sourceDocType) await requireNearExpiry(trx, source, sku);
    const { baseQty, unit } = baseQtyOf(input, sku);
    allocate([source], baseQty, sku, false);
    const target = await lotForInbound(trx, actor, sku, to.id, {
      batchNo: source.batch_no,
      productionDate: source.production_date,
      unitCost: source.unit_cost,
    });
    const sourceDocType = input.sourceDocType ?? 'TRANSFER';
    const context = { actor, movementNo, sourceDocType, remark: input.remark };
    await post(trx, context, source, 'TRANSFER_OUT', baseQty, unit);
    await post(trx, context, target, 'TRANSFER_IN', baseQty, unit);
    await logOperation(
      trx,
      actor,
      'add',
      `调拨 ${movementNo}：${from.name} → ${to.name} ${sku.name} 批号 ${source.batch_no} ${show(baseQty, sku)}`,
    );
    return { movementNo, targetLotId: target.id };
  });
}

export interface AdjustInput {
  lotId: string;
  countedCases: number;
  countedUnits: number;
  reason: string;
}

/** 盘点调整: the counted quantity of a lot; the difference becomes a COUNT_GAIN or COUNT_LOSS movement. */
export async function adjustStock(db: Kysely<DB>, actor: Actor, input: AdjustInput) {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const movementNo = await nextDocumentNo(trx, actor.tenantId, 'SM');
    const [lot] = await lockedLots(trx, actor.tenantId, { lotId: input.lotId });
    if (!lot) throw notFound('批次');
    const warehouse = await warehouseInScope(trx, actor.tenantId, scope, lot.warehouse_id, '批次');
    const sku = await skuOf(trx, actor.tenantId, lot.sku_id);
    const counted = toBaseQty(input.countedCases, input.countedUnits, sku.units_per_case);
    const diff = counted - lot.qty_on_hand;
    if (diff === 0) throw new BusinessError(409, '盘点数量与账面一致，无需调整');
    if (counted < lot.qty_locked) {
      throw new BusinessError(409, `盘点数量少于已锁定数量 ${show(lot.qty_locked, sku)}，请先处理锁定的订单`);
    }
    const type = diff > 0 ? 'COUNT_GAIN' : 'COUNT_LOSS';
    const change = await trackChange(trx, actor, 'stock_lots', lot.id);
    const balance = await post(
      trx,
      { actor, movementNo, sourceDocType: 'COUNT', remark: input.reason },
      lot,
      type,
      Math.abs(diff),
      'MIXED',
    );
    await change.log(
      'update',
      `${MOVEMENT_TYPE[type]} ${movementNo}：${warehouse.name} ${sku.name} 批号 ${lot.batch_no} ${show(diff, sku)}（${input.reason}）`,
    );
    return { movementNo, balance, diff };
  });
}

export const LOT_TRANSITIONS: readonly Transition<LotStatus>[] = [
  { from: ['NORMAL'], to: 'FROZEN', action: '冻结' },
  { from: ['FROZEN'], to: 'NORMAL', action: '解冻' },
];

export async function changeLotStatus(db: Kysely<DB>, actor: Actor, lotId: string, to: LotStatus) {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const [lot] = await lockedLots(trx, actor.tenantId, { lotId });
    if (!lot) throw notFound('批次');
    await warehouseInScope(trx, actor.tenantId, scope, lot.warehouse_id, '批次');
    const transition = transitionTo(LOT_TRANSITIONS, LOT_STATUS, lot.lot_status, to);
    const change = await trackChange(trx, actor, 'stock_lots', lotId);
    const changed = await trx
      .updateTable('stock_lots')
      .set({ lot_status: to, updated_at: new Date(), updated_by: actor.userId })
      .where('id', '=', lotId)
      .where('lot_status', '=', lot.lot_status)
      .returning('id')
      .executeTakeFirst();
    if (!changed) throw changedMeanwhile('批次');
    await change.log('update', `批次${transition.action} ${lot.batch_no}`);
    return { id: lotId, lotStatus: to };
  });
}

// ---- Stock held and moved by documents (orders, returns, exchanges) ----
// These run inside the document's transaction, so the document's status and the stock move together or
// not at all. Balances still change only through movement rows (post); locks only through qty_locked.

/** A quantity of one lot. */
export interface LotQty {
  lotId: string;
  baseQty: number;
}

/** The lots of a SKU in a warehouse that could be shipped, FEFO, with what is free of them (no row locks). */
export async function shippableLots(db: Kysely<DB>, tenantId: string, warehouseId: string, skuIds: string[]) {
  if (skuIds.length === 0) return [];
  return db
    .selectFrom('stock_lots')
    .select([
      'id',
      'sku_id as skuId',
      'batch_no as batchNo',
      isoDate('production_date').as('productionDate'),
      isoDate('expiry_date').as('expiryDate'),
      sql<number>`qty_on_hand - qty_locked`.as('availableBaseQty'),
      'qty_locked as lockedBaseQty',
    ])
    .where('tenant_id', '=', tenantId)
    .where('warehouse_id', '=', warehouseId)
    .where('sku_id', 'in', skuIds)
    .where(currentLotStatus, '=', 'NORMAL')
    .where('qty_on_hand', '>', 0)
    .orderBy('sku_id')
    .orderBy('expiry_date')
    .orderBy('production_date')
    .orderBy('batch_no')
    .execute();
}

/** Locks `baseQty` of a SKU in a warehouse for a document, oldest-expiring lots first; refuses when short. */
export async function lockStock(
  trx: Transaction<DB>,
  actor: Caller,
  input: { warehouseId: string; skuId: string; baseQty: number; upToAvailable?: boolean },
): Promise<LotQty[]> {
  const sku = await skuOf(trx, actor.tenantId, input.skuId);
  const lots = await lockedLots(trx, actor.tenantId, { warehouseId: input.warehouseId, skuIds: [sku.id] });
  // upToAvailable: hold what there is (the rest of a partly shipped order waits for stock).
  const free = lots
    .filter((lot) => lot.lot_status === 'NORMAL')
    .reduce((total, lot) => total + lot.qty_on_hand - lot.qty_locked, 0);
  const wanted = input.upToAvailable ? Math.min(free, input.baseQty) : input.baseQty;
  if (wanted === 0) return [];
  const takes = allocate(lots, wanted, sku, false, `${sku.name} `);
  for (const take of takes) {
    await trx
      .updateTable('stock_lots')
      .set({ qty_locked: sql`qty_locked + ${take.qty}`, updated_at: new Date(), updated_by: actor.userId })
      .where('id', '=', take.lot.id)
      .execute();
  }
  return takes.map((take) => ({ lotId: take.lot.id, baseQty: take.qty }));
}

/** Gives back what lockStock took. */
export async function releaseStock(trx: Transaction<DB>, actor: Actor, locks: LotQty[]): Promise<void> {
  // In lot order, so two documents releasing the same lots queue up instead of deadlocking.
  for (const lock of [...locks].sort((a, b) => a.lotId.localeCompare(b.lotId))) {
    await trx
      .updateTable('stock_lots')
      .set({
        qty_locked: sql`qty_locked - ${lock.baseQty}`,
        updated_at: new Date(),
        updated_by: actor.userId,
      })
      .where('id', '=', lock.lotId)
      .where('tenant_id', '=', actor.tenantId)
      .execute();
  }
}

export interface DocumentMovement {
  movementNo: string;
  sourceDocType: string;
  sourceDocNo: string;
  remark?: string | null;
}

/**
 * Takes a SKU out of a warehouse (SALES_OUT, EXCHANGE_OUT, DAMAGE): from the picked lots, each a NORMAL lot
 * of that warehouse and SKU with enough free stock, or without picks `baseQty` oldest-expiring first.
 * Returns the lots as taken.
 */
export async function postOutbound(
  trx: Transaction<DB>,
  actor: Actor,
  input: { warehouseId: string; skuId: string; type: OutboundType } & (
    { picks: LotQty[] } | { baseQty: number }
  ),
  document: DocumentMovement,
) {
  const sku = await skuOf(trx, actor.tenantId, input.skuId);
  const lots = await lockedLots(trx, actor.tenantId, { warehouseId: input.warehouseId, skuIds: [sku.id] });
  const picks =
    'picks' in input
      ? input.picks
      : allocate(lots, input.baseQty, sku, false, `${sku.name} `).map((take) => ({
          lotId: take.lot.id,
          baseQty: take.qty,
        }));
  const shipped: Array<{ lot: LotRow; baseQty: number }> = [];
  for (const pick of picks) {
    const lot = lots.find((each) => each.id === pick.lotId);
    if (!lot) throw new BusinessError(400, `${sku.name} 的批次不在所选仓库中`);
    if (lot.lot_status === 'EXPIRED') throw expiredLot(lot);
    if (lot.lot_status !== 'NORMAL') {
      throw new BusinessError(409, `批次 ${lot.batch_no} 状态为${LOT_STATUS[lot.lot_status]}，不能出库`);
    }
    allocate([lot], pick.baseQty, sku, false, `${sku.name} 批次 ${lot.batch_no} `);
    await post(trx, { actor, ...document }, lot, input.type, pick.baseQty, 'MIXED');
    // The same lot may be picked twice in one call.
    lot.qty_on_hand -= pick.baseQty;
    shipped.push({ lot, baseQty: pick.baseQty });
  }
  return shipped.map(({ lot, baseQty }) => ({
    lotId: lot.id,
    batchNo: lot.batch_no,
    productionDate: lot.production_date,
    baseQty,
  }));
}

/** Puts goods back into a batch of a warehouse (RETURN_IN), the lot created if the batch is new there. */
export async function postInbound(
  trx: Transaction<DB>,
  actor: Actor,
  input: { warehouseId: string; skuId: string; batchNo: string; productionDate: string; baseQty: number },
  document: DocumentMovement,
) {
  const sku = await skuOf(trx, actor.tenantId, input.skuId);
  const lot = await lotForInbound(trx, actor, sku, input.warehouseId, input);
  await post(trx, { actor, ...document }, lot, 'RETURN_IN', input.baseQty, 'MIXED');
  return { lotId: lot.id, batchNo: lot.batch_no, productionDate: lot.production_date };
}

// ---- Stock-age buckets ----

export async function ageBucketsOf(db: Kysely<DB>, tenantId: string): Promise<AgeBucket[]> {
  const rows = await db
    .selectFrom('stock_age_buckets')
    .select(['code', 'label', 'min_days as minDays', 'max_days as maxDays', 'color'])
    .where('tenant_id', '=', tenantId)
    .orderBy('sort')
    .execute();
  return rows.length > 0 ? rows : DEFAULT_AGE_BUCKETS;
}

export async function saveAgeBuckets(db: Kysely<DB>, actor: Actor, buckets: AgeBucket[]) {
  const problem = bucketListProblem(buckets);
  if (problem) throw new BusinessError(400, problem);
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('stock_age_buckets').where('tenant_id', '=', actor.tenantId).execute();
    await trx
      .insertInto('stock_age_buckets')
      .values(
        buckets.map((bucket, sort) => ({
          tenant_id: actor.tenantId,
          code: bucket.code,
          label: bucket.label,
          min_days: bucket.minDays,
          max_days: bucket.maxDays,
          color: bucket.color,
          sort,
        })),
      )
      .execute();
    await logOperation(
      trx,
      actor,
      'update',
      `库龄段配置：${buckets.map((bucket) => bucket.label).join('、')}`,
    );
    return buckets;
  });
}

// ---- Stock detail, age summary, dealer stock, movement list ----

const ageDays = sql<number>`(${today} - stock_lots.production_date)`;
const remainingDays = sql<number>`(stock_lots.expiry_date - ${today})`;
const freshness = freshnessSql(remainingDays, sql<number>`skus.shelf_life_days`);

const stockSpec: ListSpec = {
  filters: {
    warehouseId: { column: 'stock_lots.warehouse_id', kind: 'text' },
    skuId: { column: 'stock_lots.sku_id', kind: 'text' },
    brandId: { column: 'skus.brand_id', kind: 'text' },
    categoryId: { column: 'skus.category_id', kind: 'text' },
    dealerId: { column: 'warehouses.owner_id', kind: 'text' },
    ownerType: { column: 'warehouses.owner_type', kind: 'enum', values: codesOf(WAREHOUSE_OWNER_TYPE) },
    batchNo: { column: 'stock_lots.batch_no', kind: 'text' },
    lotStatus: { column: currentLotStatus, kind: 'enum', values: codesOf(LOT_STATUS) },
    productionDate: { column: 'stock_lots.production_date', kind: 'date' },
    expiryDate: { column: 'stock_lots.expiry_date', kind: 'date' },
    stockAgeDays: { column: ageDays, kind: 'integer' },
    freshness: { column: freshness, kind: 'enum', values: codesOf(FRESHNESS_CLASS) },
  },
  sorts: {
    batchNo: 'stock_lots.batch_no',
    productionDate: 'stock_lots.production_date',
    expiryDate: 'stock_lots.expiry_date',
    qtyOnHand: 'stock_lots.qty_on_hand',
    skuCode: 'skus.sku_code',
    warehouseName: 'warehouses.name',
  },
  defaultSort: [
    ['stock_lots.expiry_date', 'asc'],
    ['stock_lots.id', 'asc'],
  ],
  // ageBucket: a bucket code; nearExpiryOnly=true: NEAR_EXPIRY and EXPIRED lots; includeEmpty=true: lots at 0 too.
  extras: ['keyword', 'ageBucket', 'nearExpiryOnly', 'includeEmpty'],
};

async function stockQuery(db: Kysely<DB>, actor: Caller, query: RawQuery) {
  const list = parseListQuery(query, stockSpec);
  const scope = await dataScopeOf(db, actor.tenantId, actor.userId);
  const buckets = await ageBucketsOf(db, actor.tenantId);
  const bucket = bucketSql(ageDays, buckets);
  let base = db
    .selectFrom('stock_lots')
    .innerJoin('warehouses', 'warehouses.id', 'stock_lots.warehouse_id')
    .innerJoin('skus', 'skus.id', 'stock_lots.sku_id')
    .innerJoin('brands', 'brands.id', 'skus.brand_id')
    .leftJoin('customers as dealer', 'dealer.id', 'warehouses.owner_id')
    .where('stock_lots.tenant_id', '=', actor.tenantId)
    .where(inScope(scope, 'warehouses.org_code', undefined, 'warehouses.owner_id'))
    .where(list.where);
  const { keyword, ageBucket, nearExpiryOnly, includeEmpty } = list.extras;
  if (includeEmpty !== 'true') base = base.where('stock_lots.qty_on_hand', '>', 0);
  if (keyword?.trim()) {
    const pattern = containsPattern(keyword.trim());
    base = base.where((eb) =>
      eb.or([
        eb('skus.sku_code', 'ilike', pattern),
        eb('skus.name', 'ilike', pattern),
        eb('stock_lots.batch_no', 'ilike', pattern),
      ]),
    );
  }
  if (ageBucket) {
    if (!buckets.some((each) => each.code === ageBucket))
      throw new BusinessError(400, `库龄段 ${ageBucket} 不存在`);
    base = base.where(sql<boolean>`${bucket} = ${ageBucket}`);
  }
  if (nearExpiryOnly === 'true') base = base.where(sql<boolean>`${freshness} in ('NEAR_EXPIRY', 'EXPIRED')`);
  return { list, base, bucket, buckets };
}

const amount = sql<string>`round(stock_lots.qty_on_hand * stock_lots.unit_cost, 2)`;

export async function stockDetail(db: Kysely<DB>, actor: Caller, query: RawQuery) {
  const { list, base, bucket, buckets } = await stockQuery(db, actor, query);
  const totals = await base
    .select([
      sql<number>`count(*)::integer`.as('lots'),
      sql<number>`coalesce(sum(stock_lots.qty_on_hand), 0)::integer`.as('qtyOnHand'),
      sql<number>`coalesce(sum(stock_lots.qty_locked), 0)::integer`.as('qtyLocked'),
      sql<number>`coalesce(sum(stock_lots.qty_on_hand - stock_lots.qty_locked), 0)::integer`.as(
        'qtyAvailable',
      ),
      sql<number>`coalesce(sum(stock_lots.qty_on_hand::numeric / skus.units_per_case), 0)::float8`.as(
        'cases',
      ),
      sql<string>`coalesce(sum(${amount}), 0)::numeric(14, 2)::text`.as('amount'),
    ])
    .executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'stock_lots.id',
      'stock_lots.warehouse_id as warehouseId',
      'warehouses.name as warehouseName',
      'warehouses.owner_type as ownerType',
      'warehouses.owner_id as dealerId',
      'dealer.name as dealerName',
      'stock_lots.sku_id as skuId',
      'skus.sku_code as skuCode',
      'skus.name as skuName',
      'brands.name as brandName',
      'skus.units_per_case as unitsPerCase',
      'skus.base_unit as baseUnit',
      'skus.sale_unit as saleUnit',
      'skus.shelf_life_days as shelfLifeDays',
      'stock_lots.batch_no as batchNo',
      isoDate('stock_lots.production_date').as('productionDate'),
      isoDate('stock_lots.expiry_date').as('expiryDate'),
      isoDate('stock_lots.first_inbound_date').as('firstInboundDate'),
      ageDays.as('stockAgeDays'),
      sql<number>`(${today} - stock_lots.first_inbound_date)`.as('warehouseAgeDays'),
      remainingDays.as('remainingDays'),
      sql<number>`round(greatest(${remainingDays}, 0)::numeric * 100 / skus.shelf_life_days, 1)::float8`.as(
        'remainingPercent',
      ),
      bucket.as('ageBucket'),
      freshness.as('freshness'),
      'stock_lots.qty_on_hand as qtyOnHand',
      'stock_lots.qty_locked as qtyLocked',
      sql<number>`stock_lots.qty_on_hand - stock_lots.qty_locked`.as('qtyAvailable'),
      'stock_lots.unit_cost as unitCost',
      amount.as('amount'),
      currentLotStatus.as('lotStatus'),
    ])
    .orderBy(list.orderBy)
    .limit(list.pageSize)
    .offset(list.offset)
    .execute();
  const labels = Object.fromEntries(buckets.map((each) => [each.code, each.label]));
  const records = rows.map((row) => {
    const pack = packOf(row);
    return {
      ...row,
      qtyOnHandText: formatQuantity(row.qtyOnHand, pack),
      qtyAvailableText: formatQuantity(row.qtyAvailable, pack),
      ageBucket_dictText: labels[row.ageBucket],
      freshness_dictText: FRESHNESS_CLASS[row.freshness],
      lotStatus_dictText: LOT_STATUS[row.lotStatus],
      ownerType_dictText: WAREHOUSE_OWNER_TYPE[row.ownerType],
    };
  });
  return { ...pageOf(records, totals.lots, list), totals };
}

/** 库龄分析: per bucket, the quantity (in cases), the amount and the share, over the same filters as the detail. */
export async function stockAgeSummary(db: Kysely<DB>, actor: Caller, query: RawQuery) {
  const { base, bucket, buckets } = await stockQuery(db, actor, {
    ...query,
    pageNo: undefined,
    pageSize: undefined,
  });
  const rows = await base
    .select([
      bucket.as('code'),
      sql<number>`count(*)::integer`.as('lots'),
      sql<number>`sum(stock_lots.qty_on_hand::numeric / skus.units_per_case)::float8`.as('cases'),
      sql<string>`sum(${amount})::numeric(14, 2)::text`.as('amount'),
    ])
    .groupBy(sql`1`)
    .execute();
  const totalCases = rows.reduce((total, row) => total + row.cases, 0);
  return buckets.map((each) => {
    const row = rows.find((candidate) => candidate.code === each.code);
    const cases = row ? Math.round(row.cases * 100) / 100 : 0;
    return {
      ...each,
      lots: row?.lots ?? 0,
      cases,
      amount: row?.amount ?? '0.00',
      percent: totalCases === 0 ? 0 : Math.round((cases / totalCases) * 1000) / 10,
    };
  });
}

/** /eCustStock: each dealer's stock per SKU, with its oldest batch and what is near expiry. */
export async function dealerStock(db: Kysely<DB>, actor: Caller, query: RawQuery) {
  const { list, base } = await stockQuery(db, actor, {
    ...query,
    ownerType: 'DEALER',
    column: undefined,
    order: undefined,
  });
  const grouped = base
    .select([
      'warehouses.owner_id as dealerId',
      'dealer.name as dealerName',
      'dealer.customer_code as dealerCode',
      'skus.id as skuId',
      'skus.sku_code as skuCode',
      'skus.name as skuName',
      'skus.units_per_case as unitsPerCase',
      'skus.base_unit as baseUnit',
      'skus.sale_unit as saleUnit',
      sql<number>`sum(stock_lots.qty_on_hand)::integer`.as('qtyOnHand'),
      sql<number>`count(*)::integer`.as('lots'),
      sql<string>`to_char(min(stock_lots.production_date), 'YYYY-MM-DD')`.as('oldestProductionDate'),
      sql<number>`max(${ageDays})`.as('maxStockAgeDays'),
      sql<number>`coalesce(sum(stock_lots.qty_on_hand) filter (where ${freshness} in ('NEAR_EXPIRY', 'EXPIRED')), 0)::integer`.as(
        'nearExpiryQty',
      ),
    ])
    .groupBy([
      'warehouses.owner_id',
      'dealer.name',
      'dealer.customer_code',
      'skus.id',
      'skus.sku_code',
      'skus.name',
      'skus.units_per_case',
      'skus.base_unit',
      'skus.sale_unit',
    ]);
  const { total } = await db
    .selectFrom(grouped.as('grouped'))
    .select(sql<number>`count(*)::integer`.as('total'))
    .executeTakeFirstOrThrow();
  const rows = await grouped
    .orderBy('dealer.customer_code')
    .orderBy('skus.sku_code')
    .limit(list.pageSize)
    .offset(list.offset)
    .execute();
  return pageOf(
    rows.map((row) => {
      const pack = packOf(row);
      return {
        ...row,
        qtyOnHandText: formatQuantity(row.qtyOnHand, pack),
        nearExpiryQtyText: formatQuantity(row.nearExpiryQty, pack),
      };
    }),
    total,
    list,
  );
}

const movementSpec: ListSpec = {
  filters: {
    movementNo: { column: 'stock_movements.movement_no', kind: 'text' },
    warehouseId: { column: 'stock_movements.warehouse_id', kind: 'text' },
    skuId: { column: 'stock_movements.sku_id', kind: 'text' },
    lotId: { column: 'stock_movements.lot_id', kind: 'text' },
    batchNo: { column: 'stock_movements.batch_no', kind: 'text' },
    direction: { column: 'stock_movements.direction', kind: 'enum', values: ['IN', 'OUT'] },
    movementType: { column: 'stock_movements.movement_type', kind: 'enum', values: codesOf(MOVEMENT_TYPE) },
    occurredAt: { column: 'stock_movements.occurred_at', kind: 'datetime' },
  },
  sorts: { occurredAt: 'stock_movements.occurred_at', movementNo: 'stock_movements.movement_no' },
  defaultSort: [
    ['stock_movements.occurred_at', 'desc'],
    ['stock_movements.id', 'desc'],
  ],
};

export async function listMovements(db: Kysely<DB>, actor: Caller, query: RawQuery) {
  const list = parseListQuery(query, movementSpec);
  const scope = await dataScopeOf(db, actor.tenantId, actor.userId);
  const base = db
    .selectFrom('stock_movements')
    .innerJoin('warehouses', 'warehouses.id', 'stock_movements.warehouse_id')
    .innerJoin('skus', 'skus.id', 'stock_movements.sku_id')
    .leftJoin('users as operator', 'operator.id', 'stock_movements.operator_id')
    .where('stock_movements.tenant_id', '=', actor.tenantId)
    .where(inScope(scope, 'warehouses.org_code', undefined, 'warehouses.owner_id'))
    .where(list.where);
  return pagedList(base, list, async (page) => {
    const rows = await page
      .select([
        'stock_movements.id',
        'stock_movements.movement_no as movementNo',
        'warehouses.name as warehouseName',
        'skus.sku_code as skuCode',
        'skus.name as skuName',
        'skus.units_per_case as unitsPerCase',
        'skus.base_unit as baseUnit',
        'skus.sale_unit as saleUnit',
        'stock_movements.lot_id as lotId',
        'stock_movements.batch_no as batchNo',
        isoDate('stock_movements.production_date').as('productionDate'),
        'stock_movements.direction',
        'stock_movements.movement_type as movementType',
        'stock_movements.base_qty as baseQty',
        'stock_movements.balance_after as balanceAfter',
        'stock_movements.source_doc_type as sourceDocType',
        'stock_movements.source_doc_no as sourceDocNo',
        'stock_movements.remark',
        'operator.realname as operatorName',
        shanghaiDateTime('stock_movements.occurred_at').as('occurredAt'),
      ])
      .execute();
    return rows.map((row) => {
      const pack = packOf(row);
      return {
        ...row,
        baseQtyText: formatQuantity(row.baseQty, pack),
        balanceAfterText: formatQuantity(row.balanceAfter, pack),
        movementType_dictText: MOVEMENT_TYPE[row.movementType],
      };
    });
  });
}
