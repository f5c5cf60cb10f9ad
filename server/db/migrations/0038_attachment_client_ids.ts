// The rep's workbench (issue #17) uploads its photos from an offline queue: an upload whose answer was lost is
// sent again. Each upload may carry an id made by the device; the same id from the same user answers the first
// upload instead of storing the picture twice (which the duplicate check would flag as a reused photo).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('attachments').addColumn('client_id', 'text').execute();
  await db.schema
    .createIndex('attachments_client_uq')
    .on('attachments')
    .columns(['tenant_id', 'created_by', 'client_id'])
    .unique()
    .where(sql.ref('client_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('attachments_client_uq').execute();
  await db.schema.alterTable('attachments').dropColumn('client_id').execute();
}
