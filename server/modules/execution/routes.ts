// 门店执行评分 and 金币 under /eVisit (docs/execution-api.md): 评分模板, the rep's submission during a visit,
// 门店执行审核 and 金币账户. Thin: the services own the SQL.
import type { FastifyInstance } from 'fastify';
import {
  AI_DETECT_TYPE,
  INPUT_TYPE,
  ITEM_CATEGORY,
  SCORING_RULE,
  TEMPLATE_STATUS,
  type TemplateInput,
  type TemplateStatus,
} from '../../../common/execution';
import { codesOf } from '../../../common/businessEnums';
import { ok } from '../../http/envelope';
import type { RawQuery } from '../../http/listQuery';
import { publishTaskNotices } from '../approvals/notify';
import { sendExport } from '../jobs/exports';
import { actorOf, callerOf, requires } from '../shared/actor';
import { idQuerySchema, nullable, text, type IdQuery } from '../shared/schemas';
import { listCoinAccounts, listCoinLedger, requestCoinAdjustment, type CoinAdjustInput } from './coins';
import { COIN_ACCOUNT_EXPORT, RESULT_EXPORT, TEMPLATE_EXPORT } from './export';
import {
  appealResult,
  approveMany,
  listResults,
  resultDetail,
  reviewResult,
  revokeResult,
  submitResult,
  type ReviewInput,
  type SubmitInput,
} from './results';
import {
  changeTemplateStatus,
  listTemplates,
  newVersion,
  saveTemplate,
  templateById,
  templateForOutlet,
} from './templates';
import { visitInScope } from '../visits/records';

const id = text(32);
const ids = (max: number) => ({ type: 'array', maxItems: max, items: id }) as const;
const clientId = { type: 'string', minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } as const;
const reason = { type: 'string', minLength: 1, maxLength: 256 } as const;
const scoreValue = { type: 'number', minimum: 0, maximum: 1000 } as const;

const itemSchema = {
  type: 'object',
  required: ['code', 'name', 'category', 'inputType', 'maxScore', 'scoringRule'],
  properties: {
    code: text(32),
    name: text(64),
    category: { type: 'string', enum: codesOf(ITEM_CATEGORY) },
    inputType: { type: 'string', enum: codesOf(INPUT_TYPE) },
    aiDetectType: nullable({ type: 'string', enum: codesOf(AI_DETECT_TYPE) }),
    requirement: {
      type: 'object',
      additionalProperties: false,
      properties: {
        min: { type: 'number', minimum: 0, maximum: 100000 },
        deductPerMiss: scoreValue,
        options: { type: 'array', maxItems: 20, items: text(32) },
        passOptions: { type: 'array', maxItems: 20, items: text(32) },
      },
    },
    maxScore: { type: 'number', exclusiveMinimum: 0, maximum: 1000 },
    scoringRule: { type: 'string', enum: codesOf(SCORING_RULE) },
    isVeto: { type: 'boolean' },
    photoRequired: { type: 'boolean' },
  },
} as const;

const templateProperties = {
  code: text(32),
  name: text(64),
  channels: { type: 'array', maxItems: 20, items: text(32) },
  outletTypes: { type: 'array', maxItems: 20, items: text(32) },
  passScore: scoreValue,
  coinRule: {
    type: 'object',
    required: ['tiers', 'monthlyCap'],
    properties: {
      tiers: {
        type: 'array',
        maxItems: 10,
        items: {
          type: 'object',
          required: ['minScore', 'coins'],
          properties: { minScore: scoreValue, coins: { type: 'integer', minimum: 0, maximum: 100000 } },
        },
      },
      monthlyCap: { type: 'integer', minimum: 0, maximum: 1000000 },
    },
  },
  validFrom: nullable({ type: 'string', format: 'date' }),
  validTo: nullable({ type: 'string', format: 'date' }),
  remark: nullable({ type: 'string', maxLength: 256 }),
  items: { type: 'array', minItems: 1, maxItems: 50, items: itemSchema },
} as const;
const templateBody = {
  type: 'object',
  required: ['code', 'name', 'passScore', 'coinRule', 'items'],
  properties: templateProperties,
} as const;

