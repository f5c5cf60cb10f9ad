// 返利核算 (DOMAIN §1.9 RebateCalculation): a policy's period calculated for every customer in its scope, run as a
// background job (REBATE_CALC) — results per customer with the basis, the tier reached, the amount and the
// documents behind it; then 确认入账 (the final amount credited to the customer's rebate account), 调整 through
// the 审批中心 (REBATE_ADJUST) and 关闭.
//
// What counts: the customer's orders placed in the period (within the policy's dates) and audited by the
// period's end plus the grace days (a late-posted document still counts; a later one does not), not rejected,
// cancelled or invalid; their sold lines (gifts are not bought) of the policy's SKUs at their amounts after
// promotions. Returns received by the same deadline, created in the period, reduce the basis (amount and cases).
// GROWTH measures the net amount against the same period a year before, in percent. A run again replaces the
// results still 待确认 (an approved adjustment stays on them) and leaves the others.
import { sql, type Kysely } from 'kysely';
import { codesOf } from '../../../common/businessEnums';
import {
  periodRange,
  previousYearPeriod,
  rebateCents,
  REBATE_BASIS,
  REBATE_CALC_STATUS,
  REBATE_CALC_TRANSITIONS,
  REBATE_PERIOD,
  tierFor,
  type RebateAdjustInput,
  type RebateCalcCommand,
  type RebateCalcRecord,
  type RebateCalcStatus,
  type RebateSourceDoc,
} from '../../../common/rebates';
import { shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import {
  registerApprovalHandler,
  startApproval,
  type ApprovalOutcome,
  type TaskNotice,
} from '../approvals/engine';
import { creditFundAccount } from '../funds/ledger';
import { COUNTED_ORDER_STATUS, lineCases } from '../orders/counted';
import { centsText, toCents, yuan } from '../orders/money';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { changedMeanwhile, notFound } from '../shared/commands';
import { dataScopeOf, inScope } from '../shared/dataScope';
import { nextDocumentNo } from '../shared/documentNumbers';
import type { JobHandler } from '../jobs/runner';
import { policyInScope, type PolicyRow } from './policies';

const DAY_MS = 86_400_000;
/** Beijing midnight of a 'YYYY-MM-DD' day. */
const beijingMidnight = (day: string) => new Date(`${day}T00:00:00+08:00`);
const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The window a policy's period covers (within the policy's dates) and the deadline its documents must meet. */
export function windowOf(
  policy: Pick<PolicyRow, 'period_type' | 'startText' | 'endText' | 'grace_days'>,
  period: string,
) {
  const range = periodRange(policy.period_type, period);
  if (!range)
    throw new BusinessError(
      400,
      `核算期「${period}」不是${REBATE_PERIOD[policy.period_type]}格式（如 ${
        policy.period_type === 'MONTH' ? '2026-03' : policy.period_type === 'QUARTER' ? '2026-Q1' : '2026'
      }）`,
    );
  const start = range.start > policy.startText ? range.start : policy.startText;
  const policyEnd = dayAfter(policy.endText);
  const end = range.end < policyEnd ? range.end : policyEnd;
  if (start >= end) throw new BusinessError(400, `核算期「${period}」不在政策期内`);
  return {
    start: beijingMidnight(start),
    end: beijingMidnight(end),
    deadline: new Date(beijingMidnight(end).getTime() + policy.grace_days * DAY_MS),
  };
}

interface Purchases {
  grossCents: number;
  /** Hundredths of a case. */
  grossCases: number;
  returnsCents: number;
  returnsCases: number;
  docs: RebateSourceDoc[];
}

const casesExpression = (qty: string, snapshot: string) =>
  sql<string>`round(sum(${lineCases(qty, snapshot)}), 2)::text`;

/** The customers of a policy's scope (its target type; departments, regions, channels, the named customers). */
async function scopedCustomers(db: Kysely<DB>, policy: PolicyRow) {
  const scope = policy.customer_scope;
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'org_code'])
    .where('tenant_id', '=', policy.tenant_id)
    .where('customer_type', '=', policy.target_type)
    .$if(!!scope.customerIds?.length, (query) => query.where('id', 'in', scope.customerIds!))
    .$if(!!scope.orgCodes?.length, (query) =>
      query.where((eb) => eb.or(scope.orgCodes!.map((code) => eb('org_code', 'like', `${code}%`)))),
    )
    .$if(!!scope.areaCodes?.length, (query) =>
      query.where((eb) =>
        eb.or([
          eb('province_code', 'in', scope.areaCodes!),
          eb('city_code', 'in', scope.areaCodes!),
          eb('district_code', 'in', scope.areaCodes!),
        ]),
      ),
    )
    .$if(!!scope.channels?.length, (query) =>
      query.where(sql<boolean>`channel::text in (${sql.join(scope.channels!)})`),
    )
    .execute();
}

