// The repair and spare-parts mode under /mes (docs/repairs-api.md): repair orders and their steps (the
// repair app's API for the provider and its engineers), the 派工台, providers, engineers, fault codes, spare
// parts, stock, movements, requests and the reports. Thin: the services own the SQL.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ENABLED_STATUS, codesOf } from '../../../common/businessEnums';
import {
  COST_BEARER,
  FAULT_CATEGORY,
  MANUAL_PART_MOVES,
  PART_CATEGORY,
  REPAIR_PRIORITY,
  REPAIR_SOURCE,
  REVISIT_RESULT,
  SERVICE_TYPE,
} from '../../../common/repairs';
import { ok } from '../../http/envelope';
import type { RawQuery } from '../../http/listQuery';
import { publishTaskNotices } from '../approvals/notify';
import { sendExport } from '../jobs/exports';
import { actorOf, callerOf, requires } from '../shared/actor';
import { idQuerySchema, nullable, text, type IdQuery } from '../shared/schemas';
import {
  acceptOrder,
  approveOrder,
  arriveOnSite,
  assignEngineer,
  cancelOrder,
  closeOrder,
  contactCustomer,
  dispatchBoard,
  dispatchOrder,
  feedbackOrder,
  listOrders,
  orderDetail,
  reportRepair,
  revisitOrder,
  verifyOrder,
  type FeedbackInput,
  type OpenInput,
} from './orders';
import { engineerWorkbench } from './engineer';
import {
  listMovements,
  listParts,
  listStock,
  moveParts,
  partOptions,
  savePart,
  warehouseOptions,
  type MoveInput,
  type PartInput,
} from './parts';
import {
  listEngineers,
  listFaultCodes,
  listProviders,
  saveEngineer,
  saveFaultCode,
  saveProvider,
  viewerOf,
  type EngineerInput,
  type FaultCodeInput,
  type ProviderInput,
} from './providers';
import {
  FAULT_CODE_EXPORT,
  MOVEMENT_EXPORT,
  PART_EXPORT,
  PROVIDER_EXPORT,
  REQUEST_EXPORT,
  STOCK_EXPORT,
} from './export';
import { REPAIR_ORDER_EXPORT, repairReport } from './reports';
import {
  createPartRequest,
  issuePartRequest,
  listPartRequests,
  receivePartRequest,
  type PartRequestInput,
} from './requests';

