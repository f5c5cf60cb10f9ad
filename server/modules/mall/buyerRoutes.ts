// The buyer API under /api/buyer (issue #22; docs/mall-api.md): what the web mall (src/mall) and a mall or
// employee-shop mini-program call. A buyer signs in with an SMS code and sends the buyer token as
// X-Access-Token; these routes are declared `access: 'buyer'` (the back-office gate lets them through, the
// hook below checks the buyer token) and a back-office token opens none of them, as a buyer token opens no
// back-office route. The OpenAPI document of these routes, generated from their schemas, is served at
// GET /api/buyer/openapi.json.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EMPLOYEE_PAYMENT_METHOD } from '../../../common/mall';
import { codesOf } from '../../../common/businessEnums';
import { checkMobile } from '../../../common/validators';
import { TOKEN_HEADER, tokenOf } from '../../http/access';
import { BusinessError, ok, sendFailure } from '../../http/envelope';
import { SmsDeliveryError } from '../../integrations/sms';
import { throttleLookup } from '../auth/throttles';
import { consumeSmsCode, sendSmsCode } from '../auth/smsCodes';
import { nullable, text } from '../shared/schemas';
import {
  openBuyerSession,
  resolveBuyerSession,
  revokeBuyerSession,
  type BuyerSession,
} from './buyerAccounts';
import { catalogueOf } from './catalogue';
import {
  activePickupPoints,
  cancelEmployeeOrder,
  employeePayStatus,
  myEmployeeOrders,
  payEmployeeOrder,
  placeEmployeeOrder,
  quotaOf,
  type EmployeeOrderInput,
} from './employeeOrders';
import {
  cancelOutletOrder,
  cartOf,
  clearCart,
  listOutletOrders,
  outletOrderById,
  outletPayStatus,
  payOutletOrder,
  placeOutletOrder,
  previewOutletCart,
  setCartLine,
  type CartLineInput,
  type OutletOrderInput,
} from './outletOrders';

declare module 'fastify' {
  interface FastifyRequest {
    /** The mall buyer of a buyer route (set by the buyer API's hook). */
    buyer: BuyerSession | null;
  }
}

const BUYER = { access: 'buyer' as const };
const PUBLIC = { access: 'public' as const };
const security = [{ buyerToken: [] }];
const id = text(32);
const mobile = { type: 'string', pattern: '^1\\d{10}$', description: '手机号' } as const;
const body = (required: string[], properties: Record<string, unknown>) =>
  ({ type: 'object', required, properties, additionalProperties: false }) as const;
const cartLines = {
  type: 'array',
  minItems: 1,
  maxItems: 100,
  description: '不传则用购物车',
  items: body(['skuId', 'cases'], { skuId: id, cases: { type: 'integer', minimum: 1, maximum: 10000 } }),
} as const;
const coinDeductCoins = {
  type: 'integer',
  minimum: 0,
  maximum: 100000000,
  description: '金币抵扣（金币数）：不超过门店可用金币和单笔订单抵扣上限',
} as const;
const doc = (tag: string, summary: string, extra: Record<string, unknown> = {}) => ({
  tags: [tag],
  summary,
  ...extra,
});

const buyerOf = (request: FastifyRequest): BuyerSession => {
  if (!request.buyer) throw new Error('buyer route without a buyer');
  return request.buyer;
};
const outletOf = (request: FastifyRequest) => {
  const buyer = buyerOf(request);
  if (buyer.kind !== 'OUTLET') throw new BusinessError(403, '仅门店买家可用');
  return buyer;
};
const employeeOf = (request: FastifyRequest) => {
  const buyer = buyerOf(request);
  if (buyer.kind !== 'EMPLOYEE') throw new BusinessError(403, '仅内购员工可用');
  return buyer;
};

