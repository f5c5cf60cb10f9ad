// The employee-price programme's back office under /eEmployee (docs/mall-api.md): 内购员工名单, 员工价目表,
// 自提点, 内购订单 and 自提核销. Thin: the services own the SQL.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { EMPLOYEE_BUYER_STATUS } from '../../../common/mall';
import { codesOf } from '../../../common/businessEnums';
import { ok } from '../../http/envelope';
import type { RawQuery } from '../../http/listQuery';
import { sendExport } from '../jobs/exports';
import { defineImport, queueImport } from '../jobs/imports';
import { sendTemplate } from '../shared/excel';
import { submitRefunds } from '../payments/service';
import { actorOf, callerOf, requires } from '../shared/actor';
import { idQuerySchema, nullable, text, type IdQuery } from '../shared/schemas';
import {
  EMPLOYEE_IMPORT_COLUMNS,
  EMPLOYEE_TEMPLATE_EXAMPLE,
  employeePriceLists,
  importEmployeeBuyers,
  listEmployeeBuyers,
  listEmployeePrices,
  listPickupPoints,
  saveEmployeeBuyer,
  savePickupPoint,
  saveSkuLimit,
  type EmployeeBuyerInput,
  type PickupPointInput,
} from './employeeAdmin';
import {
  employeeOrderById,
  listEmployeeOrders,
  listPickups,
  orderByPickupCode,
  pickUpByCode,
  refundEmployeeOrder,
  stepEmployeeOrder,
} from './employeeOrders';
import {
  EMPLOYEE_BUYER_EXPORT,
  EMPLOYEE_ORDER_EXPORT,
  EMPLOYEE_PICKUP_EXPORT,
  EMPLOYEE_PRICE_EXPORT,
  PICKUP_POINT_EXPORT,
} from './export';

const id = text(32);
const body = (required: string[], properties: Record<string, unknown>) =>
  ({ type: 'object', required, properties }) as const;
const pickupCode = { type: 'string', pattern: '^\\s*\\d{8}\\s*$' } as const;
/** The pickup points are read by the pages that list them and by 自提核销, whose filter picks one. */
const POINT_READERS = ['employee:list', 'employee:pickup'] as const;

const employeeBuyerImport = defineImport({
  key: 'employeeBuyers',
  title: () => '内购员工导入',
  run: (db, actor, _params, upload) => importEmployeeBuyers(db, actor, upload),
});

