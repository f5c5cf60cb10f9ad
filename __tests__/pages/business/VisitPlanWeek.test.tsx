// 拜访计划's week calendar (view=week): the week's plans asked of the server with their outlets, one row per
// rep and a column per day Monday to Sunday, each plan a card (route, status, visited/planned, outlets with
// their state and check-in time); 上一周/下一周 ask for the next range; a card opens the plan's 明细, a visited
// outlet opens 拜访详情; 列表 switches back to the list.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import * as visitsApi from '../../../src/api/visits';
import * as usersApi from '../../../src/api/systemUser';
import VisitPlanListPage, { spacedTimes } from '../../../src/pages/business/visit/VisitPlanListPage';
import { mondayOf } from '../../../src/pages/business/visit/VisitPlanWeek';
import { ok } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/visits');
jest.mock('../../../src/api/systemUser');
jest.setTimeout(60000);

const visits = jest.mocked(visitsApi);
const users = jest.mocked(usersApi);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
const DAY = 'YYYY-MM-DD';
const monday = mondayOf(dayjs());
const wednesday = monday.add(2, 'day').format(DAY);

const item = (over: Partial<visitsApi.VisitPlanItem>): visitsApi.VisitPlanItem => ({
  id: 'i1',
  planId: 'p1',
  seq: 1,
  customerId: 'c1',
  customerName: '天河便利店',
  customerCode: 'S0000001',
  purpose: '巡店',
  plannedTime: null,
  mustVisit: true,
  status: 'VISITED',
  status_dictText: '已拜访',
  visitRecordId: 'v1',
  checkInAt: `${monday.format(DAY)} 09:10:00`,
  abnormalFlags: [],
  ...over,
});

const plan = (over: Partial<visitsApi.VisitPlan>): visitsApi.VisitPlan => ({
  id: 'p1',
  planNo: 'VP202611230001',
  planDate: monday.format(DAY),
  employeeId: 'u1',
  employeeName: '赵磊',
  planType: 'ROUTE',
  planType_dictText: '线路计划',
  routeId: 'r1',
  routeName: '天河周一线',
  plannedCount: 2,
  visitedCount: 1,
  completionRate: 50,
  status: 'IN_PROGRESS',
  status_dictText: '执行中',
  remark: null,
  ...over,
});

const week = [
  plan({
    items: [
      item({}),
      item({
        id: 'i2',
        seq: 2,
        customerName: '越秀食杂店',
        status: 'PENDING',
        status_dictText: '待拜访',
        visitRecordId: null,
        checkInAt: null,
      }),
    ],
  }),
  plan({
    id: 'p2',
    planNo: 'VP202611250001',
    planDate: wednesday,
    employeeId: 'u2',
    employeeName: '李娜',
    planType: 'TEMP',
    planType_dictText: '临时计划',
    routeId: null,
    routeName: null,
    plannedCount: 1,
    visitedCount: 0,
    status: 'SUBMITTED',
    status_dictText: '已提交',
    items: [
      item({
        id: 'i3',
        planId: 'p2',
        customerName: '番禺烟酒行',
        status: 'PENDING',
        status_dictText: '待拜访',
        visitRecordId: null,
        checkInAt: null,
      }),
    ],
  }),
];

afterEach(() => jest.clearAllMocks());

