// Spare parts 备件 (DOMAIN §1.15): the catalogue with its applicable models, warehouses (central, provider,
// engineer), stock per warehouse with the safety-stock flag, movements and serial numbers. A stock row never
// goes below zero: every decrease is a conditional UPDATE (… where qty_on_hand >= n) and a CHECK backs it,
// so of two issues at once that together exceed the stock the second finds nothing to take and gets 409.
import { sql, type Kysely } from 'kysely';
import { ENABLED_STATUS, codesOf } from '../../../common/businessEnums';
import {
  MANUAL_PART_MOVES,
  PART_CATEGORY,
  PART_MOVE_TYPE,
  SPARE_WAREHOUSE_TYPE,
  TWO_WAREHOUSE_MOVES,
  type PartCategory,
  type PartMoveType,
} from '../../../common/repairs';
import { shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import type { DB, EnabledStatus } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { notFound, saveTenantRow } from '../shared/commands';
import { changeCountedStock, type CountedStockTable } from '../shared/countedStock';
import { inTransaction } from '../shared/documentSteps';
import type { RepairViewer } from './providers';

// ---- Catalogue ----

export interface PartInput {
  partCode: string;
  name: string;
  category: PartCategory;
  spec?: string | null;
  applicableModelIds?: string[];
  unit: string;
  standardPrice: number;
  costPrice: number;
  serialTracked?: boolean;
  safetyStock?: number;
  supplier?: string | null;
  status?: EnabledStatus;
}

const partSpec: ListSpec = {
  filters: {
    partCode: { column: 'p.part_code', kind: 'text' },
    name: { column: 'p.name', kind: 'text' },
    category: { column: 'p.category', kind: 'enum', values: codesOf(PART_CATEGORY) },
    status: { column: 'p.status', kind: 'enum', values: codesOf(ENABLED_STATUS) },
  },
  sorts: { partCode: 'p.part_code', standardPrice: 'p.standard_price' },
  defaultSort: [
    ['p.part_code', 'asc'],
    ['p.id', 'asc'],
  ],
};

export async function listParts(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, partSpec);
  const base = db.selectFrom('spare_parts as p').where('p.tenant_id', '=', caller.tenantId).where(list.where);
  const models = await db
    .selectFrom('asset_models')
    .select(['id', 'name'])
    .where('tenant_id', '=', caller.tenantId)
    .execute();
  return pagedList(base, list, async (page) =>
    (
      await page
        .select((eb) => [
          'p.id',
          'p.part_code as partCode',
          'p.name',
          'p.category',
          'p.spec',
          'p.applicable_model_ids as applicableModelIds',
          'p.unit',
          'p.standard_price as standardPrice',
          'p.cost_price as costPrice',
          'p.serial_tracked as serialTracked',
          'p.safety_stock as safetyStock',
          'p.supplier',
          'p.status',
          eb
            .selectFrom('spare_stocks as s')
            .select(sql<number>`coalesce(sum(s.qty_on_hand), 0)::integer`.as('n'))
            .whereRef('s.part_id', '=', 'p.id')
            .as('stockQty'),
        ])
        .execute()
    ).map((row) => ({
      ...row,
      stockQty: Number(row.stockQty ?? 0),
      applicableModels: row.applicableModelIds
        .map((modelId) => models.find((model) => model.id === modelId)?.name)
        .filter(Boolean)
        .join('、'),
      category_dictText: PART_CATEGORY[row.category],
      status_dictText: ENABLED_STATUS[row.status],
    })),
  );
}

export async function partOptions(db: Kysely<DB>, caller: Caller) {
  return db
    .selectFrom('spare_parts')
    .select([
      'id',
      'part_code as partCode',
      'name',
      'spec',
      'unit',
      'standard_price as standardPrice',
      'serial_tracked as serialTracked',
      'applicable_model_ids as applicableModelIds',
    ])
    .where('tenant_id', '=', caller.tenantId)
    .where('status', '=', 'ACTIVE')
    .orderBy('part_code')
    .limit(500)
    .execute();
}

