// 陈列协议 (DOMAIN §1.8 DisplayAgreement): an outlet's agreement to keep a display of a policy for some months at a
// monthly fee. Every guard of §1.8 is here — the policy active and offering the display type and the fee form,
// the amount within the per-outlet cap, budget and outlets left, no second living agreement of the display type at
// the outlet (also a partial unique index) — then the approval through the 审批中心 (DISPLAY_AGREEMENT), the
// signing by a photo of the signed paper (which draws the budget, see consumeBudget), activation on the start
// date, termination with its reason (the unused budget goes back). Each state change is a conditional update on
// the state read: of two at once, the loser gets 409.
import { sql, type Kysely, type RawBuilder, type Selectable, type SqlBool, type Transaction } from 'kysely';
import {
  AGREEMENT_STATUS,
  AGREEMENT_TRANSITIONS,
  DISPLAY_FEE_TYPE,
  DISPLAY_PHOTO_BIZ,
  DISPLAY_TYPE,
  HOLDING_STATUSES,
  PAYMENT_CYCLE,
  TERMINATION_REASON,
  periodsBetween,
  type AgreementAction,
  type AgreementStatus,
  type DisplayFeeType,
  type DisplayType,
  type PaymentCycle,
  type TerminationReason,
} from '../../../common/displays';
import type { VariableValues } from '../../../common/agreements';
import { isoDate } from '../../db/dates';
import { newId } from '../../db/ids';
import type { DB, DisplayAgreementsTable } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { containsPattern } from '../../http/listQuery';
import {
  registerApprovalHandler,
  startApproval,
  type ApprovalOutcome,
  type TaskNotice,
} from '../approvals/engine';
import { documentHtml, documentPdf, storeSnapshot, type AgreementDocument } from '../agreements/documents';
import { publishedVersionOf } from '../agreements/templates';
import { bindAttachments } from '../attachments/service';
import { customerInScope } from '../customers/service';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { trackChange } from '../shared/changeHistory';
import { changedMeanwhile, notFound, withUniqueKeys } from '../shared/commands';
import { dataScopeOf, inScope, type DataScope } from '../shared/dataScope';
import { nextDocumentNo } from '../shared/documentNumbers';
import { computeDisplayPayments } from './payments';
import { consumeBudget, returnBudget } from './policies';

export type AgreementRow = Selectable<DisplayAgreementsTable>;

/** Today in Shanghai as `YYYY-MM-DD` (agreements start and end on local days). */
export const shanghaiToday = (now = new Date()) =>
  new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** Date columns as `YYYY-MM-DD` text, over selectAll's Date (the later column of a name wins). */
const DATES = [isoDate('start_date').as('start_date'), isoDate('end_date').as('end_date')] as const;
/** An agreement's dates: its term's and the day it was terminated. */
const AGREEMENT_DATES = [...DATES, isoDate<string | null>('terminated_on').as('terminated_on')] as const;

const HOLDING_MESSAGE = '该门店已有同一陈列形式的有效陈列协议';

/** The agreement `id` of the caller's tenant and data scope (the outlet's department, or signed by them). */
export async function agreementInScope(
  db: Kysely<DB>,
  caller: Caller,
  id: string,
  lock = false,
): Promise<AgreementRow> {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  let query = db
    .selectFrom('display_agreements')
    .selectAll()
    .select(AGREEMENT_DATES)
    .where('id', '=', id)
    .where('tenant_id', '=', caller.tenantId)
    .where(inScope(scope, 'org_code', 'employee_id', 'dealer_id'));
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('陈列协议');
  return row;
}

/**
 * What every list of agreements (or of their inspections and payments) keeps: rows of agreements `a` in the caller's
 * scope, and — with a keyword — whose number or outlet (`outlet`) holds it.
 */
export function agreementsListed(scope: DataScope, keyword: string | undefined): RawBuilder<SqlBool> {
  const visible = inScope(scope, 'a.org_code', 'a.employee_id', 'a.dealer_id');
  const text = keyword?.trim();
  if (!text) return visible;
  const pattern = containsPattern(text);
  return sql<SqlBool>`(${visible} and (a.agreement_no ilike ${pattern} or outlet.name ilike ${pattern}))`;
}