it('shows the week by rep, moves between weeks, opens a plan and a visit, and switches to the list', async () => {
  visits.listPlans.mockImplementation((params) =>
    Promise.resolve(
      page(params.withItems === 'true' && params.planDate_begin === monday.format(DAY) ? week : []),
    ),
  );
  visits.planById.mockResolvedValue(
    ok({
      id: 'p1',
      planNo: 'VP202611230001',
      planDate: monday.format(DAY),
      employeeName: '赵磊',
      status_dictText: '执行中',
      items: week[0].items!,
    }),
  );
  visits.visitById.mockReturnValue(new Promise(() => undefined));
  users.listUsers.mockResolvedValue(page([]));
  const { search } = await renderSystemPage(<VisitPlanListPage />, {
    path: '/eVisit/plan?view=week',
    codes: ['visitPlan:add'],
  });

  const zhao = (await screen.findByText('天河周一线')).closest('tr')!;
  expect(visits.listPlans).toHaveBeenCalledWith(
    expect.objectContaining({
      planDate_begin: monday.format(DAY),
      planDate_end: monday.add(6, 'day').format(DAY),
      withItems: 'true',
      pageSize: 200,
    }),
  );
  // The rep, then Monday … Sunday: 赵磊's route plan is on Monday with its outlets and the visit's time.
  expect(within(zhao).getByText('赵磊')).toBeInTheDocument();
  expect(within(zhao).getByText('本周 1/2 家')).toBeInTheDocument();
  const cells = zhao.querySelectorAll('td');
  const mondayCell = cells[1] as HTMLElement;
  expect(within(mondayCell).getByText('执行中')).toBeInTheDocument();
  expect(within(mondayCell).getByText('已访 1/2')).toBeInTheDocument();
  expect(within(mondayCell).getByText('天河便利店')).toBeInTheDocument();
  expect(within(mondayCell).getByText('09:10')).toBeInTheDocument();
  expect(within(mondayCell).getByText('越秀食杂店')).toBeInTheDocument();
  expect(within(mondayCell).getByText('待拜访')).toBeInTheDocument();
  expect(within(cells[2] as HTMLElement).queryByRole('button')).toBeNull();
  // 李娜's submitted temporary plan is on Wednesday, in her own row.
  const li = screen.getByText('李娜').closest('tr')!;
  const liWednesday = li.querySelectorAll('td')[3] as HTMLElement;
  expect(within(liWednesday).getByText('临时计划')).toBeInTheDocument();
  expect(within(liWednesday).getByText('已提交')).toBeInTheDocument();
  expect(within(liWednesday).getByText('番禺烟酒行')).toBeInTheDocument();

  // A visited outlet opens 拜访详情, the card the plan's 明细.
  await userEvent.click(within(mondayCell).getByRole('button', { name: '拜访详情 天河便利店' }));
  expect(visits.visitById).toHaveBeenCalledWith('v1');
  expect(visits.planById).not.toHaveBeenCalled();
  await userEvent.click(within(mondayCell).getByText('已访 1/2'));
  expect(
    await screen.findByText(`计划明细：VP202611230001（${monday.format(DAY)} 赵磊）`),
  ).toBeInTheDocument();
  expect(visits.planById).toHaveBeenCalledWith('p1');

  // Next week: the following Monday to Sunday, empty.
  await userEvent.click(screen.getByRole('button', { name: '下一周' }));
  await waitFor(() =>
    expect(visits.listPlans).toHaveBeenLastCalledWith(
      expect.objectContaining({
        planDate_begin: monday.add(7, 'day').format(DAY),
        planDate_end: monday.add(13, 'day').format(DAY),
      }),
    ),
  );
  expect(await screen.findByText('本周没有拜访计划')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: '上一周' }));
  expect(await screen.findByText('天河周一线')).toBeInTheDocument();

  await userEvent.click(screen.getByText('列表'));
  await waitFor(() => expect(search()).not.toContain('view=week'));
  expect((await screen.findAllByText('计划家数')).length).toBeGreaterThan(0);
});

it('spaces a temporary plan’s 计划时间 from the first outlet’s, none past the day and none without a start', () => {
  expect(spacedTimes(['a', 'b', 'c'], dayjs('2026-11-27 09:30'), 45)).toEqual({
    a: '09:30',
    b: '10:15',
    c: '11:00',
  });
  expect(spacedTimes(['a', 'b'], dayjs('2026-11-27 23:40'), 30)).toEqual({ a: '23:40' });
  expect(spacedTimes(['a'], null, 30)).toBeUndefined();
});
