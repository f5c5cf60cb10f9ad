// 拜访记录: newest first, the URL's filters (date range, abnormal type) sent to the server, distance,
// compliance, stay and abnormal flags shown per row; 详情 opens the visit's timeline and its map (pins, radius
// ring and the day's track on a plain background when no tile server is configured).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as visitsApi from '../../../src/api/visits';
import VisitRecordListPage from '../../../src/pages/business/visit/VisitRecordListPage';
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
      photos: [],
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
        { kind: 'CHECK_IN', title: '签到', at: '2026-11-26 09:10:00', detail: '距门店 420 米', photoIds: [] },
        { kind: 'STOCK_CHECK', title: '库存盘点', at: '2026-11-26 09:20:00', detail: null, photoIds: [] },
      ],
    }),
  );
  visits.mapConfig.mockResolvedValue(ok({ tileUrl: null }));
  await renderSystemPage(<VisitRecordListPage />, {
    path: '/eVisit/record?abnormalFlag=OUT_OF_RANGE&visitDate_begin=2026-11-01&visitDate_end=2026-11-30',
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
  const map = await screen.findByRole('region', { name: '拜访地图' });
  expect(map).toHaveClass('visit-map-plain');
  expect(within(map).getByText('签到 35 米')).toBeInTheDocument();
  expect(within(map).getByText('门店')).toBeInTheDocument();
  expect(map.querySelectorAll('.leaflet-tile')).toHaveLength(0);
  // The outlet's ring, its pin, the check-in pin, two track points and the track line.
  expect(map.querySelectorAll('path.leaflet-interactive').length).toBeGreaterThanOrEqual(6);
});
