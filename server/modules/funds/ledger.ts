// Customers' fund accounts and their append-only ledger (DOMAIN §1.9 FundAccount / FundLedger): a rebate, a
// display-fee and a goods-compensation account per customer, opened by their first entry. Every change is one
// ledger entry carrying signed changes of the balance and of the frozen amount; the account row keeps their
// sums, moved in the same transaction by one conditional UPDATE that refuses to take the balance below what is
// frozen or the frozen amount below zero (CHECKs back it). Of two orders racing for the last of a balance, the
// one the UPDATE refuses gets 409 and nothing of it is written. The account row's lock also numbers the entries.
//
// Orders: FREEZE at submit, ORDER_DEDUCT (spend) at the audit, and at cancel, invalidation or rejection UNFREEZE
// of what is still frozen and ORDER_RETURN_BACK of what was spent — each read from the order's own entries, so
// running one twice changes nothing. An order that reached a 累计返 tier giving 返费用 (promotions/pricing.ts)
// credits the buyer's rebate account at its audit (ACCRUE, the order its source); cancel, invalidation or
// rejection reverses what is left of that credit, a return's 入库 its goods' share of it (REVERSE) — refused
// (409) when the buyer has spent it meanwhile.
//
// Reward coins (DOMAIN §1.4) are the COIN account of an outlet in this same ledger: its amounts are whole coins
// (the numeric columns hold 50 coins as 50.00), so an order's coin deduction is frozen, spent and given back
// with its rebate deduction by the functions below, and no coin balance can go below what is frozen either.
import { sql, type Kysely } from 'kysely';
import {
  FUND_ACCOUNT_TYPE,
  type FundAccountType,
  type FundEntryType,
  type FundSourceType,
} from '../../../common/rebates';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { centsText, toCents, yuan } from '../orders/money';

export interface FundSource {
  type: FundSourceType;
  id?: string | null;
  /** The document number the statement shows (核算单号, 订单号, 协议号 …). */
  no?: string | null;
}

interface Entry {
  tenantId: string;
  customerId: string;
  account: FundAccountType;
  entryType: FundEntryType;
  /** Change of the balance, in cents. */
  amountCents: number;
  /** Change of the frozen amount, in cents. */
  frozenCents: number;
  source: FundSource;
  remark?: string | null;
  operatorId?: string | null;
  /** The 409 message when the account cannot take the entry. */
  refusal: string;
  /** When earned coins expire. */
  expireAt?: string | null;
  /** When the entry happened, for the demo seed's past entries (now by default). */
  at?: Date;
}

/** Cents per unit of an account: yuan have 100 cents, a coin is one unit. */
export const COIN_CENTS = 100;

/** An amount of an account in words: yuan, or coins. */
const amountText = (account: FundAccountType, cents: number) =>
  account === 'COIN' ? `${cents / COIN_CENTS} 金币` : yuan(cents);

