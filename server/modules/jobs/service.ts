// 下载中心 and 导入记录 (spec §7 /eDownload/list): a user sees, cancels and downloads their own jobs, in their
// tenant; another user's job answers like a missing one. Expired files are removed by a recurring job.
import { sql, type Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import {
  FILE_JOB_KINDS,
  JOB_CATEGORY,
  JOB_STATUS,
  JOB_TEXTS,
  jobCategoryOf,
  jobPercent,
  type JobCategory,
  type JobRecord,
} from '../../../common/jobs';
import type { Page } from '../../../common/contract';
import { shanghaiDateTime } from '../../db/dates';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { codesOf } from '../../../common/businessEnums';
import { pageOf, parseListQuery, countAll, type ListSpec, type RawQuery } from '../../http/listQuery';
import type { Caller } from '../shared/actor';
import { notFound } from '../shared/commands';
import { jobFileStream } from './files';
import { removeEndedUploads } from './imports';
import type { JobRunner } from './runner';

const jobSpec: ListSpec = {
  filters: {
    status: { column: 'jobs.status', kind: 'enum', values: codesOf(JOB_STATUS) },
    title: { column: 'jobs.title', kind: 'text' },
    createTime: { column: 'jobs.created_at', kind: 'datetime' },
  },
  sorts: { createTime: 'jobs.created_at' },
  defaultSort: [
    ['jobs.created_at', 'desc'],
    ['jobs.id', 'desc'],
  ],
  extras: ['category'],
};

/** The caller's own jobs: their tenant, their user, never the system's recurring ones. */
function ownJobs(db: Kysely<DB>, caller: Caller) {
  return db
    .selectFrom('jobs')
    .where('jobs.tenant_id', '=', caller.tenantId)
    .where('jobs.user_id', '=', caller.userId);
}

const byCategory = (category: JobCategory) =>
  category === 'EXPORT'
    ? sql<boolean>`jobs.kind in (${sql.join(FILE_JOB_KINDS)})`
    : category === 'IMPORT'
      ? sql<boolean>`jobs.kind = 'IMPORT'`
      : sql<boolean>`jobs.kind not in (${sql.join([...FILE_JOB_KINDS, 'IMPORT'])})`;

function recordQuery(db: Kysely<DB>, caller: Caller) {
  return ownJobs(db, caller).select([
    'jobs.id',
    'jobs.kind',
    'jobs.title',
    'jobs.status',
    'jobs.progress_done',
    'jobs.progress_total',
    'jobs.file_name',
    'jobs.file_size',
    'jobs.error',
    'jobs.result',
    sql<boolean>`jobs.expires_at > now()`.as('fresh'),
    shanghaiDateTime<string | null>('jobs.expires_at').as('expiresAt'),
    shanghaiDateTime('jobs.created_at').as('createTime'),
    shanghaiDateTime<string | null>('jobs.finished_at').as('finishedAt'),
  ]);
}

type RecordRow = Awaited<ReturnType<ReturnType<typeof recordQuery>['execute']>>[number];

function jobRecord(row: RecordRow): JobRecord {
  return {
    id: row.id,
    category: jobCategoryOf(row.kind),
    title: row.title,
    status: row.status,
    status_dictText: JOB_STATUS[row.status],
    done: row.progress_done,
    total: row.progress_total,
    percent: jobPercent(row.progress_done, row.progress_total),
    fileName: row.file_name,
    fileSize: row.file_size,
    // An export's file once made; an import's error file, made when rows failed.
    downloadable: row.file_size !== null && row.fresh === true,
    expiresAt: row.expiresAt,
    error: row.error,
    result: row.result,
    createTime: row.createTime,
    finishedAt: row.finishedAt,
  };
}

/** The list's category parameter: none (every job) or one of JOB_CATEGORY, else a clear 400. */
export function jobCategoryParam(value: unknown): JobCategory | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !Object.hasOwn(JOB_CATEGORY, value))
    throw new BusinessError(400, `参数 category 应为 ${Object.keys(JOB_CATEGORY).join(' 或 ')}`);
  return value as JobCategory;
}

