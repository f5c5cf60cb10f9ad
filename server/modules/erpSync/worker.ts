// The sync worker (DOMAIN §1.5 ErpSyncTask state machine): claims the due tasks of active connections, turns
// each business document into an ERP bill through the code mappings, pushes it with the connection's client
// and records the attempt. A failed attempt leaves the task FAILED at once (it counts in the red dot) and,
// while attempts remain, due again after the backoff (1m, 5m, 30m, 2h, 12h). Some failures wait for a person
// instead: MAPPING until the mapping is fixed (which re-queues the task), AUTH pauses the whole connection
// until its credentials test well again, DUPLICATE until someone looks.
import { sql, type Kysely, type Transaction } from 'kysely';
import { ERP_SYNC_BACKOFF_MINUTES, ERP_MAPPING_ENTITY_TYPE } from '../../../common/erpSync';
import { newId } from '../../db/ids';
import type {
  DB,
  ErpDocumentRef,
  ErpMappingEntityType,
  ErpSyncErrorCategory,
  ErpSyncTasksTable,
} from '../../db/schema';
import {
  createErpClient,
  ErpAddressError,
  ErpCallError,
  type ErpBill,
  type ErpExchange,
  type ErpRuntime,
} from '../../integrations/erp';
import { notifySettled, summaryColumns, type SyncTaskSummary } from './tasks';

/** A task left RUNNING this long was claimed by a worker that died: it is due again. */
const STALE_RUNNING_MINUTES = 10;
const DEFAULT_BATCH = 20;

/** Failures that no automatic retry can cure. */
const WAITS_FOR_A_PERSON: readonly ErpSyncErrorCategory[] = ['MAPPING', 'AUTH', 'DUPLICATE'];

type TaskRow = Pick<
  ErpSyncTasksTable,
  'tenant_id' | 'connection_id' | 'biz_type' | 'erp_form_id' | 'operation' | 'biz_no' | 'external_code'
> & {
  id: string;
  attempt_count: number;
  max_attempts: number;
  triggered_by: 'AUTO' | 'MANUAL';
  document: ErpSyncTasksTable['document']['__select__'];
};

export interface RunOptions {
  tenantId?: string;
  /** Runs these (PENDING) tasks now, even on a connection paused by AUTH; otherwise the due ones. */
  taskIds?: string[];
  limit?: number;
}

/** The pause before the automatic attempt after attempt n (1-based). */
export function backoffMinutes(attemptNo: number): number {
  return ERP_SYNC_BACKOFF_MINUTES[Math.min(attemptNo, ERP_SYNC_BACKOFF_MINUTES.length) - 1];
}

async function claim(db: Kysely<DB>, options: RunOptions): Promise<TaskRow[]> {
  const explicit = options.taskIds !== undefined;
  if (explicit && options.taskIds!.length === 0) return [];
  const due = db
    .selectFrom('erp_sync_tasks as task')
    .innerJoin('erp_connections as connection', 'connection.id', 'task.connection_id')
    .select('task.id')
    .$if(explicit, (query) =>
      query
        .where('task.id', 'in', options.taskIds!)
        .where('task.status', '=', 'PENDING')
        .where('connection.status', '!=', 'DISABLED'),
    )
    .$if(!explicit, (query) =>
      query
        .where('connection.status', '=', 'ACTIVE')
        .where((eb) =>
          eb.or([
            eb.and([
              eb('task.status', 'in', ['PENDING', 'FAILED']),
              eb('task.next_retry_at', '<=', sql<Date>`now()`),
            ]),
            eb.and([
              eb('task.status', '=', 'RUNNING'),
              eb('task.updated_at', '<', sql<Date>`now() - make_interval(mins => ${STALE_RUNNING_MINUTES})`),
            ]),
          ]),
        ),
    )
    .$if(options.tenantId !== undefined, (query) => query.where('task.tenant_id', '=', options.tenantId!))
    .orderBy('task.next_retry_at')
    .limit(options.limit ?? DEFAULT_BATCH)
    .forUpdate('task')
    .skipLocked();
  return db
    .updateTable('erp_sync_tasks')
    .set({ status: 'RUNNING', next_retry_at: null, updated_at: new Date() })
    .where('id', 'in', due)
    .returning([
      'tenant_id',
      'id',
      'connection_id',
      'biz_type',
      'erp_form_id',
      'operation',
      'biz_no',
      'external_code',
      'attempt_count',
      'max_attempts',
      'triggered_by',
      'document',
    ])
    .execute();
}

