// Every Excel import is a job of the runner (issue #16, DOMAIN §1.3 ImportJob/ImportRowError): the request
// stores the upload and queues an IMPORT job; whichever instance claims it reads the rows (its progress pushed
// like an export's), the importer checks them and writes them in batches in one transaction — the whole file or
// nothing, as before — and the job records the counts, every row error (import_row_errors) and, when rows
// failed, an error file: the uploaded rows as they were with an 错误原因 column, downloadable from 导入记录.
// The request waits for its job a while (JOB importWaitMs) and answers as the import screens always did; a job
// still running then answers that it goes on in the background, and its progress and result are in 导入记录.
import { setTimeout as delay } from 'node:timers/promises';
import { pipeline } from 'node:stream/promises';
import type { Readable, Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Envelope } from '../../../common/contract';
import { IMPORT_ERROR_COLUMN, type ImportAnswer } from '../../../common/excelImport';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { BusinessError, ok } from '../../http/envelope';
import type { RequestInfo } from '../auth/sysLog';
import { actorOf, type Actor } from '../shared/actor';
import {
  allErrorsOf,
  importAnswer,
  sheetRows,
  uploadedWorkbook,
  writeWorkbook,
  type ExportColumn,
  type ImportError,
  type ImportReport,
  type ImportUpload,
} from '../shared/excel';
import { jobFileStream, storeJobFile } from './files';
import type { JobHandler, JobOutcome, JobRunner } from './runner';

/** An import of a module: its key (in the job's payload), its title in 导入记录, and the importer. */
export interface ImportDefinition<P> {
  key: string;
  title: (params: P) => string;
  run: (db: Kysely<DB>, actor: Actor, params: P, upload: ImportUpload) => Promise<ImportReport>;
}

const importDefinitions = new Map<string, ImportDefinition<never>>();

/** Declares an import (at module load, so that every instance can run its jobs). */
export function defineImport<P = Record<string, never>>(
  definition: ImportDefinition<P>,
): ImportDefinition<P> {
  if (importDefinitions.has(definition.key)) throw new Error(`two imports named ${definition.key}`);
  importDefinitions.set(definition.key, definition as unknown as ImportDefinition<never>);
  return definition;
}

interface ImportPayload {
  importKey: string;
  params: unknown;
  fileName: string;
  /** Who imports, for the operation log the importer writes (the job runs outside the request). */
  username: string;
  request: Omit<RequestInfo, 'elapsedMs'>;
}

/** An import's result in 导入记录: the counts, or `refused` when the file was refused whole. */
type ImportResult = Omit<ImportReport, 'errors'> | { fileName: string; refused: true };

const FILE_TOO_LARGE = '文件大小超出10MB限制, 请压缩或降低文件质量! ';
const ERRORS_PER_INSERT = 500;
/** The answer lists at most this many errors; all of them are in import_row_errors and the error file. */
const ANSWERED_ERRORS = 500;

/** Stores the request's upload and queues its import; answers as the import screens expect. */
export async function queueImport<P>(
  request: FastifyRequest,
  reply: FastifyReply,
  definition: ImportDefinition<P>,
  params: P,
): Promise<Envelope<ImportAnswer>> {
  const { db } = request.server.database;
  const jobs = request.server.jobs;
  const upload = await uploadedWorkbook(request);
  const jobId = await startImport(db, jobs, actorOf(request, reply), definition, params, upload);
  return answerOf(db, jobId, Date.now() + jobs.config.importWaitMs);
}

/** Stores an upload and queues the job that imports it; the job's id. */
export async function startImport<P>(
  db: Kysely<DB>,
  jobs: JobRunner,
  actor: Actor,
  definition: ImportDefinition<P>,
  params: P,
  upload: { fileName: string; stream: ImportUpload['stream'] },
): Promise<string> {
  const jobId = newId();
  // Stored before the job is queued, so no instance claims a job whose file is not there yet.
  await storeJobFile(db, jobId, (out) => pipeline(upload.stream, out), 'job_upload_chunks');
  if (upload.stream.truncated) {
    await removeUpload(db, jobId);
    throw new BusinessError(400, FILE_TOO_LARGE);
  }
  const { elapsedMs: _elapsedMs, ...requestInfo } = actor.request;
  const payload: ImportPayload = {
    importKey: definition.key,
    params,
    fileName: upload.fileName,
    username: actor.username,
    request: requestInfo,
  };
  await jobs.enqueue({
    id: jobId,
    kind: 'IMPORT',
    title: definition.title(params),
    tenantId: actor.tenantId,
    userId: actor.userId,
    payload: payload as unknown as Record<string, unknown>,
    // Not retried: after a failure the runner cannot tell whether the import's transaction had committed.
    maxAttempts: 1,
  });
  return jobId;
}

