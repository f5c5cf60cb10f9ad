// 拜访日报 / 月报 (spec §2 /{product}/esaleanalysis/dmsdailyreport and /dmsmonthreport): the route picks the
// report, the period and 维度 from the URL go to the server (today by default), each row shows its counts,
// 合计 the whole, and 明细 opens 拜访记录 filtered to the visits counted.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import * as visitsApi from '../../../src/api/visits';
import VisitReportPage from '../../../src/pages/business/visit/VisitReportPage';
import { ok } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/visits');
jest.setTimeout(60000);

const visits = jest.mocked(visitsApi);

const counts = {
  dateBegin: '2026-11-01',
  dateEnd: '2026-11-30',
  plannedCount: 40,
  plannedVisitedCount: 30,
  completionRate: 75,
  totalVisits: 34,
  validVisits: 31,
  abnormalVisits: 3,
  outOfRangeCount: 2,
  avgStayMinutes: 18.5,
  ordersCount: 12,
  orderAmount: '8600.00',
  executionCount: 20,
  executionPassedCount: 17,
  executionPassRate: 85,
  coinsEarned: 320,
};

afterEach(() => jest.clearAllMocks());

it('shows a month per department with 合计 and drills down to the visit records', async () => {
  visits.visitReport.mockResolvedValue(
    ok({
      records: [
        {
          ...counts,
          key: 'A01A02A01',
          employeeId: null,
          employeeName: null,
          orgCode: 'A01A02A01',
          orgName: '广州办事处',
        },
      ],
      total: 1,
      size: 10,
      current: 1,
      pages: 1,
      summary: counts,
    }),
  );
  const view = await renderSystemPage(<VisitReportPage />, {
    path: '/dms/esaleanalysis/dmsmonthreport?month=2026-11&groupBy=org',
  });
  const row = (await screen.findByText('广州办事处')).closest('tr')!;
  expect(within(row).getByText('75%')).toBeInTheDocument();
  expect(within(row).getByText('18.5 分钟')).toBeInTheDocument();
  expect(within(row).getByText('¥8600.00')).toBeInTheDocument();
  expect(within(row).getByText('85%')).toBeInTheDocument();
  expect(within(row).getByText('320')).toBeInTheDocument();
  expect(screen.getByText('合计')).toBeInTheDocument();
  expect(visits.visitReport).toHaveBeenCalledWith(
    'monthly',
    expect.objectContaining({ month: '2026-11', groupBy: 'org' }),
  );
  await userEvent.click(within(row).getByRole('button', { name: '明细' }));
  expect(view.search()).toBe('visitDate_begin=2026-11-01&visitDate_end=2026-11-30&orgCode=A01A02A01');
});

it('asks the daily report for today when no day is chosen', async () => {
  visits.visitReport.mockResolvedValue(
    ok({ records: [], total: 0, size: 10, current: 1, pages: 0, summary: counts }),
  );
  await renderSystemPage(<VisitReportPage />, { path: '/dms/esaleanalysis/dmsdailyreport' });
  expect(await screen.findByText('合计')).toBeInTheDocument();
  expect(visits.visitReport).toHaveBeenCalledWith(
    'daily',
    expect.objectContaining({ date: dayjs().format('YYYY-MM-DD') }),
  );
});
