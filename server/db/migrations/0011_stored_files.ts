// Uploaded files (images of SKUs, customer photos, …) kept in the database per tenant, with the
// thumbnail made at upload: one backup holds everything and any instance can serve any file.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stored_files')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('file_name', 'text', (column) => column.notNull())
    .addColumn('content_type', 'text', (column) => column.notNull())
    .addColumn('byte_size', 'integer', (column) => column.notNull())
    .addColumn('width', 'integer', (column) => column.notNull())
    .addColumn('height', 'integer', (column) => column.notNull())
    .addColumn('content', 'bytea', (column) => column.notNull())
    .addColumn('thumbnail', 'bytea', (column) => column.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('stored_files_tenant_idx').on('stored_files').column('tenant_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stored_files').execute();
}
