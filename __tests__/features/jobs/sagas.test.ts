// Job progress (issue #16): every branch of the jobs saga — the active jobs loaded when the session starts
// (answered, refused, transport failure), an export queued in 下载中心, each pushed state (running, an export
// done, an import done, failed, cancelled), 取消 (done, refused, transport failure) — and the slice.
import { expectSaga, testSaga } from 'redux-saga-test-plan';
import type { Envelope } from '../../../common/contract';
import type { JobProgress, JobRecord } from '../../../common/jobs';
import { exportQueued, HttpError } from '../../../src/api/http';
import { activeJobs, cancelJob } from '../../../src/api/jobs';
import {
  cancelJobRequested,
  followQueuedExport,
  handleJobPushed,
  JOB_NOTICE_TEXTS,
  jobsSaga,
  loadActiveJobs,
  openDownloadCenter,
} from '../../../src/features/jobs/sagas';
import {
  activeJobsLoaded,
  jobCancelRequested,
  jobProgressed,
  jobPushed,
  jobsReducer,
  toProgress,
} from '../../../src/features/jobs/slice';
import { menuLoaded } from '../../../src/features/permissions/slice';
import { loggedOut } from '../../../src/features/session/slice';
import { notify, notifyWithAction, toast } from '../../../src/utils/notifier';

const record = (overrides: Partial<JobRecord> = {}): JobRecord => ({
  id: 'j1',
  category: 'EXPORT',
  title: '客户列表',
  status: 'RUNNING',
  status_dictText: '进行中',
  done: 400,
  total: 6000,
  percent: 6,
  fileName: null,
  fileSize: null,
  downloadable: false,
  expiresAt: null,
  error: null,
  result: null,
  createTime: '2026-11-26 10:00:00',
  finishedAt: null,
  ...overrides,
});

const answer = <T>(result: T, success = true, message = ''): Envelope<T> => ({
  success,
  message,
  code: success ? 200 : 409,
  result,
  timestamp: 0,
});

const progress = (overrides: Partial<JobProgress> = {}): JobProgress => ({
  id: 'j1',
  category: 'EXPORT',
  title: '客户列表',
  status: 'RUNNING',
  done: 400,
  total: 6000,
  ...overrides,
});

describe('jobsSaga', () => {
  it('loads the active jobs with the menu and follows queued exports, pushes and cancels', () => {
    testSaga(jobsSaga)
      .next()
      .takeLatest(menuLoaded.type, loadActiveJobs)
      .next()
      .takeEvery(exportQueued.type, followQueuedExport)
      .next()
      .takeEvery(jobPushed.type, handleJobPushed)
      .next()
      .takeEvery(jobCancelRequested.type, cancelJobRequested)
      .next()
      .isDone();
  });
});

describe('loadActiveJobs', () => {
  it('puts the queued and running jobs', () => {
    testSaga(loadActiveJobs)
      .next()
      .call(activeJobs)
      .next(answer([record()]))
      .put(activeJobsLoaded([progress()]))
      .next()
      .isDone();
  });

  it('puts nothing when refused', () => {
    testSaga(loadActiveJobs)
      .next()
      .call(activeJobs)
      .next(answer([], false, '无权访问'))
      .isDone();
  });

  it('puts nothing when the request fails (the HTTP layer has said so)', () => {
    testSaga(loadActiveJobs)
      .next()
      .call(activeJobs)
      .throw(new HttpError({ status: 500 } as never, null))
      .isDone();
  });
});

describe('followQueuedExport', () => {
  it('shows the job as queued in the header and says where the file will be', () => {
    const message = '导出数据共 6000 条，已转入下载中心生成，完成后请到下载中心下载';
    testSaga(followQueuedExport, exportQueued({ jobId: 'j1', title: '客户列表', total: 6000, message }))
      .next()
      .put(jobProgressed(progress({ status: 'QUEUED', done: 0 })))
      .next()
      .call(
        notifyWithAction,
        JOB_NOTICE_TEXTS.queuedTitle,
        message,
        JOB_NOTICE_TEXTS.goThere,
        openDownloadCenter,
      )
      .next()
      .isDone();
  });
});