export async function employeeAdminRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  await app.register(multipart);

  // ---- 内购员工名单 ----
  app.get('/eEmployee/buyer/list', { config: requires('employee:list') }, async (request) =>
    ok(await listEmployeeBuyers(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eEmployee/buyer/exportXls', { config: requires('employee:list') }, (request, reply) =>
    sendExport(request, reply, EMPLOYEE_BUYER_EXPORT),
  );
  app.post<{ Body: EmployeeBuyerInput }>(
    '/eEmployee/buyer/save',
    {
      config: requires('employee:buyer'),
      schema: {
        body: body(['employeeNo', 'name', 'mobile', 'monthlyQuotaAmount'], {
          id,
          employeeNo: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,32}$' },
          name: text(32),
          mobile: { type: 'string', pattern: '^1\\d{10}$' },
          companyName: nullable({ type: 'string', maxLength: 64 }),
          monthlyQuotaAmount: { type: 'number', minimum: 0, maximum: 1000000 },
          monthlyQuotaCases: nullable({ type: 'integer', minimum: 0, maximum: 100000 }),
          status: { type: 'string', enum: codesOf(EMPLOYEE_BUYER_STATUS) },
        }),
      },
    },
    async (request, reply) => ok(await saveEmployeeBuyer(db, actorOf(request, reply), request.body)),
  );
  app.post('/eEmployee/buyer/importExcel', { config: requires('employee:buyer') }, async (request, reply) =>
    queueImport(request, reply, employeeBuyerImport, {}),
  );
  app.get('/eEmployee/buyer/importTemplate', { config: requires('employee:list') }, (_request, reply) =>
    sendTemplate(reply, '内购员工导入模板', EMPLOYEE_IMPORT_COLUMNS, EMPLOYEE_TEMPLATE_EXAMPLE),
  );

  // ---- 员工价目表 and 自提点 ----
  app.get('/eEmployee/price/list', { config: requires('employee:list') }, async (request) =>
    ok(await listEmployeePrices(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eEmployee/price/exportXls', { config: requires('employee:list') }, (request, reply) =>
    sendExport(request, reply, EMPLOYEE_PRICE_EXPORT),
  );
  app.get('/eEmployee/price/priceLists', { config: requires('employee:list') }, async (request) =>
    ok(await employeePriceLists(db, callerOf(request))),
  );
  app.post<{ Body: { skuId: string; perMonthLimitQty: number | null } }>(
    '/eEmployee/price/limit',
    {
      config: requires('employee:price'),
      schema: {
        body: body(['skuId'], {
          skuId: id,
          perMonthLimitQty: nullable({ type: 'integer', minimum: 0, maximum: 100000 }),
        }),
      },
    },
    async (request, reply) =>
      ok(
        await saveSkuLimit(
          db,
          actorOf(request, reply),
          request.body.skuId,
          request.body.perMonthLimitQty ?? null,
        ),
      ),
  );
  app.get('/eEmployee/pickupPoint/list', { config: requires(POINT_READERS) }, async (request) =>
    ok(await listPickupPoints(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eEmployee/pickupPoint/exportXls', { config: requires(POINT_READERS) }, (request, reply) =>
    sendExport(request, reply, PICKUP_POINT_EXPORT),
  );
  app.post<{ Body: PickupPointInput }>(
    '/eEmployee/pickupPoint/save',
    {
      config: requires('employee:price'),
      schema: {
        body: body(['name', 'address'], {
          id,
          name: text(64),
          address: text(256),
          openHours: nullable({ type: 'string', maxLength: 64 }),
          contact: nullable({ type: 'string', maxLength: 64 }),
          status: { type: 'string', enum: ['ACTIVE', 'DISABLED'] },
        }),
      },
    },
    async (request, reply) => ok(await savePickupPoint(db, actorOf(request, reply), request.body)),
  );

  // ---- 内购订单 ----
  app.get('/eEmployee/order/list', { config: requires('employee:list') }, async (request) =>
    ok(await listEmployeeOrders(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eEmployee/order/exportXls', { config: requires('employee:list') }, (request, reply) =>
    sendExport(request, reply, EMPLOYEE_ORDER_EXPORT),
  );
  app.get<{ Querystring: IdQuery }>(
    '/eEmployee/order/queryById',
    { config: requires('employee:list'), schema: { querystring: idQuerySchema } },
    async (request) => ok(await employeeOrderById(db, callerOf(request), request.query.id)),
  );
  app.post<{ Body: { id: string } }>(
    '/eEmployee/order/ready',
    { config: requires('employee:order'), schema: { body: body(['id'], { id }) } },
    async (request, reply) =>
      ok(await stepEmployeeOrder(db, actorOf(request, reply), request.body.id, 'READY')),
  );
  app.post<{ Body: { id: string } }>(
    '/eEmployee/order/complete',
    { config: requires('employee:order'), schema: { body: body(['id'], { id }) } },
    async (request, reply) =>
      ok(await stepEmployeeOrder(db, actorOf(request, reply), request.body.id, 'COMPLETE')),
  );
  app.post<{ Body: { id: string; reason: string } }>(
    '/eEmployee/order/refund',
    {
      config: requires('employee:order'),
      schema: { body: body(['id', 'reason'], { id, reason: text(256) }) },
    },
    async (request, reply) => {
      const actor = actorOf(request, reply);
      const result = await refundEmployeeOrder(db, actor, request.body.id, request.body.reason);
      // The online refund is sent once it has committed (the recurring job retries one left unsent).
      if (result.status === 'REFUNDING')
        await submitRefunds(db, app.payRuntime, actor.tenantId).catch((error: unknown) =>
          app.log.warn({ err: error }, 'refund of an employee order not sent yet'),
        );
      return ok(result, result.status === 'REFUNDING' ? '退款已提交，原路退回' : '已退款');
    },
  );

  // ---- 自提核销 ----
  app.get('/eEmployee/pickup/list', { config: requires('employee:pickup') }, async (request) =>
    ok(await listPickups(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eEmployee/pickup/exportXls', { config: requires('employee:pickup') }, (request, reply) =>
    sendExport(request, reply, EMPLOYEE_PICKUP_EXPORT),
  );
  app.get<{ Querystring: { code: string } }>(
    '/eEmployee/pickup/lookup',
    {
      config: requires('employee:pickup'),
      schema: { querystring: body(['code'], { code: pickupCode }) },
    },
    async (request) => ok(await orderByPickupCode(db, callerOf(request), request.query.code)),
  );
  app.post<{ Body: { code: string } }>(
    '/eEmployee/pickup/confirm',
    { config: requires('employee:pickup'), schema: { body: body(['code'], { code: pickupCode }) } },
    async (request, reply) => ok(await pickUpByCode(db, actorOf(request, reply), request.body.code)),
  );
}
