// Rebate policies (DOMAIN §1.9): the 返利政策 list, a policy's detail, add and edit (DRAFT and REJECTED only),
// and its state machine — 提交 into the 审批中心 (REBATE_POLICY; the outcome moves PENDING_APPROVAL to ACTIVE,
// REJECTED or back to DRAFT), 结束 and 作废. Every state change is a conditional UPDATE on the status read: of two
// operators acting at once the second gets 409. Policies belong to their creator's department: lists and
// commands stay in the caller's data scope.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { codesOf } from '../../../common/businessEnums';
import {
  EDITABLE_POLICY_STATUS,
  REBATE_BASIS,
  REBATE_BENEFIT,
  REBATE_PERIOD,
  REBATE_POLICY_STATUS,
  REBATE_POLICY_TRANSITIONS,
  REBATE_TARGET,
  tierProblem,
  type RebatePolicyCommand,
  type RebatePolicyInput,
  type RebatePolicyRecord,
  type RebatePolicyStatus,
} from '../../../common/rebates';
import { isoDate, shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import type { DB, RebatePoliciesTable } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import {
  registerApprovalHandler,
  startApproval,
  type ApprovalOutcome,
  type TaskNotice,
} from '../approvals/engine';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { changedMeanwhile, notFound } from '../shared/commands';
import { dataScopeOf, inScope } from '../shared/dataScope';
import { nextDocumentNo } from '../shared/documentNumbers';

export type PolicyRow = Selectable<RebatePoliciesTable> & { startText: string; endText: string };

const listSpec: ListSpec = {
  filters: {
    policyNo: { column: 'rebate_policies.policy_no', kind: 'text' },
    name: { column: 'rebate_policies.name', kind: 'text' },
    basis: { column: 'rebate_policies.basis', kind: 'enum', values: codesOf(REBATE_BASIS) },
    periodType: { column: 'rebate_policies.period_type', kind: 'enum', values: codesOf(REBATE_PERIOD) },
    status: { column: 'rebate_policies.status', kind: 'enum', values: codesOf(REBATE_POLICY_STATUS) },
  },
  sorts: {
    policyNo: 'rebate_policies.policy_no',
    startDate: 'rebate_policies.start_date',
    updateTime: 'rebate_policies.updated_at',
  },
  defaultSort: [
    ['rebate_policies.created_at', 'desc'],
    ['rebate_policies.id', 'desc'],
  ],
};

async function scoped(db: Kysely<DB>, caller: Caller) {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  return db
    .selectFrom('rebate_policies')
    .where('rebate_policies.tenant_id', '=', caller.tenantId)
    .where(inScope(scope, 'rebate_policies.org_code', 'rebate_policies.created_by'));
}

const policyColumns = [
  isoDate('rebate_policies.start_date').as('startText'),
  isoDate('rebate_policies.end_date').as('endText'),
  shanghaiDateTime('rebate_policies.updated_at').as('updateTime'),
] as const;

export function policyRecordOf(row: PolicyRow & { updateTime: string }): RebatePolicyRecord {
  return {
    id: row.id,
    policyNo: row.policy_no,
    name: row.name,
    targetType: row.target_type,
    targetType_dictText: REBATE_TARGET[row.target_type],
    basis: row.basis,
    basis_dictText: REBATE_BASIS[row.basis],
    periodType: row.period_type,
    periodType_dictText: REBATE_PERIOD[row.period_type],
    startDate: row.startText,
    endDate: row.endText,
    graceDays: row.grace_days,
    customerScope: row.customer_scope,
    skuIds: row.sku_ids,
    tiers: row.tiers,
    capAmount: row.cap_amount === null ? null : Number(row.cap_amount),
    maxDeductRatio: Number(row.max_deduct_ratio),
    remark: row.remark,
    status: row.status,
    status_dictText: REBATE_POLICY_STATUS[row.status],
    updateTime: row.updateTime,
  };
}

export async function listPolicies(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, listSpec);
  const base = (await scoped(db, caller)).where(list.where);
  return pagedList(base, list, async (page) =>
    (await page.selectAll('rebate_policies').select(policyColumns).execute()).map(policyRecordOf),
  );
}