class MappingMissing extends Error {}

/** The ERP codes of the document's parties and materials; missing ones are listed (and left MISSING to be fixed). */
async function billOf(db: Kysely<DB>, task: TaskRow, connection: ConnectionRow): Promise<ErpBill> {
  const { document } = task;
  const wanted: Array<[ErpMappingEntityType, ErpDocumentRef]> = [];
  if (document.customer) wanted.push(['CUSTOMER', document.customer]);
  if (document.warehouse) wanted.push(['WAREHOUSE', document.warehouse]);
  if (document.salesman) wanted.push(['EMPLOYEE', document.salesman]);
  if (document.department) wanted.push(['DEPARTMENT', document.department]);
  if (document.settleType) wanted.push(['SETTLE_TYPE', document.settleType]);
  for (const line of document.lines) wanted.push(['SKU', line.material]);

  const mappings = wanted.length
    ? await db
        .selectFrom('erp_mappings')
        .select(['entity_type', 'local_id', 'erp_code', 'status'])
        .where('connection_id', '=', connection.id)
        .where('local_id', 'in', [...new Set(wanted.map(([, ref]) => ref.id))])
        .execute()
    : [];
  const codeOf = (type: ErpMappingEntityType, ref: ErpDocumentRef) => {
    const mapping = mappings.find((each) => each.entity_type === type && each.local_id === ref.id);
    return mapping?.status === 'OK' && mapping.erp_code ? mapping.erp_code : undefined;
  };
  const missing = wanted.filter(([type, ref]) => codeOf(type, ref) === undefined);
  if (missing.length > 0) {
    // The 编码映射 screen lists them under 未映射 for someone to fill in.
    await db
      .insertInto('erp_mappings')
      .values(
        missing.map(([type, ref]) => ({
          id: newId(),
          tenant_id: task.tenant_id,
          connection_id: connection.id,
          entity_type: type,
          local_id: ref.id,
          local_code: ref.code,
          local_name: ref.name ?? null,
        })),
      )
      .onConflict((conflict) => conflict.columns(['connection_id', 'entity_type', 'local_id']).doNothing())
      .execute();
    const named = [
      ...new Map(missing.map(([type, ref]) => [`${type}|${ref.id}`, [type, ref] as const])).values(),
    ];
    throw new MappingMissing(
      `编码未映射：${named.map(([type, ref]) => `${ERP_MAPPING_ENTITY_TYPE[type]} ${ref.code}${ref.name ? ` ${ref.name}` : ''}`).join('；')}`,
    );
  }
  return {
    bizType: task.biz_type,
    formId: task.erp_form_id,
    operation: task.operation,
    bizNo: task.biz_no,
    externalCode: task.external_code,
    date: document.date,
    customerCode: document.customer && codeOf('CUSTOMER', document.customer),
    customerName: document.customer?.name,
    warehouseCode:
      (document.warehouse && codeOf('WAREHOUSE', document.warehouse)) ??
      connection.default_warehouse_code ??
      undefined,
    salesmanCode: document.salesman && codeOf('EMPLOYEE', document.salesman),
    departmentCode: document.department && codeOf('DEPARTMENT', document.department),
    saleOrgCode: connection.sale_org_code ?? undefined,
    billTypeCode: connection.default_bill_type ?? undefined,
    memo: document.memo,
    sourceBizNo: document.sourceBizNo,
    settleTypeCode: document.settleType && codeOf('SETTLE_TYPE', document.settleType),
    amount: document.amount,
    lines: document.lines.map((line) => ({
      lineNo: line.lineNo,
      materialCode: codeOf('SKU', line.material)!,
      unit: line.unit,
      qty: line.qty,
      price: line.price,
      taxRate: line.taxRate,
      amount: line.amount,
      isGift: line.isGift ?? false,
      batchNo: line.batchNo,
      listPrice: line.listPrice,
      discountAmount: line.discountAmount,
      rebateAmount: line.rebateAmount,
      coinAmount: line.coinAmount,
    })),
  };
}

