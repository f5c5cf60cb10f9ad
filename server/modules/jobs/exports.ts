// Every export of a list goes through here (issue #16): the first page tells how many rows the caller's query
// finds; up to the threshold the workbook streams to the response at once, as before; beyond it the export
// becomes a job whose workbook is written to 下载中心 (the answer says so instead of sending a file).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { JOB_TEXTS, type QueuedExport } from '../../../common/jobs';
import { ok } from '../../http/envelope';
import type { RawQuery } from '../../http/listQuery';
import { callerOf } from '../shared/actor';
import { exportDefinitionOf, sendWorkbook, writeWorkbook, type ExportDefinition } from '../shared/excel';
import { storeJobFile } from './files';
import type { JobHandler } from './runner';

/** Rows read per query while exporting (the lists' largest page). */
export const EXPORT_PAGE_SIZE = 200;

/** Paging and sorting come from the export itself, whatever the page showed. */
function exportQuery(raw: RawQuery): RawQuery {
  const { pageNo: _pageNo, pageSize: _pageSize, _t, ...query } = raw;
  return query;
}

/** The pages of an export until `total` rows were read or a page comes back short. */
async function* pagesOf<T>(
  read: (pageNo: number) => Promise<{ records: T[]; total: number }>,
  onPage?: (rows: number, total: number) => Promise<void>,
): AsyncGenerator<T[]> {
  let rows = 0;
  for (let pageNo = 1; ; pageNo += 1) {
    const page = await read(pageNo);
    rows += page.records.length;
    yield page.records;
    await onPage?.(rows, page.total);
    if (page.records.length < EXPORT_PAGE_SIZE || rows >= page.total) return;
  }
}

/** Answers an export request: the workbook, or — over the threshold — the job that will make it. */
export async function sendExport<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  definition: ExportDefinition<T>,
): Promise<unknown> {
  const { db } = request.server.database;
  const jobs = request.server.jobs;
  const caller = callerOf(request);
  const query = exportQuery(request.query as RawQuery);
  const first = await definition.page(db, caller, query, 1, EXPORT_PAGE_SIZE);
  if (first.total <= jobs.config.exportThreshold) {
    return sendWorkbook(
      reply,
      definition.title,
      definition.columns,
      pagesOf((pageNo) =>
        pageNo === 1 ? Promise.resolve(first) : definition.page(db, caller, query, pageNo, EXPORT_PAGE_SIZE),
      ),
    );
  }
  const jobId = await jobs.enqueue({
    kind: 'EXPORT',
    title: definition.title,
    tenantId: caller.tenantId,
    userId: caller.userId,
    payload: { exportKey: definition.key, query },
    total: first.total,
  });
  return ok<QueuedExport>(
    { jobId, title: definition.title, total: first.total },
    JOB_TEXTS.exportQueued(first.total),
  );
}

/** The job of an export: the workbook streamed into the job's file, page by page, with the progress. */
export const runExport: JobHandler = async ({ job, db, signal, progress }) => {
  const { exportKey, query } = job.payload as { exportKey: string; query: RawQuery };
  const definition = exportDefinitionOf(exportKey);
  const caller = { tenantId: job.tenant_id!, userId: job.user_id! };
  let rows = 0;
  const pages = pagesOf(
    (pageNo) => {
      signal.throwIfAborted();
      return definition.page(db, caller, query, pageNo, EXPORT_PAGE_SIZE);
    },
    async (done, total) => {
      rows = done;
      await progress(done, Math.max(done, total));
    },
  );
  const size = await storeJobFile(db, job.id, (out) =>
    writeWorkbook(out, definition.title, definition.columns, pages),
  );
  return { file: { name: `${definition.title}.xlsx`, size }, result: { rows } };
};
