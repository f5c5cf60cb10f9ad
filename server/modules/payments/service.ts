// The payments service (issue #22 Money): what the mall, the employee shop and the order commands call.
//
//   createPayment(db, runtime, input)   → prepay parameters for wx.requestPayment / an H5 link
//   queryPayment(db, runtime, ...)      → asks WeChat Pay, settles when it says paid (a lost notify)
//   closePayment(db, runtime, ...)      → closes the open transactions of a document (30-min unpaid cancel)
//   refundPayment(db, runtime, input)   → refunds what was paid: online by the original route, recorded
//                                         payments as an offline refund
//   queueRefund(trx, input)             → the same inside the caller's transaction; the online part is sent
//                                         after commit (submitRefunds, or the recurring job)
//   queryOpenPayment(db, runtime, ...)  → queryPayment of a document's open transaction for a poller, at most
//                                         once per PAY_QUERY_INTERVAL_MS
//   onPaymentSettled(bizType, handler)  → called in the settling transaction when a document is paid, or a
//                                         refund of it succeeded or failed
//
// Amounts are yuan (number or decimal text) at the edges, whole cents inside. Every payment of an order
// (online or recorded by hand) is a row of `payments`; its order's paid amount and payment status follow, and
// its receipt (a refund's, once it succeeded) is queued for the ERP in the same transaction (./erpSync.ts).
// An employee order's 工资代扣 is a `payments` row too (recordPayrollPayment); its WeChat Pay payment is its
// paid transaction.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { PartyRefusedError } from '../../integrations/partyHttp';
import type { PayBizType, PayTradeType, RefundCause, WxAccountKind } from '../../../common/payments';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { BusinessError, InvalidRequestError } from '../../http/envelope';
import { jsapiPayParams, type JsapiPayParams } from '../../integrations/wechatpay/crypto';
import type {
  AbnormalRefundRequest,
  Refund,
  Transaction as WxTransaction,
} from '../../integrations/wechatpay/client';
import { nextDocumentNo } from '../shared/documentNumbers';
import { centsText, ORDER_DUE, toCents } from '../orders/money';
import { queuePaymentSync, queueRefundSync } from './erpSync';
import type { PayRuntime } from './runtime';

export type { PayRuntime } from './runtime';
type Db = Kysely<DB> | Transaction<DB>;

// ---------------------------------------------------------------- settlement hooks

export type SettledEvent =
  | {
      kind: 'PAID';
      tenantId: string;
      bizType: PayBizType;
      bizId: string;
      bizNo: string;
      payNo: string;
      transactionId: string;
      amount: string;
      paidAt: Date;
    }
  | {
      /**
       * REFUNDED: the refund left the merchant. REFUND_FAILED: WeChat Pay closed it (CLOSED); nothing left the
       * merchant and its amount is refundable again. (An ABNORMAL refund is no result: WeChat Pay holds the
       * money until 异常退款处理 sends it elsewhere, then it settles like any other.)
       */
      kind: 'REFUNDED' | 'REFUND_FAILED';
      tenantId: string;
      bizType: PayBizType;
      bizId: string;
      bizNo: string;
      refundNo: string;
      amount: string;
      method: 'ONLINE' | 'OFFLINE';
      cause: RefundCause;
      returnOrderId: string | null;
      /** The causes of the document's other refunds still on their way (PENDING or PROCESSING). */
      pendingCauses: RefundCause[];
    };

export type SettledHandler = (trx: Transaction<DB>, event: SettledEvent) => Promise<void>;

const handlers = new Map<PayBizType, Set<SettledHandler>>();

/**
 * Registers what happens when a document of `bizType` is paid or refunded; call it once at module level.
 * The handler runs in the settling transaction (a throw rolls the settlement back and the platform retries).
 * Answers a function that removes it.
 */
export function onPaymentSettled(bizType: PayBizType, handler: SettledHandler): () => void {
  const set = handlers.get(bizType) ?? new Set<SettledHandler>();
  set.add(handler);
  handlers.set(bizType, set);
  return () => {
    set.delete(handler);
  };
}

async function fireSettled(trx: Transaction<DB>, event: SettledEvent) {
  for (const handler of handlers.get(event.bizType) ?? []) await handler(trx, event);
}

// ---------------------------------------------------------------- prepay

export interface CreatePaymentInput {
  tenantId: string;
  bizType: PayBizType;
  /** The document paid for: the sales order's id (ORDER) or the employee order's (EMPLOYEE_ORDER). */
  bizId: string;
  bizNo: string;
  /** Yuan. */
  amount: string | number;
  description: string;
  /** JSAPI (mini-program or official account, needs payerOpenId) or H5 (a phone browser). */
  tradeType?: PayTradeType;
  payerOpenId?: string | null;
  clientIp?: string;
  /** Whose appid the payment is under; MINI_MALL by default. */
  app?: Exclude<WxAccountKind, 'PAY_MERCHANT'>;
  /** Unpaid after this, the transaction closes; 30 by default. */
  expiresInMinutes?: number;
}

export interface PrepayResult {
  payNo: string;
  tradeType: PayTradeType;
  amount: string;
  expiresAt: string;
  /** For wx.requestPayment (JSAPI). */
  payParams: JsapiPayParams | null;
  /** For an H5 payment: where to send the phone browser. */
  h5Url: string | null;
  /** Only with the simulator: its cashier page, where a developer or a test "pays". */
  simulatorPayUrl: string | null;
}

/** The biz types whose document is a sales order (its `payments` rows, paid amount and payment status). */
const ORDER_BIZ: readonly PayBizType[] = ['ORDER'];

