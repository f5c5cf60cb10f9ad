// The contract between the business modules and the ERP sync (DOMAIN §1.5 ErpSyncTask): a business command
// queues a task in its own transaction with `enqueueSyncTask`; the worker runs it later; whoever keeps a
// denormalised sync status (sales_orders.erp_sync_status) listens with `onSyncTaskSettled`, so this module
// never imports the business modules.
import type { Kysely, Transaction } from 'kysely';
import type {
  DB,
  ErpSyncBizType,
  ErpSyncDocument,
  ErpSyncErrorCategory,
  ErpSyncOperation,
  ErpSyncStatus,
  ErpSystemType,
} from '../../db/schema';
import { nextDocumentNo } from '../shared/documentNumbers';

export type Db = Kysely<DB> | Transaction<DB>;

export interface EnqueueSyncTaskInput {
  tenantId: string;
  bizType: ErpSyncBizType;
  bizId: string;
  bizNo: string;
  operation: ErpSyncOperation;
  document: ErpSyncDocument;
  triggeredBy?: 'AUTO' | 'MANUAL';
  /** The ERP to send to; by default the tenant's own (brand) connection. */
  connectionId?: string;
  /**
   * The dealer whose books the document belongs to (an outlet order it sells): sent to that dealer's own
   * connection when it has one that is not disabled, else to the brand's.
   */
  dealerId?: string | null;
}

/** The connection a document goes to: the one named, else the dealer's own, else the brand's first. */
async function targetConnection(db: Db, input: EnqueueSyncTaskInput) {
  const active = () =>
    db
      .selectFrom('erp_connections')
      .select(['id', 'system_type'])
      .where('tenant_id', '=', input.tenantId)
      .orderBy('created_at')
      .orderBy('id');
  if (input.connectionId !== undefined)
    return active().where('id', '=', input.connectionId).executeTakeFirst();
  const dealers =
    input.dealerId &&
    (await active()
      .where('owner_type', '=', 'DEALER')
      .where('owner_id', '=', input.dealerId)
      .where('status', '!=', 'DISABLED')
      .executeTakeFirst());
  return (
    dealers || active().where('owner_type', '=', 'BRAND').where('status', '!=', 'DISABLED').executeTakeFirst()
  );
}

/** What a business module learns of a task. */
export interface SyncTaskSummary {
  tenantId: string;
  id: string;
  taskNo: string;
  connectionId: string | null;
  bizType: ErpSyncBizType;
  bizId: string;
  bizNo: string;
  operation: ErpSyncOperation;
  externalCode: string;
  status: ErpSyncStatus;
  errorCategory: ErpSyncErrorCategory | null;
  lastErrorMessage: string | null;
  erpBillNo: string | null;
}

const TASK_NO_PREFIX = 'ES';

/** The ERP form each business document becomes, per ERP. */
export const ERP_FORM_IDS: Record<ErpSystemType, Record<ErpSyncBizType, string>> = {
  KINGDEE_K3CLOUD: {
    SALES_ORDER: 'SAL_SaleOrder',
    OUTSTOCK: 'SAL_OUTSTOCK',
    RETURN: 'SAL_RETURNSTOCK',
    CUSTOMER: 'BD_Customer',
    RECEIPT: 'AR_RECEIVEBILL',
    REFUND: 'AR_REFUNDBILL',
  },
  CHANJET_TPLUS: {
    SALES_ORDER: 'SaleOrder',
    OUTSTOCK: 'SaleDelivery',
    RETURN: 'SaleDelivery',
    CUSTOMER: 'Partner',
    RECEIPT: 'ReceiveVoucher',
    // T+ has no refund voucher of its own: a refund is a receipt of a negative amount.
    REFUND: 'ReceiveVoucher',
  },
};

/** The ERP's idempotency key (T+ ExternalCode, K3Cloud bill number): one business document, one operation. */
export function externalCodeOf(bizNo: string, operation: ErpSyncOperation): string {
  return `${bizNo}-${operation}`;
}

export function summaryColumns() {
  return [
    'tenant_id as tenantId',
    'id',
    'task_no as taskNo',
    'connection_id as connectionId',
    'biz_type as bizType',
    'biz_id as bizId',
    'biz_no as bizNo',
    'operation',
    'external_code as externalCode',
    'status',
    'error_category as errorCategory',
    'last_error_message as lastErrorMessage',
    'erp_bill_no as erpBillNo',
  ] as const;
}

/**
 * Queues the sync of one business document, due at once. Idempotent: the same document and operation for
 * the same ERP returns the task already queued (whatever its status) instead of a second one. Answers null
 * when the tenant has no ERP to send to — the document then needs no sync (erp_sync_status NOT_REQUIRED).
 * Run it in the business command's transaction; listeners are not called for the new task.
 */
export async function enqueueSyncTask(db: Db, input: EnqueueSyncTaskInput): Promise<SyncTaskSummary | null> {
  const connection = await targetConnection(db, input);
  if (!connection) return null;

  const externalCode = externalCodeOf(input.bizNo, input.operation);
  const existing = () =>
    db
      .selectFrom('erp_sync_tasks')
      .select(summaryColumns())
      .where('tenant_id', '=', input.tenantId)
      .where('connection_id', '=', connection.id)
      .where('external_code', '=', externalCode)
      .executeTakeFirst();
  const found = await existing();
  if (found) return found;

  const inserted = await db
    .insertInto('erp_sync_tasks')
    .values({
      tenant_id: input.tenantId,
      task_no: await nextDocumentNo(db, input.tenantId, TASK_NO_PREFIX),
      connection_id: connection.id,
      direction: 0,
      biz_type: input.bizType,
      biz_id: input.bizId,
      biz_no: input.bizNo,
      erp_form_id: ERP_FORM_IDS[connection.system_type][input.bizType],
      operation: input.operation,
      external_code: externalCode,
      status: 'PENDING',
      next_retry_at: new Date(),
      triggered_by: input.triggeredBy ?? 'AUTO',
      document: JSON.stringify(input.document),
    })
    // A concurrent enqueue of the same document won the race: answer its task.
    .onConflict((conflict) =>
      conflict.constraint('erp_sync_tasks_tenant_connection_external_code_key').doNothing(),
    )
    .returning(summaryColumns())
    .executeTakeFirst();
  return inserted ?? (await existing()) ?? null;
}

/**
 * Called in the transaction that changed a task's status to SUCCESS, FAILED, IGNORED or MANUAL_DONE, or back
 * to PENDING (a manual retry): the listener brings its own denormalised state in step. A listener that throws
 * rolls the change back.
 */
export type SyncTaskListener = (trx: Transaction<DB>, task: SyncTaskSummary) => Promise<void>;

const listeners = new Map<SyncTaskListener, ReadonlySet<ErpSyncBizType>>();

/**
 * Registers a listener for the tasks of some business types; call it once, at module level (registering the
 * same function again only replaces its types). Answers a function that removes it.
 */
export function onSyncTaskSettled(
  bizTypes: readonly ErpSyncBizType[],
  listener: SyncTaskListener,
): () => void {
  listeners.set(listener, new Set(bizTypes));
  return () => {
    listeners.delete(listener);
  };
}

/** Tells the listeners of a task's business type that its status changed (in the same transaction). */
export async function notifySettled(trx: Transaction<DB>, task: SyncTaskSummary): Promise<void> {
  for (const [listener, bizTypes] of listeners) {
    if (bizTypes.has(task.bizType)) await listener(trx, task);
  }
}
