// The 审批中心 (approval:center: one's own tasks and submissions) and the 审批流配置 (approval:flow) under
// /approval (docs/approvals-api.md). Thin: the engine, the queries and the flows own the SQL. New tasks are
// pushed to their approvers once the step has committed.
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import {
  APPROVAL_BIZ_TYPE,
  APPROVAL_MODE,
  APPROVER_TYPE,
  FLOW_STATUS,
  TIMEOUT_ACTION,
  type ApprovalTab,
  type FlowStatus,
} from '../../../common/approvals';
import { codesOf } from '../../../common/businessEnums';
import { BusinessError, ok } from '../../http/envelope';
import type { RawQuery } from '../../http/listQuery';
import { actorOf, callerOf, requires } from '../shared/actor';
import { idQuerySchema, nullable, text, type IdQuery } from '../shared/schemas';
import { decideTask, transferTask, withdrawInstance, type Decision, type StepResult } from './engine';
import { sendExport } from '../jobs/exports';
import { APPROVAL_EXPORTS, FLOW_EXPORT } from './export';
import { changeFlowStatus, listFlows, saveFlow, type FlowInput } from './flows';
import { publishTaskNotices } from './notify';
import { approvalById, approverOptions, listApprovals, pendingCount, roleOptions } from './queries';

export const APPROVAL_PERMISSIONS = { center: 'approval:center', flow: 'approval:flow' } as const;

/** Most tasks a batch approval takes. */
export const BATCH_MAX = 100;

const bound = nullable({ type: 'number', minimum: 0, maximum: 1e12 });
const flowBody = {
  type: 'object',
  required: ['bizType', 'name', 'nodes'],
  additionalProperties: false,
  properties: {
    id: text(32),
    bizType: { type: 'string', enum: codesOf(APPROVAL_BIZ_TYPE) },
    name: text(64),
    priority: { type: 'integer', minimum: 0, maximum: 9999, default: 100 },
    lowRisk: { type: 'boolean', default: false },
    conditions: {
      type: 'object',
      additionalProperties: false,
      default: {},
      properties: {
        amountMin: bound,
        amountMax: bound,
        quantityMin: bound,
        quantityMax: bound,
        orgCodes: nullable({ type: 'array', maxItems: 50, items: text(64) }),
      },
    },
    nodes: {
      type: 'array',
      minItems: 1,
      maxItems: 10,
      items: {
        type: 'object',
        required: ['name', 'approverType', 'mode'],
        additionalProperties: false,
        properties: {
          seq: { type: 'integer' },
          name: text(32),
          approverType: { type: 'string', enum: codesOf(APPROVER_TYPE) },
          approverRef: nullable({ type: 'string', maxLength: 64 }),
          mode: { type: 'string', enum: codesOf(APPROVAL_MODE) },
          timeoutHours: nullable({ type: 'integer', minimum: 1, maximum: 720 }),
          timeoutAction: { type: 'string', enum: codesOf(TIMEOUT_ACTION), default: 'NONE' },
        },
      },
    },
  },
} as const;

const comment = { type: 'string', maxLength: 256 } as const;