/** Each customer's counted orders and returns in a window, with the documents. */
async function purchasesOf(
  db: Kysely<DB>,
  policy: PolicyRow,
  customerIds: string[],
  window: { start: Date; end: Date; deadline: Date },
): Promise<Map<string, Purchases>> {
  const result = new Map<string, Purchases>();
  if (customerIds.length === 0) return result;
  const skuIds = policy.sku_ids;
  const orders = await db
    .selectFrom('sales_orders as o')
    .innerJoin('sales_order_lines as l', 'l.order_id', 'o.id')
    .select([
      'o.id',
      'o.order_no',
      'o.buyer_id',
      sql<string>`to_char(o.ordered_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`.as('day'),
      sql<string>`sum(l.amount)::text`.as('amount'),
      casesExpression('l.base_qty', 'l.sku_snapshot').as('cases'),
    ])
    .where('o.tenant_id', '=', policy.tenant_id)
    .where('o.buyer_id', 'in', customerIds)
    .where('o.status', 'in', COUNTED_ORDER_STATUS)
    .where('o.ordered_at', '>=', window.start)
    .where('o.ordered_at', '<', window.end)
    .where('o.audited_at', '<', window.deadline)
    .where('l.is_gift', '=', false)
    .$if(skuIds.length > 0, (query) => query.where('l.sku_id', 'in', skuIds))
    .groupBy(['o.id', 'o.order_no', 'o.buyer_id', 'o.ordered_at'])
    .orderBy('o.ordered_at')
    .execute();
  const returns = await db
    .selectFrom('return_orders as r')
    .innerJoin('return_order_lines as rl', 'rl.return_id', 'r.id')
    .select([
      'r.id',
      'r.return_no',
      'r.customer_id',
      sql<string>`to_char(r.created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`.as('day'),
      sql<string>`sum(rl.amount)::text`.as('amount'),
      casesExpression('rl.base_qty', 'rl.sku_snapshot').as('cases'),
    ])
    .where('r.tenant_id', '=', policy.tenant_id)
    .where('r.customer_id', 'in', customerIds)
    .where('r.status', '=', 'RECEIVED')
    .where('r.created_at', '>=', window.start)
    .where('r.created_at', '<', window.end)
    .where('r.received_at', '<', window.deadline)
    .$if(skuIds.length > 0, (query) => query.where('rl.sku_id', 'in', skuIds))
    .groupBy(['r.id', 'r.return_no', 'r.customer_id', 'r.created_at'])
    .orderBy('r.created_at')
    .execute();
  const of = (customerId: string) => {
    let entry = result.get(customerId);
    if (!entry) {
      entry = { grossCents: 0, grossCases: 0, returnsCents: 0, returnsCases: 0, docs: [] };
      result.set(customerId, entry);
    }
    return entry;
  };
  for (const order of orders) {
    const entry = of(order.buyer_id);
    entry.grossCents += toCents(order.amount);
    entry.grossCases += toCents(order.cases);
    entry.docs.push({
      docType: 'ORDER',
      id: order.id,
      docNo: order.order_no,
      date: order.day,
      amount: order.amount,
      cases: order.cases,
    });
  }
  for (const back of returns) {
    const entry = of(back.customer_id);
    entry.returnsCents += toCents(back.amount);
    entry.returnsCases += toCents(back.cases);
    entry.docs.push({
      docType: 'RETURN',
      id: back.id,
      docNo: back.return_no,
      date: back.day,
      amount: centsText(-toCents(back.amount)),
      cases: centsText(-toCents(back.cases)),
    });
  }
  return result;
}

