// The ERP failure list and what a person does about a task (screen ERP同步失败列表): retry (one or many,
// run at once), ignore with a remark, mark as done by hand with the ERP bill number, read the payloads; and
// the sync record of one order with its resync. Every write is in the operation log.
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import {
  ERP_MAPPING_ENTITY_TYPE,
  ERP_SYNC_BIZ_TYPE,
  ERP_SYNC_ERROR_CATEGORY,
  ERP_SYNC_OPERATION,
  ERP_SYNC_RECORD,
  ERP_SYNC_RECORD_BIZ_TYPES,
  ERP_SYNC_STATUS,
  ERP_SYSTEM_TYPE,
} from '../../../common/erpSync';
import { codesOf } from '../../../common/businessEnums';
import { shanghaiDateTime } from '../../db/dates';
import type { DB, ErpDocumentRef, ErpSyncBizType, ErpSyncStatus } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import {
  containsPattern,
  pagedList,
  parseListQuery,
  type ListSpec,
  type RawQuery,
} from '../../http/listQuery';
import type { ErpRuntime } from '../../integrations/erp';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { notFound } from '../shared/commands';
import { notifySettled, summaryColumns, type SyncTaskSummary } from './tasks';
import { runDueSyncTasks } from './worker';

/**
 * The business documents of an order: its own sync, its outbound and return documents, the receipts of its
 * payments and its refunds.
 */
export const ORDER_BIZ_TYPES: readonly ErpSyncBizType[] = [
  'SALES_ORDER',
  'OUTSTOCK',
  'RETURN',
  'RECEIPT',
  'REFUND',
];

/**
 * The tasks of one order: its own and its returns' (named by the order's id), its outbounds' (by its shipments),
 * its receipts' (by its payments) and its refunds' (by its refunds).
 */
function ofOrder(orderId: string) {
  return (eb: ExpressionBuilder<DB & { task: DB['erp_sync_tasks'] }, 'task'>) => {
    const documents = (bizType: ErpSyncBizType, table: 'shipments' | 'payments' | 'refunds') =>
      eb.and([
        eb('task.biz_type', '=', bizType),
        eb('task.biz_id', 'in', eb.selectFrom(table).select('id').where('order_id', '=', orderId)),
      ]);
    return eb.or([
      eb.and([eb('task.biz_type', 'in', ['SALES_ORDER', 'RETURN']), eb('task.biz_id', '=', orderId)]),
      documents('OUTSTOCK', 'shipments'),
      documents('RECEIPT', 'payments'),
      documents('REFUND', 'refunds'),
    ]);
  };
}

const taskSpec: ListSpec = {
  filters: {
    systemType: { column: 'connection.system_type', kind: 'enum', values: codesOf(ERP_SYSTEM_TYPE) },
    connectionId: { column: 'task.connection_id', kind: 'text' },
    bizType: { column: 'task.biz_type', kind: 'enum', values: codesOf(ERP_SYNC_BIZ_TYPE) },
    record: {
      column: sql`case when task.biz_type in (${sql.join(ERP_SYNC_RECORD_BIZ_TYPES.ARCHIVE)}) then 'ARCHIVE' else 'ORDER' end`,
      kind: 'enum',
      values: codesOf(ERP_SYNC_RECORD),
    },
    errorCategory: { column: 'task.error_category', kind: 'enum', values: codesOf(ERP_SYNC_ERROR_CATEGORY) },
    status: { column: 'task.status', kind: 'enum', values: codesOf(ERP_SYNC_STATUS) },
    triggeredBy: { column: 'task.triggered_by', kind: 'enum', values: ['AUTO', 'MANUAL'] },
    createTime: { column: 'task.created_at', kind: 'datetime' },
    bizNo: { column: 'task.biz_no', kind: 'text' },
  },
  sorts: {
    createTime: 'task.created_at',
    updateTime: 'task.updated_at',
    bizNo: 'task.biz_no',
    attemptCount: 'task.attempt_count',
    nextRetryAt: 'task.next_retry_at',
  },
  defaultSort: [
    ['task.updated_at', 'desc'],
    ['task.id', 'desc'],
  ],
  extras: ['keyword'],
};

