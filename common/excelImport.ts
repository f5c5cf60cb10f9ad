// The Excel import contract shared by the server's importers and the SPA's import dialog: all rows or
// none, and a row-by-row report of what is wrong.

/** An upload larger than this is refused (the reference contract's limit). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export interface ImportError {
  rowNo: number;
  column: string;
  value: string;
  message: string;
}

/** What an import answers: imported is 0 whenever errors is not empty. */
export interface ImportReport {
  fileName: string;
  totalRows: number;
  imported: number;
  failedRows: number;
  errorCount: number;
  errors: ImportError[];
}

/** What an import endpoint answers: the report (partial when the file was refused whole) and its 导入记录 job;
 *  `queued` when the job had not ended within the request's wait and goes on in the background. */
export type ImportAnswer = Partial<ImportReport> & { jobId?: string; queued?: boolean };

/** The column the error file of an import adds to the uploaded rows. */
export const IMPORT_ERROR_COLUMN = '错误原因';
