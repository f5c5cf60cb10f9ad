// Imports as jobs of the runner (issue #16, DOMAIN §1.3 ImportJob/ImportRowError): the uploaded workbook waits
// in the database for whichever instance claims its job (chunks of 256 KB, like the files jobs make), and each
// error an import finds is kept per row, so 导入记录 can list them after the answer is gone.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_upload_chunks')
    // No reference to jobs: the upload is stored before its job is queued, so no instance claims a job whose
    // file is not there yet; the job removes it when it ends (the cleanup job removes what a crash left).
    .addColumn('job_id', 'text', (column) => column.notNull())
    .addColumn('seq', 'integer', (column) => column.notNull())
    .addColumn('content', 'bytea', (column) => column.notNull())
    .addPrimaryKeyConstraint('job_upload_chunks_pk', ['job_id', 'seq'])
    .execute();
  await db.schema
    .createTable('import_row_errors')
    .addColumn('job_id', 'text', (column) => column.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (column) => column.notNull())
    .addColumn('row_no', 'integer', (column) => column.notNull())
    .addColumn('column_name', 'text', (column) => column.notNull())
    .addColumn('value', 'text', (column) => column.notNull())
    .addColumn('message', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('import_row_errors_pk', ['job_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_row_errors').execute();
  await db.schema.dropTable('job_upload_chunks').execute();
}
