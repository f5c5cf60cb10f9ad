// The POSM catalogue and stock (DOMAIN §1.11 物料目录, 物料库存): materials with their photos, the stock of each
// material per warehouse, and its movements — 入库, 出库 and 调整 by hand, 申请出库 by a request's pick list.
// A stock row never goes below zero: every decrease is a conditional UPDATE (… where qty >= n), so of two
// issues at once that together exceed the stock the second finds nothing to take and gets 409.
import { sql, type Kysely } from 'kysely';
import { ENABLED_STATUS, codesOf } from '../../../common/businessEnums';
import {
  POSM_CATEGORY,
  POSM_MATERIAL_PHOTO_BIZ,
  POSM_MOVE_TYPE,
  type PosmCategory,
  type PosmMoveType,
} from '../../../common/posm';
import { shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import type { DB, EnabledStatus } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import { bindAttachments } from '../attachments/service';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { notFound, saveTenantRow } from '../shared/commands';
import { changeCountedStock, type CountedStockTable } from '../shared/countedStock';
import { dataScopeOf, inScope, orgCodeInScope } from '../shared/dataScope';
import { inTransaction } from '../shared/documentSteps';

// ---- Catalogue ----

export interface MaterialInput {
  materialCode: string;
  name: string;
  category: PosmCategory;
  spec?: string | null;
  unit: string;
  unitCost: number;
  brandId?: string | null;
  photoIds?: string[];
  isReturnable?: boolean;
  status?: EnabledStatus;
}

const materialSpec: ListSpec = {
  filters: {
    materialCode: { column: 'm.material_code', kind: 'text' },
    name: { column: 'm.name', kind: 'text' },
    category: { column: 'm.category', kind: 'enum', values: codesOf(POSM_CATEGORY) },
    status: { column: 'm.status', kind: 'enum', values: codesOf(ENABLED_STATUS) },
  },
  sorts: { materialCode: 'm.material_code', unitCost: 'm.unit_cost', updateTime: 'm.updated_at' },
  defaultSort: [
    ['m.material_code', 'asc'],
    ['m.id', 'asc'],
  ],
};

export async function listMaterials(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, materialSpec);
  const base = db
    .selectFrom('posm_materials as m')
    .leftJoin('brands as b', 'b.id', 'm.brand_id')
    .where('m.tenant_id', '=', caller.tenantId)
    .where(list.where);
  return pagedList(base, list, async (page) =>
    (
      await page
        .select((eb) => [
          'm.id',
          'm.material_code as materialCode',
          'm.name',
          'm.category',
          'm.spec',
          'm.unit',
          'm.unit_cost as unitCost',
          'm.brand_id as brandId',
          'b.name as brandName',
          'm.photo_ids as photoIds',
          'm.is_returnable as isReturnable',
          'm.status',
          shanghaiDateTime('m.updated_at').as('updateTime'),
          eb
            .selectFrom('posm_stocks as s')
            .select(sql<number>`coalesce(sum(s.qty), 0)::integer`.as('n'))
            .whereRef('s.material_id', '=', 'm.id')
            .as('stockQty'),
        ])
        .execute()
    ).map((row) => ({
      ...row,
      stockQty: Number(row.stockQty ?? 0),
      category_dictText: POSM_CATEGORY[row.category],
      status_dictText: ENABLED_STATUS[row.status],
    })),
  );
}

/** Adds or edits a material with its photos (uploaded as POSM_MATERIAL); its 变更记录 is kept. */
export async function saveMaterial(db: Kysely<DB>, actor: Actor, input: MaterialInput, id?: string) {
  return inTransaction(db, async (trx) => {
    if (input.brandId) {
      const brand = await trx
        .selectFrom('brands')
        .select('id')
        .where('id', '=', input.brandId)
        .where('tenant_id', '=', actor.tenantId)
        .executeTakeFirst();
      if (!brand) throw notFound('品牌');
    }
    const photoIds = [...new Set(input.photoIds ?? [])];
    const values = {
      material_code: input.materialCode.trim(),
      name: input.name.trim(),
      category: input.category,
      spec: input.spec?.trim() || null,
      unit: input.unit.trim(),
      unit_cost: input.unitCost,
      brand_id: input.brandId || null,
      photo_ids: JSON.stringify(photoIds),
      is_returnable: input.isReturnable ?? false,
      status: input.status ?? 'ACTIVE',
      updated_by: actor.userId,
    };
    const saved = await saveTenantRow(trx, actor, 'posm_materials', id, values, {
      uniqueKeys: { posm_materials_code_uq: `物料编码 ${values.material_code} 已存在` },
      what: '物料',
      described: `物料 ${values.material_code} ${values.name}`,
    });
    await bindAttachments(trx, actor.tenantId, POSM_MATERIAL_PHOTO_BIZ, saved.id, photoIds);
    return saved;
  });
}

