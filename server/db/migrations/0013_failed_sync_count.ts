// The failed-order counters (issue #8): every sign-in's access gate counts a tenant's FAILED sync tasks. The
// FAILED-or-IGNORED index of 0003 finds them but must read each task's row to tell the two apart; an index of
// the FAILED ones alone answers the count from the index (an index-only scan) and the newest-first page in
// its order. The older index still serves the lists that include the ignored tasks.
import { sql, type Kysely } from 'kysely';

export const FAILED_SYNC_INDEX = 'erp_sync_tasks_failed_only_idx';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex(FAILED_SYNC_INDEX)
    .on('erp_sync_tasks')
    .columns(['tenant_id', 'direction', 'created_at desc', 'id desc'])
    .where(sql<boolean>`status = 'FAILED'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex(FAILED_SYNC_INDEX).execute();
}