/** Adds or edits a catalogue part; its 变更记录 is kept. */
export async function savePart(db: Kysely<DB>, actor: Actor, input: PartInput, id?: string) {
  return inTransaction(db, async (trx) => {
    const modelIds = [...new Set(input.applicableModelIds ?? [])];
    if (modelIds.length) {
      const found = await trx
        .selectFrom('asset_models')
        .select('id')
        .where('tenant_id', '=', actor.tenantId)
        .where('id', 'in', modelIds)
        .execute();
      if (found.length !== modelIds.length) throw notFound('资产型号');
    }
    const values = {
      part_code: input.partCode.trim(),
      name: input.name.trim(),
      category: input.category,
      spec: input.spec?.trim() || null,
      applicable_model_ids: JSON.stringify(modelIds),
      unit: input.unit.trim(),
      standard_price: input.standardPrice,
      cost_price: input.costPrice,
      serial_tracked: input.serialTracked ?? false,
      safety_stock: input.safetyStock ?? 0,
      supplier: input.supplier?.trim() || null,
      status: input.status ?? 'ACTIVE',
      updated_by: actor.userId,
    };
    return saveTenantRow(trx, actor, 'spare_parts', id, values, {
      uniqueKeys: { spare_parts_code_uq: `备件编码 ${values.part_code} 已存在` },
      what: '备件',
      described: `备件 ${values.part_code} ${values.name}`,
    });
  });
}

// ---- Warehouses ----

/** The warehouses the viewer may see: a provider's user only its provider's (its own and its engineers'). */
export async function warehouseOptions(db: Kysely<DB>, viewer: RepairViewer) {
  let query = db
    .selectFrom('spare_warehouses as w')
    .leftJoin('service_providers as p', 'p.id', 'w.provider_id')
    .select([
      'w.id',
      'w.code',
      'w.name',
      'w.warehouse_type as warehouseType',
      'w.provider_id as providerId',
      'w.engineer_id as engineerId',
    ])
    .where('w.tenant_id', '=', viewer.tenantId)
    .where('w.status', '=', 'ACTIVE')
    .orderBy('w.warehouse_type')
    .orderBy('w.code');
  if (viewer.provider) query = query.where('w.provider_id', '=', viewer.provider.providerId);
  return (await query.execute()).map((row) => ({
    ...row,
    warehouseType_dictText: SPARE_WAREHOUSE_TYPE[row.warehouseType],
  }));
}

export async function warehouseFor(db: Kysely<DB>, viewer: RepairViewer, id: string) {
  const row = await db
    .selectFrom('spare_warehouses')
    .selectAll()
    .where('id', '=', id)
    .where('tenant_id', '=', viewer.tenantId)
    .executeTakeFirst();
  if (!row || (viewer.provider && row.provider_id !== viewer.provider.providerId)) throw notFound('备件仓库');
  if (row.status !== 'ACTIVE') throw new BusinessError(409, `仓库「${row.name}」已停用`);
  return row;
}

// ---- Stock ----

const stockSpec: ListSpec = {
  filters: {
    warehouseId: { column: 's.warehouse_id', kind: 'text' },
    partId: { column: 's.part_id', kind: 'text' },
    partCode: { column: 'p.part_code', kind: 'text' },
    name: { column: 'p.name', kind: 'text' },
    category: { column: 'p.category', kind: 'enum', values: codesOf(PART_CATEGORY) },
    warehouseType: { column: 'w.warehouse_type', kind: 'enum', values: codesOf(SPARE_WAREHOUSE_TYPE) },
  },
  sorts: { qtyOnHand: 's.qty_on_hand', partCode: 'p.part_code' },
  defaultSort: [
    ['w.code', 'asc'],
    ['p.part_code', 'asc'],
    ['s.id', 'asc'],
  ],
};