/** For the change history and the attachments: the agreement must be in the caller's scope. */
export const agreementScopeCheck = async (db: Kysely<DB>, caller: Caller, id: string) => {
  await agreementInScope(db, caller, id);
};

/**
 * Moves an agreement along AGREEMENT_TRANSITIONS from the state it was read in; `set` adds fields. The update is
 * conditional on that state, so a concurrent change makes it 409.
 */
export async function moveAgreement(
  trx: Kysely<DB>,
  row: Pick<AgreementRow, 'id' | 'tenant_id' | 'status' | 'agreement_no'>,
  action: AgreementAction,
  userId: string | null,
  set: Partial<Record<keyof DisplayAgreementsTable, unknown>> = {},
): Promise<AgreementStatus> {
  const transition = AGREEMENT_TRANSITIONS[action];
  if (!(transition.from as readonly AgreementStatus[]).includes(row.status))
    throw new BusinessError(
      409,
      `陈列协议当前为「${AGREEMENT_STATUS[row.status]}」，不能${transition.action}`,
    );
  const moved = await trx
    .updateTable('display_agreements')
    .set({
      ...(set as object),
      status: transition.to,
      updated_by: userId,
      updated_at: new Date(),
      version: sql`version + 1`,
    })
    .where('id', '=', row.id)
    .where('tenant_id', '=', row.tenant_id)
    .where('status', '=', row.status)
    .returning('id')
    .executeTakeFirst();
  if (!moved) throw changedMeanwhile(`陈列协议 ${row.agreement_no}`);
  return transition.to;
}

// ---- Create and edit ----

export interface AgreementInput {
  policyId: string;
  customerId: string;
  dealerId?: string | null;
  employeeId?: string | null;
  startDate: string;
  endDate: string;
  displayType: DisplayType;
  locationDesc?: string | null;
  requiredSkuIds?: string[];
  minFacings?: number;
  minLayers?: number;
  standardPhotoId?: string | null;
  feeType: DisplayFeeType;
  monthlyFee: number;
  paymentCycle: PaymentCycle;
  /** The agreement template's version and its variables (filled by the template module once wired). */
  /** A published 陈列协议 template the agreement's text is made from (its current version is kept). */
  templateId?: string | null;
  variableValues?: Record<string, unknown> | null;
  remark?: string | null;
}

async function policyFor(trx: Kysely<DB>, tenantId: string, policyId: string) {
  const policy = await trx
    .selectFrom('display_policies')
    .selectAll()
    .select(DATES)
    .where('id', '=', policyId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!policy) throw notFound('陈列方案');
  return policy;
}

type PolicyRow = Awaited<ReturnType<typeof policyFor>>;

/** The policy still takes agreements and has room for `amount` and one more outlet. */
function requireRoom(policy: PolicyRow, amount: number) {
  if (policy.status !== 'ACTIVE') throw new BusinessError(409, `陈列方案「${policy.name}」未在执行中`);
  if (policy.signed_outlets + 1 > policy.max_outlets)
    throw new BusinessError(409, `陈列方案「${policy.name}」的门店数已满（${policy.max_outlets} 家）`);
  const left = Number(policy.total_budget) - Number(policy.signed_amount);
  if (amount > left + 1e-9)
    throw new BusinessError(409, `陈列方案「${policy.name}」预算不足：剩余 ${left.toFixed(2)} 元`);
}

/** What an agreement must fit in its policy, whatever its state. */
function checkAgainstPolicy(policy: PolicyRow, input: AgreementInput, outletOrg: string, total: number) {
  if (input.startDate > input.endDate) throw new BusinessError(400, '陈列期结束日期不能早于开始日期');
  if (input.startDate < policy.start_date || input.endDate > policy.end_date)
    throw new BusinessError(400, `陈列期须在方案执行期（${policy.start_date} 至 ${policy.end_date}）之内`);
  if (!policy.display_types.includes(input.displayType))
    throw new BusinessError(400, `方案不含陈列形式「${DISPLAY_TYPE[input.displayType]}」`);
  if (!policy.payment_modes.includes(input.feeType))
    throw new BusinessError(400, `方案不支持兑付方式「${DISPLAY_FEE_TYPE[input.feeType]}」`);
  if (!outletOrg.startsWith(policy.org_code)) throw new BusinessError(400, '门店不在方案的适用组织内');
  if (total > Number(policy.per_outlet_cap) + 1e-9)
    throw new BusinessError(400, `总费用 ${total.toFixed(2)} 元超过方案单店上限 ${policy.per_outlet_cap} 元`);
}

