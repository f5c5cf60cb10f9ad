// 销售分析's drill-through (issue #21): a line of the analysis opens the order list on the orders it counted —
// the placed ones of its key and days (a bucket's, to the end date; a subtotal's, from the first bucket) — and
// the order list sends those URL filters to the server, says it shows a drill-through, and clears it.
import { screen, waitFor } from '@testing-library/react';
import { salesDrillFilters, type SalesAnalysis, type SalesAnalysisQuery } from '../../../common/kpi';
import * as customersApi from '../../../src/api/customers';
import * as kpiApi from '../../../src/api/kpi';
import * as ordersApi from '../../../src/api/orders';
import SalesAnalysisPage from '../../../src/pages/business/kpi/SalesAnalysisPage';
import OrderListPage from '../../../src/pages/business/order/OrderListPage';
import { ok, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/kpi');
jest.mock('../../../src/api/orders');
jest.mock('../../../src/api/customers');
// The chart beside the table is not what this test is about (BarLineChart.test draws one).
jest.mock('../../../src/pages/business/kpi/SalesChart', () => ({ __esModule: true, default: () => null }));
jest.setTimeout(180000);

const query = (dimension: SalesAnalysisQuery['dimension'], grain: SalesAnalysisQuery['grain']) => ({
  startDate: '2026-03-15',
  endDate: '2026-05-20',
  dimension,
  grain,
});

describe('the filters of a line', () => {
  it('takes a bucket’s days to the end date, and a subtotal’s from the first bucket', () => {
    expect(salesDrillFilters(query('sku', 'month'), 'S1', '2026-04')).toEqual({
      salesOnly: '1',
      orderedAt_begin: '2026-04-01',
      orderedAt_end: '2026-04-30',
      skuId: 'S1',
    });
    // The last month ends at the end date; the first starts with its month, as the analysis adds it up.
    expect(salesDrillFilters(query('sku', 'month'), 'S1', '2026-05')).toMatchObject({
      orderedAt_begin: '2026-05-01',
      orderedAt_end: '2026-05-20',
    });
    expect(salesDrillFilters(query('rep', 'month'), 'U1', null)).toEqual({
      salesOnly: '1',
      orderedAt_begin: '2026-03-01',
      orderedAt_end: '2026-05-20',
      salesRepId: 'U1',
    });
    // A week from its Monday (2026-03-15 is a Sunday).
    expect(salesDrillFilters(query('brand', 'week'), 'B1', null)).toMatchObject({
      orderedAt_begin: '2026-03-09',
      brandId: 'B1',
    });
    expect(salesDrillFilters(query('dealer', 'day'), 'D1', '2026-04-02')).toMatchObject({
      orderedAt_begin: '2026-04-02',
      orderedAt_end: '2026-04-02',
      salesDealerId: 'D1',
    });
  });

  it('narrows by region as a code prefix, the department exactly, and has no filter for a line of no key', () => {
    expect(salesDrillFilters(query('region', 'month'), 'A01A02', null)).toMatchObject({ orgCode: 'A01A02*' });
    expect(
      salesDrillFilters({ ...query('region', 'month'), orgCode: 'A01A02A01' }, 'A01A02', null),
    ).toMatchObject({ orgCode: 'A01A02A01*' });
    expect(
      salesDrillFilters({ ...query('department', 'month'), orgCode: 'A01A02' }, 'A01A02A01', null),
    ).toMatchObject({ orgCode: 'A01A02A01' });
    expect(salesDrillFilters(query('customerType', 'month'), 'OUTLET', null)).toMatchObject({
      customerType: 'OUTLET',
    });
    // 合计: every placed order of the days.
    expect(salesDrillFilters(query('sku', 'month'), null, null)).toEqual({
      salesOnly: '1',
      orderedAt_begin: '2026-03-01',
      orderedAt_end: '2026-05-20',
    });
    expect(salesDrillFilters(query('rep', 'month'), '', null)).toBeNull();
  });
});

const analysis: SalesAnalysis = {
  buckets: ['2026-03'],
  groups: [
    {
      key: 'A01A02',
      name: '华东大区',
      amount: 96,
      cases: 2,
      orders: 1,
      rows: [
        {
          key: 'A01A02',
          name: '华东大区',
          bucket: '2026-03',
          amount: 96,
          cases: 2,
          orders: 1,
          amountLastYear: null,
          amountLastPeriod: null,
          yoy: null,
          mom: null,
        },
      ],
    },
  ],
  total: { amount: 96, cases: 2, orders: 1 },
};

it('opens the order list on the orders of a line clicked', async () => {
  const user = setupUser();
  jest.mocked(kpiApi).salesAnalysis.mockResolvedValue(ok(analysis));
  const { search } = await renderSystemPage(<SalesAnalysisPage />, { path: '/eStoneKpi/sales' });
  // The page opens by region: the 小计 line of a region — its name is the link, the row a target too — opens
  // the orders of that region and the offices under it.
  await user.click(await screen.findByRole('link', { name: '华东大区 小计' }));
  const params = new URLSearchParams(search());
  expect(params.get('orgCode')).toBe('A01A02*');
  expect(params.get('salesOnly')).toBe('1');
  expect(params.get('orderedAt_begin')).toMatch(/^\d{4}-01-01$/);
  expect(params.get('orderedAt_end')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
});

it('sends a drill-through’s filters, says so, and clears them', async () => {
  const user = setupUser();
  const orders = jest.mocked(ordersApi);
  orders.listOrders.mockResolvedValue(ok({ records: [], total: 0, size: 10, current: 1, pages: 1 }));
  orders.orderStatusCounts.mockResolvedValue(ok({ ALL: 0 } as never));
  jest.mocked(customersApi).dealerOptions.mockResolvedValue(ok([]));
  const { search } = await renderSystemPage(<OrderListPage />, {
    path: '/eOrder/eOrder?salesOnly=1&orderedAt_begin=2026-03-01&orderedAt_end=2026-03-31&brandId=B1&orgCode=A01A02*',
    codes: ['order:list'],
  });
  await waitFor(() =>
    expect(orders.listOrders).toHaveBeenCalledWith(
      expect.objectContaining({
        salesOnly: '1',
        brandId: 'B1',
        orgCode: 'A01A02*',
        orderedAt_begin: '2026-03-01',
        orderedAt_end: '2026-03-31',
      }),
    ),
  );
  expect(await screen.findByText(/销售分析明细：2026-03-01 至 2026-03-31 的有效订单/)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: '清除明细筛选' }));
  await waitFor(() => expect(search()).not.toContain('brandId'));
  expect(search()).not.toContain('salesOnly');
  expect(search()).toContain('orderedAt_begin=2026-03-01');
  expect(screen.queryByText(/销售分析明细/)).not.toBeInTheDocument();
});
