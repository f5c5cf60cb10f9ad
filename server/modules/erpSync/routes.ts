// ERP sync endpoints (spec §7): under /kingdee/sync the failed-task counters of the access gate, the failure
// list and what a person does about a task; under /eOrder/eOrder the sync record of one order and its resync;
// under /eErpConfig the connections and their code mappings. Thin: the services own the SQL.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { codesOf } from '../../../common/businessEnums';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../../common/constants';
import { ERP_SYSTEM_TYPE } from '../../../common/erpSync';
import { sessionOf } from '../../http/access';
import { envelopeSchema, ok } from '../../http/envelope';
import type { RawQuery } from '../../http/listQuery';
import { actorOf, callerOf, requires } from '../shared/actor';
import { defineImport, queueImport } from '../jobs/imports';
import { sendExport } from '../jobs/exports';
import { sendTemplate } from '../shared/excel';
import { idQuerySchema, nullable, text, type IdQuery } from '../shared/schemas';
import {
  deleteConnection,
  importMappings,
  listConnections,
  listMappings,
  MAPPING_IMPORT_COLUMNS,
  MAPPING_TEMPLATE_EXAMPLE,
  saveConnection,
  saveMapping,
  testConnection,
  type ConnectionInput,
  type MappingInput,
} from './connections';
import { CONNECTION_EXPORT, MAPPING_EXPORT, SYNC_TASK_EXPORT } from './export';
import { failedSyncTasksOf, type FailedTaskQuery } from './failedTasks';
import {
  ignoreTasks,
  listTasks,
  markManualDone,
  orderSyncRecord,
  resyncOrder,
  retryTasks,
  taskDetail,
} from './service';

/** Deeper pages than this are no one's use case; the bound keeps the offset arithmetic small. */
const MAX_PAGE_NUMBER = 100_000;

const failedTasksQuerySchema = {
  type: 'object',
  required: ['direction'],
  properties: {
    direction: { type: 'integer', enum: [0, 1] },
    pageNumber: { type: 'integer', minimum: 0, maximum: MAX_PAGE_NUMBER, default: 0 },
    size: { type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT },
    includeIgnore: { type: 'boolean', default: false },
  },
} as const;

const plainText = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;

const failedTaskPageSchema = {
  type: 'object',
  required: ['records', 'total', 'size', 'current', 'pages'],
  properties: {
    records: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: plainText,
          taskNo: plainText,
          bizType: plainText,
          bizNo: plainText,
          erpFormId: plainText,
          operation: plainText,
          externalCode: plainText,
          status: plainText,
          attemptCount: { type: 'integer' },
          errorCategory: nullableText,
          lastErrorMessage: nullableText,
          nextRetryAt: nullableText,
          createdAt: plainText,
        },
      },
    },
    total: { type: 'integer' },
    size: { type: 'integer' },
    current: { type: 'integer' },
    pages: { type: 'integer' },
  },
} as const;

const MAX_BATCH = 200;
const taskIds = { type: 'array', minItems: 1, maxItems: MAX_BATCH, items: text(32) } as const;
const remark = { type: 'string', maxLength: 500 } as const;

const connectionProperties = {
  name: text(64),
  systemType: { type: 'string', enum: codesOf(ERP_SYSTEM_TYPE) },
  baseUrl: text(256),
  acctId: text(64),
  appId: text(128),
  appSecret: nullable({ type: 'string', maxLength: 256 }),
  userName: text(64),
  saleOrgCode: nullable({ type: 'string', maxLength: 64 }),
  defaultBillType: nullable({ type: 'string', maxLength: 64 }),
  defaultWarehouseCode: nullable({ type: 'string', maxLength: 64 }),
  timeoutMs: { type: 'integer', minimum: 500, maximum: 120000 },
  networkRetries: { type: 'integer', minimum: 0, maximum: 5 },
  status: { type: 'string', enum: ['ACTIVE', 'DISABLED'] },
  ownerDealerId: nullable({ type: 'string', maxLength: 32 }),
} as const;
const connectionRequired = ['name', 'systemType', 'baseUrl', 'acctId', 'appId', 'userName'];

const mappingImport = defineImport<{ connectionId: string }>({
  key: 'erpMappings',
  title: () => '编码映射导入',
  run: (db, actor, { connectionId }, upload) => importMappings(db, actor, connectionId, upload),
});

