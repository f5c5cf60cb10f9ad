// WeChat Pay as a test needs it beyond what the simulator does by itself: answers it never gives (a refund it
// accepts and keeps, or closes at once, instead of succeeding 100 ms later) and a count of what is asked of it.
// (An ABNORMAL refund the simulator gives by itself: simulatedPay.closedCards.)
import type { WechatPayApi } from '../../integrations/wechatpay/client';
import { simulatedKeys } from '../../integrations/wechatpay/simulator';
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
