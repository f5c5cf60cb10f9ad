// Background jobs as the SPA sees them (docs/jobs-api.md): the 下载中心 list and 导入记录, the progress pushed
// over the socket, the answer of an export that became a job.

export const JOB_STATUS = {
  QUEUED: '排队中',
  RUNNING: '进行中',
  SUCCEEDED: '已完成',
  FAILED: '失败',
  CANCELLED: '已取消',
} as const;
export type JobStatusCode = keyof typeof JOB_STATUS;

/** What a job of a user is: an export (a file to download), an import (its record, an error file) or a task run
 *  on request (a calculation, a report rebuilt). */
export const JOB_CATEGORY = { EXPORT: '导出', IMPORT: '导入', TASK: '任务' } as const;
export type JobCategory = keyof typeof JOB_CATEGORY;

/** The 下载中心 tab of each category, and the title of that tab's 导出. */
export const JOB_CATEGORY_TABS: Record<JobCategory, string> = {
  EXPORT: '导出文件',
  IMPORT: '导入记录',
  TASK: '后台任务',
};

/** The kinds of job that make a file to download: a list's workbook, a zip of photos. */
export const FILE_JOB_KINDS = ['EXPORT', 'ZIP'] as const;

/** The category of a job by its kind: the file-making kinds are exports, IMPORT an import, every other a task. */
export const jobCategoryOf = (kind: string): JobCategory =>
  (FILE_JOB_KINDS as readonly string[]).includes(kind) ? 'EXPORT' : kind === 'IMPORT' ? 'IMPORT' : 'TASK';

/** A job of the 下载中心 / 导入记录 lists. */
export interface JobRecord {
  id: string;
  category: JobCategory;
  title: string;
  status: JobStatusCode;
  status_dictText: string;
  /** Rows done and rows in all (null while unknown). */
  done: number;
  total: number | null;
  /** 0–100, null while the total is unknown. */
  percent: number | null;
  fileName: string | null;
  fileSize: number | null;
  /** The file can be downloaded now (made, not expired, not cleaned up). */
  downloadable: boolean;
  expiresAt: string | null;
  error: string | null;
  /** An import's counts: rows read, imported, failed. */
  result: Record<string, unknown> | null;
  createTime: string;
  finishedAt: string | null;
}

/** The push of a job's progress to its owner (frame `cmd: 'job'`). */
export interface JobProgress {
  id: string;
  category: JobCategory;
  title: string;
  status: JobStatusCode;
  done: number;
  total: number | null;
}

/** What an export answers instead of the file when it goes to 下载中心. */
export interface QueuedExport {
  jobId: string;
  title: string;
  total: number;
}

/** The 下载中心 page (spec §7 /eDownload/list). */
export const DOWNLOAD_CENTER_PATH = '/eDownload/list';

export const JOB_TEXTS = {
  exportQueued: (total: number) => `导出数据共 ${total} 条，已转入下载中心生成，完成后请到下载中心下载`,
  zipQueued: (total: number) => `照片共 ${total} 张，已转入下载中心打包，完成后请到下载中心下载`,
  notFound: '下载任务不存在',
  notReady: '文件尚未生成完成',
  expired: '文件已过期，请重新导出',
  cancelled: '已取消',
  notCancellable: '任务已结束，无法取消',
  interrupted: '任务多次中断，已停止重试',
} as const;

export const jobPercent = (done: number, total: number | null): number | null =>
  total === null ? null : total === 0 ? 100 : Math.min(100, Math.floor((done * 100) / total));

// How a job's cells read, on the 下载中心 screen and in its 导出 alike.

/** A file's size in KB or MB; — without a file to download. */
export const jobFileSizeText = (job: Pick<JobRecord, 'downloadable' | 'fileSize'>): string =>
  !job.downloadable || job.fileSize === null
    ? '—'
    : job.fileSize < 1024 * 1024
      ? `${Math.ceil(job.fileSize / 1024)} KB`
      : `${(job.fileSize / 1048576).toFixed(1)} MB`;

/** Rows done, of how many once that is known. */
export const jobRowsText = (job: Pick<JobRecord, 'done' | 'total'>): string =>
  job.total === null ? String(job.done) : `${job.done} / ${job.total}`;

/** An import's count (totalRows, imported, failedRows); — before it was counted. */
export const jobCountText = (job: Pick<JobRecord, 'result'>, key: string): string => {
  const value = job.result?.[key];
  return typeof value === 'number' ? String(value) : '—';
};

/** Until when the file is kept, marked once that has passed. */
export const jobExpiryText = (job: Pick<JobRecord, 'expiresAt' | 'downloadable'>): string =>
  job.expiresAt === null ? '—' : job.downloadable ? job.expiresAt : `${job.expiresAt}（已过期）`;

/** An import's file name, as its job recorded it. */
export const jobFileNameText = (job: Pick<JobRecord, 'result'>): string =>
  String(job.result?.fileName ?? '—');
