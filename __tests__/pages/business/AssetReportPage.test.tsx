// 资产报表: the region table takes its state columns from the answer (labels of common/assets), the month
// table and the overdue-inspection count show as answered, and the asset-type filter goes to the summary and
// the idle list alike (and stays in the URL).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as assetsApi from '../../../src/api/assets';
import AssetReportPage from '../../../src/pages/business/asset/AssetReportPage';
import { deviceChanged } from '../../../src/features/layout/slice';
import { ok, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/assets');
jest.setTimeout(60000);

const assets = jest.mocked(assetsApi);

const report: assetsApi.AssetReport = {
  byRegion: [
    { regionCode: 'A01', regionName: '总部', total: 2, IN_STOCK: 2, NORMAL: 2 },
    {
      regionCode: 'A01A02',
      regionName: '华南大区',
      total: 5,
      IN_STOCK: 1,
      PLACED: 4,
      NORMAL: 4,
      ABNORMAL: 1,
    },
  ],
  utilisation: [
    { month: '2026-05', freezers: 3, cases: 45, casesPerFreezer: 15 },
    { month: '2026-06', freezers: 4, cases: 50, casesPerFreezer: 12.5 },
  ],
  overdueInspection: 3,
  overdueInspectionDays: 30,
  idleDays: 90,
};

const idle: assetsApi.IdleAsset = {
  id: 'a1',
  assetNo: 'HY100009',
  assetType_dictText: '冰柜',
  modelCode: 'SC-400',
  modelName: '立式单门冷藏柜 400L',
  warehouseName: '品牌中心仓',
  conditionStatus_dictText: '正常',
  idleSince: '2026-01-05 10:00:00',
  idleDays: 160,
  value: '2800.00',
};

const overdueAsset = {
  id: 'a2',
  assetNo: 'HY100021',
  assetType_dictText: '冰柜',
  modelCode: 'SC-400',
  modelName: '立式单门冷藏柜 400L',
  customerName: '天河便利店',
  responsibleName: '赵磊',
  placedAt: '2026-03-01 10:00:00',
  lastInspectionAt: null,
} as unknown as assetsApi.Asset;

beforeEach(() => {
  assets.listAssets.mockResolvedValue(
    ok({ records: [overdueAsset], total: 1, size: 10, current: 1, pages: 1 }),
  );
});
afterEach(() => jest.clearAllMocks());

it('shows the regions by state, the months and the overdue count, and sends the asset type', async () => {
  assets.loadAssetReport.mockResolvedValue(ok(report));
  assets.exportIdleAssets.mockResolvedValue(null);
  assets.listIdleAssets.mockResolvedValue(ok({ records: [idle], total: 1, size: 10, current: 1, pages: 1 }));
  const view = await renderSystemPage(<AssetReportPage />, { path: '/eAsset/report' });

  const region = (await screen.findByText('华南大区')).closest('tr')!;
  // 区域, 在库, 已投放, 正常, 异常, 合计: only the states some region holds get a column.
  expect(
    within(region)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['华南大区', '1', '4', '4', '1', '5']);
  const head = screen.getByText('在库', { selector: 'th' }).closest('table')!;
  for (const label of ['已投放', '正常', '异常', '合计']) {
    expect(within(head).getByText(label, { selector: 'th' })).toBeInTheDocument();
  }
  expect(within(head).queryByText('配送中', { selector: 'th' })).not.toBeInTheDocument();
  const headquarters = screen.getByText('总部').closest('tr')!;
  expect(
    within(headquarters)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['总部', '2', '0', '2', '0', '2']);

  const month = screen.getByText('2026-06').closest('tr')!;
  expect(
    within(month)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['2026-06', '4', '50', '12.5']);
  expect(screen.getByText('超过30天未巡检（已投放）')).toBeInTheDocument();
  expect(screen.getByText('闲置资产（在库超过90天）')).toBeInTheDocument();
  expect(await screen.findByText('HY100009')).toBeInTheDocument();
  expect(screen.getByText('160')).toBeInTheDocument();
  expect(assets.loadAssetReport).toHaveBeenCalledWith({ assetType: undefined });

  // The racks' answer replaces the table.
  assets.loadAssetReport.mockResolvedValue(ok({ ...report, byRegion: report.byRegion.slice(0, 1) }));
  await userEvent.click(screen.getByText('陈列架', { selector: '.ant-segmented-item-label' }));
  await waitFor(() => expect(screen.queryByText('华南大区')).not.toBeInTheDocument());
  expect(assets.loadAssetReport).toHaveBeenLastCalledWith({ assetType: 'DISPLAY_RACK' });
  await waitFor(() =>
    expect(assets.listIdleAssets).toHaveBeenLastCalledWith(
      expect.objectContaining({ assetType: 'DISPLAY_RACK' }),
      expect.anything(),
    ),
  );
  expect(view.search()).toContain('assetType=DISPLAY_RACK');

  await userEvent.click(screen.getAllByRole('button', { name: /导\s*出/ })[0]);
  expect(assets.exportIdleAssets).toHaveBeenCalledWith(
    expect.objectContaining({ assetType: 'DISPLAY_RACK' }),
  );
});

it('on a tablet the region table shows the region, its placed assets and total, the rest in the row’s detail', async () => {
  const user = setupUser();
  assets.loadAssetReport.mockResolvedValue(ok(report));
  assets.listIdleAssets.mockResolvedValue(ok({ records: [idle], total: 1, size: 10, current: 1, pages: 1 }));
  const { store } = await renderSystemPage(<AssetReportPage />, { path: '/eAsset/report' });
  act(() => {
    store.dispatch(deviceChanged('tablet'));
  });
  const table = await screen.findByRole('region', { name: '按区域' });
  const region = (await within(table).findByText('华南大区')).closest('tr')!;
  await waitFor(() =>
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent)
        .filter(Boolean),
    ).toEqual(['区域', '已投放', '合计']),
  );
  expect(
    within(region)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
      .filter(Boolean),
  ).toEqual(['华南大区', '4', '5']);
  await user.click(within(region).getByRole('button', { name: /展开行/ }));
  const detail = (await within(table).findByText('位置状态 · 在库')).closest(
    '.ant-descriptions',
  ) as HTMLElement;
  expect(detail).toHaveTextContent('设备状态 · 正常4');
  expect(detail).toHaveTextContent('设备状态 · 异常1');
});