/** Refuses when the outlet holds a living agreement of the display type (besides `exceptId`). */
async function requireNoHolding(
  trx: Kysely<DB>,
  tenantId: string,
  customerId: string,
  displayType: DisplayType,
  exceptId?: string,
) {
  const holding = await trx
    .selectFrom('display_agreements')
    .select('agreement_no')
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', customerId)
    .where('display_type', '=', displayType)
    .where('status', 'in', HOLDING_STATUSES)
    .$if(exceptId !== undefined, (query) => query.where('id', '!=', exceptId as string))
    .executeTakeFirst();
  if (holding) throw new BusinessError(409, `${HOLDING_MESSAGE}（${holding.agreement_no}）`);
}

const money = (value: number) => Math.round(value * 100) / 100;

/**
 * The agreement's text: the chosen 陈列协议 template's published version and the values it is filled with (the
 * agreement's own fields over the user's own variable values); none without a template.
 */
async function documentOf(
  trx: Kysely<DB>,
  tenantId: string,
  input: AgreementInput,
  outletName: string,
  agreementNo: string,
  totalFee: number,
) {
  if (!input.templateId) return { template_version_id: null, variable_values: null };
  const version = await publishedVersionOf(trx, tenantId, input.templateId, 'DISPLAY');
  const tenant = await trx
    .selectFrom('tenants')
    .select('name')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  const standard: VariableValues = {
    agreementNo,
    partyA: tenant.name,
    partyB: outletName,
    displayType: DISPLAY_TYPE[input.displayType],
    locationDesc: input.locationDesc?.trim() || null,
    startDate: input.startDate,
    endDate: input.endDate,
    minFacings: input.minFacings ?? null,
    monthlyFee: input.monthlyFee,
    totalFee,
    feeType: DISPLAY_FEE_TYPE[input.feeType],
  };
  return {
    template_version_id: version.id,
    variable_values: JSON.stringify({ ...(input.variableValues ?? {}), ...standard }),
  };
}

/** The agreement of the caller's scope made from a template, as its document; a 404 for one made without. */
async function documentInScope(db: Kysely<DB>, caller: Caller, id: string): Promise<AgreementDocument> {
  const document = displayDocument(await agreementInScope(db, caller, id));
  if (!document) throw new BusinessError(404, '该陈列协议未使用协议模板，没有协议正文');
  return document;
}

/** 协议正文: the agreement's text as HTML. */
export async function displayAgreementHtml(db: Kysely<DB>, caller: Caller, id: string) {
  return { html: await documentHtml(db, await documentInScope(db, caller, id)) };
}

/** 下载PDF: the signed snapshot, or the text rendered now before signing. */
export async function displayAgreementPdf(db: Kysely<DB>, caller: Caller, id: string) {
  return documentPdf(db, await documentInScope(db, caller, id));
}

/** The agreement's document (its text, PDF and snapshot), when it was made from a template. */
export function displayDocument(row: AgreementRow): AgreementDocument | null {
  if (!row.template_version_id) return null;
  return {
    tenantId: row.tenant_id,
    kind: 'DISPLAY',
    agreementId: row.id,
    agreementNo: row.agreement_no,
    title: `陈列协议 ${row.agreement_no}`,
    templateVersionId: row.template_version_id,
    values: (row.variable_values ?? {}) as VariableValues,
  };
}

