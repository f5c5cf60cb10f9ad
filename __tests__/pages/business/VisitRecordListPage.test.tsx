// 拜访记录: newest first, the URL's filters (date range, abnormal type) sent to the server, distance,
// compliance, stay and abnormal flags shown per row; 详情 opens the visit's timeline and its map (pins, radius
// ring and the day's track on a plain background when no tile server is configured).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as visitsApi from '../../../src/api/visits';
import VisitRecordListPage from '../../../src/pages/business/visit/VisitRecordListPage';
import type { VisitDetail } from '../../../src/api/visits';
import { attachmentFixture as visitPhoto } from '../../support/attachmentFixture';
import { ok } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/visits');
jest.setTimeout(60000);

const visits = jest.mocked(visitsApi);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

const record = (over: Partial<visitsApi.VisitRecord>): visitsApi.VisitRecord => ({
  id: 'v1',
  visitNo: 'VS202611260001',
  checkInAt: '2026-11-26 09:10:00',
  checkOutAt: '2026-11-26 09:40:00',
  employeeId: 'u1',
  employeeName: '赵磊',
  customerId: 'c1',
  customerName: '天河便利店',
  customerCode: 'S0000001',
  visitType: 'PLANNED',
  visitType_dictText: '计划内',
  checkInDistanceM: 35,
  checkInInRange: true,
  durationSec: 1800,
  durationText: '30分0秒',
  abnormalFlags: [],
  abnormalFlags_dictText: '',
  abnormalReviewStatus: null,
  abnormalReviewStatus_dictText: null,
  isValid: true,
  orderAmount: '1200.00',
  executionScore: '88.00',
  status: 'COMPLETED',
  status_dictText: '已完成',
  ...over,
});

beforeEach(() => visits.visitEmployeeOptions.mockResolvedValue(ok([])));
afterEach(() => jest.clearAllMocks());

