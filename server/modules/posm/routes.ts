// POSM materials under /ePosm (docs/posm-api.md; /eMaterial is the product master data): the catalogue, the
// stock per warehouse and its movements, material requests and their steps. Thin: the services own the SQL.
import type { FastifyInstance } from 'fastify';
import { ENABLED_STATUS, codesOf } from '../../../common/businessEnums';
import { POSM_CATEGORY, POSM_PURPOSE, POSM_TARGET_TYPE } from '../../../common/posm';
import { sessionOf } from '../../http/access';
import { ok } from '../../http/envelope';
import type { RawQuery } from '../../http/listQuery';
import { publishTaskNotices } from '../approvals/notify';
import { sendExport } from '../jobs/exports';
import { actorOf, callerOf, requires } from '../shared/actor';
import { idQuerySchema, nullable, text, type IdQuery } from '../shared/schemas';
import { POSM_MATERIAL_EXPORT, POSM_REQUEST_EXPORT, POSM_STOCK_EXPORT } from './export';
import {
  listMaterials,
  listMovements,
  listStock,
  materialOptions,
  moveStock,
  saveMaterial,
  type MaterialInput,
  type MoveInput,
} from './materials';
import {
  approveRequest,
  cancelRequest,
  closeRequest,
  createRequest,
  editRequest,
  issueRequest,
  listRequests,
  pickList,
  receiveRequest,
  requestById,
  submitRequest,
  verifyRequest,
  type RequestInput,
} from './requests';

const id = text(32);
const remark = nullable({ type: 'string', maxLength: 256 });
const quantity = { type: 'integer', minimum: 0, maximum: 1000000 } as const;
const body = (required: string[], properties: Record<string, unknown>) =>
  ({ type: 'object', required, properties }) as const;

const materialProperties = {
  materialCode: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' },
  name: text(64),
  category: { type: 'string', enum: codesOf(POSM_CATEGORY) },
  spec: nullable({ type: 'string', maxLength: 64 }),
  unit: text(8),
  unitCost: { type: 'number', minimum: 0, maximum: 1000000 },
  brandId: nullable(id),
  photoIds: { type: 'array', maxItems: 9, items: text(64) },
  isReturnable: { type: 'boolean' },
  status: { type: 'string', enum: codesOf(ENABLED_STATUS) },
} as const;
const materialRequired = ['materialCode', 'name', 'category', 'unit', 'unitCost'];