/** The stock rows the viewer may see; a central row under the part's safety stock is flagged. */
export async function listStock(db: Kysely<DB>, viewer: RepairViewer, query: RawQuery) {
  const { belowSafety, ...rest } = query;
  const list = parseListQuery(rest, stockSpec);
  let base = db
    .selectFrom('spare_stocks as s')
    .innerJoin('spare_parts as p', 'p.id', 's.part_id')
    .innerJoin('spare_warehouses as w', 'w.id', 's.warehouse_id')
    .where('s.tenant_id', '=', viewer.tenantId)
    .where(list.where);
  if (viewer.provider) base = base.where('w.provider_id', '=', viewer.provider.providerId);
  if (belowSafety === 'true' || belowSafety === '1') {
    base = base.where('w.warehouse_type', '=', 'CENTRAL').whereRef('s.qty_on_hand', '<', 'p.safety_stock');
  }
  return pagedList(base, list, async (page) =>
    (
      await page
        .select([
          's.id',
          's.warehouse_id as warehouseId',
          'w.name as warehouseName',
          'w.warehouse_type as warehouseType',
          's.part_id as partId',
          'p.part_code as partCode',
          'p.name as partName',
          'p.category',
          'p.spec',
          'p.unit',
          'p.cost_price as costPrice',
          'p.safety_stock as safetyStock',
          'p.serial_tracked as serialTracked',
          's.qty_on_hand as qtyOnHand',
          's.qty_reserved as qtyReserved',
          shanghaiDateTime('s.updated_at').as('updateTime'),
        ])
        .execute()
    ).map((row) => ({
      ...row,
      category_dictText: PART_CATEGORY[row.category],
      warehouseType_dictText: SPARE_WAREHOUSE_TYPE[row.warehouseType],
      // The safety stock is the central warehouse's: a provider's or engineer's shelf holds what it asked for.
      belowSafety: row.warehouseType === 'CENTRAL' && row.qtyOnHand < row.safetyStock,
      stockValue: (Number(row.costPrice) * row.qtyOnHand).toFixed(2),
    })),
  );
}

export type SpareStockRecord = Awaited<ReturnType<typeof listStock>>['records'][number];

const movementSpec: ListSpec = {
  filters: {
    warehouseId: { column: 'v.warehouse_id', kind: 'text' },
    partId: { column: 'v.part_id', kind: 'text' },
    moveType: { column: 'v.move_type', kind: 'enum', values: codesOf(PART_MOVE_TYPE) },
    occurredAt: { column: 'v.occurred_at', kind: 'datetime' },
  },
  sorts: { occurredAt: 'v.occurred_at' },
  defaultSort: [
    ['v.occurred_at', 'desc'],
    ['v.id', 'desc'],
  ],
};

export async function listMovements(db: Kysely<DB>, viewer: RepairViewer, query: RawQuery) {
  const list = parseListQuery(query, movementSpec);
  let base = db
    .selectFrom('spare_movements as v')
    .innerJoin('spare_parts as p', 'p.id', 'v.part_id')
    .innerJoin('spare_warehouses as w', 'w.id', 'v.warehouse_id')
    .leftJoin('repair_orders as r', 'r.id', 'v.repair_order_id')
    .leftJoin('spare_part_requests as q', 'q.id', 'v.request_id')
    .leftJoin('users as u', 'u.id', 'v.operator_id')
    .where('v.tenant_id', '=', viewer.tenantId)
    .where(list.where);
  if (viewer.provider) base = base.where('w.provider_id', '=', viewer.provider.providerId);
  return pagedList(base, list, async (page) =>
    (
      await page
        .select([
          'v.id',
          'v.move_type as moveType',
          'w.name as warehouseName',
          'p.part_code as partCode',
          'p.name as partName',
          'p.unit',
          'v.qty',
          'v.balance',
          'v.serial_nos as serialNos',
          'r.order_no as orderNo',
          'q.request_no as requestNo',
          'v.remark',
          'u.realname as operatorName',
          shanghaiDateTime('v.occurred_at').as('occurredAt'),
        ])
        .execute()
    ).map((row) => ({ ...row, moveType_dictText: PART_MOVE_TYPE[row.moveType] })),
  );
}

