// The header's ring of the user's background jobs' overall progress (issue #16); its popover lists each with
// its bar and leads to 下载中心. Its own chunk: JobProgressIndicator loads it while some job is active.
import { Button, Popover, Progress, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { JOB_STATUS, jobPercent, type JobProgress } from '../../../common/jobs';
import { openDownloadCenter } from './sagas';

/** Rows done over rows in all, across the jobs whose total is known. */
export function overallPercent(jobs: JobProgress[]): number {
  const known = jobs.filter((job) => job.total !== null);
  const total = known.reduce((sum, job) => sum + (job.total ?? 0), 0);
  const done = known.reduce((sum, job) => sum + Math.min(job.done, job.total ?? 0), 0);
  return jobPercent(done, total) ?? 0;
}

export default function JobProgressRing({ jobs }: { jobs: JobProgress[] }) {
  const content = (
    <Space direction="vertical" style={{ width: 260 }}>
      {jobs.map((job) => (
        <div key={job.id}>
          <Typography.Text>
            {job.title} · {JOB_STATUS[job.status]}
          </Typography.Text>
          <Progress
            percent={jobPercent(job.done, job.total) ?? 0}
            size="small"
            aria-label={`${job.title}进度`}
          />
        </div>
      ))}
      <Button type="link" size="small" icon={<DownloadOutlined />} onClick={openDownloadCenter}>
        前往下载中心
      </Button>
    </Space>
  );
  return (
    <Popover content={content} title="后台任务" placement="bottomRight">
      <span
        className="header-action"
        role="button"
        tabIndex={0}
        aria-label={`后台任务 ${jobs.length} 个进行中`}
      >
        <Progress type="circle" size={22} percent={overallPercent(jobs)} showInfo={false} />
      </span>
    </Popover>
  );
}
