// 下载中心 (issue #15): each tab's 导出 sends that tab's category and the filters shown, every page; the cells
// read as the export writes them (rows, size, expiry).
import { screen, waitFor } from '@testing-library/react';
import type { JobRecord } from '../../common/jobs';
import * as jobsApi from '../../src/api/jobs';
import DownloadListPage from '../../src/pages/download/DownloadListPage';
import { ok, setupUser } from '../support/signIn';
import { renderSystemPage } from '../support/systemPage';

jest.mock('../../src/api/jobs');
jest.setTimeout(60000);

const jobs = jest.mocked(jobsApi);

const job = (over: Partial<JobRecord>): JobRecord => ({
  id: 'j1',
  category: 'EXPORT',
  title: '客户列表',
  status: 'SUCCEEDED',
  status_dictText: '已完成',
  done: 120,
  total: 120,
  percent: 100,
  fileName: '客户列表.xlsx',
  fileSize: 20480,
  downloadable: false,
  expiresAt: '2026-11-30 10:00:00',
  error: null,
  result: { rows: 120 },
  createTime: '2026-11-23 10:00:00',
  finishedAt: '2026-11-23 10:00:05',
  ...over,
});

afterEach(() => jest.clearAllMocks());

it('exports the tab shown with its filters', async () => {
  const user = setupUser();
  jobs.listJobs.mockResolvedValue(ok({ records: [job({})], total: 1, size: 10, current: 1, pages: 1 }));
  jobs.exportJobs.mockResolvedValue(null);
  await renderSystemPage(<DownloadListPage />, { path: '/eDownload/list?category=EXPORT&status=SUCCEEDED' });
  expect(await screen.findByText('120 / 120')).toBeInTheDocument();
  // An expired file is marked so and shows no size.
  expect(screen.getByText('2026-11-30 10:00:00（已过期）')).toBeInTheDocument();
  expect(jobs.listJobs).toHaveBeenCalledWith(
    expect.objectContaining({ category: 'EXPORT', status: 'SUCCEEDED', pageNo: 1 }),
  );

  await user.click(screen.getByRole('button', { name: /导\s*出/ }));
  await waitFor(() => expect(jobs.exportJobs).toHaveBeenCalledTimes(1));
  const [params] = jobs.exportJobs.mock.calls[0]!;
  expect(params).toMatchObject({ category: 'EXPORT', status: 'SUCCEEDED' });
  expect(params).not.toHaveProperty('pageNo');

  await user.click(screen.getByRole('tab', { name: '导入记录' }));
  await waitFor(() =>
    expect(jobs.listJobs).toHaveBeenLastCalledWith(expect.objectContaining({ category: 'IMPORT' })),
  );
  await user.click(screen.getByRole('button', { name: /导\s*出/ }));
  await waitFor(() =>
    expect(jobs.exportJobs).toHaveBeenLastCalledWith(expect.objectContaining({ category: 'IMPORT' })),
  );
});
