// 导出 of 经销商月报 and 达成报表 (issue #15): each exports what the page shows — the month and grouping, the
// period, indicator and department drilled into — through the shared export (下载中心 when large).
import { screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { ACHIEVEMENT_COLUMNS, DEALER_MONTHLY_COLUMNS } from '../../../common/kpi';
import * as kpiApi from '../../../src/api/kpi';
import DealerMonthlyPage from '../../../src/pages/business/kpi/DealerMonthlyPage';
import KpiAchievementPage from '../../../src/pages/business/kpi/KpiAchievementPage';
import { buttonByText, ok, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/kpi');
jest.setTimeout(60000);

const api = jest.mocked(kpiApi);
const headers = () =>
  screen.getAllByRole('columnheader').map((header) => header.textContent?.replace(/\s/g, '') ?? '');

afterEach(() => jest.clearAllMocks());

it('经销商月报 exports the month and grouping shown, under the columns shown', async () => {
  const user = setupUser();
  api.dealerMonthly.mockResolvedValue(ok({ groups: [] }));
  api.exportDealerMonthly.mockResolvedValue(null);
  await renderSystemPage(<DealerMonthlyPage />, {
    path: '/eStoneKpi/dealerMonthly',
    codes: ['report:dealer'],
  });
  await waitFor(() => expect(api.dealerMonthly).toHaveBeenCalled());
  await user.click(screen.getByText('按办事处'));
  await user.click(buttonByText(/导\s*出/));
  await waitFor(() =>
    expect(api.exportDealerMonthly).toHaveBeenCalledWith({ month: dayjs().format('YYYY-MM'), level: 3 }),
  );
  // The page's columns, whose names the export (server/modules/kpi/dealerReports.ts) uses.
  expect(headers()).toEqual(Object.values(DEALER_MONTHLY_COLUMNS));
});

it('达成报表 exports the period, indicator and department shown', async () => {
  const user = setupUser();
  api.achievementReport.mockResolvedValue(
    ok({
      period: dayjs().format('YYYY-MM'),
      indicatorCode: 'SALES_AMOUNT',
      snapshotDate: null,
      parent: { orgCode: 'A01', name: '总部' },
      path: [{ orgCode: 'A01', name: '总部' }],
      total: null,
      rows: [
        {
          subjectType: 'ORG',
          subjectId: 'A01A02',
          subjectName: '华南大区',
          orgCode: 'A01A02',
          hasChildren: true,
          indicatorCode: 'SALES_AMOUNT',
          actualValue: 10,
          targetValue: 20,
          achievementRate: 0.5,
          timeProgressRate: 0.5,
          gapToTarget: 10,
          rankInParent: 1,
          rankTotal: 1,
          colour: 'green',
        },
      ],
    }),
  );
  api.exportAchievement.mockResolvedValue(null);
  await renderSystemPage(<KpiAchievementPage />, { path: '/eStoneKpi/achievement', codes: ['kpi:report'] });
  // Drilled into 华南大区: the export is of that department.
  await user.click(await screen.findByText('华南大区', { selector: 'button, button > span' }));
  await waitFor(() =>
    expect(api.achievementReport).toHaveBeenLastCalledWith(expect.objectContaining({ orgCode: 'A01A02' })),
  );
  await user.click(buttonByText(/导\s*出/));
  await waitFor(() =>
    expect(api.exportAchievement).toHaveBeenCalledWith({
      period: dayjs().format('YYYY-MM'),
      indicatorCode: 'SALES_AMOUNT',
      orgCode: 'A01A02',
    }),
  );
  expect(headers()).toEqual(Object.values(ACHIEVEMENT_COLUMNS));
});
