// 金币 (DOMAIN §1.4 RewardCoinAccount / RewardCoinLedger): an outlet's reward coins are its COIN account in the
// funds ledger (server/modules/funds/ledger.ts — append-only, the balance its sum, never below what is frozen).
// Coins come in by an approved execution result (the template's coin rule, capped per outlet a month), a COINS
// display payout and an approved 人工调整 (COIN_ADJUST in the 审批中心); they go out by a revoked result
// (REVERSE), an order's deduction (frozen at submit, spent at the audit, given back on invalidation) and an
// adjustment. 金币账户 lists the accounts with this month's earned and used coins and those expiring soon.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { CoinRule } from '../../../common/execution';
import { coinsForScore } from '../../../common/execution';
import { FUND_ENTRY_TYPE } from '../../../common/rebates';
import { shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import {
  containsPattern,
  pagedList,
  parseListQuery,
  type ListSpec,
  type RawQuery,
} from '../../http/listQuery';
import {
  registerApprovalHandler,
  startApproval,
  type ApprovalOutcome,
  type TaskNotice,
} from '../approvals/engine';
import { COIN_CENTS, coinBalanceOf, lockCoinAccount, postCoins } from '../funds/ledger';
import { listLedger } from '../funds/queries';
import { customerInScope } from '../customers/service';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { changedMeanwhile } from '../shared/commands';
import { dataScopeOf, inScope } from '../shared/dataScope';
import { nextDocumentNo } from '../shared/documentNumbers';
import type { ResultRow } from './results';

/** Coins earned expire at the end of the year after (DOMAIN §1.4 "e.g. 31 Dec of next year"). */
export const expiryOfEarned = sql<string>`to_char(make_date(extract(year from now() at time zone 'Asia/Shanghai')::integer + 1, 12, 31), 'YYYY-MM-DD')`;
const shanghaiMonth = sql<string>`to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM')`;

export async function scalar<T>(trx: Kysely<DB>, expression: ReturnType<typeof sql<T>>) {
  return (await sql<{ value: T }>`select ${expression} as value`.execute(trx)).rows[0].value;
}

/**
 * The coins an approved result earns: the rule's tier for its score, no more than what is left of the monthly
 * cap of the outlet (what its results approved this month earned). The outlet's account is locked first, so
 * two approvals at once cannot both take the last of the cap.
 */
export async function awardCoins(
  trx: Kysely<DB>,
  actor: Actor,
  result: ResultRow,
  score: number,
  rule: CoinRule,
): Promise<number> {
  const earned = coinsForScore(rule, score);
  if (earned <= 0) return 0;
  await lockCoinAccount(trx, result.tenant_id, result.customer_id);
  const month = await scalar(trx, shanghaiMonth);
  const { used } = await trx
    .selectFrom('execution_results')
    .select(sql<number>`coalesce(sum(coins_awarded), 0)::integer`.as('used'))
    .where('tenant_id', '=', result.tenant_id)
    .where('customer_id', '=', result.customer_id)
    .where('coin_month', '=', month)
    .where('review_status', 'in', ['APPROVED', 'FINAL_APPROVED'])
    .where('id', '!=', result.id)
    .executeTakeFirstOrThrow();
  const coins = Math.max(0, Math.min(earned, rule.monthlyCap - Number(used)));
  if (coins === 0) return 0;
  const entry = await postCoins(trx, {
    tenantId: result.tenant_id,
    customerId: result.customer_id,
    coins,
    entryType: 'EARN_EXECUTION',
    source: { type: 'EXECUTION', id: result.id, no: result.result_no },
    remark:
      coins < earned
        ? `执行得分 ${score}，应得 ${earned} 金币，本月上限 ${rule.monthlyCap}，实得 ${coins}`
        : `执行得分 ${score}，奖励 ${coins} 金币`,
    operatorId: actor.userId,
    expireAt: await scalar(trx, expiryOfEarned),
  });
  await trx
    .updateTable('execution_results')
    .set({ coins_awarded: coins, coin_month: month, coin_entry_id: entry.entryId })
    .where('id', '=', result.id)
    .execute();
  return coins;
}

/** The coins of a revoked result go back out (REVERSE); 409 when the outlet has spent them meanwhile. */
export async function reverseCoins(trx: Kysely<DB>, actor: Actor, result: ResultRow) {
  await postCoins(trx, {
    tenantId: result.tenant_id,
    customerId: result.customer_id,
    coins: -result.coins_awarded,
    entryType: 'REVERSE',
    source: { type: 'EXECUTION', id: result.id, no: result.result_no },
    remark: `执行结果 ${result.result_no} 撤销，冲正 ${result.coins_awarded} 金币`,
    operatorId: actor.userId,
  });
}

// ---- 金币账户 ----

const accountSpec: ListSpec = {
  filters: {
    customerId: { column: 'fund_accounts.customer_id', kind: 'text' },
    orgCode: { column: 'customers.org_code', kind: 'text' },
  },
  sorts: { balance: 'fund_accounts.balance', updateTime: 'fund_accounts.updated_at' },
  defaultSort: [
    ['fund_accounts.updated_at', 'desc'],
    ['fund_accounts.id', 'asc'],
  ],
  extras: ['keyword'],
};

const coins = (value: string | number | null) => Math.round(Number(value ?? 0));

/** The outlets' coin accounts in the caller's data scope: 余额, 冻结, 本月获得, 本月使用, 即将过期 (90 days). */
export async function listCoinAccounts(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, accountSpec);
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const { keyword } = list.extras;
  const base = db
    .selectFrom('fund_accounts')
    .innerJoin('customers', 'customers.id', 'fund_accounts.customer_id')
    .where('fund_accounts.tenant_id', '=', caller.tenantId)
    .where('fund_accounts.account_type', '=', 'COIN')
    .where(inScope(scope, 'customers.org_code', 'customers.owner_user_id'))
    .where(list.where)
    .$if(Boolean(keyword), (q) =>
      q.where((eb) =>
        eb.or([
          eb('customers.name', 'ilike', containsPattern(keyword as string)),
          eb('customers.customer_code', 'ilike', containsPattern(keyword as string)),
        ]),
      ),
    );
  const monthStart = sql<Date>`date_trunc('month', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'`;
  return pagedList(base, list, async (page) => {
    const rows = await page
      .select([
        'fund_accounts.id',
        'fund_accounts.customer_id as customerId',
        'customers.name as customerName',
        'customers.customer_code as customerCode',
        'fund_accounts.balance',
        'fund_accounts.frozen',
        'fund_accounts.total_in as totalIn',
        'fund_accounts.total_out as totalOut',
        shanghaiDateTime('fund_accounts.updated_at').as('updateTime'),
        (eb) =>
          eb
            .selectFrom('fund_ledger')
            .select(
              sql<string>`coalesce(sum(amount) filter (where amount > 0 and entry_type like 'EARN%'), 0)`.as(
                'v',
              ),
            )
            .whereRef('fund_ledger.account_id', '=', 'fund_accounts.id')
            .where('fund_ledger.created_at', '>=', monthStart)
            .as('monthEarned'),
        (eb) =>
          eb
            .selectFrom('fund_ledger')
            .select(sql<string>`coalesce(-sum(amount) filter (where entry_type = 'ORDER_DEDUCT'), 0)`.as('v'))
            .whereRef('fund_ledger.account_id', '=', 'fund_accounts.id')
            .where('fund_ledger.created_at', '>=', monthStart)
            .as('monthUsed'),
        (eb) =>
          eb
            .selectFrom('fund_ledger')
            .select(sql<string>`coalesce(sum(amount), 0)`.as('v'))
            .whereRef('fund_ledger.account_id', '=', 'fund_accounts.id')
            .where('fund_ledger.amount', '>', '0')
            .where(sql<boolean>`expire_at <= (now() at time zone 'Asia/Shanghai')::date + 90`)
            .as('expiringSoon'),
      ])
      .execute();
    return rows.map((row) => {
      const balance = coins(row.balance);
      const frozen = coins(row.frozen);
      return {
        id: row.id,
        customerId: row.customerId,
        customerName: row.customerName,
        customerCode: row.customerCode,
        balance,
        frozen,
        available: balance - frozen,
        totalIn: coins(row.totalIn),
        totalOut: coins(row.totalOut),
        monthEarned: coins(row.monthEarned),
        monthUsed: coins(row.monthUsed),
        // What expires soon can be no more than what is left.
        expiringSoon: Math.min(balance, coins(row.expiringSoon)),
        updateTime: row.updateTime,
      };
    });
  });
}

