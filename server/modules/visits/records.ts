// 拜访记录 (DOMAIN §1.4 VisitRecord): check-in, the steps in the outlet, check-out. The server decides every
// fact of a visit from its own clock and the outlet's coordinates — the distance (haversine), whether it is in
// range of the outlet's rule, the stay and the abnormal flags; the device only reports its position and
// accuracy. Each check-in carries an id made by the device: sent again (a lost answer, an offline queue
// replayed) it answers the visit it made, never a second one. A rep checks in only at outlets of their data
// scope, and is in one outlet at a time.
import { sql, type Kysely, type SqlBool } from 'kysely';
import {
  ABNORMAL_FLAG,
  ABNORMAL_REVIEW,
  HARD_FLAGS,
  STEP_TYPE,
  VISIT_STATUS,
  VISIT_TYPE,
  formatStay,
  haversineMetres,
  type AbnormalFlag,
  type CheckInRuleValues,
  type StepType,
} from '../../../common/visits';
import { codesOf } from '../../../common/businessEnums';
import { ORDER_STATUS, type PaymentMethod } from '../../../common/orders';
import { shanghaiDateTime } from '../../db/dates';
import { violatedUniqueConstraint } from '../../db/errors';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import {
  pagedList,
  parseListQuery,
  containsPattern,
  type ListSpec,
  type RawQuery,
} from '../../http/listQuery';
import { attachmentsByIds } from '../attachments/service';
import { resultDetail } from '../execution/results';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { notFound } from '../shared/commands';
import { dataScopeOf, inScope, usersInScope, type DataScope } from '../shared/dataScope';
import { nextDocumentNo } from '../shared/documentNumbers';
import { customerInScope } from '../customers/service';
import { placeForCustomer } from '../orders/placement';
import type { TaskNotice } from '../approvals/engine';
import { startAbnormalReview } from './approval';
import { observationsOf, recordCompetitors, recordStockCheck, visitObservations } from './observations';
import { ruleForOutlet } from './rules';
import { missingRequiredSteps, stepsForOutlet } from './stepTemplates';

export interface CheckInInput {
  clientId: string;
  customerId: string;
  lng: number;
  lat: number;
  accuracyM: number;
  photoId?: string | null;
  reason?: string | null;
  deviceTime?: string | null;
  deviceId?: string | null;
  appVersion?: string | null;
}

export interface CheckOutInput {
  visitId: string;
  lng: number;
  lat: number;
  accuracyM: number;
  photoId?: string | null;
  remark?: string | null;
  deviceTime?: string | null;
}

export interface VisitOrderInput {
  visitId: string;
  clientId: string;
  paymentMethod: PaymentMethod;
  buyerRemark?: string | null;
  lines: Array<{ skuId: string; cases?: number; units?: number }>;
}

export interface StepInput {
  visitId: string;
  clientId: string;
  stepType: StepType;
  data?: Record<string, unknown>;
  photoIds?: string[];
}

/** What a check-in, a check-out or a step answers: the visit as the server decided it. */
export async function visitSummary(db: Kysely<DB>, tenantId: string, id: string, replayed = false) {
  const row = await db
    .selectFrom('visit_records')
    .select([
      'id',
      'visit_no as visitNo',
      'customer_id as customerId',
      'status',
      'visit_type as visitType',
      shanghaiDateTime('check_in_at').as('checkInAt'),
      shanghaiDateTime<string | null>('check_out_at').as('checkOutAt'),
      'check_in_distance_m as checkInDistanceM',
      'check_in_in_range as checkInInRange',
      'check_out_distance_m as checkOutDistanceM',
      'duration_sec as durationSec',
      'is_valid as isValid',
      'abnormal_flags as abnormalFlags',
      'abnormal_review_status as abnormalReviewStatus',
      'rule_snapshot as rule',
    ])
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return { ...row, status_dictText: VISIT_STATUS[row.status], replayed };
}

/** A photo the caller took and uploaded; its duplicate mark from the attachment service. */
export async function ownPhoto(db: Kysely<DB>, caller: Caller, id: string) {
  const photo = await db
    .selectFrom('attachments')
    .select(['id', 'duplicate_of', 'created_by', 'biz_id'])
    .where('id', '=', id)
    .where('tenant_id', '=', caller.tenantId)
    .executeTakeFirst();
  if (!photo || photo.created_by !== caller.userId)
    throw new BusinessError(400, '照片不存在或不是本人上传的');
  return photo;
}

/** The photos now belong to the visit (those not yet attached to anything). */
export async function attachPhotos(db: Kysely<DB>, visitId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db
    .updateTable('attachments')
    .set({ biz_type: 'VISIT', biz_id: visitId })
    .where('id', 'in', ids)
    .where('biz_id', 'is', null)
    .execute();
}

