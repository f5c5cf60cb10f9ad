// The asset models and the ledger (DOMAIN §1.10 资产台账): models, inbound of new assets by their tag codes,
// the list with its filters (in the caller's data scope), one asset with its move log, applications and
// inspections, an asset found by its tag, and the idle stock of each warehouse.
import { assetLifecycle } from './lifecycle';
import { sql, type Kysely } from 'kysely';
import {
  ALARM_TYPE,
  APPLICATION_STATUS,
  APPLICATION_TYPE,
  ASSET_TYPE,
  CLEANLINESS,
  CONDITION_STATUS,
  DEPOSIT_STATUS,
  EXCEPTION_TYPE,
  FORM_FACTOR,
  MOVE_TYPE,
  PLACEMENT_STATUS,
  type AssetType,
  type FormFactor,
} from '../../../common/assets';
import { ENABLED_STATUS, codesOf } from '../../../common/businessEnums';
import { shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import type { DB, EnabledStatus } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import {
  containsPattern,
  pagedList,
  parseListQuery,
  type ListQuery,
  type ListSpec,
  type RawQuery,
} from '../../http/listQuery';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { notFound, saveTenantRow, withUniqueKeys } from '../shared/commands';
import { dataScopeOf, inScope, orgCodeInScope, type DataScope } from '../shared/dataScope';
import { assetInScope, logMove } from './ledger';

// ---- Models ----

export interface ModelInput {
  modelCode: string;
  name: string;
  assetType: AssetType;
  formFactor: FormFactor;
  volumeL?: number | null;
  powerW?: number | null;
  tempRange?: string | null;
  manufacturer?: string | null;
  unitValue: number;
  depositAmount: number;
  warrantyMonths?: number;
  status?: EnabledStatus;
}

const modelSpec: ListSpec = {
  filters: {
    modelCode: { column: 'model_code', kind: 'text' },
    name: { column: 'name', kind: 'text' },
    assetType: { column: 'asset_type', kind: 'enum', values: codesOf(ASSET_TYPE) },
    status: { column: 'status', kind: 'enum', values: codesOf(ENABLED_STATUS) },
  },
  sorts: { modelCode: 'model_code', unitValue: 'unit_value' },
  defaultSort: [
    ['model_code', 'asc'],
    ['id', 'asc'],
  ],
};

export async function listModels(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, modelSpec);
  const base = db.selectFrom('asset_models').where('tenant_id', '=', caller.tenantId).where(list.where);
  return pagedList(base, list, async (page) =>
    (
      await page
        .select((eb) => [
          'id',
          'model_code as modelCode',
          'name',
          'asset_type as assetType',
          'form_factor as formFactor',
          'volume_l as volumeL',
          'power_w as powerW',
          'temp_range as tempRange',
          'manufacturer',
          'unit_value as unitValue',
          'deposit_amount as depositAmount',
          'warranty_months as warrantyMonths',
          'status',
          eb
            .selectFrom('assets')
            .select(sql<number>`count(*)::integer`.as('n'))
            .whereRef('assets.model_id', '=', 'asset_models.id')
            .as('assetCount'),
        ])
        .execute()
    ).map((row) => ({
      ...row,
      assetCount: Number(row.assetCount ?? 0),
      assetType_dictText: ASSET_TYPE[row.assetType],
      formFactor_dictText: FORM_FACTOR[row.formFactor],
      status_dictText: ENABLED_STATUS[row.status],
    })),
  );
}

/** Adds or edits a model; its 变更记录 is kept (business type ASSET_MODEL). */
export async function saveModel(db: Kysely<DB>, actor: Actor, input: ModelInput, id?: string) {
  const values = {
    model_code: input.modelCode.trim(),
    name: input.name.trim(),
    asset_type: input.assetType,
    form_factor: input.formFactor,
    volume_l: input.volumeL ?? null,
    power_w: input.powerW ?? null,
    temp_range: input.tempRange?.trim() || null,
    manufacturer: input.manufacturer?.trim() || null,
    unit_value: input.unitValue,
    deposit_amount: input.depositAmount,
    warranty_months: input.warrantyMonths ?? 12,
    status: input.status ?? 'ACTIVE',
    updated_by: actor.userId,
  };
  return db.transaction().execute((trx) =>
    saveTenantRow(trx, actor, 'asset_models', id, values, {
      uniqueKeys: { asset_models_code_uq: `型号编码 ${values.model_code} 已存在` },
      what: '资产型号',
      described: `资产型号 ${values.model_code} ${values.name}`,
    }),
  );
}