it('lists visits with their distance, compliance and flags, sends the filters, and opens 拜访详情', async () => {
  visits.listVisits.mockResolvedValue(
    page([
      record({}),
      record({
        id: 'v2',
        visitNo: 'VS202611260002',
        customerName: '越秀食杂店',
        checkInDistanceM: 420,
        checkInInRange: false,
        abnormalFlags: ['OUT_OF_RANGE', 'TOO_SHORT'],
        isValid: false,
        status: 'AUTO_CLOSED',
        status_dictText: '系统签退',
      }),
    ]),
  );
  visits.visitById.mockResolvedValue(
    ok({
      ...record({ id: 'v2', visitNo: 'VS202611260002', abnormalFlags: ['OUT_OF_RANGE'] }),
      customerAddress: '广州市越秀区',
      outletLng: 113.26,
      outletLat: 23.12,
      checkInLng: 113.26,
      checkInLat: 23.124,
      checkInAccuracyM: 12,
      checkOutLng: null,
      checkOutLat: null,
      checkOutDistanceM: null,
      abnormalReason: '门店搬迁',
      remark: null,
      rule: {
        checkInRadiusM: 200,
        gpsAccuracyMaxM: 100,
        allowOutOfRange: true,
        requireCheckOut: true,
        minStayMinutes: 5,
        maxStayMinutes: 90,
        ruleName: '全国默认',
      },
      steps: [],
      photos: [visitPhoto('p1', { watermarkText: '赵磊 09:10 越秀食杂店' })],
      orders: [
        {
          id: 'o1',
          orderNo: 'SO202611260001',
          orderedAt: '2026-11-26 09:25:00',
          status: 'PENDING_AUDIT',
          status_dictText: '待审核',
          payableAmount: '1200.00',
        },
      ],
      execution: {
        id: 'e1',
        resultNo: 'EX202611260001',
        templateName: '便利店陈列',
        templateVersion: 2,
        finalScore: 70,
        totalScore: 100,
        passScore: 80,
        passed: false,
        vetoHit: true,
        reviewStatus: 'APPROVED',
        reviewStatus_dictText: '已通过',
        coinsAwarded: 0,
        items: [
          {
            id: 'i1',
            code: 'SHELF',
            name: '黄金层陈列',
            category_dictText: '陈列',
            inputType: 'YES_NO',
            inputType_dictText: '是/否',
            scoringRule_dictText: '全有全无',
            requirement: {},
            maxScore: 20,
            isVeto: true,
            value: false,
            photos: [visitPhoto('p2', { kind: 'DISPLAY' })],
            autoScore: 0,
            reviewerScore: null,
            finalScore: 0,
            met: false,
            deductionReason: '未达标',
          },
        ],
      } as unknown as VisitDetail['execution'],
      stockChecks: [
        {
          id: 's1',
          skuId: 'sku1',
          skuCode: 'SKU001',
          skuName: '冰红茶 500ml',
          spec: '500ml×15',
          unitsPerCase: 15,
          qtyCases: 2,
          qtyUnits: 3,
          baseQty: 33,
          oldestProductionDate: '2026-03-01',
          expiresOn: '2026-12-01',
          suggestedOrderCases: 5,
          freshness: 'NEAR_EXPIRY',
          freshness_dictText: '临期',
        },
      ],
      competitors: [
        {
          id: 'c1',
          competitorBrand: '竞品甲',
          skuName: '柠檬茶 500ml',
          retailPrice: '4.50',
          facings: 6,
          hasFreezer: true,
          promoNote: '买二送一',
          photoId: null,
        },
      ],
      trajectory: [
        {
          visitId: 'v1',
          kind: 'CHECK_IN',
          customerName: '天河便利店',
          at: '2026-11-26 08:10:00',
          lng: 113.3,
          lat: 23.1,
        },
        {
          visitId: 'v2',
          kind: 'CHECK_IN',
          customerName: '越秀食杂店',
          at: '2026-11-26 09:10:00',
          lng: 113.26,
          lat: 23.124,
        },
      ],
      timeline: [
        {
          kind: 'CHECK_IN',
          title: '签到',
          at: '2026-11-26 09:10:00',
          detail: '距门店 420 米',
          photoIds: ['p1'],
        },
        { kind: 'STOCK_CHECK', title: '库存盘点', at: '2026-11-26 09:20:00', detail: null, photoIds: [] },
      ],
    }),
  );
  visits.mapConfig.mockResolvedValue(ok({ tileUrl: null }));
  await renderSystemPage(<VisitRecordListPage />, {
    path: '/eVisit/record?abnormalFlag=OUT_OF_RANGE&visitDate_begin=2026-11-01&visitDate_end=2026-11-30',
    codes: ['order:list'],
  });
  const far = (await screen.findByText('越秀食杂店')).closest('tr')!;
  expect(within(far).getByText('420 米')).toBeInTheDocument();
  expect(within(far).getByText('超距')).toBeInTheDocument();
  expect(within(far).getByText('超距离')).toBeInTheDocument();
  expect(within(far).getByText('停留过短')).toBeInTheDocument();
  const near = screen.getByText('天河便利店').closest('tr')!;
  expect(within(near).getByText('合规')).toBeInTheDocument();
  expect(within(near).getByText('¥1200.00')).toBeInTheDocument();
  expect(visits.listVisits).toHaveBeenCalledWith(
    expect.objectContaining({
      abnormalFlag: 'OUT_OF_RANGE',
      visitDate_begin: '2026-11-01',
      visitDate_end: '2026-11-30',
      column: 'checkInAt',
      order: 'desc',
    }),
    expect.anything(),
  );

  await userEvent.click(within(far).getByRole('button', { name: '详情' }));
  expect(await screen.findByText('拜访详情：VS202611260002')).toBeInTheDocument();
  expect(visits.visitById).toHaveBeenCalledWith('v2');
  expect(screen.getAllByText('库存盘点')).toHaveLength(2);
  const stock = screen.getByRole('region', { name: '库存盘点' });
  const counted = within(stock).getByText('冰红茶 500ml').closest('tr')!;
  expect(within(counted).getByText('2 箱 3 个（33）')).toBeInTheDocument();
  expect(within(counted).getByText('2026-03-01')).toBeInTheDocument();
  expect(within(counted).getByText('临期')).toBeInTheDocument();
  const competitor = within(screen.getByRole('region', { name: '竞品采集' }))
    .getByText('竞品甲')
    .closest('tr')!;
  expect(within(competitor).getByText('¥4.50')).toBeInTheDocument();
  expect(within(competitor).getByText('买二送一')).toBeInTheDocument();
  expect(screen.getByText('门店搬迁')).toBeInTheDocument();
  // The orders placed during the visit, the number opening the order list (the viewer may list orders).
  const orders = screen.getByRole('region', { name: '拜访下单' });
  expect(within(orders).getByRole('link', { name: 'SO202611260001' })).toHaveAttribute(
    'href',
    '/eOrder/eOrder?orderNo=SO202611260001',
  );
  expect(within(orders).getByText('待审核')).toBeInTheDocument();
  // The score card, item by item.
  const card = screen.getByRole('region', { name: '评分卡' });
  expect(within(card).getByText('70 / 100（及格 80）')).toBeInTheDocument();
  expect(within(card).getByText('不合格')).toBeInTheDocument();
  expect(within(card).getByText('已通过')).toBeInTheDocument();
  const shelf = within(card).getByText('黄金层陈列').closest('tr')!;
  expect(within(shelf).getByText('一票否决')).toBeInTheDocument();
  expect(within(shelf).getByText('未达标')).toBeInTheDocument();
  // One gallery: the check-in photo by its step, the item's by its name.
  expect(screen.getByLabelText('第1张：签到')).toBeInTheDocument();
  expect(screen.getByLabelText('第2张：黄金层陈列')).toBeInTheDocument();
  expect(screen.getByText('赵磊 09:10 越秀食杂店')).toBeInTheDocument();
  const map = await screen.findByRole('region', { name: '拜访地图' });
  expect(map).toHaveClass('visit-map-plain');
  expect(within(map).getByText('签到 35 米')).toBeInTheDocument();
  expect(within(map).getByText('门店')).toBeInTheDocument();
  expect(map.querySelectorAll('.leaflet-tile')).toHaveLength(0);
  // The outlet's ring, its pin, the check-in pin, two track points and the track line.
  expect(map.querySelectorAll('path.leaflet-interactive').length).toBeGreaterThanOrEqual(6);
});

