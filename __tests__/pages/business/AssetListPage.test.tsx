// 资产台账: filters from the URL, each row's commands by its states and the caller's codes, a typed or scanned
// tag opens the asset with its move log, 入库 sends the tags one per line and keeps the server's refusal.
import { screen, waitFor, within } from '@testing-library/react';
import * as assetsApi from '../../../src/api/assets';
import * as customersApi from '../../../src/api/customers';
import * as stockApi from '../../../src/api/stock';
import AssetListPage, { tagsOf } from '../../../src/pages/business/asset/AssetListPage';
import { buttonByText, findDialog, ok, refused, setupUser } from '../../support/signIn';
import { watchPrintFrames } from '../../support/printFrames';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/assets');
jest.mock('../../../src/api/customers');
jest.mock('../../../src/api/stock');
jest.setTimeout(60000);

const assets = jest.mocked(assetsApi);
const stock = jest.mocked(stockApi);
const customers = jest.mocked(customersApi);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

const base: assetsApi.Asset = {
  id: 'a1',
  assetNo: 'HY100001',
  serialNo: 'SC4002500007',
  assetType: 'FREEZER',
  assetType_dictText: '冰柜',
  modelId: 'm1',
  modelCode: 'SC-400',
  modelName: '立式单门冷藏柜 400L',
  value: '2800.00',
  orgCode: 'A01A02',
  placementStatus: 'IN_STOCK',
  placementStatus_dictText: '在库',
  conditionStatus: 'NORMAL',
  conditionStatus_dictText: '正常',
  warehouseId: 'w1',
  warehouseName: '品牌中心仓',
  customerId: null,
  customerName: null,
  customerCode: null,
  responsibleName: null,
  lastTemperature: null,
  remark: null,
  version: 1,
  releaseDate: null,
  placedAt: null,
  lastInspectionAt: null,
  createTime: '2026-11-01 10:00:00',
};
const placed: assetsApi.Asset = {
  ...base,
  id: 'a2',
  assetNo: 'HY100002',
  placementStatus: 'PLACED',
  placementStatus_dictText: '已投放',
  warehouseId: null,
  warehouseName: null,
  customerId: 'c1',
  customerName: '老王便利店',
  customerCode: 'S0000001',
  placedAt: '2026-10-01 09:00:00',
  lastInspectionAt: '2026-11-20 15:00:00',
  lastTemperature: '4.5',
};

beforeEach(() => {
  assets.listAssets.mockResolvedValue(page([base, placed]));
  assets.getIdleStock.mockResolvedValue(
    ok([
      {
        warehouseId: 'w1',
        warehouseName: '品牌中心仓',
        modelId: 'm1',
        modelCode: 'SC-400',
        modelName: '立式单门冷藏柜 400L',
        normal: 12,
        abnormal: 1,
      },
    ]),
  );
  assets.listAssetModels.mockResolvedValue(
    page([{ id: 'm1', modelCode: 'SC-400', name: '立式单门冷藏柜 400L' }] as assetsApi.AssetModel[]),
  );
  stock.listWarehouses.mockResolvedValue(page([{ id: 'w1', name: '品牌中心仓' }] as stockApi.Warehouse[]));
  customers.listCustomers.mockResolvedValue(page([] as customersApi.Customer[]));
});
afterEach(() => jest.clearAllMocks());

it('splits the typed tags one per line, by spaces or commas', () => {
  expect(tagsOf('hy1\nHY2, hy3，HY4  ')).toEqual(['HY1', 'HY2', 'HY3', 'HY4']);
});

it('reads its filters from the URL and offers each row the commands its states and codes allow', async () => {
  await renderSystemPage(<AssetListPage />, {
    path: '/eAsset/list?placementStatus=PLACED&overdueInspection=true',
    codes: ['asset:list', 'asset:apply', 'asset:inspect'],
  });
  const idleRow = (await screen.findByText('HY100001')).closest('tr')!;
  expect(assets.listAssets).toHaveBeenCalledWith(
    expect.objectContaining({ placementStatus: 'PLACED', overdueInspection: 'true' }),
    expect.anything(),
  );
  expect(within(idleRow).getByText('品牌中心仓')).toBeInTheDocument();
  expect(within(idleRow).getByText('发起投放')).toBeInTheDocument();
  const placedRow = screen.getByText('HY100002').closest('tr')!;
  expect(within(placedRow).getByText('老王便利店')).toBeInTheDocument();
  expect(within(placedRow).queryByText('发起投放')).not.toBeInTheDocument();
  expect(within(placedRow).getByText('申请退还')).toBeInTheDocument();
  expect(await screen.findByText('品牌中心仓 闲置')).toBeInTheDocument();
  expect(screen.queryByText('入库')).not.toBeInTheDocument();
});

it('shows no commands without their codes', async () => {
  await renderSystemPage(<AssetListPage />, { codes: ['asset:list'] });
  const row = (await screen.findByText('HY100001')).closest('tr')!;
  expect(within(row).getByText('详情')).toBeInTheDocument();
  expect(within(row).queryByText('发起投放')).not.toBeInTheDocument();
});