/** A policy of the caller's data scope, or 404. */
export async function policyInScope(db: Kysely<DB>, caller: Caller, id: string) {
  const row = await (
    await scoped(db, caller)
  )
    .selectAll('rebate_policies')
    .select(policyColumns)
    .where('rebate_policies.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('返利政策');
  return row;
}

export async function policyById(db: Kysely<DB>, caller: Caller, id: string) {
  return policyRecordOf(await policyInScope(db, caller, id));
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The policy's columns from its input, or a 400 saying what is wrong. */
function columnsOf(input: RebatePolicyInput) {
  if (!DATE.test(input.startDate) || !DATE.test(input.endDate) || Number.isNaN(Date.parse(input.startDate)))
    throw new BusinessError(400, '政策期格式应为 YYYY-MM-DD');
  if (input.startDate > input.endDate) throw new BusinessError(400, '政策开始日期不能晚于结束日期');
  const tiers = [...input.tiers].sort((a, b) => a.minValue - b.minValue);
  const problem = tierProblem(tiers);
  if (problem) throw new BusinessError(400, problem);
  for (const tier of tiers) {
    if (!REBATE_BENEFIT[tier.benefitType]) throw new BusinessError(400, '返利方式不正确');
  }
  return {
    name: input.name.trim(),
    target_type: input.targetType,
    basis: input.basis,
    period_type: input.periodType,
    start_date: input.startDate,
    end_date: input.endDate,
    grace_days: input.graceDays,
    customer_scope: JSON.stringify(input.customerScope ?? {}),
    sku_ids: JSON.stringify(input.skuIds ?? []),
    tiers: JSON.stringify(tiers.map((tier, index) => ({ ...tier, tierNo: index + 1 }))),
    cap_amount: input.capAmount,
    max_deduct_ratio: input.maxDeductRatio,
    remark: input.remark ?? null,
  };
}

export async function addPolicy(db: Kysely<DB>, actor: Actor, input: RebatePolicyInput) {
  const columns = columnsOf(input);
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select('org_code')
      .where('id', '=', actor.userId)
      .executeTakeFirst();
    const id = newId();
    const policyNo = await nextDocumentNo(trx, actor.tenantId, 'FL');
    await trx
      .insertInto('rebate_policies')
      .values({
        ...columns,
        id,
        tenant_id: actor.tenantId,
        policy_no: policyNo,
        org_code: user?.org_code ?? '',
        created_by: actor.userId,
        updated_by: actor.userId,
      })
      .execute();
    await logOperation(trx, actor, 'add', `新增返利政策 ${policyNo}（${columns.name}）`);
    return { id, policyNo };
  });
}

export async function editPolicy(db: Kysely<DB>, actor: Actor, id: string, input: RebatePolicyInput) {
  const columns = columnsOf(input);
  return db.transaction().execute(async (trx) => {
    const row = await policyInScope(trx, actor, id);
    if (!EDITABLE_POLICY_STATUS.includes(row.status))
      throw new BusinessError(409, `当前状态为「${REBATE_POLICY_STATUS[row.status]}」，不能编辑`);
    const saved = await trx
      .updateTable('rebate_policies')
      .set({ ...columns, updated_by: actor.userId, updated_at: new Date(), version: sql`version + 1` })
      .where('id', '=', row.id)
      .where('version', '=', row.version)
      .where('status', 'in', EDITABLE_POLICY_STATUS)
      .returning('id')
      .executeTakeFirst();
    if (!saved) throw changedMeanwhile('返利政策');
    await logOperation(trx, actor, 'update', `编辑返利政策 ${row.policy_no}（${columns.name}）`);
    return { id };
  });
}