export interface StockChange {
  tenantId: string;
  warehouseId: string;
  part: { id: string; name: string; serial_tracked: boolean };
  delta: number;
  moveType: PartMoveType;
  operatorId: string | null;
  serialNos?: string[];
  repairOrderId?: string | null;
  requestId?: string | null;
  engineerId?: string | null;
  remark?: string | null;
}

const SPARE_STOCK: CountedStockTable = {
  table: 'spare_stocks',
  itemColumn: 'part_id',
  qtyColumn: 'qty_on_hand',
};

/**
 * Changes the stock of a part in a warehouse by `delta` (a decrease only while enough is there), moves its
 * serial numbers when the part is serial-tracked, and logs the movement; the new balance. The caller's
 * transaction; a BusinessError 409 when the stock is short, 400 when the serial numbers do not match.
 */
export async function changeSpareStock(trx: Kysely<DB>, change: StockChange): Promise<number> {
  const { tenantId, warehouseId, part, delta } = change;
  const serialNos = [...new Set((change.serialNos ?? []).map((serial) => serial.trim()).filter(Boolean))];
  if (part.serial_tracked && delta !== 0 && serialNos.length !== Math.abs(delta)) {
    throw new BusinessError(400, `备件「${part.name}」按序列号管理，请填写 ${Math.abs(delta)} 个序列号`);
  }
  const balance = await changeCountedStock(
    trx,
    SPARE_STOCK,
    { tenantId, warehouseId, itemId: part.id },
    delta,
    (have) => `备件「${part.name}」库存不足：现有 ${have}，需要 ${-delta}`,
  );
  if (part.serial_tracked && delta !== 0) await moveSerials(trx, change, serialNos);
  await trx
    .insertInto('spare_movements')
    .values({
      id: newId(),
      tenant_id: tenantId,
      warehouse_id: warehouseId,
      part_id: part.id,
      move_type: change.moveType,
      qty: delta,
      balance,
      repair_order_id: change.repairOrderId ?? null,
      request_id: change.requestId ?? null,
      engineer_id: change.engineerId ?? null,
      serial_nos: JSON.stringify(serialNos),
      remark: change.remark ?? null,
      operator_id: change.operatorId,
    })
    .execute();
  return balance;
}

/** Serial numbers in: new units in the warehouse (or back from another); out: units of the warehouse leave. */
async function moveSerials(trx: Kysely<DB>, change: StockChange, serialNos: string[]) {
  const { tenantId, warehouseId, part, delta } = change;
  if (delta > 0) {
    for (const serialNo of serialNos) {
      const placed = await trx
        .insertInto('spare_serials')
        .values({
          id: newId(),
          tenant_id: tenantId,
          part_id: part.id,
          serial_no: serialNo,
          warehouse_id: warehouseId,
          status: 'IN_STOCK',
        })
        .onConflict((conflict) =>
          conflict
            .columns(['tenant_id', 'part_id', 'serial_no'])
            .doUpdateSet({ warehouse_id: warehouseId, status: 'IN_STOCK', updated_at: new Date() })
            .where('spare_serials.warehouse_id', 'is', null)
            .where('spare_serials.status', '=', 'IN_STOCK'),
        )
        .returning('id')
        .executeTakeFirst();
      if (!placed) throw new BusinessError(409, `序列号 ${serialNo} 已在库或已使用`);
    }
    return;
  }
  const leaving =
    change.moveType === 'CONSUME' ? 'CONSUMED' : change.moveType === 'SCRAP' ? 'SCRAPPED' : 'IN_STOCK';
  const moved = await trx
    .updateTable('spare_serials')
    .set({
      // In transit between two warehouses: no warehouse until the increase places it.
      warehouse_id: null,
      status: leaving,
      repair_order_id: change.repairOrderId ?? null,
      updated_at: new Date(),
    })
    .where('tenant_id', '=', tenantId)
    .where('part_id', '=', part.id)
    .where('warehouse_id', '=', warehouseId)
    .where('status', '=', 'IN_STOCK')
    .where('serial_no', 'in', serialNos)
    .returning('serial_no')
    .execute();
  if (moved.length !== serialNos.length) {
    const missing = serialNos.filter((serial) => !moved.some((row) => row.serial_no === serial));
    throw new BusinessError(400, `序列号 ${missing.join('、')} 不在该仓库`);
  }
}