describe('handleJobPushed', () => {
  it('moves the progress of a running job, nothing more', () => {
    testSaga(handleJobPushed, jobPushed(progress())).next().put(jobProgressed(progress())).next().isDone();
  });

  it('tells that an export is made, with 前往下载中心', () => {
    const done = progress({ status: 'SUCCEEDED', done: 6000 });
    testSaga(handleJobPushed, jobPushed(done))
      .next()
      .put(jobProgressed(done))
      .next()
      .call(
        notifyWithAction,
        JOB_NOTICE_TEXTS.doneTitle,
        '客户列表已生成，请到下载中心下载',
        JOB_NOTICE_TEXTS.goThere,
        openDownloadCenter,
        'job-j1',
      )
      .next()
      .isDone();
  });

  it('leaves a finished import to its own screen', () => {
    const done = progress({ category: 'IMPORT', title: '客户导入', status: 'SUCCEEDED' });
    testSaga(handleJobPushed, jobPushed(done)).next().put(jobProgressed(done)).next().isDone();
  });

  it('tells that a job failed', () => {
    const failed = progress({ status: 'FAILED' });
    testSaga(handleJobPushed, jobPushed(failed))
      .next()
      .put(jobProgressed(failed))
      .next()
      .call(notify, 'error', '客户列表失败', JOB_NOTICE_TEXTS.failedDetail)
      .next()
      .isDone();
  });

  it('says nothing of a cancelled job', () => {
    const cancelled = progress({ status: 'CANCELLED' });
    testSaga(handleJobPushed, jobPushed(cancelled)).next().put(jobProgressed(cancelled)).next().isDone();
  });
});

describe('cancelJobRequested', () => {
  it('cancels, says so and shows the job as it now stands', () => {
    const cancelled = record({ status: 'CANCELLED' });
    testSaga(cancelJobRequested, jobCancelRequested({ id: 'j1' }))
      .next()
      .call(cancelJob, 'j1')
      .next(answer(cancelled, true, '已取消'))
      .call(toast, 'success', '已取消')
      .next()
      .put(jobProgressed(toProgress(cancelled)))
      .next()
      .isDone();
  });

  it("shows the server's refusal", () => {
    testSaga(cancelJobRequested, jobCancelRequested({ id: 'j1' }))
      .next()
      .call(cancelJob, 'j1')
      .next(answer(null, false, '任务已结束，无法取消'))
      .call(toast, 'warning', '任务已结束，无法取消')
      .next()
      .isDone();
  });

  it('ends quietly when the request fails (the HTTP layer has said so)', () => {
    testSaga(cancelJobRequested, jobCancelRequested({ id: 'j1' }))
      .next()
      .call(cancelJob, 'j1')
      .throw(new HttpError({ status: 500 } as never, null))
      .isDone();
  });
});

describe('jobs slice', () => {
  it('keeps a job while it runs, drops it at its end, counts every change, forgets all at logout', () => {
    let state = jobsReducer(
      undefined,
      activeJobsLoaded([progress(), progress({ id: 'j0', status: 'FAILED' })]),
    );
    expect(state.active.map((job) => job.id)).toEqual(['j1']);
    state = jobsReducer(state, jobProgressed(progress({ id: 'j2', status: 'QUEUED' })));
    state = jobsReducer(state, jobProgressed(progress({ done: 900 })));
    expect(state.active.map((job) => [job.id, job.done])).toEqual([
      ['j1', 900],
      ['j2', 400],
    ]);
    state = jobsReducer(state, jobProgressed(progress({ status: 'SUCCEEDED' })));
    expect(state.active.map((job) => job.id)).toEqual(['j2']);
    expect(state.changes).toBe(3);
    expect(jobsReducer(state, loggedOut())).toEqual({ active: [], changes: 0 });
  });

  it('runs with the store: a push moves the header', () =>
    expectSaga(jobsSaga)
      .withReducer(jobsReducer)
      .dispatch(jobPushed(progress()))
      .run({ timeout: 50, silenceTimeout: true })
      .then(({ storeState }) => {
        expect(storeState.active).toEqual([progress()]);
      }));
});
