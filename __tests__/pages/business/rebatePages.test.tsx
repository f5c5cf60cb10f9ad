// 返利政策 and 返利核算: each row offers the actions its state allows (the state tables of common/rebates.ts);
// the editor's values become the server's input (the deduction cap from percent to a ratio, tiers numbered);
// 确认入账 asks first and sends the result's id; 导出 downloads the list's selection.
import { screen, waitFor, within } from '@testing-library/react';
import type { RebateCalcRecord, RebatePolicyRecord } from '../../../common/rebates';
import * as customersApi from '../../../src/api/customers';
import * as productsApi from '../../../src/api/products';
import * as rebatesApi from '../../../src/api/rebates';
import * as departApi from '../../../src/api/systemDepart';
import RebateCalcListPage from '../../../src/pages/business/rebate/RebateCalcListPage';
import RebatePolicyListPage, {
  toRebatePolicyInput,
  type PolicyFormValues,
} from '../../../src/pages/business/rebate/RebatePolicyListPage';
import { buttonByText, findDialog, ok, rowAction, rowActionNames, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';
import { chooseRegion } from '../../support/regions';

jest.mock('../../../src/api/rebates');
jest.mock('../../../src/api/customers');
jest.mock('../../../src/api/products');
jest.mock('../../../src/api/systemDepart');
jest.setTimeout(90000);

const api = jest.mocked(rebatesApi);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

const policy = (over: Partial<RebatePolicyRecord> = {}): RebatePolicyRecord => ({
  id: 'r1',
  policyNo: 'FL202611260001',
  name: '经销商月度进货额返利',
  targetType: 'DEALER',
  targetType_dictText: '经销商',
  basis: 'AMOUNT',
  basis_dictText: '进货金额',
  periodType: 'MONTH',
  periodType_dictText: '月度',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  graceDays: 5,
  customerScope: {},
  skuIds: [],
  tiers: [
    { tierNo: 1, label: '铜', minValue: 0, maxValue: 50000, benefitType: 'PERCENT', benefitValue: 0.5 },
    { tierNo: 2, label: '银', minValue: 50000, maxValue: null, benefitType: 'FIXED', benefitValue: 800 },
  ],
  capAmount: 5000,
  maxDeductRatio: 0.1,
  remark: null,
  status: 'ACTIVE',
  status_dictText: '生效中',
  updateTime: '2026-11-20 10:00:00',
  ...over,
});

const calc = (over: Partial<RebateCalcRecord> = {}): RebateCalcRecord => ({
  id: 'c1',
  calcNo: 'RB202611260001',
  policyId: 'r1',
  policyNo: 'FL202611260001',
  policyName: '经销商月度进货额返利',
  customerId: 'd1',
  customerName: '广州鸿达商贸有限公司',
  period: '2026-10',
  basis: 'AMOUNT',
  basis_dictText: '进货金额',
  grossAmount: '1440.00',
  returnsAmount: '240.00',
  netAmount: '1200.00',
  grossCases: '30.00',
  returnsCases: '5.00',
  netCases: '25.00',
  basisValue: '1200.00',
  tierNo: 2,
  tierLabel: '银',
  rebateAmount: '24.00',
  adjustmentAmount: '0.00',
  adjustmentReason: null,
  finalAmount: '24.00',
  status: 'PENDING_CONFIRM',
  status_dictText: '待确认',
  sourceDocs: [],
  updateTime: '2026-11-20 10:00:00',
  ...over,
});

beforeEach(() => {
  jest.mocked(customersApi).listCustomers.mockResolvedValue(page([]));
  jest.mocked(productsApi).listSkus.mockResolvedValue(page([]));
  api.listRebatePolicies.mockResolvedValue(page([]));
  jest
    .mocked(departApi)
    .queryDepartTree.mockResolvedValue(
      ok([{ id: 'd-hn', orgCode: 'A01', departName: '华南大区' } as unknown as departApi.DepartTreeNode]),
    );
});
afterEach(() => jest.clearAllMocks());

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

it('lists policies with their tiers and the actions of each state', async () => {
  const user = setupUser();
  api.listRebatePolicies.mockResolvedValue(
    page([policy(), policy({ id: 'r2', name: '草稿政策', status: 'DRAFT', status_dictText: '草稿' })]),
  );
  await renderSystemPage(<RebatePolicyListPage />, {
    path: '/eRebate/policy',
    codes: ['rebate:list', 'rebate:policy'],
  });
  const active = await rowOf('经销商月度进货额返利');
  expect(active).toHaveTextContent('[0, 50000) 0.5%；[50000, ∞) 800元');
  expect(active).toHaveTextContent('5000 元 / 10%');
  expect(await rowActionNames(user, active)).toEqual(['结束']);
  expect(await rowActionNames(user, await rowOf('草稿政策'))).toEqual(['编辑', '提交审批', '作废']);
});

it('scopes a policy by region and department names, sending their codes (issue #15)', async () => {
  const user = setupUser();
  api.listRebatePolicies.mockResolvedValue(
    page([
      policy({
        id: 'r2',
        name: '草稿政策',
        status: 'DRAFT',
        status_dictText: '草稿',
        customerScope: { areaCodes: ['440300'], orgCodes: ['A01'] },
      }),
    ]),
  );
  api.saveRebatePolicy.mockResolvedValue(ok({ id: 'r2' }));
  await renderSystemPage(<RebatePolicyListPage />, {
    path: '/eRebate/policy',
    codes: ['rebate:list', 'rebate:policy'],
  });
  await rowAction(user, await rowOf('草稿政策'), /编\s*辑/);
  const dialog = await findDialog('编辑返利政策');
  // Departments and regions are chosen by name: no code to type or read.
  expect(within(dialog).queryByText('区域编码')).toBeNull();
  expect(await within(dialog).findByText('华南大区')).toBeInTheDocument();
  const areas = within(dialog).getByRole('combobox', { name: '区域' });
  await chooseRegion(user, areas, '天河', '广东省 / 广州市 / 天河区');
  await user.click(buttonByText(/确\s*定|保\s*存/, dialog));
  await waitFor(() => expect(api.saveRebatePolicy).toHaveBeenCalledTimes(1));
  expect(api.saveRebatePolicy.mock.calls[0][0]).toBe('r2');
  expect(api.saveRebatePolicy.mock.calls[0][1].customerScope).toMatchObject({
    areaCodes: ['440300', '440106'],
    orgCodes: ['A01'],
  });
});

it('turns the editor into the server input: the cap as a ratio, the tiers numbered', () => {
  const values = {
    ...policy(),
    maxDeductPercent: 12.5,
    tiers: [
      {
        tierNo: 0,
        label: undefined,
        minValue: 0,
        maxValue: undefined,
        benefitType: 'PERCENT',
        benefitValue: 1,
      },
    ],
    capAmount: undefined,
  } as unknown as PolicyFormValues;
  expect(toRebatePolicyInput(values)).toMatchObject({
    maxDeductRatio: 0.125,
    capAmount: null,
    tiers: [{ tierNo: 1, label: '', minValue: 0, maxValue: null, benefitType: 'PERCENT', benefitValue: 1 }],
  });
});

it('confirms a waiting result after asking, and offers nothing on a confirmed one', async () => {
  const user = setupUser();
  api.listRebateCalcs.mockResolvedValue(
    page([
      calc(),
      calc({ id: 'c2', customerName: '佛山佳和商贸', status: 'CONFIRMED', status_dictText: '已确认入账' }),
    ]),
  );
  api.confirmRebateCalcs.mockResolvedValue(ok({ confirmed: 1, creditedAmount: '24.00' }, '已确认入账'));
  await renderSystemPage(<RebateCalcListPage />, {
    path: '/eRebate/calc',
    codes: ['rebate:calc', 'rebate:confirm'],
  });
  const waiting = await rowOf('广州鸿达商贸有限公司');
  expect(waiting).toHaveTextContent('¥1200.00');
  expect(await rowActionNames(user, waiting)).toEqual(['确认入账', '申请调整', '关闭']);
  expect(await rowActionNames(user, await rowOf('佛山佳和商贸'))).toEqual([]);
  await user.click(buttonByText(/确认入账/, waiting));
  const dialog = await findDialog('确认 广州鸿达商贸有限公司 2026-10 的返利');
  await user.click(buttonByText(/确认入账/, dialog));
  await waitFor(() => expect(api.confirmRebateCalcs).toHaveBeenCalledWith(['c1']));
});

it('导出 of the results downloads what the list selects, without its page', async () => {
  const user = setupUser();
  api.listRebateCalcs.mockResolvedValue(page([calc()]));
  api.exportRebateCalcs.mockResolvedValue(null);
  await renderSystemPage(<RebateCalcListPage />, { path: '/eRebate/calc', codes: ['rebate:calc'] });
  await rowOf('广州鸿达商贸有限公司');
  await user.click(buttonByText(/导\s*出/));
  await waitFor(() => expect(api.exportRebateCalcs).toHaveBeenCalledTimes(1));
  expect(api.exportRebateCalcs.mock.calls[0][0]).not.toHaveProperty('pageNo');
});
