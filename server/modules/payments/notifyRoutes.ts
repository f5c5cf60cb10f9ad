// The WeChat Pay notify endpoints (public: the platform's signature authenticates them):
//   POST /api/payment/notify/:tenantId/pay      TRANSACTION.SUCCESS
//   POST /api/payment/notify/:tenantId/refund   REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED
// A notify is believed only when signed by the tenant's platform key, recent, and its resource decrypts under
// the APIv3 key; then it is settled once per notify id. 204 acknowledges; 401 refuses a forged or tampered
// one (the platform would retry a genuine one); 500 asks for a retry.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Refund, Transaction } from '../../integrations/wechatpay/client';
import { NotifyRefusedError, verifyNotify } from '../../integrations/wechatpay/client';
import { NOTIFY_PATH } from './merchants';
import { settleNotifiedRefund, settleNotifiedTransaction } from './service';

const params = {
  type: 'object',
  required: ['tenantId'],
  properties: { tenantId: { type: 'string', maxLength: 64 } },
} as const;

export async function paymentNotifyRoutes(app: FastifyInstance) {
  const raw = new WeakMap<FastifyRequest, string>();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    raw.set(request, String(body));
    done(null, {});
  });
  const db = app.database.db;

  const handle =
    (kind: 'pay' | 'refund') =>
    async (
      request: FastifyRequest<{ Params: { tenantId: string } }>,
      reply: import('fastify').FastifyReply,
    ) => {
      const { tenantId } = request.params;
      const tenant = await db
        .selectFrom('tenants')
        .select('tenant_id')
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      if (!tenant) return reply.code(404).send({ code: 'FAIL', message: '商户不存在' });
      try {
        const merchant = await app.payRuntime.merchantOf(db, tenantId);
        const notify = verifyNotify<Transaction | Refund>(
          merchant.credentials,
          request.headers,
          raw.get(request) ?? '',
        );
        const outcome =
          kind === 'pay'
            ? await settleNotifiedTransaction(db, tenantId, notify.id, notify.resource as Transaction)
            : await settleNotifiedRefund(db, tenantId, notify.id, notify.resource as Refund);
        request.log.info({ notifyId: notify.id, eventType: notify.eventType, outcome }, 'wechat pay notify');
        return reply.code(204).send();
      } catch (error) {
        if (error instanceof NotifyRefusedError) {
          request.log.warn({ reason: error.reason }, 'wechat pay notify refused');
          return reply.code(401).send({ code: 'FAIL', message: error.message });
        }
        throw error;
      }
    };

  app.post<{ Params: { tenantId: string } }>(
    `${NOTIFY_PATH}/:tenantId/pay`,
    { config: { access: 'public' }, schema: { params } },
    handle('pay'),
  );
  app.post<{ Params: { tenantId: string } }>(
    `${NOTIFY_PATH}/:tenantId/refund`,
    { config: { access: 'public' }, schema: { params } },
    handle('refund'),
  );
}