/** Moves a policy by a command of its state table; 409 when its state does not allow it or changed meanwhile. */
async function movePolicy(
  trx: Kysely<DB>,
  actor: Actor,
  row: PolicyRow,
  command: RebatePolicyCommand,
): Promise<RebatePolicyStatus> {
  const transition = REBATE_POLICY_TRANSITIONS[command];
  if (!transition.from.includes(row.status))
    throw new BusinessError(
      409,
      `当前状态为「${REBATE_POLICY_STATUS[row.status]}」，不能${transition.label}`,
    );
  const moved = await trx
    .updateTable('rebate_policies')
    .set({
      status: transition.to,
      updated_by: actor.userId,
      updated_at: new Date(),
      version: sql`version + 1`,
    })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .returning('id')
    .executeTakeFirst();
  if (!moved) throw changedMeanwhile('返利政策');
  await logOperation(trx, actor, 'update', `返利政策${transition.label} ${row.policy_no}（${row.name}）`);
  return transition.to;
}

export async function changePolicy(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  command: Exclude<RebatePolicyCommand, 'SUBMIT'>,
) {
  return db.transaction().execute(async (trx) => ({
    status: await movePolicy(trx, actor, await policyInScope(trx, actor, id), command),
  }));
}

async function settle(trx: Transaction<DB>, outcome: ApprovalOutcome, to: RebatePolicyStatus) {
  const moved = await trx
    .updateTable('rebate_policies')
    .set({ status: to, updated_by: outcome.actorId, updated_at: new Date(), version: sql`version + 1` })
    .where('id', '=', outcome.bizId)
    .where('tenant_id', '=', outcome.tenantId)
    .where('status', '=', 'PENDING_APPROVAL')
    .returning('id')
    .executeTakeFirst();
  if (!moved) throw changedMeanwhile('返利政策');
}

registerApprovalHandler({
  bizType: 'REBATE_POLICY',
  approved: (trx, outcome) => settle(trx, outcome, 'ACTIVE'),
  rejected: (trx, outcome) => settle(trx, outcome, 'REJECTED'),
  withdrawn: (trx, outcome) => settle(trx, outcome, 'DRAFT'),
});

const tierText = (row: PolicyRow) =>
  row.tiers
    .map(
      (tier) =>
        `${tier.label || `第${tier.tierNo}档`} [${tier.minValue}, ${tier.maxValue ?? '∞'})：${
          tier.benefitType === 'PERCENT' ? `${tier.benefitValue}%` : `${tier.benefitValue}元`
        }`,
    )
    .join('；');

/** 提交: DRAFT/REJECTED → PENDING_APPROVAL and its approval started, in one transaction. */
export async function submitPolicy(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
): Promise<{ status: RebatePolicyStatus; notices: TaskNotice[] }> {
  return db.transaction().execute(async (trx) => {
    const row = await policyInScope(trx, actor, id);
    const status = await movePolicy(trx, actor, row, 'SUBMIT');
    const { notices } = await startApproval(trx, {
      tenantId: actor.tenantId,
      initiatorId: actor.userId,
      bizType: 'REBATE_POLICY',
      bizId: row.id,
      bizNo: row.policy_no,
      title: `返利政策：${row.name}`,
      summary: {
        fields: [
          { label: '政策编号', value: row.policy_no },
          { label: '政策名称', value: row.name },
          { label: '返利对象', value: REBATE_TARGET[row.target_type] },
          { label: '计算基数', value: REBATE_BASIS[row.basis] },
          { label: '核算周期', value: `${REBATE_PERIOD[row.period_type]}，宽限 ${row.grace_days} 天` },
          { label: '政策期', value: `${row.startText} 至 ${row.endText}` },
          { label: '返利档位', value: tierText(row) },
          { label: '封顶', value: row.cap_amount === null ? '不封顶' : `${row.cap_amount} 元` },
          { label: '单笔抵扣上限', value: `${Math.round(Number(row.max_deduct_ratio) * 100)}%` },
        ],
      },
      amount: row.cap_amount === null ? null : Number(row.cap_amount),
      quantity: null,
      orgCode: row.org_code || null,
    });
    return { status, notices };
  });
}
