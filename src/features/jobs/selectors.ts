import type { RootState } from '../../store';

export const selectActiveJobs = (state: RootState) => state.jobs.active;
export const selectJobChanges = (state: RootState) => state.jobs.changes;
