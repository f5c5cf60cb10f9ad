// 下载中心 and 导入记录 (spec §7 /eDownload/list, docs/jobs-api.md): the signed-in user's background jobs.
import type { Page } from '../../common/contract';
import { JOB_CATEGORY_TABS, type JobCategory, type JobRecord } from '../../common/jobs';
import { downloadFile, getAction, postAction } from './http';
import type { ListParams } from './systemTypes';

export const listJobs = (params: ListParams) => getAction<Page<JobRecord>>('/eDownload/list', params);
/** 导出 of one tab of the list (the params carry its category), as its filters select. */
export const exportJobs = (params: ListParams) =>
  downloadFile(
    '/eDownload/exportXls',
    `${JOB_CATEGORY_TABS[(params.category as JobCategory | undefined) ?? 'EXPORT']}.xlsx`,
    params,
  );

/** The user's jobs still queued or running (the header's progress after a reload). */
export const activeJobs = () => getAction<JobRecord[]>('/eDownload/active');

export const cancelJob = (id: string) => postAction<JobRecord>('/eDownload/cancel', { id });

export const downloadJobFile = (job: Pick<JobRecord, 'id' | 'fileName'>) =>
  downloadFile('/eDownload/download', job.fileName ?? undefined, { id: job.id });
