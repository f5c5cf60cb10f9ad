// Job progress (issue #16): the user's active jobs are loaded when the session starts; an export that went to
// 下载中心 is followed from its answer on; every push of a job moves the header's progress and, at the end, a
// notice says so (a finished export with 前往下载中心); 取消 asks the server and reports its answer.
import type { SagaIterator } from 'redux-saga';
import { call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { Envelope } from '../../../common/contract';
import { DOWNLOAD_CENTER_PATH, type JobRecord } from '../../../common/jobs';
import { exportQueued } from '../../api/http';
import { activeJobs, cancelJob } from '../../api/jobs';
import { navigateTo } from '../../router/navigator';
import { notify, notifyWithAction, toast } from '../../utils/notifier';
import { menuLoaded } from '../permissions/slice';
import { activeJobsLoaded, jobCancelRequested, jobProgressed, jobPushed, toProgress } from './slice';

export const JOB_NOTICE_TEXTS = {
  queuedTitle: '已转入下载中心',
  doneTitle: '导出完成',
  done: (title: string) => `${title}已生成，请到下载中心下载`,
  failed: (title: string) => `${title}失败`,
  failedDetail: '请到下载中心查看原因',
  goThere: '前往下载中心',
} as const;

export const openDownloadCenter = () => navigateTo(DOWNLOAD_CENTER_PATH);

/** The user's queued and running jobs; a failed load leaves the header empty (the pushes still come). */
export function* loadActiveJobs(): SagaIterator {
  try {
    const envelope: Envelope<JobRecord[]> = yield call(activeJobs);
    if (envelope.success) yield put(activeJobsLoaded(envelope.result.map(toProgress)));
  } catch {
    // Shown by the HTTP layer.
  }
}

export function* followQueuedExport({ payload }: ReturnType<typeof exportQueued>): SagaIterator {
  yield put(
    jobProgressed({
      id: payload.jobId,
      category: 'EXPORT',
      title: payload.title,
      status: 'QUEUED',
      done: 0,
      total: payload.total,
    }),
  );
  yield call(
    notifyWithAction,
    JOB_NOTICE_TEXTS.queuedTitle,
    payload.message,
    JOB_NOTICE_TEXTS.goThere,
    openDownloadCenter,
  );
}

export function* handleJobPushed({ payload: job }: ReturnType<typeof jobPushed>): SagaIterator {
  yield put(jobProgressed(job));
  if (job.status === 'SUCCEEDED' && job.category === 'EXPORT') {
    yield call(
      notifyWithAction,
      JOB_NOTICE_TEXTS.doneTitle,
      JOB_NOTICE_TEXTS.done(job.title),
      JOB_NOTICE_TEXTS.goThere,
      openDownloadCenter,
      `job-${job.id}`,
    );
  } else if (job.status === 'FAILED') {
    yield call(notify, 'error', JOB_NOTICE_TEXTS.failed(job.title), JOB_NOTICE_TEXTS.failedDetail);
  }
}

export function* cancelJobRequested({ payload }: ReturnType<typeof jobCancelRequested>): SagaIterator {
  try {
    const envelope: Envelope<JobRecord> = yield call(cancelJob, payload.id);
    if (!envelope.success) {
      yield call(toast, 'warning', envelope.message);
      return;
    }
    yield call(toast, 'success', envelope.message);
    yield put(jobProgressed(toProgress(envelope.result)));
  } catch {
    // Shown by the HTTP layer.
  }
}

export function* jobsSaga(): SagaIterator {
  // The access gate loads the menu once per page load of a signed-in user: the session is live.
  yield takeLatest(menuLoaded.type, loadActiveJobs);
  yield takeEvery(exportQueued.type, followQueuedExport);
  yield takeEvery(jobPushed.type, handleJobPushed);
  yield takeEvery(jobCancelRequested.type, cancelJobRequested);
}
