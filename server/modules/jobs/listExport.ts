// 导出 of the 下载中心 list itself (issue #15): the caller's own jobs of one tab, as its filters select them,
// with that tab's column names — each tab shows other columns, so each has its export.
import {
  JOB_CATEGORY_TABS,
  JOB_STATUS,
  jobCountText,
  jobExpiryText,
  jobFileNameText,
  jobFileSizeText,
  jobRowsText,
  type JobCategory,
  type JobRecord,
} from '../../../common/jobs';
import { defineListExport, type ExportColumn, type ExportDefinition } from '../shared/excel';
import { listJobs } from './service';

const status: ExportColumn<JobRecord> = {
  header: '状态',
  width: 12,
  // A failure's reason is under its status on the screen: in the file, after it.
  value: (job) =>
    job.status === 'FAILED' && job.error ? `${JOB_STATUS.FAILED}：${job.error}` : JOB_STATUS[job.status],
};
const created = (header: string): ExportColumn<JobRecord> => ({
  header,
  width: 20,
  value: (job) => job.createTime,
});
const finished: ExportColumn<JobRecord> = { header: '完成时间', width: 20, value: (job) => job.finishedAt };

const COLUMNS: Record<JobCategory, ExportColumn<JobRecord>[]> = {
  EXPORT: [
    { header: '文件', width: 30, value: (job) => job.title },
    status,
    { header: '行数', width: 14, value: jobRowsText },
    { header: '大小', width: 10, value: jobFileSizeText },
    created('创建时间'),
    finished,
    { header: '保留至', width: 28, value: jobExpiryText },
  ],
  IMPORT: [
    { header: '导入', width: 24, value: (job) => job.title },
    { header: '文件名', width: 30, value: jobFileNameText },
    status,
    { header: '总行数', width: 10, value: (job) => jobCountText(job, 'totalRows') },
    { header: '成功', width: 10, value: (job) => jobCountText(job, 'imported') },
    { header: '失败行', width: 10, value: (job) => jobCountText(job, 'failedRows') },
    created('导入时间'),
  ],
  TASK: [
    { header: '任务', width: 30, value: (job) => job.title },
    status,
    { header: '已处理', width: 14, value: jobRowsText },
    created('创建时间'),
    finished,
  ],
};

/** The export of each tab, the list read with that tab's category whatever the query says. */
export const JOB_LIST_EXPORTS = Object.fromEntries(
  (Object.keys(COLUMNS) as JobCategory[]).map((category) => [
    category,
    defineListExport<JobRecord>(
      `jobs-${category}`,
      JOB_CATEGORY_TABS[category],
      COLUMNS[category],
      (db, caller, query) => listJobs(db, caller, { ...query, category }),
    ),
  ]),
) as Record<JobCategory, ExportDefinition<JobRecord>>;