/** What one customer's result says, before it is written. */
export interface CustomerResult {
  customerId: string;
  orgCode: string;
  purchases: Purchases;
  netCents: number;
  netCases: number;
  /** The tiers' measure: cents of amount, hundredths of cases, or hundredths of a percent of growth. */
  basisHundredths: number;
  tierNo: number | null;
  tierLabel: string | null;
  rebateCents: number;
}

/** Calculates a policy's period for its customers; nothing is written. */
export async function calculatePeriod(db: Kysely<DB>, policy: PolicyRow, period: string) {
  const window = windowOf(policy, period);
  const customers = await scopedCustomers(db, policy);
  const ids = customers.map((customer) => customer.id);
  const current = await purchasesOf(db, policy, ids, window);
  let previous = new Map<string, Purchases>();
  if (policy.basis === 'GROWTH') {
    const earlier = previousYearPeriod(period);
    const range = periodRange(policy.period_type, earlier)!;
    const start = beijingMidnight(range.start);
    const end = beijingMidnight(range.end);
    previous = await purchasesOf(db, policy, ids, {
      start,
      end,
      deadline: new Date(end.getTime() + policy.grace_days * DAY_MS),
    });
  }
  const capCents = policy.cap_amount === null ? null : toCents(policy.cap_amount);
  const results: CustomerResult[] = [];
  for (const customer of customers) {
    const purchases = current.get(customer.id);
    if (!purchases) continue;
    const netCents = purchases.grossCents - purchases.returnsCents;
    const netCases = purchases.grossCases - purchases.returnsCases;
    let basisHundredths: number | null;
    if (policy.basis === 'AMOUNT') basisHundredths = netCents;
    else if (policy.basis === 'CASES') basisHundredths = netCases;
    else {
      const before = previous.get(customer.id);
      const beforeCents = before ? before.grossCents - before.returnsCents : 0;
      // Without a purchase the year before there is no growth to measure.
      basisHundredths = beforeCents > 0 ? Math.round(((netCents - beforeCents) * 10000) / beforeCents) : null;
    }
    const tier = basisHundredths === null ? null : tierFor(policy.tiers, basisHundredths / 100);
    results.push({
      customerId: customer.id,
      orgCode: customer.org_code,
      purchases,
      netCents,
      netCases,
      basisHundredths: basisHundredths ?? 0,
      tierNo: tier?.tierNo ?? null,
      tierLabel: tier ? tier.label || `第${tier.tierNo}档` : null,
      rebateCents: rebateCents(tier, netCents, capCents),
    });
  }
  return results;
}

/** Runs a policy's period and writes its results in one transaction; what REBATE_CALC jobs do. */
export function runRebateCalculation(
  db: Kysely<DB>,
  caller: Caller,
  input: { policyId: string; period: string },
) {
  return db.transaction().execute((trx) => writeRebateCalculation(trx, caller, input));
}

/** Calculates a policy's period and writes its results, inside the caller's transaction (the seed's too). */
export async function writeRebateCalculation(
  trx: Kysely<DB>,
  caller: Caller,
  input: { policyId: string; period: string },
): Promise<{ customers: number; written: number; totalAmount: string }> {
  const policy = await policyInScope(trx, caller, input.policyId);
  if (policy.status !== 'ACTIVE' && policy.status !== 'ENDED')
    throw new BusinessError(409, '只有生效中或已结束的政策可以核算');
  const results = await calculatePeriod(trx, policy, input.period);
  const existing = new Map(
    (
      await trx
        .selectFrom('rebate_calculations')
        .select(['id', 'customer_id', 'status', 'adjustment_amount'])
        .where('tenant_id', '=', caller.tenantId)
        .where('policy_id', '=', policy.id)
        .where('period', '=', input.period)
        .execute()
    ).map((row) => [row.customer_id, row]),
  );
  let written = 0;
  let total = 0;
  for (const result of results) {
    const columns = {
      gross_amount: centsText(result.purchases.grossCents),
      returns_amount: centsText(result.purchases.returnsCents),
      net_amount: centsText(result.netCents),
      gross_cases: centsText(result.purchases.grossCases),
      returns_cases: centsText(result.purchases.returnsCases),
      net_cases: centsText(result.netCases),
      basis_value: centsText(result.basisHundredths),
      tier_no: result.tierNo,
      tier_label: result.tierLabel,
      rebate_amount: centsText(result.rebateCents),
      source_docs: JSON.stringify(result.purchases.docs),
      updated_by: caller.userId,
    };
    const before = existing.get(result.customerId);
    if (before) {
      if (before.status !== 'PENDING_CONFIRM') continue;
      const final = Math.max(0, result.rebateCents + toCents(before.adjustment_amount));
      await trx
        .updateTable('rebate_calculations')
        .set({
          ...columns,
          final_amount: centsText(final),
          updated_at: new Date(),
          version: sql`version + 1`,
        })
        .where('id', '=', before.id)
        .where('status', '=', 'PENDING_CONFIRM')
        .execute();
      total += final;
    } else {
      await trx
        .insertInto('rebate_calculations')
        .values({
          ...columns,
          id: newId(),
          tenant_id: caller.tenantId,
          calc_no: await nextDocumentNo(trx, caller.tenantId, 'RB'),
          policy_id: policy.id,
          customer_id: result.customerId,
          org_code: result.orgCode,
          period: input.period,
          final_amount: centsText(result.rebateCents),
          created_by: caller.userId,
        })
        .execute();
      total += result.rebateCents;
    }
    written += 1;
  }
  return { customers: results.length, written, totalAmount: centsText(total) };
}