function taskColumns() {
  return [
    'task.id',
    'task.task_no as taskNo',
    'task.connection_id as connectionId',
    'connection.name as connectionName',
    'connection.system_type as systemType',
    'task.direction',
    'task.biz_type as bizType',
    'task.biz_id as bizId',
    'task.biz_no as bizNo',
    'task.erp_form_id as erpFormId',
    'task.operation',
    'task.external_code as externalCode',
    'task.status',
    'task.attempt_count as attemptCount',
    'task.max_attempts as maxAttempts',
    'task.error_category as errorCategory',
    'task.last_error_message as lastErrorMessage',
    'task.erp_bill_id as erpBillId',
    'task.erp_bill_no as erpBillNo',
    'task.triggered_by as triggeredBy',
    'task.remark',
    shanghaiDateTime<string | null>('task.next_retry_at').as('nextRetryAt'),
    shanghaiDateTime<string | null>('task.succeeded_at').as('succeededAt'),
    shanghaiDateTime('task.created_at').as('createTime'),
    shanghaiDateTime('task.updated_at').as('updateTime'),
  ] as const;
}

function tasksOf(db: Kysely<DB>, tenantId: string) {
  return db
    .selectFrom('erp_sync_tasks as task')
    .leftJoin('erp_connections as connection', 'connection.id', 'task.connection_id')
    .where('task.tenant_id', '=', tenantId);
}

const selectTasks = (db: Kysely<DB>, tenantId: string) => tasksOf(db, tenantId).select(taskColumns());

type TaskRecord = Awaited<ReturnType<ReturnType<typeof selectTasks>['execute']>>[number];

function withLabels(row: TaskRecord) {
  return {
    ...row,
    systemType_dictText: row.systemType ? ERP_SYSTEM_TYPE[row.systemType] : null,
    bizType_dictText: ERP_SYNC_BIZ_TYPE[row.bizType],
    operation_dictText: ERP_SYNC_OPERATION[row.operation],
    status_dictText: ERP_SYNC_STATUS[row.status],
    errorCategory_dictText: row.errorCategory ? ERP_SYNC_ERROR_CATEGORY[row.errorCategory] : null,
  };
}

/**
 * A page of a tenant's sync tasks, FAILED ones unless a status filter says otherwise; `orderTasksOnly` keeps
 * the documents of orders (the /eOrder listFail).
 */
export async function listTasks(db: Kysely<DB>, caller: Caller, query: RawQuery, orderTasksOnly = false) {
  const list = parseListQuery(query, taskSpec);
  const statusGiven = (query as Record<string, unknown>).status !== undefined && query.status !== '';
  const keyword = list.extras.keyword?.trim();
  const base = tasksOf(db, caller.tenantId)
    .where(list.where)
    .$if(!statusGiven, (q) => q.where('task.status', '=', 'FAILED'))
    .$if(orderTasksOnly, (q) => q.where('task.biz_type', 'in', ORDER_BIZ_TYPES))
    .$if(Boolean(keyword), (q) =>
      q.where((eb) =>
        eb.or([
          eb('task.biz_no', 'ilike', containsPattern(keyword!)),
          eb('task.external_code', 'ilike', containsPattern(keyword!)),
          eb('task.task_no', 'ilike', containsPattern(keyword!)),
          eb('task.last_error_message', 'ilike', containsPattern(keyword!)),
        ]),
      ),
    );
  return pagedList(base, list, async (page) => {
    const rows = await page.select(taskColumns()).execute();
    return rows.map(withLabels);
  });
}

async function attemptsOf(db: Kysely<DB>, tenantId: string, taskIds: string[]) {
  if (taskIds.length === 0) return [];
  return db
    .selectFrom('erp_sync_attempts')
    .select([
      'id',
      'task_id as taskId',
      'attempt_no as attemptNo',
      'triggered_by as triggeredBy',
      shanghaiDateTime('started_at').as('startedAt'),
      'duration_ms as durationMs',
      'http_status as httpStatus',
      'success',
      'msg_code as msgCode',
      'error_category as errorCategory',
      'error_message as errorMessage',
    ])
    .where('tenant_id', '=', tenantId)
    .where('task_id', 'in', taskIds)
    .orderBy('task_id')
    .orderBy('attempt_no', 'desc')
    .execute();
}

