// Applications that move an asset (DOMAIN §1.10): placement at an outlet (the rules, the approval by the asset's
// value, the deposit received or waived, delivery, the outlet's signature with handover photos), recall with
// its reason and the deposit refund, transfer to another outlet, scrapping. Each is a row of
// APPLICATION_TRANSITIONS taken with a conditional UPDATE (409 to the loser); the approvals run through the
// 审批中心 (ASSET_* business types), whose outcome this module's handlers apply in the same transaction.
import { sql, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { ApprovalBizType } from '../../../common/approvals';
import {
  APPLICATION_STATUS,
  ASSET_PHOTO_BIZ,
  DEPOSIT_OVERDUE_DAYS,
  PLACEABLE_LEVELS,
  RECALL_REASON,
  type ApplicationStatus,
  type ApplicationType,
  type DepositMethod,
  type RecallReason,
} from '../../../common/assets';
import { CUSTOMER_LEVEL } from '../../../common/businessEnums';
import { newId } from '../../db/ids';
import type { AssetApplicationsTable, DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import {
  registerApprovalHandler,
  startApproval,
  type ApprovalOutcome,
  type TaskNotice,
} from '../approvals/engine';
import { bindAttachments } from '../attachments/service';
import { customerInScope } from '../customers/service';
import { logOperation, type Actor } from '../shared/actor';
import {
  changedMeanwhile,
  notFound,
  transitionTo,
  withUniqueKeys,
  type Transition,
} from '../shared/commands';
import { dataScopeOf, orgCodeInScope } from '../shared/dataScope';
import { nextDocumentNo } from '../shared/documentNumbers';
import {
  createAgreementIn,
  endAgreementIn,
  recordDepositIn,
  refundDepositIn,
  signAgreementIn,
  type DepositInput,
} from './lifecycle';
import { assetInScope, checkAction, logMove, moveAsset, type AssetRow } from './ledger';

type Application = Selectable<AssetApplicationsTable>;

/** Every step of an application: the states it may start from and where it goes. */
export const APPLICATION_TRANSITIONS: readonly Transition<ApplicationStatus>[] = [
  { from: ['IN_APPROVAL'], to: 'REJECTED', action: '驳回' },
  { from: ['IN_APPROVAL'], to: 'PENDING_DEPOSIT', action: '审批通过' },
  { from: ['IN_APPROVAL', 'PENDING_DEPOSIT'], to: 'WAIT_DELIVERY', action: '确认押金' },
  { from: ['WAIT_DELIVERY'], to: 'DELIVERING', action: '出库配送' },
  { from: ['IN_APPROVAL'], to: 'WAIT_PICKUP', action: '审批通过' },
  { from: ['IN_APPROVAL', 'DELIVERING', 'WAIT_PICKUP'], to: 'COMPLETED', action: '完成' },
  {
    from: ['IN_APPROVAL', 'PENDING_DEPOSIT', 'WAIT_DELIVERY', 'DELIVERING'],
    to: 'CANCELLED',
    action: '作废',
  },
];

const APPROVAL_TYPE: Record<ApplicationType, ApprovalBizType> = {
  PLACE: 'ASSET_PLACE',
  RECALL: 'ASSET_RECALL',
  TRANSFER: 'ASSET_TRANSFER',
  SCRAP: 'ASSET_SCRAP',
};
const NUMBER_PREFIX: Record<ApplicationType, string> = {
  PLACE: 'FP',
  RECALL: 'FR',
  TRANSFER: 'FT',
  SCRAP: 'FS',
};

/**
 * Moves the application from the state read to `to` (with `set`): the UPDATE holds only if it is still in
 * that state and version, else someone acted first (409).
 */
async function stepApplication(
  trx: Kysely<DB>,
  app: Application,
  to: ApplicationStatus,
  operatorId: string | null,
  set: Omit<Updateable<AssetApplicationsTable>, 'id' | 'tenant_id' | 'version' | 'status'> = {},
): Promise<void> {
  transitionTo(APPLICATION_TRANSITIONS, APPLICATION_STATUS, app.status, to);
  const finished = to === 'COMPLETED' || to === 'REJECTED' || to === 'CANCELLED';
  const moved = await trx
    .updateTable('asset_applications')
    .set({
      ...set,
      status: to,
      ...(finished ? { finished_at: new Date() } : {}),
      updated_by: operatorId,
      updated_at: new Date(),
      version: sql`version + 1`,
    })
    .where('id', '=', app.id)
    .where('tenant_id', '=', app.tenant_id)
    .where('status', '=', app.status)
    .where('version', '=', app.version)
    .returning('id')
    .executeTakeFirst();
  if (!moved) throw changedMeanwhile('申请单');
}

async function applicationOf(trx: Kysely<DB>, tenantId: string, id: string): Promise<Application> {
  const app = await trx
    .selectFrom('asset_applications')
    .selectAll()
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!app) throw notFound('申请单');
  return app;
}

/** The application in the caller's scope (through its asset). */
async function applicationInScope(trx: Kysely<DB>, actor: Actor, id: string) {
  const app = await applicationOf(trx, actor.tenantId, id);
  const asset = await assetInScope(trx, actor, app.asset_id).catch(() => {
    throw notFound('申请单');
  });
  return { app, asset };
}

async function assetOf(trx: Kysely<DB>, tenantId: string, id: string): Promise<AssetRow> {
  return trx
    .selectFrom('assets')
    .selectAll()
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
}

const names = async (trx: Kysely<DB>, asset: AssetRow) => {
  const model = await trx
    .selectFrom('asset_models')
    .select(['name', 'model_code', 'deposit_amount'])
    .where('id', '=', asset.model_id)
    .executeTakeFirstOrThrow();
  const warehouse = asset.warehouse_id
    ? await trx
        .selectFrom('warehouses')
        .select('name')
        .where('id', '=', asset.warehouse_id)
        .executeTakeFirst()
    : undefined;
  return { model, warehouseName: warehouse?.name ?? null };
};

const customerName = async (trx: Kysely<DB>, id: string | null) =>
  id
    ? ((await trx.selectFrom('customers').select('name').where('id', '=', id).executeTakeFirst())?.name ??
      null)
    : null;

// ---- Submitting ----

export interface PlaceInput {
  assetId: string;
  customerId: string;
  freeDeposit?: boolean;
  remark?: string | null;
  /** A published 冰柜投放协议 template the asset agreement is made from, and its term in months. */
  templateId?: string | null;
  termMonths?: number;
}
export interface RecallInput {
  assetId: string;
  reason: RecallReason;
  refundDeposit: boolean;
  remark?: string | null;
}
export interface TransferInput {
  assetId: string;
  toCustomerId: string;
  remark?: string | null;
}
export interface ScrapInput {
  assetId: string;
  remark?: string | null;
}

/** The placement rules: an approved, active outlet of a placeable level, without a deposit left unpaid. */
async function checkPlacementRules(trx: Kysely<DB>, outlet: Awaited<ReturnType<typeof customerInScope>>) {
  if (outlet.customer_type !== 'OUTLET') throw new BusinessError(400, '只能向终端门店投放资产');
  if (outlet.status !== 'ACTIVE' || outlet.audit_status !== 'APPROVED') {
    throw new BusinessError(409, `门店「${outlet.name}」未审核通过或非正常经营，不能投放`);
  }
  if (!outlet.level || !(PLACEABLE_LEVELS as readonly string[]).includes(outlet.level)) {
    throw new BusinessError(
      409,
      `门店等级为「${outlet.level ? CUSTOMER_LEVEL[outlet.level] : '未评级'}」，${PLACEABLE_LEVELS.join('、')} 级门店才能投放`,
    );
  }
  const overdue = await trx
    .selectFrom('asset_applications')
    .select('apply_no')
    .where('tenant_id', '=', outlet.tenant_id)
    .where('customer_id', '=', outlet.id)
    .where('status', '=', 'PENDING_DEPOSIT')
    .where('deposit_due_at', '<', sql<Date>`now()`)
    .executeTakeFirst();
  if (overdue) {
    throw new BusinessError(409, `门店有逾期未付的押金（申请 ${overdue.apply_no}），请先处理`);
  }
}

interface Submitted {
  id: string;
  applyNo: string;
  notices: TaskNotice[];
}

/** Writes the application and starts its approval (amount: the asset's value), in the caller's transaction. */
async function submit(
  trx: Kysely<DB>,
  actor: Actor,
  asset: AssetRow,
  type: ApplicationType,
  values: Partial<Application> & { org_code: string },
  title: string,
  fields: Array<{ label: string; value: string }>,
): Promise<Submitted> {
  const id = newId();
  const applyNo = await nextDocumentNo(trx, actor.tenantId, NUMBER_PREFIX[type]);
  await withUniqueKeys({ asset_applications_open_uq: `资产 ${asset.asset_no} 已有进行中的申请` }, () =>
    trx
      .insertInto('asset_applications')
      .values({
        ...values,
        id,
        tenant_id: actor.tenantId,
        apply_no: applyNo,
        apply_type: type,
        asset_id: asset.id,
        applicant_id: actor.userId,
        created_by: actor.userId,
      } as never)
      .execute(),
  );
  const { notices } = await startApproval(trx, {
    tenantId: actor.tenantId,
    initiatorId: actor.userId,
    bizType: APPROVAL_TYPE[type],
    bizId: id,
    bizNo: applyNo,
    title,
    summary: { fields: [{ label: '资产编号', value: asset.asset_no }, ...fields] },
    amount: Number(asset.value),
    quantity: 1,
    orgCode: values.org_code,
  });
  await logOperation(trx, actor, 'add', `${title}（${applyNo}）`);
  return { id, applyNo, notices };
}

export async function applyPlacementIn(trx: Kysely<DB>, actor: Actor, input: PlaceInput): Promise<Submitted> {
  const asset = await assetInScope(trx, actor, input.assetId, true);
  const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
  const outlet = await customerInScope(trx, actor.tenantId, scope, input.customerId);
  await checkPlacementRules(trx, outlet);
  const { model, warehouseName } = await names(trx, asset);
  const freeDeposit = input.freeDeposit ?? false;
  const deposit = freeDeposit ? 0 : Number(model.deposit_amount);
  const submitted = await submit(
    trx,
    actor,
    asset,
    'PLACE',
    {
      customer_id: outlet.id,
      warehouse_id: asset.warehouse_id,
      org_code: outlet.org_code,
      free_deposit: freeDeposit,
      deposit_amount: String(deposit),
      deposit_status: deposit > 0 ? 'UNPAID' : 'NOT_REQUIRED',
      remark: input.remark?.trim() || null,
    },
    `冰柜投放：${outlet.name}`,
    [
      { label: '型号', value: `${model.model_code} ${model.name}` },
      { label: '资产价值', value: `¥${Number(asset.value).toFixed(2)}` },
      { label: '投放门店', value: `${outlet.customer_code} ${outlet.name}` },
      { label: '门店等级', value: outlet.level ? CUSTOMER_LEVEL[outlet.level] : '—' },
      { label: '押金', value: freeDeposit ? '免押' : `¥${deposit.toFixed(2)}` },
      { label: '备注', value: input.remark?.trim() || '—' },
    ],
  );
  await moveAsset(trx, actor.userId, asset, 'lock', {
    fromText: warehouseName,
    toText: outlet.name,
    detail: `投放申请 ${submitted.applyNo}`,
    applicationId: submitted.id,
  });
  if (input.templateId) {
    await createAgreementIn(trx, actor, {
      templateId: input.templateId,
      termMonths: input.termMonths,
      applicationId: submitted.id,
      applyNo: submitted.applyNo,
      asset,
      model,
      outlet,
      deposit,
      freeDeposit,
    });
  }
  return submitted;
}

export const applyPlacement = (db: Kysely<DB>, actor: Actor, input: PlaceInput) =>
  db.transaction().execute((trx) => applyPlacementIn(trx, actor, input));

export async function applyRecallIn(trx: Kysely<DB>, actor: Actor, input: RecallInput): Promise<Submitted> {
  const asset = await assetInScope(trx, actor, input.assetId, true);
  checkAction(asset, 'applyRecall');
  const outletName = await customerName(trx, asset.customer_id);
  const submitted = await submit(
    trx,
    actor,
    asset,
    'RECALL',
    {
      customer_id: asset.customer_id,
      org_code: asset.org_code,
      reason: input.reason,
      refund_deposit: input.refundDeposit,
      remark: input.remark?.trim() || null,
    },
    `冰柜退还：${outletName ?? asset.asset_no}`,
    [
      { label: '投放门店', value: outletName ?? '—' },
      { label: '退还原因', value: RECALL_REASON[input.reason] },
      { label: '押金', value: input.refundDeposit ? '退押金' : '不退押金' },
      { label: '备注', value: input.remark?.trim() || '—' },
    ],
  );
  await moveAsset(trx, actor.userId, asset, 'applyRecall', {
    fromText: outletName,
    detail: `退还申请 ${submitted.applyNo}（${RECALL_REASON[input.reason]}）`,
    applicationId: submitted.id,
  });
  return submitted;
}

export const applyRecall = (db: Kysely<DB>, actor: Actor, input: RecallInput) =>
  db.transaction().execute((trx) => applyRecallIn(trx, actor, input));

export async function applyTransferIn(
  trx: Kysely<DB>,
  actor: Actor,
  input: TransferInput,
): Promise<Submitted> {
  const asset = await assetInScope(trx, actor, input.assetId, true);
  checkAction(asset, 'applyTransfer');
  if (asset.customer_id === input.toCustomerId) throw new BusinessError(400, '转入门店与当前门店相同');
  const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
  const target = await customerInScope(trx, actor.tenantId, scope, input.toCustomerId);
  await checkPlacementRules(trx, target);
  const fromName = await customerName(trx, asset.customer_id);
  const submitted = await submit(
    trx,
    actor,
    asset,
    'TRANSFER',
    {
      customer_id: asset.customer_id,
      to_customer_id: target.id,
      org_code: target.org_code,
      remark: input.remark?.trim() || null,
    },
    `冰柜转移：${fromName ?? ''} → ${target.name}`,
    [
      { label: '转出门店', value: fromName ?? '—' },
      { label: '转入门店', value: `${target.customer_code} ${target.name}` },
      { label: '备注', value: input.remark?.trim() || '—' },
    ],
  );
  await moveAsset(trx, actor.userId, asset, 'applyTransfer', {
    fromText: fromName,
    toText: target.name,
    detail: `转移申请 ${submitted.applyNo}`,
    applicationId: submitted.id,
  });
  return submitted;
}

export const applyTransfer = (db: Kysely<DB>, actor: Actor, input: TransferInput) =>
  db.transaction().execute((trx) => applyTransferIn(trx, actor, input));

export async function applyScrapIn(trx: Kysely<DB>, actor: Actor, input: ScrapInput): Promise<Submitted> {
  const asset = await assetInScope(trx, actor, input.assetId, true);
  checkAction(asset, 'applyScrap');
  const { warehouseName } = await names(trx, asset);
  const submitted = await submit(
    trx,
    actor,
    asset,
    'SCRAP',
    {
      warehouse_id: asset.warehouse_id,
      org_code: asset.org_code,
      previous_condition: asset.condition_status,
      remark: input.remark?.trim() || null,
    },
    `冰柜报废：${asset.asset_no}`,
    [
      { label: '所在仓库', value: warehouseName ?? '—' },
      { label: '资产价值', value: `¥${Number(asset.value).toFixed(2)}` },
      { label: '报废原因', value: input.remark?.trim() || '—' },
    ],
  );
  await moveAsset(trx, actor.userId, asset, 'applyScrap', {
    fromText: warehouseName,
    detail: `报废申请 ${submitted.applyNo}`,
    applicationId: submitted.id,
  });
  return submitted;
}

export const applyScrap = (db: Kysely<DB>, actor: Actor, input: ScrapInput) =>
  db.transaction().execute((trx) => applyScrapIn(trx, actor, input));

// ---- The approval's outcome ----

/** What approval means for each kind of application. */
async function approved(trx: Transaction<DB>, outcome: ApprovalOutcome): Promise<void> {
  const app = await applicationOf(trx, outcome.tenantId, outcome.bizId);
  const asset = await assetOf(trx, outcome.tenantId, app.asset_id);
  const by = outcome.actorId;
  const link = { applicationId: app.id };
  switch (app.apply_type) {
    case 'PLACE': {
      const next = app.deposit_status === 'UNPAID' ? 'PENDING_DEPOSIT' : 'WAIT_DELIVERY';
      await stepApplication(trx, app, next, by, {
        deposit_due_at:
          next === 'PENDING_DEPOSIT' ? new Date(Date.now() + DEPOSIT_OVERDUE_DAYS * 86_400_000) : null,
      });
      await logMove(trx, asset, 'APPROVED', by, {
        ...link,
        detail: `投放审批通过 ${app.apply_no}，${APPLICATION_STATUS[next]}`,
      });
      return;
    }
    case 'RECALL':
      await stepApplication(trx, app, 'WAIT_PICKUP', by);
      await moveAsset(trx, by, asset, 'recall', {
        ...link,
        fromText: await customerName(trx, asset.customer_id),
        detail: `退还审批通过 ${app.apply_no}`,
      });
      return;
    case 'TRANSFER': {
      const target = await trx
        .selectFrom('customers')
        .select(['id', 'name', 'org_code'])
        .where('id', '=', app.to_customer_id as string)
        .executeTakeFirstOrThrow();
      await stepApplication(trx, app, 'COMPLETED', by);
      await moveAsset(trx, by, asset, 'transfer', {
        ...link,
        set: { customer_id: target.id, org_code: target.org_code, placed_at: new Date() },
        fromText: await customerName(trx, asset.customer_id),
        toText: target.name,
        detail: `转移审批通过 ${app.apply_no}`,
      });
      return;
    }
    case 'SCRAP':
      await stepApplication(trx, app, 'COMPLETED', by);
      await moveAsset(trx, by, asset, 'scrap', {
        ...link,
        set: { warehouse_id: null },
        detail: `报废审批通过 ${app.apply_no}`,
      });
      return;
  }
}

/** Rejected or withdrawn: the application ends and the asset goes back to where it was. */
async function undone(trx: Transaction<DB>, outcome: ApprovalOutcome, to: 'REJECTED' | 'CANCELLED') {
  const app = await applicationOf(trx, outcome.tenantId, outcome.bizId);
  const asset = await assetOf(trx, outcome.tenantId, app.asset_id);
  const by = outcome.actorId;
  await stepApplication(trx, app, to, by, { result_remark: outcome.comment });
  const detail = `${app.apply_no} ${APPLICATION_STATUS[to]}${outcome.comment ? `：${outcome.comment}` : ''}`;
  if (app.apply_type === 'PLACE') {
    await moveAsset(trx, by, asset, 'unlock', { applicationId: app.id, detail });
    await endAgreementIn(trx, app, 'VOID');
  } else if (app.apply_type === 'SCRAP') {
    await moveAsset(trx, by, asset, 'scrapRejected', {
      applicationId: app.id,
      detail,
      set: { condition_status: app.previous_condition ?? 'NORMAL' },
    });
  }
}

for (const bizType of ['ASSET_PLACE', 'ASSET_RECALL', 'ASSET_TRANSFER', 'ASSET_SCRAP'] as const) {
  registerApprovalHandler({
    bizType,
    approved,
    rejected: (trx, outcome) => undone(trx, outcome, 'REJECTED'),
    withdrawn: (trx, outcome) => undone(trx, outcome, 'CANCELLED'),
  });
}

// ---- After the approval ----

/**
 * The outlet's deposit received (an offline payment: amount, method, reference, receipt photos) or waived with
 * a reason; either way the deposit's own record is kept (asset_deposits) and the placement waits for delivery.
 */
export async function receiveDepositIn(trx: Kysely<DB>, actor: Actor, input: DepositInput) {
  const { app, asset } = await applicationInScope(trx, actor, input.id);
  if (app.apply_type !== 'PLACE') throw new BusinessError(400, '只有投放申请需要押金');
  const record = await recordDepositIn(trx, actor, app, input);
  await stepApplication(trx, app, 'WAIT_DELIVERY', actor.userId, {
    deposit_status: record.waived ? 'NOT_REQUIRED' : 'PAID',
    free_deposit: record.waived ? true : app.free_deposit,
    deposit_receipt_no: record.referenceNo,
    deposit_paid_at: record.waived ? null : new Date(),
    deposit_due_at: null,
  });
  await moveAsset(trx, actor.userId, asset, 'deposit', { applicationId: app.id, detail: record.detail });
  await logOperation(trx, actor, 'update', `${record.waived ? '免除' : '收取'}押金 ${app.apply_no}`);
  return { id: app.id };
}

export const receiveDeposit = (db: Kysely<DB>, actor: Actor, input: DepositInput) =>
  db.transaction().execute((trx) => receiveDepositIn(trx, actor, input));

/** The asset leaves the warehouse for the outlet. */
export async function deliverPlacementIn(trx: Kysely<DB>, actor: Actor, id: string) {
  const { app, asset } = await applicationInScope(trx, actor, id);
  if (app.apply_type !== 'PLACE') throw new BusinessError(400, '只有投放申请可以出库配送');
  await stepApplication(trx, app, 'DELIVERING', actor.userId);
  const { warehouseName } = await names(trx, asset);
  await moveAsset(trx, actor.userId, asset, 'deliver', {
    applicationId: app.id,
    set: { warehouse_id: null },
    fromText: warehouseName,
    toText: await customerName(trx, app.customer_id),
  });
  await logOperation(trx, actor, 'update', `资产出库配送 ${asset.asset_no}（${app.apply_no}）`);
  return { id: app.id };
}

export const deliverPlacement = (db: Kysely<DB>, actor: Actor, id: string) =>
  db.transaction().execute((trx) => deliverPlacementIn(trx, actor, id));

/** Photos of the asset the caller uploaded through the attachment service: filed under the asset now. */
export const bindPhotos = (trx: Kysely<DB>, tenantId: string, assetId: string, photoIds: string[]) =>
  bindAttachments(trx, tenantId, ASSET_PHOTO_BIZ, assetId, photoIds, '照片').catch((error: unknown) => {
    throw error instanceof BusinessError ? new BusinessError(400, '照片不存在或不属于该资产') : error;
  });

export interface SignInput {
  id: string;
  photoIds: string[];
  /** The outlet's signature (an attachment of kind SIGNATURE under the asset). */
  signatureId: string;
}

/**
 * The outlet signs with handover photos and its signature: the asset agreement (if any) is signed and its text
 * kept as a PDF; the asset is placed there, its 冰柜数 follows.
 */
export async function signPlacementIn(trx: Kysely<DB>, actor: Actor, input: SignInput) {
  const { app, asset } = await applicationInScope(trx, actor, input.id);
  if (app.apply_type !== 'PLACE') throw new BusinessError(400, '只有投放申请可以签收');
  if (input.photoIds.includes(input.signatureId)) throw new BusinessError(400, '签名不能与交接照片相同');
  await bindPhotos(trx, actor.tenantId, asset.id, [...input.photoIds, input.signatureId]);
  const outlet = await trx
    .selectFrom('customers')
    .select(['id', 'name', 'org_code', 'owner_user_id'])
    .where('id', '=', app.customer_id as string)
    .executeTakeFirstOrThrow();
  await stepApplication(trx, app, 'COMPLETED', actor.userId);
  const agreementNo = await signAgreementIn(trx, actor, app, input.signatureId);
  await moveAsset(trx, actor.userId, asset, 'place', {
    applicationId: app.id,
    set: {
      customer_id: outlet.id,
      org_code: outlet.org_code,
      placed_at: new Date(),
      responsible_user_id: outlet.owner_user_id ?? asset.responsible_user_id,
    },
    toText: outlet.name,
    detail: `门店签收，交接照片 ${input.photoIds.length} 张${agreementNo ? `，签订投放协议 ${agreementNo}` : ''}`,
  });
  await logOperation(trx, actor, 'update', `资产投放签收 ${asset.asset_no} → ${outlet.name}`);
  return { id: app.id };
}

export const signPlacement = (db: Kysely<DB>, actor: Actor, input: SignInput) =>
  db.transaction().execute((trx) => signPlacementIn(trx, actor, input));

/** A recalled asset received into a warehouse: back in stock; the deposit refunded or kept as applied. */
export interface ReceiveInput {
  id: string;
  warehouseId: string;
  /** How the deposit went back to the outlet (defaults to how it was paid) and its reference. */
  refundMethod?: DepositMethod | null;
  refundReference?: string | null;
}

export async function receiveRecallIn(trx: Kysely<DB>, actor: Actor, input: ReceiveInput) {
  const { app, asset } = await applicationInScope(trx, actor, input.id);
  if (app.apply_type !== 'RECALL') throw new BusinessError(400, '只有退还申请可以收柜');
  const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
  const warehouse = await trx
    .selectFrom('warehouses')
    .select(['id', 'name', 'org_code', 'status'])
    .where('id', '=', input.warehouseId)
    .where('tenant_id', '=', actor.tenantId)
    .executeTakeFirst();
  if (!warehouse || !orgCodeInScope(scope, warehouse.org_code)) throw notFound('仓库');
  // The deposit of the placement that brought the asset to this outlet.
  const placement = await trx
    .selectFrom('asset_applications')
    .selectAll()
    .where('tenant_id', '=', actor.tenantId)
    .where('asset_id', '=', asset.id)
    .where('customer_id', '=', app.customer_id)
    .where('apply_type', '=', 'PLACE')
    .where('status', '=', 'COMPLETED')
    .where('deposit_status', '=', 'PAID')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  const depositTo = app.refund_deposit ? 'REFUNDED' : 'KEPT';
  await stepApplication(trx, app, 'COMPLETED', actor.userId, {
    warehouse_id: warehouse.id,
    deposit_status: placement ? depositTo : 'NOT_REQUIRED',
    deposit_amount: placement?.deposit_amount ?? '0',
  });
  if (placement) {
    await trx
      .updateTable('asset_applications')
      .set({ deposit_status: depositTo, updated_at: new Date(), version: sql`version + 1` })
      .where('id', '=', placement.id)
      .where('deposit_status', '=', 'PAID')
      .execute();
    await refundDepositIn(trx, actor, asset, placement, {
      refund: depositTo === 'REFUNDED',
      method: input.refundMethod ?? null,
      reference: input.refundReference ?? null,
      remark: `退还申请 ${app.apply_no}`,
      applicationId: app.id,
    });
  }
  const lastPlacement = await trx
    .selectFrom('asset_applications')
    .selectAll()
    .where('tenant_id', '=', actor.tenantId)
    .where('asset_id', '=', asset.id)
    .where('apply_type', '=', 'PLACE')
    .where('status', '=', 'COMPLETED')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (lastPlacement) await endAgreementIn(trx, lastPlacement, 'TERMINATED');
  const fromText = await customerName(trx, asset.customer_id);
  await moveAsset(trx, actor.userId, asset, 'receive', {
    applicationId: app.id,
    set: { customer_id: null, warehouse_id: warehouse.id, org_code: warehouse.org_code, placed_at: null },
    fromText,
    toText: warehouse.name,
    detail: placement
      ? `押金 ¥${Number(placement.deposit_amount).toFixed(2)} ${depositTo === 'REFUNDED' ? '已退还' : '不退还'}`
      : '无押金',
  });
  await logOperation(trx, actor, 'update', `资产退还收柜 ${asset.asset_no} → ${warehouse.name}`);
  return { id: app.id };
}

export const receiveRecall = (db: Kysely<DB>, actor: Actor, input: ReceiveInput) =>
  db.transaction().execute((trx) => receiveRecallIn(trx, actor, input));

/** An approved placement called off before it was signed: the asset is free again. */
export async function cancelApplicationIn(
  trx: Kysely<DB>,
  actor: Actor,
  input: { id: string; reason: string },
) {
  const { app, asset } = await applicationInScope(trx, actor, input.id);
  if (app.status === 'IN_APPROVAL') throw new BusinessError(409, '审批中的申请请在审批中心撤回');
  await stepApplication(trx, app, 'CANCELLED', actor.userId, { result_remark: input.reason });
  if (app.apply_type === 'PLACE') {
    // A deposit already received goes back to the outlet; the agreement never signed is void.
    if (app.deposit_status === 'PAID') {
      await refundDepositIn(trx, actor, asset, app, {
        refund: true,
        method: null,
        reference: null,
        remark: `${app.apply_no} 作废`,
        applicationId: app.id,
      });
      await trx
        .updateTable('asset_applications')
        .set({ deposit_status: 'REFUNDED' })
        .where('id', '=', app.id)
        .execute();
    }
    await endAgreementIn(trx, app, 'VOID');
    const { warehouseName } = await names(trx, asset);
    await moveAsset(trx, actor.userId, asset, 'unlock', {
      applicationId: app.id,
      // Delivering: the asset goes back to the warehouse it left.
      set: { warehouse_id: asset.warehouse_id ?? app.warehouse_id },
      toText: warehouseName,
      detail: `${app.apply_no} 作废：${input.reason}`,
    });
  }
  await logOperation(trx, actor, 'update', `作废资产申请 ${app.apply_no}：${input.reason}`);
  return { id: app.id };
}

export const cancelApplication = (db: Kysely<DB>, actor: Actor, input: { id: string; reason: string }) =>
  db.transaction().execute((trx) => cancelApplicationIn(trx, actor, input));
