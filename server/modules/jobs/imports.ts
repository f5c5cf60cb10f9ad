// Every Excel import goes through here (issue #16, DOMAIN §1.3 ImportJob/ImportRowError): the import runs as
// before — the whole file or nothing, its report in the answer — and is kept as a job of its user in 导入记录,
// with the counts, the status and, when rows failed, an error file: those rows as they were uploaded, with an
// 错误信息 column, downloadable from 下载中心 like an export.
import { buffer } from 'node:stream/consumers';
import { Readable, type Writable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Envelope } from '../../../common/contract';
import { newId } from '../../db/ids';
import { BusinessError } from '../../http/envelope';
import { callerOf } from '../shared/actor';
import {
  allErrorsOf,
  importAnswer,
  sheetRows,
  uploadedWorkbook,
  writeWorkbook,
  type ExportColumn,
  type ImportError,
  type ImportReport,
} from '../shared/excel';
import { storeJobFile } from './files';

type Upload = { fileName: string; stream: Readable & { truncated?: boolean } };

/** The error file: the uploaded header and failed rows as they were, each row with its errors in 错误信息. */
async function writeErrorFile(out: Writable, content: Buffer, errors: ImportError[]): Promise<void> {
  const byRow = new Map<number, string[]>();
  for (const error of errors)
    byRow.set(error.rowNo, [...(byRow.get(error.rowNo) ?? []), `${error.column}：${error.message}`]);
  const rows = sheetRows(Readable.from([content]));
  const first = await rows.next();
  const header: string[] = first.done ? [] : first.value.cells.slice(1);
  const columns: Array<ExportColumn<string[]>> = [...header, '错误信息'].map((title, at) => ({
    header: title,
    value: (row) => row[at] ?? null,
  }));
  async function* failed() {
    let page: string[][] = [];
    for await (const { number, cells } of rows) {
      const messages = byRow.get(number);
      if (!messages) continue;
      const values = cells.slice(1);
      page.push([...header.map((_title, at) => values[at] ?? ''), messages.join('；')]);
      if (page.length >= 200) {
        yield page;
        page = [];
      }
    }
    yield page;
  }
  await writeWorkbook(out, '错误数据', columns, failed());
}

/** Runs `importer` on the request's upload and records it in 导入记录; answers as the import screens expect. */
export async function runImport(
  request: FastifyRequest,
  title: string,
  importer: (upload: Upload) => Promise<ImportReport>,
): Promise<Envelope<ImportReport & { jobId: string }>> {
  const { db } = request.server.database;
  const { tenantId, userId } = callerOf(request);
  const upload = await uploadedWorkbook(request);
  // At most 10 MB (IMPORT_MAX_BYTES): kept to write the error file from the rows as they were.
  const content = await buffer(upload.stream);
  const stream = Object.assign(Readable.from([content]), {
    truncated: (upload.stream as Upload['stream']).truncated,
  });
  const jobId = newId();
  const record = (status: 'SUCCEEDED' | 'FAILED', result: Record<string, unknown>, error: string | null) =>
    db
      .insertInto('jobs')
      .values({
        id: jobId,
        tenant_id: tenantId,
        user_id: userId,
        kind: 'IMPORT',
        title,
        payload: '{}',
        every_ms: null,
        status,
        result: JSON.stringify(result),
        error,
        progress_done: Number(result.totalRows ?? 0),
        progress_total: Number(result.totalRows ?? 0),
        attempts: 1,
        started_at: sql<Date>`now()`,
        finished_at: sql<Date>`now()`,
      })
      .execute();
  let report: ImportReport;
  try {
    report = await importer({ fileName: upload.fileName, stream });
  } catch (error) {
    // A file refused whole (not an .xlsx, template columns missing …) is recorded with the reason.
    if (error instanceof BusinessError) await record('FAILED', { fileName: upload.fileName }, error.message);
    throw error;
  }
  const answer = importAnswer(report);
  const { errors: _errors, ...counts } = report;
  await record(answer.success ? 'SUCCEEDED' : 'FAILED', counts, answer.success ? null : answer.message);
  if (report.errorCount > 0) {
    const size = await storeJobFile(db, jobId, (out) => writeErrorFile(out, content, allErrorsOf(report)));
    await db
      .updateTable('jobs')
      .set({
        file_name: `${title}错误数据.xlsx`,
        file_size: size,
        expires_at: sql<Date>`now() + make_interval(days => ${request.server.jobs.config.retentionDays})`,
      })
      .where('id', '=', jobId)
      .execute();
  }
  return { ...answer, result: { ...report, jobId } };
}
