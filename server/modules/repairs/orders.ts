// Repair orders 维修工单 (DOMAIN §1.15): the state machine as a table of allowed transitions, each step a
// conditional UPDATE on the state and version read (409 to the loser) with a timeline row. Sources: an
// inspection, an IoT alarm, an outlet's report, the hotline, preventive maintenance. The asset follows:
// REPAIRING while the order is open, NORMAL when it closes, its previous condition when it is cancelled.
import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import {
  AUTO_APPROVE_HOURS,
  COST_BEARER,
  DEFAULT_SLA_HOURS,
  FAULT_CATEGORY,
  REPAIR_PHOTO_BIZ,
  REPAIR_PRIORITY,
  REPAIR_SOURCE,
  REPAIR_STATUS,
  REVISIT_RESULT,
  SERVICE_TYPE,
  WARRANTY_STATUS,
  type CostBearer,
  type FaultCategory,
  type RepairPriority,
  type RepairSource,
  type RepairStatus,
  type RevisitResult,
  type ServiceType,
  type WarrantyStatus,
} from '../../../common/repairs';
import { codesOf } from '../../../common/businessEnums';
import { isoDate, shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import type { DB, RepairOrdersTable } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import { bindAttachments } from '../attachments/service';
import { ASSET_ACTIONS, moveAsset, type AssetRow } from '../assets/ledger';
import { permissionCodesOf } from '../auth/permissions';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { changedMeanwhile, notFound, transitionTo, type Transition } from '../shared/commands';
import { dataScopeOf, inScope } from '../shared/dataScope';
import { inTransaction } from '../shared/documentSteps';
import { nextDocumentNo } from '../shared/documentNumbers';
import { changeSpareStock, partOf } from './parts';
import { viewerOf, type RepairViewer } from './providers';

type OrderRow = Selectable<RepairOrdersTable>;

const BEFORE_FEEDBACK: readonly RepairStatus[] = [
  'REPORTED',
  'PENDING_DISPATCH',
  'DISPATCHED',
  'ACCEPTED',
  'CONTACTED',
  'ENGINEER_ASSIGNED',
  'ON_SITE',
  'REOPENED',
];

/** Every step of a repair order: the states it may start from and where it goes. */
export const REPAIR_TRANSITIONS: readonly Transition<RepairStatus>[] = [
  { from: ['REPORTED'], to: 'PENDING_DISPATCH', action: '核实' },
  { from: ['PENDING_DISPATCH', 'REOPENED', 'DISPATCHED', 'ACCEPTED'], to: 'DISPATCHED', action: '派工' },
  { from: ['DISPATCHED'], to: 'ACCEPTED', action: '接单' },
  { from: ['ACCEPTED'], to: 'CONTACTED', action: '联系用户' },
  { from: ['CONTACTED', 'ENGINEER_ASSIGNED'], to: 'ENGINEER_ASSIGNED', action: '指派工程师' },
  { from: ['ENGINEER_ASSIGNED'], to: 'ON_SITE', action: '到场签到' },
  { from: ['ON_SITE'], to: 'FEEDBACK', action: '完工反馈' },
  { from: ['FEEDBACK'], to: 'COMPLETED', action: '结单审核' },
  { from: ['FEEDBACK'], to: 'AUTO_APPROVED', action: '自动审核' },
  { from: ['COMPLETED', 'AUTO_APPROVED'], to: 'REVISITED', action: '回访通过' },
  { from: ['COMPLETED', 'AUTO_APPROVED'], to: 'REOPENED', action: '返修' },
  { from: ['REVISITED'], to: 'CLOSED', action: '关闭' },
  { from: BEFORE_FEEDBACK, to: 'CANCELLED', action: '取消' },
];

/**
 * Takes the order from the state it was read in to `to`: the transition must be in the table, and the row
 * must still be in that state and version (else 409, someone acted first). Writes the timeline row.
 */
async function step(
  trx: Kysely<DB>,
  row: OrderRow,
  to: RepairStatus,
  operatorId: string | null,
  set: Omit<Updateable<RepairOrdersTable>, 'id' | 'tenant_id' | 'status' | 'version'> = {},
  detail: string | null = null,
): Promise<OrderRow> {
  const transition = transitionTo(REPAIR_TRANSITIONS, REPAIR_STATUS, row.status, to);
  const moved = await trx
    .updateTable('repair_orders')
    .set({
      ...(set as object),
      status: to,
      updated_by: operatorId,
      updated_at: new Date(),
      version: sql`version + 1`,
    } as never)
    .where('id', '=', row.id)
    .where('tenant_id', '=', row.tenant_id)
    .where('status', '=', row.status)
    .where('version', '=', row.version)
    .returningAll()
    .executeTakeFirst();
  if (!moved) throw changedMeanwhile(`维修工单 ${row.order_no}`);
  await event(trx, row, row.status, to, transition.action, detail, operatorId);
  return moved;
}

async function event(
  trx: Kysely<DB>,
  row: Pick<OrderRow, 'id' | 'tenant_id'>,
  from: RepairStatus | null,
  to: RepairStatus,
  action: string,
  detail: string | null,
  operatorId: string | null,
) {
  await trx
    .insertInto('repair_order_events')
    .values({
      id: newId(),
      tenant_id: row.tenant_id,
      repair_order_id: row.id,
      status_from: from,
      status_to: to,
      action,
      detail,
      operator_id: operatorId,
    })
    .execute();
}

// ---- Visibility ----

/** The orders a viewer sees: a provider's user only its provider's, the repair centre all, others their scope. */
export async function visibleOrders(db: Kysely<DB>, viewer: RepairViewer, alias = 'r') {
  const column = (name: string) => `${alias}.${name}`;
  if (viewer.provider)
    return sql<boolean>`${sql.ref(column('service_provider_id'))} = ${viewer.provider.providerId}`;
  if (viewer.all) return sql<boolean>`true`;
  return inScope(await dataScopeOf(db, viewer.tenantId, viewer.userId), column('org_code'));
}

export async function orderFor(
  db: Kysely<DB>,
  viewer: RepairViewer,
  id: string,
  lock = false,
): Promise<OrderRow> {
  let query = db
    .selectFrom('repair_orders as r')
    .selectAll('r')
    .where('r.id', '=', id)
    .where('r.tenant_id', '=', viewer.tenantId)
    .where(await visibleOrders(db, viewer));
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('维修工单');
  return row;
}

/** The steps only the order's provider takes (接单, 联系, 指派); its engineer's (到场, 反馈) also the engineer. */
function requireProvider(viewer: RepairViewer, row: OrderRow, engineerStep = false) {
  const link = viewer.provider;
  if (!link || link.providerId !== row.service_provider_id) {
    throw new BusinessError(403, '只有承接该工单的服务商可以操作');
  }
  if (engineerStep && !link.isManager && link.engineerId !== row.engineer_id) {
    throw new BusinessError(403, '只有指派的工程师可以操作');
  }
  return link;
}

/** The code of an order's detail (/mes/order/queryById). */
const ORDER_READ_PERMISSION = 'repair:list';

/**
 * Whether the caller may open the order's detail — its code and the order visible to them — else a 404: what
 * hangs off an order (its photos, the attachments' scope check) is seen by whoever sees the order.
 */
export async function orderInScope(db: Kysely<DB>, caller: Caller, id: string): Promise<void> {
  const codes = await permissionCodesOf(db, caller.userId, caller.tenantId);
  if (!codes.has(ORDER_READ_PERMISSION)) throw notFound('维修工单');
  await orderFor(db, await viewerOf(db, caller), id);
}

// ---- Opening ----

export interface OpenInput {
  sourceType: RepairSource;
  sourceRef?: string | null;
  assetId?: string | null;
  customerId?: string | null;
  faultCategory: FaultCategory;
  faultCode?: string | null;
  faultDescription: string;
  photoIds?: string[];
  priority?: RepairPriority;
  bookingDate?: string | null;
  bookingTimeRange?: string | null;
  contactName?: string | null;
  contactMobile?: string | null;
  /** The seed's past reports; now otherwise. */
  reportedAt?: Date;
}

const addMonths = (date: Date, months: number) => {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
};

/** 保内 while the model's warranty months since the asset's deployment (or release) have not run out. */
export function warrantyOf(
  asset: Pick<AssetRow, 'placed_at' | 'release_date' | 'created_at'>,
  warrantyMonths: number,
  at: Date,
): WarrantyStatus {
  const start =
    asset.placed_at ??
    (asset.release_date ? new Date(`${asset.release_date}T00:00:00+08:00`) : asset.created_at);
  return addMonths(start, warrantyMonths) > at ? 'IN_WARRANTY' : 'OUT_OF_WARRANTY';
}

/**
 * Opens an order (REPORTED) and, for a known asset, validates it at once (PENDING_DISPATCH): the asset turns
 * 报修中, a second open order of the asset is refused as a duplicate. Without an asset (an outlet's report by
 * phone) it waits at REPORTED for the repair centre to find the asset. The caller's transaction.
 */
export async function openRepairOrder(
  trx: Kysely<DB>,
  tenantId: string,
  operatorId: string | null,
  input: OpenInput,
) {
  const reportedAt = input.reportedAt ?? new Date();
  let asset: AssetRow | null = null;
  let model: { id: string; name: string; warranty_months: number } | null = null;
  if (input.assetId) {
    asset =
      (await trx
        .selectFrom('assets')
        .selectAll()
        .where('id', '=', input.assetId)
        .where('tenant_id', '=', tenantId)
        .forUpdate()
        .executeTakeFirst()) ?? null;
    if (!asset) throw notFound('资产');
    await refuseDuplicate(trx, tenantId, asset.id);
    model = await trx
      .selectFrom('asset_models')
      .select(['id', 'name', 'warranty_months'])
      .where('id', '=', asset.model_id)
      .executeTakeFirstOrThrow();
  }
  const customerId = asset?.customer_id ?? input.customerId ?? null;
  const customer = customerId
    ? await trx
        .selectFrom('customers')
        .select([
          'id',
          'name',
          'org_code',
          'province_code',
          'city_code',
          'district_code',
          'address',
          'contact_name',
          'contact_mobile',
        ])
        .where('id', '=', customerId)
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst()
    : undefined;
  if (customerId && !customer) throw notFound('客户');
  if (!asset && !customer) throw new BusinessError(400, '请选择报修的资产或门店');
  const id = newId();
  const orderNo = await nextDocumentNo(trx, tenantId, 'RO');
  const photoIds = [...new Set(input.photoIds ?? [])];
  await bindAttachments(trx, tenantId, REPAIR_PHOTO_BIZ, id, photoIds);
  const row = await trx
    .insertInto('repair_orders')
    .values({
      id,
      tenant_id: tenantId,
      order_no: orderNo,
      source_type: input.sourceType,
      source_ref: input.sourceRef ?? null,
      org_code: asset?.org_code ?? customer!.org_code,
      customer_id: customer?.id ?? null,
      customer_name: customer?.name ?? null,
      province_code: customer?.province_code ?? null,
      city_code: customer?.city_code ?? null,
      district_code: customer?.district_code ?? null,
      address: customer?.address ?? null,
      contact_name: input.contactName?.trim() || customer?.contact_name || null,
      contact_mobile: input.contactMobile?.trim() || customer?.contact_mobile || null,
      asset_id: asset?.id ?? null,
      asset_no: asset?.asset_no ?? null,
      model_id: model?.id ?? null,
      model_name: model?.name ?? null,
      previous_condition: asset?.condition_status ?? null,
      fault_category: input.faultCategory,
      fault_code: input.faultCode?.trim() || null,
      fault_description: input.faultDescription.trim(),
      fault_photo_ids: JSON.stringify(photoIds),
      priority: input.priority ?? 'NORMAL',
      booking_date: input.bookingDate || null,
      booking_time_range: input.bookingTimeRange?.trim() || null,
      warranty_status:
        asset && model ? warrantyOf(asset, model.warranty_months, reportedAt) : 'OUT_OF_WARRANTY',
      reported_at: reportedAt,
      status: 'REPORTED',
      created_by: operatorId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await event(
    trx,
    row,
    null,
    'REPORTED',
    REPAIR_SOURCE[input.sourceType],
    input.faultDescription.trim(),
    operatorId,
  );
  if (!asset) return row;
  await moveAsset(trx, operatorId, asset, 'repair', {
    detail: `${orderNo}：${FAULT_CATEGORY[input.faultCategory]}`,
  });
  return step(trx, row, 'PENDING_DISPATCH', null, {}, '系统校验：资产存在，无重复工单');
}

async function refuseDuplicate(trx: Kysely<DB>, tenantId: string, assetId: string) {
  const open = await trx
    .selectFrom('repair_orders')
    .select('order_no')
    .where('tenant_id', '=', tenantId)
    .where('asset_id', '=', assetId)
    .where('status', 'not in', ['CLOSED', 'CANCELLED'])
    .executeTakeFirst();
  if (open) throw new BusinessError(409, `该资产已有未完成的维修工单 ${open.order_no}`);
}

/** Opens an order on an asset unless it has one open already (the alarm and inspection hooks); null then. */
export async function openRepairIfNone(
  trx: Kysely<DB>,
  tenantId: string,
  operatorId: string | null,
  input: OpenInput,
) {
  const open = await trx
    .selectFrom('repair_orders')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('asset_id', '=', input.assetId ?? '')
    .where('status', 'not in', ['CLOSED', 'CANCELLED'])
    .executeTakeFirst();
  if (open) return null;
  return openRepairOrder(trx, tenantId, operatorId, input);
}

/** 报修 by the repair centre or a rep: an asset in the caller's reach, or an outlet without a known asset. */
export async function reportRepair(db: Kysely<DB>, actor: Actor, viewer: RepairViewer, input: OpenInput) {
  return inTransaction(db, async (trx) => {
    if (viewer.provider) throw new BusinessError(403, '服务商不能报修');
    if (!viewer.all) {
      const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
      const table = input.assetId ? 'assets' : 'customers';
      const owner = await trx
        .selectFrom(table)
        .select('org_code')
        .where('id', '=', input.assetId ?? input.customerId ?? '')
        .where('tenant_id', '=', actor.tenantId)
        .executeTakeFirst();
      if (!owner || !scope.orgCodes.some((code) => owner.org_code.startsWith(code))) {
        throw notFound(input.assetId ? '资产' : '客户');
      }
    }
    const row = await openRepairOrder(trx, actor.tenantId, actor.userId, input);
    await logOperation(trx, actor, 'add', `报修 ${row.order_no}（${REPAIR_SOURCE[input.sourceType]}）`);
    return { id: row.id, orderNo: row.order_no, status: row.status };
  });
}

/** 核实: an order reported without an asset gets its asset and goes to 待派工. */
export async function verifyOrder(
  db: Kysely<DB>,
  actor: Actor,
  viewer: RepairViewer,
  input: { id: string; assetId: string },
) {
  return inTransaction(db, async (trx) => {
    const row = await orderFor(trx, viewer, input.id, true);
    const asset = await trx
      .selectFrom('assets')
      .selectAll()
      .where('id', '=', input.assetId)
      .where('tenant_id', '=', actor.tenantId)
      .forUpdate()
      .executeTakeFirst();
    if (!asset) throw notFound('资产');
    if (row.customer_id && asset.customer_id !== row.customer_id)
      throw new BusinessError(400, '该资产不在报修门店');
    transitionTo(REPAIR_TRANSITIONS, REPAIR_STATUS, row.status, 'PENDING_DISPATCH');
    await refuseDuplicate(trx, actor.tenantId, asset.id);
    const model = await trx
      .selectFrom('asset_models')
      .select(['id', 'name', 'warranty_months'])
      .where('id', '=', asset.model_id)
      .executeTakeFirstOrThrow();
    await moveAsset(trx, actor.userId, asset, 'repair', { detail: row.order_no });
    await step(
      trx,
      row,
      'PENDING_DISPATCH',
      actor.userId,
      {
        asset_id: asset.id,
        asset_no: asset.asset_no,
        model_id: model.id,
        model_name: model.name,
        previous_condition: asset.condition_status,
        warranty_status: warrantyOf(asset, model.warranty_months, row.reported_at),
      },
      `核实资产 ${asset.asset_no}`,
    );
    return { id: row.id };
  });
}

// ---- Dispatch ----

/** The active providers whose coverage holds the order's district, city or province: the closest match first. */
export async function providersFor(
  db: Kysely<DB>,
  tenantId: string,
  row: Pick<OrderRow, 'province_code' | 'city_code' | 'district_code'>,
) {
  const providers = await db
    .selectFrom('service_providers')
    .select(['id', 'code', 'name', 'sla_hours', 'coverage_area_codes'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'ACTIVE')
    .orderBy('code')
    .execute();
  const areas = [row.district_code, row.city_code, row.province_code];
  return providers
    .map((provider) => ({
      ...provider,
      match: areas.findIndex((area) => !!area && provider.coverage_area_codes.includes(area)),
    }))
    .filter((provider) => provider.match >= 0)
    .sort((a, b) => a.match - b.match || a.sla_hours - b.sla_hours);
}

/** 派工 / 改派: to the chosen provider, or the best one covering the area; the SLA clock starts. */
export async function dispatchOrder(
  db: Kysely<DB>,
  actor: Actor,
  viewer: RepairViewer,
  input: { id: string; providerId?: string | null; remark?: string | null },
) {
  return inTransaction(db, async (trx) => {
    if (viewer.provider) throw new BusinessError(403, '服务商不能派工');
    const row = await orderFor(trx, viewer, input.id, true);
    transitionTo(REPAIR_TRANSITIONS, REPAIR_STATUS, row.status, 'DISPATCHED');
    let provider: { id: string; name: string; sla_hours: number } | undefined;
    if (input.providerId) {
      provider = await trx
        .selectFrom('service_providers')
        .select(['id', 'name', 'sla_hours'])
        .where('id', '=', input.providerId)
        .where('tenant_id', '=', actor.tenantId)
        .where('status', '=', 'ACTIVE')
        .executeTakeFirst();
      if (!provider) throw notFound('服务商');
    } else {
      [provider] = await providersFor(trx, actor.tenantId, row);
      if (!provider) throw new BusinessError(400, '没有服务商覆盖该地区，请手动选择服务商');
    }
    const now = new Date();
    const redispatch = row.status === 'DISPATCHED' || row.status === 'ACCEPTED';
    // The SLA runs from the report; a reopened order gets a fresh one from its dispatch.
    const start = row.status === 'REOPENED' ? now : row.reported_at;
    const slaHours = provider.sla_hours || DEFAULT_SLA_HOURS;
    const dueAt =
      redispatch && row.sla_due_at ? row.sla_due_at : new Date(start.getTime() + slaHours * 3_600_000);
    await step(
      trx,
      row,
      'DISPATCHED',
      actor.userId,
      {
        service_provider_id: provider.id,
        engineer_id: null,
        dispatched_at: now,
        accepted_at: null,
        sla_due_at: dueAt,
        sla_breached: dueAt < now,
      },
      `${redispatch ? '改派' : '派工'}至 ${provider.name}（时效 ${slaHours} 小时）${input.remark?.trim() ? `：${input.remark.trim()}` : ''}`,
    );
    await logOperation(
      trx,
      actor,
      'update',
      `维修工单${redispatch ? '改派' : '派工'} ${row.order_no} → ${provider.name}`,
    );
    return { id: row.id, providerId: provider.id };
  });
}

// ---- The provider's and engineer's steps (the repair app's API) ----

export async function acceptOrder(db: Kysely<DB>, actor: Actor, viewer: RepairViewer, id: string) {
  return inTransaction(db, async (trx) => {
    const row = await orderFor(trx, viewer, id, true);
    requireProvider(viewer, row);
    await step(trx, row, 'ACCEPTED', actor.userId, { accepted_at: new Date() });
    return { id };
  });
}

export async function contactCustomer(
  db: Kysely<DB>,
  actor: Actor,
  viewer: RepairViewer,
  input: {
    id: string;
    bookingDate?: string | null;
    bookingTimeRange?: string | null;
    remark?: string | null;
  },
) {
  return inTransaction(db, async (trx) => {
    const row = await orderFor(trx, viewer, input.id, true);
    requireProvider(viewer, row);
    const booking = [input.bookingDate, input.bookingTimeRange].filter(Boolean).join(' ');
    await step(
      trx,
      row,
      'CONTACTED',
      actor.userId,
      {
        contacted_at: new Date(),
        ...(input.bookingDate ? { booking_date: input.bookingDate } : {}),
        ...(input.bookingTimeRange ? { booking_time_range: input.bookingTimeRange } : {}),
      },
      [booking && `预约 ${booking}`, input.remark?.trim()].filter(Boolean).join('；') || null,
    );
    return { id: row.id };
  });
}

export async function assignEngineer(
  db: Kysely<DB>,
  actor: Actor,
  viewer: RepairViewer,
  input: { id: string; engineerId: string },
) {
  return inTransaction(db, async (trx) => {
    const row = await orderFor(trx, viewer, input.id, true);
    const link = requireProvider(viewer, row);
    const engineer = await trx
      .selectFrom('service_engineers')
      .select(['id', 'name', 'mobile'])
      .where('id', '=', input.engineerId)
      .where('tenant_id', '=', actor.tenantId)
      .where('provider_id', '=', link.providerId)
      .where('status', '=', 'ACTIVE')
      .executeTakeFirst();
    if (!engineer) throw notFound('工程师');
    await step(
      trx,
      row,
      'ENGINEER_ASSIGNED',
      actor.userId,
      { engineer_id: engineer.id, assigned_at: new Date() },
      `${engineer.name} ${engineer.mobile}`,
    );
    return { id: row.id };
  });
}

/** 到场: the engineer's GPS check-in. */
export async function arriveOnSite(
  db: Kysely<DB>,
  actor: Actor,
  viewer: RepairViewer,
  input: { id: string; lng: number; lat: number },
) {
  return inTransaction(db, async (trx) => {
    const row = await orderFor(trx, viewer, input.id, true);
    requireProvider(viewer, row, true);
    await step(
      trx,
      row,
      'ON_SITE',
      actor.userId,
      { arrived_at: new Date(), arrive_lng: String(input.lng), arrive_lat: String(input.lat) },
      `GPS ${input.lng.toFixed(6)}, ${input.lat.toFixed(6)}`,
    );
    return { id: row.id };
  });
}

export interface FeedbackInput {
  id: string;
  cause: string;
  repairMethod: string;
  actualServiceType: ServiceType;
  parts?: Array<{
    partId: string;
    qty: number;
    /** Default: the engineer's own warehouse, else the provider's. */
    warehouseId?: string | null;
    oldPartReturned?: boolean;
    oldPartSerialNo?: string | null;
    newPartSerialNo?: string | null;
  }>;
  photoIds: string[];
  signatureId?: string | null;
  laborCost?: number;
  travelCost?: number;
  rating?: number | null;
}

/**
 * 完工反馈: cause, method, the parts used (taken off the engineer's or provider's stock, never below zero),
 * completion photos and the outlet's signature; the costs are added up and the SLA judged at this moment.
 */
export async function feedbackOrder(
  db: Kysely<DB>,
  actor: Actor,
  viewer: RepairViewer,
  input: FeedbackInput,
) {
  return inTransaction(db, async (trx) => {
    const row = await orderFor(trx, viewer, input.id, true);
    const link = requireProvider(viewer, row, true);
    transitionTo(REPAIR_TRANSITIONS, REPAIR_STATUS, row.status, 'FEEDBACK');
    const photoIds = [...new Set(input.photoIds)];
    await bindAttachments(trx, actor.tenantId, REPAIR_PHOTO_BIZ, row.id, photoIds, '完工照片');
    if (input.signatureId)
      await bindAttachments(trx, actor.tenantId, REPAIR_PHOTO_BIZ, row.id, [input.signatureId], '客户签名');
    const warehouses = await trx
      .selectFrom('spare_warehouses')
      .select(['id', 'warehouse_type', 'engineer_id'])
      .where('tenant_id', '=', actor.tenantId)
      .where('provider_id', '=', link.providerId)
      .where('status', '=', 'ACTIVE')
      .execute();
    const engineerId = row.engineer_id ?? link.engineerId;
    const defaultWarehouse =
      warehouses.find((each) => each.warehouse_type === 'ENGINEER' && each.engineer_id === engineerId) ??
      warehouses.find((each) => each.warehouse_type === 'PROVIDER');
    const inWarranty = row.warranty_status === 'IN_WARRANTY';
    let partsCost = 0;
    const used: string[] = [];
    for (const line of input.parts ?? []) {
      const part = await partOf(trx, actor.tenantId, line.partId);
      if (
        row.model_id &&
        part.applicable_model_ids.length > 0 &&
        !part.applicable_model_ids.includes(row.model_id)
      ) {
        throw new BusinessError(400, `备件「${part.name}」不适用于型号 ${row.model_name}`);
      }
      const warehouseId = line.warehouseId ?? defaultWarehouse?.id;
      if (!warehouseId || !warehouses.some((each) => each.id === warehouseId)) {
        throw new BusinessError(400, '请选择本服务商的备件仓库');
      }
      const newSerial = line.newPartSerialNo?.trim() || null;
      await changeSpareStock(trx, {
        tenantId: actor.tenantId,
        warehouseId,
        part,
        delta: -line.qty,
        moveType: 'CONSUME',
        operatorId: actor.userId,
        serialNos: newSerial ? [newSerial] : [],
        repairOrderId: row.id,
        engineerId,
        remark: `维修工单 ${row.order_no}`,
      });
      if (line.oldPartReturned) {
        // 旧件返还: the faulty unit comes back with the engineer; it is not stock that can be issued again.
        await trx
          .insertInto('spare_movements')
          .values({
            id: newId(),
            tenant_id: actor.tenantId,
            warehouse_id: warehouseId,
            part_id: part.id,
            move_type: 'OLD_PART_BACK',
            qty: 0,
            balance: 0,
            repair_order_id: row.id,
            engineer_id: engineerId,
            serial_nos: JSON.stringify(line.oldPartSerialNo?.trim() ? [line.oldPartSerialNo.trim()] : []),
            remark: `旧件返还 ${row.order_no}`,
            operator_id: actor.userId,
          })
          .execute();
      }
      await trx
        .insertInto('repair_order_parts')
        .values({
          id: newId(),
          tenant_id: actor.tenantId,
          repair_order_id: row.id,
          part_id: part.id,
          qty: line.qty,
          unit_price: part.standard_price,
          in_warranty: inWarranty,
          old_part_returned: line.oldPartReturned ?? false,
          old_part_serial_no: line.oldPartSerialNo?.trim() || null,
          new_part_serial_no: newSerial,
          source_warehouse_id: warehouseId,
        })
        .execute();
      partsCost += Number(part.standard_price) * line.qty;
      used.push(`${part.name}×${line.qty}`);
    }
    const labor = input.laborCost ?? 0;
    const travel = input.travelCost ?? 0;
    const now = new Date();
    await step(
      trx,
      row,
      'FEEDBACK',
      actor.userId,
      {
        cause: input.cause.trim(),
        repair_method: input.repairMethod.trim(),
        actual_service_type: input.actualServiceType,
        completion_photo_ids: JSON.stringify(photoIds),
        customer_signature_id: input.signatureId ?? null,
        rating: input.rating ?? null,
        labor_cost: labor,
        travel_cost: travel,
        parts_cost: partsCost.toFixed(2),
        total_cost: (labor + travel + partsCost).toFixed(2),
        cost_bearer: row.cost_bearer ?? (inWarranty ? 'MANUFACTURER' : 'BRAND'),
        finished_at: now,
        sla_breached: row.sla_due_at ? now > row.sla_due_at : false,
        visit_count: row.visit_count + 1,
      },
      [input.cause.trim(), input.repairMethod.trim(), used.length ? `用料：${used.join('，')}` : null]
        .filter(Boolean)
        .join('；'),
    );
    return { id: row.id, partsCost: partsCost.toFixed(2) };
  });
}

// ---- Review, revisit, close, cancel ----

/** 结单审核 by the repair centre, who may settle who bears the cost. */
export async function approveOrder(
  db: Kysely<DB>,
  actor: Actor,
  viewer: RepairViewer,
  input: { id: string; costBearer?: CostBearer | null; remark?: string | null },
) {
  return inTransaction(db, async (trx) => {
    if (viewer.provider) throw new BusinessError(403, '服务商不能审核自己的工单');
    const row = await orderFor(trx, viewer, input.id, true);
    await step(
      trx,
      row,
      'COMPLETED',
      actor.userId,
      { approved_at: new Date(), ...(input.costBearer ? { cost_bearer: input.costBearer } : {}) },
      [input.costBearer && `费用承担：${COST_BEARER[input.costBearer]}`, input.remark?.trim()]
        .filter(Boolean)
        .join('；') || null,
    );
    return { id: row.id };
  });
}

/** 回访: passed, or failed and reopened (返修) for a new dispatch. */
export async function revisitOrder(
  db: Kysely<DB>,
  actor: Actor,
  viewer: RepairViewer,
  input: { id: string; result: RevisitResult; remark?: string | null },
) {
  return inTransaction(db, async (trx) => {
    if (viewer.provider) throw new BusinessError(403, '服务商不能回访');
    const row = await orderFor(trx, viewer, input.id, true);
    const to: RepairStatus = input.result === 'PASSED' ? 'REVISITED' : 'REOPENED';
    await step(
      trx,
      row,
      to,
      actor.userId,
      { revisit_result: input.result, revisit_count: row.revisit_count + 1 },
      `${REVISIT_RESULT[input.result]}${input.remark?.trim() ? `：${input.remark.trim()}` : ''}`,
    );
    return { id: row.id, status: to };
  });
}

async function assetOfOrder(trx: Kysely<DB>, row: OrderRow) {
  if (!row.asset_id) return null;
  return trx
    .selectFrom('assets')
    .selectAll()
    .where('id', '=', row.asset_id)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** 关闭: the asset is back to normal (REPAIRING → NORMAL). */
export async function closeOrder(db: Kysely<DB>, actor: Actor, viewer: RepairViewer, id: string) {
  return inTransaction(db, async (trx) => {
    if (viewer.provider) throw new BusinessError(403, '服务商不能关闭工单');
    const row = await orderFor(trx, viewer, id, true);
    await step(trx, row, 'CLOSED', actor.userId, { closed_at: new Date() });
    const asset = await assetOfOrder(trx, row);
    if (asset && ASSET_ACTIONS.repaired.conditionFrom.includes(asset.condition_status as 'REPAIRING')) {
      await moveAsset(trx, actor.userId, asset, 'repaired', { detail: `${row.order_no} 维修完成` });
    }
    await logOperation(trx, actor, 'update', `关闭维修工单 ${row.order_no}`);
    return { id: row.id };
  });
}

/** 取消 before feedback, with its reason: the asset returns to the condition it had. */
export async function cancelOrder(
  db: Kysely<DB>,
  actor: Actor,
  viewer: RepairViewer,
  input: { id: string; reason: string },
) {
  return inTransaction(db, async (trx) => {
    if (viewer.provider) throw new BusinessError(403, '服务商不能取消工单，请联系派工人员改派');
    const reason = input.reason.trim();
    if (!reason) throw new BusinessError(400, '请填写取消原因');
    const row = await orderFor(trx, viewer, input.id, true);
    await step(trx, row, 'CANCELLED', actor.userId, { closed_at: new Date() }, reason);
    const asset = await assetOfOrder(trx, row);
    if (asset && asset.condition_status === 'REPAIRING') {
      const previous = row.previous_condition === 'ABNORMAL' ? 'ABNORMAL' : 'NORMAL';
      await moveAsset(trx, actor.userId, asset, 'repairCancelled', {
        set: { condition_status: previous },
        detail: `${row.order_no} 取消：${reason}`,
      });
    }
    await logOperation(trx, actor, 'update', `取消维修工单 ${row.order_no}：${reason}`);
    return { id: row.id };
  });
}

// ---- The clock: auto-approval and SLA breaches ----

/** How often the server runs the clock. */
export const REPAIR_CLOCK_INTERVAL_MS = 10 * 60_000;

/**
 * 已自动审核: orders fed back more than AUTO_APPROVE_HOURS ago with a signature and photos that nobody
 * reviewed; and the SLA breach flag of open orders past their due time. Each order in its own transaction
 * behind the conditional step, so a reviewer acting meanwhile wins (409 is skipped).
 */
export async function runRepairClock(db: Kysely<DB>, now = new Date()) {
  const due = await db
    .selectFrom('repair_orders')
    .selectAll()
    .where('status', '=', 'FEEDBACK')
    .where('finished_at', '<', new Date(now.getTime() - AUTO_APPROVE_HOURS * 3_600_000))
    .where('customer_signature_id', 'is not', null)
    .where(sql<boolean>`jsonb_array_length(completion_photo_ids) > 0`)
    .orderBy('finished_at')
    .limit(100)
    .execute();
  let approved = 0;
  for (const row of due) {
    try {
      await inTransaction(db, (trx) =>
        step(
          trx,
          row,
          'AUTO_APPROVED',
          null,
          { approved_at: now },
          `反馈后 ${AUTO_APPROVE_HOURS} 小时无人审核，签名与照片齐全，系统自动审核`,
        ),
      );
      approved += 1;
    } catch (error) {
      if (!(error instanceof BusinessError && error.code === 409)) throw error;
    }
  }
  const breached = await db
    .updateTable('repair_orders')
    .set({ sla_breached: true })
    .where(
      'status',
      'in',
      BEFORE_FEEDBACK.filter((status) => status !== 'REPORTED'),
    )
    .where('sla_breached', '=', false)
    .where('sla_due_at', '<', now)
    .returning('id')
    .execute();
  return { approved, breached: breached.length };
}

// ---- Reading ----

const orderSpec: ListSpec = {
  filters: {
    orderNo: { column: 'r.order_no', kind: 'text' },
    assetNo: { column: 'r.asset_no', kind: 'text' },
    customerName: { column: 'r.customer_name', kind: 'text' },
    status: { column: 'r.status', kind: 'enum', values: codesOf(REPAIR_STATUS) },
    sourceType: { column: 'r.source_type', kind: 'enum', values: codesOf(REPAIR_SOURCE) },
    faultCategory: { column: 'r.fault_category', kind: 'enum', values: codesOf(FAULT_CATEGORY) },
    priority: { column: 'r.priority', kind: 'enum', values: codesOf(REPAIR_PRIORITY) },
    warrantyStatus: { column: 'r.warranty_status', kind: 'enum', values: codesOf(WARRANTY_STATUS) },
    serviceProviderId: { column: 'r.service_provider_id', kind: 'text' },
    slaBreached: { column: 'r.sla_breached', kind: 'boolean' },
    reportedAt: { column: 'r.reported_at', kind: 'datetime' },
  },
  sorts: {
    reportedAt: 'r.reported_at',
    slaDueAt: 'r.sla_due_at',
    totalCost: 'r.total_cost',
    orderNo: 'r.order_no',
  },
  defaultSort: [
    ['r.reported_at', 'desc'],
    ['r.id', 'desc'],
  ],
  extras: ['mine'],
};

function orderBase(db: Kysely<DB>, tenantId: string) {
  return db
    .selectFrom('repair_orders as r')
    .leftJoin('service_providers as p', 'p.id', 'r.service_provider_id')
    .leftJoin('service_engineers as e', 'e.id', 'r.engineer_id')
    .where('r.tenant_id', '=', tenantId);
}

function selectOrders(query: ReturnType<typeof orderBase>) {
  return query
    .select([
      'r.id',
      'r.order_no as orderNo',
      'r.source_type as sourceType',
      'r.customer_id as customerId',
      'r.customer_name as customerName',
      'r.address',
      'r.contact_name as contactName',
      'r.contact_mobile as contactMobile',
      'r.asset_id as assetId',
      'r.asset_no as assetNo',
      'r.model_id as modelId',
      'r.model_name as modelName',
      'r.fault_category as faultCategory',
      'r.fault_code as faultCode',
      'r.fault_description as faultDescription',
      'r.priority',
      isoDate<string | null>('r.booking_date').as('bookingDate'),
      'r.booking_time_range as bookingTimeRange',
      'r.warranty_status as warrantyStatus',
      'r.service_provider_id as serviceProviderId',
      'p.name as serviceProviderName',
      'r.engineer_id as engineerId',
      'e.name as engineerName',
      'e.mobile as engineerMobile',
      'r.sla_due_at as slaDue',
      shanghaiDateTime<string | null>('r.sla_due_at').as('slaDueAt'),
      'r.sla_breached as slaBreached',
      'r.cause',
      'r.repair_method as repairMethod',
      'r.actual_service_type as actualServiceType',
      'r.labor_cost as laborCost',
      'r.parts_cost as partsCost',
      'r.travel_cost as travelCost',
      'r.total_cost as totalCost',
      'r.cost_bearer as costBearer',
      'r.fault_photo_ids as faultPhotoIds',
      'r.completion_photo_ids as completionPhotoIds',
      'r.customer_signature_id as customerSignatureId',
      'r.rating',
      'r.revisit_result as revisitResult',
      'r.arrive_lng as arriveLng',
      'r.arrive_lat as arriveLat',
      'r.status',
      'r.version',
      shanghaiDateTime('r.reported_at').as('reportedAt'),
      shanghaiDateTime<string | null>('r.dispatched_at').as('dispatchedAt'),
      shanghaiDateTime<string | null>('r.arrived_at').as('arrivedAt'),
      shanghaiDateTime<string | null>('r.finished_at').as('finishedAt'),
      shanghaiDateTime<string | null>('r.closed_at').as('closedAt'),
    ])
    .execute();
}

const OPEN_FOR_SLA: readonly RepairStatus[] = BEFORE_FEEDBACK;

const orderRecord = (row: Awaited<ReturnType<typeof selectOrders>>[number]) => {
  const { slaDue, ...rest } = row;
  const remaining =
    slaDue && OPEN_FOR_SLA.includes(row.status)
      ? Math.round((slaDue.getTime() - Date.now()) / 360_000) / 10
      : null;
  return {
    ...rest,
    /** Hours left before the SLA runs out (negative: overdue), while the order waits for its repair. */
    slaRemainingHours: remaining,
    sourceType_dictText: REPAIR_SOURCE[row.sourceType],
    faultCategory_dictText: FAULT_CATEGORY[row.faultCategory],
    priority_dictText: REPAIR_PRIORITY[row.priority],
    warrantyStatus_dictText: WARRANTY_STATUS[row.warrantyStatus],
    actualServiceType_dictText: row.actualServiceType ? SERVICE_TYPE[row.actualServiceType] : null,
    costBearer_dictText: row.costBearer ? COST_BEARER[row.costBearer] : null,
    status_dictText: REPAIR_STATUS[row.status],
  };
};

export type RepairOrderRecord = ReturnType<typeof orderRecord>;

/**
 * 我的工单 of the engineer's phone page: the orders assigned to the caller as an engineer; a provider's
 * dispatcher (isManager) takes every order of the provider, which they accept, contact and assign. Nothing for a
 * user who is no provider's engineer.
 */
function engineerWork(viewer: RepairViewer) {
  const link = viewer.provider;
  if (!link) return sql<boolean>`false`;
  if (link.isManager) return sql<boolean>`true`;
  return sql<boolean>`r.engineer_id = ${link.engineerId}`;
}

export async function listOrders(db: Kysely<DB>, viewer: RepairViewer, query: RawQuery) {
  const list = parseListQuery(query, orderSpec);
  const base = orderBase(db, viewer.tenantId)
    .where(await visibleOrders(db, viewer))
    .where(list.extras.mine === 'true' ? engineerWork(viewer) : sql<boolean>`true`)
    .where(list.where);
  return pagedList(base, list, async (page) => (await selectOrders(page)).map(orderRecord));
}

/** One order with its timeline, parts and the providers that cover its area (for 派工). */
export async function orderDetail(db: Kysely<DB>, viewer: RepairViewer, id: string) {
  const [row] = await selectOrders(
    orderBase(db, viewer.tenantId)
      .where(await visibleOrders(db, viewer))
      .where('r.id', '=', id),
  );
  if (!row) throw notFound('维修工单');
  const full = await orderFor(db, viewer, id);
  const [timeline, parts, candidates] = await Promise.all([
    db
      .selectFrom('repair_order_events as v')
      .leftJoin('users as u', 'u.id', 'v.operator_id')
      .select([
        'v.id',
        'v.status_from as statusFrom',
        'v.status_to as statusTo',
        'v.action',
        'v.detail',
        'u.realname as operatorName',
        shanghaiDateTime('v.created_at').as('createdAt'),
      ])
      .where('v.repair_order_id', '=', id)
      .orderBy('v.created_at')
      .orderBy('v.id')
      .execute(),
    db
      .selectFrom('repair_order_parts as l')
      .innerJoin('spare_parts as p', 'p.id', 'l.part_id')
      .innerJoin('spare_warehouses as w', 'w.id', 'l.source_warehouse_id')
      .select([
        'l.id',
        'p.part_code as partCode',
        'p.name as partName',
        'p.unit',
        'l.qty',
        'l.unit_price as unitPrice',
        'l.in_warranty as inWarranty',
        'l.old_part_returned as oldPartReturned',
        'l.old_part_serial_no as oldPartSerialNo',
        'l.new_part_serial_no as newPartSerialNo',
        'w.name as warehouseName',
      ])
      .where('l.repair_order_id', '=', id)
      .execute(),
    viewer.provider ? Promise.resolve([]) : providersFor(db, viewer.tenantId, full),
  ]);
  return {
    ...orderRecord(row),
    timeline: timeline.map((each) => ({ ...each, statusTo_dictText: REPAIR_STATUS[each.statusTo] })),
    parts,
    candidateProviders: candidates.map((each) => ({
      id: each.id,
      name: each.name,
      slaHours: each.sla_hours,
    })),
  };
}

/** The 派工台: orders waiting for a provider or its acceptance, oldest SLA first, by status. */
export async function dispatchBoard(db: Kysely<DB>, viewer: RepairViewer) {
  const rows = await selectOrders(
    orderBase(db, viewer.tenantId)
      .where(await visibleOrders(db, viewer))
      .where('r.status', 'in', ['REPORTED', 'PENDING_DISPATCH', 'REOPENED', 'DISPATCHED', 'ACCEPTED'])
      .orderBy('r.priority', 'desc')
      .orderBy('r.reported_at')
      .limit(200),
  );
  return rows.map(orderRecord);
}
