// 合作协议 (DOMAIN §1.8): a dealer's (or key outlet's) annual contract made from a published template version.
// States: DRAFT → PENDING_APPROVAL (审批中心, approval.ts) → APPROVED / REJECTED → SIGNED → ACTIVE at the start
// date → EXPIRED after the end date (both by the clock: settleCoopByTime, run by the job runner and before the
// reads that depend on it) | TERMINATED (with a reason); ACTIVE/EXPIRED → RENEWED when 续签 makes the linked
// next agreement. Every change is a conditional UPDATE on the status read (409 to the loser) and an event in
// the agreement's history. The agreement keeps its template version and variable values: its text and PDF are
// renderAgreement(version, values), and signing stores the rendered PDF as its snapshot.
// Agreements belong to the party B customer's department: lists and commands stay in the caller's data scope.
import { sql, type Kysely, type Selectable } from 'kysely';
import { codesOf } from '../../../common/businessEnums';
import {
  COOP_EVENT,
  COOP_STATUS,
  COOP_TRANSITIONS,
  COOPERATION_TYPE,
  EDITABLE_COOP_STATUS,
  type CoopAgreementDetail,
  type CoopAgreementInput,
  type CoopAgreementRecord,
  type CoopCommand,
  type CoopEvent,
  type CoopStatus,
  type VariableValues,
} from '../../../common/agreements';
import { shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import type { CoopAgreementsTable, DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { changedMeanwhile, notFound } from '../shared/commands';
import { dataScopeOf, inScope, orgCodeInScope } from '../shared/dataScope';
import { nextDocumentNo } from '../shared/documentNumbers';
import { documentHtml, documentPdf, storeSnapshot, type AgreementDocument } from './documents';
import { publishedVersionOf } from './templates';

export type CoopRow = Selectable<CoopAgreementsTable>;

/** Orders that count towards a target: every order that was not refused, cancelled or voided. */
const COUNTED_ORDER_STATUSES = [
  'PENDING_AUDIT',
  'PENDING_FINANCE',
  'PENDING_SHIPMENT',
  'PARTIALLY_SHIPPED',
  'SHIPPED',
  'SIGNED',
  'COMPLETED',
] as const;

/** Today in Shanghai as 'YYYY-MM-DD' (the agreement dates are Shanghai calendar days). */
const SHANGHAI_TODAY = sql<string>`(now() at time zone 'Asia/Shanghai')::date`;

async function addEvent(
  trx: Kysely<DB>,
  row: Pick<CoopRow, 'id' | 'tenant_id'>,
  action: CoopEvent,
  from: CoopStatus | null,
  to: CoopStatus | null,
  actorId: string | null,
  note?: string | null,
) {
  await trx
    .insertInto('coop_agreement_events')
    .values({
      id: newId(),
      tenant_id: row.tenant_id,
      agreement_id: row.id,
      action,
      from_status: from,
      to_status: to,
      note: note ?? null,
      actor_id: actorId,
    })
    .execute();
}

/**
 * The clock: SIGNED → ACTIVE once the start date has come, SIGNED/ACTIVE → EXPIRED once the end date has
 * passed; each move is an event. `tenantId` null: every tenant (the job).
 */
export async function settleCoopByTime(db: Kysely<DB>, tenantId: string | null) {
  return db.transaction().execute(async (trx) => {
    const move = async (to: CoopStatus, from: CoopStatus[], due: ReturnType<typeof sql<boolean>>) => {
      const moved = await trx
        .updateTable('coop_agreements')
        .set({ status: to, updated_at: new Date(), version: sql`version + 1` })
        .where('status', 'in', from)
        .where(due)
        .$if(tenantId !== null, (query) => query.where('tenant_id', '=', tenantId!))
        .returning(['id', 'tenant_id', 'status'])
        .execute();
      return moved;
    };
    const expired = await move('EXPIRED', ['SIGNED', 'ACTIVE'], sql<boolean>`end_date < ${SHANGHAI_TODAY}`);
    for (const row of expired) await addEvent(trx, row, 'EXPIRE', null, 'EXPIRED', null, '协议期届满');
    const activated = await move('ACTIVE', ['SIGNED'], sql<boolean>`start_date <= ${SHANGHAI_TODAY}`);
    for (const row of activated)
      await addEvent(trx, row, 'ACTIVATE', 'SIGNED', 'ACTIVE', null, '到达协议开始日期');
    return { activated: activated.length, expired: expired.length };
  });
}

const achievedAmount = sql<string>`(select coalesce(sum(o.goods_amount), 0) from sales_orders o
  where o.tenant_id = coop_agreements.tenant_id and o.buyer_id = coop_agreements.party_b_customer_id
    and o.status in (${sql.join(COUNTED_ORDER_STATUSES.map((status) => sql.lit(status)))})
    and (o.ordered_at at time zone 'Asia/Shanghai')::date between coop_agreements.start_date and coop_agreements.end_date)`;

const daysToEnd = sql<number>`(coop_agreements.end_date - ${SHANGHAI_TODAY})::integer`;

const listSpec: ListSpec = {
  filters: {
    agreementNo: { column: 'coop_agreements.agreement_no', kind: 'text' },
    partyBName: { column: 'customers.name', kind: 'text' },
    partyBCustomerId: { column: 'coop_agreements.party_b_customer_id', kind: 'text' },
    cooperationType: {
      column: 'coop_agreements.cooperation_type',
      kind: 'enum',
      values: codesOf(COOPERATION_TYPE),
    },
    status: { column: 'coop_agreements.status', kind: 'enum', values: codesOf(COOP_STATUS) },
    startDate: { column: 'coop_agreements.start_date', kind: 'date' },
    endDate: { column: 'coop_agreements.end_date', kind: 'date' },
  },
  sorts: {
    agreementNo: 'coop_agreements.agreement_no',
    startDate: 'coop_agreements.start_date',
    endDate: 'coop_agreements.end_date',
    annualTargetAmount: 'coop_agreements.annual_target_amount',
    updateTime: 'coop_agreements.updated_at',
  },
  defaultSort: [
    ['coop_agreements.created_at', 'desc'],
    ['coop_agreements.id', 'desc'],
  ],
  extras: ['expiringWithin30', 'keyword'],
};

/** The agreements of the caller's data scope, with their party B and template. */
async function scoped(db: Kysely<DB>, caller: Caller) {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  return db
    .selectFrom('coop_agreements')
    .innerJoin('customers', 'customers.id', 'coop_agreements.party_b_customer_id')
    .innerJoin('agreement_templates', 'agreement_templates.id', 'coop_agreements.template_id')
    .innerJoin(
      'agreement_template_versions',
      'agreement_template_versions.id',
      'coop_agreements.template_version_id',
    )
    .leftJoin('users as owner', 'owner.id', 'coop_agreements.created_by')
    .where('coop_agreements.tenant_id', '=', caller.tenantId)
    .where(
      inScope(
        scope,
        'coop_agreements.org_code',
        'coop_agreements.created_by',
        'coop_agreements.party_b_customer_id',
      ),
    );
}

type ScopedQuery = Awaited<ReturnType<typeof scoped>>;

const number = (value: string | null) => (value === null ? null : Number(value));

async function recordsOf(query: ScopedQuery) {
  const rows = await query
    .selectAll('coop_agreements')
    .select([
      'customers.name as partyBName',
      'customers.customer_code as partyBCode',
      'agreement_templates.name as templateName',
      'agreement_template_versions.version as templateVersion',
      'owner.realname as ownerName',
      sql<string>`to_char(coop_agreements.start_date, 'YYYY-MM-DD')`.as('startText'),
      sql<string>`to_char(coop_agreements.end_date, 'YYYY-MM-DD')`.as('endText'),
      achievedAmount.as('achieved'),
      daysToEnd.as('daysToEnd'),
      shanghaiDateTime('coop_agreements.updated_at').as('updateTime'),
    ])
    .execute();
  return rows.map((row) => {
    const target = number(row.annual_target_amount);
    const achieved = Number(row.achieved);
    const record: CoopAgreementRecord = {
      id: row.id,
      agreementNo: row.agreement_no,
      partyBCustomerId: row.party_b_customer_id,
      partyBName: row.partyBName,
      partyBCode: row.partyBCode,
      cooperationType: row.cooperation_type,
      cooperationType_dictText: COOPERATION_TYPE[row.cooperation_type],
      startDate: row.startText,
      endDate: row.endText,
      annualTargetAmount: target,
      annualTargetCases: number(row.annual_target_cases),
      depositAmount: number(row.deposit_amount),
      achievedAmount: achieved,
      completionRate: target ? Math.round((achieved / target) * 10000) / 10000 : null,
      templateName: row.templateName,
      templateVersion: row.templateVersion,
      status: row.status,
      status_dictText: COOP_STATUS[row.status],
      daysToEnd: row.daysToEnd,
      previousAgreementId: row.previous_agreement_id,
      ownerName: row.ownerName,
      updateTime: row.updateTime,
    };
    return { row, record };
  });
}

export async function listCoopAgreements(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  await settleCoopByTime(db, caller.tenantId);
  const list = parseListQuery(query, listSpec);
  let base = (await scoped(db, caller)).where(list.where);
  if (list.extras.expiringWithin30 === 'true' || list.extras.expiringWithin30 === '1') {
    // 30天内到期: running agreements whose end date is within the next 30 days.
    base = base
      .where('coop_agreements.status', 'in', ['SIGNED', 'ACTIVE'])
      .where(sql<boolean>`coop_agreements.end_date between ${SHANGHAI_TODAY} and ${SHANGHAI_TODAY} + 30`);
  }
  const keyword = list.extras.keyword?.trim();
  if (keyword) {
    const pattern = `%${keyword.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('coop_agreements.agreement_no', 'ilike', pattern),
        eb('customers.name', 'ilike', pattern),
        eb('customers.customer_code', 'ilike', pattern),
      ]),
    );
  }
  return pagedList(base, list, async (page) => (await recordsOf(page)).map((each) => each.record));
}

/** An agreement of the caller's scope; notFound otherwise. */
export async function coopInScope(db: Kysely<DB>, caller: Caller, id: string): Promise<CoopRow> {
  const row = await (
    await scoped(db, caller)
  )
    .selectAll('coop_agreements')
    .where('coop_agreements.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('合作协议');
  return row;
}

export async function coopAgreementById(
  db: Kysely<DB>,
  caller: Caller,
  id: string,
): Promise<CoopAgreementDetail> {
  await settleCoopByTime(db, caller.tenantId);
  const [found] = await recordsOf((await scoped(db, caller)).where('coop_agreements.id', '=', id));
  if (!found) throw notFound('合作协议');
  const { row, record } = found;
  const months = await db
    .selectFrom('sales_orders')
    .select([
      sql<number>`extract(month from ordered_at at time zone 'Asia/Shanghai')::integer`.as('month'),
      sql<string>`coalesce(sum(goods_amount), 0)`.as('amount'),
      sql<string>`coalesce(sum(total_cases), 0)`.as('cases'),
    ])
    .where('tenant_id', '=', caller.tenantId)
    .where('buyer_id', '=', row.party_b_customer_id)
    .where('status', 'in', COUNTED_ORDER_STATUSES)
    .where(
      sql<boolean>`(ordered_at at time zone 'Asia/Shanghai')::date between ${record.startDate}::date and ${record.endDate}::date`,
    )
    .groupBy(sql`1`)
    .execute();
  const history = await db
    .selectFrom('coop_agreement_events')
    .leftJoin('users', 'users.id', 'coop_agreement_events.actor_id')
    .selectAll('coop_agreement_events')
    .select(['users.realname as actorName', shanghaiDateTime('coop_agreement_events.created_at').as('time')])
    .where('coop_agreement_events.agreement_id', '=', id)
    .orderBy('coop_agreement_events.created_at')
    .orderBy('coop_agreement_events.id')
    .execute();
  const renewal = await db
    .selectFrom('coop_agreements')
    .select('id')
    .where('previous_agreement_id', '=', id)
    .executeTakeFirst();
  const signed = await db
    .selectFrom('coop_agreements')
    .select(shanghaiDateTime<string | null>('signed_at').as('signedText'))
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    ...record,
    templateId: row.template_id,
    templateVersionId: row.template_version_id,
    territory: row.territory,
    channels: row.channels,
    monthlyTargets: row.monthly_targets,
    monthly: Array.from({ length: 12 }, (_, index) => ({
      month: index + 1,
      target: row.monthly_targets[index] ?? 0,
      achieved: Number(months.find((each) => each.month === index + 1)?.amount ?? 0),
    })),
    achievedCases: months.reduce((sum, each) => sum + Number(each.cases), 0),
    creditLimit: number(row.credit_limit),
    paymentTerms: row.payment_terms,
    exclusivity: row.exclusivity,
    penaltyTerms: row.penalty_terms,
    rebatePolicyIds: row.rebate_policy_ids,
    variableValues: row.variable_values,
    signedAt: signed.signedText,
    snapshotFileId: row.snapshot_file_id,
    terminationReason: row.termination_reason,
    renewedById: renewal?.id ?? null,
    history: history.map((event) => ({
      id: event.id,
      action: event.action,
      action_dictText: COOP_EVENT[event.action],
      fromStatus: event.from_status,
      toStatus: event.to_status,
      note: event.note,
      actorName: event.actorName,
      time: event.time,
    })),
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Checks what a schema cannot and gives the row's values, the template version and the variable values. */
async function valuesOf(db: Kysely<DB>, actor: Actor, input: CoopAgreementInput, agreementNo: string) {
  if (!DATE.test(input.startDate) || !DATE.test(input.endDate))
    throw new BusinessError(400, '协议期请填写日期（YYYY-MM-DD）');
  if (input.startDate > input.endDate) throw new BusinessError(400, '结束日期须不早于开始日期');
  const monthly = input.monthlyTargets ?? [];
  if (monthly.length !== 0 && monthly.length !== 12) throw new BusinessError(400, '月度目标须为 12 个月');
  const customer = await db
    .selectFrom('customers')
    .select(['id', 'name', 'org_code'])
    .where('id', '=', input.partyBCustomerId)
    .where('tenant_id', '=', actor.tenantId)
    .executeTakeFirst();
  if (!customer) throw new BusinessError(400, '乙方客户不存在');
  const scope = await dataScopeOf(db, actor.tenantId, actor.userId);
  if (scope.orgCodes.length > 0 && !orgCodeInScope(scope, customer.org_code))
    throw new BusinessError(403, '乙方客户不在您的数据范围内');
  const version = await publishedVersionOf(db, actor.tenantId, input.templateId, 'COOPERATION');
  const tenant = await db
    .selectFrom('tenants')
    .select('name')
    .where('tenant_id', '=', actor.tenantId)
    .executeTakeFirstOrThrow();
  const standard: VariableValues = {
    agreementNo,
    partyA: tenant.name,
    partyB: customer.name,
    cooperationType: COOPERATION_TYPE[input.cooperationType],
    startDate: input.startDate,
    endDate: input.endDate,
    territory: input.territory ?? null,
    annualTargetAmount: input.annualTargetAmount ?? null,
    annualTargetCases: input.annualTargetCases ?? null,
    depositAmount: input.depositAmount ?? null,
    paymentTerms: input.paymentTerms ?? null,
    penaltyTerms: input.penaltyTerms ?? null,
    monthlyTargets: monthly.map((target, index) => ({ month: `${index + 1}月`, target })),
  };
  return {
    version,
    row: {
      party_b_customer_id: customer.id,
      cooperation_type: input.cooperationType,
      start_date: input.startDate,
      end_date: input.endDate,
      territory: input.territory?.trim() || null,
      channels: input.channels?.trim() || null,
      annual_target_cases: input.annualTargetCases ?? null,
      annual_target_amount: input.annualTargetAmount ?? null,
      monthly_targets: JSON.stringify(monthly),
      deposit_amount: input.depositAmount ?? null,
      credit_limit: input.creditLimit ?? null,
      payment_terms: input.paymentTerms?.trim() || null,
      rebate_policy_ids: JSON.stringify(input.rebatePolicyIds ?? []),
      exclusivity: input.exclusivity ?? false,
      penalty_terms: input.penaltyTerms?.trim() || null,
      template_id: version.template_id,
      template_version_id: version.id,
      // The agreement's own fields win over a template variable of the same name.
      variable_values: JSON.stringify({ ...(input.variableValues ?? {}), ...standard }),
      org_code: customer.org_code,
    },
  };
}

export async function addCoopAgreement(
  db: Kysely<DB>,
  actor: Actor,
  input: CoopAgreementInput,
  previous?: CoopRow,
): Promise<{ id: string; agreementNo: string }> {
  const run = async (trx: Kysely<DB>) => {
    const agreementNo = await nextDocumentNo(trx, actor.tenantId, 'CA');
    const { row } = await valuesOf(trx, actor, input, agreementNo);
    const id = newId();
    await trx
      .insertInto('coop_agreements')
      .values({
        ...row,
        id,
        tenant_id: actor.tenantId,
        agreement_no: agreementNo,
        previous_agreement_id: previous?.id ?? null,
        created_by: actor.userId,
        updated_by: actor.userId,
      })
      .execute();
    await addEvent(
      trx,
      { id, tenant_id: actor.tenantId },
      'CREATE',
      null,
      'DRAFT',
      actor.userId,
      previous ? `由 ${previous.agreement_no} 续签` : null,
    );
    await logOperation(trx, actor, 'add', `新增合作协议 ${agreementNo}`);
    return { id, agreementNo };
  };
  return previous ? run(db) : db.transaction().execute(run);
}

export async function editCoopAgreement(db: Kysely<DB>, actor: Actor, id: string, input: CoopAgreementInput) {
  return db.transaction().execute(async (trx) => {
    const current = await coopInScope(trx, actor, id);
    if (!EDITABLE_COOP_STATUS.includes(current.status))
      throw new BusinessError(409, `当前状态为「${COOP_STATUS[current.status]}」，不能编辑`);
    const { row } = await valuesOf(trx, actor, input, current.agreement_no);
    const changed = await trx
      .updateTable('coop_agreements')
      .set({ ...row, updated_by: actor.userId, updated_at: new Date(), version: sql`version + 1` })
      .where('id', '=', id)
      .where('version', '=', current.version)
      .where('status', 'in', EDITABLE_COOP_STATUS)
      .returning('id')
      .executeTakeFirst();
    if (!changed) throw changedMeanwhile('合作协议');
    await addEvent(trx, current, 'EDIT', current.status, current.status, actor.userId);
    await logOperation(trx, actor, 'update', `编辑合作协议 ${current.agreement_no}`);
    return { id };
  });
}

const transitionOf = (command: CoopCommand) => COOP_TRANSITIONS.find((each) => each.command === command)!;

/** Moves an agreement by a user's command: the conditional UPDATE on the status read, and its event. */
export async function moveCoop(
  trx: Kysely<DB>,
  actor: Actor,
  row: CoopRow,
  command: CoopCommand,
  extra: Partial<{ termination_reason: string; signed_at: Date; snapshot_file_id: string }> = {},
  note?: string | null,
): Promise<CoopStatus> {
  const transition = transitionOf(command);
  if (!transition.from.includes(row.status))
    throw new BusinessError(409, `当前状态为「${COOP_STATUS[row.status]}」，不能${transition.label}`);
  const moved = await trx
    .updateTable('coop_agreements')
    .set({
      ...extra,
      status: transition.to,
      updated_by: actor.userId,
      updated_at: new Date(),
      version: sql`version + 1`,
    })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .returning('id')
    .executeTakeFirst();
  if (!moved) throw changedMeanwhile('合作协议');
  await addEvent(trx, row, command as CoopEvent, row.status, transition.to, actor.userId, note);
  await logOperation(trx, actor, 'update', `合作协议${transition.label} ${row.agreement_no}`);
  return transition.to;
}

/** The agreement's document: its stored template version with its stored values (never the template's draft). */
const coopDocument = (row: CoopRow): AgreementDocument => ({
  tenantId: row.tenant_id,
  kind: 'COOPERATION',
  agreementId: row.id,
  agreementNo: row.agreement_no,
  title: `合作协议 ${row.agreement_no}`,
  templateVersionId: row.template_version_id,
  values: row.variable_values,
});

/** 签署: APPROVED → SIGNED, the rendered PDF stored as the snapshot; ACTIVE at once if the start has come. */
export async function signCoop(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  input: { signedAt?: string | null; signatureFileIds?: string[] },
): Promise<{ status: CoopStatus }> {
  const status = await db.transaction().execute(async (trx) => {
    const row = await coopInScope(trx, actor, id);
    const transition = transitionOf('SIGN');
    if (!transition.from.includes(row.status))
      throw new BusinessError(409, `当前状态为「${COOP_STATUS[row.status]}」，不能签署`);
    const snapshotId = await storeSnapshot(trx, coopDocument(row), actor.userId);
    const signedAt = input.signedAt ? new Date(`${input.signedAt.slice(0, 10)}T12:00:00+08:00`) : new Date();
    if (Number.isNaN(signedAt.getTime())) throw new BusinessError(400, '签署日期格式不正确');
    if (input.signatureFileIds?.length) {
      await trx
        .updateTable('coop_agreements')
        .set({ signature_file_ids: JSON.stringify(input.signatureFileIds) })
        .where('id', '=', row.id)
        .execute();
    }
    return moveCoop(trx, actor, row, 'SIGN', { signed_at: signedAt, snapshot_file_id: snapshotId });
  });
  await settleCoopByTime(db, actor.tenantId);
  const now = await db.selectFrom('coop_agreements').select('status').where('id', '=', id).executeTakeFirst();
  return { status: now?.status ?? status };
}

export async function terminateCoop(db: Kysely<DB>, actor: Actor, id: string, reason: string) {
  const text = reason.trim();
  if (!text) throw new BusinessError(400, '请填写终止原因');
  await settleCoopByTime(db, actor.tenantId);
  return db.transaction().execute(async (trx) => {
    const row = await coopInScope(trx, actor, id);
    return { status: await moveCoop(trx, actor, row, 'TERMINATE', { termination_reason: text }, text) };
  });
}

const addYear = (date: string) => {
  const [year, month, day] = date.split('-').map(Number);
  const next = new Date(Date.UTC(year + 1, month - 1, day));
  return next.toISOString().slice(0, 10);
};
const nextDay = (date: string) => {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
};

/**
 * 续签: ACTIVE/EXPIRED → RENEWED, and a new DRAFT with the same terms for the next year from the template's
 * latest published version, linked by previousAgreementId (the old one keeps its history).
 */
export async function renewCoop(db: Kysely<DB>, actor: Actor, id: string) {
  await settleCoopByTime(db, actor.tenantId);
  return db.transaction().execute(async (trx) => {
    const row = await coopInScope(trx, actor, id);
    const start = await trx
      .selectFrom('coop_agreements')
      .select([
        sql<string>`to_char(start_date, 'YYYY-MM-DD')`.as('start'),
        sql<string>`to_char(end_date, 'YYYY-MM-DD')`.as('end'),
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await moveCoop(trx, actor, row, 'RENEW');
    const startDate = nextDay(start.end);
    const custom = { ...row.variable_values };
    const created = await addCoopAgreement(
      trx,
      actor,
      {
        partyBCustomerId: row.party_b_customer_id,
        cooperationType: row.cooperation_type,
        templateId: row.template_id,
        startDate,
        endDate: addYear(start.end),
        territory: row.territory,
        channels: row.channels,
        annualTargetCases: number(row.annual_target_cases),
        annualTargetAmount: number(row.annual_target_amount),
        monthlyTargets: row.monthly_targets,
        depositAmount: number(row.deposit_amount),
        creditLimit: number(row.credit_limit),
        paymentTerms: row.payment_terms,
        exclusivity: row.exclusivity,
        penaltyTerms: row.penalty_terms,
        rebatePolicyIds: row.rebate_policy_ids,
        variableValues: custom,
      },
      row,
    );
    return { status: 'RENEWED' as CoopStatus, renewedId: created.id, agreementNo: created.agreementNo };
  });
}

/** 下载PDF: the signed snapshot when there is one, else the agreement rendered now (a draft's preview). */
export async function coopPdf(
  db: Kysely<DB>,
  caller: Caller,
  id: string,
): Promise<{ fileName: string; content: Buffer }> {
  return documentPdf(db, coopDocument(await coopInScope(db, caller, id)));
}

/** The agreement's text as HTML (the detail page's 协议正文). */
export async function coopHtml(db: Kysely<DB>, caller: Caller, id: string): Promise<{ html: string }> {
  const row = await coopInScope(db, caller, id);
  return { html: await documentHtml(db, coopDocument(row)) };
}