it('opens the asset of a typed tag with its move log and IoT alarms', async () => {
  const user = setupUser();
  const detail: assetsApi.AssetDetail = {
    ...placed,
    moves: [
      {
        id: 'mv2',
        moveType: 'PLACE',
        moveType_dictText: '投放签收',
        fromText: '品牌中心仓',
        toText: '老王便利店',
        detail: '门店签收，交接照片 2 张',
        applyNo: 'FP202611010001',
        operatorName: '管理员',
        createdAt: '2026-10-01 09:00:00',
      },
    ],
    inspections: [],
    exceptions: [],
    applications: [],
    alarms: [
      {
        id: 'al1',
        alarmId: 'IOT-7731',
        alarmType: 'TEMPERATURE',
        alarmType_dictText: '温度异常',
        temperature: '14.5',
        durationMinutes: null,
        exceptionId: 'ex1',
        occurredAt: '2026-11-02 03:10:00',
      },
    ],
  };
  assets.getAssetByNo.mockResolvedValue(ok(detail));
  assets.getAsset.mockResolvedValue(ok(detail));
  await renderSystemPage(<AssetListPage />, { codes: ['asset:list'] });
  await screen.findByText('HY100001');
  await user.type(screen.getByPlaceholderText('扫码或输入资产编号'), 'hy100002{Enter}');
  expect(assets.getAssetByNo).toHaveBeenCalledWith('hy100002');
  expect(await screen.findByText('资产详情：HY100002')).toBeInTheDocument();
  expect(await screen.findByText('门店签收，交接照片 2 张')).toBeInTheDocument();
  const alarmRow = screen.getByText('IOT-7731').closest('tr')!;
  expect(within(alarmRow).getByText('14.5℃')).toBeInTheDocument();
  expect(within(alarmRow).getByText('已生成异常报备')).toBeInTheDocument();
  expect(assets.getAsset).toHaveBeenCalledWith('a2');
});

it('入库 sends the tags and keeps the server’s refusal in the modal', async () => {
  const user = setupUser();
  assets.inboundAssets.mockResolvedValue(refused('资产编号已存在，请检查标签', 409));
  await renderSystemPage(<AssetListPage />, { codes: ['asset:list', 'asset:add'] });
  await screen.findByText('HY100001');
  await user.click(buttonByText(/入\s*库/));
  const form = await findDialog('资产入库');
  await user.click(within(form).getByText('请选择型号'));
  await user.click(await screen.findByTitle('SC-400 立式单门冷藏柜 400L'));
  await user.click(within(form).getByText('请选择仓库'));
  await user.click(await screen.findByTitle('品牌中心仓'));
  await user.type(within(form).getByRole('textbox'), 'hy200001\nHY200002');
  await user.click(buttonByText(/保\s*存/, form));
  expect(await within(form).findByText('资产编号已存在，请检查标签')).toBeInTheDocument();
  await waitFor(() =>
    expect(assets.inboundAssets).toHaveBeenCalledWith({
      modelId: 'm1',
      warehouseId: 'w1',
      assetNos: ['HY200001', 'HY200002'],
    }),
  );
});

it('打印标签 prints the QR tags of the selected assets on one sheet', async () => {
  const user = setupUser();
  const printed = watchPrintFrames();
  await renderSystemPage(<AssetListPage />, { codes: ['asset:list'] });
  await screen.findByText('HY100001');
  await screen.findByText('品牌中心仓 闲置');
  for (const tag of ['HY100001', 'HY100002']) {
    await user.click(within(screen.getByText(tag).closest('tr')!).getByRole('checkbox'));
  }
  // 交接 of the selection is for asset:apply.
  expect(screen.queryByText('交接', { selector: 'button > span' })).not.toBeInTheDocument();
  await user.click(buttonByText(/打印标签/));
  const sheet = await findDialog('打印标签（2 个资产）');
  const tags = within(sheet).getAllByTestId('asset-tag');
  expect(tags.map((tag) => tag.querySelector('strong')?.textContent)).toEqual(['HY100001', 'HY100002']);
  for (const tag of tags) expect(tag.querySelector('svg path')).not.toBeNull();
  await user.click(buttonByText(/打\s*印$/, sheet));
  await waitFor(() => expect(printed).toHaveLength(1));
  expect(printed[0].querySelectorAll('[data-testid="asset-tag"] svg')).toHaveLength(2);
  expect(printed[0].body.textContent).toContain('HY100002');
  jest.restoreAllMocks();
});

it('交接 hands the selected assets to the chosen rep', async () => {
  const user = setupUser();
  assets.handoverReceiverOptions.mockResolvedValue(ok([{ id: 'u-wang', realname: '王芳' }]));
  assets.startHandover.mockResolvedValue(ok({ ids: ['h1', 'h2'] }, '已发起交接！'));
  await renderSystemPage(<AssetListPage />, { codes: ['asset:list', 'asset:apply'] });
  for (const tag of ['HY100001', 'HY100002']) {
    await user.click(within((await screen.findByText(tag)).closest('tr')!).getByRole('checkbox'));
  }
  await user.click(buttonByText('交接'));
  const dialog = await findDialog('发起交接');
  expect(within(dialog).getByText('HY100001')).toBeInTheDocument();
  expect(within(dialog).getByText('HY100002')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('combobox'));
  await user.click(await screen.findByText('王芳', { selector: '.ant-select-item-option-content' }));
  await user.click(buttonByText(/保\s*存/, dialog));
  await waitFor(() =>
    expect(assets.startHandover).toHaveBeenCalledWith({ assetIds: ['a1', 'a2'], toUserId: 'u-wang' }),
  );
  // The selection is cleared and the ledger read again.
  await waitFor(() => expect(screen.queryByText(/已选择/)).not.toBeInTheDocument());
});
