// Orders under /eOrder/eOrder (spec §7: saveOrderSign, saveOrderDeliver, auditOrder, orderInvalid,
// orderPrint, orderExePrint, backOrder, getOpenApprovalData, getSwapOrderById, plus the list, detail,
// placement and the buyer's cancelOrder / resubmitOrder the pages need) and payments under /payment. Thin:
// the services own the SQL; the route list and the shapes are in common/orders.ts.
import type { FastifyInstance } from 'fastify';
import type { TaskNotice } from '../approvals/engine';
import { publishTaskNotices } from '../approvals/notify';
import type { Kysely } from 'kysely';
import {
  EXCHANGE_REASON,
  MANUAL_SIGN_TYPES,
  RECEIPT_CHANNEL,
  PAYMENT_METHOD,
  REFUND_METHOD,
  RETURN_CONDITION,
  RETURN_REASON,
  SIGN_DIFF_REASON,
  type OrderAddInput,
  type OrderAuditInput,
  type OrderCancelInput,
  type OrderDeliverInput,
  type OrderInvalidInput,
  type OrderResubmitInput,
  type OrderSignInput,
  type PaymentAddInput,
  type ReturnAddInput,
  type ReturnAuditInput,
  type ReturnReceiveInput,
  type SwapAddInput,
  type SwapExecuteInput,
} from '../../../common/orders';
import { codesOf } from '../../../common/businessEnums';
import { ok } from '../../http/envelope';
import type { RawQuery } from '../../http/listQuery';
import type { DB } from '../../db/schema';
import { actorOf, callerOf, requires, type Actor } from '../shared/actor';
import { sendExport } from '../jobs/exports';
import { ORDER_EXPORT } from './export';
import { idQuerySchema, nullable, text, type IdQuery } from '../shared/schemas';
import './erpSync';
import {
  approvalData,
  auditOrders,
  cancelOrder,
  deliverOrder,
  deliverPlan,
  invalidateOrder,
  signOrder,
} from './lifecycle';
import { addPayment, listPayments } from './payments';
import { submitRefunds } from '../payments/service';
import { addOrder, MAX_ORDER_LINES, orderLinesSchema, resubmitOrder } from './placement';
import { listOrders, orderById, orderStatusCounts, printOrder } from './queries';
import { shelfGoodsLine } from './shelfGoods';
import {
  addExchange,
  addReturn,
  auditExchange,
  auditReturn,
  cancelExchange,
  cancelReturn,
  exchangeById,
  executeExchange,
  listExchanges,
  listReturns,
  receiveReturn,
  returnById,
} from './returns';

const PREFIX = '/eOrder/eOrder';
const count = { type: 'integer', minimum: 0, maximum: 10000000 } as const;
const positive = { type: 'integer', minimum: 1, maximum: 10000000 } as const;
const money = { type: 'number', minimum: 0, maximum: 99999999 } as const;
const note = nullable({ type: 'string', maxLength: 256 });
const reason = { type: 'string', maxLength: 256 } as const;
const idBody = { type: 'object', required: ['id'], properties: { id: text(32) } } as const;
const optionalWarehouse = {
  type: 'object',
  required: ['id'],
  properties: { id: text(32), warehouseId: text(32) },
} as const;

