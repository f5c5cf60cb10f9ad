// The signed-in user's background jobs as the header shows them (issue #16): the ones queued or running,
// with their progress from the push socket, and a counter of changes that the 下载中心 page reloads on.
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { JobProgress, JobRecord } from '../../../common/jobs';
import { loggedOut, tokenInvalidated } from '../session/slice';

export interface JobsState {
  /** Queued and running jobs, oldest first. */
  active: JobProgress[];
  /** Goes up whenever a job moves: lists of jobs load again. */
  changes: number;
}

const initialState: JobsState = { active: [], changes: 0 };

const isActive = (job: JobProgress) => job.status === 'QUEUED' || job.status === 'RUNNING';

export const toProgress = (record: JobRecord): JobProgress => ({
  id: record.id,
  category: record.category,
  title: record.title,
  status: record.status,
  done: record.done,
  total: record.total,
});

const jobsSlice = createSlice({
  name: 'jobs',
  initialState,
  reducers: {
    activeJobsLoaded: (state, action: PayloadAction<JobProgress[]>) => {
      state.active = action.payload.filter(isActive);
    },
    /** A job's new state (pushed, or known from an export's answer): kept while active, dropped at its end. */
    jobProgressed: (state, { payload }: PayloadAction<JobProgress>) => {
      const others = state.active.filter((job) => job.id !== payload.id);
      const at = state.active.findIndex((job) => job.id === payload.id);
      if (isActive(payload)) {
        state.active =
          at < 0 ? [...others, payload] : state.active.map((job, i) => (i === at ? payload : job));
      } else state.active = others;
      state.changes += 1;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState).addCase(tokenInvalidated, () => initialState);
  },
});

export const { activeJobsLoaded, jobProgressed } = jobsSlice.actions;
export const jobsReducer = jobsSlice.reducer;

/** A frame `cmd: 'job'` of the push socket. */
export const jobPushed = createAction<JobProgress>('jobs/pushed');
/** 取消 of a job in 下载中心. */
export const jobCancelRequested = createAction<{ id: string }>('jobs/cancelRequested');
