// The rest of an asset's lifecycle (DOMAIN §1.10): the deposit's own record (an offline payment — amount,
// method, reference, receipt photos — or a waiver with its reason; refunded or kept when the asset comes back),
// the asset agreement (投放协议) made from a published 冰柜投放协议 template with the placement and signed at
// deployment with the outlet's signature (one document service for every agreement: agreements/documents.ts),
// and the handover of assets between reps (the receiver accepts or refuses; the 责任人 changes on acceptance).
import { sql, type Kysely, type Selectable } from 'kysely';
import type { VariableValues } from '../../../common/agreements';
import {
  ASSET_AGREEMENT_STATUS,
  DEFAULT_AGREEMENT_MONTHS,
  DEPOSIT_METHOD,
  DEPOSIT_RECORD_STATUS,
  HANDOVER_STATUS,
  type AssetAgreementStatus,
  type DepositMethod,
} from '../../../common/assets';
import { codesOf } from '../../../common/businessEnums';
import { shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import type { AssetAgreementsTable, AssetApplicationsTable, DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import {
  containsPattern,
  pagedList,
  parseListQuery,
  type ListSpec,
  type RawQuery,
} from '../../http/listQuery';
import { documentHtml, documentPdf, storeSnapshot, type AgreementDocument } from '../agreements/documents';
import { publishedVersionOf } from '../agreements/templates';
import { shanghaiToday } from '../home/periods';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { changedMeanwhile, notFound, withUniqueKeys } from '../shared/commands';
import { dataScopeOf, inScope, usersInScope } from '../shared/dataScope';
import { nextDocumentNo } from '../shared/documentNumbers';
import type { ListRecord } from '../shared/excel';
import { bindPhotos } from './applications';
import { assetInScope, logMove, moveAsset, type AssetRow } from './ledger';

type Application = Selectable<AssetApplicationsTable>;
type AgreementRow = Selectable<AssetAgreementsTable>;

const yuan = (value: number | string) => `¥${Number(value).toFixed(2)}`;

// ---- Deposits ----

export interface DepositInput {
  id: string;
  /** Received: how and with what reference (收款单号 / 流水号); `receiptNo` is the older name of the reference. */
  method?: DepositMethod | null;
  referenceNo?: string | null;
  receiptNo?: string | null;
  /** The amount received: must be the placement's deposit when given. */
  amount?: number | null;
  /** Photos of the receipt (attachments of the asset). */
  receiptPhotoIds?: string[];
  /** Waived instead, with its reason. */
  waive?: boolean;
  waiveReason?: string | null;
}

/** Writes the deposit's record of a placement (received or waived); a second record of one placement is 409. */
export async function recordDepositIn(trx: Kysely<DB>, actor: Actor, app: Application, input: DepositInput) {
  const waived = input.waive === true;
  const reference = (input.referenceNo ?? input.receiptNo)?.trim() || null;
  const reason = input.waiveReason?.trim() || null;
  if (waived && !reason) throw new BusinessError(400, '请填写免押原因');
  if (!waived && !reference) throw new BusinessError(400, '请填写押金收款单号');
  const due = Number(app.deposit_amount);
  if (!waived && input.amount != null && Math.abs(input.amount - due) > 0.001) {
    throw new BusinessError(400, `押金金额应为 ${yuan(due)}`);
  }
  const method = waived ? null : (input.method ?? 'CASH');
  const photos = waived ? [] : (input.receiptPhotoIds ?? []);
  if (photos.length > 0) await bindPhotos(trx, actor.tenantId, app.asset_id, photos);
  await withUniqueKeys({ asset_deposits_application_uq: `申请 ${app.apply_no} 的押金已处理` }, () =>
    trx
      .insertInto('asset_deposits')
      .values({
        id: newId(),
        tenant_id: actor.tenantId,
        application_id: app.id,
        asset_id: app.asset_id,
        customer_id: app.customer_id as string,
        amount: due,
        method,
        reference_no: reference,
        receipt_photo_ids: JSON.stringify(photos),
        status: waived ? 'WAIVED' : 'RECEIVED',
        waive_reason: waived ? reason : null,
        received_by: actor.userId,
        received_at: new Date(),
        created_by: actor.userId,
      })
      .execute(),
  );
  return {
    waived,
    referenceNo: reference,
    detail: waived
      ? `押金 ${yuan(due)} 已免除：${reason}`
      : `押金 ${yuan(due)}（${DEPOSIT_METHOD[method as DepositMethod]}），收款单 ${reference}`,
  };
}

/** The placement's received deposit refunded (or kept) as the asset leaves the outlet or the placement ends. */
export async function refundDepositIn(
  trx: Kysely<DB>,
  actor: Actor,
  asset: Pick<AssetRow, 'id' | 'tenant_id'>,
  placement: Application,
  refund: {
    refund: boolean;
    method: DepositMethod | null;
    reference: string | null;
    remark: string;
    applicationId: string;
  },
): Promise<void> {
  const record = await trx
    .selectFrom('asset_deposits')
    .selectAll()
    .where('tenant_id', '=', actor.tenantId)
    .where('application_id', '=', placement.id)
    .where('status', '=', 'RECEIVED')
    .executeTakeFirst();
  if (!record) return;
  const updated = await trx
    .updateTable('asset_deposits')
    .set({
      status: refund.refund ? 'REFUNDED' : 'KEPT',
      refund_method: refund.refund ? (refund.method ?? record.method) : null,
      refund_reference: refund.refund ? refund.reference?.trim() || null : null,
      refund_remark: refund.remark,
      refunded_by: actor.userId,
      refunded_at: new Date(),
      updated_by: actor.userId,
      updated_at: new Date(),
      version: sql`version + 1`,
    })
    .where('id', '=', record.id)
    .where('status', '=', 'RECEIVED')
    .where('version', '=', record.version)
    .returning('id')
    .executeTakeFirst();
  if (!updated) throw changedMeanwhile('押金');
  await logMove(trx, asset, 'DEPOSIT_REFUND', actor.userId, {
    applicationId: refund.applicationId,
    detail: refund.refund
      ? `押金 ${yuan(record.amount)} 已退还（${DEPOSIT_METHOD[(refund.method ?? record.method) as DepositMethod]}）`
      : `押金 ${yuan(record.amount)} 不退还`,
  });
}

// ---- Agreements ----

const addMonths = (day: string, months: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
};

/** The agreement of a placement, made from the chosen template with the placement's values (PENDING_SIGN). */
export async function createAgreementIn(
  trx: Kysely<DB>,
  actor: Actor,
  input: {
    templateId: string;
    termMonths?: number;
    applicationId: string;
    applyNo: string;
    asset: AssetRow;
    model: { name: string; model_code: string };
    outlet: { id: string; name: string; org_code: string };
    deposit: number;
    freeDeposit: boolean;
  },
): Promise<string> {
  const version = await publishedVersionOf(trx, actor.tenantId, input.templateId, 'FREEZER');
  const tenant = await trx
    .selectFrom('tenants')
    .select('name')
    .where('tenant_id', '=', actor.tenantId)
    .executeTakeFirstOrThrow();
  const agreementNo = await nextDocumentNo(trx, actor.tenantId, 'FA');
  const months = input.termMonths ?? DEFAULT_AGREEMENT_MONTHS;
  const start = shanghaiToday(new Date());
  const expire = addMonths(start, months);
  const values: VariableValues = {
    agreementNo,
    applyNo: input.applyNo,
    partyA: tenant.name,
    partyB: input.outlet.name,
    assetNo: input.asset.asset_no,
    modelName: `${input.model.model_code} ${input.model.name}`,
    assetValue: Number(input.asset.value),
    depositAmount: input.deposit,
    freeDeposit: input.freeDeposit ? '免押' : '收取押金',
    termMonths: months,
    startDate: start,
    expireDate: expire,
  };
  await trx
    .insertInto('asset_agreements')
    .values({
      id: newId(),
      tenant_id: actor.tenantId,
      agreement_no: agreementNo,
      application_id: input.applicationId,
      asset_id: input.asset.id,
      customer_id: input.outlet.id,
      org_code: input.outlet.org_code,
      start_date: start,
      expire_date: expire,
      deposit_amount: input.deposit,
      free_deposit: input.freeDeposit,
      template_version_id: version.id,
      variable_values: JSON.stringify(values),
      created_by: actor.userId,
    })
    .execute();
  return agreementNo;
}

/**
 * Signs the placement's agreement at deployment: its term starts today, the outlet's signature is kept and the
 * text as signed is stored as a PDF. Answers the agreement's number, or null for a placement without one.
 */
export async function signAgreementIn(
  trx: Kysely<DB>,
  actor: Actor,
  app: Application,
  signatureId: string,
): Promise<string | null> {
  const row = await trx
    .selectFrom('asset_agreements')
    .selectAll()
    .where('tenant_id', '=', actor.tenantId)
    .where('application_id', '=', app.id)
    .executeTakeFirst();
  if (!row) return null;
  const values = row.variable_values as VariableValues;
  const months = Number(values.termMonths ?? DEFAULT_AGREEMENT_MONTHS);
  const start = shanghaiToday(new Date());
  const expire = addMonths(start, months);
  const signed = await trx
    .updateTable('asset_agreements')
    .set({
      status: 'SIGNED',
      start_date: start,
      expire_date: expire,
      variable_values: JSON.stringify({ ...values, startDate: start, expireDate: expire }),
      signature_photo_id: signatureId,
      signed_at: new Date(),
      signed_by: actor.userId,
      updated_at: new Date(),
      version: sql`version + 1`,
    })
    .where('id', '=', row.id)
    .where('status', '=', 'PENDING_SIGN')
    .where('version', '=', row.version)
    .returningAll()
    .executeTakeFirst();
  if (!signed) throw changedMeanwhile('投放协议');
  await storeSnapshot(trx, agreementDocument(signed), actor.userId);
  return signed.agreement_no;
}

/** The placement's agreement ended: TERMINATED (a signed one, at recall) or VOID (one never signed). */
export async function endAgreementIn(
  trx: Kysely<DB>,
  app: Pick<Application, 'id' | 'tenant_id'>,
  to: Extract<AssetAgreementStatus, 'TERMINATED' | 'VOID'>,
): Promise<void> {
  await trx
    .updateTable('asset_agreements')
    .set({ status: to, terminated_at: new Date(), updated_at: new Date(), version: sql`version + 1` })
    .where('tenant_id', '=', app.tenant_id)
    .where('application_id', '=', app.id)
    .where('status', '=', to === 'TERMINATED' ? 'SIGNED' : 'PENDING_SIGN')
    .execute();
}

export function agreementDocument(row: AgreementRow): AgreementDocument {
  return {
    tenantId: row.tenant_id,
    kind: 'FREEZER',
    agreementId: row.id,
    agreementNo: row.agreement_no,
    title: `冰柜投放协议 ${row.agreement_no}`,
    templateVersionId: row.template_version_id,
    values: row.variable_values as VariableValues,
  };
}

/** The agreement of an asset of the caller's scope. */
async function agreementInScope(db: Kysely<DB>, caller: Caller, id: string): Promise<AgreementRow> {
  const row = await db
    .selectFrom('asset_agreements')
    .selectAll()
    .where('id', '=', id)
    .where('tenant_id', '=', caller.tenantId)
    .executeTakeFirst();
  if (!row) throw notFound('投放协议');
  await assetInScope(db, caller, row.asset_id).catch(() => {
    throw notFound('投放协议');
  });
  return row;
}

/** 协议正文 as HTML. */
export async function assetAgreementHtml(db: Kysely<DB>, caller: Caller, id: string) {
  return { html: await documentHtml(db, agreementDocument(await agreementInScope(db, caller, id))) };
}

/** 下载PDF: the snapshot signed at deployment, or the text rendered now before. */
export async function assetAgreementPdf(db: Kysely<DB>, caller: Caller, id: string) {
  return documentPdf(db, agreementDocument(await agreementInScope(db, caller, id)));
}

// ---- Handovers between reps ----

export interface HandoverInput {
  assetIds: string[];
  toUserId: string;
  remark?: string | null;
}

/** Hands assets of the caller's scope to another rep: one handover in progress per asset (409 otherwise). */
export const startHandover = (db: Kysely<DB>, actor: Actor, input: HandoverInput) =>
  db.transaction().execute((trx) => startHandoverIn(trx, actor, input));

/**
 * Who may receive the caller's handovers: the tenant's active employees (no dealer's user) with a department in
 * the caller's data scope, and the caller. The 接收人 picker lists them and 发起交接 takes no one else.
 */
async function handoverReceivers(db: Kysely<DB>, caller: Caller) {
  return (await usersInScope(db, caller)).select(['u.id', 'u.realname']);
}

/** The 接收人 picker: receivers by name or account (`keyword`), id and name only, at most 50. */
export async function handoverReceiverOptions(db: Kysely<DB>, caller: Caller, keyword?: string) {
  let query = await handoverReceivers(db, caller);
  if (keyword) {
    const pattern = containsPattern(keyword);
    query = query.where((eb) =>
      eb.or([eb('u.realname', 'ilike', pattern), eb('u.username', 'ilike', pattern)]),
    );
  }
  return query.orderBy('u.username').limit(50).execute();
}

export async function startHandoverIn(trx: Kysely<DB>, actor: Actor, input: HandoverInput) {
  const receiver = await (
    await handoverReceivers(trx, actor)
  )
    .where('u.id', '=', input.toUserId)
    .executeTakeFirst();
  if (!receiver) throw notFound('接收人');
  const ids: string[] = [];
  for (const assetId of [...new Set(input.assetIds)]) {
    const asset = await assetInScope(trx, actor, assetId, true);
    if (asset.responsible_user_id === receiver.id) {
      throw new BusinessError(400, `资产 ${asset.asset_no} 的责任人已是${receiver.realname}`);
    }
    if (asset.condition_status === 'SCRAPPED' || asset.condition_status === 'LOST') {
      throw new BusinessError(409, `资产 ${asset.asset_no} 已报废或遗失，不能交接`);
    }
    const id = newId();
    await withUniqueKeys({ asset_handovers_open_uq: `资产 ${asset.asset_no} 已有进行中的交接` }, () =>
      trx
        .insertInto('asset_handovers')
        .values({
          id,
          tenant_id: actor.tenantId,
          asset_id: asset.id,
          from_user_id: asset.responsible_user_id,
          to_user_id: receiver.id,
          remark: input.remark?.trim() || null,
          created_by: actor.userId,
        })
        .execute(),
    );
    await logMove(trx, asset, 'HANDOVER', actor.userId, {
      toText: receiver.realname,
      detail: `发起交接，待${receiver.realname}确认`,
    });
    ids.push(id);
  }
  await logOperation(trx, actor, 'add', `发起资产交接 ${ids.length} 台 → ${receiver.realname}`);
  return { ids };
}

/** The receiver accepts (the asset's 责任人 becomes them) or refuses a handover in progress. */
export async function decideHandover(
  db: Kysely<DB>,
  actor: Actor,
  input: { id: string; accept: boolean; remark?: string | null },
) {
  return db.transaction().execute(async (trx) => {
    const handover = await trx
      .selectFrom('asset_handovers')
      .selectAll()
      .where('id', '=', input.id)
      .where('tenant_id', '=', actor.tenantId)
      .executeTakeFirst();
    if (!handover || (handover.to_user_id !== actor.userId && handover.created_by !== actor.userId)) {
      throw notFound('交接单');
    }
    if (input.accept && handover.to_user_id !== actor.userId) {
      throw new BusinessError(403, '只有接收人可以确认交接');
    }
    const done = await trx
      .updateTable('asset_handovers')
      .set({
        status: input.accept ? 'DONE' : 'REJECTED',
        result_remark: input.remark?.trim() || null,
        handled_by: actor.userId,
        handled_at: new Date(),
        updated_at: new Date(),
        version: sql`version + 1`,
      })
      .where('id', '=', handover.id)
      .where('status', '=', 'HANDING')
      .where('version', '=', handover.version)
      .returning('id')
      .executeTakeFirst();
    if (!done) throw new BusinessError(409, '交接单已处理，请刷新后重试');
    const asset = await trx
      .selectFrom('assets')
      .selectAll()
      .where('id', '=', handover.asset_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const names = await trx
      .selectFrom('users')
      .select(['id', 'realname'])
      .where('id', 'in', [handover.to_user_id, handover.from_user_id ?? handover.to_user_id])
      .execute();
    const nameOf = (id: string | null) => names.find((user) => user.id === id)?.realname ?? null;
    if (input.accept) {
      await moveAsset(trx, actor.userId, asset, 'handover', {
        set: { responsible_user_id: handover.to_user_id },
        fromText: nameOf(handover.from_user_id),
        toText: nameOf(handover.to_user_id),
        detail: '交接完成',
      });
    } else {
      await logMove(trx, asset, 'HANDOVER', actor.userId, {
        fromText: nameOf(handover.from_user_id),
        toText: nameOf(handover.to_user_id),
        detail: `交接${handover.to_user_id === actor.userId ? '被拒绝' : '已撤回'}${input.remark ? `：${input.remark}` : ''}`,
      });
    }
    await logOperation(
      trx,
      actor,
      'update',
      `资产交接 ${asset.asset_no} ${input.accept ? '已确认' : '已驳回'}`,
    );
    return { id: handover.id };
  });
}

const handoverSpec: ListSpec = {
  filters: {
    status: { column: 'h.status', kind: 'enum', values: codesOf(HANDOVER_STATUS) },
    assetId: { column: 'h.asset_id', kind: 'text' },
    assetNo: { column: 'a.asset_no', kind: 'text' },
    toUserName: { column: 't.realname', kind: 'text' },
    createTime: { column: 'h.created_at', kind: 'datetime' },
  },
  sorts: { createTime: 'h.created_at', assetNo: 'a.asset_no' },
  defaultSort: [
    ['h.created_at', 'desc'],
    ['h.id', 'desc'],
  ],
  extras: ['mine'],
};

/**
 * 资产交接: the handovers of assets in the caller's scope and those addressed to the caller; `mine=true` only
 * the latter (the receiver's 待确认 list).
 */
export async function listHandovers(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, handoverSpec);
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const base = db
    .selectFrom('asset_handovers as h')
    .innerJoin('assets as a', 'a.id', 'h.asset_id')
    .innerJoin('asset_models as m', 'm.id', 'a.model_id')
    .leftJoin('users as f', 'f.id', 'h.from_user_id')
    .leftJoin('users as t', 't.id', 'h.to_user_id')
    .leftJoin('users as s', 's.id', 'h.created_by')
    .leftJoin('customers as c', 'c.id', 'a.customer_id')
    .where('h.tenant_id', '=', caller.tenantId)
    .where((eb) =>
      list.extras.mine === 'true'
        ? eb('h.to_user_id', '=', caller.userId)
        : eb.or([
            eb('h.to_user_id', '=', caller.userId),
            inScope(scope, 'a.org_code', 'a.responsible_user_id'),
          ]),
    )
    .where(list.where);
  return pagedList(base, list, async (page) =>
    (
      await page
        .select([
          'h.id',
          'h.asset_id as assetId',
          'a.asset_no as assetNo',
          'm.name as modelName',
          'c.name as customerName',
          'h.from_user_id as fromUserId',
          'f.realname as fromUserName',
          'h.to_user_id as toUserId',
          't.realname as toUserName',
          'h.created_by as createdById',
          's.realname as createdByName',
          'h.status',
          'h.remark',
          'h.result_remark as resultRemark',
          shanghaiDateTime('h.created_at').as('createTime'),
          shanghaiDateTime<string | null>('h.handled_at').as('handledAt'),
        ])
        .execute()
    ).map((row) => ({ ...row, status_dictText: HANDOVER_STATUS[row.status] })),
  );
}

export type HandoverRecord = ListRecord<typeof listHandovers>;

// ---- The asset's detail ----

/** The asset's deposits, agreements and handovers, for its drawer (the caller's scope is checked by the caller). */
export async function assetLifecycle(db: Kysely<DB>, tenantId: string, assetId: string) {
  const [deposits, agreements, handovers] = await Promise.all([
    db
      .selectFrom('asset_deposits as d')
      .innerJoin('asset_applications as app', 'app.id', 'd.application_id')
      .leftJoin('customers as c', 'c.id', 'd.customer_id')
      .leftJoin('users as u', 'u.id', 'd.received_by')
      .select([
        'd.id',
        'app.apply_no as applyNo',
        'c.name as customerName',
        'd.amount',
        'd.method',
        'd.reference_no as referenceNo',
        'd.receipt_photo_ids as receiptPhotoIds',
        'd.status',
        'd.waive_reason as waiveReason',
        'u.realname as receivedByName',
        shanghaiDateTime('d.received_at').as('receivedAt'),
        'd.refund_method as refundMethod',
        'd.refund_reference as refundReference',
        shanghaiDateTime('d.refunded_at').as('refundedAt'),
      ])
      .where('d.tenant_id', '=', tenantId)
      .where('d.asset_id', '=', assetId)
      .orderBy('d.received_at', 'desc')
      .execute(),
    db
      .selectFrom('asset_agreements as g')
      .leftJoin('customers as c', 'c.id', 'g.customer_id')
      .select([
        'g.id',
        'g.agreement_no as agreementNo',
        'c.name as customerName',
        'g.start_date as startDate',
        'g.expire_date as expireDate',
        'g.deposit_amount as depositAmount',
        'g.free_deposit as freeDeposit',
        'g.status',
        'g.signature_photo_id as signaturePhotoId',
        shanghaiDateTime('g.signed_at').as('signedAt'),
      ])
      .where('g.tenant_id', '=', tenantId)
      .where('g.asset_id', '=', assetId)
      .orderBy('g.created_at', 'desc')
      .execute(),
    db
      .selectFrom('asset_handovers as h')
      .leftJoin('users as f', 'f.id', 'h.from_user_id')
      .leftJoin('users as t', 't.id', 'h.to_user_id')
      .select([
        'h.id',
        'f.realname as fromUserName',
        't.realname as toUserName',
        'h.status',
        'h.remark',
        'h.result_remark as resultRemark',
        shanghaiDateTime('h.created_at').as('createdAt'),
        shanghaiDateTime('h.handled_at').as('handledAt'),
      ])
      .where('h.tenant_id', '=', tenantId)
      .where('h.asset_id', '=', assetId)
      .orderBy('h.created_at', 'desc')
      .execute(),
  ]);
  return {
    deposits: deposits.map((each) => ({
      ...each,
      status_dictText: DEPOSIT_RECORD_STATUS[each.status],
      method_dictText: each.method ? DEPOSIT_METHOD[each.method] : null,
      refundMethod_dictText: each.refundMethod ? DEPOSIT_METHOD[each.refundMethod] : null,
    })),
    agreements: agreements.map((each) => ({
      ...each,
      status_dictText: ASSET_AGREEMENT_STATUS[each.status],
    })),
    handovers: handovers.map((each) => ({ ...each, status_dictText: HANDOVER_STATUS[each.status] })),
  };
}
