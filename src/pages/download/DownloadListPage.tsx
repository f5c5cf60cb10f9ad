// 下载中心 (spec §7 /eDownload/list, issue #16): the user's own exports that were too large to send at once —
// with their progress while they are made, 下载 for 7 days once made, 取消 while queued or running — and, on
// the 导入记录 tab, their imports with the counts and the error file to download. Pushed progress moves the
// rows at once; a job's end reloads the list.
import { useEffect } from 'react';
import { Button, Form, Progress, Space, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useSearchParams } from 'react-router';
import {
  JOB_CATEGORY_TABS,
  JOB_STATUS,
  jobCountText,
  jobExpiryText,
  jobFileNameText,
  jobFileSizeText,
  jobPercent,
  jobRowsText,
  type JobCategory,
  type JobRecord,
} from '../../../common/jobs';
import { downloadJobFile, exportJobs, listJobs } from '../../api/jobs';
import { EnumSelect } from '../../components/form/EnumSelect';
import { ListPage } from '../../components/table/ListPage';
import { useListPage } from '../../components/table/useListPage';
import { jobCancelRequested } from '../../features/jobs/slice';
import { selectActiveJobs, selectJobChanges } from '../../features/jobs/selectors';
import { useAppDispatch, useAppSelector } from '../../store/hooks';

const STATUS_COLOR: Record<string, string> = {
  QUEUED: 'blue',
  RUNNING: 'processing',
  SUCCEEDED: 'green',
  FAILED: 'red',
  CANCELLED: 'default',
};

const CATEGORIES = Object.keys(JOB_CATEGORY_TABS) as JobCategory[];

function JobTable({ category }: { category: JobCategory }) {
  const dispatch = useAppDispatch();
  const changes = useAppSelector(selectJobChanges);
  const active = useAppSelector(selectActiveJobs);
  const list = useListPage<JobRecord>({
    filterKeys: ['status'],
    sortKeys: ['createTime'],
    defaultSort: { column: 'createTime', order: 'desc' },
    fixedParams: { category },
    fetch: (params) => listJobs(params),
  });
  const { reload } = list;
  // A job moved (pushed, queued, cancelled): the rows show where it stands now.
  useEffect(() => {
    if (changes > 0) reload();
  }, [changes, reload]);

  const progressOf = (job: JobRecord) => {
    const live = active.find((each) => each.id === job.id);
    return live ? { ...job, status: live.status, done: live.done, total: live.total } : job;
  };

  const statusColumn: ColumnsType<JobRecord>[number] = {
    title: '状态',
    key: 'status',
    width: 220,
    render: (_value, record) => {
      const job = progressOf(record);
      if (job.status === 'RUNNING' || job.status === 'QUEUED') {
        const percent = jobPercent(job.done, job.total);
        return (
          <Space direction="vertical" size={0} style={{ width: '100%' }}>
            <Tag color={STATUS_COLOR[job.status]}>{JOB_STATUS[job.status]}</Tag>
            <Progress percent={percent ?? 0} size="small" aria-label={`${job.title}进度`} />
          </Space>
        );
      }
      return (
        <Space direction="vertical" size={0}>
          <Tag color={STATUS_COLOR[job.status]}>{JOB_STATUS[job.status]}</Tag>
          {job.status === 'FAILED' && job.error && (
            <Typography.Text type="danger">{job.error}</Typography.Text>
          )}
        </Space>
      );
    },
  };

  const actions: ColumnsType<JobRecord>[number] = {
    title: '操作',
    key: 'actions',
    render: (_value, record) => {
      const job = progressOf(record);
      return (
        <Space>
          {job.downloadable && (
            <Button type="link" size="small" onClick={() => void downloadJobFile(job)}>
              {category === 'IMPORT' ? '下载错误文件' : '下载'}
            </Button>
          )}
          {(job.status === 'QUEUED' || job.status === 'RUNNING') && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() => dispatch(jobCancelRequested({ id: job.id }))}
            >
              取消
            </Button>
          )}
        </Space>
      );
    },
  };

  const rowsColumn = (title: string): ColumnsType<JobRecord>[number] => ({
    title,
    key: 'rows',
    render: (_value, record) => {
      return jobRowsText(progressOf(record));
    },
  });

  const columnsOf: Record<JobCategory, ColumnsType<JobRecord>> = {
    EXPORT: [
      { title: '文件', dataIndex: 'title', key: 'title' },
      statusColumn,
      rowsColumn('行数'),
      {
        title: '大小',
        key: 'size',
        render: (_value, job) => jobFileSizeText(job),
      },
      { title: '创建时间', dataIndex: 'createTime', key: 'createTime', sorter: true },
      { title: '完成时间', dataIndex: 'finishedAt', key: 'finishedAt' },
      {
        title: '保留至',
        key: 'expiresAt',
        render: (_value, job) => jobExpiryText(job),
      },
      actions,
    ],
    IMPORT: [
      { title: '导入', dataIndex: 'title', key: 'title' },
      { title: '文件名', key: 'fileName', render: (_value, job) => jobFileNameText(job) },
      statusColumn,
      { title: '总行数', key: 'totalRows', render: (_value, job) => jobCountText(job, 'totalRows') },
      { title: '成功', key: 'imported', render: (_value, job) => jobCountText(job, 'imported') },
      { title: '失败行', key: 'failedRows', render: (_value, job) => jobCountText(job, 'failedRows') },
      { title: '导入时间', dataIndex: 'createTime', key: 'createTime', sorter: true },
      actions,
    ],
    // Calculations and rebuilds run on request (返利计算, 达成快照 ...): what ran, how far, when.
    TASK: [
      { title: '任务', dataIndex: 'title', key: 'title' },
      statusColumn,
      rowsColumn('已处理'),
      { title: '创建时间', dataIndex: 'createTime', key: 'createTime', sorter: true },
      { title: '完成时间', dataIndex: 'finishedAt', key: 'finishedAt' },
      actions,
    ],
  };
  const columns = columnsOf[category];

  return (
    <ListPage<JobRecord>
      list={list}
      columns={columns}
      // What the job is and where it stands (an import's failed rows too); the rest in the row's detail.
      compactColumns={['title', 'status', 'failedRows']}
      // The tab's rows as its filters select them, with its column names (the category is a fixed parameter).
      exportAs={exportJobs}
      searchFields={
        <Form.Item name="status" label="状态">
          <EnumSelect labels={JOB_STATUS} style={{ width: 120 }} placeholder="全部" />
        </Form.Item>
      }
    />
  );
}

export default function DownloadListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('category');
  const category: JobCategory = CATEGORIES.find((key) => key === asked) ?? 'EXPORT';
  return (
    <Tabs
      activeKey={category}
      onChange={(key) => setSearchParams({ category: key })}
      items={CATEGORIES.map((key) => ({
        key,
        label: JOB_CATEGORY_TABS[key],
        children: key === category ? <JobTable category={key} /> : null,
      }))}
    />
  );
}