const requestProperties = {
  purpose: { type: 'string', enum: codesOf(POSM_PURPOSE) },
  targetType: { type: 'string', enum: codesOf(POSM_TARGET_TYPE) },
  targetIds: { type: 'array', maxItems: 200, items: id },
  lines: {
    type: 'array',
    minItems: 1,
    maxItems: 50,
    items: body(['materialId', 'qty'], { materialId: id, qty: { ...quantity, minimum: 1 } }),
  },
  deliveryAddress: nullable({ type: 'string', maxLength: 128 }),
  expectedDate: nullable({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  remark,
} as const;
const requestRequired = ['purpose', 'targetType', 'lines'];

export async function posmRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  // ---- Catalogue ----
  app.get('/ePosm/material/list', { config: requires('posm:list') }, async (request) =>
    ok(await listMaterials(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/ePosm/material/exportXls', { config: requires('posm:list') }, (request, reply) =>
    sendExport(request, reply, POSM_MATERIAL_EXPORT),
  );
  app.get('/ePosm/material/options', { config: requires('posm:list') }, async (request) =>
    ok(await materialOptions(db, callerOf(request))),
  );
  app.post<{ Body: MaterialInput }>(
    '/ePosm/material/add',
    { config: requires('posm:material'), schema: { body: body(materialRequired, materialProperties) } },
    async (request, reply) => ok(await saveMaterial(db, actorOf(request, reply), request.body), '添加成功！'),
  );
  app.put<{ Body: MaterialInput & { id: string } }>(
    '/ePosm/material/edit',
    {
      config: requires('posm:material'),
      schema: { body: body(['id', ...materialRequired], { id, ...materialProperties }) },
    },
    async (request, reply) => {
      const { id: materialId, ...input } = request.body;
      return ok(await saveMaterial(db, actorOf(request, reply), input, materialId), '编辑成功！');
    },
  );

  // ---- Stock ----
  app.get('/ePosm/stock/list', { config: requires('posm:list') }, async (request) =>
    ok(await listStock(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/ePosm/stock/exportXls', { config: requires('posm:list') }, (request, reply) =>
    sendExport(request, reply, POSM_STOCK_EXPORT),
  );
  app.get('/ePosm/stock/movements', { config: requires('posm:list') }, async (request) =>
    ok(await listMovements(db, callerOf(request), request.query as RawQuery)),
  );
  app.post<{ Body: MoveInput }>(
    '/ePosm/stock/move',
    {
      config: requires('posm:stock'),
      schema: {
        body: body(['warehouseId', 'materialId', 'moveType', 'qty'], {
          warehouseId: id,
          materialId: id,
          moveType: { type: 'string', enum: ['IN', 'OUT', 'ADJUST'] },
          qty: quantity,
          remark,
        }),
      },
    },
    async (request, reply) => ok(await moveStock(db, actorOf(request, reply), request.body), '操作成功！'),
  );

  // ---- Requests ----
  app.get('/ePosm/request/list', { config: requires('posm:list') }, async (request) =>
    ok(await listRequests(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/ePosm/request/exportXls', { config: requires('posm:list') }, (request, reply) =>
    sendExport(request, reply, POSM_REQUEST_EXPORT),
  );
  app.get<{ Querystring: IdQuery }>(
    '/ePosm/request/queryById',
    // The approver reads it from the 审批中心's drawer.
    { config: requires(['posm:list', 'approval:center']), schema: { querystring: idQuerySchema } },
    async (request) => ok(await requestById(db, callerOf(request), request.query.id)),
  );
  app.get<{ Querystring: IdQuery }>(
    '/ePosm/request/pickList',
    { config: requires('posm:issue'), schema: { querystring: idQuerySchema } },
    async (request) => ok(await pickList(db, callerOf(request), request.query.id)),
  );
  app.post<{ Body: RequestInput }>(
    '/ePosm/request/add',
    { config: requires('posm:request'), schema: { body: body(requestRequired, requestProperties) } },
    async (request, reply) =>
      ok(await createRequest(db, actorOf(request, reply), request.body), '已保存草稿！'),
  );
  app.put<{ Body: RequestInput & { id: string } }>(
    '/ePosm/request/edit',
    {
      config: requires('posm:request'),
      schema: { body: body(['id', ...requestRequired], { id, ...requestProperties }) },
    },
    async (request, reply) => {
      const { id: requestId, ...input } = request.body;
      return ok(await editRequest(db, actorOf(request, reply), requestId, input), '编辑成功！');
    },
  );
  app.post<{ Body: IdQuery }>(
    '/ePosm/request/submit',
    { config: requires('posm:request'), schema: { body: idQuerySchema } },
    async (request, reply) => {
      const { notices } = await submitRequest(db, actorOf(request, reply), request.body.id);
      await publishTaskNotices(app, notices);
      return ok({ id: request.body.id }, '已提交审批！');
    },
  );
  app.post<{ Body: { id: string; reason?: string | null } }>(
    '/ePosm/request/cancel',
    { config: requires('posm:request'), schema: { body: body(['id'], { id, reason: remark }) } },
    async (request, reply) => ok(await cancelRequest(db, actorOf(request, reply), request.body), '已撤销！'),
  );
  app.post<{
    Body: { id: string; lines?: Array<{ lineId: string; approvedQty: number }>; comment?: string | null };
  }>(
    '/ePosm/request/approve',
    {
      config: requires('approval:center'),
      schema: {
        body: body(['id'], {
          id,
          lines: {
            type: 'array',
            maxItems: 50,
            items: body(['lineId', 'approvedQty'], { lineId: id, approvedQty: quantity }),
          },
          comment: remark,
        }),
      },
    },
    async (request, reply) => {
      const result = await approveRequest(db, actorOf(request, reply), request.body);
      await publishTaskNotices(app, result.notices);
      return ok({ status: result.status }, '审批通过！');
    },
  );
  app.post<{ Body: { id: string; warehouseId: string } }>(
    '/ePosm/request/issue',
    {
      config: requires('posm:issue'),
      schema: { body: body(['id', 'warehouseId'], { id, warehouseId: id }) },
    },
    async (request, reply) => ok(await issueRequest(db, actorOf(request, reply), request.body), '已出库！'),
  );
  app.post<{
    Body: { id: string; lines?: Array<{ lineId: string; receivedQty: number }>; remark?: string | null };
  }>(
    '/ePosm/request/receive',
    {
      config: requires(['posm:request', 'posm:receive']),
      schema: {
        body: body(['id'], {
          id,
          lines: {
            type: 'array',
            maxItems: 50,
            items: body(['lineId', 'receivedQty'], { lineId: id, receivedQty: quantity }),
          },
          remark,
        }),
      },
    },
    async (request, reply) =>
      ok(
        await receiveRequest(
          db,
          actorOf(request, reply),
          request.body,
          sessionOf(request).permissions.has('posm:receive'),
        ),
        '已签收！',
      ),
  );
  app.post<{ Body: { id: string; photoIds: string[]; remark?: string | null } }>(
    '/ePosm/request/verify',
    {
      config: requires('posm:verify'),
      schema: {
        body: body(['id', 'photoIds'], {
          id,
          photoIds: { type: 'array', minItems: 1, maxItems: 9, items: text(64) },
          remark,
        }),
      },
    },
    async (request, reply) => ok(await verifyRequest(db, actorOf(request, reply), request.body), '已核验！'),
  );
  app.post<{ Body: IdQuery }>(
    '/ePosm/request/close',
    { config: requires('posm:verify'), schema: { body: idQuerySchema } },
    async (request, reply) =>
      ok(await closeRequest(db, actorOf(request, reply), request.body.id), '已关闭！'),
  );
}
