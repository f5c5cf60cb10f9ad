// Sending the subscription messages messages.ts queued (job WX_SUBSCRIBE_MESSAGE), and the mall orders'
// online payments and refunds as message events. WeChat busy or out of reach: the attempt fails and the job
// runner tries again later (WX_MESSAGE_ATTEMPTS in all); a refusal no retry can change (the user no longer
// accepts the template, the template or openid is wrong) fails the job at once. Either way the order is long
// committed: its job's failure is recorded on the job (its error, attempts), nothing else.
import { BusinessError } from '../../http/envelope';
import { PartyRefusedError } from '../../integrations/partyHttp';
import type { JobHandler } from '../jobs/runner';
import { onPaymentSettled } from '../payments/service';
import { notifySalesOrder, type MessagePayload } from './messages';
import type { WxRuntime } from './runtime';

/** 43101 the user refuses the template (no acceptance left), 40003 openid, 40037 template id, 47003 data. */
const FINAL_REFUSALS = new Set(['43101', '40003', '40037', '47003']);

export const sendOrderMessage =
  (runtime: WxRuntime): JobHandler =>
  async ({ job, db }) => {
    const message = job.payload as unknown as MessagePayload;
    const mini = await runtime.miniProgram(db, job.tenant_id!, message.kind);
    // The tenant changed its mini-program since: that openid is not its user any more.
    if (mini.appId !== message.appId) return { result: { sent: false, reason: '小程序已更换' } };
    try {
      await mini.api.sendSubscribeMessage({
        touser: message.openid,
        templateId: message.templateId,
        page: message.page,
        data: message.data,
      });
    } catch (error) {
      if (error instanceof PartyRefusedError && FINAL_REFUSALS.has(error.partyCode))
        throw new BusinessError(409, `微信拒绝了订阅消息：${error.partyCode} ${error.detail}`);
      throw error;
    }
    return { result: { sent: true } };
  };

// A mall order paid in full, or refunded, online (WeChat Pay): in the settling transaction.
onPaymentSettled('ORDER', async (trx, event) => {
  if (event.kind === 'REFUND_FAILED') return;
  const order = await trx
    .selectFrom('sales_orders')
    .select(['order_type', 'payment_status'])
    .where('id', '=', event.bizId)
    .where('tenant_id', '=', event.tenantId)
    .executeTakeFirst();
  if (!order || (event.kind === 'PAID' && order.payment_status !== 'PAID')) return;
  await notifySalesOrder(
    trx,
    { tenantId: event.tenantId, orderId: event.bizId, orderType: order.order_type },
    event.kind === 'PAID' ? 'PAID' : 'REFUNDED',
    event.kind === 'REFUNDED' ? event.amount : undefined,
  );
});