const sameFlags = (flags: Iterable<AbnormalFlag>) =>
  (Object.keys(ABNORMAL_FLAG) as AbnormalFlag[]).filter((flag) => new Set(flags).has(flag));

const isValidWith = (flags: readonly AbnormalFlag[]) => !flags.some((flag) => HARD_FLAGS.includes(flag));

async function replayOf(db: Kysely<DB>, caller: Caller, clientId: string) {
  return db
    .selectFrom('visit_records')
    .select(['id', 'customer_id'])
    .where('tenant_id', '=', caller.tenantId)
    .where('employee_id', '=', caller.userId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

/**
 * 换机: the rep checks in from a device other than the one of their latest check-in that named one. A check-in
 * naming no device (an older client) is not compared, and does not become the device compared with.
 */
async function changedDevice(db: Kysely<DB>, caller: Caller, deviceId: string | null | undefined) {
  if (!deviceId) return false;
  const last = await db
    .selectFrom('visit_records')
    .select('device_id')
    .where('tenant_id', '=', caller.tenantId)
    .where('employee_id', '=', caller.userId)
    .where('device_id', 'is not', null)
    .orderBy('check_in_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last !== undefined && last.device_id !== deviceId;
}

export async function checkIn(db: Kysely<DB>, actor: Actor, input: CheckInInput) {
  const replay = async () => {
    const existing = await replayOf(db, actor, input.clientId);
    if (!existing) return undefined;
    if (existing.customer_id !== input.customerId)
      throw new BusinessError(409, '该签到请求编号已用于另一家门店');
    return visitSummary(db, actor.tenantId, existing.id, true);
  };
  const earlier = await replay();
  if (earlier) return earlier;
  try {
    return await db.transaction().execute(async (trx) => {
      const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
      const outlet = await customerInScope(trx, actor.tenantId, scope, input.customerId);
      if (outlet.customer_type !== 'OUTLET') throw new BusinessError(400, '只能在门店签到');
      if (outlet.lng === null || outlet.lat === null)
        throw new BusinessError(409, '门店尚未标注坐标，不能签到，请先维护门店位置');
      const rule = await ruleForOutlet(trx, actor.tenantId, outlet);
      const visitSteps = await stepsForOutlet(trx, actor.tenantId, outlet);
      if (input.accuracyM > rule.gpsAccuracyMaxM)
        throw new BusinessError(
          400,
          `定位精度 ${Math.round(input.accuracyM)} 米，低于要求的 ${rule.gpsAccuracyMaxM} 米，请到开阔处重新定位`,
        );
      const distance = haversineMetres(input, { lng: Number(outlet.lng), lat: Number(outlet.lat) });
      const inRange = distance <= rule.checkInRadiusM;
      const flags: AbnormalFlag[] = [];
      if (!inRange) {
        if (!rule.allowOutOfRange)
          throw new BusinessError(
            409,
            `距门店 ${distance} 米，超出签到范围 ${rule.checkInRadiusM} 米，不能签到`,
          );
        if (!input.reason?.trim() || !input.photoId)
          throw new BusinessError(
            400,
            `距门店 ${distance} 米，超出签到范围 ${rule.checkInRadiusM} 米：超距签到须填写原因并拍摄照片`,
          );
        flags.push('OUT_OF_RANGE');
      }
      const photo = input.photoId ? await ownPhoto(trx, actor, input.photoId) : undefined;
      if (photo?.duplicate_of) flags.push('DUP_PHOTO');
      if (await changedDevice(trx, actor, input.deviceId)) flags.push('DEVICE_CHANGED');
      const open = await trx
        .selectFrom('visit_records')
        .innerJoin('customers', 'customers.id', 'visit_records.customer_id')
        .select('customers.name')
        .where('visit_records.tenant_id', '=', actor.tenantId)
        .where('visit_records.employee_id', '=', actor.userId)
        .where('visit_records.status', '=', 'CHECKED_IN')
        .executeTakeFirst();
      if (open) throw new BusinessError(409, `您在「${open.name}」的拜访尚未签退，请先签退`);
      const planItem = await trx
        .selectFrom('visit_plan_items')
        .innerJoin('visit_plans', 'visit_plans.id', 'visit_plan_items.plan_id')
        .select(['visit_plan_items.id', 'visit_plans.id as planId'])
        .where('visit_plans.tenant_id', '=', actor.tenantId)
        .where('visit_plans.employee_id', '=', actor.userId)
        .where('visit_plans.plan_date', '=', sql<string>`(now() at time zone 'Asia/Shanghai')::date`)
        .where('visit_plans.status', 'in', ['APPROVED', 'IN_PROGRESS'])
        .where('visit_plan_items.customer_id', '=', outlet.id)
        .where('visit_plan_items.status', '=', 'PENDING')
        .orderBy('visit_plan_items.seq')
        .executeTakeFirst();
      const id = newId();
      const ordered = sameFlags(flags);
      const ruleValues: CheckInRuleValues = {
        checkInRadiusM: rule.checkInRadiusM,
        gpsAccuracyMaxM: rule.gpsAccuracyMaxM,
        allowOutOfRange: rule.allowOutOfRange,
        requireCheckOut: rule.requireCheckOut,
        minStayMinutes: rule.minStayMinutes,
        maxStayMinutes: rule.maxStayMinutes,
      };
      await trx
        .insertInto('visit_records')
        .values({
          id,
          tenant_id: actor.tenantId,
          created_by: actor.userId,
          visit_no: await nextDocumentNo(trx, actor.tenantId, 'VS'),
          client_id: input.clientId,
          employee_id: actor.userId,
          customer_id: outlet.id,
          org_code: outlet.org_code,
          plan_item_id: planItem?.id ?? null,
          visit_type: planItem ? 'PLANNED' : 'UNPLANNED',
          check_in_at: sql<Date>`now()`,
          device_check_in_at: input.deviceTime ? new Date(input.deviceTime) : null,
          check_in_lng: input.lng.toFixed(7),
          check_in_lat: input.lat.toFixed(7),
          check_in_accuracy_m: Math.round(input.accuracyM),
          check_in_address: outlet.address,
          check_in_distance_m: distance,
          check_in_in_range: inRange,
          check_in_photo_id: photo?.id ?? null,
          rule_snapshot: JSON.stringify({ ...ruleValues, ruleName: rule.ruleName, ...visitSteps }),
          is_valid: isValidWith(ordered),
          abnormal_flags: JSON.stringify(ordered),
          abnormal_reason: input.reason?.trim() || null,
          abnormal_review_status: ordered.length > 0 ? 'PENDING' : null,
          device_id: input.deviceId ?? null,
          app_version: input.appVersion ?? null,
          status: 'CHECKED_IN',
        })
        .execute();
      if (photo) await attachPhotos(trx, id, [photo.id]);
      if (planItem) {
        await trx
          .updateTable('visit_plan_items')
          .set({ status: 'VISITED', visit_record_id: id })
          .where('id', '=', planItem.id)
          .execute();
        await trx
          .updateTable('visit_plans')
          .set({
            visited_count: sql<number>`visited_count + 1`,
            status: sql`case when status = 'APPROVED' then 'IN_PROGRESS' else status end`,
            updated_at: new Date(),
          })
          .where('id', '=', planItem.planId)
          .execute();
      }
      // 最近拜访 of the customer.
      await trx
        .updateTable('customers')
        .set({ last_visit_at: sql<Date>`now()` })
        .where('id', '=', outlet.id)
        .execute();
      await logOperation(trx, actor, 'add', `签到 ${outlet.name}（距离 ${distance} 米）`);
      return visitSummary(trx, actor.tenantId, id);
    });
  } catch (error) {
    // A replayed request racing its twin loses on the client id's key, on the open-visit key or, once the twin has
    // committed, on the open-visit check: whichever it hit, the twin's visit is its answer.
    const again = await replay();
    if (again) return again;
    if (violatedUniqueConstraint(error) === 'visit_records_open_uq')
      throw new BusinessError(409, '您有尚未签退的拜访，请先签退');
    throw error;
  }
}

/** The caller's own visit, locked. */
async function ownVisit(db: Kysely<DB>, caller: Caller, id: string) {
  const visit = await db
    .selectFrom('visit_records')
    .innerJoin('customers', 'customers.id', 'visit_records.customer_id')
    .select([
      'visit_records.id',
      'visit_records.status',
      'visit_records.abnormal_flags',
      'visit_records.rule_snapshot',
      'visit_records.customer_id',
      'customers.name as customerName',
      'customers.lng',
      'customers.lat',
      sql<number>`extract(epoch from (now() - visit_records.check_in_at))::integer`.as('staySec'),
    ])
    .where('visit_records.id', '=', id)
    .where('visit_records.tenant_id', '=', caller.tenantId)
    .where('visit_records.employee_id', '=', caller.userId)
    .forUpdate()
    .executeTakeFirst();
  if (!visit) throw notFound('拜访');
  return visit;
}

/** 签退; a flagged visit starts its 异常拜访审核, whose task notices join `notices` (to publish after commit). */
export async function checkOut(
  db: Kysely<DB>,
  actor: Actor,
  input: CheckOutInput,
  notices: TaskNotice[] = [],
) {
  return db.transaction().execute(async (trx) => {
    const visit = await ownVisit(trx, actor, input.visitId);
    // A check-out sent again: the visit as the first one closed it.
    if (visit.status === 'COMPLETED') return visitSummary(trx, actor.tenantId, visit.id, true);
    if (visit.status !== 'CHECKED_IN')
      throw new BusinessError(409, `拜访已${VISIT_STATUS[visit.status]}，不能再签退`);
    const rule = visit.rule_snapshot;
    const missing = await missingRequiredSteps(trx, visit.id, rule.steps);
    if (missing.length > 0)
      throw new BusinessError(400, `请先完成必做步骤：${missing.map((type) => STEP_TYPE[type]).join('、')}`);
    const stay = Math.max(0, visit.staySec);
    const flags = new Set<AbnormalFlag>(visit.abnormal_flags);
    if (stay < rule.minStayMinutes * 60) flags.add('TOO_SHORT');
    if (stay > rule.maxStayMinutes * 60) {
      if (!input.photoId)
        throw new BusinessError(400, `在店已超过 ${rule.maxStayMinutes} 分钟，请拍摄超时举证照片后签退`);
      flags.add('TOO_LONG');
    }
    const photo = input.photoId ? await ownPhoto(trx, actor, input.photoId) : undefined;
    if (photo?.duplicate_of) flags.add('DUP_PHOTO');
    const distance =
      visit.lng === null || visit.lat === null
        ? null
        : haversineMetres(input, { lng: Number(visit.lng), lat: Number(visit.lat) });
    const ordered = sameFlags(flags);
    const closed = await trx
      .updateTable('visit_records')
      .set({
        status: 'COMPLETED',
        check_out_at: sql<Date>`now()`,
        device_check_out_at: input.deviceTime ? new Date(input.deviceTime) : null,
        check_out_lng: input.lng.toFixed(7),
        check_out_lat: input.lat.toFixed(7),
        check_out_accuracy_m: Math.round(input.accuracyM),
        check_out_distance_m: distance,
        check_out_photo_id: photo?.id ?? null,
        duration_sec: stay,
        abnormal_flags: JSON.stringify(ordered),
        abnormal_review_status: ordered.length > 0 ? 'PENDING' : null,
        is_valid: isValidWith(ordered),
        remark: input.remark ?? null,
        updated_by: actor.userId,
        updated_at: new Date(),
      })
      .where('id', '=', visit.id)
      .where('status', '=', 'CHECKED_IN')
      .returning('id')
      .executeTakeFirst();
    if (!closed) throw new BusinessError(409, '拜访已被他人修改，请刷新后重试');
    if (photo) await attachPhotos(trx, visit.id, [photo.id]);
    if (ordered.length > 0) notices.push(...(await startAbnormalReview(trx, actor.tenantId, visit.id)));
    await logOperation(trx, actor, 'update', `签退 ${visit.customerName}（在店 ${formatStay(stay)}）`);
    return visitSummary(trx, actor.tenantId, visit.id);
  });
}

/**
 * The ORDER step: the orders the rep placed for the outlet during the visit (placeVisitOrder, or one placed through
 * the ordinary order placement and named by `orderId`), or 本次不下单 with its reason — so a template making
 * 下单 required never traps a rep whose outlet needs nothing.
 */
async function orderStep(
  db: Kysely<DB>,
  actor: Actor,
  visit: { id: string; customer_id: string },
  data: Record<string, unknown>,
) {
  if (data.noOrder === true) {
    if (typeof data.reason !== 'string' || data.reason.trim() === '')
      throw new BusinessError(400, '请填写本次不下单的原因');
    return;
  }
  await linkVisitOrder(db, actor, visit, data.orderId);
}

/**
 * An order counts for the visit it was placed in: the caller's own order for the visit's outlet, not yet of another
 * visit; it then adds to the visit's 订单金额 (and the DMS reports' 下单拜访).
 */
async function linkVisitOrder(
  db: Kysely<DB>,
  actor: Actor,
  visit: { id: string; customer_id: string },
  orderId: unknown,
) {
  if (typeof orderId !== 'string' || orderId === '')
    throw new BusinessError(400, '请先为门店下单，或选择本次不下单并填写原因');
  const linked = await db
    .updateTable('sales_orders')
    .set({ visit_id: visit.id })
    .where('id', '=', orderId)
    .where('tenant_id', '=', actor.tenantId)
    .where('buyer_id', '=', visit.customer_id)
    .where('created_by', '=', actor.userId)
    .where('visit_id', 'is', null)
    .returning('payable_amount')
    .executeTakeFirst();
  if (!linked) throw new BusinessError(400, '订单不存在、不是本门店的订单或已计入其他拜访');
  await db
    .updateTable('visit_records')
    .set({ order_amount: sql`order_amount + ${linked.payable_amount}::numeric` })
    .where('id', '=', visit.id)
    .execute();
}

async function writeStep(
  db: Kysely<DB>,
  tenantId: string,
  visitId: string,
  step: { clientId: string; stepType: StepType; data: Record<string, unknown>; photoIds: string[] },
) {
  const id = newId();
  await db
    .insertInto('visit_step_results')
    .values({
      id,
      tenant_id: tenantId,
      visit_id: visitId,
      client_id: step.clientId,
      step_type: step.stepType,
      data: JSON.stringify(step.data),
      photo_ids: JSON.stringify(step.photoIds),
    })
    .execute();
  return id;
}

const knownStep = (db: Kysely<DB>, visitId: string, clientId: string) =>
  db
    .selectFrom('visit_step_results')
    .select(['id', 'step_type', 'data'])
    .where('visit_id', '=', visitId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();

/**
 * 下单 during the caller's open visit: an order for the visit's outlet through the ordinary placement (priced on the
 * server from the outlet's price lists, the outlet in the caller's data scope), written as an ORDER step and
 * counted for the visit. The device's client id makes it once: sent again, the order it placed.
 */
export async function placeVisitOrder(db: Kysely<DB>, actor: Actor, input: VisitOrderInput) {
  return db.transaction().execute(async (trx) => {
    const visit = await ownVisit(trx, actor, input.visitId);
    const known = await knownStep(trx, visit.id, input.clientId);
    if (known) {
      const order = known.data as { orderId?: string; orderNo?: string; payableAmount?: string };
      if (known.step_type !== 'ORDER' || !order.orderId)
        throw new BusinessError(409, '该下单请求编号已用于另一步骤');
      return {
        id: order.orderId,
        orderNo: order.orderNo,
        payableAmount: order.payableAmount,
        replayed: true,
      };
    }
    if (visit.status !== 'CHECKED_IN') throw new BusinessError(409, '拜访已签退，不能再下单');
    const placed = await placeForCustomer(
      trx,
      actor,
      {
        buyerId: visit.customer_id,
        paymentMethod: input.paymentMethod,
        buyerRemark: input.buyerRemark ?? null,
        lines: input.lines,
      },
      { channel: 'APP', comment: '拜访下单' },
    );
    await writeStep(trx, actor.tenantId, visit.id, {
      clientId: input.clientId,
      stepType: 'ORDER',
      data: { orderId: placed.id, orderNo: placed.orderNo, payableAmount: placed.payableAmount },
      photoIds: [],
    });
    await linkVisitOrder(trx, actor, visit, placed.id);
    return { ...placed, replayed: false };
  });
}

/** One step of a visit in progress (门头照, 库存盘点 …); the same client id again adds nothing. */
export async function addStep(db: Kysely<DB>, actor: Actor, input: StepInput) {
  return db.transaction().execute(async (trx) => {
    const visit = await ownVisit(trx, actor, input.visitId);
    const known = await knownStep(trx, visit.id, input.clientId);
    if (known) return { id: known.id, replayed: true };
    if (visit.status !== 'CHECKED_IN') throw new BusinessError(409, '拜访已签退，不能再记录步骤');
    const observed = observationsOf(input.stepType, input.data ?? {});
    const photoIds = input.photoIds ?? [];
    const photos = [];
    for (const photoId of photoIds) photos.push(await ownPhoto(trx, actor, photoId));
    const id = await writeStep(trx, actor.tenantId, visit.id, {
      clientId: input.clientId,
      stepType: input.stepType,
      data: input.data ?? {},
      photoIds,
    });
    await attachPhotos(trx, visit.id, photoIds);
    const step = {
      tenantId: actor.tenantId,
      visitId: visit.id,
      stepId: id,
      customerId: visit.customer_id,
      photoIds,
    };
    if (observed.stock) await recordStockCheck(trx, step, observed.stock);
    if (observed.competitors) await recordCompetitors(trx, step, observed.competitors);
    if (input.stepType === 'ORDER') await orderStep(trx, actor, visit, input.data ?? {});
    if (photos.some((photo) => photo.duplicate_of) && !visit.abnormal_flags.includes('DUP_PHOTO')) {
      const flags = sameFlags([...visit.abnormal_flags, 'DUP_PHOTO']);
      await trx
        .updateTable('visit_records')
        .set({ abnormal_flags: JSON.stringify(flags), is_valid: false, abnormal_review_status: 'PENDING' })
        .where('id', '=', visit.id)
        .execute();
    }
    await logOperation(
      trx,
      actor,
      'add',
      `记录拜访步骤 ${STEP_TYPE[input.stepType]}（${visit.customerName}）`,
    );
    return { id, replayed: false };
  });
}

// ---- List and detail ----

const visitDay = sql`(visit_records.check_in_at at time zone 'Asia/Shanghai')::date`;

/** A visit with any abnormal flag (the list's abnormal=true, 首页's 异常拜访). */
export const hasAbnormalFlags = sql<SqlBool>`(jsonb_array_length(visit_records.abnormal_flags) > 0)`;

const visitSpec: ListSpec = {
  filters: {
    visitNo: { column: 'visit_records.visit_no', kind: 'text' },
    visitDate: { column: visitDay, kind: 'date' },
    orgCode: { column: 'visit_records.org_code', kind: 'text' },
    employeeId: { column: 'visit_records.employee_id', kind: 'text' },
    customerId: { column: 'visit_records.customer_id', kind: 'text' },
    visitType: { column: 'visit_records.visit_type', kind: 'enum', values: codesOf(VISIT_TYPE) },
    isValid: { column: 'visit_records.is_valid', kind: 'boolean' },
    // abnormal=true: any abnormal flag (首页's 异常拜访 links here); abnormalFlag names one flag.
    abnormal: { column: hasAbnormalFlags, kind: 'boolean' },
    status: { column: 'visit_records.status', kind: 'enum', values: codesOf(VISIT_STATUS) },
    abnormalReviewStatus: {
      column: 'visit_records.abnormal_review_status',
      kind: 'enum',
      values: codesOf(ABNORMAL_REVIEW),
    },
  },
  sorts: {
    checkInAt: 'visit_records.check_in_at',
    visitNo: 'visit_records.visit_no',
    checkInDistanceM: 'visit_records.check_in_distance_m',
    durationSec: 'visit_records.duration_sec',
  },
  defaultSort: [
    ['visit_records.check_in_at', 'desc'],
    ['visit_records.id', 'desc'],
  ],
  extras: ['abnormalFlag', 'keyword'],
};

export const visitScope = (scope: DataScope) =>
  inScope(scope, 'visit_records.org_code', 'visit_records.employee_id');

export async function listVisits(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, visitSpec);
  const { abnormalFlag, keyword } = list.extras;
  if (abnormalFlag !== undefined && !(abnormalFlag in ABNORMAL_FLAG))
    throw new BusinessError(400, `参数 abnormalFlag 应为 ${Object.keys(ABNORMAL_FLAG).join('、')} 之一`);
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const base = db
    .selectFrom('visit_records')
    .innerJoin('customers', 'customers.id', 'visit_records.customer_id')
    .innerJoin('users', 'users.id', 'visit_records.employee_id')
    .where('visit_records.tenant_id', '=', caller.tenantId)
    .where(visitScope(scope))
    .where(list.where)
    .$if(abnormalFlag !== undefined, (q) =>
      q.where(sql<boolean>`visit_records.abnormal_flags @> ${JSON.stringify([abnormalFlag])}::jsonb`),
    )
    .$if(keyword !== undefined, (q) =>
      q.where((where) =>
        where.or([
          where('customers.name', 'ilike', containsPattern(keyword ?? '')),
          where('customers.customer_code', 'ilike', containsPattern(keyword ?? '')),
          where('visit_records.visit_no', 'ilike', containsPattern(keyword ?? '')),
        ]),
      ),
    );
  return pagedList(base, list, async (page) => {
    const rows = await page
      .select([
        'visit_records.id',
        'visit_records.visit_no as visitNo',
        shanghaiDateTime('visit_records.check_in_at').as('checkInAt'),
        shanghaiDateTime<string | null>('visit_records.check_out_at').as('checkOutAt'),
        'visit_records.employee_id as employeeId',
        'users.realname as employeeName',
        'visit_records.customer_id as customerId',
        'customers.name as customerName',
        'customers.customer_code as customerCode',
        'visit_records.visit_type as visitType',
        'visit_records.check_in_distance_m as checkInDistanceM',
        'visit_records.check_in_in_range as checkInInRange',
        'visit_records.duration_sec as durationSec',
        'visit_records.abnormal_flags as abnormalFlags',
        'visit_records.abnormal_review_status as abnormalReviewStatus',
        'visit_records.is_valid as isValid',
        'visit_records.order_amount as orderAmount',
        'visit_records.execution_score as executionScore',
        'visit_records.status',
        'visit_records.org_code as orgCode',
      ])
      .execute();
    return rows.map((row) => ({
      ...row,
      visitType_dictText: VISIT_TYPE[row.visitType],
      status_dictText: VISIT_STATUS[row.status],
      durationText: formatStay(row.durationSec),
      abnormalFlags_dictText: row.abnormalFlags.map((flag) => ABNORMAL_FLAG[flag]).join('、'),
      abnormalReviewStatus_dictText: row.abnormalReviewStatus
        ? ABNORMAL_REVIEW[row.abnormalReviewStatus]
        : null,
    }));
  });
}

/** 拜访详情: the visit with its outlet, the rule it was held to, its steps and photos, as one timeline. */
export async function visitDetail(db: Kysely<DB>, caller: Caller, id: string) {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const visit = await db
    .selectFrom('visit_records')
    .innerJoin('customers', 'customers.id', 'visit_records.customer_id')
    .innerJoin('users', 'users.id', 'visit_records.employee_id')
    .select([
      'visit_records.id',
      'visit_records.visit_no as visitNo',
      'visit_records.status',
      'visit_records.visit_type as visitType',
      'visit_records.employee_id as employeeId',
      'users.realname as employeeName',
      'visit_records.customer_id as customerId',
      'customers.name as customerName',
      'customers.customer_code as customerCode',
      'customers.address as customerAddress',
      'customers.lng as outletLng',
      'customers.lat as outletLat',
      shanghaiDateTime('visit_records.check_in_at').as('checkInAt'),
      shanghaiDateTime<string | null>('visit_records.device_check_in_at').as('deviceCheckInAt'),
      'visit_records.check_in_lng as checkInLng',
      'visit_records.check_in_lat as checkInLat',
      'visit_records.check_in_accuracy_m as checkInAccuracyM',
      'visit_records.check_in_distance_m as checkInDistanceM',
      'visit_records.check_in_in_range as checkInInRange',
      'visit_records.check_in_photo_id as checkInPhotoId',
      shanghaiDateTime<string | null>('visit_records.check_out_at').as('checkOutAt'),
      'visit_records.check_out_lng as checkOutLng',
      'visit_records.check_out_lat as checkOutLat',
      'visit_records.check_out_distance_m as checkOutDistanceM',
      'visit_records.check_out_photo_id as checkOutPhotoId',
      'visit_records.duration_sec as durationSec',
      'visit_records.is_valid as isValid',
      'visit_records.abnormal_flags as abnormalFlags',
      'visit_records.abnormal_reason as abnormalReason',
      'visit_records.abnormal_review_status as abnormalReviewStatus',
      'visit_records.rule_snapshot as rule',
      'visit_records.order_amount as orderAmount',
      'visit_records.execution_score as executionScore',
      'visit_records.remark',
      'visit_records.device_id as deviceId',
    ])
    .where('visit_records.id', '=', id)
    .where('visit_records.tenant_id', '=', caller.tenantId)
    .where(visitScope(scope))
    .executeTakeFirst();
  if (!visit) throw notFound('拜访');
  const steps = await db
    .selectFrom('visit_step_results')
    .select([
      'id',
      'step_type as stepType',
      shanghaiDateTime('completed_at').as('completedAt'),
      'data',
      'photo_ids as photoIds',
    ])
    .where('visit_id', '=', id)
    .orderBy('completed_at')
    .orderBy('id')
    .execute();
  const photoIds = [
    ...new Set(
      [visit.checkInPhotoId, visit.checkOutPhotoId, ...steps.flatMap((step) => step.photoIds)].filter(
        (each): each is string => Boolean(each),
      ),
    ),
  ];
  // The photos as the attachment service describes them (watermark, place, duplicate mark), in timeline order.
  const attachments = await attachmentsByIds(db, caller.tenantId, photoIds);
  const photos = photoIds.flatMap((photoId) => attachments.get(photoId) ?? []);
  const orders = await visitOrders(db, caller.tenantId, id);
  const result = await db
    .selectFrom('execution_results')
    .select('id')
    .where('tenant_id', '=', caller.tenantId)
    .where('visit_id', '=', id)
    .executeTakeFirst();
  const { stockChecks, competitors } = await visitObservations(db, caller.tenantId, id);
  const number = (value: string | null) => (value === null ? null : Number(value));
  const trajectory = await dayTrajectory(db, caller, visit.employeeId, id);
  const timeline = [
    {
      kind: 'CHECK_IN',
      title: '签到',
      at: visit.checkInAt,
      detail: `距门店 ${visit.checkInDistanceM} 米（范围 ${visit.rule.checkInRadiusM} 米），定位精度 ${visit.checkInAccuracyM} 米`,
      photoIds: visit.checkInPhotoId ? [visit.checkInPhotoId] : [],
    },
    ...steps.map((step) => ({
      kind: step.stepType,
      title: STEP_TYPE[step.stepType],
      at: step.completedAt,
      detail: null as string | null,
      photoIds: step.photoIds,
    })),
    ...(visit.checkOutAt
      ? [
          {
            kind: 'CHECK_OUT',
            title: '签退',
            at: visit.checkOutAt,
            detail: `在店 ${formatStay(visit.durationSec)}${visit.checkOutDistanceM === null ? '' : `，距门店 ${visit.checkOutDistanceM} 米`}`,
            photoIds: visit.checkOutPhotoId ? [visit.checkOutPhotoId] : [],
          },
        ]
      : visit.status === 'AUTO_CLOSED'
        ? [
            {
              kind: 'AUTO_CLOSED',
              title: '系统签退',
              at: null,
              detail: '当日未签退，日结时由系统关闭',
              photoIds: [],
            },
          ]
        : []),
  ];
  return {
    ...visit,
    outletLng: number(visit.outletLng),
    outletLat: number(visit.outletLat),
    checkInLng: Number(visit.checkInLng),
    checkInLat: Number(visit.checkInLat),
    checkOutLng: number(visit.checkOutLng),
    checkOutLat: number(visit.checkOutLat),
    status_dictText: VISIT_STATUS[visit.status],
    visitType_dictText: VISIT_TYPE[visit.visitType],
    durationText: formatStay(visit.durationSec),
    abnormalFlags_dictText: visit.abnormalFlags.map((flag) => ABNORMAL_FLAG[flag]).join('、'),
    abnormalReviewStatus_dictText: visit.abnormalReviewStatus
      ? ABNORMAL_REVIEW[visit.abnormalReviewStatus]
      : null,
    steps: steps.map((step) => ({ ...step, stepType_dictText: STEP_TYPE[step.stepType] })),
    photos,
    timeline,
    trajectory,
    stockChecks,
    competitors,
    orders,
    // The score card: the execution result of the visit, item by item (its rep and department are the visit's).
    execution: result ? await resultDetail(db, caller, result.id) : null,
  };
}

/**
 * The rep's day on 拜访详情's map: every check-in and check-out position of the rep on the visit's Shanghai day
 * (of the visits the caller may see), in time order — the fixes the server was sent, not a continuous track.
 */
async function dayTrajectory(db: Kysely<DB>, caller: Caller, employeeId: string, visitId: string) {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const day = (alias: string) => sql`(${sql.ref(`${alias}.check_in_at`)} at time zone 'Asia/Shanghai')::date`;
  const visits = await db
    .selectFrom('visit_records')
    .innerJoin('customers', 'customers.id', 'visit_records.customer_id')
    .select([
      'visit_records.id',
      'customers.name as customerName',
      'visit_records.check_in_lng as inLng',
      'visit_records.check_in_lat as inLat',
      shanghaiDateTime('visit_records.check_in_at').as('inAt'),
      'visit_records.check_out_lng as outLng',
      'visit_records.check_out_lat as outLat',
      shanghaiDateTime<string | null>('visit_records.check_out_at').as('outAt'),
    ])
    .where('visit_records.tenant_id', '=', caller.tenantId)
    .where('visit_records.employee_id', '=', employeeId)
    .where(visitScope(scope))
    .where(
      day('visit_records'),
      '=',
      db.selectFrom('visit_records as v').select(day('v').as('d')).where('v.id', '=', visitId),
    )
    .orderBy('visit_records.check_in_at')
    .execute();
  // In the order walked: a visit left open while another was made puts its check-out after that one's points.
  const points = visits.flatMap((visit) => [
    {
      visitId: visit.id,
      kind: 'CHECK_IN',
      customerName: visit.customerName,
      at: visit.inAt,
      lng: Number(visit.inLng),
      lat: Number(visit.inLat),
    },
    ...(visit.outAt && visit.outLng !== null && visit.outLat !== null
      ? [
          {
            visitId: visit.id,
            kind: 'CHECK_OUT',
            customerName: visit.customerName,
            at: visit.outAt,
            lng: Number(visit.outLng),
            lat: Number(visit.outLat),
          },
        ]
      : []),
  ]);
  return points.sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * 拜访记录's 人员 picker: the employees of the caller's scope by name or account (`keyword`), or the one chosen
 * (`id`, a drill-down's rep shown by name); id, name and account only, at most 50.
 */
export async function visitEmployeeOptions(
  db: Kysely<DB>,
  caller: Caller,
  query: { keyword?: string; id?: string },
) {
  const { keyword, id } = query;
  return (await usersInScope(db, caller))
    .select(['u.id', 'u.realname', 'u.username'])
    .$if(id !== undefined, (q) => q.where('u.id', '=', id ?? ''))
    .$if(keyword !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('u.realname', 'ilike', containsPattern(keyword ?? '')),
          eb('u.username', 'ilike', containsPattern(keyword ?? '')),
        ]),
      ),
    )
    .orderBy('u.username')
    .limit(50)
    .execute();
}

/** 拜访下单: the orders linked to a visit (linkVisitOrder), as placed — for its detail and the workbench's 下单 step. */
export async function visitOrders(db: Kysely<DB>, tenantId: string, visitId: string) {
  const orders = await db
    .selectFrom('sales_orders')
    .select([
      'id',
      'order_no as orderNo',
      shanghaiDateTime('ordered_at').as('orderedAt'),
      'status',
      'payable_amount as payableAmount',
    ])
    .where('tenant_id', '=', tenantId)
    .where('visit_id', '=', visitId)
    .orderBy('ordered_at')
    .orderBy('id')
    .execute();
  return orders.map((order) => ({ ...order, status_dictText: ORDER_STATUS[order.status] }));
}

/** Whether the caller may see a visit (its photos follow it); 404 when not. */
export async function visitInScope(db: Kysely<DB>, caller: Caller, id: string): Promise<void> {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const row = await db
    .selectFrom('visit_records')
    .select('id')
    .where('id', '=', id)
    .where('tenant_id', '=', caller.tenantId)
    .where(visitScope(scope))
    .executeTakeFirst();
  if (!row) throw notFound('拜访');
}