export async function buyerRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  app.decorateRequest('buyer', null);
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.access !== 'buyer') return undefined;
    const token = tokenOf(request);
    if (!token) return sendFailure(reply, 401, '未登录，请先登录');
    const buyer = await resolveBuyerSession(db, token);
    if (!buyer) return sendFailure(reply, 401, '登录已过期，请重新登录');
    request.buyer = buyer;
    return undefined;
  });

  // ---- Sign-in ----
  app.post<{ Body: { mobile: string } }>(
    '/buyer/sms',
    {
      config: PUBLIC,
      schema: doc('登录', '发送登录验证码（门店老板/联系人或内购员工的手机号）', {
        body: body(['mobile'], { mobile }),
      }),
    },
    async (request) => {
      const problem = checkMobile(request.body.mobile);
      if (problem) throw new BusinessError(400, problem);
      await throttleLookup(app.rateLimits, request.ip, [request.body.mobile]);
      try {
        await sendSmsCode(db, app.sms, {
          mobile: request.body.mobile,
          ip: request.ip,
          purpose: 'BUYER_LOGIN',
        });
      } catch (error) {
        if (!(error instanceof SmsDeliveryError)) throw error;
        throw new BusinessError(500, error.message);
      }
      return ok(null, '验证码已发送');
    },
  );

  app.post<{
    Body: { mobile: string; code: string; kind?: 'OUTLET' | 'EMPLOYEE'; buyerId?: string; tenantId?: string };
  }>(
    '/buyer/login',
    {
      config: PUBLIC,
      schema: doc('登录', `手机号 + 验证码登录，返回买家令牌（请求头 ${TOKEN_HEADER}）`, {
        body: body(['mobile', 'code'], {
          mobile,
          code: { type: 'string', pattern: '^\\d{6}$' },
          kind: { type: 'string', enum: ['OUTLET', 'EMPLOYEE'], default: 'OUTLET' },
          buyerId: id,
          tenantId: text(32),
        }),
      }),
    },
    async (request) => {
      const { mobile: phone, code, kind = 'OUTLET', buyerId, tenantId } = request.body;
      await throttleLookup(app.rateLimits, request.ip, [phone]);
      if (!(await consumeSmsCode(db, { mobile: phone, purpose: 'BUYER_LOGIN', code })))
        throw new BusinessError(400, '验证码错误或已过期');
      const { token, buyer } = await openBuyerSession(db, phone, { kind, buyerId, tenantId });
      return ok({ token, buyer });
    },
  );

  app.post(
    '/buyer/logout',
    { config: BUYER, schema: doc('登录', '退出登录', { security }) },
    async (request) => {
      await revokeBuyerSession(db, tokenOf(request)!);
      return ok(null);
    },
  );

  app.get(
    '/buyer/me',
    { config: BUYER, schema: doc('登录', '当前买家（内购员工含本月额度）', { security }) },
    async (request) => {
      const buyer = buyerOf(request);
      const { sessionId: _session, ...shown } = buyer;
      return ok({ ...shown, quota: buyer.kind === 'EMPLOYEE' ? await quotaOf(db, buyer) : null });
    },
  );

  // ---- Catalogue and cart ----
  app.get<{ Querystring: { keyword?: string } }>(
    '/buyer/catalogue',
    {
      config: BUYER,
      schema: doc('商品', '商品目录：买家自己的价格、可售库存、进行中的促销（员工含每月限购与剩余）', {
        security,
        querystring: { type: 'object', properties: { keyword: { type: 'string', maxLength: 32 } } },
      }),
    },
    async (request) => ok(await catalogueOf(db, buyerOf(request), request.query.keyword)),
  );

  app.get('/buyer/cart', { config: BUYER, schema: doc('购物车', '购物车', { security }) }, async (request) =>
    ok(await cartOf(db, buyerOf(request))),
  );
  app.post<{ Body: CartLineInput }>(
    '/buyer/cart/set',
    {
      config: BUYER,
      schema: doc('购物车', '设置商品数量（箱），0 为移除', {
        security,
        body: body(['skuId', 'cases'], { skuId: id, cases: { type: 'integer', minimum: 0, maximum: 10000 } }),
      }),
    },
    async (request) => ok(await setCartLine(db, buyerOf(request), request.body)),
  );
  app.post(
    '/buyer/cart/clear',
    { config: BUYER, schema: doc('购物车', '清空购物车', { security }) },
    async (request) => {
      await clearCart(db, buyerOf(request));
      return ok(null);
    },
  );
  app.post<{ Body: { lines?: CartLineInput[]; coinDeductCoins?: number } }>(
    '/buyer/cart/preview',
    {
      config: BUYER,
      schema: doc('购物车', '门店：购物车试算（价格、命中的促销与赠品、金币抵扣、应付）', {
        security,
        body: { type: 'object', properties: { lines: cartLines, coinDeductCoins } },
      }),
    },
    async (request) => ok(await previewOutletCart(db, outletOf(request), request.body ?? {})),
  );

  // ---- Outlet orders ----
  app.post<{ Body: OutletOrderInput }>(
    '/buyer/orders/place',
    {
      config: BUYER,
      schema: doc('门店订单', '门店下单（经同一套下单与定价）', {
        security,
        body: body(['paymentMethod'], {
          lines: cartLines,
          paymentMethod: { type: 'string', enum: ['ONLINE', 'COD'] },
          receiver: {
            type: 'object',
            properties: {
              name: nullable({ type: 'string', maxLength: 32 }),
              mobile: nullable({ type: 'string', pattern: '^(1\\d{10})?$' }),
              address: nullable({ type: 'string', maxLength: 256 }),
            },
          },
          requestedDeliveryDate: nullable({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
          buyerRemark: nullable({ type: 'string', maxLength: 256 }),
          coinDeductCoins,
        }),
      }),
    },
    async (request) => ok(await placeOutletOrder(db, outletOf(request), request.body)),
  );
  app.get<{ Querystring: { pageNo?: number; pageSize?: number; status?: string } }>(
    '/buyer/orders/list',
    {
      config: BUYER,
      schema: doc('门店订单', '我的订单', {
        security,
        querystring: {
          type: 'object',
          properties: {
            pageNo: { type: 'integer', minimum: 1, maximum: 10000 },
            pageSize: { type: 'integer', minimum: 1, maximum: 50 },
            status: { type: 'string', pattern: '^[A-Z_,]{0,200}$' },
          },
        },
      }),
    },
    async (request) => ok(await listOutletOrders(db, outletOf(request), request.query)),
  );
  app.get<{ Querystring: { id: string } }>(
    '/buyer/orders/detail',
    {
      config: BUYER,
      schema: doc('门店订单', '订单详情与跟踪记录', {
        security,
        querystring: body(['id'], { id }),
      }),
    },
    async (request) => ok(await outletOrderById(db, outletOf(request), request.query.id)),
  );
  app.post<{ Body: { id: string; reason: string } }>(
    '/buyer/orders/cancel',
    {
      config: BUYER,
      schema: doc('门店订单', '取消订单（待审核时）', {
        security,
        body: body(['id', 'reason'], { id, reason: text(256) }),
      }),
    },
    async (request) =>
      ok(await cancelOutletOrder(db, outletOf(request), request.body.id, request.body.reason)),
  );

  app.post<{ Body: { id: string } }>(
    '/buyer/orders/pay',
    {
      config: BUYER,
      schema: doc(
        '门店订单',
        '去支付：在线支付订单待付金额的微信支付（H5），返回 h5Url（非生产环境另有模拟收银台 simulatorPayUrl）',
        { security, body: body(['id'], { id }) },
      ),
    },
    async (request) =>
      ok(await payOutletOrder(db, app.payRuntime, outletOf(request), request.body.id, request.ip)),
  );
  app.get<{ Querystring: { id: string } }>(
    '/buyer/orders/payStatus',
    {
      config: BUYER,
      schema: doc('门店订单', '支付结果：订单与付款状态（未付清时向微信支付查询，至多每 3 秒一次）', {
        security,
        querystring: body(['id'], { id }),
      }),
    },
    async (request) => ok(await outletPayStatus(db, app.payRuntime, outletOf(request), request.query.id)),
  );

  // ---- Employee shop ----
  app.get(
    '/buyer/pickupPoints',
    { config: BUYER, schema: doc('内购', '自提点', { security }) },
    async (request) => ok(await activePickupPoints(db, employeeOf(request).tenantId)),
  );
  app.post<{ Body: EmployeeOrderInput }>(
    '/buyer/employee/orders/place',
    {
      config: BUYER,
      schema: doc('内购', '内购下单（员工价，受每月额度与单品限购约束）', {
        security,
        body: body(['pickupPointId', 'paymentMethod'], {
          pickupPointId: id,
          paymentMethod: { type: 'string', enum: codesOf(EMPLOYEE_PAYMENT_METHOD) },
          lines: cartLines,
          buyerRemark: nullable({ type: 'string', maxLength: 256 }),
        }),
      }),
    },
    async (request) => ok(await placeEmployeeOrder(db, employeeOf(request), request.body)),
  );
  app.get(
    '/buyer/employee/orders/list',
    { config: BUYER, schema: doc('内购', '我的内购订单（含提货码）', { security }) },
    async (request) => ok(await myEmployeeOrders(db, employeeOf(request))),
  );
  app.post<{ Body: { id: string } }>(
    '/buyer/employee/orders/cancel',
    { config: BUYER, schema: doc('内购', '取消待付款的内购订单', { security, body: body(['id'], { id }) }) },
    async (request) =>
      ok(await cancelEmployeeOrder(db, app.payRuntime, employeeOf(request), request.body.id)),
  );
  app.post<{ Body: { id: string } }>(
    '/buyer/employee/orders/pay',
    {
      config: BUYER,
      schema: doc(
        '内购',
        '去支付：待付款订单的微信支付（H5），返回 h5Url（非生产环境另有模拟收银台 simulatorPayUrl）',
        { security, body: body(['id'], { id }) },
      ),
    },
    async (request) =>
      ok(await payEmployeeOrder(db, app.payRuntime, employeeOf(request), request.body.id, request.ip)),
  );
  app.get<{ Querystring: { id: string } }>(
    '/buyer/employee/orders/payStatus',
    {
      config: BUYER,
      schema: doc('内购', '支付结果：订单状态（待付款时向微信支付查询一次）', {
        security,
        querystring: body(['id'], { id }),
      }),
    },
    async (request) => ok(await employeePayStatus(db, app.payRuntime, employeeOf(request), request.query.id)),
  );

  app.get(
    '/buyer/openapi.json',
    { config: PUBLIC, schema: { hide: true } as Record<string, unknown> },
    async () => app.swagger(),
  );
}