const submitBody = {
  type: 'object',
  required: ['clientId', 'visitId', 'templateId', 'items'],
  properties: {
    clientId,
    visitId: id,
    templateId: id,
    items: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        required: ['itemId'],
        properties: {
          itemId: id,
          value: {
            anyOf: [
              { type: 'boolean' },
              { type: 'number' },
              { type: 'string', maxLength: 64 },
              { type: 'null' },
            ],
          },
          photoIds: ids(10),
        },
      },
    },
  },
} as const;

const reviewBody = {
  type: 'object',
  required: ['id', 'approve'],
  properties: {
    id,
    approve: { type: 'boolean' },
    comment: nullable({ type: 'string', maxLength: 256 }),
    items: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        required: ['itemId', 'reviewerScore'],
        properties: {
          itemId: id,
          reviewerScore: nullable(scoreValue),
          deductionReason: nullable({ type: 'string', maxLength: 128 }),
        },
      },
    },
  },
} as const;

const reasonBody = { type: 'object', required: ['id', 'reason'], properties: { id, reason } } as const;

export async function executionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  // ---- 评分模板 ----
  app.get('/eVisit/executionTemplate/list', { config: requires('executionTemplate:list') }, async (request) =>
    ok(await listTemplates(db, callerOf(request), request.query as RawQuery)),
  );
  app.get(
    '/eVisit/executionTemplate/exportXls',
    { config: requires('executionTemplate:list') },
    (request, reply) => sendExport(request, reply, TEMPLATE_EXPORT),
  );
  app.get<{ Querystring: IdQuery }>(
    '/eVisit/executionTemplate/queryById',
    { config: requires('executionTemplate:list'), schema: { querystring: idQuerySchema } },
    async (request) => ok(await templateById(db, callerOf(request), request.query.id)),
  );
  app.post<{ Body: TemplateInput }>(
    '/eVisit/executionTemplate/add',
    { config: requires('executionTemplate:edit'), schema: { body: templateBody } },
    async (request, reply) => ok(await saveTemplate(db, actorOf(request, reply), request.body), '添加成功！'),
  );
  app.put<{ Body: TemplateInput & { id: string } }>(
    '/eVisit/executionTemplate/edit',
    {
      config: requires('executionTemplate:edit'),
      schema: {
        body: {
          ...templateBody,
          required: ['id', ...templateBody.required],
          properties: { id, ...templateProperties },
        },
      },
    },
    async (request, reply) =>
      ok(await saveTemplate(db, actorOf(request, reply), request.body, request.body.id), '编辑成功！'),
  );
  app.post<{ Body: { id: string } }>(
    '/eVisit/executionTemplate/newVersion',
    {
      config: requires('executionTemplate:edit'),
      schema: { body: { type: 'object', required: ['id'], properties: { id } } },
    },
    async (request, reply) =>
      ok(await newVersion(db, actorOf(request, reply), request.body.id), '已创建新版本'),
  );
  app.put<{ Body: { id: string; status: TemplateStatus } }>(
    '/eVisit/executionTemplate/changeStatus',
    {
      config: requires('executionTemplate:edit'),
      schema: {
        body: {
          type: 'object',
          required: ['id', 'status'],
          properties: { id, status: { type: 'string', enum: codesOf(TEMPLATE_STATUS) } },
        },
      },
    },
    async (request, reply) =>
      ok(await changeTemplateStatus(db, actorOf(request, reply), request.body.id, request.body.status)),
  );

  // ---- The rep, during a visit (the workbench's 陈列检查) ----
  app.get<{ Querystring: { visitId: string } }>(
    '/eVisit/execution/templateForVisit',
    {
      config: requires('visit:checkIn'),
      schema: { querystring: { type: 'object', required: ['visitId'], properties: { visitId: id } } },
    },
    async (request) => {
      const caller = callerOf(request);
      await visitInScope(db, caller, request.query.visitId);
      const visit = await db
        .selectFrom('visit_records')
        .select('customer_id')
        .where('id', '=', request.query.visitId)
        .executeTakeFirstOrThrow();
      return ok(await templateForOutlet(db, caller.tenantId, visit.customer_id));
    },
  );
  app.post<{ Body: SubmitInput }>(
    '/eVisit/execution/submit',
    { config: requires('visit:checkIn'), schema: { body: submitBody } },
    async (request, reply) => ok(await submitResult(db, actorOf(request, reply), request.body), '已提交'),
  );

  // ---- 门店执行审核 ----
  app.get('/eVisit/execution/list', { config: requires('execution:list') }, async (request) =>
    ok(await listResults(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eVisit/execution/exportXls', { config: requires('execution:list') }, (request, reply) =>
    sendExport(request, reply, RESULT_EXPORT),
  );
  app.get<{ Querystring: IdQuery }>(
    '/eVisit/execution/queryById',
    { config: requires(['execution:list', 'visit:checkIn']), schema: { querystring: idQuerySchema } },
    async (request) => ok(await resultDetail(db, callerOf(request), request.query.id)),
  );
  app.put<{ Body: ReviewInput }>(
    '/eVisit/execution/review',
    { config: requires('execution:review'), schema: { body: reviewBody } },
    async (request, reply) =>
      ok(
        await reviewResult(db, actorOf(request, reply), request.body, false),
        request.body.approve ? '审核通过' : '已驳回',
      ),
  );
  app.put<{ Body: { ids: string[] } }>(
    '/eVisit/execution/approveBatch',
    {
      config: requires('execution:review'),
      schema: {
        body: { type: 'object', required: ['ids'], properties: { ids: { ...ids(200), minItems: 1 } } },
      },
    },
    async (request, reply) => ok(await approveMany(db, actorOf(request, reply), request.body.ids)),
  );
  app.put<{ Body: { id: string; reason: string } }>(
    '/eVisit/execution/appeal',
    { config: requires('execution:appeal'), schema: { body: reasonBody } },
    async (request, reply) =>
      ok(await appealResult(db, actorOf(request, reply), request.body.id, request.body.reason), '已提交申诉'),
  );
  app.put<{ Body: ReviewInput }>(
    '/eVisit/execution/finalReview',
    { config: requires('execution:finalReview'), schema: { body: reviewBody } },
    async (request, reply) =>
      ok(
        await reviewResult(db, actorOf(request, reply), request.body, true),
        request.body.approve ? '终审通过' : '终审驳回',
      ),
  );
  app.put<{ Body: { id: string; reason: string } }>(
    '/eVisit/execution/revoke',
    { config: requires('execution:revoke'), schema: { body: reasonBody } },
    async (request, reply) =>
      ok(await revokeResult(db, actorOf(request, reply), request.body.id, request.body.reason), '已撤销'),
  );

  // ---- 金币账户 ----
  app.get('/eVisit/coin/list', { config: requires('coin:list') }, async (request) =>
    ok(await listCoinAccounts(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eVisit/coin/exportXls', { config: requires('coin:list') }, (request, reply) =>
    sendExport(request, reply, COIN_ACCOUNT_EXPORT),
  );
  app.get('/eVisit/coin/ledger', { config: requires('coin:list') }, async (request) =>
    ok(await listCoinLedger(db, callerOf(request), request.query as RawQuery)),
  );
  app.post<{ Body: CoinAdjustInput }>(
    '/eVisit/coin/adjust',
    {
      config: requires('coin:adjust'),
      schema: {
        body: {
          type: 'object',
          required: ['customerId', 'coins', 'reason'],
          properties: {
            customerId: id,
            coins: { type: 'integer', minimum: -1000000, maximum: 1000000 },
            reason,
          },
        },
      },
    },
    async (request, reply) => {
      const { id: adjustmentId, notices } = await requestCoinAdjustment(
        db,
        actorOf(request, reply),
        request.body,
      );
      await publishTaskNotices(app, notices);
      return ok({ id: adjustmentId }, '已提交审批');
    },
  );
}
