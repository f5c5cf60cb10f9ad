// Shared services of DOMAIN §1.17: attachments (photos of every module with where and when they were taken,
// their hashes for duplicate checks; the bytes live in the configured storage, not here) and the change
// history of the operation log (the business object a row is about, and the fields it changed).
import { sql, type Kysely } from 'kysely';
import { businessTable, oneOf } from './columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  await businessTable(db, 'attachments')
    .addColumn('biz_type', 'text', (column) => column.notNull())
    .addColumn('biz_id', 'text')
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('file_name', 'text', (column) => column.notNull())
    .addColumn('content_type', 'text', (column) => column.notNull())
    .addColumn('byte_size', 'integer', (column) => column.notNull())
    .addColumn('width', 'integer', (column) => column.notNull())
    .addColumn('height', 'integer', (column) => column.notNull())
    .addColumn('storage_key', 'text', (column) => column.notNull())
    .addColumn('thumbnail_key', 'text', (column) => column.notNull())
    .addColumn('sha256', 'text', (column) => column.notNull())
    // dHash of 64 bits as a signed bigint: near duplicates are within a small Hamming distance.
    .addColumn('phash', 'bigint', (column) => column.notNull())
    .addColumn('captured_at', 'timestamptz')
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('accuracy', 'double precision')
    .addColumn('address', 'text')
    .addColumn('source', 'text', (column) => column.check(oneOf('source', ['CAMERA', 'ALBUM'])))
    .addColumn('watermark_text', 'text')
    .addColumn('device_id', 'text')
    // The earlier attachment this one repeats (EXACT: same bytes; NEAR: the picture within the distance).
    .addColumn('duplicate_of', 'text', (column) => column.references('attachments.id').onDelete('set null'))
    .addColumn('duplicate_kind', 'text', (column) => column.check(oneOf('duplicate_kind', ['EXACT', 'NEAR'])))
    .addColumn('duplicate_distance', 'integer')
    .execute();
  await db.schema
    .createIndex('attachments_biz_idx')
    .on('attachments')
    .columns(['tenant_id', 'biz_type', 'biz_id'])
    .execute();
  await db.schema
    .createIndex('attachments_sha_idx')
    .on('attachments')
    .columns(['tenant_id', 'sha256'])
    .execute();

  await db.schema
    .alterTable('sys_log')
    .addColumn('biz_type', 'text')
    .addColumn('biz_id', 'text')
    // Only the fields the write changed: {field: value} before and after.
    .addColumn('before_data', 'jsonb')
    .addColumn('after_data', 'jsonb')
    .execute();
  await db.schema
    .createIndex('sys_log_biz_idx')
    .on('sys_log')
    .columns(['tenant_id', 'biz_type', 'biz_id', 'created_at'])
    .where(sql<boolean>`biz_type is not null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sys_log_biz_idx').execute();
  await db.schema
    .alterTable('sys_log')
    .dropColumn('biz_type')
    .dropColumn('biz_id')
    .dropColumn('before_data')
    .dropColumn('after_data')
    .execute();
  await db.schema.dropTable('attachments').execute();
}