// ---- Inbound ----

export interface InboundInput {
  modelId: string;
  warehouseId: string;
  /** The tag codes of the new assets, one per physical asset. */
  assetNos: string[];
  releaseDate?: string | null;
  remark?: string | null;
}

/** New assets into a warehouse of the caller's scope, each with its tag code: in stock, normal, logged 入库. */
export async function inboundAssets(db: Kysely<DB>, actor: Actor, input: InboundInput) {
  const assetNos = input.assetNos.map((no) => no.trim().toUpperCase());
  const repeated = assetNos.find((no, index) => assetNos.indexOf(no) !== index);
  if (repeated) throw new BusinessError(400, `资产编号 ${repeated} 重复`);
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const model = await trx
      .selectFrom('asset_models')
      .selectAll()
      .where('id', '=', input.modelId)
      .where('tenant_id', '=', actor.tenantId)
      .executeTakeFirst();
    if (!model) throw notFound('资产型号');
    if (model.status !== 'ACTIVE') throw new BusinessError(409, `型号 ${model.model_code} 已停用，不能入库`);
    const warehouse = await trx
      .selectFrom('warehouses')
      .select(['id', 'name', 'org_code', 'status'])
      .where('id', '=', input.warehouseId)
      .where('tenant_id', '=', actor.tenantId)
      .executeTakeFirst();
    if (!warehouse || !orgCodeInScope(scope, warehouse.org_code)) throw notFound('仓库');
    if (warehouse.status !== 'ACTIVE') throw new BusinessError(409, `仓库 ${warehouse.name} 已停用`);
    const rows = assetNos.map((assetNo) => ({
      id: newId(),
      tenant_id: actor.tenantId,
      asset_no: assetNo,
      model_id: model.id,
      asset_type: model.asset_type,
      value: model.unit_value,
      org_code: warehouse.org_code,
      warehouse_id: warehouse.id,
      release_date: input.releaseDate ?? null,
      remark: input.remark?.trim() || null,
      created_by: actor.userId,
    }));
    await withUniqueKeys({ assets_no_uq: '资产编号已存在，请检查标签' }, () =>
      trx.insertInto('assets').values(rows).execute(),
    );
    for (const row of rows) {
      await logMove(trx, row, 'INBOUND', actor.userId, { toText: warehouse.name, detail: model.name });
    }
    await logOperation(
      trx,
      actor,
      'add',
      `资产入库 ${model.model_code} × ${rows.length} → ${warehouse.name}`,
    );
    return { ids: rows.map((row) => row.id) };
  });
}

// ---- The ledger ----

const assetSpec: ListSpec = {
  filters: {
    assetNo: { column: 'assets.asset_no', kind: 'text' },
    assetType: { column: 'assets.asset_type', kind: 'enum', values: codesOf(ASSET_TYPE) },
    modelId: { column: 'assets.model_id', kind: 'text' },
    placementStatus: { column: 'assets.placement_status', kind: 'enum', values: codesOf(PLACEMENT_STATUS) },
    conditionStatus: { column: 'assets.condition_status', kind: 'enum', values: codesOf(CONDITION_STATUS) },
    warehouseId: { column: 'assets.warehouse_id', kind: 'text' },
    customerId: { column: 'assets.customer_id', kind: 'text' },
    responsibleUserId: { column: 'assets.responsible_user_id', kind: 'text' },
    orgCode: { column: 'assets.org_code', kind: 'text' },
    placedAt: { column: 'assets.placed_at', kind: 'datetime' },
    lastInspectionAt: { column: 'assets.last_inspection_at', kind: 'datetime' },
  },
  sorts: {
    assetNo: 'assets.asset_no',
    placedAt: 'assets.placed_at',
    lastInspectionAt: 'assets.last_inspection_at',
    createTime: 'assets.created_at',
  },
  defaultSort: [
    ['assets.asset_no', 'asc'],
    ['assets.id', 'asc'],
  ],
  // keyword: tag, serial number or outlet name; overdueInspection=true: placed and not inspected for 30 days.
  extras: ['keyword', 'overdueInspection'],
};