export async function approvalRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const center = requires(APPROVAL_PERMISSIONS.center);
  const flow = requires(APPROVAL_PERMISSIONS.flow);

  for (const tab of ['todo', 'done', 'mine'] as const satisfies readonly ApprovalTab[]) {
    app.get<{ Querystring: RawQuery }>(`/approval/${tab}/list`, { config: center }, async (request) =>
      ok(await listApprovals(db, callerOf(request), tab, request.query)),
    );
    app.get(`/approval/${tab}/exportXls`, { config: center }, (request, reply) =>
      sendExport(request, reply, APPROVAL_EXPORTS[tab]),
    );
  }
  app.get('/approval/pendingCount', { config: center }, async (request) =>
    ok(await pendingCount(db, callerOf(request))),
  );
  app.get<{ Querystring: IdQuery }>(
    '/approval/queryById',
    { config: center, schema: { querystring: idQuerySchema } },
    async (request) => ok(await approvalById(db, callerOf(request), request.query.id)),
  );
  app.get<{ Querystring: { keyword?: string } }>(
    '/approval/userOptions',
    {
      config: center,
      schema: { querystring: { type: 'object', properties: { keyword: { type: 'string', maxLength: 32 } } } },
    },
    async (request) => ok(await approverOptions(db, callerOf(request), request.query.keyword?.trim())),
  );

  /** Runs one step in its transaction, then tells the new approvers. */
  const step = async (run: (trx: Transaction<DB>) => Promise<StepResult>) => {
    const result = await db.transaction().execute(run);
    await publishTaskNotices(app, result.notices);
    return { instanceId: result.instanceId, status: result.status };
  };

  for (const [path, decision, message] of [
    ['/approval/approve', 'APPROVE', '已批准'],
    ['/approval/reject', 'REJECT', '已驳回'],
  ] as const satisfies ReadonlyArray<readonly [string, Decision, string]>) {
    app.post<{ Body: { taskId: string; comment?: string } }>(
      path,
      {
        config: center,
        schema: {
          body: { type: 'object', required: ['taskId'], properties: { taskId: text(32), comment } },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request, reply);
        return ok(
          await step((trx) =>
            decideTask(trx, actor, request.body.taskId, decision, request.body.comment ?? null),
          ),
          message,
        );
      },
    );
  }
  app.post<{ Body: { taskId: string; toUserId: string; comment?: string } }>(
    '/approval/transfer',
    {
      config: center,
      schema: {
        body: {
          type: 'object',
          required: ['taskId', 'toUserId'],
          properties: { taskId: text(32), toUserId: text(32), comment },
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request, reply);
      const { taskId, toUserId } = request.body;
      return ok(
        await step((trx) => transferTask(trx, actor, taskId, toUserId, request.body.comment ?? null)),
        '已转交',
      );
    },
  );
  app.post<{ Body: { id: string; comment?: string } }>(
    '/approval/withdraw',
    {
      config: center,
      schema: { body: { type: 'object', required: ['id'], properties: { id: text(32), comment } } },
    },
    async (request, reply) => {
      const actor = actorOf(request, reply);
      return ok(
        await step((trx) => withdrawInstance(trx, actor, request.body.id, request.body.comment ?? null)),
        '已撤回',
      );
    },
  );
  app.post<{ Body: { taskIds: string[] } }>(
    '/approval/approveBatch',
    {
      config: center,
      schema: {
        body: {
          type: 'object',
          required: ['taskIds'],
          properties: { taskIds: { type: 'array', minItems: 1, maxItems: BATCH_MAX, items: text(32) } },
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request, reply);
      // Each task in its own transaction: one refused (taken meanwhile, not low-risk) leaves the others approved.
      const failed: Array<{ taskId: string; message: string }> = [];
      let firstRefusal: BusinessError | undefined;
      let approved = 0;
      for (const taskId of new Set(request.body.taskIds)) {
        try {
          await step(async (trx) => {
            const lowRisk = await trx
              .selectFrom('approval_tasks')
              .innerJoin('approval_instances', 'approval_instances.id', 'approval_tasks.instance_id')
              .select('approval_instances.low_risk')
              .where('approval_tasks.id', '=', taskId)
              .where('approval_tasks.tenant_id', '=', actor.tenantId)
              .executeTakeFirst();
            if (lowRisk && !lowRisk.low_risk) throw new BusinessError(400, '该审批类型不允许批量审批');
            return decideTask(trx, actor, taskId, 'APPROVE', null);
          });
          approved += 1;
        } catch (error) {
          if (!(error instanceof BusinessError)) throw error;
          firstRefusal ??= error;
          failed.push({ taskId, message: error.message });
        }
      }
      // Nothing approved is a refusal, not a success with every task listed as failed.
      if (approved === 0 && firstRefusal) throw firstRefusal;
      return ok(
        { approved, failed },
        failed.length === 0 ? `已批准 ${approved} 条` : `已批准 ${approved} 条，${failed.length} 条未处理`,
      );
    },
  );

  // ---- 审批流配置 ----
  app.get<{ Querystring: RawQuery }>('/approval/flow/list', { config: flow }, async (request) =>
    ok(await listFlows(db, callerOf(request), request.query)),
  );
  app.get('/approval/flow/exportXls', { config: flow }, (request, reply) =>
    sendExport(request, reply, FLOW_EXPORT),
  );
  app.get('/approval/flow/roleOptions', { config: flow }, async (request) =>
    ok(await roleOptions(db, callerOf(request))),
  );
  app.post<{ Body: FlowInput }>(
    '/approval/flow/add',
    { config: flow, schema: { body: flowBody } },
    async (request, reply) =>
      ok(await saveFlow(db, actorOf(request, reply), undefined, request.body), '添加成功！'),
  );
  app.put<{ Body: FlowInput & { id: string } }>(
    '/approval/flow/edit',
    { config: flow, schema: { body: { ...flowBody, required: ['id', ...flowBody.required] } } },
    async (request, reply) =>
      ok(await saveFlow(db, actorOf(request, reply), request.body.id, request.body), '编辑成功！'),
  );
  app.put<{ Body: { id: string; status: FlowStatus } }>(
    '/approval/flow/status',
    {
      config: flow,
      schema: {
        body: {
          type: 'object',
          required: ['id', 'status'],
          properties: { id: text(32), status: { type: 'string', enum: codesOf(FLOW_STATUS) } },
        },
      },
    },
    async (request, reply) =>
      ok(
        await changeFlowStatus(db, actorOf(request, reply), request.body.id, request.body.status),
        '操作成功！',
      ),
  );
}
