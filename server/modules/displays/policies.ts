// 陈列方案 (DOMAIN §1.8 DisplayPolicy): the budget envelope display agreements draw from — total budget, a cap per
// outlet and a number of outlets — with its burn-down (signed outlets and amount, kept on the policy by the
// signing's conditional update, so concurrent signings never overdraw it) and its states DRAFT → PENDING_APPROVAL
// → ACTIVE → CLOSED.
import { sql, type Kysely, type Selection } from 'kysely';
import {
  DISPLAY_COST_TYPE,
  DISPLAY_FEE_TYPE,
  DISPLAY_TYPE,
  INSPECTION_FREQUENCY,
  POLICY_STATUS,
  POLICY_TRANSITIONS,
  type DisplayCostType,
  type DisplayFeeType,
  type DisplayType,
  type InspectionFrequency,
  type PolicyAction,
  type PolicyStatus,
} from '../../../common/displays';
import { codesOf } from '../../../common/businessEnums';
import { isoDate, shanghaiDateTime } from '../../db/dates';
import type { DB, DisplayStandard } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import type { Actor, Caller } from '../shared/actor';
import { changedMeanwhile, notFound, saveTenantRow } from '../shared/commands';
import { trackChange } from '../shared/changeHistory';
import { nextDocumentNo } from '../shared/documentNumbers';

export interface PolicyInput {
  name: string;
  costType: DisplayCostType;
  orgCode: string;
  startDate: string;
  endDate: string;
  displayTypes: DisplayType[];
  standard?: DisplayStandard;
  standardPhotoId?: string | null;
  totalBudget: number;
  perOutletCap: number;
  maxOutlets: number;
  partialRatio?: number;
  inspectionFrequency: InspectionFrequency;
  paymentModes: DisplayFeeType[];
  remark?: string | null;
}

const policySpec: ListSpec = {
  filters: {
    policyNo: { column: 'policy_no', kind: 'text' },
    name: { column: 'name', kind: 'text' },
    costType: { column: 'cost_type', kind: 'enum', values: codesOf(DISPLAY_COST_TYPE) },
    status: { column: 'status', kind: 'enum', values: codesOf(POLICY_STATUS) },
    startDate: { column: 'start_date', kind: 'date' },
  },
  sorts: { policyNo: 'policy_no', startDate: 'start_date', createTime: 'created_at' },
  defaultSort: [
    ['created_at', 'desc'],
    ['id', 'desc'],
  ],
};

const policyColumns = [
  'id',
  'policy_no as policyNo',
  'name',
  'cost_type as costType',
  'org_code as orgCode',
  isoDate('start_date').as('startDate'),
  isoDate('end_date').as('endDate'),
  'display_types as displayTypes',
  'standard',
  'standard_photo_id as standardPhotoId',
  'total_budget as totalBudget',
  'per_outlet_cap as perOutletCap',
  'max_outlets as maxOutlets',
  'signed_outlets as signedOutlets',
  'signed_amount as signedAmount',
  'partial_ratio as partialRatio',
  'inspection_frequency as inspectionFrequency',
  'payment_modes as paymentModes',
  'status',
  'remark',
  'version',
  shanghaiDateTime('created_at').as('createTime'),
] as const;

type PolicyRow = Selection<DB, 'display_policies', (typeof policyColumns)[number]>;

/** A policy as the API shows it: labels and the burn-down (what is left of budget and outlets, in %). */
function presented(row: PolicyRow) {
  const budget = Number(row.totalBudget);
  const signed = Number(row.signedAmount);
  return {
    ...row,
    costType_dictText: DISPLAY_COST_TYPE[row.costType],
    status_dictText: POLICY_STATUS[row.status],
    displayTypes_dictText: row.displayTypes.map((type) => DISPLAY_TYPE[type]).join('、'),
    paymentModes_dictText: row.paymentModes.map((mode) => DISPLAY_FEE_TYPE[mode]).join('、'),
    inspectionFrequency_dictText: INSPECTION_FREQUENCY[row.inspectionFrequency],
    remainingBudget: (budget - signed).toFixed(2),
    remainingOutlets: row.maxOutlets - row.signedOutlets,
    budgetUsedPercent: budget > 0 ? Math.round((signed / budget) * 1000) / 10 : 0,
    outletsUsedPercent: row.maxOutlets > 0 ? Math.round((row.signedOutlets / row.maxOutlets) * 1000) / 10 : 0,
  };
}

export type PolicyRecord = ReturnType<typeof presented>;

export async function listPolicies(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, policySpec);
  const base = db.selectFrom('display_policies').where('tenant_id', '=', caller.tenantId).where(list.where);
  return pagedList(base, list, async (page) => (await page.select(policyColumns).execute()).map(presented));
}

export async function policyById(db: Kysely<DB>, tenantId: string, id: string) {
  const row = await db
    .selectFrom('display_policies')
    .select(policyColumns)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('陈列方案');
  return presented(row);
}