export const OVERDUE_INSPECTION_DAYS = 30;

function assetBase(db: Kysely<DB>, tenantId: string, scope: DataScope) {
  return db
    .selectFrom('assets')
    .innerJoin('asset_models as model', 'model.id', 'assets.model_id')
    .leftJoin('warehouses as warehouse', 'warehouse.id', 'assets.warehouse_id')
    .leftJoin('customers as outlet', 'outlet.id', 'assets.customer_id')
    .leftJoin('users as responsible', 'responsible.id', 'assets.responsible_user_id')
    .where('assets.tenant_id', '=', tenantId)
    .where(inScope(scope, 'assets.org_code', 'assets.responsible_user_id'));
}

type AssetBase = ReturnType<typeof assetBase>;

function applyExtras(base: AssetBase, list: ListQuery): AssetBase {
  let query = base;
  const keyword = list.extras.keyword?.trim();
  if (keyword) {
    const pattern = containsPattern(keyword);
    query = query.where((eb) =>
      eb.or([
        eb('assets.asset_no', 'ilike', pattern),
        eb('assets.serial_no', 'ilike', pattern),
        eb('outlet.name', 'ilike', pattern),
      ]),
    );
  }
  if (list.extras.overdueInspection === 'true') {
    query = query
      .where('assets.placement_status', '=', 'PLACED')
      .where((eb) =>
        eb.or([
          eb('assets.last_inspection_at', 'is', null),
          eb(
            'assets.last_inspection_at',
            '<',
            sql<Date>`now() - make_interval(days => ${OVERDUE_INSPECTION_DAYS})`,
          ),
        ]),
      );
  }
  return query;
}

function selectAssets(query: AssetBase) {
  return query
    .select([
      'assets.id',
      'assets.asset_no as assetNo',
      'assets.serial_no as serialNo',
      'assets.asset_type as assetType',
      'assets.model_id as modelId',
      'model.model_code as modelCode',
      'model.name as modelName',
      'assets.value',
      'assets.org_code as orgCode',
      'assets.placement_status as placementStatus',
      'assets.condition_status as conditionStatus',
      'assets.warehouse_id as warehouseId',
      'warehouse.name as warehouseName',
      'assets.customer_id as customerId',
      'outlet.name as customerName',
      'outlet.customer_code as customerCode',
      'assets.responsible_user_id as responsibleUserId',
      'responsible.realname as responsibleName',
      'assets.last_temperature as lastTemperature',
      'assets.remark',
      'assets.version',
      'assets.release_date as releaseDate',
      shanghaiDateTime<string | null>('assets.placed_at').as('placedAt'),
      shanghaiDateTime<string | null>('assets.last_inspection_at').as('lastInspectionAt'),
      shanghaiDateTime('assets.created_at').as('createTime'),
    ])
    .execute();
}

type AssetListRow = Awaited<ReturnType<typeof selectAssets>>[number];

const assetRecord = (row: AssetListRow) => ({
  ...row,
  assetType_dictText: ASSET_TYPE[row.assetType],
  placementStatus_dictText: PLACEMENT_STATUS[row.placementStatus],
  conditionStatus_dictText: CONDITION_STATUS[row.conditionStatus],
});

export type AssetRecord = ReturnType<typeof assetRecord>;

export async function listAssets(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, assetSpec);
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const base = applyExtras(assetBase(db, caller.tenantId, scope).where(list.where), list);
  return pagedList(base, list, async (page) => (await selectAssets(page)).map(assetRecord));
}