export interface MoveInput {
  moveType: (typeof MANUAL_PART_MOVES)[number];
  partId: string;
  warehouseId: string;
  /** ISSUE, RETURN, TRANSFER: where the parts go. */
  toWarehouseId?: string | null;
  qty: number;
  serialNos?: string[];
  remark?: string | null;
}

export async function partOf(db: Kysely<DB>, tenantId: string, id: string) {
  const part = await db
    .selectFrom('spare_parts')
    .select(['id', 'name', 'part_code', 'serial_tracked', 'standard_price', 'applicable_model_ids', 'status'])
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!part) throw notFound('备件');
  return part;
}

/** 采购入库, 领用 (to an engineer), 退库, 调拨 or 报废 of one part. */
export async function moveParts(db: Kysely<DB>, actor: Actor, viewer: RepairViewer, input: MoveInput) {
  return inTransaction(db, async (trx) => {
    const from = await warehouseFor(trx, viewer, input.warehouseId);
    const part = await partOf(trx, actor.tenantId, input.partId);
    const label = PART_MOVE_TYPE[input.moveType];
    if (input.moveType === 'PURCHASE_IN' && from.warehouse_type !== 'CENTRAL') {
      throw new BusinessError(400, '采购入库只能入中心库');
    }
    if (input.moveType === 'SCRAP' && !input.remark?.trim()) throw new BusinessError(400, '报废须填写原因');
    const common = {
      tenantId: actor.tenantId,
      part,
      operatorId: actor.userId,
      serialNos: input.serialNos,
      remark: input.remark?.trim() || null,
    };
    if (!TWO_WAREHOUSE_MOVES.includes(input.moveType)) {
      const delta = input.moveType === 'PURCHASE_IN' ? input.qty : -input.qty;
      const balance = await changeSpareStock(trx, {
        ...common,
        warehouseId: from.id,
        delta,
        moveType: input.moveType,
      });
      await logOperation(
        trx,
        actor,
        'update',
        `备件${label} ${from.name} ${part.part_code} ${delta > 0 ? '+' : ''}${delta}，结存 ${balance}`,
      );
      return { balance };
    }
    if (!input.toWarehouseId) throw new BusinessError(400, `${label}须选择目标仓库`);
    const to = await warehouseFor(trx, viewer, input.toWarehouseId);
    if (to.id === from.id) throw new BusinessError(400, '目标仓库不能与来源仓库相同');
    if (input.moveType === 'ISSUE' && to.warehouse_type !== 'ENGINEER') {
      throw new BusinessError(400, '领用须发往工程师随车库');
    }
    if (input.moveType === 'RETURN' && from.warehouse_type !== 'ENGINEER') {
      throw new BusinessError(400, '退库须从工程师随车库退出');
    }
    const engineerId = to.engineer_id ?? from.engineer_id;
    const balance = await changeSpareStock(trx, {
      ...common,
      warehouseId: from.id,
      delta: -input.qty,
      moveType: input.moveType,
      engineerId,
    });
    await changeSpareStock(trx, {
      ...common,
      warehouseId: to.id,
      delta: input.qty,
      moveType: input.moveType,
      engineerId,
    });
    await logOperation(
      trx,
      actor,
      'update',
      `备件${label} ${part.part_code} ×${input.qty}：${from.name} → ${to.name}`,
    );
    return { balance };
  });
}
