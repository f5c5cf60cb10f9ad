// Excel import and export of the business modules (DOMAIN §1.3 ImportJob): the upload is read row by row
// with exceljs's streaming reader, every row is checked against the sheet's columns, and the caller writes
// all rows in one transaction only when none failed — a file is imported whole or not at all. Exports
// stream the workbook to the response as rows are produced.
import { once } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import type {} from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Envelope } from '../../../common/contract';
import type { DB } from '../../db/schema';
import type { RawQuery } from '../../http/listQuery';
import type { Caller } from './actor';
import { IMPORT_MAX_BYTES, type ImportError, type ImportReport } from '../../../common/excelImport';
import { BusinessError, fail, ok } from '../../http/envelope';
import { uploadedFile } from '../../http/uploads';

export { IMPORT_MAX_BYTES, type ImportError, type ImportReport };

/** Rows beyond this are refused: an import is a day's master data, not a migration. */
export const IMPORT_MAX_ROWS = 20_000;
/** The report lists at most this many errors (the count is always exact). */
const MAX_REPORTED_ERRORS = 500;

export interface ImportColumn<K extends string> {
  key: K;
  header: string;
  required?: boolean;
  /** Turns the cell's text into the value, or throws an ImportCellError with the message for the report. */
  parse?: (text: string) => unknown;
}

export class ImportCellError extends Error {}

/** A data row: the values of the cells that parsed; `valid` false when some cell did not. */
export interface ImportRow<K extends string> {
  rowNo: number;
  values: Partial<Record<K, unknown>>;
  valid: boolean;
}

/** A cell of exceljs as text: dates as YYYY-MM-DD, rich text joined, formulas by their result. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const cell = value as { text?: unknown; richText?: Array<{ text: string }>; result?: unknown };
    if (Array.isArray(cell.richText))
      return cell.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if (cell.result !== undefined) return cellText(cell.result);
    if (cell.text !== undefined) return cellText(cell.text);
    return '';
  }
  return String(value).trim();
}

/** The uploaded .xlsx of a multipart request (field `file`), as a stream, with its name. */
export async function uploadedWorkbook(
  request: FastifyRequest,
): Promise<{ fileName: string; stream: Readable }> {
  const file = await uploadedFile(request, IMPORT_MAX_BYTES, '请选择要导入的 Excel 文件');
  if (!/\.xlsx$/i.test(file.filename)) {
    file.file.resume();
    throw new BusinessError(400, '只支持 .xlsx 格式的 Excel 文件');
  }
  return { fileName: file.filename, stream: file.file };
}

/** What an importer reads: the uploaded workbook, and where it tells how many rows it has checked. */
export interface ImportUpload {
  fileName: string;
  stream: Readable & { truncated?: boolean };
  /** Called every IMPORT_PROGRESS_ROWS rows read (the import job's progress; it throws once cancelled). */
  progress?: (rowsRead: number) => Promise<void>;
}

const IMPORT_PROGRESS_ROWS = 500;

/** Reads the first worksheet: row 1 names the columns, each later non-empty row is checked. */
export async function readImportSheet<K extends string>(
  upload: ImportUpload,
  columns: ImportColumn<K>[],
): Promise<{ rows: Array<ImportRow<K>>; report: ImportReport }> {
  const rows: Array<ImportRow<K>> = [];
  const errors: ImportError[] = [];
  let errorCount = 0;
  const failedRows = new Set<number>();
  const everyError: ImportError[] = [];
  const fail = (error: ImportError) => {
    errorCount += 1;
    failedRows.add(error.rowNo);
    everyError.push(error);
    if (errors.length < MAX_REPORTED_ERRORS) errors.push(error);
  };
  let positions: Map<K, number> | undefined;
  let stopped: unknown;
  try {
    for await (const { number, cells } of sheetRows(upload.stream)) {
      if (!positions) {
        positions = new Map();
        for (const column of columns) {
          const at = cells.findIndex((text) => text.replace(/\*$/, '') === column.header);
          if (at < 0 && column.required)
            throw new BusinessError(400, `模板缺少列「${column.header}」，请下载最新模板`);
          if (at >= 0) positions.set(column.key, at);
        }
        continue;
      }
      if (cells.every((text) => text === '')) continue;
      if (rows.length >= IMPORT_MAX_ROWS) {
        throw new BusinessError(400, `一次最多导入 ${IMPORT_MAX_ROWS} 行`);
      }
      const values: Partial<Record<K, unknown>> = {};
      let ok = true;
      for (const column of columns) {
        const at = positions.get(column.key);
        const text = at === undefined ? '' : (cells[at] ?? '');
        if (text === '') {
          if (column.required) {
            fail({
              rowNo: number,
              column: column.header,
              value: '',
              message: `${column.header}不能为空`,
            });
            ok = false;
          }
          continue;
        }
        try {
          values[column.key] = column.parse ? column.parse(text) : text;
        } catch (error) {
          if (!(error instanceof ImportCellError)) throw error;
          fail({ rowNo: number, column: column.header, value: text, message: error.message });
          ok = false;
        }
      }
      rows.push({ rowNo: number, values, valid: ok });
      if (rows.length % IMPORT_PROGRESS_ROWS === 0) {
        await upload.progress?.(rows.length).catch((error: unknown) => {
          stopped = error;
          throw error;
        });
      }
    }
  } catch (error) {
    // A refusal, or the job stopped (cancelled): not a file that cannot be read.
    if (error instanceof BusinessError || error === stopped) throw error;
    if (upload.stream.truncated) throw new BusinessError(400, '文件大小超出10MB限制, 请压缩或降低文件质量! ');
    throw new BusinessError(400, '无法读取文件，请确认是有效的 .xlsx 文件');
  }
  if (upload.stream.truncated) throw new BusinessError(400, '文件大小超出10MB限制, 请压缩或降低文件质量! ');
  if (!positions) throw new BusinessError(400, '文件是空的：第一个工作表没有表头');
  const report: ImportReport = {
    fileName: upload.fileName,
    totalRows: rows.length,
    imported: 0,
    failedRows: failedRows.size,
    errorCount,
    errors,
  };
  allErrors.set(report, everyError);
  return { rows, report };
}

