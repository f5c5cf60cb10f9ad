// /payment (docs/payments-api.md): every payment, refund and online transaction of the documents the caller
// sees, with filters and export (下载中心 when large); 在线收款 (a WeChat Pay H5 prepay of what an order still owes), 退款 (online by the
// original route, recorded ones as an offline refund), 异常退款处理 (an ABNORMAL refund sent to another card or the
// merchant's account) and 查询 (ask WeChat Pay about a transaction). Thin: the
// services own the SQL. The notify endpoints are in notifyRoutes.ts.
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import type { RawQuery } from '../../http/listQuery';
import { sendExport } from '../jobs/exports';
import { actorOf, callerOf, logOperation, requires } from '../shared/actor';
import { dataScopeOf } from '../shared/dataScope';
import { nullable, text } from '../shared/schemas';
import { orderInScope } from '../orders/state';
import { centsText, owedCents } from '../orders/money';
import { BusinessError } from '../../http/envelope';
import {
  assertRefundInScope,
  assertTransactionInScope,
  listPayments,
  listRefunds,
  listTransactions,
  PAYMENT_LIST_EXPORT,
  REFUND_LIST_EXPORT,
  TRANSACTION_LIST_EXPORT,
} from './queries';
import { applyAbnormalRefund, createPayment, queryPayment, refundPayment } from './service';
import {
  ABNORMAL_REFUND_ROUTE,
  BANK_ACCOUNT_PATTERN,
  REFUND_BANK_TYPE,
  type AbnormalRefundInput,
} from '../../../common/payments';

const body = (required: string[], properties: Record<string, unknown>) =>
  ({ type: 'object', required, properties }) as const;
const amount = { type: 'number', exclusiveMinimum: 0, maximum: 100000000 } as const;

export async function paymentRoutes(app: FastifyInstance) {
  const db = app.database.db;

  app.get('/payment/record/list', { config: requires('payRecord:list') }, async (request) =>
    ok(await listPayments(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/payment/record/exportXls', { config: requires('payRecord:list') }, (request, reply) =>
    sendExport(request, reply, PAYMENT_LIST_EXPORT),
  );
  app.get('/payment/refund/list', { config: requires('payRecord:list') }, async (request) =>
    ok(await listRefunds(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/payment/refund/exportXls', { config: requires('payRecord:list') }, (request, reply) =>
    sendExport(request, reply, REFUND_LIST_EXPORT),
  );
  app.get('/payment/transaction/list', { config: requires('payRecord:list') }, async (request) =>
    ok(await listTransactions(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/payment/transaction/exportXls', { config: requires('payRecord:list') }, (request, reply) =>
    sendExport(request, reply, TRANSACTION_LIST_EXPORT),
  );

  /** 在线收款: an H5 prepay of what the order still owes; the answer's link opens the cashier. */
  app.post<{ Body: { orderId: string } }>(
    '/payment/prepay',
    { config: requires('payment:add'), schema: { body: body(['orderId'], { orderId: text(32) }) } },
    async (request, reply) => {
      const actor = actorOf(request, reply);
      const scope = await dataScopeOf(db, actor.tenantId, actor.userId);
      const order = await orderInScope(db, actor.tenantId, scope, request.body.orderId);
      const owed = owedCents(order);
      if (owed <= 0) throw new BusinessError(409, `订单 ${order.order_no} 已无待付金额`);
      if (['CANCELLED', 'INVALID', 'REJECTED'].includes(order.status)) {
        throw new BusinessError(409, `订单 ${order.order_no} 已关闭，不能收款`);
      }
      const prepay = await createPayment(db, app.payRuntime, {
        tenantId: actor.tenantId,
        bizType: 'ORDER',
        bizId: order.id,
        bizNo: order.order_no,
        amount: centsText(owed),
        description: `订单 ${order.order_no}`,
        tradeType: 'H5',
        clientIp: request.ip,
      });
      await logOperation(db, actor, 'add', `在线收款 ${order.order_no}：${prepay.payNo} ${prepay.amount}`);
      return ok(prepay);
    },
  );

  app.post<{ Body: { payNo: string } }>(
    '/payment/query',
    { config: requires('payRecord:list'), schema: { body: body(['payNo'], { payNo: text(40) }) } },
    async (request) => {
      const caller = callerOf(request);
      await assertTransactionInScope(db, caller, request.body.payNo);
      return ok(
        await queryPayment(db, app.payRuntime, { tenantId: caller.tenantId, payNo: request.body.payNo }),
      );
    },
  );

  /** 退款: all that is left of the order's payments, or `amount` of it. */
  app.post<{ Body: { orderId: string; amount?: number | null; reason: string } }>(
    '/payment/refund/add',
    {
      config: requires('payment:refund'),
      schema: {
        body: body(['orderId', 'reason'], { orderId: text(32), amount: nullable(amount), reason: text(200) }),
      },
    },
    async (request, reply) => {
      const actor = actorOf(request, reply);
      const scope = await dataScopeOf(db, actor.tenantId, actor.userId);
      const order = await orderInScope(db, actor.tenantId, scope, request.body.orderId);
      const refunds = await refundPayment(db, app.payRuntime, {
        tenantId: actor.tenantId,
        bizType: 'ORDER',
        bizId: order.id,
        amount: request.body.amount ?? undefined,
        cause: 'MANUAL',
        reason: request.body.reason,
        userId: actor.userId,
      });
      if (refunds.length === 0) throw new BusinessError(409, `订单 ${order.order_no} 没有可退的款项`);
      await logOperation(
        db,
        actor,
        'add',
        `退款 ${order.order_no}：${refunds.map((r) => `${r.refundNo} ${r.amount}`).join('，')}`,
      );
      return ok({ refunds });
    },
  );

  /** 异常退款处理: the payer's card refused the refund; send it to another of their cards or to the merchant. */
  app.post<{ Body: AbnormalRefundInput }>(
    '/payment/refund/applyAbnormal',
    {
      config: requires('payment:refund'),
      schema: {
        body: {
          type: 'object',
          required: ['id', 'type'],
          properties: {
            id: text(32),
            type: { type: 'string', enum: Object.keys(ABNORMAL_REFUND_ROUTE) },
            bankType: { type: 'string', enum: Object.keys(REFUND_BANK_TYPE) },
            bankAccount: { type: 'string', pattern: BANK_ACCOUNT_PATTERN },
            realName: text(50),
          },
          // To the payer's card: which card, and whose, are required.
          if: { properties: { type: { const: 'USER_BANK_CARD' } } },
          then: { required: ['bankType', 'bankAccount', 'realName'] },
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request, reply);
      await assertRefundInScope(db, actor, request.body.id);
      const { id, type, bankType, bankAccount, realName } = request.body;
      const toCard = type === 'USER_BANK_CARD';
      const result = await applyAbnormalRefund(db, app.payRuntime, {
        tenantId: actor.tenantId,
        refundId: id,
        type,
        ...(toCard ? { bankType, bankAccount, realName } : {}),
      });
      // The card number stays out of the log: its last four digits say enough.
      await logOperation(
        db,
        actor,
        'update',
        `异常退款处理 ${result.refundNo}：${ABNORMAL_REFUND_ROUTE[type]}${toCard ? `（尾号 ${bankAccount?.slice(-4)}）` : ''}`,
      );
      return ok(result, '已提交异常退款，等待微信支付处理');
    },
  );
}