/** An outlet's coin ledger (the funds ledger list of its COIN account), amounts in coins. */
export async function listCoinLedger(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const page = await listLedger(db, caller, { ...query, accountType: 'COIN' });
  return {
    ...page,
    records: page.records.map((row) => ({
      ...row,
      amount: coins(row.amount),
      frozenChange: coins(row.frozenChange),
      balanceAfter: coins(row.balanceAfter),
      frozenAfter: coins(row.frozenAfter),
      entryType_dictText: FUND_ENTRY_TYPE[row.entryType],
    })),
  };
}

// ---- 人工调整 (COIN_ADJUST) ----

export interface CoinAdjustInput {
  customerId: string;
  coins: number;
  reason: string;
}

/** 人工调整: asked for here, posted when the 审批中心 approves it. */
export async function requestCoinAdjustment(
  db: Kysely<DB>,
  actor: Actor,
  input: CoinAdjustInput,
): Promise<{ id: string; notices: TaskNotice[] }> {
  const reason = input.reason.trim();
  if (!reason) throw new BusinessError(400, '请填写调整原因');
  if (!Number.isInteger(input.coins) || input.coins === 0)
    throw new BusinessError(400, '调整金币数必须为非零整数');
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    await customerInScope(trx, actor.tenantId, scope, input.customerId);
    const outlet = await trx
      .selectFrom('customers')
      .select(['name', 'customer_code', 'org_code'])
      .where('id', '=', input.customerId)
      .executeTakeFirstOrThrow();
    const balance = await coinBalanceOf(trx, actor.tenantId, input.customerId);
    if (input.coins < 0 && balance.available + input.coins < 0)
      throw new BusinessError(409, `门店可用金币 ${balance.available}，不能扣减 ${-input.coins}`);
    const id = newId();
    const adjustNo = await nextDocumentNo(trx, actor.tenantId, 'CJ');
    await trx
      .insertInto('coin_adjustments')
      .values({
        id,
        tenant_id: actor.tenantId,
        adjust_no: adjustNo,
        customer_id: input.customerId,
        org_code: outlet.org_code,
        coins: input.coins,
        reason,
        created_by: actor.userId,
      })
      .execute();
    const { instanceId, notices } = await startApproval(trx, {
      tenantId: actor.tenantId,
      initiatorId: actor.userId,
      bizType: 'COIN_ADJUST',
      bizId: id,
      bizNo: adjustNo,
      title: `金币调整：${outlet.name} ${input.coins > 0 ? '+' : ''}${input.coins}`,
      summary: {
        fields: [
          { label: '调整单号', value: adjustNo },
          { label: '门店', value: `${outlet.name}（${outlet.customer_code}）` },
          { label: '当前余额', value: `${balance.balance} 金币` },
          { label: '调整金币', value: `${input.coins > 0 ? '+' : ''}${input.coins}` },
          { label: '调整原因', value: reason },
        ],
      },
      quantity: Math.abs(input.coins),
      orgCode: outlet.org_code,
    });
    await trx
      .updateTable('coin_adjustments')
      .set({ approval_instance_id: instanceId })
      .where('id', '=', id)
      .execute();
    await logOperation(trx, actor, 'add', `申请金币调整 ${adjustNo}（${outlet.name} ${input.coins}）`);
    return { id, notices };
  });
}

