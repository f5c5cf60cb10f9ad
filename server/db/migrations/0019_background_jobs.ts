// Background jobs (issue #16): one table of jobs claimed by the instances with FOR UPDATE SKIP LOCKED and held
// by a lease they renew, the files the jobs make (exports, import error files) kept in the database in chunks
// so any instance serves any file and none holds a whole file in memory, and the 下载中心 menu for the tenants
// seeded before it.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema';
import { addMenusOf } from './0012_added_menus';

export const JOBS_DUE_INDEX = 'jobs_due_idx';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (column) => column.primaryKey())
    // Null for the system's recurring jobs (the ERP sync worker, the auto sign-off …), which span tenants.
    .addColumn('tenant_id', 'text', (column) => column.references('tenants.tenant_id'))
    .addColumn('user_id', 'text')
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('payload', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('QUEUED'))
    .addColumn('progress_done', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('progress_total', 'integer')
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (column) => column.notNull().defaultTo(3))
    // A recurring job goes back to QUEUED this long after each run; null for a job that runs once.
    .addColumn('every_ms', 'integer')
    .addColumn('run_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'timestamptz')
    .addColumn('cancel_requested', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('result', 'jsonb')
    .addColumn('error', 'text')
    .addColumn('file_name', 'text')
    .addColumn('file_size', 'integer')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  // What a runner asks every poll: the queued jobs that are due and the running ones whose lease ran out.
  await db.schema
    .createIndex(JOBS_DUE_INDEX)
    .on('jobs')
    .columns(['run_at'])
    .where(sql<boolean>`status in ('QUEUED', 'RUNNING')`)
    .execute();
  await db.schema
    .createIndex('jobs_owner_idx')
    .on('jobs')
    .columns(['tenant_id', 'user_id', 'created_at'])
    .execute();
  // One row per recurring job of the system: the instances share it instead of each running its own timer.
  await db.schema
    .createIndex('jobs_recurring_kind_idx')
    .on('jobs')
    .column('kind')
    .unique()
    .where(sql<boolean>`every_ms is not null`)
    .execute();
  await db.schema
    .createTable('job_file_chunks')
    .addColumn('job_id', 'text', (column) => column.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (column) => column.notNull())
    .addColumn('content', 'bytea', (column) => column.notNull())
    .addPrimaryKeyConstraint('job_file_chunks_pk', ['job_id', 'seq'])
    .execute();
  await addMenusOf(db as unknown as Kysely<DB>, ['/eDownload/list']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_file_chunks').execute();
  await db.schema.dropTable('jobs').execute();
}
