// The header's progress of the user's background jobs (issue #16): shown while some are queued or running, a
// ring of their overall progress (JobProgressRing, loaded then: most sessions never show it).
import { lazy, Suspense } from 'react';
import { useAppSelector } from '../../store/hooks';
import { selectActiveJobs } from './selectors';

const JobProgressRing = lazy(() => import(/* webpackChunkName: "job-progress" */ './JobProgressRing'));

export function JobProgressIndicator() {
  const jobs = useAppSelector(selectActiveJobs);
  if (jobs.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <JobProgressRing jobs={jobs} />
    </Suspense>
  );
}