function cents(amount: string | number, what: string): number {
  const value = toCents(amount);
  const exact = typeof amount === 'number' ? Math.abs(amount * 100 - value) < 1e-6 : true;
  if (!Number.isFinite(value) || value <= 0 || !exact)
    throw new InvalidRequestError(`${what}必须大于 0，最多两位小数`);
  return value;
}

/** Asks WeChat Pay for a prepay of the document; an open one of the same amount is answered again. */
export async function createPayment(
  db: Kysely<DB>,
  runtime: PayRuntime,
  input: CreatePaymentInput,
): Promise<PrepayResult> {
  const amountCents = cents(input.amount, '支付金额');
  const tradeType = input.tradeType ?? 'JSAPI';
  if (tradeType === 'JSAPI' && !input.payerOpenId)
    throw new InvalidRequestError('小程序支付须提供付款人 openid');
  const merchant = await runtime.merchantOf(db, input.tenantId);
  const appId = merchant.appIdOf(input.app ?? 'MINI_MALL');
  const result = (row: {
    pay_no: string;
    prepay_id: string | null;
    h5_url: string | null;
    expires_at: Date;
  }) => ({
    payNo: row.pay_no,
    tradeType,
    amount: centsText(amountCents),
    expiresAt: row.expires_at.toISOString(),
    payParams:
      row.prepay_id && tradeType === 'JSAPI'
        ? jsapiPayParams(appId, row.prepay_id, merchant.credentials.privateKeyPem)
        : null,
    h5Url: row.h5_url,
    simulatorPayUrl: row.prepay_id ? runtime.simulatorPayUrl(merchant, row.prepay_id) : null,
  });

  const open = await db
    .selectFrom('pay_transactions')
    .selectAll()
    .where('tenant_id', '=', input.tenantId)
    .where('biz_type', '=', input.bizType)
    .where('biz_id', '=', input.bizId)
    .where('status', 'in', ['NOTPAY', 'SUCCESS'])
    .execute();
  if (open.some((row) => row.status === 'SUCCESS')) throw new BusinessError(409, `${input.bizNo} 已支付`);
  const reusable = open.find(
    (row) =>
      toCents(row.amount) === amountCents &&
      row.trade_type === tradeType &&
      row.app_id === appId &&
      (row.payer_openid ?? null) === (input.payerOpenId ?? null) &&
      row.prepay_id !== null &&
      row.expires_at.getTime() > Date.now() + 60_000,
  );
  if (reusable) return result(reusable);
  for (const stale of open) await closeTransaction(db, merchant.api, stale.id, stale.pay_no);

  const expiresAt = new Date(Date.now() + (input.expiresInMinutes ?? 30) * 60_000);
  const row = await db.transaction().execute(async (trx) =>
    trx
      .insertInto('pay_transactions')
      .values({
        id: newId(),
        tenant_id: input.tenantId,
        pay_no: await merchantNo(trx, input.tenantId, 'WXP'),
        biz_type: input.bizType,
        biz_id: input.bizId,
        biz_no: input.bizNo,
        order_id: ORDER_BIZ.includes(input.bizType) ? input.bizId : null,
        amount: centsText(amountCents),
        description: input.description.slice(0, 127),
        trade_type: tradeType,
        app_id: appId,
        mch_id: merchant.credentials.mchId,
        payer_openid: input.payerOpenId ?? null,
        expires_at: expiresAt,
        simulated: merchant.simulated,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  try {
    const answer = await merchant.api.prepay({
      tradeType,
      appId,
      description: row.description,
      outTradeNo: row.pay_no,
      notifyUrl: runtime.notifyUrl(input.tenantId, 'pay'),
      amountCents,
      payerOpenId: input.payerOpenId ?? undefined,
      clientIp: input.clientIp,
      timeExpire: expiresAt,
      attach: input.bizType,
    });
    const updated = await db
      .updateTable('pay_transactions')
      .set({
        // H5: the cashier link carries the prepay id.
        prepay_id: answer.prepayId ?? prepayIdOfLink(answer.h5Url),
        h5_url: answer.h5Url ?? null,
        updated_at: new Date(),
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return result(updated);
  } catch (error) {
    await db
      .updateTable('pay_transactions')
      .set({ status: 'CLOSED', updated_at: new Date() })
      .where('id', '=', row.id)
      .where('status', '=', 'NOTPAY')
      .execute();
    if (error instanceof PartyRefusedError) {
      throw new BusinessError(409, `微信支付拒绝下单：${error.partyCode} ${error.detail}`);
    }
    throw error;
  }
}

/**
 * A number unique at the merchant (out_trade_no / out_refund_no), not only in the tenant: tenants may share a
 * service-provider merchant (and the simulator's). The tenant's document number and four random characters.
 */
async function merchantNo(trx: Transaction<DB>, tenantId: string, prefix: string): Promise<string> {
  return `${await nextDocumentNo(trx, tenantId, prefix)}${randomBytes(2).toString('hex').toUpperCase()}`;
}

function prepayIdOfLink(link: string | undefined): string | null {
  if (!link) return null;
  try {
    return new URL(link).searchParams.get('prepay_id');
  } catch {
    return null;
  }
}

async function closeTransaction(
  db: Kysely<DB>,
  api: { close(no: string): Promise<void> },
  id: string,
  payNo: string,
) {
  await api.close(payNo);
  await db
    .updateTable('pay_transactions')
    .set({ status: 'CLOSED', updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'NOTPAY')
    .execute();
}

/** A document's transactions waiting for their payment (NOTPAY). */
const unpaidTransactions = (
  db: Kysely<DB>,
  input: { tenantId: string; bizType: PayBizType; bizId: string },
) =>
  db
    .selectFrom('pay_transactions')
    .select(['id', 'pay_no'])
    .where('tenant_id', '=', input.tenantId)
    .where('biz_type', '=', input.bizType)
    .where('biz_id', '=', input.bizId)
    .where('status', '=', 'NOTPAY');

/** Closes the document's unpaid transactions (its order was cancelled, or it stayed unpaid too long). */
export async function closePayment(
  db: Kysely<DB>,
  runtime: PayRuntime,
  input: { tenantId: string; bizType: PayBizType; bizId: string },
): Promise<{ closed: number }> {
  const open = await unpaidTransactions(db, input).execute();
  if (open.length === 0) return { closed: 0 };
  const merchant = await runtime.merchantOf(db, input.tenantId);
  for (const row of open) {
    // Paid in the meantime: settle instead of closing.
    const state = await merchant.api.query(row.pay_no);
    if (state.trade_state === 'SUCCESS') await settleTransaction(db, input.tenantId, state);
    else await closeTransaction(db, merchant.api, row.id, row.pay_no);
  }
  return { closed: open.length };
}

/** Asks WeChat Pay about a transaction and settles it when paid (the notify may be late or lost). */
export async function queryPayment(
  db: Kysely<DB>,
  runtime: PayRuntime,
  input: { tenantId: string; payNo: string },
): Promise<{ payNo: string; status: string }> {
  const merchant = await runtime.merchantOf(db, input.tenantId);
  const state = await merchant.api.query(input.payNo);
  if (state.trade_state === 'SUCCESS') await settleTransaction(db, input.tenantId, state);
  const row = await db
    .selectFrom('pay_transactions')
    .select(['pay_no', 'status'])
    .where('tenant_id', '=', input.tenantId)
    .where('pay_no', '=', input.payNo)
    .executeTakeFirst();
  if (!row) throw new BusinessError(404, '支付单不存在');
  return { payNo: row.pay_no, status: row.status };
}

/** How often a poller's open transaction is asked at WeChat Pay (queryOpenPayment), per process. */
export const PAY_QUERY_INTERVAL_MS = 3_000;
/** When each transaction was last asked for a poller: transaction id → ms; entries older than the interval go. */
const lastAsked = new Map<string, number>();

/**
 * For a page that polls a document's payment (the mall's payStatus): its newest open transaction is asked at
 * WeChat Pay — settling it when paid, as queryPayment — unless this process asked about it less than
 * PAY_QUERY_INTERVAL_MS ago. Between the questions the local state answers, which the notify keeps current.
 * Answers whether WeChat Pay was asked. (The time is kept per process: pay_transactions has no column for it.)
 */
export async function queryOpenPayment(
  db: Kysely<DB>,
  runtime: PayRuntime,
  input: { tenantId: string; bizType: PayBizType; bizId: string },
): Promise<boolean> {
  const open = await unpaidTransactions(db, input)
    .where('prepay_id', 'is not', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!open) return false;
  const now = Date.now();
  for (const [id, at] of lastAsked) if (now - at >= PAY_QUERY_INTERVAL_MS) lastAsked.delete(id);
  if (lastAsked.has(open.id)) return false;
  // Taken before asking: a poll arriving while WeChat Pay answers does not ask again.
  lastAsked.set(open.id, now);
  await queryPayment(db, runtime, { tenantId: input.tenantId, payNo: open.pay_no });
  return true;
}

// ---------------------------------------------------------------- settlement of payments

export type SettleOutcome =
  'SETTLED' | 'DUPLICATE' | 'ALREADY_SETTLED' | 'IGNORED' | 'UNKNOWN' | 'AMOUNT_MISMATCH' | 'OVERPAID';

/**
 * A transaction the platform reports (a verified notify, or a query): when paid, our transaction becomes SUCCESS
 * exactly once (a conditional update: of two concurrent reports one settles, the other finds it settled), the
 * order's payment is recorded and the handlers run. A document already paid by another transaction gets this one
 * refunded (OVERPAID).
 */
export async function settleTransaction(
  db: Kysely<DB>,
  tenantId: string,
  reported: WxTransaction,
): Promise<SettleOutcome> {
  return db.transaction().execute((trx) => settleIn(trx, tenantId, reported));
}

class DuplicateNotify extends Error {}

/**
 * Applies a verified notify once per notify id: the id is recorded first, so a replay (even a concurrent one,
 * waiting on the first one's row lock) is acknowledged as DUPLICATE without effect; the outcome is kept with it.
 */
async function onceForNotify(
  db: Kysely<DB>,
  tenantId: string,
  notify: { id: string; eventType: string; outNo: string },
  apply: (trx: Transaction<DB>) => Promise<SettleOutcome>,
): Promise<SettleOutcome> {
  try {
    return await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('pay_notify_events')
        .values({
          id: newId(),
          tenant_id: tenantId,
          notify_id: notify.id,
          event_type: notify.eventType,
          out_no: notify.outNo,
          outcome: 'RECEIVED',
        })
        .onConflict((conflict) => conflict.constraint('pay_notify_events_uq').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) throw new DuplicateNotify();
      const outcome = await apply(trx);
      await trx.updateTable('pay_notify_events').set({ outcome }).where('id', '=', inserted.id).execute();
      return outcome;
    });
  } catch (error) {
    if (error instanceof DuplicateNotify) return 'DUPLICATE';
    throw error;
  }
}

/** Settles a payment notify once per id. */
export const settleNotifiedTransaction = (
  db: Kysely<DB>,
  tenantId: string,
  notifyId: string,
  reported: WxTransaction,
) =>
  onceForNotify(
    db,
    tenantId,
    { id: notifyId, eventType: 'TRANSACTION.' + reported.trade_state, outNo: reported.out_trade_no },
    (trx) => settleIn(trx, tenantId, reported),
  );

async function settleIn(
  trx: Transaction<DB>,
  tenantId: string,
  reported: WxTransaction,
): Promise<SettleOutcome> {
  const row = await trx
    .selectFrom('pay_transactions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('pay_no', '=', reported.out_trade_no)
    .executeTakeFirst();
  if (!row || row.mch_id !== reported.mchid) return 'UNKNOWN';
  if (reported.trade_state !== 'SUCCESS') return 'IGNORED';
  if (reported.amount?.total !== toCents(row.amount)) return 'AMOUNT_MISMATCH';
  const settled = await trx
    .updateTable('pay_transactions')
    .set({
      status: 'SUCCESS',
      transaction_id: reported.transaction_id ?? null,
      bank_type: reported.bank_type ?? null,
      success_time: reported.success_time ? new Date(reported.success_time) : new Date(),
      payer_openid: reported.payer?.openid ?? row.payer_openid,
      updated_at: new Date(),
    })
    .where('id', '=', row.id)
    .where('status', '!=', 'SUCCESS')
    .returningAll()
    .executeTakeFirst();
  if (!settled) return 'ALREADY_SETTLED';

  const otherPaid = await trx
    .selectFrom('pay_transactions')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('biz_type', '=', row.biz_type)
    .where('biz_id', '=', row.biz_id)
    .where('status', '=', 'SUCCESS')
    .where('id', '!=', row.id)
    .executeTakeFirst();
  if (otherPaid) {
    await insertRefund(trx, {
      tenantId,
      bizType: row.biz_type,
      bizId: row.biz_id,
      bizNo: row.biz_no,
      orderId: row.order_id,
      transactionId: row.id,
      paymentId: null,
      cents: toCents(row.amount),
      method: 'ONLINE',
      cause: 'OVERPAID',
      reason: `重复支付，原路退回 ${row.pay_no}`,
      channel: 'WECHAT',
      returnOrderId: null,
      userId: null,
    });
    await trx
      .updateTable('pay_transactions')
      .set({ refunded_amount: row.amount })
      .where('id', '=', row.id)
      .execute();
    return 'OVERPAID';
  }

  const paidAt = settled.success_time ?? new Date();
  if (row.order_id) await recordOrderPayment(trx, settled, paidAt);
  await fireSettled(trx, {
    kind: 'PAID',
    tenantId,
    bizType: row.biz_type,
    bizId: row.biz_id,
    bizNo: row.biz_no,
    payNo: row.pay_no,
    transactionId: settled.transaction_id ?? '',
    amount: row.amount,
    paidAt,
  });
  return 'SETTLED';
}

/** The order's side of an online payment: a `payments` row (收款, source ONLINE) and its paid amount. */
async function recordOrderPayment(
  trx: Transaction<DB>,
  row: {
    id: string;
    tenant_id: string;
    order_id: string | null;
    amount: string;
    pay_no: string;
    transaction_id: string | null;
  },
  paidAt: Date,
) {
  const paymentNo = await nextDocumentNo(trx, row.tenant_id, 'SK');
  const paymentId = newId();
  await trx
    .insertInto('payments')
    .values({
      id: paymentId,
      tenant_id: row.tenant_id,
      payment_no: paymentNo,
      order_id: row.order_id!,
      amount: row.amount,
      channel: 'WECHAT',
      paid_at: paidAt,
      reference_no: row.transaction_id,
      remark: `微信支付 ${row.pay_no}`,
      source: 'ONLINE',
      pay_transaction_id: row.id,
    })
    .execute();
  await queuePaymentSync(trx, row.tenant_id, paymentId);
  await trx
    .updateTable('sales_orders')
    .set({
      paid_amount: sql`paid_amount + ${row.amount}::numeric`,
      payment_status: sql`case when paid_amount + ${row.amount}::numeric >= ${ORDER_DUE} then 'PAID' else 'PARTIAL' end`,
      updated_at: new Date(),
    })
    .where('id', '=', row.order_id!)
    .where('tenant_id', '=', row.tenant_id)
    .execute();
}

/**
 * 工资代扣: an employee order paid by payroll deduction at placing gets its `payments` row (channel PAYROLL,
 * recorded: no gateway) in the placing transaction; its refund is a recorded one (queueRefund). Answers the
 * payment number.
 */
export async function recordPayrollPayment(
  trx: Transaction<DB>,
  input: { tenantId: string; employeeOrderId: string; orderNo: string; amount: string; paidAt: Date },
): Promise<string> {
  const paymentNo = await nextDocumentNo(trx, input.tenantId, 'SK');
  await trx
    .insertInto('payments')
    .values({
      id: newId(),
      tenant_id: input.tenantId,
      payment_no: paymentNo,
      employee_order_id: input.employeeOrderId,
      amount: input.amount,
      channel: 'PAYROLL',
      paid_at: input.paidAt,
      remark: `工资代扣 ${input.orderNo}`,
      source: 'MANUAL',
    })
    .execute();
  return paymentNo;
}

// ---------------------------------------------------------------- refunds

export interface RefundInput {
  tenantId: string;
  bizType: PayBizType;
  bizId: string;
  /** Yuan; all that is left to refund when omitted. */
  amount?: string | number;
  cause: RefundCause;
  reason: string;
  returnOrderId?: string | null;
  /**
   * Only what was paid online (WeChat Pay), by the original route, `amount` then being at most what goes back
   * (a return's refund: what was paid otherwise is settled by the return's 退款方式, not here).
   */
  onlineOnly?: boolean;
  /** Who asked (null: the system). */
  userId?: string | null;
}

export interface QueuedRefund {
  refundId: string;
  refundNo: string;
  method: 'ONLINE' | 'OFFLINE';
  amount: string;
  status: 'PENDING' | 'SUCCESS';
}

interface RefundRow {
  tenantId: string;
  bizType: PayBizType;
  bizId: string;
  bizNo: string;
  orderId: string | null;
  transactionId: string | null;
  paymentId: string | null;
  cents: number;
  method: 'ONLINE' | 'OFFLINE';
  cause: RefundCause;
  reason: string;
  channel: string | null;
  returnOrderId: string | null;
  userId: string | null;
}

async function insertRefund(trx: Transaction<DB>, row: RefundRow): Promise<QueuedRefund> {
  const id = newId();
  const refundNo = await merchantNo(trx, row.tenantId, 'TK');
  const status = row.method === 'OFFLINE' ? 'SUCCESS' : 'PENDING';
  await trx
    .insertInto('refunds')
    .values({
      id,
      tenant_id: row.tenantId,
      refund_no: refundNo,
      biz_type: row.bizType,
      biz_id: row.bizId,
      biz_no: row.bizNo,
      order_id: row.orderId,
      payment_id: row.paymentId,
      pay_transaction_id: row.transactionId,
      return_order_id: row.returnOrderId,
      amount: centsText(row.cents),
      method: row.method,
      cause: row.cause,
      channel: row.channel,
      reason: row.reason,
      status,
      success_time: status === 'SUCCESS' ? new Date() : null,
      created_by: row.userId,
      updated_by: row.userId,
    })
    .execute();
  return { refundId: id, refundNo, method: row.method, amount: centsText(row.cents), status };
}

/**
 * Writes the refunds of a document in the caller's transaction: what is left of its payments, online ones
 * first (原路退回, sent after commit), then recorded ones (a recorded offline refund, done at once). Refuses
 * to refund more than was paid, even when two refunds run at once (conditional updates of refunded_amount).
 * A document that is no sales order gets its paid transactions refunded by the original route and its 工资代扣
 * payment (an employee order's) as a recorded refund.
 */
export async function queueRefund(trx: Transaction<DB>, input: RefundInput): Promise<QueuedRefund[]> {
  const reason = input.reason.trim();
  if (!reason) throw new InvalidRequestError('请填写退款原因');
  const ofOrder = ORDER_BIZ.includes(input.bizType);
  // The document's `payments` rows (a sales order's, online and recorded; an employee order's 工资代扣) …
  const recorded = await trx
    .selectFrom('payments as p')
    .leftJoin('sales_orders as so', 'so.id', 'p.order_id')
    .leftJoin('employee_orders as eo', 'eo.id', 'p.employee_order_id')
    .select([
      'p.id',
      'p.amount',
      'p.refunded_amount',
      'p.channel',
      'p.source',
      'p.pay_transaction_id',
      'p.paid_at',
      sql<string>`coalesce(so.order_no, eo.order_no)`.as('order_no'),
    ])
    .where('p.tenant_id', '=', input.tenantId)
    .where(ofOrder ? 'p.order_id' : 'p.employee_order_id', '=', input.bizId)
    .execute();
  // … and, of a document that is no sales order, its paid WeChat Pay transactions (no `payments` row).
  const transactions = ofOrder
    ? []
    : await trx
        .selectFrom('pay_transactions')
        .select([
          sql<string | null>`null`.as('id'),
          'amount',
          'refunded_amount',
          sql<string>`'WECHAT'`.as('channel'),
          sql<string>`'ONLINE'`.as('source'),
          'id as pay_transaction_id',
          sql<Date>`coalesce(success_time, updated_at)`.as('paid_at'),
          'biz_no as order_no',
        ])
        .where('tenant_id', '=', input.tenantId)
        .where('biz_type', '=', input.bizType)
        .where('biz_id', '=', input.bizId)
        .where('status', '=', 'SUCCESS')
        .execute();
  const isOnline = (row: { source: string; pay_transaction_id: string | null }) =>
    row.source === 'ONLINE' && row.pay_transaction_id !== null;
  const onlineFirst = (row: { source: string }) => (row.source === 'ONLINE' ? 0 : 1);
  const payments = [...recorded, ...transactions]
    .filter((row) => !input.onlineOnly || isOnline(row))
    .sort((a, b) => onlineFirst(a) - onlineFirst(b) || a.paid_at.getTime() - b.paid_at.getTime());
  const left = payments.reduce((sum, row) => sum + toCents(row.amount) - toCents(row.refunded_amount), 0);
  const asked = input.amount === undefined ? left : cents(input.amount, '退款金额');
  let wanted = input.onlineOnly ? Math.min(asked, left) : asked;
  if (wanted === 0) return [];
  if (wanted > left)
    throw new BusinessError(409, `退款金额 ${centsText(wanted)} 超过可退金额 ${centsText(left)}`);
  const queued: QueuedRefund[] = [];
  for (const payment of payments) {
    const share = Math.min(wanted, toCents(payment.amount) - toCents(payment.refunded_amount));
    if (share <= 0) continue;
    const taken = await trx
      .updateTable(payment.id ? 'payments' : 'pay_transactions')
      .set({ refunded_amount: sql`refunded_amount + ${centsText(share)}::numeric` })
      .where('id', '=', payment.id ?? payment.pay_transaction_id!)
      .where(sql<boolean>`refunded_amount + ${centsText(share)}::numeric <= amount`)
      .returning('id')
      .executeTakeFirst();
    if (!taken) throw new BusinessError(409, '该款项正在退款，请刷新后重试');
    if (payment.id && payment.pay_transaction_id) {
      await trx
        .updateTable('pay_transactions')
        .set({ refunded_amount: sql`refunded_amount + ${centsText(share)}::numeric`, updated_at: new Date() })
        .where('id', '=', payment.pay_transaction_id)
        .execute();
    }
    const online = isOnline(payment);
    const refund = await insertRefund(trx, {
      tenantId: input.tenantId,
      bizType: input.bizType,
      bizId: input.bizId,
      bizNo: payment.order_no,
      orderId: ofOrder ? input.bizId : null,
      transactionId: payment.pay_transaction_id,
      paymentId: payment.id,
      cents: share,
      method: online ? 'ONLINE' : 'OFFLINE',
      cause: input.cause,
      reason,
      channel: payment.channel,
      returnOrderId: input.returnOrderId ?? null,
      userId: input.userId ?? null,
    });
    if (refund.status === 'SUCCESS') await refundSettled(trx, refund.refundId, 'SUCCESS');
    queued.push(refund);
    wanted -= share;
    if (wanted === 0) break;
  }
  if (ofOrder && queued.some((refund) => refund.status === 'PENDING')) {
    await trx
      .updateTable('sales_orders')
      .set({ payment_status: 'REFUNDING', updated_at: new Date() })
      .where('id', '=', input.bizId)
      .where('tenant_id', '=', input.tenantId)
      .execute();
  }
  return queued;
}

/** A refund still on its way: not sent, sent, or held by WeChat Pay until 异常退款处理 (ABNORMAL). */
const REFUND_UNDER_WAY = ['PENDING', 'PROCESSING', 'ABNORMAL'] as const;

/**
 * A refund's result, once per refund: SUCCESS lowers the order's paid amount; CLOSED gives its amount back to
 * what is refundable. The order's payment status follows (REFUNDING while another refund of it is on its way),
 * and the handlers run.
 */
async function refundSettled(trx: Transaction<DB>, refundId: string, result: 'SUCCESS' | 'CLOSED') {
  const refund = await trx
    .selectFrom('refunds')
    .selectAll()
    .where('id', '=', refundId)
    .executeTakeFirstOrThrow();
  const pending = await trx
    .selectFrom('refunds')
    .select('cause')
    .where('tenant_id', '=', refund.tenant_id)
    .where('biz_type', '=', refund.biz_type)
    .where('biz_id', '=', refund.biz_id)
    .where('status', 'in', REFUND_UNDER_WAY)
    .where('id', '<>', refund.id)
    .execute();
  if (result !== 'SUCCESS') {
    // Nothing left the merchant: the amount is refundable again.
    if (refund.payment_id)
      await trx
        .updateTable('payments')
        .set({ refunded_amount: sql`refunded_amount - ${refund.amount}::numeric` })
        .where('id', '=', refund.payment_id)
        .execute();
    if (refund.pay_transaction_id)
      await trx
        .updateTable('pay_transactions')
        .set({ refunded_amount: sql`refunded_amount - ${refund.amount}::numeric`, updated_at: new Date() })
        .where('id', '=', refund.pay_transaction_id)
        .execute();
  }
  if (refund.order_id) {
    const paidAfter = sql`paid_amount - ${result === 'SUCCESS' ? refund.amount : '0'}::numeric`;
    await trx
      .updateTable('sales_orders')
      .set({
        paid_amount: sql`greatest(${paidAfter}, 0)`,
        payment_status: sql`case when ${paidAfter} <= 0 then 'REFUNDED'
          when ${sql.lit(pending.length > 0)} then 'REFUNDING'
          when ${paidAfter} >= ${ORDER_DUE} then 'PAID' else 'PARTIAL' end`,
        updated_at: new Date(),
      })
      .where('id', '=', refund.order_id)
      .execute();
  }
  if (result === 'SUCCESS') await queueRefundSync(trx, refund.tenant_id, refund.id);
  await fireSettled(trx, {
    kind: result === 'SUCCESS' ? 'REFUNDED' : 'REFUND_FAILED',
    tenantId: refund.tenant_id,
    bizType: refund.biz_type,
    bizId: refund.biz_id,
    bizNo: refund.biz_no,
    refundNo: refund.refund_no,
    amount: refund.amount,
    method: refund.method,
    cause: refund.cause,
    returnOrderId: refund.return_order_id,
    pendingCauses: pending.map((row) => row.cause),
  });
}

/** queueRefund in a transaction of its own, then the online refunds sent to WeChat Pay. */
export async function refundPayment(
  db: Kysely<DB>,
  runtime: PayRuntime,
  input: RefundInput,
): Promise<QueuedRefund[]> {
  const queued = await db.transaction().execute((trx) => queueRefund(trx, input));
  await submitRefunds(db, runtime, input.tenantId);
  const ids = queued.map((refund) => refund.refundId);
  if (ids.length === 0) return queued;
  const now = await db.selectFrom('refunds').select(['id', 'status']).where('id', 'in', ids).execute();
  return queued.map((refund) => ({
    ...refund,
    status: (now.find((row) => row.id === refund.refundId)?.status ??
      refund.status) as QueuedRefund['status'],
  }));
}

/**
 * Sends a tenant's PENDING online refunds to WeChat Pay (after the commit that wrote them, and from the
 * recurring job for any a crash left behind). The out_refund_no makes a second send of the same refund
 * harmless at the platform.
 */
export async function submitRefunds(db: Kysely<DB>, runtime: PayRuntime, tenantId: string): Promise<number> {
  const pending = await db
    .selectFrom('refunds')
    .innerJoin('pay_transactions', 'pay_transactions.id', 'refunds.pay_transaction_id')
    .select([
      'refunds.id',
      'refunds.refund_no',
      'refunds.amount',
      'refunds.reason',
      'pay_transactions.pay_no',
      'pay_transactions.amount as total',
    ])
    .where('refunds.tenant_id', '=', tenantId)
    .where('refunds.method', '=', 'ONLINE')
    .where('refunds.status', '=', 'PENDING')
    .orderBy('refunds.created_at')
    .execute();
  if (pending.length === 0) return 0;
  const merchant = await runtime.merchantOf(db, tenantId);
  let sent = 0;
  for (const refund of pending) {
    let answer: Refund;
    try {
      answer = await merchant.api.refund({
        outTradeNo: refund.pay_no,
        outRefundNo: refund.refund_no,
        reason: refund.reason.slice(0, 80),
        notifyUrl: runtime.notifyUrl(tenantId, 'refund'),
        refundCents: toCents(refund.amount),
        totalCents: toCents(refund.total),
      });
    } catch (error) {
      await db
        .updateTable('refunds')
        .set({
          last_error: error instanceof Error ? error.message.slice(0, 500) : String(error),
          updated_at: new Date(),
        })
        .where('id', '=', refund.id)
        .execute();
      continue;
    }
    sent += 1;
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('refunds')
        .set({
          status: 'PROCESSING',
          wx_refund_id: answer.refund_id,
          submitted_at: new Date(),
          last_error: null,
          updated_at: new Date(),
        })
        .where('id', '=', refund.id)
        .where('status', '=', 'PENDING')
        .execute();
      const state = answer.status ?? answer.refund_status;
      if (state && state !== 'PROCESSING')
        await refundStateIn(trx, tenantId, { ...answer, refund_status: state });
    });
  }
  return sent;
}

/** Settles a refund notify once per id. */
export const settleNotifiedRefund = (db: Kysely<DB>, tenantId: string, notifyId: string, reported: Refund) =>
  onceForNotify(
    db,
    tenantId,
    {
      id: notifyId,
      eventType: 'REFUND.' + (reported.refund_status ?? reported.status),
      outNo: reported.out_refund_no,
    },
    (trx) => refundStateIn(trx, tenantId, reported),
  );

/** How many refunds one reconciliation asks about at most (the oldest first); the next run takes the rest. */
const RECONCILE_BATCH = 100;

/**
 * 退款对账 (the recurring job PAY_REFUND_RECONCILE): online refunds 退款中 (PROCESSING) whose result has not
 * come for `olderThanMs` — a lost refund notify, or a crash after 异常退款处理 claimed the refund and before it
 * reached WeChat Pay — are asked at WeChat Pay (refund query) and its answer is applied by refundStateIn, the
 * code path of the refund notify: SUCCESS settles, CLOSED gives the amount back, ABNORMAL holds it for
 * 异常退款处理 again. One still PROCESSING there is left as it is and asked again `olderThanMs` later (its
 * updated_at moves); one WeChat Pay cannot answer about keeps the error in last_error.
 */
export async function reconcileRefunds(
  db: Kysely<DB>,
  runtime: PayRuntime,
  olderThanMs: number,
): Promise<{ asked: number; settled: number }> {
  const stuck = await db
    .selectFrom('refunds')
    .select(['id', 'tenant_id', 'refund_no'])
    .where('method', '=', 'ONLINE')
    .where('status', '=', 'PROCESSING')
    .where('updated_at', '<=', new Date(Date.now() - olderThanMs))
    .orderBy('updated_at')
    .limit(RECONCILE_BATCH)
    .execute();
  let settled = 0;
  const merchants = new Map<string, Awaited<ReturnType<PayRuntime['merchantOf']>>>();
  for (const refund of stuck) {
    let outcome: SettleOutcome | undefined;
    let failure: string | null = null;
    try {
      const merchant = merchants.get(refund.tenant_id) ?? (await runtime.merchantOf(db, refund.tenant_id));
      merchants.set(refund.tenant_id, merchant);
      const reported = await merchant.api.queryRefund(refund.refund_no);
      outcome = await settleReportedRefund(db, refund.tenant_id, reported);
    } catch (error) {
      failure = error instanceof Error ? error.message.slice(0, 500) : String(error);
    }
    if (outcome === 'SETTLED') {
      settled += 1;
      continue;
    }
    // Still on its way (or not answered): asked again one period later.
    await db
      .updateTable('refunds')
      .set({ updated_at: new Date(), ...(failure === null ? {} : { last_error: failure }) })
      .where('id', '=', refund.id)
      .where('status', '=', 'PROCESSING')
      .execute();
  }
  return { asked: stuck.length, settled };
}

/** A refund's state as WeChat Pay reports it outside a notify (the refund query), settled as the notify is. */
export const settleReportedRefund = (db: Kysely<DB>, tenantId: string, reported: Refund) =>
  db.transaction().execute((trx) => refundStateIn(trx, tenantId, reported));

/**
 * Where every refund result is applied, whatever the document (the answer to the refund request, the refund
 * notify, the reconciliation's query): SUCCESS settles it; CLOSED marks it failed and gives its amount back to what is refundable
 * (refundSettled). ABNORMAL settles nothing: the payer's card refused the money, which WeChat Pay keeps until
 * 异常退款处理 (applyAbnormalRefund) sends it elsewhere; a new refund of that amount would be refused. A result
 * applies once: later reports of the same refund are ALREADY_SETTLED.
 */
async function refundStateIn(
  trx: Transaction<DB>,
  tenantId: string,
  reported: Refund,
): Promise<SettleOutcome> {
  const state = reported.refund_status ?? reported.status;
  const refund = await trx
    .selectFrom('refunds')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('refund_no', '=', reported.out_refund_no)
    .executeTakeFirst();
  if (!refund) return 'UNKNOWN';
  if (reported.amount?.refund !== undefined && reported.amount.refund !== toCents(refund.amount))
    return 'AMOUNT_MISMATCH';
  if (state !== 'SUCCESS' && state !== 'CLOSED' && state !== 'ABNORMAL') return 'IGNORED';
  if (state === 'ABNORMAL') {
    const held = await trx
      .updateTable('refunds')
      .set({
        status: 'ABNORMAL',
        wx_refund_id: reported.refund_id ?? refund.wx_refund_id,
        updated_at: new Date(),
      })
      .where('id', '=', refund.id)
      .where('status', 'in', ['PENDING', 'PROCESSING'])
      .returning('id')
      .executeTakeFirst();
    return held ? 'SETTLED' : 'ALREADY_SETTLED';
  }
  const moved = await trx
    .updateTable('refunds')
    .set({
      status: state,
      wx_refund_id: reported.refund_id ?? refund.wx_refund_id,
      success_time:
        state === 'SUCCESS' ? (reported.success_time ? new Date(reported.success_time) : new Date()) : null,
      updated_at: new Date(),
    })
    .where('id', '=', refund.id)
    .where('status', 'in', REFUND_UNDER_WAY)
    .returning('id')
    .executeTakeFirst();
  if (!moved) return 'ALREADY_SETTLED';
  await refundSettled(trx, refund.id, state);
  return 'SETTLED';
}

/**
 * 异常退款处理: an ABNORMAL refund goes to another card of the payer or to the merchant's bank account
 * (WeChat Pay's apply-abnormal-refund), and is PROCESSING again until its notify settles it. The refund is
 * claimed first (ABNORMAL → PROCESSING, 409 to a second operator); if WeChat Pay refuses, it is ABNORMAL again
 * with the reason.
 */
export async function applyAbnormalRefund(
  db: Kysely<DB>,
  runtime: PayRuntime,
  input: { tenantId: string; refundId: string } & Omit<AbnormalRefundRequest, 'outRefundNo'>,
): Promise<{ refundNo: string; status: 'PROCESSING' }> {
  const claimed = await db
    .updateTable('refunds')
    .set({ status: 'PROCESSING', last_error: null, updated_at: new Date() })
    .where('tenant_id', '=', input.tenantId)
    .where('id', '=', input.refundId)
    .where('status', '=', 'ABNORMAL')
    .where('wx_refund_id', 'is not', null)
    .returning(['refund_no', 'wx_refund_id'])
    .executeTakeFirst();
  if (!claimed) {
    const refund = await db
      .selectFrom('refunds')
      .select('refund_no')
      .where('tenant_id', '=', input.tenantId)
      .where('id', '=', input.refundId)
      .executeTakeFirst();
    if (!refund) throw new BusinessError(404, '退款单不存在');
    throw new BusinessError(409, `退款单 ${refund.refund_no} 已不是退款异常状态，请刷新`);
  }
  try {
    const merchant = await runtime.merchantOf(db, input.tenantId);
    await merchant.api.applyAbnormalRefund(claimed.wx_refund_id as string, {
      outRefundNo: claimed.refund_no,
      type: input.type,
      bankType: input.bankType,
      bankAccount: input.bankAccount,
      realName: input.realName,
    });
  } catch (error) {
    await db
      .updateTable('refunds')
      .set({
        status: 'ABNORMAL',
        last_error: error instanceof Error ? error.message.slice(0, 500) : String(error),
        updated_at: new Date(),
      })
      .where('id', '=', input.refundId)
      .where('status', '=', 'PROCESSING')
      .execute();
    if (error instanceof PartyRefusedError)
      throw new BusinessError(409, `微信支付拒绝异常退款：${error.partyCode} ${error.detail}`);
    throw error;
  }
  return { refundNo: claimed.refund_no, status: 'PROCESSING' };
}

/** For order commands without the runtime at hand: does the document have anything left to refund? */
export async function refundableCents(db: Db, tenantId: string, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select(sql<string>`coalesce(sum(amount - refunded_amount), 0)::text`.as('left'))
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return toCents(row.left);
}

/** submitRefunds for every tenant with a refund left PENDING for a minute (the recurring job). */
export async function submitAllPendingRefunds(db: Kysely<DB>, runtime: PayRuntime): Promise<number> {
  const tenants = await db
    .selectFrom('refunds')
    .select('tenant_id')
    .distinct()
    .where('method', '=', 'ONLINE')
    .where('status', '=', 'PENDING')
    .where('created_at', '<', new Date(Date.now() - 60_000))
    .execute();
  let sent = 0;
  for (const { tenant_id: tenantId } of tenants) sent += await submitRefunds(db, runtime, tenantId);
  return sent;
}