/** One asset with its move log (newest first), its applications and its inspections. */
export async function assetById(db: Kysely<DB>, caller: Caller, id: string) {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const [row] = await selectAssets(assetBase(db, caller.tenantId, scope).where('assets.id', '=', id));
  if (!row) throw notFound('资产');
  // The asset's history, read at once: each part is its own query.
  const [moves, inspections, exceptions, alarms, applications] = await Promise.all([
    db
      .selectFrom('asset_moves as m')
      .leftJoin('users as u', 'u.id', 'm.operator_id')
      .leftJoin('asset_applications as app', 'app.id', 'm.application_id')
      .select([
        'm.id',
        'm.move_type as moveType',
        'm.from_text as fromText',
        'm.to_text as toText',
        'm.detail',
        'app.apply_no as applyNo',
        'u.realname as operatorName',
        shanghaiDateTime('m.created_at').as('createdAt'),
      ])
      .where('m.tenant_id', '=', caller.tenantId)
      .where('m.asset_id', '=', id)
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(200)
      .execute(),
    db
      .selectFrom('asset_inspections as i')
      .leftJoin('users as u', 'u.id', 'i.created_by')
      .select([
        'i.id',
        'i.inspection_no as inspectionNo',
        'i.powered_on as poweredOn',
        'i.temperature',
        'i.cleanliness',
        'i.reported_condition as reportedCondition',
        'i.photo_ids as photoIds',
        'i.remark',
        'u.realname as inspectorName',
        shanghaiDateTime('i.created_at').as('createdAt'),
      ])
      .where('i.tenant_id', '=', caller.tenantId)
      .where('i.asset_id', '=', id)
      .orderBy('i.created_at', 'desc')
      .limit(50)
      .execute(),
    db
      .selectFrom('asset_exceptions as e')
      .leftJoin('users as u', 'u.id', 'e.created_by')
      .select([
        'e.id',
        'e.report_type as reportType',
        'e.photo_ids as photoIds',
        'e.remark',
        'u.realname as reporterName',
        shanghaiDateTime('e.created_at').as('createdAt'),
      ])
      .where('e.tenant_id', '=', caller.tenantId)
      .where('e.asset_id', '=', id)
      .orderBy('e.created_at', 'desc')
      .limit(50)
      .execute(),
    db
      .selectFrom('asset_alarms as a')
      .select([
        'a.id',
        'a.alarm_id as alarmId',
        'a.alarm_type as alarmType',
        'a.temperature',
        'a.duration_minutes as durationMinutes',
        'a.exception_id as exceptionId',
        shanghaiDateTime('a.occurred_at').as('occurredAt'),
      ])
      .where('a.tenant_id', '=', caller.tenantId)
      .where('a.asset_id', '=', id)
      .orderBy('a.occurred_at', 'desc')
      .limit(50)
      .execute(),
    listApplications(db, caller, { assetId: id, pageSize: '50' }),
  ]);
  return {
    ...assetRecord(row),
    moves: moves.map((move) => ({ ...move, moveType_dictText: MOVE_TYPE[move.moveType] })),
    inspections: inspections.map((each) => ({
      ...each,
      cleanliness_dictText: CLEANLINESS[each.cleanliness],
      reportedCondition_dictText: CONDITION_STATUS[each.reportedCondition],
    })),
    exceptions: exceptions.map((each) => ({ ...each, reportType_dictText: EXCEPTION_TYPE[each.reportType] })),
    alarms: alarms.map((each) => ({ ...each, alarmType_dictText: ALARM_TYPE[each.alarmType] })),
    applications: applications.records,
    // Deposits, agreements and handovers (0033).
    ...(await assetLifecycle(db, caller.tenantId, id)),
  };
}

/** The asset whose tag was typed or scanned (its current or former code), in the caller's scope. */
export async function assetByTag(db: Kysely<DB>, caller: Caller, assetNo: string) {
  const found = await db
    .selectFrom('assets')
    .select('id')
    .where('tenant_id', '=', caller.tenantId)
    .where('asset_no', '=', assetNo.trim().toUpperCase())
    .executeTakeFirst();
  if (!found) throw new BusinessError(404, '未找到该资产编号的资产，请检查标签');
  await assetInScope(db, caller, found.id);
  return assetById(db, caller, found.id);
}

