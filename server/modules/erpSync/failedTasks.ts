// The failed ERP sync tasks of a tenant, one direction at a time, newest first. The SPA's access gate reads
// their totals at every sign-in (spec §3 "failed-order counters"); the ERP failure list pages through them.
import { sql, type Kysely } from 'kysely';
import type { Page } from '../../../common/contract';
import { shanghaiDateTime } from '../../db/dates';
import { cachedRows, type TableName } from '../../db/readCache';
import type {
  DB,
  ErpSyncBizType,
  ErpSyncDirection,
  ErpSyncErrorCategory,
  ErpSyncOperation,
  ErpSyncStatus,
} from '../../db/schema';

export interface FailedTaskQuery {
  direction: ErpSyncDirection;
  /** 0-based, as the spec's client sends it. */
  pageNumber: number;
  size: number;
  /** Counts the tasks a user chose to ignore as well. */
  includeIgnore: boolean;
}

export interface FailedTaskRecord {
  id: string;
  taskNo: string;
  bizType: ErpSyncBizType;
  bizNo: string;
  erpFormId: string;
  operation: ErpSyncOperation;
  externalCode: string;
  status: ErpSyncStatus;
  attemptCount: number;
  errorCategory: ErpSyncErrorCategory | null;
  lastErrorMessage: string | null;
  nextRetryAt: string | null;
  createdAt: string;
}

/** What the failed tasks are read from. */
export const FAILED_TASK_TABLES: TableName[] = ['erp_sync_tasks'];

/** One page of a tenant's FAILED (and, when asked, IGNORED) tasks of a direction; `current` is 1-based like every Page. */
export async function failedSyncTasksOf(
  db: Kysely<DB>,
  tenantId: string,
  query: FailedTaskQuery,
): Promise<Page<FailedTaskRecord>> {
  const statuses: ErpSyncStatus[] = query.includeIgnore ? ['FAILED', 'IGNORED'] : ['FAILED'];
  const failed = db
    .selectFrom('erp_sync_tasks')
    .where('tenant_id', '=', tenantId)
    .where('direction', '=', query.direction)
    .where('status', 'in', statuses);
  // Count and page at once, through the read cache: every sign-in and the menu's counters ask for this.
  const [[{ total }], records] = await Promise.all([
    cachedRows(db, FAILED_TASK_TABLES, failed.select(sql<number>`count(*)::integer`.as('total'))),
    cachedRows(
      db,
      FAILED_TASK_TABLES,
      failed
        .select([
          'id',
          'task_no as taskNo',
          'biz_type as bizType',
          'biz_no as bizNo',
          'erp_form_id as erpFormId',
          'operation',
          'external_code as externalCode',
          'status',
          'attempt_count as attemptCount',
          'error_category as errorCategory',
          'last_error_message as lastErrorMessage',
          shanghaiDateTime<string | null>('next_retry_at').as('nextRetryAt'),
          shanghaiDateTime('created_at').as('createdAt'),
        ])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(query.size)
        .offset(query.pageNumber * query.size),
    ),
  ]);
  return {
    records: [...records],
    total,
    size: query.size,
    current: query.pageNumber + 1,
    pages: Math.ceil(total / query.size),
  };
}