/** exceljs (some 300 modules) loads with the first import or export, not with every server start. */
const exceljs = () => import('exceljs').then((module) => module.default);

/** Every error of a report, the ones past MAX_REPORTED_ERRORS too (for the error file of 导入记录). */
const allErrors = new WeakMap<ImportReport, ImportError[]>();

export const allErrorsOf = (report: ImportReport): ImportError[] => allErrors.get(report) ?? report.errors;

/** The rows of an .xlsx's first worksheet with their number and their cells as text (1-based, [0] empty). */
export async function* sheetRows(stream: Readable): AsyncGenerator<{ number: number; cells: string[] }> {
  const ExcelJS = await exceljs();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  for await (const worksheet of reader) {
    for await (const row of worksheet) {
      // row.values is sparse and 1-based: Array.from visits the holes too.
      yield { number: row.number, cells: Array.from(row.values as unknown[], cellText) };
    }
    return; // the first worksheet only
  }
}

/**
 * The answer of an import: success with the count, or — when any row failed — `success: false`, code 400
 * and the report as `result`, so the page can show every bad row.
 */
export function importAnswer(report: ImportReport): Envelope<ImportReport> {
  if (report.errorCount > 0) {
    return {
      ...fail(400, `导入失败：${report.failedRows} 行有误（共 ${report.errorCount} 处），未导入任何数据`),
      result: report,
    };
  }
  if (report.totalRows === 0) return { ...fail(400, '文件中没有数据行'), result: report };
  return ok(report, `导入成功：共 ${report.imported} 条`);
}

/** Adds an error found after parsing (a code already taken, a dealer that does not exist ...). */
export function reportError(report: ImportReport, error: ImportError): void {
  allErrors.get(report)?.push(error);
  report.errorCount += 1;
  if (report.errors.length < MAX_REPORTED_ERRORS) report.errors.push(error);
  report.failedRows = new Set(allErrorsOf(report).map((each) => each.rowNo)).size;
}

// ---- Parsers for the columns ----

export const parseInteger = (min: number, max: number) => (text: string) => {
  if (!/^-?\d+(\.0+)?$/.test(text)) throw new ImportCellError('应为整数');
  const value = Number(text);
  if (value < min || value > max) throw new ImportCellError(`应在 ${min} 到 ${max} 之间`);
  return value;
};

export const parseDecimal = (min: number, max: number) => (text: string) => {
  const value = Number(text);
  if (!Number.isFinite(value)) throw new ImportCellError('应为数字');
  if (value < min || value > max) throw new ImportCellError(`应在 ${min} 到 ${max} 之间`);
  return value;
};

/** A code or its Chinese label of an enum: 终端门店 or OUTLET. */
export const parseEnum =
  <T extends string>(labels: Record<T, string>, what: string) =>
  (text: string): T => {
    const byCode = Object.keys(labels).find((code) => code === text.toUpperCase());
    const byLabel = (Object.entries(labels) as Array<[T, string]>).find(([, label]) => label === text)?.[0];
    const found = (byCode as T | undefined) ?? byLabel;
    if (!found)
      throw new ImportCellError(`${what}「${text}」不存在，可选：${Object.values(labels).join('、')}`);
    return found;
  };

export const parsePattern = (pattern: RegExp, message: string) => (text: string) => {
  if (!pattern.test(text)) throw new ImportCellError(message);
  return text;
};

// ---- Export ----

export interface ExportColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | null;
}

/** What a spreadsheet reads as the start of a formula (tab and CR too: some strip them first, then evaluate). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A signed plain number ("-12.50") is no formula, and keeps its look. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * A text cell that would start a formula gets a leading apostrophe (OWASP's CSV-injection rule): shown as
 * text by every spreadsheet, also once the cell is edited or the sheet saved as CSV. Numbers stay as they are.
 */
export function inertCellValue(value: string | number | null): string | number | null {
  return typeof value === 'string' && FORMULA_START.test(value) && !PLAIN_NUMBER.test(value)
    ? `'${value}`
    : value;
}