function checkPolicy(input: PolicyInput) {
  if (input.startDate > input.endDate) throw new BusinessError(400, '执行期结束日期不能早于开始日期');
  if (input.perOutletCap > input.totalBudget) throw new BusinessError(400, '单店上限不能超过总预算');
  if (new Set(input.displayTypes).size !== input.displayTypes.length)
    throw new BusinessError(400, '陈列形式不能重复');
}

/** Adds a draft policy, or edits one still in draft (its 变更记录 kept as DISPLAY_POLICY). */
export async function savePolicy(db: Kysely<DB>, actor: Actor, input: PolicyInput, id?: string) {
  checkPolicy(input);
  return db.transaction().execute(async (trx) => {
    const depart = await trx
      .selectFrom('departs')
      .select('id')
      .where('tenant_id', '=', actor.tenantId)
      .where('org_code', '=', input.orgCode)
      .executeTakeFirst();
    if (!depart) throw new BusinessError(400, '适用组织不存在');
    const values = {
      name: input.name.trim(),
      cost_type: input.costType,
      org_code: input.orgCode,
      start_date: input.startDate,
      end_date: input.endDate,
      display_types: JSON.stringify(input.displayTypes),
      standard: JSON.stringify(input.standard ?? {}),
      standard_photo_id: input.standardPhotoId ?? null,
      total_budget: input.totalBudget,
      per_outlet_cap: input.perOutletCap,
      max_outlets: input.maxOutlets,
      partial_ratio: input.partialRatio ?? 0.5,
      inspection_frequency: input.inspectionFrequency,
      payment_modes: JSON.stringify(input.paymentModes),
      remark: input.remark?.trim() || null,
      updated_by: actor.userId,
    };
    const policyNo = id === undefined ? await nextDocumentNo(trx, actor.tenantId, 'DP') : undefined;
    return saveTenantRow(
      trx,
      actor,
      'display_policies',
      id,
      policyNo ? { ...values, policy_no: policyNo } : (values as typeof values & { policy_no: string }),
      {
        uniqueKeys: { display_policies_no_uq: '方案编号已存在' },
        what: '陈列方案',
        described: `陈列方案 ${values.name}`,
        where: sql<boolean>`status = 'DRAFT'`,
      },
    );
  });
}

/**
 * 提交 / 批准 / 退回 / 关闭: the table of POLICY_TRANSITIONS, applied with a conditional update (the loser of two
 * at once gets 409). Closing stops new agreements; the signed ones run to their end.
 */
export async function movePolicy(db: Kysely<DB>, actor: Actor, id: string, action: PolicyAction) {
  const transition = POLICY_TRANSITIONS[action];
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('display_policies')
      .select(['id', 'name', 'status'])
      .where('tenant_id', '=', actor.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('陈列方案');
    if (!(transition.from as readonly PolicyStatus[]).includes(row.status))
      throw new BusinessError(409, `当前状态为「${POLICY_STATUS[row.status]}」，不能${transition.action}`);
    const change = await trackChange(trx, actor, 'display_policies', id);
    const moved = await trx
      .updateTable('display_policies')
      .set({
        status: transition.to,
        updated_by: actor.userId,
        updated_at: new Date(),
        version: sql`version + 1`,
      })
      .where('id', '=', id)
      .where('status', '=', row.status)
      .returning('id')
      .executeTakeFirst();
    if (!moved) throw changedMeanwhile('陈列方案');
    await change.log('update', `${transition.action}陈列方案 ${row.name}`);
    return { id, status: transition.to as PolicyStatus };
  });
}

/**
 * Draws an agreement's amount and one outlet from the policy, in one conditional update: it succeeds only while
 * the policy is ACTIVE and both are left, so of many signings at once against a small budget exactly those that
 * fit succeed (row locks serialise them; each re-reads the row it waited for).
 */
export async function consumeBudget(trx: Kysely<DB>, tenantId: string, policyId: string, amount: number) {
  const drawn = await trx
    .updateTable('display_policies')
    .set({
      signed_amount: sql`signed_amount + ${amount}`,
      signed_outlets: sql`signed_outlets + 1`,
      version: sql`version + 1`,
      updated_at: new Date(),
    })
    .where('id', '=', policyId)
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'ACTIVE')
    .where(sql<boolean>`signed_amount + ${amount} <= total_budget`)
    .where(sql<boolean>`signed_outlets + 1 <= max_outlets`)
    .returning('id')
    .executeTakeFirst();
  if (!drawn) throw new BusinessError(409, '陈列方案未在执行中，或预算、门店数已用完');
}

/** Gives an ended agreement's unused amount (and its outlet) back to the policy. */
export async function returnBudget(
  trx: Kysely<DB>,
  tenantId: string,
  policyId: string,
  amount: number,
  outlet: boolean,
) {
  await trx
    .updateTable('display_policies')
    .set({
      signed_amount: sql`greatest(signed_amount - ${amount}, 0)`,
      signed_outlets: outlet ? sql`greatest(signed_outlets - 1, 0)` : sql`signed_outlets`,
      version: sql`version + 1`,
      updated_at: new Date(),
    })
    .where('id', '=', policyId)
    .where('tenant_id', '=', tenantId)
    .execute();
}