const id = text(32);
const remark = nullable({ type: 'string', maxLength: 256 });
const date = nullable({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const money = { type: 'number', minimum: 0, maximum: 1000000 } as const;
const quantity = { type: 'integer', minimum: 1, maximum: 100000 } as const;
const ids = (max: number) => ({ type: 'array', maxItems: max, items: text(64) }) as const;
const body = (required: string[], properties: Record<string, unknown>) =>
  ({ type: 'object', required, properties }) as const;
const withId = (properties: Record<string, unknown> = {}, required: string[] = []) =>
  body(['id', ...required], { id, ...properties });

const providerProperties = {
  code: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' },
  name: text(64),
  coverageAreaCodes: {
    type: 'array',
    minItems: 1,
    maxItems: 200,
    items: { type: 'string', pattern: '^\\d{6}$' },
  },
  contactName: nullable({ type: 'string', maxLength: 32 }),
  contactMobile: nullable({ type: 'string', pattern: '^1\\d{10}$' }),
  slaHours: { type: 'integer', minimum: 1, maximum: 720 },
  rateCard: { type: 'object', additionalProperties: { type: 'number', minimum: 0 } },
  status: { type: 'string', enum: codesOf(ENABLED_STATUS) },
} as const;
const engineerProperties = {
  providerId: id,
  name: text(32),
  mobile: { type: 'string', pattern: '^1\\d{10}$' },
  username: nullable({ type: 'string', maxLength: 64 }),
  isManager: { type: 'boolean' },
  status: { type: 'string', enum: codesOf(ENABLED_STATUS) },
} as const;
const faultProperties = {
  code: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' },
  faultCategory: { type: 'string', enum: codesOf(FAULT_CATEGORY) },
  description: text(128),
  suggestedPartIds: { type: 'array', maxItems: 20, items: id },
  status: { type: 'string', enum: codesOf(ENABLED_STATUS) },
} as const;
const partProperties = {
  partCode: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' },
  name: text(64),
  category: { type: 'string', enum: codesOf(PART_CATEGORY) },
  spec: nullable({ type: 'string', maxLength: 64 }),
  applicableModelIds: { type: 'array', maxItems: 50, items: id },
  unit: text(8),
  standardPrice: money,
  costPrice: money,
  serialTracked: { type: 'boolean' },
  safetyStock: { type: 'integer', minimum: 0, maximum: 100000 },
  supplier: nullable({ type: 'string', maxLength: 64 }),
  status: { type: 'string', enum: codesOf(ENABLED_STATUS) },
} as const;
const serialNos = {
  type: 'array',
  maxItems: 200,
  items: { type: 'string', minLength: 1, maxLength: 64 },
} as const;

export async function repairRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const viewer = (request: FastifyRequest) => viewerOf(db, callerOf(request));

  // ---- Repair orders ----
  app.get('/mes/order/list', { config: requires('repair:list') }, async (request) =>
    ok(await listOrders(db, await viewer(request), request.query as RawQuery)),
  );
  app.get('/mes/order/exportXls', { config: requires('repair:list') }, (request, reply) =>
    sendExport(request, reply, REPAIR_ORDER_EXPORT),
  );
  app.get<{ Querystring: IdQuery }>(
    '/mes/order/queryById',
    { config: requires('repair:list'), schema: { querystring: idQuerySchema } },
    async (request) => ok(await orderDetail(db, await viewer(request), request.query.id)),
  );
  app.get('/mes/engineer/me', { config: requires('repair:work') }, async (request) =>
    ok(await engineerWorkbench(db, await viewer(request))),
  );
  app.get('/mes/dispatch/board', { config: requires('repair:dispatch') }, async (request) =>
    ok(await dispatchBoard(db, await viewer(request))),
  );
  app.post<{ Body: OpenInput }>(
    '/mes/order/add',
    {
      config: requires('repair:report'),
      schema: {
        body: body(['sourceType', 'faultCategory', 'faultDescription'], {
          sourceType: { type: 'string', enum: codesOf(REPAIR_SOURCE) },
          sourceRef: nullable({ type: 'string', maxLength: 64 }),
          assetId: nullable(id),
          customerId: nullable(id),
          faultCategory: { type: 'string', enum: codesOf(FAULT_CATEGORY) },
          faultCode: nullable({ type: 'string', maxLength: 32 }),
          faultDescription: text(256),
          photoIds: ids(9),
          priority: { type: 'string', enum: codesOf(REPAIR_PRIORITY) },
          bookingDate: date,
          bookingTimeRange: nullable({ type: 'string', maxLength: 32 }),
          contactName: nullable({ type: 'string', maxLength: 32 }),
          contactMobile: nullable({ type: 'string', maxLength: 20 }),
        }),
      },
    },
    async (request, reply) =>
      ok(
        await reportRepair(db, actorOf(request, reply), await viewer(request), {
          ...request.body,
          reportedAt: undefined,
        }),
        '报修成功！',
      ),
  );
  app.post<{ Body: { id: string; assetId: string } }>(
    '/mes/order/verify',
    { config: requires('repair:dispatch'), schema: { body: withId({ assetId: id }, ['assetId']) } },
    async (request, reply) =>
      ok(await verifyOrder(db, actorOf(request, reply), await viewer(request), request.body), '已核实！'),
  );
  app.post<{ Body: { id: string; providerId?: string | null; remark?: string | null } }>(
    '/mes/order/dispatch',
    { config: requires('repair:dispatch'), schema: { body: withId({ providerId: nullable(id), remark }) } },
    async (request, reply) =>
      ok(await dispatchOrder(db, actorOf(request, reply), await viewer(request), request.body), '派工成功！'),
  );
  app.post<{ Body: IdQuery }>(
    '/mes/order/accept',
    { config: requires('repair:work'), schema: { body: idQuerySchema } },
    async (request, reply) =>
      ok(await acceptOrder(db, actorOf(request, reply), await viewer(request), request.body.id), '已接单！'),
  );
  app.post<{
    Body: {
      id: string;
      bookingDate?: string | null;
      bookingTimeRange?: string | null;
      remark?: string | null;
    };
  }>(
    '/mes/order/contact',
    {
      config: requires('repair:work'),
      schema: {
        body: withId({
          bookingDate: date,
          bookingTimeRange: nullable({ type: 'string', maxLength: 32 }),
          remark,
        }),
      },
    },
    async (request, reply) =>
      ok(
        await contactCustomer(db, actorOf(request, reply), await viewer(request), request.body),
        '已联系用户！',
      ),
  );
  app.post<{ Body: { id: string; engineerId: string } }>(
    '/mes/order/assign',
    { config: requires('repair:work'), schema: { body: withId({ engineerId: id }, ['engineerId']) } },
    async (request, reply) =>
      ok(await assignEngineer(db, actorOf(request, reply), await viewer(request), request.body), '已指派！'),
  );
  app.post<{ Body: { id: string; lng: number; lat: number } }>(
    '/mes/order/arrive',
    {
      config: requires('repair:work'),
      schema: {
        body: withId(
          {
            lng: { type: 'number', minimum: 73, maximum: 136 },
            lat: { type: 'number', minimum: 3, maximum: 54 },
          },
          ['lng', 'lat'],
        ),
      },
    },
    async (request, reply) =>
      ok(await arriveOnSite(db, actorOf(request, reply), await viewer(request), request.body), '已签到！'),
  );
  app.post<{ Body: FeedbackInput }>(
    '/mes/order/feedback',
    {
      config: requires('repair:work'),
      schema: {
        body: withId(
          {
            cause: text(256),
            repairMethod: text(256),
            actualServiceType: { type: 'string', enum: codesOf(SERVICE_TYPE) },
            parts: {
              type: 'array',
              maxItems: 20,
              items: body(['partId', 'qty'], {
                partId: id,
                qty: quantity,
                warehouseId: nullable(id),
                oldPartReturned: { type: 'boolean' },
                oldPartSerialNo: nullable({ type: 'string', maxLength: 64 }),
                newPartSerialNo: nullable({ type: 'string', maxLength: 64 }),
              }),
            },
            photoIds: { type: 'array', minItems: 1, maxItems: 9, items: text(64) },
            signatureId: nullable(text(64)),
            laborCost: money,
            travelCost: money,
            rating: nullable({ type: 'integer', minimum: 1, maximum: 5 }),
          },
          ['cause', 'repairMethod', 'actualServiceType', 'photoIds'],
        ),
      },
    },
    async (request, reply) =>
      ok(await feedbackOrder(db, actorOf(request, reply), await viewer(request), request.body), '已反馈！'),
  );
  app.post<{
    Body: {
      id: string;
      costBearer?: (typeof COST_BEARER extends Record<infer K, string> ? K : never) | null;
      remark?: string | null;
    };
  }>(
    '/mes/order/approve',
    {
      config: requires('repair:approve'),
      schema: {
        body: withId({ costBearer: nullable({ type: 'string', enum: codesOf(COST_BEARER) }), remark }),
      },
    },
    async (request, reply) =>
      ok(await approveOrder(db, actorOf(request, reply), await viewer(request), request.body), '已结单！'),
  );
  app.post<{ Body: { id: string; result: 'PASSED' | 'FAILED'; remark?: string | null } }>(
    '/mes/order/revisit',
    {
      config: requires('repair:approve'),
      schema: {
        body: withId({ result: { type: 'string', enum: codesOf(REVISIT_RESULT) }, remark }, ['result']),
      },
    },
    async (request, reply) =>
      ok(await revisitOrder(db, actorOf(request, reply), await viewer(request), request.body), '已回访！'),
  );
  app.post<{ Body: IdQuery }>(
    '/mes/order/close',
    { config: requires('repair:approve'), schema: { body: idQuerySchema } },
    async (request, reply) =>
      ok(await closeOrder(db, actorOf(request, reply), await viewer(request), request.body.id), '已关闭！'),
  );
  app.post<{ Body: { id: string; reason: string } }>(
    '/mes/order/cancel',
    { config: requires('repair:report'), schema: { body: withId({ reason: text(256) }, ['reason']) } },
    async (request, reply) =>
      ok(await cancelOrder(db, actorOf(request, reply), await viewer(request), request.body), '已取消！'),
  );
  app.get<{ Querystring: { from?: string; to?: string } }>(
    '/mes/report/summary',
    {
      config: requires('repair:list'),
      schema: {
        querystring: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' } } },
      },
    },
    async (request) => ok(await repairReport(db, await viewer(request), request.query)),
  );

  // ---- Providers, engineers, fault codes ----
  app.get('/mes/provider/list', { config: requires('repair:list') }, async (request) =>
    ok(await listProviders(db, await viewer(request), request.query as RawQuery)),
  );
  app.get('/mes/provider/exportXls', { config: requires('repair:list') }, (request, reply) =>
    sendExport(request, reply, PROVIDER_EXPORT),
  );
  app.post<{ Body: ProviderInput }>(
    '/mes/provider/add',
    {
      config: requires('repair:provider'),
      schema: { body: body(['code', 'name', 'coverageAreaCodes', 'slaHours'], providerProperties) },
    },
    async (request, reply) => ok(await saveProvider(db, actorOf(request, reply), request.body), '添加成功！'),
  );
  app.put<{ Body: ProviderInput & { id: string } }>(
    '/mes/provider/edit',
    {
      config: requires('repair:provider'),
      schema: { body: withId(providerProperties, ['code', 'name', 'coverageAreaCodes', 'slaHours']) },
    },
    async (request, reply) => {
      const { id: providerId, ...input } = request.body;
      return ok(await saveProvider(db, actorOf(request, reply), input, providerId), '编辑成功！');
    },
  );
  app.get<{ Querystring: { providerId?: string } }>(
    '/mes/engineer/list',
    {
      config: requires('repair:list'),
      schema: {
        querystring: { type: 'object', properties: { providerId: { type: 'string', maxLength: 32 } } },
      },
    },
    async (request) => ok(await listEngineers(db, await viewer(request), request.query.providerId)),
  );
  app.post<{ Body: EngineerInput }>(
    '/mes/engineer/add',
    {
      config: requires('repair:provider'),
      schema: { body: body(['providerId', 'name', 'mobile'], engineerProperties) },
    },
    async (request, reply) => ok(await saveEngineer(db, actorOf(request, reply), request.body), '添加成功！'),
  );
  app.put<{ Body: EngineerInput & { id: string } }>(
    '/mes/engineer/edit',
    {
      config: requires('repair:provider'),
      schema: { body: withId(engineerProperties, ['providerId', 'name', 'mobile']) },
    },
    async (request, reply) => {
      const { id: engineerId, ...input } = request.body;
      return ok(await saveEngineer(db, actorOf(request, reply), input, engineerId), '编辑成功！');
    },
  );
  app.get('/mes/faultCode/list', { config: requires('repair:list') }, async (request) =>
    ok(await listFaultCodes(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/mes/faultCode/exportXls', { config: requires('repair:list') }, (request, reply) =>
    sendExport(request, reply, FAULT_CODE_EXPORT),
  );
  app.post<{ Body: FaultCodeInput }>(
    '/mes/faultCode/add',
    {
      config: requires('repair:faultCode'),
      schema: { body: body(['code', 'faultCategory', 'description'], faultProperties) },
    },
    async (request, reply) =>
      ok(await saveFaultCode(db, actorOf(request, reply), request.body), '添加成功！'),
  );
  app.put<{ Body: FaultCodeInput & { id: string } }>(
    '/mes/faultCode/edit',
    {
      config: requires('repair:faultCode'),
      schema: { body: withId(faultProperties, ['code', 'faultCategory', 'description']) },
    },
    async (request, reply) => {
      const { id: faultId, ...input } = request.body;
      return ok(await saveFaultCode(db, actorOf(request, reply), input, faultId), '编辑成功！');
    },
  );

  // ---- Spare parts ----
  app.get('/mes/part/list', { config: requires('spare:list') }, async (request) =>
    ok(await listParts(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/mes/part/exportXls', { config: requires('spare:list') }, (request, reply) =>
    sendExport(request, reply, PART_EXPORT),
  );
  app.get('/mes/part/options', { config: requires(['spare:list', 'repair:work']) }, async (request) =>
    ok(await partOptions(db, callerOf(request))),
  );
  app.post<{ Body: PartInput }>(
    '/mes/part/add',
    {
      config: requires('spare:edit'),
      schema: {
        body: body(['partCode', 'name', 'category', 'unit', 'standardPrice', 'costPrice'], partProperties),
      },
    },
    async (request, reply) => ok(await savePart(db, actorOf(request, reply), request.body), '添加成功！'),
  );
  app.put<{ Body: PartInput & { id: string } }>(
    '/mes/part/edit',
    {
      config: requires('spare:edit'),
      schema: {
        body: withId(partProperties, ['partCode', 'name', 'category', 'unit', 'standardPrice', 'costPrice']),
      },
    },
    async (request, reply) => {
      const { id: partId, ...input } = request.body;
      return ok(await savePart(db, actorOf(request, reply), input, partId), '编辑成功！');
    },
  );
  app.get('/mes/warehouse/options', { config: requires(['spare:list', 'repair:work']) }, async (request) =>
    ok(await warehouseOptions(db, await viewer(request))),
  );
  app.get('/mes/stock/list', { config: requires('spare:list') }, async (request) =>
    ok(await listStock(db, await viewer(request), request.query as RawQuery)),
  );
  app.get('/mes/stock/exportXls', { config: requires('spare:list') }, (request, reply) =>
    sendExport(request, reply, STOCK_EXPORT),
  );
  app.get('/mes/movement/list', { config: requires('spare:list') }, async (request) =>
    ok(await listMovements(db, await viewer(request), request.query as RawQuery)),
  );
  app.get('/mes/movement/exportXls', { config: requires('spare:list') }, (request, reply) =>
    sendExport(request, reply, MOVEMENT_EXPORT),
  );
  app.post<{ Body: MoveInput }>(
    '/mes/movement/add',
    {
      config: requires('spare:move'),
      schema: {
        body: body(['moveType', 'partId', 'warehouseId', 'qty'], {
          moveType: { type: 'string', enum: [...MANUAL_PART_MOVES] },
          partId: id,
          warehouseId: id,
          toWarehouseId: nullable(id),
          qty: quantity,
          serialNos,
          remark,
        }),
      },
    },
    async (request, reply) =>
      ok(await moveParts(db, actorOf(request, reply), await viewer(request), request.body), '操作成功！'),
  );
  app.get('/mes/request/list', { config: requires(['spare:request', 'spare:issue']) }, async (request) =>
    ok(await listPartRequests(db, await viewer(request), request.query as RawQuery)),
  );
  app.get(
    '/mes/request/exportXls',
    { config: requires(['spare:request', 'spare:issue']) },
    (request, reply) => sendExport(request, reply, REQUEST_EXPORT),
  );
  app.post<{ Body: PartRequestInput }>(
    '/mes/request/add',
    {
      config: requires('spare:request'),
      schema: {
        body: body(['warehouseId', 'lines'], {
          warehouseId: id,
          lines: {
            type: 'array',
            minItems: 1,
            maxItems: 30,
            items: body(['partId', 'qty'], { partId: id, qty: quantity }),
          },
          remark,
        }),
      },
    },
    async (request, reply) => {
      const { notices, ...created } = await createPartRequest(
        db,
        actorOf(request, reply),
        await viewer(request),
        request.body,
      );
      await publishTaskNotices(app, notices);
      return ok(created, '已提交审批！');
    },
  );
  app.post<{ Body: { id: string; fromWarehouseId: string; serialNos?: Record<string, string[]> } }>(
    '/mes/request/issue',
    {
      config: requires('spare:issue'),
      schema: {
        body: withId(
          { fromWarehouseId: id, serialNos: { type: 'object', additionalProperties: serialNos } },
          ['fromWarehouseId'],
        ),
      },
    },
    async (request, reply) =>
      ok(
        await issuePartRequest(db, actorOf(request, reply), await viewer(request), request.body),
        '已发货！',
      ),
  );
  app.post<{ Body: IdQuery }>(
    '/mes/request/receive',
    { config: requires('spare:request'), schema: { body: idQuerySchema } },
    async (request, reply) =>
      ok(
        await receivePartRequest(db, actorOf(request, reply), await viewer(request), request.body.id),
        '已签收！',
      ),
  );
}