/** The job's answer once it ended, or — past the deadline — that it goes on in the background. */
async function answerOf(db: Kysely<DB>, jobId: string, deadline: number): Promise<Envelope<ImportAnswer>> {
  for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
    const job = await db
      .selectFrom('jobs')
      .select(['status', 'result', 'error', 'progress_done'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    const result = job.result as ImportResult | null;
    if (job.status === 'CANCELLED') throw new BusinessError(409, '导入已取消');
    if (job.status === 'FAILED' && (result === null || 'refused' in result)) {
      // A refused file (not an .xlsx, template columns missing …) keeps its reason; anything else is ours.
      if (result) throw new BusinessError(400, job.error ?? '导入失败');
      throw new BusinessError(500, '导入出错，未导入任何数据，请稍后重试');
    }
    if ((job.status === 'SUCCEEDED' || job.status === 'FAILED') && result && !('refused' in result)) {
      const errors = await rowErrorsOf(db, jobId, 0, ANSWERED_ERRORS);
      const answer = importAnswer({ ...result, errors });
      return { ...answer, result: { ...answer.result, jobId } };
    }
    if (Date.now() + pause > deadline) {
      return ok<ImportAnswer>(
        { jobId, queued: true },
        '文件较大，已转入后台导入，完成后可在下载中心的导入记录查看结果',
      );
    }
    await delay(pause);
  }
}

/** A page of an import job's row errors, in the order of the file. */
export async function rowErrorsOf(
  db: Kysely<DB>,
  jobId: string,
  offset: number,
  limit: number,
): Promise<ImportError[]> {
  const rows = await db
    .selectFrom('import_row_errors')
    .select(['row_no', 'column_name', 'value', 'message'])
    .where('job_id', '=', jobId)
    .orderBy('row_no')
    .orderBy('seq')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    rowNo: row.row_no,
    column: row.column_name,
    value: row.value,
    message: row.message,
  }));
}

async function recordRowErrors(db: Kysely<DB>, jobId: string, errors: ImportError[]): Promise<void> {
  await db.deleteFrom('import_row_errors').where('job_id', '=', jobId).execute();
  for (let start = 0; start < errors.length; start += ERRORS_PER_INSERT) {
    await db
      .insertInto('import_row_errors')
      .values(
        errors.slice(start, start + ERRORS_PER_INSERT).map((error, at) => ({
          job_id: jobId,
          seq: start + at,
          row_no: error.rowNo,
          column_name: error.column,
          value: error.value,
          message: error.message,
        })),
      )
      .execute();
  }
}

function removeUpload(db: Kysely<DB>, jobId: string) {
  return db.deleteFrom('job_upload_chunks').where('job_id', '=', jobId).execute();
}

/** Removes the uploads of imports that ended without removing them (their instance died mid-job). */
export async function removeEndedUploads(db: Kysely<DB>): Promise<void> {
  await db
    .deleteFrom('job_upload_chunks')
    .where('job_id', 'in', (eb) =>
      eb.selectFrom('jobs').select('id').where('status', 'in', ['SUCCEEDED', 'FAILED', 'CANCELLED']),
    )
    .execute();
}

/**
 * The error file: the uploaded header and every data row as it was, each with its errors in 错误原因 (empty for
 * a good row). All rows, not only the failed ones: nothing was imported, so the corrected file goes back whole
 * (the importers read their columns by header and ignore 错误原因).
 */
async function writeErrorFile(out: Writable, upload: Readable, errors: ImportError[]): Promise<void> {
  const byRow = new Map<number, string[]>();
  for (const error of errors) {
    const where = error.column ? `${error.column}：` : '';
    byRow.set(error.rowNo, [...(byRow.get(error.rowNo) ?? []), `${where}${error.message}`]);
  }
  const rows = sheetRows(upload);
  const first = await rows.next();
  const header: string[] = first.done ? [] : first.value.cells.slice(1);
  const columns: Array<ExportColumn<string[]>> = [...header, IMPORT_ERROR_COLUMN].map((title, at) => ({
    header: title,
    value: (row) => row[at] ?? null,
  }));
  async function* pages() {
    let page: string[][] = [];
    for await (const { number, cells } of rows) {
      const values = cells.slice(1);
      if (values.every((text) => text === '')) continue;
      page.push([...header.map((_title, at) => values[at] ?? ''), (byRow.get(number) ?? []).join('；')]);
      if (page.length >= 200) {
        yield page;
        page = [];
      }
    }
    yield page;
  }
  await writeWorkbook(out, '错误数据', columns, pages());
}

/** The IMPORT job: runs the import on the stored upload and records what came of it. */
export const runImportJob: JobHandler = async ({ job, db, signal, progress }) => {
  const payload = job.payload as unknown as ImportPayload;
  const definition = importDefinitionOf(payload.importKey);
  const started = Date.now();
  const actor: Actor = {
    tenantId: job.tenant_id!,
    userId: job.user_id!,
    username: payload.username,
    request: { ...payload.request, elapsedMs: () => Date.now() - started },
  };
  const upload = () => jobFileStream(db, job.id, 'job_upload_chunks') as ImportUpload['stream'];
  try {
    let report: ImportReport;
    try {
      report = await definition.run(db, actor, payload.params as never, {
        fileName: payload.fileName,
        stream: upload(),
        progress: async (rowsRead) => {
          signal.throwIfAborted();
          await progress(rowsRead);
        },
      });
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      const refused: ImportResult = { fileName: payload.fileName, refused: true };
      return { failed: error.message, result: refused };
    }
    const errors = allErrorsOf(report);
    await recordRowErrors(db, job.id, errors);
    await progress(report.totalRows, report.totalRows);
    const { errors: _errors, ...counts } = report;
    const answer = importAnswer(report);
    const outcome: JobOutcome = { result: counts, failed: answer.success ? undefined : answer.message };
    if (report.errorCount > 0) {
      const size = await storeJobFile(db, job.id, (out) => writeErrorFile(out, upload(), errors));
      outcome.file = { name: `${job.title}错误数据.xlsx`, size };
    }
    return outcome;
  } finally {
    // Kept for the instance that takes the job over (this one stopping, or its lease lost).
    const handedOver = signal.aborted && signal.reason !== 'cancelled';
    if (!handedOver) await removeUpload(db, job.id);
  }
};

export function importDefinitionOf(key: string): ImportDefinition<unknown> {
  const definition = importDefinitions.get(key);
  if (!definition) throw new Error(`unknown import ${key}`);
  return definition as ImportDefinition<unknown>;
}