async function settleAdjustment(trx: Transaction<DB>, outcome: ApprovalOutcome, approved: boolean | null) {
  const row = await trx
    .selectFrom('coin_adjustments')
    .selectAll()
    .where('id', '=', outcome.bizId)
    .where('tenant_id', '=', outcome.tenantId)
    .where('status', '=', 'PENDING')
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw changedMeanwhile('金币调整');
  const entry = approved
    ? await postCoins(trx, {
        tenantId: row.tenant_id,
        customerId: row.customer_id,
        coins: row.coins,
        entryType: 'ADJUST',
        source: { type: 'MANUAL', id: row.id, no: row.adjust_no },
        remark: `人工调整：${row.reason}`,
        operatorId: row.created_by,
      })
    : null;
  await trx
    .updateTable('coin_adjustments')
    .set({
      status: approved ? 'APPROVED' : approved === false ? 'REJECTED' : 'WITHDRAWN',
      entry_id: entry?.entryId ?? null,
      updated_by: outcome.actorId,
      updated_at: new Date(),
    })
    .where('id', '=', row.id)
    .execute();
}

registerApprovalHandler({
  bizType: 'COIN_ADJUST',
  approved: (trx, outcome) => settleAdjustment(trx, outcome, true),
  rejected: (trx, outcome) => settleAdjustment(trx, outcome, false),
  withdrawn: (trx, outcome) => settleAdjustment(trx, outcome, null),
});

export { COIN_CENTS };