/** The account of a customer of a type, opened (empty) if it has none. */
async function accountIdOf(trx: Kysely<DB>, tenantId: string, customerId: string, account: FundAccountType) {
  await trx
    .insertInto('fund_accounts')
    .values({ id: newId(), tenant_id: tenantId, customer_id: customerId, account_type: account })
    .onConflict((conflict) => conflict.columns(['tenant_id', 'customer_id', 'account_type']).doNothing())
    .execute();
  const row = await trx
    .selectFrom('fund_accounts')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', customerId)
    .where('account_type', '=', account)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes one entry and moves the account with it, or refuses (409) without writing anything. */
async function post(trx: Kysely<DB>, entry: Entry): Promise<{ entryId: string; balance: string }> {
  if (entry.amountCents === 0 && entry.frozenCents === 0) throw new BusinessError(400, '金额必须不为 0');
  const accountId = await accountIdOf(trx, entry.tenantId, entry.customerId, entry.account);
  const amount = centsText(entry.amountCents);
  const frozen = centsText(entry.frozenCents);
  const moved = await trx
    .updateTable('fund_accounts')
    .set({
      balance: sql`balance + ${amount}::numeric`,
      frozen: sql`frozen + ${frozen}::numeric`,
      total_in: sql`total_in + greatest(${amount}::numeric, 0)`,
      total_out: sql`total_out + greatest(-${amount}::numeric, 0)`,
      last_seq: sql`last_seq + 1`,
      updated_at: new Date(),
    })
    .where('id', '=', accountId)
    .where(sql<boolean>`balance + ${amount}::numeric >= frozen + ${frozen}::numeric`)
    .where(sql<boolean>`frozen + ${frozen}::numeric >= 0`)
    .returning(['balance', 'frozen', 'last_seq'])
    .executeTakeFirst();
  if (!moved) throw new BusinessError(409, entry.refusal);
  const entryId = newId();
  await trx
    .insertInto('fund_ledger')
    .values({
      id: entryId,
      tenant_id: entry.tenantId,
      account_id: accountId,
      customer_id: entry.customerId,
      account_type: entry.account,
      seq: moved.last_seq,
      entry_type: entry.entryType,
      amount,
      frozen_change: frozen,
      balance_after: moved.balance,
      frozen_after: moved.frozen,
      source_type: entry.source.type,
      source_id: entry.source.id ?? null,
      source_no: entry.source.no ?? null,
      remark: entry.remark ?? null,
      operator_id: entry.operatorId ?? null,
      expire_at: entry.expireAt ?? null,
      created_at: entry.at,
    })
    .execute();
  return { entryId, balance: moved.balance };
}

export interface FundCredit {
  tenantId: string;
  customerId: string;
  account: FundAccountType;
  /** Yuan, more than 0 (a string such as '120.50' or a number). */
  amount: string | number;
  source: FundSource;
  remark?: string | null;
  operatorId?: string | null;
}

/**
 * The one way money comes into a customer's account: a confirmed rebate, a display-fee payout, goods
 * compensation. Call it inside the caller's transaction; it opens the account on its first credit.
 */
export async function creditFundAccount(
  trx: Kysely<DB>,
  credit: FundCredit,
): Promise<{ entryId: string; balance: string }> {
  const cents = toCents(credit.amount);
  if (!(cents > 0)) throw new BusinessError(400, '入账金额必须大于 0');
  return post(trx, {
    ...credit,
    entryType: 'ACCRUE',
    amountCents: cents,
    frozenCents: 0,
    refusal: `${FUND_ACCOUNT_TYPE[credit.account]}入账失败`,
  });
}

/** A manual correction (an approved adjustment): either way, never below what is frozen. */
export function adjustFundAccount(
  trx: Kysely<DB>,
  adjustment: Omit<FundCredit, 'amount'> & { amountCents: number },
) {
  return post(trx, {
    ...adjustment,
    entryType: 'ADJUST',
    frozenCents: 0,
    refusal: `${FUND_ACCOUNT_TYPE[adjustment.account]}可用余额不足，不能扣减 ${yuan(-adjustment.amountCents)}`,
  });
}

/** The balance, frozen and available amount of a customer's account, in cents (0 when it has none). */
export async function fundBalanceOf(
  db: Kysely<DB>,
  tenantId: string,
  customerId: string,
  account: FundAccountType,
) {
  const row = await db
    .selectFrom('fund_accounts')
    .select(['balance', 'frozen'])
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', customerId)
    .where('account_type', '=', account)
    .executeTakeFirst();
  const balance = row ? toCents(row.balance) : 0;
  const frozen = row ? toCents(row.frozen) : 0;
  return { balance, frozen, available: balance - frozen };
}

export interface FundOrder {
  tenant_id: string;
  id: string;
  order_no: string;
  buyer_id: string;
}

/** The accounts an order's deduction is held on, with what their freeze says. */
const ORDER_HOLDS = {
  REBATE: {
    what: '返利抵扣',
    refusal: '返利账户可用余额不足（可能已被其他订单占用），请刷新后重新下单',
  },
  COIN: {
    what: '金币抵扣',
    refusal: '门店可用金币不足（可能已被其他订单占用），请刷新后重新下单',
  },
} as const;

/**
 * At submit: the order's rebate deduction (cents) or coin deduction (coins × COIN_CENTS) held on the buyer's
 * account; 409 when another order took it meanwhile.
 */
export function freezeForOrder(
  trx: Kysely<DB>,
  order: FundOrder,
  account: keyof typeof ORDER_HOLDS,
  cents: number,
  operatorId: string | null,
) {
  return post(trx, {
    tenantId: order.tenant_id,
    customerId: order.buyer_id,
    account,
    entryType: 'FREEZE',
    amountCents: 0,
    frozenCents: cents,
    source: { type: 'ORDER', id: order.id, no: order.order_no },
    remark: `订单 ${order.order_no} ${ORDER_HOLDS[account].what}冻结 ${amountText(account, cents)}`,
    operatorId,
    refusal: ORDER_HOLDS[account].refusal,
  });
}

/** What an order holds on each account: still frozen, and spent (net of what came back). */
async function orderHoldings(trx: Kysely<DB>, order: FundOrder) {
  return trx
    .selectFrom('fund_ledger')
    .select([
      'account_type',
      sql<string>`sum(frozen_change)::text`.as('frozen'),
      sql<string>`(-sum(amount) filter (where entry_type in ('ORDER_DEDUCT', 'ORDER_RETURN_BACK')))::text`.as(
        'spent',
      ),
    ])
    .where('tenant_id', '=', order.tenant_id)
    .where('source_type', '=', 'ORDER')
    .where('source_id', '=', order.id)
    .groupBy('account_type')
    .execute();
}

/** At the audit: what the order holds frozen is spent. */
export async function spendForOrder(trx: Kysely<DB>, order: FundOrder, operatorId: string | null) {
  for (const held of await orderHoldings(trx, order)) {
    const frozen = toCents(held.frozen);
    if (frozen <= 0) continue;
    await post(trx, {
      tenantId: order.tenant_id,
      customerId: order.buyer_id,
      account: held.account_type,
      entryType: 'ORDER_DEDUCT',
      amountCents: -frozen,
      frozenCents: -frozen,
      source: { type: 'ORDER', id: order.id, no: order.order_no },
      remark: `订单 ${order.order_no} 审核通过，抵扣 ${amountText(held.account_type, frozen)}`,
      operatorId,
      refusal: '账户冻结金额不足',
    });
  }
}

/**
 * At cancel, invalidation or rejection: what is frozen is unfrozen, what was spent comes back, and what the order
 * credited (累计返 返费用) is taken back.
 */
export async function releaseForOrder(
  trx: Kysely<DB>,
  order: FundOrder,
  operatorId: string | null,
  why: string,
) {
  for (const held of await orderHoldings(trx, order)) {
    const frozen = toCents(held.frozen);
    const spent = held.spent === null ? 0 : toCents(held.spent);
    const base = {
      tenantId: order.tenant_id,
      customerId: order.buyer_id,
      account: held.account_type,
      source: { type: 'ORDER' as const, id: order.id, no: order.order_no },
      operatorId,
      refusal: '账户冻结金额不足',
    };
    if (frozen > 0)
      await post(trx, {
        ...base,
        entryType: 'UNFREEZE',
        amountCents: 0,
        frozenCents: -frozen,
        remark: `订单 ${order.order_no} ${why}，解冻 ${amountText(held.account_type, frozen)}`,
      });
    if (spent > 0)
      await post(trx, {
        ...base,
        entryType: 'ORDER_RETURN_BACK',
        amountCents: spent,
        frozenCents: 0,
        remark: `订单 ${order.order_no} ${why}，返还 ${amountText(held.account_type, spent)}`,
      });
  }
  // Given back first, then what its 累计返 credited taken back (its own deduction may have come from that).
  await takeBackOrderCredit(trx, order, Number.MAX_SAFE_INTEGER, `订单${why}`, operatorId);
}

// ---- 返费用 of 累计返 promotions: credited by the order that reached the tier ----

/** What an order credited to the buyer's rebate account (its ACCRUE entries), and what is left of it after reversals. */
export async function orderCredit(trx: Kysely<DB>, order: FundOrder) {
  const row = await trx
    .selectFrom('fund_ledger')
    .select([
      sql<string>`coalesce(sum(amount) filter (where entry_type = 'ACCRUE'), 0)::text`.as('accrued'),
      sql<string>`coalesce(sum(amount) filter (where entry_type in ('ACCRUE', 'REVERSE')), 0)::text`.as(
        'left',
      ),
    ])
    .where('tenant_id', '=', order.tenant_id)
    .where('account_type', '=', 'REBATE')
    .where('source_type', '=', 'ORDER')
    .where('source_id', '=', order.id)
    .executeTakeFirstOrThrow();
  return { accruedCents: toCents(row.accrued), leftCents: toCents(row.left) };
}

/** At the audit: a 累计返 tier's 返费用 (`what` names it) into the buyer's rebate account, the order its source. */
export function creditForOrder(
  trx: Kysely<DB>,
  order: FundOrder,
  cents: number,
  what: string,
  operatorId: string | null,
) {
  return post(trx, {
    tenantId: order.tenant_id,
    customerId: order.buyer_id,
    account: 'REBATE',
    entryType: 'ACCRUE',
    amountCents: cents,
    frozenCents: 0,
    source: { type: 'ORDER', id: order.id, no: order.order_no },
    remark: `订单 ${order.order_no} 审核通过，${what} ${yuan(cents)} 入账`,
    operatorId,
    refusal: `${FUND_ACCOUNT_TYPE.REBATE}入账失败`,
  });
}

/**
 * Takes back up to `cents` of what the order credited (never more than is left of it): 409 when the buyer has
 * spent it meanwhile. `event` says why ("退单 RT… 入库", "已取消"); answers the cents taken back.
 */
export async function takeBackOrderCredit(
  trx: Kysely<DB>,
  order: FundOrder,
  cents: number,
  event: string,
  operatorId: string | null,
): Promise<number> {
  const taken = Math.min(cents, (await orderCredit(trx, order)).leftCents);
  if (taken <= 0) return 0;
  await post(trx, {
    tenantId: order.tenant_id,
    customerId: order.buyer_id,
    account: 'REBATE',
    entryType: 'REVERSE',
    amountCents: -taken,
    frozenCents: 0,
    source: { type: 'ORDER', id: order.id, no: order.order_no },
    remark: `${event}，收回订单 ${order.order_no} 累计返费用 ${yuan(taken)}`,
    operatorId,
    refusal: `返利账户可用余额不足：订单 ${order.order_no} 入账的累计返费用 ${yuan(taken)} 已被使用，无法收回`,
  });
  return taken;
}

// ---- Reward coins (DOMAIN §1.4): the COIN account of an outlet ----

/**
 * Locks an outlet's coin account (opening it when it has none) until the transaction ends: what is read next
 * (this month's earnings against the cap, the balance) cannot change under the caller.
 */
export async function lockCoinAccount(trx: Kysely<DB>, tenantId: string, customerId: string) {
  const id = await accountIdOf(trx, tenantId, customerId, 'COIN');
  return trx
    .selectFrom('fund_accounts')
    .select(['id', 'balance', 'frozen'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export interface CoinEntry {
  tenantId: string;
  customerId: string;
  /** Whole coins: more than 0 comes in, less than 0 goes out. */
  coins: number;
  entryType: Extract<
    FundEntryType,
    'EARN_EXECUTION' | 'EARN_DISPLAY' | 'REVERSE' | 'ADJUST' | 'EXPIRE' | 'REDEEM_GIFT'
  >;
  source: FundSource;
  remark?: string | null;
  operatorId?: string | null;
  expireAt?: string | null;
  at?: Date;
}

/** Coins in or out of an outlet's account; out never below what is frozen (409 with the shortfall). */
export function postCoins(trx: Kysely<DB>, entry: CoinEntry): Promise<{ entryId: string; balance: string }> {
  if (!Number.isInteger(entry.coins) || entry.coins === 0)
    throw new BusinessError(400, '金币数必须为非零整数');
  return post(trx, {
    tenantId: entry.tenantId,
    customerId: entry.customerId,
    account: 'COIN',
    entryType: entry.entryType,
    amountCents: entry.coins * COIN_CENTS,
    frozenCents: 0,
    source: entry.source,
    remark: entry.remark,
    operatorId: entry.operatorId,
    expireAt: entry.expireAt,
    at: entry.at,
    refusal: `门店金币可用余额不足，不能扣减 ${-entry.coins} 金币`,
  });
}

/** The coins of an outlet's account: balance, frozen and available (0 when it has none). */
export async function coinBalanceOf(db: Kysely<DB>, tenantId: string, customerId: string) {
  const { balance, frozen, available } = await fundBalanceOf(db, tenantId, customerId, 'COIN');
  return { balance: balance / COIN_CENTS, frozen: frozen / COIN_CENTS, available: available / COIN_CENTS };
}

/**
 * At a return's 入库 (or a cheaper exchange's 执行): its share of one of the order's deductions back to the buyer's
 * account — 返利抵扣 in cents to the rebate account, 金币抵扣 in coins × COIN_CENTS to the coin account — as the
 * order's ORDER_RETURN_BACK (so a later invalidation of the order gives back only the rest). Never more than the
 * order still has spent there; answers what was given back and its entry (none when nothing was). `event` names
 * the document in the entry's remark ("退单 RT… 入库").
 */
export async function giveBackForReturn(
  trx: Kysely<DB>,
  order: FundOrder,
  account: keyof typeof ORDER_HOLDS,
  returned: { cents: number; event: string },
  operatorId: string | null,
): Promise<{ cents: number; entryId: string | null }> {
  const held = (await orderHoldings(trx, order)).find((each) => each.account_type === account);
  const spent = held?.spent ? toCents(held.spent) : 0;
  const cents = Math.min(returned.cents, spent);
  if (cents <= 0) return { cents: 0, entryId: null };
  const { entryId } = await post(trx, {
    tenantId: order.tenant_id,
    customerId: order.buyer_id,
    account,
    entryType: 'ORDER_RETURN_BACK',
    amountCents: cents,
    frozenCents: 0,
    source: { type: 'ORDER', id: order.id, no: order.order_no },
    remark: `${returned.event}，返还订单 ${order.order_no} ${ORDER_HOLDS[account].what} ${amountText(account, cents)}`,
    operatorId,
    refusal: `${FUND_ACCOUNT_TYPE[account]}返还失败`,
  });
  return { cents, entryId };
}