/** Adds a draft agreement, or edits a draft or rejected one (its 变更记录 kept as DISPLAY_AGREEMENT). */
export async function saveAgreement(db: Kysely<DB>, actor: Actor, input: AgreementInput, id?: string) {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const outlet = await customerInScope(trx, actor.tenantId, scope, input.customerId);
    if (outlet.customer_type !== 'OUTLET' && outlet.customer_type !== 'CHAIN_HQ')
      throw new BusinessError(400, '陈列协议只能与门店签订');
    if (outlet.status !== 'ACTIVE') throw new BusinessError(409, `门店「${outlet.name}」不是正常状态`);
    if (input.dealerId) {
      const dealer = await trx
        .selectFrom('customers')
        .select('customer_type')
        .where('id', '=', input.dealerId)
        .where('tenant_id', '=', actor.tenantId)
        .executeTakeFirst();
      if (!dealer || dealer.customer_type === 'OUTLET') throw new BusinessError(400, '兑付经销商不存在');
    }
    const policy = await policyFor(trx, actor.tenantId, input.policyId);
    const months = periodsBetween(input.startDate, input.endDate).length;
    const total = money(input.monthlyFee * months);
    checkAgainstPolicy(policy, input, outlet.org_code, total);
    if (id !== undefined) {
      const existing = await agreementInScope(trx, actor, id, true);
      if (existing.status !== 'DRAFT' && existing.status !== 'REJECTED')
        throw new BusinessError(409, `陈列协议当前为「${AGREEMENT_STATUS[existing.status]}」，不能编辑`);
    }
    const values = {
      policy_id: policy.id,
      customer_id: outlet.id,
      dealer_id: input.dealerId ?? null,
      employee_id: input.employeeId ?? actor.userId,
      org_code: outlet.org_code,
      start_date: input.startDate,
      end_date: input.endDate,
      display_type: input.displayType,
      location_desc: input.locationDesc?.trim() || null,
      required_sku_ids: JSON.stringify(input.requiredSkuIds ?? policy.standard.requiredSkuIds ?? []),
      min_facings: input.minFacings ?? policy.standard.minFacings ?? 0,
      min_layers: input.minLayers ?? policy.standard.minLayers ?? 0,
      standard_photo_id: input.standardPhotoId ?? policy.standard_photo_id,
      fee_type: input.feeType,
      monthly_fee: input.monthlyFee,
      total_fee: total,
      payment_cycle: input.paymentCycle,
      remark: input.remark?.trim() || null,
      updated_by: actor.userId,
    };
    const change = await trackChange(trx, actor, 'display_agreements', id);
    let savedId = id;
    const agreementNo =
      id === undefined
        ? await nextDocumentNo(trx, actor.tenantId, 'DA')
        : (await agreementInScope(trx, actor, id, true)).agreement_no;
    const document = await documentOf(trx, actor.tenantId, input, outlet.name, agreementNo, total);
    if (id === undefined) {
      savedId = newId();
      await trx
        .insertInto('display_agreements')
        .values({
          ...values,
          ...document,
          id: savedId,
          tenant_id: actor.tenantId,
          agreement_no: agreementNo,
          budget_consumed: 0,
          created_by: actor.userId,
        })
        .execute();
    } else {
      const updated = await trx
        .updateTable('display_agreements')
        .set({ ...values, ...document, updated_at: new Date(), version: sql`version + 1` })
        .where('id', '=', id)
        .where('status', 'in', ['DRAFT', 'REJECTED'])
        .returning('id')
        .executeTakeFirst();
      if (!updated) throw changedMeanwhile('陈列协议');
    }
    if (values.standard_photo_id && values.standard_photo_id !== policy.standard_photo_id)
      await bindAttachments(
        trx,
        actor.tenantId,
        DISPLAY_PHOTO_BIZ,
        savedId as string,
        [values.standard_photo_id],
        '标准照',
      );
    await change.log(
      id === undefined ? 'add' : 'update',
      `${id === undefined ? '新增' : '编辑'}陈列协议 ${agreementNo}（${outlet.name}）`,
      savedId,
    );
    return { id: savedId as string, agreementNo, totalFee: total.toFixed(2) };
  });
}

// ---- Approval ----