it('lists the placed assets overdue for inspection of the chosen type, and exports them (issue #20)', async () => {
  const user = setupUser();
  assets.loadAssetReport.mockResolvedValue(ok(report));
  assets.listIdleAssets.mockResolvedValue(ok({ records: [], total: 0, size: 10, current: 1, pages: 1 }));
  assets.exportOverdueInspection.mockResolvedValue(null);
  await renderSystemPage(<AssetReportPage />, { path: '/eAsset/report' });
  const list = await screen.findByRole('region', { name: '逾期未巡检资产' });
  const row = (await within(list).findByText('HY100021')).closest('tr')!;
  expect(row).toHaveTextContent('天河便利店');
  expect(row).toHaveTextContent('未巡检');
  expect(screen.getByText('逾期未巡检资产（已投放超过30天未巡检）')).toBeInTheDocument();
  expect(assets.listAssets).toHaveBeenCalledWith(
    expect.objectContaining({ overdueInspection: 'true' }),
    expect.anything(),
  );
  await user.click(screen.getByText('冰柜', { selector: '.ant-segmented-item-label' }));
  await waitFor(() =>
    expect(assets.listAssets).toHaveBeenLastCalledWith(
      expect.objectContaining({ overdueInspection: 'true', assetType: 'FREEZER' }),
      expect.anything(),
    ),
  );
  await user.click(within(list).getByRole('button', { name: /导\s*出/ }));
  await waitFor(() =>
    expect(assets.exportOverdueInspection).toHaveBeenCalledWith(
      expect.objectContaining({ overdueInspection: 'true', assetType: 'FREEZER' }),
    ),
  );
});
