// Rebates under /eRebate (docs/rebates-api.md): 返利政策 and its commands, 返利核算 (the run as a job, the
// results, 确认入账 / 调整 / 关闭), 资金账户 with the ledger and the statement export. Thin: the services own the SQL.
import type { FastifyInstance } from 'fastify';
import { codesOf } from '../../../common/businessEnums';
import {
  FUND_ACCOUNT_TYPE,
  REBATE_BASIS,
  REBATE_BENEFIT,
  REBATE_PERIOD,
  REBATE_TARGET,
  type RebateAdjustInput,
  type RebatePolicyInput,
  type RebateRunInput,
} from '../../../common/rebates';
import { BusinessError, ok } from '../../http/envelope';
import type { RawQuery } from '../../http/listQuery';
import { publishTaskNotices } from '../approvals/notify';
import { ACCOUNT_EXPORT, listAccounts, listLedger, STATEMENT_EXPORT } from '../funds/queries';
import { sendExport } from '../jobs/exports';
import { actorOf, callerOf, requires } from '../shared/actor';
import { idQuerySchema, nullable, text, type IdQuery } from '../shared/schemas';
import {
  closeCalculation,
  confirmCalculations,
  listCalculations,
  requestAdjustment,
  trialCalculation,
  windowOf,
} from './calculation';
import { CALC_EXPORT, POLICY_EXPORT } from './export';
import {
  addPolicy,
  changePolicy,
  editPolicy,
  listPolicies,
  policyById,
  policyInScope,
  submitPolicy,
} from './policies';

const runBody = {
  type: 'object',
  required: ['policyId', 'period'],
  additionalProperties: false,
  properties: { policyId: text(32), period: text(8) },
} as const;

export const REBATE_PERMISSIONS = {
  list: 'rebate:list',
  policy: 'rebate:policy',
  calc: 'rebate:calc',
  confirm: 'rebate:confirm',
  funds: 'fund:list',
} as const;

export const REBATE_CALC_JOB = 'REBATE_CALC';

const ids = { type: 'array', maxItems: 500, items: text(64) } as const;
const amount = { type: 'number', minimum: 0, maximum: 1e10 } as const;

const policyBody = {
  type: 'object',
  required: ['name', 'targetType', 'basis', 'periodType', 'startDate', 'endDate', 'tiers'],
  additionalProperties: false,
  properties: {
    id: text(32),
    name: text(64),
    targetType: { type: 'string', enum: codesOf(REBATE_TARGET) },
    basis: { type: 'string', enum: codesOf(REBATE_BASIS) },
    periodType: { type: 'string', enum: codesOf(REBATE_PERIOD) },
    startDate: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    endDate: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    graceDays: { type: 'integer', minimum: 0, maximum: 90, default: 0 },
    customerScope: {
      type: 'object',
      additionalProperties: false,
      default: {},
      properties: { customerIds: ids, orgCodes: ids, areaCodes: ids, channels: ids },
    },
    skuIds: { ...ids, default: [] },
    tiers: {
      type: 'array',
      minItems: 1,
      maxItems: 10,
      items: {
        type: 'object',
        required: ['minValue', 'benefitType', 'benefitValue'],
        additionalProperties: false,
        properties: {
          tierNo: { type: 'integer', minimum: 1, maximum: 10 },
          label: { type: 'string', maxLength: 16, default: '' },
          minValue: { type: 'number', minimum: -1000, maximum: 1e10 },
          maxValue: nullable({ type: 'number', minimum: -1000, maximum: 1e10 }),
          benefitType: { type: 'string', enum: codesOf(REBATE_BENEFIT) },
          benefitValue: amount,
        },
      },
    },
    capAmount: nullable(amount),
    maxDeductRatio: { type: 'number', minimum: 0, maximum: 1, default: 0 },
    remark: nullable({ type: 'string', maxLength: 500 }),
  },
} as const;

const idBody = { type: 'object', required: ['id'], properties: { id: text(32) } } as const;