/** Active materials for a request's lines (at most 500). */
export async function materialOptions(db: Kysely<DB>, caller: Caller) {
  return db
    .selectFrom('posm_materials')
    .select(['id', 'material_code as materialCode', 'name', 'spec', 'unit', 'unit_cost as unitCost'])
    .where('tenant_id', '=', caller.tenantId)
    .where('status', '=', 'ACTIVE')
    .orderBy('material_code')
    .limit(500)
    .execute();
}

// ---- Stock ----

/** The warehouse, active and in the caller's data scope; 404 otherwise. */
export async function warehouseInScope(db: Kysely<DB>, caller: Caller, id: string) {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const warehouse = await db
    .selectFrom('warehouses')
    .select(['id', 'name', 'org_code', 'status'])
    .where('id', '=', id)
    .where('tenant_id', '=', caller.tenantId)
    .executeTakeFirst();
  if (!warehouse || !orgCodeInScope(scope, warehouse.org_code)) throw notFound('仓库');
  if (warehouse.status !== 'ACTIVE') throw new BusinessError(409, `仓库「${warehouse.name}」已停用`);
  return warehouse;
}

const stockSpec: ListSpec = {
  filters: {
    warehouseId: { column: 's.warehouse_id', kind: 'text' },
    materialId: { column: 's.material_id', kind: 'text' },
    materialCode: { column: 'm.material_code', kind: 'text' },
    name: { column: 'm.name', kind: 'text' },
    category: { column: 'm.category', kind: 'enum', values: codesOf(POSM_CATEGORY) },
    qty: { column: 's.qty', kind: 'integer' },
  },
  sorts: { qty: 's.qty', materialCode: 'm.material_code', updateTime: 's.updated_at' },
  defaultSort: [
    ['w.code', 'asc'],
    ['m.material_code', 'asc'],
    ['s.id', 'asc'],
  ],
};

/** The stock rows of the warehouses in the caller's scope. */
export async function listStock(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, stockSpec);
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const base = db
    .selectFrom('posm_stocks as s')
    .innerJoin('posm_materials as m', 'm.id', 's.material_id')
    .innerJoin('warehouses as w', 'w.id', 's.warehouse_id')
    .where('s.tenant_id', '=', caller.tenantId)
    .where(inScope(scope, 'w.org_code'))
    .where(list.where);
  return pagedList(base, list, async (page) =>
    (
      await page
        .select([
          's.id',
          's.warehouse_id as warehouseId',
          'w.name as warehouseName',
          's.material_id as materialId',
          'm.material_code as materialCode',
          'm.name as materialName',
          'm.category',
          'm.spec',
          'm.unit',
          'm.unit_cost as unitCost',
          's.qty',
          shanghaiDateTime('s.updated_at').as('updateTime'),
        ])
        .execute()
    ).map((row) => ({
      ...row,
      category_dictText: POSM_CATEGORY[row.category],
      stockValue: (Number(row.unitCost) * row.qty).toFixed(2),
    })),
  );
}

export type StockRecord = Awaited<ReturnType<typeof listStock>>['records'][number];

const movementSpec: ListSpec = {
  filters: {
    warehouseId: { column: 'v.warehouse_id', kind: 'text' },
    materialId: { column: 'v.material_id', kind: 'text' },
    moveType: { column: 'v.move_type', kind: 'enum', values: codesOf(POSM_MOVE_TYPE) },
    createTime: { column: 'v.created_at', kind: 'datetime' },
  },
  sorts: { createTime: 'v.created_at' },
  defaultSort: [
    ['v.created_at', 'desc'],
    ['v.id', 'desc'],
  ],
};