/** Idle assets per warehouse and model: in stock, usable (normal or abnormal), not locked by an application. */
export async function idleStock(db: Kysely<DB>, caller: Caller) {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const rows = await db
    .selectFrom('assets')
    .innerJoin('warehouses as w', 'w.id', 'assets.warehouse_id')
    .innerJoin('asset_models as m', 'm.id', 'assets.model_id')
    .select([
      'w.id as warehouseId',
      'w.name as warehouseName',
      'm.id as modelId',
      'm.model_code as modelCode',
      'm.name as modelName',
      sql<number>`count(*) filter (where assets.condition_status = 'NORMAL')::integer`.as('normal'),
      sql<number>`count(*) filter (where assets.condition_status = 'ABNORMAL')::integer`.as('abnormal'),
    ])
    .where('assets.tenant_id', '=', caller.tenantId)
    .where('assets.placement_status', '=', 'IN_STOCK')
    .where('assets.condition_status', 'in', ['NORMAL', 'ABNORMAL'])
    .where(inScope(scope, 'assets.org_code', 'assets.responsible_user_id'))
    .groupBy(['w.id', 'w.name', 'm.id', 'm.model_code', 'm.name'])
    .orderBy('w.name')
    .orderBy('m.model_code')
    .execute();
  return rows;
}

// ---- Applications (their list; the commands are in applications.ts) ----

const applicationSpec: ListSpec = {
  filters: {
    applyNo: { column: 'app.apply_no', kind: 'text' },
    applyType: { column: 'app.apply_type', kind: 'enum', values: codesOf(APPLICATION_TYPE) },
    status: { column: 'app.status', kind: 'enum', values: codesOf(APPLICATION_STATUS) },
    depositStatus: { column: 'app.deposit_status', kind: 'enum', values: codesOf(DEPOSIT_STATUS) },
    assetId: { column: 'app.asset_id', kind: 'text' },
    customerId: { column: 'app.customer_id', kind: 'text' },
    orgCode: { column: 'app.org_code', kind: 'text' },
    createTime: { column: 'app.created_at', kind: 'datetime' },
  },
  sorts: { applyNo: 'app.apply_no', createTime: 'app.created_at' },
  defaultSort: [
    ['app.created_at', 'desc'],
    ['app.id', 'asc'],
  ],
};

export async function listApplications(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, applicationSpec);
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const base = db
    .selectFrom('asset_applications as app')
    .innerJoin('assets', 'assets.id', 'app.asset_id')
    .innerJoin('asset_models as model', 'model.id', 'assets.model_id')
    .leftJoin('customers as outlet', 'outlet.id', 'app.customer_id')
    .leftJoin('customers as target', 'target.id', 'app.to_customer_id')
    .leftJoin('users as applicant', 'applicant.id', 'app.applicant_id')
    .where('app.tenant_id', '=', caller.tenantId)
    .where(inScope(scope, 'app.org_code', 'app.applicant_id'))
    .where(list.where);
  return pagedList(base, list, async (page) =>
    (
      await page
        .select([
          'app.id',
          'app.apply_no as applyNo',
          'app.apply_type as applyType',
          'app.status',
          'app.asset_id as assetId',
          'assets.asset_no as assetNo',
          'model.name as modelName',
          'app.customer_id as customerId',
          'outlet.name as customerName',
          'app.to_customer_id as toCustomerId',
          'target.name as toCustomerName',
          'app.free_deposit as freeDeposit',
          'app.deposit_amount as depositAmount',
          'app.deposit_status as depositStatus',
          'app.deposit_receipt_no as depositReceiptNo',
          'app.reason',
          'app.refund_deposit as refundDeposit',
          'app.remark',
          'app.result_remark as resultRemark',
          'applicant.realname as applicantName',
          'app.version',
          shanghaiDateTime('app.created_at').as('createTime'),
          shanghaiDateTime<string | null>('app.finished_at').as('finishTime'),
        ])
        .execute()
    ).map((row) => ({
      ...row,
      applyType_dictText: APPLICATION_TYPE[row.applyType],
      status_dictText: APPLICATION_STATUS[row.status],
      depositStatus_dictText: DEPOSIT_STATUS[row.depositStatus],
    })),
  );
}