/**
 * An export of a list (server/modules/jobs/exports.ts makes it a download or a job of 下载中心): its name,
 * columns and how a page of the rows the caller may see under the list's query is read.
 */
export interface ExportDefinition<T> {
  /** Names the export in a job's payload; unique. */
  key: string;
  /** The file's name (without .xlsx) and the job's title. */
  title: string;
  columns: ExportColumn<T>[];
  page(
    db: Kysely<DB>,
    caller: Caller,
    query: RawQuery,
    pageNo: number,
    pageSize: number,
  ): Promise<{ records: T[]; total: number }>;
}

/**
 * Writes a one-sheet workbook to `out` as the pages of rows come, and ends it. Rows are committed as they are
 * added and the next page is read only once `out` has taken what was written, so memory holds about one page.
 */
export async function writeWorkbook<T>(
  out: Writable,
  sheetName: string,
  columns: ExportColumn<T>[],
  pages: AsyncIterable<T[]>,
): Promise<void> {
  const ExcelJS = await exceljs();
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = writer.addWorksheet(sheetName);
  sheet.columns = columns.map((column) => ({ header: column.header, width: column.width ?? 16 }));
  for await (const page of pages) {
    for (const row of page) sheet.addRow(columns.map((column) => inertCellValue(column.value(row)))).commit();
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  sheet.commit();
  await writer.commit();
}

/** The headers of an .xlsx answer named `fileName`.xlsx. */
export function workbookHeaders(reply: FastifyReply, fileName: string): FastifyReply {
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`);
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The exports by key: a job finds its export by the key in its payload, on whichever instance runs it. */
const exportDefinitions = new Map<string, ExportDefinition<never>>();

/** Declares an export (at module load, so that every instance knows it). */
export function defineExport<T>(definition: ExportDefinition<T>): ExportDefinition<T> {
  if (exportDefinitions.has(definition.key)) throw new Error(`two exports named ${definition.key}`);
  exportDefinitions.set(definition.key, definition as unknown as ExportDefinition<never>);
  return definition;
}

/** A row of what a list service answers (for typing an export's columns by the service they export). */
export type ListRecord<F extends (...args: never[]) => Promise<{ records: unknown[] }>> = Awaited<
  ReturnType<F>
>['records'][number];

/** Declares the export of a list whose service reads one page of the list query (its pageNo and pageSize). */
export function defineListExport<T>(
  key: string,
  title: string,
  columns: ExportColumn<T>[],
  list: (db: Kysely<DB>, caller: Caller, query: RawQuery) => Promise<{ records: T[]; total: number }>,
): ExportDefinition<T> {
  return defineExport({
    key,
    title,
    columns,
    page: (db, caller, query, pageNo, pageSize) =>
      list(db, caller, { ...query, pageNo: String(pageNo), pageSize: String(pageSize) }),
  });
}

/**
 * Declares the export of a report computed whole (a few hundred lines, grouped with subtotals, as its page
 * shows it): the lines are paged here for the export's machinery.
 */
export function defineReportExport<T>({
  lines,
  ...definition
}: Omit<ExportDefinition<T>, 'page'> & {
  lines: (db: Kysely<DB>, caller: Caller, query: RawQuery) => Promise<T[]>;
}): ExportDefinition<T> {
  return defineExport({
    ...definition,
    page: async (db, caller, query, pageNo, pageSize) => {
      const all = await lines(db, caller, query);
      return { records: all.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: all.length };
    },
  });
}

export function exportDefinitionOf(key: string): ExportDefinition<unknown> {
  const definition = exportDefinitions.get(key);
  if (!definition) throw new Error(`unknown export ${key}`);
  return definition as unknown as ExportDefinition<unknown>;
}

/** Streams a one-sheet workbook to the response as `fileName`.xlsx; `rows` may be produced page by page. */
export async function sendWorkbook<T>(
  reply: FastifyReply,
  fileName: string,
  columns: ExportColumn<T>[],
  rows: AsyncIterable<T[]>,
): Promise<FastifyReply> {
  // The first page is read before answering, so a bad filter is still a clean 400 rather than a cut file.
  const pages = rows[Symbol.asyncIterator]();
  const first = await pages.next();
  async function* all() {
    for (let page = first; !page.done; page = await pages.next()) yield page.value;
  }
  const body = new PassThrough();
  writeWorkbook(body, fileName, columns, all()).catch((error: unknown) => body.destroy(error as Error));
  return workbookHeaders(reply, `${fileName}.xlsx`).send(body);
}

/** A template: the headers (required ones marked *) and one example row. */
export function sendTemplate<K extends string>(
  reply: FastifyReply,
  fileName: string,
  columns: ImportColumn<K>[],
  example: Partial<Record<K, string | number>>,
): Promise<FastifyReply> {
  async function* one() {
    yield [example];
  }
  return sendWorkbook(
    reply,
    fileName,
    columns.map((column) => ({
      header: `${column.header}${column.required ? '*' : ''}`,
      value: (row: Partial<Record<K, string | number>>) => row[column.key] ?? null,
    })),
    one(),
  );
}