/** What an order says besides its buyer and type: placed with /add, replaced by /resubmitOrder. */
const orderTerms = {
  sellerId: nullable(text(32)),
  salesRepId: nullable(text(32)),
  paymentMethod: { type: 'string', enum: codesOf(PAYMENT_METHOD) },
  requestedDeliveryDate: nullable({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  receiver: {
    type: 'object',
    properties: {
      name: nullable({ type: 'string', maxLength: 32 }),
      mobile: nullable({ type: 'string', pattern: '^(1\\d{10})?$' }),
      address: nullable({ type: 'string', maxLength: 256 }),
    },
  },
  freightAmount: money,
  rebateDeductAmount: money,
  coinDeductCoins: count,
  buyerRemark: note,
  internalRemark: note,
  lines: orderLinesSchema({ dealPrice: money, isGift: { type: 'boolean' } }),
} as const;

const addBody = {
  type: 'object',
  required: ['buyerId', 'paymentMethod', 'lines'],
  properties: {
    orderType: { type: 'string', enum: ['REP_PROXY', 'DEALER_PURCHASE', 'GIFT'] },
    buyerId: text(32),
    ...orderTerms,
  },
} as const;

const resubmitBody = {
  type: 'object',
  required: ['id', 'paymentMethod', 'lines'],
  properties: { id: text(32), ...orderTerms },
} as const;

const auditBody = {
  type: 'object',
  required: ['ids', 'pass'],
  properties: {
    ids: { type: 'array', minItems: 1, maxItems: 200, items: text(32) },
    pass: { type: 'boolean' },
    reason,
    warehouseId: text(32),
  },
} as const;

const deliverBody = {
  type: 'object',
  required: ['id'],
  properties: {
    id: text(32),
    warehouseId: text(32),
    lines: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_ORDER_LINES,
      items: {
        type: 'object',
        required: ['orderLineId'],
        properties: {
          orderLineId: text(32),
          baseQty: positive,
          lots: {
            type: 'array',
            minItems: 1,
            maxItems: 50,
            items: {
              type: 'object',
              required: ['lotId', 'baseQty'],
              properties: { lotId: text(32), baseQty: positive },
            },
          },
        },
      },
    },
    driverName: nullable({ type: 'string', maxLength: 32 }),
    driverMobile: nullable({ type: 'string', pattern: '^(1\\d{10})?$' }),
    vehicleNo: nullable({ type: 'string', maxLength: 16 }),
    remark: note,
  },
} as const;

const signBody = {
  type: 'object',
  required: ['id'],
  properties: {
    id: text(32),
    signType: { type: 'string', enum: MANUAL_SIGN_TYPES },
    lines: {
      type: 'array',
      maxItems: MAX_ORDER_LINES,
      items: {
        type: 'object',
        required: ['orderLineId', 'signedBaseQty'],
        properties: { orderLineId: text(32), signedBaseQty: count },
      },
    },
    diffReason: { type: 'string', enum: codesOf(SIGN_DIFF_REASON) },
    remark: note,
  },
} as const;

const invalidBody = {
  type: 'object',
  required: ['id', 'reason'],
  properties: { id: text(32), reason: text(256) },
} as const;

/** The reason is checked by the service, so that missing, empty and blank read the same: 请填写取消原因. */
const cancelBody = {
  type: 'object',
  required: ['id'],
  properties: { id: text(32), reason },
} as const;

const pickedLines = {
  type: 'array',
  maxItems: MAX_ORDER_LINES,
  items: {
    type: 'object',
    required: ['orderLineId', 'baseQty'],
    properties: { orderLineId: text(32), baseQty: positive },
  },
} as const;

const returnBody = {
  type: 'object',
  required: ['orderId', 'reason', 'refundMethod', 'lines'],
  properties: {
    orderId: text(32),
    reason: { type: 'string', enum: codesOf(RETURN_REASON) },
    refundMethod: { type: 'string', enum: codesOf(REFUND_METHOD) },
    remark: note,
    lines: { ...pickedLines, minItems: 1 },
  },
} as const;

const documentAuditBody = {
  type: 'object',
  required: ['id', 'pass'],
  properties: { id: text(32), pass: { type: 'boolean' }, reason },
} as const;

const receiveBody = {
  type: 'object',
  required: ['id', 'warehouseId'],
  properties: {
    id: text(32),
    warehouseId: text(32),
    lines: {
      type: 'array',
      maxItems: MAX_ORDER_LINES,
      items: {
        type: 'object',
        required: ['lineId', 'condition'],
        properties: { lineId: text(32), condition: { type: 'string', enum: codesOf(RETURN_CONDITION) } },
      },
    },
  },
} as const;

const swapBody = {
  type: 'object',
  required: ['orderId', 'reason', 'returnLines', 'issueLines'],
  properties: {
    orderId: text(32),
    reason: { type: 'string', enum: codesOf(EXCHANGE_REASON) },
    remark: note,
    returnLines: { ...pickedLines, minItems: 1 },
    issueLines: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_ORDER_LINES,
      items: {
        type: 'object',
        required: ['skuId', 'baseQty'],
        properties: { skuId: text(32), baseQty: positive },
      },
    },
  },
} as const;

const executeBody = {
  type: 'object',
  required: ['id', 'warehouseId'],
  properties: { id: text(32), warehouseId: text(32) },
} as const;