/** The REBATE_CALC job: a policy's period run for the user who asked. */
export const runRebateJob: JobHandler = async ({ job, db }) => {
  const { policyId, period } = job.payload as { policyId: string; period: string };
  const result = await runRebateCalculation(
    db,
    { tenantId: job.tenant_id!, userId: job.user_id! },
    {
      policyId,
      period,
    },
  );
  return { result };
};

// ---- The results ----

const listSpec: ListSpec = {
  filters: {
    policyId: { column: 'rebate_calculations.policy_id', kind: 'text' },
    customerId: { column: 'rebate_calculations.customer_id', kind: 'text' },
    period: { column: 'rebate_calculations.period', kind: 'text' },
    customerName: { column: 'customers.name', kind: 'text' },
    status: { column: 'rebate_calculations.status', kind: 'enum', values: codesOf(REBATE_CALC_STATUS) },
  },
  sorts: {
    period: 'rebate_calculations.period',
    finalAmount: 'rebate_calculations.final_amount',
    updateTime: 'rebate_calculations.updated_at',
  },
  defaultSort: [
    ['rebate_calculations.period', 'desc'],
    ['rebate_calculations.final_amount', 'desc'],
    ['rebate_calculations.id', 'asc'],
  ],
};

async function scopedCalculations(db: Kysely<DB>, caller: Caller) {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  return db
    .selectFrom('rebate_calculations')
    .innerJoin('customers', 'customers.id', 'rebate_calculations.customer_id')
    .innerJoin('rebate_policies', 'rebate_policies.id', 'rebate_calculations.policy_id')
    .where('rebate_calculations.tenant_id', '=', caller.tenantId)
    .where(inScope(scope, 'rebate_calculations.org_code', 'customers.owner_user_id'));
}

export async function listCalculations(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, listSpec);
  const base = (await scopedCalculations(db, caller)).where(list.where);
  return pagedList(base, list, async (page) =>
    (
      await page
        .selectAll('rebate_calculations')
        .select([
          'customers.name as customer_name',
          'rebate_policies.policy_no',
          'rebate_policies.name as policy_name',
          'rebate_policies.basis',
          shanghaiDateTime('rebate_calculations.updated_at').as('updateTime'),
        ])
        .execute()
    ).map((row): RebateCalcRecord => ({
      id: row.id,
      calcNo: row.calc_no,
      policyId: row.policy_id,
      policyNo: row.policy_no,
      policyName: row.policy_name,
      customerId: row.customer_id,
      customerName: row.customer_name,
      period: row.period,
      basis: row.basis,
      basis_dictText: REBATE_BASIS[row.basis],
      grossAmount: row.gross_amount,
      returnsAmount: row.returns_amount,
      netAmount: row.net_amount,
      grossCases: row.gross_cases,
      returnsCases: row.returns_cases,
      netCases: row.net_cases,
      basisValue: row.basis_value,
      tierNo: row.tier_no,
      tierLabel: row.tier_label,
      rebateAmount: row.rebate_amount,
      adjustmentAmount: row.adjustment_amount,
      adjustmentReason: row.adjustment_reason,
      finalAmount: row.final_amount,
      status: row.status,
      status_dictText: REBATE_CALC_STATUS[row.status],
      sourceDocs: row.source_docs,
      updateTime: row.updateTime,
    })),
  );
}