export async function rebateRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const base = '/eRebate/policy';

  app.get<{ Querystring: RawQuery }>(
    `${base}/list`,
    { config: requires([REBATE_PERMISSIONS.list, REBATE_PERMISSIONS.calc]) },
    async (request) => ok(await listPolicies(db, callerOf(request), request.query)),
  );
  app.get(
    `${base}/exportXls`,
    { config: requires([REBATE_PERMISSIONS.list, REBATE_PERMISSIONS.calc]) },
    (request, reply) => sendExport(request, reply, POLICY_EXPORT),
  );
  app.get<{ Querystring: IdQuery }>(
    `${base}/queryById`,
    { config: requires(REBATE_PERMISSIONS.list), schema: { querystring: idQuerySchema } },
    async (request) => ok(await policyById(db, callerOf(request), request.query.id)),
  );
  app.post<{ Body: RebatePolicyInput }>(
    `${base}/add`,
    { config: requires(REBATE_PERMISSIONS.policy), schema: { body: policyBody } },
    async (request, reply) => ok(await addPolicy(db, actorOf(request, reply), request.body), '添加成功！'),
  );
  app.post<{ Body: RebatePolicyInput & { id: string } }>(
    `${base}/edit`,
    {
      config: requires(REBATE_PERMISSIONS.policy),
      schema: { body: { ...policyBody, required: [...policyBody.required, 'id'] } },
    },
    async (request, reply) => {
      const { id, ...input } = request.body;
      return ok(await editPolicy(db, actorOf(request, reply), id, input), '编辑成功!');
    },
  );
  app.post<{ Body: IdQuery }>(
    `${base}/submit`,
    { config: requires(REBATE_PERMISSIONS.policy), schema: { body: idBody } },
    async (request, reply) => {
      const { status, notices } = await submitPolicy(db, actorOf(request, reply), request.body.id);
      await publishTaskNotices(app, notices);
      return ok({ status }, '已提交审批');
    },
  );
  for (const [path, command] of [
    ['end', 'END'],
    ['cancel', 'CANCEL'],
  ] as const) {
    app.post<{ Body: IdQuery }>(
      `${base}/${path}`,
      { config: requires(REBATE_PERMISSIONS.policy), schema: { body: idBody } },
      async (request, reply) =>
        ok(await changePolicy(db, actorOf(request, reply), request.body.id, command), '操作成功'),
    );
  }

  // 返利核算
  app.post<{ Body: RebateRunInput }>(
    '/eRebate/calc/run',
    {
      config: requires(REBATE_PERMISSIONS.calc),
      schema: { body: runBody },
    },
    async (request) => {
      const caller = callerOf(request);
      const policy = await policyInScope(db, caller, request.body.policyId);
      if (policy.status !== 'ACTIVE' && policy.status !== 'ENDED')
        throw new BusinessError(409, '只有生效中或已结束的政策可以核算');
      windowOf(policy, request.body.period);
      const jobId = await app.jobs.enqueue({
        kind: REBATE_CALC_JOB,
        title: `返利核算 ${policy.name} ${request.body.period}`,
        tenantId: caller.tenantId,
        userId: caller.userId,
        payload: { policyId: policy.id, period: request.body.period },
        maxAttempts: 1,
      });
      return ok({ jobId }, '核算任务已提交，完成后刷新结果');
    },
  );
  // 试算: the same calculation, nothing written (a draft policy too).
  app.post<{ Body: RebateRunInput }>(
    '/eRebate/calc/trial',
    {
      config: requires(REBATE_PERMISSIONS.calc),
      schema: { body: runBody },
    },
    async (request) => ok(await trialCalculation(db, callerOf(request), request.body)),
  );
  app.get<{ Querystring: IdQuery }>(
    '/eRebate/calc/runStatus',
    { config: requires(REBATE_PERMISSIONS.calc), schema: { querystring: idQuerySchema } },
    async (request) => {
      const caller = callerOf(request);
      const job = await db
        .selectFrom('jobs')
        .select(['status', 'result', 'error'])
        .where('id', '=', request.query.id)
        .where('tenant_id', '=', caller.tenantId)
        .where('user_id', '=', caller.userId)
        .where('kind', '=', REBATE_CALC_JOB)
        .executeTakeFirst();
      if (!job) throw new BusinessError(404, '核算任务不存在');
      return ok(job);
    },
  );
  app.get<{ Querystring: RawQuery }>(
    '/eRebate/calc/list',
    { config: requires(REBATE_PERMISSIONS.calc) },
    async (request) => ok(await listCalculations(db, callerOf(request), request.query)),
  );
  app.get('/eRebate/calc/exportXls', { config: requires(REBATE_PERMISSIONS.calc) }, (request, reply) =>
    sendExport(request, reply, CALC_EXPORT),
  );
  app.post<{ Body: { ids: string[] } }>(
    '/eRebate/calc/confirm',
    {
      config: requires(REBATE_PERMISSIONS.confirm),
      schema: {
        body: {
          type: 'object',
          required: ['ids'],
          properties: { ids: { type: 'array', minItems: 1, maxItems: 200, items: text(32) } },
        },
      },
    },
    async (request, reply) =>
      ok(await confirmCalculations(db, actorOf(request, reply), request.body.ids), '已确认入账'),
  );
  app.post<{ Body: RebateAdjustInput }>(
    '/eRebate/calc/adjust',
    {
      config: requires(REBATE_PERMISSIONS.confirm),
      schema: {
        body: {
          type: 'object',
          required: ['id', 'amount', 'reason'],
          additionalProperties: false,
          properties: {
            id: text(32),
            amount: { type: 'number', minimum: -1e10, maximum: 1e10 },
            reason: text(200),
          },
        },
      },
    },
    async (request, reply) => {
      const { status, notices } = await requestAdjustment(db, actorOf(request, reply), request.body);
      await publishTaskNotices(app, notices);
      return ok({ status }, '已提交调整审批');
    },
  );
  app.post<{ Body: IdQuery }>(
    '/eRebate/calc/close',
    { config: requires(REBATE_PERMISSIONS.confirm), schema: { body: idBody } },
    async (request, reply) =>
      ok(await closeCalculation(db, actorOf(request, reply), request.body.id), '已关闭'),
  );

  // 资金账户
  app.get<{ Querystring: RawQuery }>(
    '/eRebate/account/list',
    { config: requires(REBATE_PERMISSIONS.funds) },
    async (request) => ok(await listAccounts(db, callerOf(request), request.query)),
  );
  app.get('/eRebate/account/exportXls', { config: requires(REBATE_PERMISSIONS.funds) }, (request, reply) =>
    sendExport(request, reply, ACCOUNT_EXPORT),
  );
  app.get<{ Querystring: RawQuery }>(
    '/eRebate/account/ledger',
    { config: requires(REBATE_PERMISSIONS.funds) },
    async (request) => ok(await listLedger(db, callerOf(request), request.query)),
  );
  app.get<{ Querystring: RawQuery & { customerId?: string; accountType?: string } }>(
    '/eRebate/account/exportStatement',
    {
      config: requires(REBATE_PERMISSIONS.funds),
      schema: {
        querystring: {
          type: 'object',
          required: ['customerId'],
          properties: {
            customerId: text(32),
            accountType: { type: 'string', enum: codesOf(FUND_ACCOUNT_TYPE) },
          },
        },
      },
    },
    (request, reply) => sendExport(request, reply, STATEMENT_EXPORT),
  );
}