const paymentBody = {
  type: 'object',
  required: ['orderId', 'amount', 'channel'],
  properties: {
    orderId: text(32),
    amount: { type: 'number', exclusiveMinimum: 0, maximum: 99999999 },
    channel: { type: 'string', enum: codesOf(RECEIPT_CHANNEL) },
    paidAt: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}(:\\d{2})?$' },
    referenceNo: nullable({ type: 'string', maxLength: 64 }),
    remark: note,
  },
} as const;

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const list = requires('order:list');
  /** A command on an order or one of its documents: the caller as actor, the service, its success message. */
  function command<B>(
    path: string,
    code: string,
    body: object,
    run: (db: Kysely<DB>, actor: Actor, input: B) => Promise<unknown>,
    message: string,
  ) {
    app.post<{ Body: B }>(
      `${PREFIX}/${path}`,
      { config: requires(code), schema: { body } },
      async (request, reply) => {
        const result = await run(db, actorOf(request, reply), request.body as B);
        // A command that started or moved an approval tells the approvers once it has committed.
        if (result && typeof result === 'object' && 'notices' in result) {
          const { notices, ...answer } = result as { notices: TaskNotice[] };
          await publishTaskNotices(app, notices);
          return ok(answer, message);
        }
        return ok(result, message);
      },
    );
  }

  // ---- Orders ----
  app.get(`${PREFIX}/list`, { config: list }, async (request) =>
    ok(await listOrders(db, callerOf(request), request.query as RawQuery)),
  );
  app.get(`${PREFIX}/exportXls`, { config: list }, (request, reply) =>
    sendExport(request, reply, ORDER_EXPORT),
  );
  app.get(`${PREFIX}/statusCounts`, { config: list }, async (request) =>
    ok(await orderStatusCounts(db, callerOf(request), request.query as RawQuery)),
  );
  app.get<{ Querystring: IdQuery }>(
    `${PREFIX}/queryById`,
    { config: list, schema: { querystring: idQuerySchema } },
    async (request) => ok(await orderById(db, callerOf(request), request.query.id)),
  );
  command<OrderAddInput>('add', 'order:add', addBody, addOrder, '下单成功！');
  // The buyer's own steps, for whoever may place orders for them.
  // A closed order that was paid, or a received return of one paid online, is refunded (payments, #22): the
  // refunds are written in its transaction, the online ones sent to WeChat Pay once it has committed (the
  // recurring job retries any left unsent).
  const refundingAfter =
    <B>(run: (db: Kysely<DB>, actor: Actor, input: B) => Promise<unknown>) =>
    async (db: Kysely<DB>, actor: Actor, input: B) => {
      const result = await run(db, actor, input);
      await submitRefunds(db, app.payRuntime, actor.tenantId).catch((error: unknown) =>
        app.log.warn({ err: error }, 'refunds not sent yet'),
      );
      return result;
    };
  command<OrderCancelInput>(
    'cancelOrder',
    'order:add',
    cancelBody,
    refundingAfter(cancelOrder),
    '取消成功！',
  );
  command<OrderResubmitInput>('resubmitOrder', 'order:add', resubmitBody, resubmitOrder, '已重新提交！');
  app.get<{ Querystring: { id: string; warehouseId?: string } }>(
    `${PREFIX}/getOpenApprovalData`,
    { config: requires('order:audit'), schema: { querystring: optionalWarehouse } },
    async (request) =>
      ok(await approvalData(db, callerOf(request), request.query.id, request.query.warehouseId)),
  );
  app.post<{ Body: OrderAuditInput }>(
    `${PREFIX}/auditOrder`,
    { config: requires('order:audit'), schema: { body: auditBody } },
    async (request, reply) => {
      const { notices, ...result } = await auditOrders(db, actorOf(request, reply), request.body);
      await publishTaskNotices(app, notices);
      return ok(
        result,
        result.failed === 0 ? '审核成功！' : `成功 ${result.succeeded} 张，失败 ${result.failed} 张`,
      );
    },
  );
  app.get<{ Querystring: { id: string; warehouseId?: string } }>(
    `${PREFIX}/deliverPlan`,
    { config: requires('order:deliver'), schema: { querystring: optionalWarehouse } },
    async (request) =>
      ok(await deliverPlan(db, callerOf(request), request.query.id, request.query.warehouseId)),
  );
  command<OrderDeliverInput>('saveOrderDeliver', 'order:deliver', deliverBody, deliverOrder, '发货成功！');
  command<OrderSignInput>('saveOrderSign', 'order:sign', signBody, signOrder, '签收成功！');
  command<OrderInvalidInput>(
    'orderInvalid',
    'order:invalid',
    invalidBody,
    refundingAfter(invalidateOrder),
    '作废成功！',
  );
  app.post<{ Body: IdQuery }>(
    `${PREFIX}/orderPrint`,
    { config: requires('order:print'), schema: { body: idBody } },
    async (request, reply) =>
      ok(await printOrder(db, actorOf(request, reply), request.body.id, 'DELIVERY_NOTE')),
  );
  app.post<{ Body: IdQuery }>(
    `${PREFIX}/orderExePrint`,
    { config: requires('order:print'), schema: { body: idBody } },
    async (request, reply) => ok(await printOrder(db, actorOf(request, reply), request.body.id, 'EXECUTION')),
  );

  // ---- Returns (退单) ----
  app.get(`${PREFIX}/backOrder`, { config: list }, async (request) =>
    ok(await listReturns(db, callerOf(request), request.query as RawQuery)),
  );
  app.get<{ Querystring: IdQuery }>(
    `${PREFIX}/backOrderById`,
    { config: list, schema: { querystring: idQuerySchema } },
    async (request) => ok(await returnById(db, callerOf(request), request.query.id)),
  );
  // 临期预警's 退货 / 换货: the order line that shipped the batch an outlet's stock check saw (shelfGoods.ts).
  app.get<{ Querystring: { checkId: string } }>(
    `${PREFIX}/shelfGoods`,
    {
      config: requires('order:return'),
      schema: { querystring: { type: 'object', required: ['checkId'], properties: { checkId: text(32) } } },
    },
    async (request) => ok(await shelfGoodsLine(db, callerOf(request), request.query.checkId)),
  );
  command<ReturnAddInput>('backOrder/add', 'order:return', returnBody, addReturn, '退单已提交！');
  command<ReturnAuditInput>('backOrder/audit', 'order:return', documentAuditBody, auditReturn, '审核成功！');
  command<ReturnReceiveInput>(
    'backOrder/receive',
    'order:return',
    receiveBody,
    refundingAfter(receiveReturn),
    '入库成功！',
  );
  command<IdQuery>(
    'backOrder/cancel',
    'order:return',
    idBody,
    (db, actor, input) => cancelReturn(db, actor, input.id),
    '已撤销！',
  );

  // ---- Exchanges (换货单) ----
  app.get(`${PREFIX}/swapOrder`, { config: list }, async (request) =>
    ok(await listExchanges(db, callerOf(request), request.query as RawQuery)),
  );
  app.get<{ Querystring: IdQuery }>(
    `${PREFIX}/getSwapOrderById`,
    { config: list, schema: { querystring: idQuerySchema } },
    async (request) => ok(await exchangeById(db, callerOf(request), request.query.id)),
  );
  command<SwapAddInput>('swapOrder/add', 'order:return', swapBody, addExchange, '换货单已提交！');
  command<ReturnAuditInput>(
    'swapOrder/audit',
    'order:return',
    documentAuditBody,
    auditExchange,
    '审核成功！',
  );
  command<SwapExecuteInput>('swapOrder/execute', 'order:return', executeBody, executeExchange, '换货完成！');
  command<IdQuery>(
    'swapOrder/cancel',
    'order:return',
    idBody,
    (db, actor, input) => cancelExchange(db, actor, input.id),
    '已撤销！',
  );

  // ---- Payments ----
  app.get<{ Querystring: { orderId: string } }>(
    '/payment/list',
    {
      config: requires('payment:list'),
      schema: { querystring: { type: 'object', required: ['orderId'], properties: { orderId: text(32) } } },
    },
    async (request) => ok(await listPayments(db, callerOf(request), request.query.orderId)),
  );
  app.post<{ Body: PaymentAddInput }>(
    '/payment/add',
    { config: requires('payment:add'), schema: { body: paymentBody } },
    async (request, reply) => ok(await addPayment(db, actorOf(request, reply), request.body), '收款已登记！'),
  );
}