/** The movements of the warehouses in the caller's scope, newest first. */
export async function listMovements(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, movementSpec);
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const base = db
    .selectFrom('posm_movements as v')
    .innerJoin('posm_materials as m', 'm.id', 'v.material_id')
    .innerJoin('warehouses as w', 'w.id', 'v.warehouse_id')
    .leftJoin('posm_requests as r', 'r.id', 'v.request_id')
    .leftJoin('users as u', 'u.id', 'v.operator_id')
    .where('v.tenant_id', '=', caller.tenantId)
    .where(inScope(scope, 'w.org_code'))
    .where(list.where);
  return pagedList(base, list, async (page) =>
    (
      await page
        .select([
          'v.id',
          'v.move_type as moveType',
          'w.name as warehouseName',
          'm.material_code as materialCode',
          'm.name as materialName',
          'm.unit',
          'v.qty',
          'v.balance',
          'r.request_no as requestNo',
          'v.remark',
          'u.realname as operatorName',
          shanghaiDateTime('v.created_at').as('createTime'),
        ])
        .execute()
    ).map((row) => ({ ...row, moveType_dictText: POSM_MOVE_TYPE[row.moveType] })),
  );
}

const POSM_STOCK: CountedStockTable = { table: 'posm_stocks', itemColumn: 'material_id', qtyColumn: 'qty' };

/**
 * Changes the stock of a material in a warehouse by `delta` (a decrease only while enough is there) and logs
 * the movement; the new balance. The caller's transaction; a BusinessError 409 when the stock is short.
 */
export async function changeStock(
  trx: Kysely<DB>,
  change: {
    tenantId: string;
    warehouseId: string;
    material: { id: string; name: string };
    delta: number;
    moveType: PosmMoveType;
    operatorId: string;
    requestId?: string | null;
    remark?: string | null;
  },
): Promise<number> {
  const { tenantId, warehouseId, material, delta } = change;
  const balance = await changeCountedStock(
    trx,
    POSM_STOCK,
    { tenantId, warehouseId, itemId: material.id },
    delta,
    (have) => `物料「${material.name}」库存不足：现有 ${have}，需要 ${-delta}`,
  );
  await trx
    .insertInto('posm_movements')
    .values({
      id: newId(),
      tenant_id: tenantId,
      warehouse_id: warehouseId,
      material_id: material.id,
      move_type: change.moveType,
      qty: delta,
      balance,
      request_id: change.requestId ?? null,
      remark: change.remark ?? null,
      operator_id: change.operatorId,
    })
    .execute();
  return balance;
}

export interface MoveInput {
  warehouseId: string;
  materialId: string;
  moveType: 'IN' | 'OUT' | 'ADJUST';
  /** IN / OUT: how many; ADJUST: the counted quantity the stock becomes. */
  qty: number;
  remark?: string | null;
}

/** 入库, 出库 or 调整 of one material in a warehouse of the caller's scope. */
export async function moveStock(db: Kysely<DB>, actor: Actor, input: MoveInput) {
  return inTransaction(db, async (trx) => {
    const warehouse = await warehouseInScope(trx, actor, input.warehouseId);
    const material = await trx
      .selectFrom('posm_materials')
      .select(['id', 'name', 'material_code'])
      .where('id', '=', input.materialId)
      .where('tenant_id', '=', actor.tenantId)
      .executeTakeFirst();
    if (!material) throw notFound('物料');
    let delta = input.moveType === 'OUT' ? -input.qty : input.qty;
    if (input.moveType === 'ADJUST') {
      const current = await trx
        .selectFrom('posm_stocks')
        .select('qty')
        .where('tenant_id', '=', actor.tenantId)
        .where('warehouse_id', '=', warehouse.id)
        .where('material_id', '=', material.id)
        .forUpdate()
        .executeTakeFirst();
      delta = input.qty - (current?.qty ?? 0);
    } else if (input.qty <= 0) {
      throw new BusinessError(400, '数量须大于 0');
    }
    if (input.moveType === 'OUT' || input.moveType === 'ADJUST') {
      if (!input.remark?.trim()) throw new BusinessError(400, `${POSM_MOVE_TYPE[input.moveType]}须填写原因`);
    }
    const balance = await changeStock(trx, {
      tenantId: actor.tenantId,
      warehouseId: warehouse.id,
      material,
      delta,
      moveType: input.moveType,
      operatorId: actor.userId,
      remark: input.remark?.trim() || null,
    });
    await logOperation(
      trx,
      actor,
      'update',
      `物料${POSM_MOVE_TYPE[input.moveType]} ${warehouse.name} ${material.material_code} ${material.name} ${delta >= 0 ? '+' : ''}${delta}，结存 ${balance}`,
    );
    return { balance };
  });
}