export type ConnectionRow = Pick<
  DB['erp_connections'],
  | 'system_type'
  | 'base_url'
  | 'acct_id'
  | 'app_id'
  | 'app_secret'
  | 'user_name'
  | 'sale_org_code'
  | 'default_bill_type'
  | 'default_warehouse_code'
> & { id: string; timeout_ms: number; network_retries: number };

export function clientOf(connection: ConnectionRow, runtime: ErpRuntime) {
  return createErpClient(
    {
      systemType: connection.system_type,
      baseUrl: connection.base_url,
      acctId: connection.acct_id,
      appId: connection.app_id,
      appSecret: connection.app_secret,
      userName: connection.user_name,
      timeoutMs: connection.timeout_ms,
      networkRetries: connection.network_retries,
    },
    runtime,
  );
}

export async function connectionRow(db: Kysely<DB>, id: string): Promise<ConnectionRow | undefined> {
  return db
    .selectFrom('erp_connections')
    .select([
      'id',
      'system_type',
      'base_url',
      'acct_id',
      'app_id',
      'app_secret',
      'user_name',
      'sale_org_code',
      'default_bill_type',
      'default_warehouse_code',
      'timeout_ms',
      'network_retries',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

interface Outcome {
  success: boolean;
  category: ErpSyncErrorCategory | null;
  message: string | null;
  billId?: string;
  billNo?: string;
  exchanges: ErpExchange[];
  httpStatus: number | null;
  msgCode: string | null;
  errors: unknown;
  bill?: ErpBill;
}

async function push(db: Kysely<DB>, runtime: ErpRuntime, task: TaskRow): Promise<Outcome> {
  const connection = await connectionRow(db, task.connection_id!);
  const failed = (category: ErpSyncErrorCategory, message: string, rest: Partial<Outcome> = {}): Outcome => ({
    success: false,
    category,
    message,
    exchanges: [],
    httpStatus: null,
    msgCode: null,
    errors: null,
    ...rest,
  });
  if (!connection) return failed('AUTH', 'ERP连接不存在');
  let bill: ErpBill | undefined;
  try {
    bill = await billOf(db, task, connection);
    const result = await clientOf(connection, runtime).push(bill);
    return {
      success: true,
      category: null,
      message: null,
      billId: result.billId,
      billNo: result.billNo,
      exchanges: result.exchanges,
      httpStatus: result.exchanges.at(-1)?.httpStatus ?? null,
      msgCode: null,
      errors: null,
      bill,
    };
  } catch (error) {
    if (error instanceof MappingMissing) return failed('MAPPING', error.message);
    if (error instanceof ErpAddressError) return failed('AUTH', error.message, { bill });
    if (error instanceof ErpCallError) {
      return failed(error.category, error.message, {
        bill,
        exchanges: error.exchanges,
        httpStatus: error.detail.httpStatus ?? error.exchanges.at(-1)?.httpStatus ?? null,
        msgCode: error.detail.msgCode ?? null,
        errors: error.detail.errors ?? null,
      });
    }
    // Anything else (the server not listening yet for its own simulator…) is retried like a network fault.
    return failed('NETWORK', `同步异常：${error instanceof Error ? error.message : String(error)}`, { bill });
  }
}

/** What 查看报文 shows: the bill and each call's request; each call's answer. No secret is in them. */
function payloadsOf(outcome: Outcome, task: TaskRow) {
  return {
    request: {
      bill: outcome.bill ?? null,
      document: task.document,
      calls: outcome.exchanges.map(({ call, request }) => ({ call, request })),
    },
    response: {
      calls: outcome.exchanges.map(({ call, httpStatus, durationMs, response }) => ({
        call,
        httpStatus,
        durationMs,
        response,
      })),
    },
  };
}

async function settle(trx: Transaction<DB>, task: TaskRow, outcome: Outcome, startedAt: Date) {
  const attemptNo = task.attempt_count + 1;
  const payloads = payloadsOf(outcome, task);
  await trx
    .insertInto('erp_sync_attempts')
    .values({
      tenant_id: task.tenant_id,
      task_id: task.id,
      attempt_no: attemptNo,
      triggered_by: task.triggered_by,
      started_at: startedAt,
      duration_ms: Date.now() - startedAt.getTime(),
      http_status: outcome.httpStatus,
      success: outcome.success,
      msg_code: outcome.msgCode,
      error_category: outcome.category,
      error_message: outcome.message,
      errors_json: outcome.errors === null ? null : JSON.stringify(outcome.errors),
      request_payload: JSON.stringify(payloads.request),
      response_payload: JSON.stringify(payloads.response),
    })
    .execute();
  const retries =
    !outcome.success && !WAITS_FOR_A_PERSON.includes(outcome.category!) && attemptNo < task.max_attempts;
  const settled = await trx
    .updateTable('erp_sync_tasks')
    .set({
      status: outcome.success ? 'SUCCESS' : 'FAILED',
      attempt_count: attemptNo,
      next_retry_at: retries ? sql<Date>`now() + make_interval(mins => ${backoffMinutes(attemptNo)})` : null,
      error_category: outcome.category,
      last_error_message: outcome.message,
      erp_bill_id: outcome.success ? outcome.billId || null : sql`erp_bill_id`,
      erp_bill_no: outcome.success ? outcome.billNo || null : sql`erp_bill_no`,
      succeeded_at: outcome.success ? sql<Date>`now()` : null,
      request_payload: JSON.stringify(payloads.request),
      response_payload: JSON.stringify(payloads.response),
      updated_at: new Date(),
    })
    .where('tenant_id', '=', task.tenant_id)
    .where('id', '=', task.id)
    .where('status', '=', 'RUNNING')
    .returning(summaryColumns())
    .executeTakeFirst();
  // Ignored or handled by a person meanwhile: their word stands, the attempt is on record.
  if (!settled) return undefined;
  if (outcome.category === 'AUTH') {
    await trx
      .updateTable('erp_connections')
      .set({
        status: 'AUTH_FAILED',
        last_test_at: new Date(),
        last_test_result: outcome.message,
        updated_at: new Date(),
      })
      .where('id', '=', task.connection_id!)
      .where('status', '=', 'ACTIVE')
      .execute();
  }
  await notifySettled(trx, settled);
  return settled;
}

/** The seed runs the worker inside its own transaction; everyone else gives it the database. */
function inTransaction<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<DB>) : db.transaction().execute(work);
}

/**
 * Runs the due tasks (or the ones named) once and answers what became of them. The server calls it on an
 * interval; tests and manual retries call it directly. Several instances share the queue safely: tasks are
 * claimed with SKIP LOCKED. When a task's result cannot be saved, the others still are, then the run rejects.
 */
export async function runDueSyncTasks(
  db: Kysely<DB>,
  runtime: ErpRuntime,
  options: RunOptions = {},
): Promise<SyncTaskSummary[]> {
  const claimed = await claim(db, options);
  const results: SyncTaskSummary[] = [];
  const failures: unknown[] = [];
  for (const task of claimed) {
    const startedAt = new Date();
    const outcome = await push(db, runtime, task);
    // A listener that throws rolls its task's settling back (the task stays RUNNING and is due again once
    // stale); the tasks claimed after it are still settled, not left RUNNING with it.
    try {
      const settled = await inTransaction(db, (trx) => settle(trx, task, outcome, startedAt));
      if (settled) results.push(settled);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, `${failures.length} 个同步任务的结果未能保存`);
  return results;
}

/**
 * Puts FAILED tasks of a connection waiting on a category (MAPPING after a mapping fix, AUTH after a good
 * connection test) back in the queue, due at once; with `localIds`, only the tasks whose document names one
 * of those rows (the others would only fail again). Answers how many.
 */
export async function requeueWaiting(
  trx: Transaction<DB>,
  tenantId: string,
  connectionId: string,
  category: ErpSyncErrorCategory,
  localIds?: readonly string[],
): Promise<number> {
  if (localIds?.length === 0) return 0;
  const requeued = await trx
    .updateTable('erp_sync_tasks')
    .set({ status: 'PENDING', next_retry_at: sql<Date>`now()`, updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('connection_id', '=', connectionId)
    .where('status', '=', 'FAILED')
    .where('error_category', '=', category)
    .$if(localIds !== undefined, (query) =>
      query.where(
        sql<boolean>`exists (select 1 from jsonb_path_query(document, '$.**.id') as ref(id) where ref.id #>> '{}' = any(${[...localIds!]}::text[]))`,
      ),
    )
    .returning(summaryColumns())
    .execute();
  for (const task of requeued) await notifySettled(trx, task);
  return requeued.length;
}