async function calculationInScope(db: Kysely<DB>, caller: Caller, id: string) {
  const row = await (
    await scopedCalculations(db, caller)
  )
    .selectAll('rebate_calculations')
    .select(['customers.name as customer_name', 'rebate_policies.name as policy_name'])
    .where('rebate_calculations.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('返利核算单');
  return row;
}

type CalculationRow = Awaited<ReturnType<typeof calculationInScope>>;

function requireTransition(row: CalculationRow, command: RebateCalcCommand) {
  const transition = REBATE_CALC_TRANSITIONS[command];
  if (!transition.from.includes(row.status))
    throw new BusinessError(
      409,
      `核算单 ${row.calc_no} 当前状态为「${REBATE_CALC_STATUS[row.status]}」，不能${transition.label}`,
    );
  return transition;
}

async function moveCalculation(
  db: Kysely<DB>,
  row: CalculationRow,
  to: RebateCalcStatus,
  values: Record<string, unknown> = {},
) {
  const moved = await db
    .updateTable('rebate_calculations')
    .set({ ...values, status: to, updated_at: new Date(), version: sql`version + 1` })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .where('version', '=', row.version)
    .returning('id')
    .executeTakeFirst();
  if (!moved) throw changedMeanwhile('返利核算单');
}

/** 确认入账: each result confirmed and its final amount credited to the customer's rebate account, all or none. */
export async function confirmCalculations(db: Kysely<DB>, actor: Actor, ids: string[]) {
  return db.transaction().execute(async (trx) => {
    let credited = 0;
    for (const id of ids) {
      const row = await calculationInScope(trx, actor, id);
      requireTransition(row, 'CONFIRM');
      await moveCalculation(trx, row, 'CONFIRMED', {
        confirmed_at: new Date(),
        confirmed_by: actor.userId,
        updated_by: actor.userId,
      });
      const cents = toCents(row.final_amount);
      if (cents > 0) {
        await creditFundAccount(trx, {
          tenantId: actor.tenantId,
          customerId: row.customer_id,
          account: 'REBATE',
          amount: row.final_amount,
          source: { type: 'REBATE_CALC', id: row.id, no: row.calc_no },
          remark: `${row.policy_name} ${row.period} 返利入账`,
          operatorId: actor.userId,
        });
        credited += cents;
      }
      await logOperation(
        trx,
        actor,
        'update',
        `返利确认入账 ${row.calc_no}（${row.customer_name} ${row.period}）：${yuan(cents)}`,
      );
    }
    return { confirmed: ids.length, creditedAmount: centsText(credited) };
  });
}

export async function closeCalculation(db: Kysely<DB>, actor: Actor, id: string) {
  return db.transaction().execute(async (trx) => {
    const row = await calculationInScope(trx, actor, id);
    const transition = requireTransition(row, 'CLOSE');
    await moveCalculation(trx, row, transition.to, { updated_by: actor.userId });
    await logOperation(trx, actor, 'update', `关闭返利核算单 ${row.calc_no}（${row.customer_name}）`);
    return { status: transition.to };
  });
}

/** 调整: the adjustment asked for goes to the 审批中心; the result waits in ADJUSTING until it is decided. */
export async function requestAdjustment(
  db: Kysely<DB>,
  actor: Actor,
  input: RebateAdjustInput,
): Promise<{ status: RebateCalcStatus; notices: TaskNotice[] }> {
  const reason = input.reason.trim();
  if (!reason) throw new BusinessError(400, '请填写调整原因');
  const cents = toCents(input.amount);
  if (cents === 0) throw new BusinessError(400, '调整金额不能为 0');
  return db.transaction().execute(async (trx) => {
    const row = await calculationInScope(trx, actor, input.id);
    const transition = requireTransition(row, 'ADJUST');
    const final = toCents(row.rebate_amount) + cents;
    if (final < 0)
      throw new BusinessError(400, `调整后金额不能为负（计算返利 ${yuan(toCents(row.rebate_amount))}）`);
    await moveCalculation(trx, row, transition.to, {
      requested_adjustment: centsText(cents),
      requested_reason: reason,
      updated_by: actor.userId,
    });
    const { notices } = await startApproval(trx, {
      tenantId: actor.tenantId,
      initiatorId: actor.userId,
      bizType: 'REBATE_ADJUST',
      bizId: row.id,
      bizNo: row.calc_no,
      title: `返利调整：${row.customer_name} ${row.period}`,
      summary: {
        fields: [
          { label: '核算单号', value: row.calc_no },
          { label: '客户', value: row.customer_name },
          { label: '政策', value: row.policy_name },
          { label: '核算期', value: row.period },
          { label: '计算返利', value: yuan(toCents(row.rebate_amount)) },
          { label: '调整金额', value: yuan(cents) },
          { label: '调整后金额', value: yuan(final) },
          { label: '调整原因', value: reason },
        ],
      },
      amount: Math.abs(cents) / 100,
      orgCode: row.org_code || null,
    });
    await logOperation(trx, actor, 'update', `申请返利调整 ${row.calc_no}：${yuan(cents)}，${reason}`);
    return { status: transition.to, notices };
  });
}

async function settleAdjustment(db: Kysely<DB>, outcome: ApprovalOutcome, approved: boolean) {
  const row = await db
    .selectFrom('rebate_calculations')
    .selectAll()
    .where('id', '=', outcome.bizId)
    .where('tenant_id', '=', outcome.tenantId)
    .executeTakeFirstOrThrow();
  const requested = row.requested_adjustment === null ? 0 : toCents(row.requested_adjustment);
  const adjustment = approved ? toCents(row.adjustment_amount) + requested : toCents(row.adjustment_amount);
  const moved = await db
    .updateTable('rebate_calculations')
    .set({
      status: 'PENDING_CONFIRM',
      adjustment_amount: centsText(adjustment),
      adjustment_reason: approved ? row.requested_reason : row.adjustment_reason,
      final_amount: centsText(Math.max(0, toCents(row.rebate_amount) + adjustment)),
      requested_adjustment: null,
      requested_reason: null,
      updated_by: outcome.actorId,
      updated_at: new Date(),
      version: sql`version + 1`,
    })
    .where('id', '=', row.id)
    .where('status', '=', 'ADJUSTING')
    .returning('id')
    .executeTakeFirst();
  if (!moved) throw changedMeanwhile('返利核算单');
}

registerApprovalHandler({
  bizType: 'REBATE_ADJUST',
  approved: (trx, outcome) => settleAdjustment(trx, outcome, true),
  rejected: (trx, outcome) => settleAdjustment(trx, outcome, false),
  withdrawn: (trx, outcome) => settleAdjustment(trx, outcome, false),
});

/**
 * 试算: a policy's period calculated for the customers in the caller's data scope, nothing written and nothing
 * credited — also for a draft policy, so its tiers can be tried on real orders before it goes to approval.
 */
export async function trialCalculation(
  db: Kysely<DB>,
  caller: Caller,
  input: { policyId: string; period: string },
) {
  const policy = await policyInScope(db, caller, input.policyId);
  windowOf(policy, input.period);
  const results = await calculatePeriod(db, policy, input.period);
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const visible =
    results.length === 0
      ? []
      : await db
          .selectFrom('customers')
          .select(['id', 'name', 'customer_code'])
          .where('tenant_id', '=', caller.tenantId)
          .where(
            'id',
            'in',
            results.map((result) => result.customerId),
          )
          .where(inScope(scope, 'customers.org_code', 'customers.owner_user_id'))
          .execute();
  const names = new Map(visible.map((customer) => [customer.id, customer]));
  const records = results
    .filter((result) => names.has(result.customerId))
    .map((result) => ({
      customerId: result.customerId,
      customerName: names.get(result.customerId)!.name,
      customerCode: names.get(result.customerId)!.customer_code,
      netAmount: centsText(result.netCents),
      netCases: (result.netCases / 100).toFixed(2),
      basisValue: (result.basisHundredths / 100).toFixed(2),
      tierNo: result.tierNo,
      tierLabel: result.tierLabel,
      rebateAmount: centsText(result.rebateCents),
    }))
    .sort((a, b) => toCents(b.rebateAmount) - toCents(a.rebateAmount));
  return {
    policyId: policy.id,
    period: input.period,
    customers: records.length,
    totalRebate: centsText(records.reduce((sum, record) => sum + toCents(record.rebateAmount), 0)),
    records,
  };
}