it('filters by 人员 picked from the employees of the scope, and names a drilled-down one', async () => {
  visits.listVisits.mockResolvedValue(page([record({})]));
  visits.visitEmployeeOptions.mockImplementation(async ({ id }) =>
    ok(
      id
        ? [{ id: 'u1', realname: '赵磊', username: 'zhaolei' }]
        : [
            { id: 'u1', realname: '赵磊', username: 'zhaolei' },
            { id: 'u2', realname: '钱多多', username: 'qianduo' },
          ],
    ),
  );
  await renderSystemPage(<VisitRecordListPage />, { path: '/eVisit/record?employeeId=u1' });
  // The report's drill-down shows its rep by name.
  expect(await screen.findByTitle('赵磊（zhaolei）')).toBeInTheDocument();
  expect(visits.visitEmployeeOptions).toHaveBeenCalledWith({ id: 'u1' });
  expect(visits.listVisits).toHaveBeenLastCalledWith(
    expect.objectContaining({ employeeId: 'u1' }),
    expect.anything(),
  );
  await userEvent.click(screen.getByRole('combobox', { name: '人员' }));
  await userEvent.click(
    await screen.findByText('钱多多（qianduo）', { selector: '.ant-select-item-option-content' }),
  );
  await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
  await waitFor(() =>
    expect(visits.listVisits).toHaveBeenLastCalledWith(
      expect.objectContaining({ employeeId: 'u2' }),
      expect.anything(),
    ),
  );
});
