// WeChat Pay as a test needs it beyond what the simulator does by itself: answers it never gives (a refund it
// accepts and later reports ABNORMAL or CLOSED, instead of succeeding 100 ms later), a count of what is asked
// of it, and its signed refund notifies.
import type { Refund, RefundState, WechatPayApi } from '../../integrations/wechatpay/client';
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

/** Posts WeChat Pay's signed refund notify of a refund's final state to the tenant's refund endpoint. */
export async function notifyRefundState(
  baseUrl: string,
  tenantId: string,
  refund: { refundNo: string; payNo: string; cents: number },
  state: RefundState,
): Promise<number> {
  const resource: Refund = {
    mchid: simulatedKeys().merchant.mchId,
    out_trade_no: refund.payNo,
    out_refund_no: refund.refundNo,
    refund_id: `50300${refund.refundNo}`,
    refund_status: state,
    amount: { total: refund.cents, refund: refund.cents, payer_refund: refund.cents },
  };
  const body = notifyBody(`REFUND.${state}`, resource);
  const answer = await fetch(`${baseUrl}/api/payment/notify/${tenantId}/refund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...platformHeaders(body) },
    body,
  });
  return answer.status;
}