export async function listJobs(db: Kysely<DB>, caller: Caller, raw: RawQuery): Promise<Page<JobRecord>> {
  const list = parseListQuery(raw, jobSpec);
  const category = jobCategoryParam(list.extras.category);
  const filter = <Q extends { where: (expression: ReturnType<typeof byCategory>) => Q }>(query: Q) =>
    category ? query.where(byCategory(category)) : query;
  const [rows, counted] = await Promise.all([
    filter(recordQuery(db, caller).where(list.where))
      .orderBy(list.orderBy)
      .limit(list.pageSize)
      .offset(list.offset)
      .execute(),
    filter(ownJobs(db, caller).where(list.where)).select(countAll).executeTakeFirstOrThrow(),
  ]);
  return pageOf(rows.map(jobRecord), counted.total, list);
}

/** The caller's jobs still queued or running (the header's progress after a reload). */
export async function activeJobs(db: Kysely<DB>, caller: Caller): Promise<JobRecord[]> {
  const rows = await recordQuery(db, caller)
    .where('jobs.status', 'in', ['QUEUED', 'RUNNING'])
    .orderBy('jobs.created_at')
    .execute();
  return rows.map(jobRecord);
}

/** A queued job ends at once; a running one is asked to stop (its runner notices at its next heartbeat). */
export async function cancelJob(
  db: Kysely<DB>,
  runner: JobRunner,
  caller: Caller,
  id: string,
): Promise<JobRecord> {
  const queued = await ownJobs(db, caller).select('id').where('id', '=', id).executeTakeFirst();
  if (!queued) throw notFound('下载任务');
  const stopped = await db
    .updateTable('jobs')
    .set({ status: 'CANCELLED', error: JOB_TEXTS.cancelled, finished_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', 'QUEUED')
    .returning('id')
    .executeTakeFirst();
  if (!stopped) {
    const asked = await db
      .updateTable('jobs')
      .set({ cancel_requested: true })
      .where('id', '=', id)
      .where('status', '=', 'RUNNING')
      .returning('id')
      .executeTakeFirst();
    if (!asked) throw new BusinessError(409, JOB_TEXTS.notCancellable);
    runner.abortLocally(id);
  }
  const [record] = (await recordQuery(db, caller).where('jobs.id', '=', id).execute()).map(jobRecord);
  return record;
}

/** The caller's made file, with its name and size; 404 for another user's, a clear refusal before or after. */
export async function jobFile(
  db: Kysely<DB>,
  caller: Caller,
  id: string,
): Promise<{ fileName: string; size: number; stream: Readable }> {
  const row = await recordQuery(db, caller).where('jobs.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('下载任务');
  const record = jobRecord(row);
  // An export's name is set once its file is made; an import's when rows failed.
  if (record.fileName === null) throw new BusinessError(400, JOB_TEXTS.notReady);
  if (!record.downloadable) throw new BusinessError(400, JOB_TEXTS.expired);
  return { fileName: record.fileName, size: record.fileSize!, stream: jobFileStream(db, id) };
}

/** Removes the files past their 7 days (the job stays in the history, no longer downloadable), and the uploads
 *  of imports that ended without removing theirs. */
export async function removeExpiredFiles(db: Kysely<DB>): Promise<number> {
  await removeEndedUploads(db);
  const expired = await db
    .updateTable('jobs')
    .set({ file_size: null })
    .where('expires_at', '<=', sql<Date>`now()`)
    .where('file_size', 'is not', null)
    .returning('id')
    .execute();
  if (expired.length > 0)
    await db
      .deleteFrom('job_file_chunks')
      .where(
        'job_id',
        'in',
        expired.map((row) => row.id),
      )
      .execute();
  return expired.length;
}
