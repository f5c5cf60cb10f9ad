// 客户详情's outlet sections (headings: 最近拜访 is also a field of the record): 陈列协议, 最近拜访 and 门店执行 ask their lists for the customer's newest five and
// show them; without a section's list code the section is not there and its list is not asked.
import { screen, within } from '@testing-library/react';
import * as historyApi from '../../../src/api/changeHistory';
import * as customersApi from '../../../src/api/customers';
import * as displaysApi from '../../../src/api/displays';
import * as executionApi from '../../../src/api/execution';
import * as visitsApi from '../../../src/api/visits';
import { CustomerDrawer } from '../../../src/pages/business/customer/CustomerDrawer';
import { customer } from '../../support/customers';
import { ok } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/customers');
jest.mock('../../../src/api/changeHistory');
jest.mock('../../../src/api/displays');
jest.mock('../../../src/api/visits');
jest.mock('../../../src/api/execution');
jest.setTimeout(60000);

const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 5, current: 1, pages: 1 });

beforeEach(() => {
  jest.mocked(customersApi).customerPhotos.mockResolvedValue(ok([]));
  jest.mocked(customersApi).customerTeam.mockResolvedValue(ok([]));
  jest.mocked(historyApi).changeHistory.mockResolvedValue(ok([]));
  jest.mocked(displaysApi).listDisplayAgreements.mockResolvedValue(
    page([
      {
        id: 'd1',
        agreementNo: 'CL202611001',
        policyName: '冰柜端架陈列',
        startDate: '2026-11-01',
        endDate: '2027-10-31',
        monthlyFee: '300.00',
        status: 'ACTIVE',
        status_dictText: '执行中',
      } as displaysApi.DisplayAgreement,
    ]),
  );
  jest.mocked(visitsApi).listVisits.mockResolvedValue(
    page([
      {
        id: 'v1',
        checkInAt: '2026-11-20 10:00:00',
        employeeName: '李业务',
        durationText: '25分钟',
        status: 'COMPLETED',
        status_dictText: '已完成',
        isValid: true,
        executionScore: '92.5',
      } as visitsApi.VisitRecord,
    ]),
  );
  jest.mocked(executionApi).listResults.mockResolvedValue(
    page([
      {
        id: 'e1',
        executedAt: '2026-11-20 10:20:00',
        templateName: '便利店执行标准',
        templateVersion: 2,
        finalScore: 88,
        passed: true,
        vetoHit: false,
        reviewStatus: 'APPROVED',
        reviewStatus_dictText: '已通过',
      } as executionApi.ExecutionResult,
    ]),
  );
});

afterEach(() => jest.clearAllMocks());

const newestFive = (column: string) =>
  expect.objectContaining({ customerId: 'c1', pageSize: 5, column, order: 'desc' });

it('shows the outlet’s display agreements, latest visits and execution results', async () => {
  await renderSystemPage(<CustomerDrawer customer={customer()} onClose={() => undefined} />, {
    codes: ['display:list', 'visit:list', 'execution:list'],
  });
  const section = async (title: string, text: string) => {
    const heading = await screen.findByRole('heading', { name: title });
    return within(heading.parentElement as HTMLElement).findByText(text);
  };
  expect(await section('陈列协议', 'CL202611001')).toBeInTheDocument();
  expect(await section('陈列协议', '冰柜端架陈列')).toBeInTheDocument();
  expect(await section('陈列协议', '¥300.00')).toBeInTheDocument();
  expect(await section('陈列协议', '执行中')).toBeInTheDocument();
  expect(await section('最近拜访', '2026-11-20 10:00:00')).toBeInTheDocument();
  expect(await section('最近拜访', '李业务')).toBeInTheDocument();
  expect(await section('最近拜访', '92.5')).toBeInTheDocument();
  expect(await section('门店执行', '便利店执行标准 V2')).toBeInTheDocument();
  expect(await section('门店执行', '已通过')).toBeInTheDocument();
  expect(jest.mocked(displaysApi).listDisplayAgreements).toHaveBeenCalledWith(
    newestFive('createTime'),
    expect.anything(),
  );
  expect(jest.mocked(visitsApi).listVisits).toHaveBeenCalledWith(newestFive('checkInAt'), expect.anything());
  expect(jest.mocked(executionApi).listResults).toHaveBeenCalledWith(
    newestFive('executedAt'),
    expect.anything(),
  );
});

it('leaves the sections out without their list codes', async () => {
  await renderSystemPage(<CustomerDrawer customer={customer()} onClose={() => undefined} />);
  expect(await screen.findByRole('heading', { name: '客户团队' })).toBeInTheDocument();
  for (const title of ['陈列协议', '最近拜访', '门店执行'])
    expect(screen.queryByRole('heading', { name: title })).not.toBeInTheDocument();
  expect(jest.mocked(displaysApi).listDisplayAgreements).not.toHaveBeenCalled();
  expect(jest.mocked(visitsApi).listVisits).not.toHaveBeenCalled();
  expect(jest.mocked(executionApi).listResults).not.toHaveBeenCalled();
});