/** One task with its attempts and the last attempt's payloads (查看报文). */
export async function taskDetail(db: Kysely<DB>, caller: Caller, id: string) {
  const row = await tasksOf(db, caller.tenantId)
    .select([
      ...taskColumns(),
      'task.request_payload as requestPayload',
      'task.response_payload as responsePayload',
    ])
    .where('task.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('同步任务');
  const attempts = await db
    .selectFrom('erp_sync_attempts')
    .select([
      'attempt_no as attemptNo',
      'triggered_by as triggeredBy',
      shanghaiDateTime('started_at').as('startedAt'),
      'duration_ms as durationMs',
      'http_status as httpStatus',
      'success',
      'msg_code as msgCode',
      'error_category as errorCategory',
      'error_message as errorMessage',
      'errors_json as errors',
      'request_payload as requestPayload',
      'response_payload as responsePayload',
    ])
    .where('tenant_id', '=', caller.tenantId)
    .where('task_id', '=', id)
    .orderBy('attempt_no', 'desc')
    .execute();
  return { ...withLabels(row), attempts, missingMappings: await missingMappingsOf(db, caller.tenantId, id) };
}

/** The mappings of the task's parties and materials that are not usable yet (去修正映射). */
async function missingMappingsOf(db: Kysely<DB>, tenantId: string, taskId: string) {
  const task = await db
    .selectFrom('erp_sync_tasks')
    .select(['connection_id as connectionId', 'document'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', taskId)
    .executeTakeFirstOrThrow();
  const { document } = task;
  const localIds = [
    document.customer,
    document.warehouse,
    document.salesman,
    document.department,
    document.settleType,
  ]
    .concat(document.lines.map((line) => line.material))
    .filter((ref): ref is ErpDocumentRef => ref !== undefined)
    .map((ref) => ref.id);
  if (!task.connectionId || localIds.length === 0) return [];
  const rows = await db
    .selectFrom('erp_mappings')
    .select([
      'id',
      'entity_type as entityType',
      'local_code as localCode',
      'local_name as localName',
      'erp_code as erpCode',
      'erp_name as erpName',
      'status',
    ])
    .where('tenant_id', '=', tenantId)
    .where('connection_id', '=', task.connectionId)
    .where('local_id', 'in', localIds)
    .where('status', '!=', 'OK')
    .orderBy('entity_type')
    .orderBy('local_code')
    .execute();
  return rows.map((row) => ({ ...row, entityType_dictText: ERP_MAPPING_ENTITY_TYPE[row.entityType] }));
}

/** The sync record of one order (getOrderSyncRecord): its tasks (ofOrder), newest first, each with its attempts. */
export async function orderSyncRecord(db: Kysely<DB>, caller: Caller, bizId: string) {
  const rows = await selectTasks(db, caller.tenantId)
    .where(ofOrder(bizId))
    .orderBy('task.created_at', 'desc')
    .orderBy('task.id', 'desc')
    .execute();
  const attempts = await attemptsOf(
    db,
    caller.tenantId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...withLabels(row),
    attempts: attempts.filter((attempt) => attempt.taskId === row.id),
  }));
}

/** Moves the named tasks of the tenant from one of `from` to `to`; answers the moved ones. */
async function moveTasks(
  trx: Transaction<DB>,
  tenantId: string,
  ids: string[],
  from: readonly ErpSyncStatus[],
  values: Record<string, unknown> & { status: ErpSyncStatus },
): Promise<SyncTaskSummary[]> {
  const moved = await trx
    .updateTable('erp_sync_tasks')
    .set({ ...values, updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('status', 'in', from)
    .returning(summaryColumns())
    .execute();
  for (const task of moved) await notifySettled(trx, task);
  return moved;
}

async function requireTasks(trx: Transaction<DB>, tenantId: string, ids: string[]) {
  const found = await trx
    .selectFrom('erp_sync_tasks')
    .select(['id', 'status', 'biz_no'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  if (found.length !== new Set(ids).size) throw notFound('同步任务');
  return found;
}

function refuseUnless(
  found: Array<{ status: ErpSyncStatus; biz_no: string }>,
  allowed: readonly ErpSyncStatus[],
  action: string,
) {
  const wrong = found.find((task) => !allowed.includes(task.status));
  if (wrong) {
    throw new BusinessError(
      409,
      `单据 ${wrong.biz_no} 当前状态为「${ERP_SYNC_STATUS[wrong.status]}」，不能${action}`,
    );
  }
}

export interface RetryAnswer {
  total: number;
  success: number;
  failed: number;
  tasks: Array<Pick<SyncTaskSummary, 'id' | 'bizNo' | 'status' | 'errorCategory' | 'lastErrorMessage'>>;
}

/** A PENDING task may be run now rather than at its turn (right after its mapping was fixed). */
const RETRYABLE: readonly ErpSyncStatus[] = ['FAILED', 'IGNORED', 'PENDING'];

/**
 * Retry / batch retry: FAILED (or IGNORED, a change of mind) tasks back to PENDING, triggered by hand, and run
 * at once — even on a connection paused by AUTH, since the person may have fixed it. Answers the outcome.
 */
export async function retryTasks(
  db: Kysely<DB>,
  runtime: ErpRuntime,
  actor: Actor,
  ids: string[],
): Promise<RetryAnswer> {
  const queued = await db.transaction().execute(async (trx) => {
    const found = await requireTasks(trx, actor.tenantId, ids);
    refuseUnless(found, RETRYABLE, '重试');
    const moved = await moveTasks(trx, actor.tenantId, ids, RETRYABLE, {
      status: 'PENDING',
      triggered_by: 'MANUAL',
      next_retry_at: sql`now()`,
      remark: null,
      handled_by: actor.username,
    });
    await logOperation(trx, actor, 'update', `ERP同步重试 ${moved.map((task) => task.bizNo).join('、')}`);
    return moved;
  });
  const ran = await runDueSyncTasks(db, runtime, {
    tenantId: actor.tenantId,
    taskIds: queued.map((task) => task.id),
  });
  const tasks = ran.map(({ id, bizNo, status, errorCategory, lastErrorMessage }) => ({
    id,
    bizNo,
    status,
    errorCategory,
    lastErrorMessage,
  }));
  const success = tasks.filter((task) => task.status === 'SUCCESS').length;
  return { total: tasks.length, success, failed: tasks.length - success, tasks };
}

/** Ignore: the failure is known and accepted (the remark says why); it leaves the counters. */
export async function ignoreTasks(db: Kysely<DB>, actor: Actor, ids: string[], remark: string) {
  const reason = remark.trim();
  if (!reason) throw new BusinessError(400, '请填写忽略原因');
  return db.transaction().execute(async (trx) => {
    const found = await requireTasks(trx, actor.tenantId, ids);
    refuseUnless(found, ['FAILED'], '忽略');
    const moved = await moveTasks(trx, actor.tenantId, ids, ['FAILED'], {
      status: 'IGNORED',
      next_retry_at: null,
      remark: reason,
      handled_by: actor.username,
    });
    await logOperation(
      trx,
      actor,
      'update',
      `忽略ERP同步失败 ${moved.map((task) => task.bizNo).join('、')}：${reason}`,
    );
    return { count: moved.length };
  });
}

/** Manual done: someone entered the bill in the ERP by hand; its number is kept on the task. */
export async function markManualDone(
  db: Kysely<DB>,
  actor: Actor,
  input: { id: string; erpBillNo: string; remark?: string | null },
) {
  const billNo = input.erpBillNo.trim();
  if (!billNo) throw new BusinessError(400, '请填写ERP单号');
  return db.transaction().execute(async (trx) => {
    const found = await requireTasks(trx, actor.tenantId, [input.id]);
    refuseUnless(found, ['FAILED', 'IGNORED'], '标记人工已处理');
    await moveTasks(trx, actor.tenantId, [input.id], ['FAILED', 'IGNORED'], {
      status: 'MANUAL_DONE',
      next_retry_at: null,
      erp_bill_no: billNo,
      remark: input.remark?.trim() || null,
      handled_by: actor.username,
      succeeded_at: sql`now()`,
    });
    await logOperation(trx, actor, 'update', `ERP同步标记人工已处理 ${found[0].biz_no}，ERP单号 ${billNo}`);
    return { id: input.id };
  });
}

/** Resync of one order: its FAILED tasks (ofOrder), retried at once. */
export async function resyncOrder(db: Kysely<DB>, runtime: ErpRuntime, actor: Actor, bizId: string) {
  const failed = await db
    .selectFrom('erp_sync_tasks as task')
    .select('task.id')
    .where('task.tenant_id', '=', actor.tenantId)
    .where(ofOrder(bizId))
    .where('task.status', '=', 'FAILED')
    .execute();
  if (failed.length === 0) throw new BusinessError(409, '该订单没有同步失败的任务');
  return retryTasks(
    db,
    runtime,
    actor,
    failed.map((task) => task.id),
  );
}
