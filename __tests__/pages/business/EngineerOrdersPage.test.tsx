// 我的工单, the engineer's phone page: the list asks the server for the caller's own orders (待处理 / 已完成 by
// status); an order shows only the steps its state allows the caller (an engineer arrives and feeds back, the
// provider's dispatcher accepts, contacts and assigns); 到场签到 sends the browser's position; 完工反馈 offers
// the parts of the engineer's shelf that fit the model, refuses more than the shelf holds and sends cause,
// method, parts by warehouse, photos and signature; an account of no provider is told the page is not for it.
import { screen, waitFor, within } from '@testing-library/react';
import * as attachmentsApi from '../../../src/api/attachments';
import * as repairsApi from '../../../src/api/repairs';
import * as geo from '../../../src/workbench/geo';
import EngineerOrdersPage, { TODO_STATUSES } from '../../../src/pages/business/mes/EngineerOrdersPage';
import { buttonByText, findDialog, ok, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/repairs');
jest.mock('../../../src/api/attachments');
jest.mock('../../../src/workbench/geo', () => ({
  ...jest.requireActual('../../../src/workbench/geo'),
  locate: jest.fn(),
}));
jest.setTimeout(60000);

const repairs = jest.mocked(repairsApi);
const attachments = jest.mocked(attachmentsApi);
const locate = jest.mocked(geo.locate);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

const shelf = (values: Partial<repairsApi.EngineerStock>): repairsApi.EngineerStock => ({
  warehouseId: 'van-li',
  warehouseName: '李师傅随车库',
  warehouseType: 'ENGINEER',
  warehouseType_dictText: '工程师库',
  partId: 'p-thm',
  partCode: 'SP-THM-01',
  partName: '机械温控器 WDF20',
  spec: null,
  unit: '个',
  standardPrice: '38.00',
  serialTracked: false,
  applicableModelIds: [],
  qtyOnHand: 2,
  serialNos: [],
  ...values,
});

const engineer: repairsApi.EngineerWorkbench = {
  engineerId: 'e-li',
  engineerName: '李师傅',
  engineerMobile: '13926000011',
  providerId: 'sp-yl',
  providerName: '粤冷制冷设备服务有限公司',
  isManager: false,
  stock: [
    shelf({}),
    shelf({
      partId: 'p-cmp',
      partCode: 'SP-CMP-01',
      partName: '压缩机 QD65H',
      unit: '台',
      serialTracked: true,
      qtyOnHand: 1,
      serialNos: ['QD65H-20260001'],
    }),
    shelf({
      warehouseId: 'store-yl',
      warehouseName: '粤冷服务商库',
      warehouseType: 'PROVIDER',
      warehouseType_dictText: '服务商库',
      partId: 'p-seal',
      partCode: 'SP-SEAL-01',
      partName: '门封条（卧式）',
      unit: '条',
      applicableModelIds: ['m-chest'],
      qtyOnHand: 5,
    }),
  ],
};
const dispatcher: repairsApi.EngineerWorkbench = {
  ...engineer,
  engineerId: 'e-wu',
  engineerName: '吴师傅',
  isManager: true,
};

const order = (values: Partial<repairsApi.RepairOrderDetail>): repairsApi.RepairOrderDetail => ({
  id: 'r1',
  orderNo: 'RO202611200001',
  reportedAt: '2026-11-20 09:00:00',
  customerName: '老王便利店',
  assetNo: 'HY100001',
  modelId: 'm-upright',
  modelName: '立式单门冷藏柜 400L',
  faultCategory_dictText: '不制冷',
  faultDescription: '饮料常温',
  faultCode: null,
  priority: 'NORMAL',
  priority_dictText: '普通',
  warrantyStatus_dictText: '保内',
  serviceProviderName: '粤冷制冷设备服务有限公司',
  engineerId: 'e-li',
  engineerName: '李师傅',
  bookingDate: '2026-11-21',
  bookingTimeRange: '14:00-17:00',
  slaRemainingHours: 20,
  slaBreached: false,
  status: 'ENGINEER_ASSIGNED',
  status_dictText: '已指派工程师',
  sourceType_dictText: '热线',
  totalCost: '0.00',
  laborCost: '0.00',
  partsCost: '0.00',
  travelCost: '0.00',
  costBearer_dictText: null,
  cause: null,
  repairMethod: null,
  actualServiceType_dictText: null,
  completionPhotoIds: [],
  faultPhotoIds: [],
  customerSignatureId: null,
  address: '广州市天河区体育西路1号',
  contactName: '王老板',
  contactMobile: '13800138000',
  arrivedAt: null,
  finishedAt: null,
  timeline: [
    {
      id: 't1',
      action: '指派工程师',
      statusTo_dictText: '已指派工程师',
      detail: '李师傅 13926000011',
      operatorName: '吴师傅',
      createdAt: '2026-11-20 10:00:00',
    },
  ],
  parts: [],
  candidateProviders: [],
  ...values,
});

beforeEach(() => {
  repairs.repairStep.mockResolvedValue(ok(null, '操作成功'));
  attachments.listAttachments.mockResolvedValue(ok([]));
});
afterEach(() => jest.clearAllMocks());

it('lists the own orders by tab, arrives with the browser position, the dispatcher steps hidden', async () => {
  const user = setupUser();
  repairs.loadEngineerWorkbench.mockResolvedValue(ok(engineer));
  repairs.listRepairOrders.mockResolvedValue(page([order({})]));
  repairs.getRepairOrder.mockResolvedValue(ok(order({})));
  locate.mockResolvedValue({ lng: 113.3245, lat: 23.1371, accuracyM: 12, at: '2026-11-21T06:00:00Z' });
  const view = await renderSystemPage(<EngineerOrdersPage />, { path: '/mes/mine' });

  const card = await screen.findByRole('listitem', { name: 'RO202611200001' });
  expect(within(card).getByText('老王便利店')).toBeInTheDocument();
  expect(within(card).getByText('预约 2026-11-21 14:00-17:00')).toBeInTheDocument();
  expect(screen.getByText('李师傅')).toBeInTheDocument();
  expect(repairs.listRepairOrders).toHaveBeenLastCalledWith(
    expect.objectContaining({ mine: 'true', status: TODO_STATUSES.join(',') }),
  );
  repairs.listRepairOrders.mockResolvedValue(page([]));
  await user.click(screen.getByText('已完成'));
  expect(await screen.findByText('暂无已完成的工单')).toBeInTheDocument();
  const done = repairs.listRepairOrders.mock.lastCall![0];
  expect(done).toMatchObject({ mine: 'true' });
  expect(String(done.status).split(',')).toEqual(expect.arrayContaining(['FEEDBACK', 'CLOSED']));
  expect(String(done.status).split(',')).not.toContain('ON_SITE');
  expect(done).not.toHaveProperty('tab');

  repairs.listRepairOrders.mockResolvedValue(page([order({})]));
  await user.click(screen.getByText('待处理'));
  const again = await screen.findByRole('listitem', { name: 'RO202611200001' });
  await user.click(within(again).getByText('老王便利店'));
  const detail = await screen.findByRole('region', { name: '工单 RO202611200001' });
  expect(view.search()).toContain('orderId=r1');
  expect(within(detail).getByRole('link', { name: /13800138000/ })).toHaveAttribute(
    'href',
    'tel:13800138000',
  );
  const steps = within(detail).getByRole('group', { name: '工单操作' });
  expect(
    within(steps)
      .getAllByRole('button')
      .map((button) => button.textContent),
  ).toEqual(['到场签到']);

  repairs.getRepairOrder.mockResolvedValue(
    ok(order({ status: 'ON_SITE', status_dictText: '已到场', arrivedAt: '2026-11-21 14:05:00' })),
  );
  await user.click(buttonByText('到场签到', steps));
  await waitFor(() =>
    expect(repairs.repairStep).toHaveBeenCalledWith('arrive', { id: 'r1', lng: 113.3245, lat: 23.1371 }),
  );
  expect(await within(detail).findByText('2026-11-21 14:05:00')).toBeInTheDocument();
  expect(buttonByText('完工反馈', detail)).toBeInTheDocument();

  await user.click(buttonByText('我的工单', detail));
  expect(await screen.findByRole('listitem', { name: 'RO202611200001' })).toBeInTheDocument();
  expect(view.search()).not.toContain('orderId');
});

it('tells when the position cannot be had', async () => {
  const user = setupUser();
  repairs.loadEngineerWorkbench.mockResolvedValue(ok(engineer));
  repairs.getRepairOrder.mockResolvedValue(ok(order({})));
  locate.mockRejectedValue(new geo.LocationError('未获得定位权限，请在浏览器设置中允许定位后重试'));
  await renderSystemPage(<EngineerOrdersPage />, { path: '/mes/mine?orderId=r1' });
  const detail = await screen.findByRole('region', { name: '工单 RO202611200001' });
  await user.click(buttonByText('到场签到', detail));
  expect(await screen.findByText('未获得定位权限，请在浏览器设置中允许定位后重试')).toBeInTheDocument();
  expect(repairs.repairStep).not.toHaveBeenCalled();
});

it('shows no step on an order assigned to another engineer', async () => {
  repairs.loadEngineerWorkbench.mockResolvedValue(ok(engineer));
  repairs.getRepairOrder.mockResolvedValue(
    ok(order({ id: 'r2', engineerId: 'e-wu', engineerName: '吴师傅' })),
  );
  await renderSystemPage(<EngineerOrdersPage />, { path: '/mes/mine?orderId=r2' });
  const other = await screen.findByRole('region', { name: '工单 RO202611200001' });
  expect(within(other).getByText('吴师傅')).toBeInTheDocument();
  expect(within(other).queryByRole('group', { name: '工单操作' })).not.toBeInTheDocument();
});

it('feeds back with parts off the shelf that fit the model, within what it holds, and a photo', async () => {
  const user = setupUser();
  repairs.loadEngineerWorkbench.mockResolvedValue(ok(engineer));
  repairs.getRepairOrder.mockResolvedValue(ok(order({ status: 'ON_SITE', status_dictText: '已到场' })));
  attachments.uploadAttachment.mockResolvedValue(
    ok({ id: 'photo-1' } as Awaited<ReturnType<typeof attachmentsApi.uploadAttachment>>['result']),
  );
  await renderSystemPage(<EngineerOrdersPage />, { path: '/mes/mine?orderId=r1' });
  const detail = await screen.findByRole('region', { name: '工单 RO202611200001' });
  await user.click(buttonByText('完工反馈', detail));
  const dialog = await findDialog('完工反馈 RO202611200001');

  // Nothing filled: the required fields say so.
  await user.click(buttonByText(/保\s*存/, dialog));
  expect(await within(dialog).findByText('请输入故障原因!')).toBeInTheDocument();
  expect(within(dialog).getByText('请上传完工照片!')).toBeInTheDocument();

  await user.type(within(dialog).getByPlaceholderText('如：温控器损坏'), '温控器损坏');
  await user.type(within(dialog).getByPlaceholderText('如：更换温控器并试运行30分钟'), '更换温控器');
  await user.click(buttonByText('添加用料', dialog));
  await user.click(within(dialog).getAllByRole('combobox').at(-1)!);
  const options = Array.from(document.querySelectorAll('.ant-select-item-option-content')).map(
    (option) => option.textContent,
  );
  // The chest freezer's seal does not fit this upright model.
  expect(options).toEqual(['机械温控器 WDF20（工程师库 2个）', '压缩机 QD65H（工程师库 1台）']);
  await user.click(
    await screen.findByText('机械温控器 WDF20（工程师库 2个）', {
      selector: '.ant-select-item-option-content',
    }),
  );
  const qty = within(dialog).getByRole('spinbutton', { name: '数量' });
  await user.clear(qty);
  await user.type(qty, '3');
  await user.click(buttonByText(/保\s*存/, dialog));
  expect(await within(dialog).findByText('库存不足，现有 2个!')).toBeInTheDocument();
  await user.clear(qty);
  await user.type(qty, '1');

  // The serial-tracked compressor goes by its serial number.
  await user.click(buttonByText('添加用料', dialog));
  await user.click(within(dialog).getAllByRole('combobox').at(-1)!);
  await user.click(
    (
      await screen.findAllByText('压缩机 QD65H（工程师库 1台）', {
        selector: '.ant-select-item-option-content',
      })
    ).at(-1)!,
  );
  await user.click(await within(dialog).findByRole('combobox', { name: '序列号' }));
  await user.click(
    await screen.findByText('QD65H-20260001', { selector: '.ant-select-item-option-content' }),
  );

  const file = new File(['jpg'], 'done.jpg', { type: 'image/jpeg' });
  const upload = within(dialog).getByLabelText('拍照上传').closest('.ant-upload')!;
  await user.upload(upload.querySelector<HTMLInputElement>('input[type="file"]')!, file);
  expect(await within(dialog).findByText('done.jpg')).toBeInTheDocument();
  await user.click(buttonByText(/保\s*存/, dialog));

  await waitFor(() => expect(repairs.repairStep).toHaveBeenCalledWith('feedback', expect.anything()));
  expect(repairs.repairStep.mock.lastCall![1]).toEqual({
    id: 'r1',
    cause: '温控器损坏',
    repairMethod: '更换温控器',
    actualServiceType: 'ON_SITE',
    parts: [
      { partId: 'p-thm', warehouseId: 'van-li', qty: 1, newPartSerialNo: null, oldPartReturned: true },
      {
        partId: 'p-cmp',
        warehouseId: 'van-li',
        qty: 1,
        newPartSerialNo: 'QD65H-20260001',
        oldPartReturned: true,
      },
    ],
    photoIds: ['photo-1'],
    signatureId: null,
    laborCost: 0,
    travelCost: 0,
    rating: null,
  });
  expect(attachments.uploadAttachment).toHaveBeenCalledWith(
    file,
    expect.objectContaining({ bizType: 'REPAIR', bizId: 'r1', kind: 'REPAIR' }),
  );
});

it('gives the provider dispatcher 接单, 联系用户 and 指派 by state', async () => {
  const user = setupUser();
  const stepNames = async () =>
    within(await screen.findByRole('group', { name: '工单操作' }))
      .getAllByRole('button')
      .map((button) => button.textContent?.replace(/\s/g, ''));
  repairs.loadEngineerWorkbench.mockResolvedValue(ok(dispatcher));
  repairs.getRepairOrder.mockResolvedValue(
    ok(order({ status: 'DISPATCHED', status_dictText: '已派工', engineerId: null, engineerName: null })),
  );
  await renderSystemPage(<EngineerOrdersPage />, { path: '/mes/mine?orderId=r1' });
  expect(await screen.findByText('派单')).toBeInTheDocument();
  expect(await stepNames()).toEqual(['接单']);
  repairs.getRepairOrder.mockResolvedValue(ok(order({ status: 'ACCEPTED', status_dictText: '已接受' })));
  await user.click(buttonByText(/接\s*单/, screen.getByRole('group', { name: '工单操作' })));
  await user.click(buttonByText(/确\s*定/, document.querySelector<HTMLElement>('.ant-modal-confirm')!));
  await waitFor(() => expect(repairs.repairStep).toHaveBeenCalledWith('accept', { id: 'r1' }));
  await waitFor(async () => expect(await stepNames()).toEqual(['联系用户']));
  await user.click(buttonByText('联系用户', screen.getByRole('group', { name: '工单操作' })));
  const contact = await findDialog('联系用户');
  await user.click(buttonByText(/保\s*存/, contact));
  expect(await within(contact).findByText('请选择预约日期!')).toBeInTheDocument();
  expect(repairs.repairStep).toHaveBeenCalledTimes(1);
});

it('lets the dispatcher assign an engineer of the provider, and arrive or reassign after', async () => {
  const user = setupUser();
  repairs.loadEngineerWorkbench.mockResolvedValue(ok(dispatcher));
  repairs.listEngineers.mockResolvedValue(
    ok([
      { id: 'e-li', name: '李师傅', mobile: '13926000011', status: 'ACTIVE' },
      { id: 'e-wu', name: '吴师傅', mobile: '13800000006', status: 'ACTIVE' },
    ]),
  );
  repairs.getRepairOrder.mockResolvedValue(
    ok(order({ status: 'CONTACTED', status_dictText: '已联系用户', engineerId: null, engineerName: null })),
  );
  await renderSystemPage(<EngineerOrdersPage />, { path: '/mes/mine?orderId=r1' });
  const steps = await screen.findByRole('group', { name: '工单操作' });
  repairs.getRepairOrder.mockResolvedValue(ok(order({})));
  await user.click(buttonByText('指派工程师', steps));
  const dialog = await findDialog('指派工程师');
  await user.click(within(dialog).getByRole('combobox'));
  await user.click(
    await screen.findByText('李师傅 13926000011', { selector: '.ant-select-item-option-content' }),
  );
  await user.click(buttonByText(/保\s*存/, dialog));
  await waitFor(() =>
    expect(repairs.repairStep).toHaveBeenCalledWith('assign', { id: 'r1', engineerId: 'e-li' }),
  );
  expect(repairs.listEngineers).toHaveBeenCalledWith('sp-yl');
  await waitFor(() =>
    expect(
      within(screen.getByRole('group', { name: '工单操作' }))
        .getAllByRole('button')
        .map((button) => button.textContent?.replace(/\s/g, '')),
    ).toEqual(['到场签到', '改派工程师']),
  );
});

it('tells an account of no provider that the page is not for it', async () => {
  repairs.loadEngineerWorkbench.mockResolvedValue(ok(null));
  await renderSystemPage(<EngineerOrdersPage />, { path: '/mes/mine' });
  expect(await screen.findByText('当前账号不是服务商的工程师')).toBeInTheDocument();
  expect(repairs.listRepairOrders).not.toHaveBeenCalled();
});
