// WeChat Pay as a test needs it beyond what the simulator does by itself: answers it never gives (a refund it
// accepts and keeps, or closes at once, instead of succeeding 100 ms later), a count of what is asked of it, and
// the replays of a paid notify.
// (An ABNORMAL refund the simulator gives by itself: simulatedPay.closedCards.)
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { WechatPayApi } from '../../integrations/wechatpay/client';
import { notifyBody, platformHeaders, simulatedKeys } from '../../integrations/wechatpay/simulator';
import type { PayRuntime } from '../../modules/payments/runtime';

/**
 * Until the answered function is called, the merchant API of every tenant is the simulator's with the calls
 * `replace` answers replaced (each replacement may call the real one, given as its argument).
 */
export function interceptWechatPay(
  runtime: PayRuntime,
  replace: (real: WechatPayApi) => Partial<WechatPayApi>,
): () => void {
  const merchantOf = runtime.merchantOf;
  runtime.merchantOf = async (db, tenantId) => {
    const merchant = await merchantOf(db, tenantId);
    const { api } = merchant;
    const real: WechatPayApi = {
      prepay: (request) => api.prepay(request),
      query: (outTradeNo) => api.query(outTradeNo),
      close: (outTradeNo) => api.close(outTradeNo),
      refund: (request) => api.refund(request),
      queryRefund: (outRefundNo) => api.queryRefund(outRefundNo),
      applyAbnormalRefund: (refundId, request) => api.applyAbnormalRefund(refundId, request),
    };
    return { ...merchant, api: { ...real, ...replace(real) } };
  };
  return () => {
    runtime.merchantOf = merchantOf;
  };
}

/** A refund WeChat Pay accepts (PROCESSING) and keeps to itself: its result comes by a notify of the test. */
export const refundAccepted = (): Partial<WechatPayApi> => ({
  refund: async (request) => ({
    mchid: simulatedKeys().merchant.mchId,
    out_trade_no: request.outTradeNo,
    out_refund_no: request.outRefundNo,
    refund_id: `50300${request.outRefundNo}`,
    status: 'PROCESSING',
    amount: { total: request.totalCents, refund: request.refundCents, payer_refund: request.refundCents },
  }),
});

/**
 * Sends the paid notify of a transaction already settled again, as WeChat Pay does when it missed our answer:
 * the very notify it sent (its id from pay_notify_events), then another notify of the same payment. Answers the
 * HTTP statuses of the two.
 */
export async function replayPaidNotifies(
  db: Kysely<DB>,
  baseUrl: string,
  tenantId: string,
  payNo: string,
): Promise<number[]> {
  const transaction = await db
    .selectFrom('pay_transactions')
    .select(['app_id', 'transaction_id', 'amount'])
    .where('tenant_id', '=', tenantId)
    .where('pay_no', '=', payNo)
    .executeTakeFirstOrThrow();
  const { notify_id: notifyId } = await db
    .selectFrom('pay_notify_events')
    .select('notify_id')
    .where('tenant_id', '=', tenantId)
    .where('out_no', '=', payNo)
    .executeTakeFirstOrThrow();
  const cents = Math.round(Number(transaction.amount) * 100);
  const resource = {
    appid: transaction.app_id,
    mchid: simulatedKeys().merchant.mchId,
    out_trade_no: payNo,
    transaction_id: transaction.transaction_id,
    trade_type: 'MWEB',
    trade_state: 'SUCCESS',
    success_time: new Date().toISOString(),
    amount: { total: cents, payer_total: cents, currency: 'CNY' },
  };
  const statuses: number[] = [];
  for (const replay of [
    notifyBody('TRANSACTION.SUCCESS', resource, notifyId),
    notifyBody('TRANSACTION.SUCCESS', resource),
  ]) {
    const answer = await fetch(`${baseUrl}/api/payment/notify/${tenantId}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...platformHeaders(replay) },
      body: replay,
    });
    statuses.push(answer.status);
  }
  return statuses;
}