export async function erpSyncRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const runtime = app.erpRuntime;
  await app.register(multipart);

  // Every signed-in user's access gate asks for these counts, so any session may (a later issue may narrow it).
  app.get<{ Querystring: FailedTaskQuery }>(
    '/kingdee/sync/orders/status',
    {
      config: { access: 'authenticated' },
      schema: {
        querystring: failedTasksQuerySchema,
        response: { 200: envelopeSchema(failedTaskPageSchema) },
      },
    },
    async (request) => ok(await failedSyncTasksOf(db, sessionOf(request).tenantId, request.query)),
  );

  // ---- The failure list (ERP同步失败列表) ----
  app.get('/kingdee/sync/orders/list', { config: requires('erp:list') }, async (request) =>
    ok(await listTasks(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/kingdee/sync/orders/exportXls', { config: requires('erp:list') }, (request, reply) =>
    sendExport(request, reply, SYNC_TASK_EXPORT),
  );
  app.get<{ Querystring: IdQuery }>(
    '/kingdee/sync/orders/detail',
    { config: requires('erp:list'), schema: { querystring: idQuerySchema } },
    async (request) => ok(await taskDetail(db, callerOf(request), request.query.id)),
  );
  app.post<{ Body: { ids: string[] } }>(
    '/kingdee/sync/orders/retry',
    {
      config: requires('erp:retry'),
      schema: { body: { type: 'object', required: ['ids'], properties: { ids: taskIds } } },
    },
    async (request, reply) => {
      const answer = await retryTasks(db, runtime, actorOf(request, reply), request.body.ids);
      return ok(answer, `已重试 ${answer.total} 条：成功 ${answer.success} 条，失败 ${answer.failed} 条`);
    },
  );
  app.post<{ Body: { ids: string[]; remark: string } }>(
    '/kingdee/sync/orders/ignore',
    {
      config: requires('erp:ignore'),
      schema: {
        body: { type: 'object', required: ['ids', 'remark'], properties: { ids: taskIds, remark } },
      },
    },
    async (request, reply) =>
      ok(await ignoreTasks(db, actorOf(request, reply), request.body.ids, request.body.remark), '已忽略'),
  );
  app.post<{ Body: { id: string; erpBillNo: string; remark?: string | null } }>(
    '/kingdee/sync/orders/manualDone',
    {
      config: requires('erp:ignore'),
      schema: {
        body: {
          type: 'object',
          required: ['id', 'erpBillNo'],
          properties: {
            id: text(32),
            erpBillNo: { type: 'string', maxLength: 64 },
            remark: nullable(remark),
          },
        },
      },
    },
    async (request, reply) =>
      ok(await markManualDone(db, actorOf(request, reply), request.body), '已标记人工处理'),
  );

  // ---- One order (the order drawer's 同步记录) ----
  app.get<{ Querystring: IdQuery }>(
    '/eOrder/eOrder/getOrderSyncRecord',
    { config: requires('erp:list'), schema: { querystring: idQuerySchema } },
    async (request) => ok(await orderSyncRecord(db, callerOf(request), request.query.id)),
  );
  app.post<{ Body: IdQuery }>(
    '/eOrder/eOrder/resync',
    { config: requires('erp:retry'), schema: { body: idQuerySchema } },
    async (request, reply) => {
      const answer = await resyncOrder(db, runtime, actorOf(request, reply), request.body.id);
      return ok(
        answer,
        answer.failed === 0
          ? '重新同步成功'
          : `重新同步完成：成功 ${answer.success} 条，失败 ${answer.failed} 条`,
      );
    },
  );
  app.get('/eOrder/eOrder/listFail', { config: requires('erp:list') }, async (request) =>
    ok(await listTasks(db, callerOf(request), request.query as RawQuery, true)),
  );

  // ---- ERP configuration (/eErpConfig) ----
  app.get('/eErpConfig/connection/list', { config: requires('erp:config') }, async (request) =>
    ok(await listConnections(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eErpConfig/connection/exportXls', { config: requires('erp:config') }, (request, reply) =>
    sendExport(request, reply, CONNECTION_EXPORT),
  );
  app.post<{ Body: ConnectionInput }>(
    '/eErpConfig/connection/add',
    {
      config: requires('erp:config'),
      schema: { body: { type: 'object', required: connectionRequired, properties: connectionProperties } },
    },
    async (request, reply) =>
      ok(await saveConnection(db, runtime, actorOf(request, reply), request.body), '添加成功！'),
  );
  app.put<{ Body: ConnectionInput & { id: string } }>(
    '/eErpConfig/connection/edit',
    {
      config: requires('erp:config'),
      schema: {
        body: {
          type: 'object',
          required: ['id', ...connectionRequired],
          properties: { id: text(32), ...connectionProperties },
        },
      },
    },
    async (request, reply) =>
      ok(
        await saveConnection(db, runtime, actorOf(request, reply), request.body, request.body.id),
        '编辑成功!',
      ),
  );
  app.delete<{ Querystring: IdQuery }>(
    '/eErpConfig/connection/delete',
    { config: requires('erp:config'), schema: { querystring: idQuerySchema } },
    async (request, reply) => {
      await deleteConnection(db, actorOf(request, reply), request.query.id);
      return ok(null, '删除成功!');
    },
  );
  app.post<{ Body: IdQuery }>(
    '/eErpConfig/connection/test',
    { config: requires('erp:config'), schema: { body: idQuerySchema } },
    async (request, reply) => {
      const answer = await testConnection(db, runtime, actorOf(request, reply), request.body.id);
      return ok(answer, answer.success ? '连接成功' : `连接失败：${answer.message}`);
    },
  );
  app.get('/eErpConfig/mapping/list', { config: requires('erp:config') }, async (request) =>
    ok(await listMappings(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eErpConfig/mapping/exportXls', { config: requires('erp:config') }, (request, reply) =>
    sendExport(request, reply, MAPPING_EXPORT),
  );
  app.put<{ Body: MappingInput }>(
    '/eErpConfig/mapping/edit',
    {
      config: requires('erp:config'),
      schema: {
        body: {
          type: 'object',
          required: ['id', 'erpCode'],
          properties: {
            id: text(32),
            erpCode: { type: 'string', maxLength: 64 },
            erpName: nullable(text(128)),
          },
        },
      },
    },
    async (request, reply) => ok(await saveMapping(db, actorOf(request, reply), request.body), '编辑成功!'),
  );
  app.post<{ Querystring: { connectionId: string } }>(
    '/eErpConfig/mapping/importExcel',
    {
      config: requires('erp:config'),
      schema: {
        querystring: { type: 'object', required: ['connectionId'], properties: { connectionId: text(32) } },
      },
    },
    async (request, reply) =>
      queueImport(request, reply, mappingImport, { connectionId: request.query.connectionId }),
  );
  app.get('/eErpConfig/mapping/importTemplate', { config: requires('erp:config') }, (_request, reply) =>
    sendTemplate(reply, '编码映射导入模板', MAPPING_IMPORT_COLUMNS, MAPPING_TEMPLATE_EXAMPLE),
  );
}