async function settleApproval(trx: Transaction<DB>, outcome: ApprovalOutcome, action: AgreementAction) {
  const row = await trx
    .selectFrom('display_agreements')
    .select(['id', 'tenant_id', 'status', 'agreement_no', 'total_fee'])
    .where('id', '=', outcome.bizId)
    .where('tenant_id', '=', outcome.tenantId)
    .executeTakeFirst();
  if (!row) throw notFound('陈列协议');
  await moveAgreement(
    trx,
    row,
    action,
    outcome.actorId,
    action === 'approve' ? { approved_amount: row.total_fee } : {},
  );
}

registerApprovalHandler({
  bizType: 'DISPLAY_AGREEMENT',
  approved: (trx, outcome) => settleApproval(trx, outcome, 'approve'),
  rejected: (trx, outcome) => settleApproval(trx, outcome, 'reject'),
  withdrawn: (trx, outcome) => settleApproval(trx, outcome, 'withdraw'),
});

/**
 * 提交审批: the guards of DRAFT → PENDING_APPROVAL (policy active, budget and outlet left, no living agreement of
 * the display type at the outlet), then the 审批中心 approval with the total fee as the amount its flows see.
 */
export async function submitAgreement(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
): Promise<{ status: AgreementStatus; notices: TaskNotice[] }> {
  return db.transaction().execute(async (trx) => {
    const row = await agreementInScope(trx, actor, id, true);
    const policy = await policyFor(trx, actor.tenantId, row.policy_id);
    requireRoom(policy, Number(row.total_fee));
    await requireNoHolding(trx, actor.tenantId, row.customer_id, row.display_type, row.id);
    const status = await withUniqueKeys({ display_agreements_holding_uq: HOLDING_MESSAGE }, () =>
      moveAgreement(trx, row, 'submit', actor.userId),
    );
    const outlet = await trx
      .selectFrom('customers')
      .select(['name', 'owner_user_id'])
      .where('id', '=', row.customer_id)
      .executeTakeFirstOrThrow();
    const { notices } = await startApproval(trx, {
      tenantId: actor.tenantId,
      initiatorId: actor.userId,
      bizType: 'DISPLAY_AGREEMENT',
      bizId: row.id,
      bizNo: row.agreement_no,
      title: `陈列协议：${outlet.name} ${DISPLAY_TYPE[row.display_type]}`,
      summary: {
        fields: [
          { label: '协议编号', value: row.agreement_no },
          { label: '门店', value: outlet.name },
          { label: '陈列方案', value: policy.name },
          { label: '陈列形式', value: DISPLAY_TYPE[row.display_type] },
          { label: '陈列位置', value: row.location_desc ?? '' },
          { label: '陈列期', value: `${row.start_date} 至 ${row.end_date}` },
          { label: '月费用', value: `${row.monthly_fee} 元` },
          { label: '总费用', value: `${row.total_fee} 元` },
          {
            label: '兑付方式',
            value: `${DISPLAY_FEE_TYPE[row.fee_type]}，${PAYMENT_CYCLE[row.payment_cycle]}`,
          },
          {
            label: '方案剩余预算',
            value: `${(Number(policy.total_budget) - Number(policy.signed_amount)).toFixed(2)} 元`,
          },
        ],
      },
      amount: Number(row.total_fee),
      orgCode: row.org_code,
      customerOwnerId: outlet.owner_user_id,
    });
    await logOperation(trx, actor, 'update', `提交陈列协议 ${row.agreement_no}`);
    return { status, notices };
  });
}

// ---- Signing, activation, termination ----

/**
 * 签署 by a photo of the signed paper: APPROVED → SIGNED, the approved amount drawn from the policy's budget (the
 * conditional update refuses when it no longer fits), and ACTIVE at once when the start date has come.
 */
export async function signAgreement(
  db: Kysely<DB>,
  actor: Actor,
  input: { id: string; photoIds: string[] },
): Promise<{ status: AgreementStatus }> {
  return db.transaction().execute(async (trx) => {
    const row = await agreementInScope(trx, actor, input.id, true);
    await bindAttachments(trx, actor.tenantId, DISPLAY_PHOTO_BIZ, row.id, input.photoIds, '签约照片');
    const amount = Number(row.approved_amount ?? row.total_fee);
    let status = await moveAgreement(trx, row, 'sign', actor.userId, {
      sign_photo_ids: JSON.stringify(input.photoIds),
      signed_at: new Date(),
      signed_by: actor.userId,
      budget_consumed: amount,
    });
    await consumeBudget(trx, actor.tenantId, row.policy_id, amount);
    // The text signed on paper, kept as it was (a later template version never changes it).
    const document = displayDocument(row);
    if (document) await storeSnapshot(trx, document, actor.userId);
    if (row.start_date <= shanghaiToday()) {
      status = await moveAgreement(trx, { ...row, status }, 'activate', actor.userId);
    }
    await logOperation(trx, actor, 'update', `签署陈列协议 ${row.agreement_no}（纸质拍照）`);
    return { status };
  });
}

/** The amount of an ended agreement that will never be paid: what it drew less what its payments pay. */
async function unusedAmount(trx: Kysely<DB>, row: AgreementRow): Promise<number> {
  const { paid } = await trx
    .selectFrom('display_payments')
    .select(sql<string>`coalesce(sum(payable_amount), 0)`.as('paid'))
    .where('agreement_id', '=', row.id)
    .where('status', 'in', ['PENDING_CALC', 'PENDING_PAY', 'PAID', 'HELD'])
    .executeTakeFirstOrThrow();
  return Math.max(0, money(Number(row.budget_consumed) - Number(paid)));
}

/**
 * 终止 with its reason (DOMAIN §1.8): a 按季 or 到期一次 payout planned beyond this month is dropped and the months
 * it had served are paid by one filed under this month; then the unused budget and the outlet go back to the policy.
 */
export async function terminateAgreement(
  db: Kysely<DB>,
  actor: Actor,
  input: { id: string; reason: TerminationReason; remark?: string | null },
): Promise<{ status: AgreementStatus; returned: string }> {
  return db.transaction().execute(async (trx) => {
    const row = await agreementInScope(trx, actor, input.id, true);
    const today = shanghaiToday();
    const status = await moveAgreement(trx, row, 'terminate', actor.userId, {
      termination_reason: input.reason,
      termination_remark: input.remark?.trim() || null,
      terminated_on: today,
    });
    const dropped = await trx
      .deleteFrom('display_payments')
      .where('agreement_id', '=', row.id)
      .where('period', '>', today.slice(0, 7))
      .where('status', '!=', 'PAID')
      .returning('id')
      .execute();
    if (dropped.length > 0) await computeDisplayPayments(trx, row.tenant_id, today.slice(0, 7), row.id);
    const unused = await unusedAmount(trx, row);
    await returnBudget(trx, actor.tenantId, row.policy_id, unused, true);
    await logOperation(
      trx,
      actor,
      'update',
      `终止陈列协议 ${row.agreement_no}：${TERMINATION_REASON[input.reason]}，退回预算 ${unused.toFixed(2)} 元`,
    );
    return { status, returned: unused.toFixed(2) };
  });
}

/**
 * The clock of the agreements of a tenant (or all, `tenantId` null): SIGNED → ACTIVE on the start date, ACTIVE or
 * SUSPENDED → EXPIRED after the end date (its unused budget returned; the outlet stays counted as signed).
 */
export async function runAgreementClock(db: Kysely<DB>, tenantId: string | null, today = shanghaiToday()) {
  let activated = 0;
  let expired = 0;
  const due = await db
    .selectFrom('display_agreements')
    .selectAll()
    .select(AGREEMENT_DATES)
    .$if(tenantId !== null, (query) => query.where('tenant_id', '=', tenantId as string))
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'SIGNED'), eb('start_date', '<=', today)]),
        eb.and([eb('status', 'in', ['ACTIVE', 'SUSPENDED']), eb('end_date', '<', today)]),
      ]),
    )
    .execute();
  for (const row of due) {
    await db.transaction().execute(async (trx) => {
      if (row.status === 'SIGNED') {
        await moveAgreement(trx, row, 'activate', null);
        activated += 1;
        if (row.end_date >= today) return;
        row.status = 'ACTIVE';
      }
      await moveAgreement(trx, row, 'expire', null);
      await returnBudget(trx, row.tenant_id, row.policy_id, await unusedAmount(trx, row), false);
      expired += 1;
    });
  }
  return { activated, expired };
}
