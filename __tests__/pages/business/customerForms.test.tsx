// 客户列表's form and commands, 客户标签 and 潜在合作伙伴: the form names what is wrong and sends nothing until
// it is right, shows the sections of the customer's type and sends the version on edit; a verdict needs its
// reason where the machine says so; linkBatch sends the selection; the import lists bad rows; the rule
// editor previews and saves a rule; a manual label's members are removed by selection; photos upload.
import { screen, waitFor, within } from '@testing-library/react';
import type { Attachment } from '../../../common/attachments';
import * as attachmentsApi from '../../../src/api/attachments';
import * as historyApi from '../../../src/api/changeHistory';
import * as customersApi from '../../../src/api/customers';
import * as filesApi from '../../../src/api/files';
import CustomerListPage from '../../../src/pages/business/customer/CustomerListPage';
import { CustomerPhotos } from '../../../src/pages/business/customer/CustomerPhotos';
import LabelListPage from '../../../src/pages/business/customer/LabelListPage';
import PotentialPartnersPage from '../../../src/pages/business/customer/PotentialPartnersPage';
import { customer } from '../../support/customers';
import { chooseRegion } from '../../support/regions';
import { buttonByText, findDialog, ok, refused, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/customers');
jest.mock('../../../src/api/files');
jest.mock('../../../src/api/attachments');
jest.mock('../../../src/api/changeHistory');
beforeEach(() => jest.mocked(historyApi).changeHistory.mockResolvedValue(ok([])));
jest.mock('../../../src/components/dictCache', () => ({
  ...jest.requireActual('../../../src/components/dictCache'),
  useDictItems: () => [
    { value: '便利店', text: '便利店', title: '便利店' },
    { value: '中餐', text: '中餐', title: '中餐' },
  ],
}));

const api = jest.mocked(customersApi);
const files = jest.mocked(filesApi);
const attachments = jest.mocked(attachmentsApi);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
const ALL_CODES = [
  'customer:list',
  'customer:add',
  'customer:edit',
  'customer:status',
  'customer:verify',
  'customer:link',
  'customer:audit',
];
/** Types a whole value at once (typing key by key into antd inputs is slow in jsdom). */
const fill = async (input: HTMLElement, text: string) => {
  const user = setupUser({ delay: null });
  await user.click(input);
  await user.paste(text);
};
/** The option of the dropdown opened last (an earlier one may still be fading out). */
const option = async (text: string) =>
  (await screen.findAllByText(text, { selector: '.ant-select-item-option-content' })).at(-1) as HTMLElement;
const menuItem = (text: string) => screen.findByText(text, { selector: '.ant-dropdown-menu-title-content' });

beforeEach(() => {
  api.dealerOptions.mockResolvedValue(
    ok([
      { id: 'd1', customerCode: 'D0001', name: '上海华饮商贸', customerType: 'DEALER', cityCode: '310100' },
    ]),
  );
});
afterEach(() => jest.clearAllMocks());

it('the new-customer form names what is missing or malformed and sends nothing', async () => {
  const user = setupUser({ delay: null });
  api.listCustomers.mockResolvedValue(page([]));
  await renderSystemPage(<CustomerListPage />, { codes: ALL_CODES });
  await user.click(buttonByText('新增客户'));
  const dialog = await findDialog('新增客户');
  // An outlet: no dealer terms.
  expect(within(dialog).queryByText('经销商档案')).not.toBeInTheDocument();
  await fill(within(dialog).getByPlaceholderText('联系人手机号'), '12345');
  await fill(within(dialog).getByPlaceholderText('经度（GCJ-02）'), '121.5');
  await user.click(buttonByText(/保\s*存/, dialog));
  expect(await within(dialog).findByText('请输入客户名称!')).toBeInTheDocument();
  expect(await within(dialog).findByText('请选择业态!')).toBeInTheDocument();
  expect(await within(dialog).findByText('请输入详细地址!')).toBeInTheDocument();
  expect(await within(dialog).findByText('您的手机号码格式不正确!')).toBeInTheDocument();
  expect(await within(dialog).findByText('经度和纬度须同时填写')).toBeInTheDocument();
  expect(api.addCustomer).not.toHaveBeenCalled();
});

it('a complete outlet goes to the server without a code (the server numbers it)', async () => {
  const user = setupUser({ delay: null });
  api.listCustomers.mockResolvedValue(page([]));
  api.addCustomer.mockResolvedValue(ok({ id: 'n1', customerCode: 'S0000002' }, '添加成功！'));
  await renderSystemPage(<CustomerListPage />, { codes: ALL_CODES });
  await user.click(buttonByText('新增客户'));
  const dialog = await findDialog('新增客户');
  await fill(within(dialog).getByPlaceholderText('请输入客户名称'), '老王便利店');
  await user.click(within(dialog).getByText('请选择业态'));
  const convenienceStore = await option('便利店');
  // The placeholder is not among the choices (issue #15).
  expect(
    screen.queryByText('请选择业态', { selector: '.ant-select-item-option-content' }),
  ).not.toBeInTheDocument();
  await user.click(convenienceStore);
  await user.click(within(dialog).getByText('请选择经销商'));
  await user.click(await option('上海华饮商贸（D0001）'));
  await fill(within(dialog).getByPlaceholderText('请输入详细地址'), '张杨路 1 号');
  await fill(within(dialog).getByPlaceholderText('联系人手机号'), '13712345678');
  await fill(within(dialog).getByPlaceholderText('经度（GCJ-02）'), '121.5');
  await fill(within(dialog).getByPlaceholderText('纬度（GCJ-02）'), '31.2');
  await user.click(buttonByText(/保\s*存/, dialog));
  await waitFor(() => expect(api.addCustomer).toHaveBeenCalled());
  const body = api.addCustomer.mock.calls[0][0];
  expect(body).toMatchObject({
    customerType: 'OUTLET',
    channel: 'TT',
    name: '老王便利店',
    outletType: '便利店',
    servingDealerId: 'd1',
    address: '张杨路 1 号',
    contactMobile: '13712345678',
    lng: 121.5,
    lat: 31.2,
    partnerStage: null,
    creditLimit: null,
  });
  expect(body).not.toHaveProperty('customerCode');
  await waitFor(() => expect(api.listCustomers).toHaveBeenCalledTimes(2));
});

it('editing a dealer loads it, shows its trading terms and sends its version; a refusal keeps the modal', async () => {
  const user = setupUser({ delay: null });
  api.listCustomers.mockResolvedValue(
    page([
      customer({ id: 'd1', name: '苏州华饮商贸', customerType: 'DEALER', customerType_dictText: '经销商' }),
    ]),
  );
  api.customerById.mockResolvedValue(
    ok({
      ...customer({ id: 'd1', customerCode: 'D0001', name: '苏州华饮商贸', customerType: 'DEALER' }),
      settlementMethod: 'CREDIT',
      creditLimit: '500000.00',
      creditDays: 30,
      partnerStage: 'SIGNED',
      version: 3,
    } as unknown as customersApi.CustomerDetail),
  );
  api.editCustomer.mockResolvedValue(refused('客户已被他人修改，请刷新后重试', 409));
  await renderSystemPage(<CustomerListPage />, { codes: ALL_CODES });
  const row = (await screen.findByText('苏州华饮商贸')).closest('tr') as HTMLElement;
  // A dealer is not linked to a dealer: no 关联经销商 in its menu.
  await user.click(buttonByText(/更多/, row));
  expect(await menuItem('冻结')).toBeInTheDocument();
  expect(screen.queryByText('关联经销商', { selector: '.ant-dropdown-menu-title-content' })).toBeNull();
  await user.click(buttonByText(/编\s*辑/, row));
  const dialog = await findDialog('编辑客户');
  expect(await within(dialog).findByText('经销商档案')).toBeInTheDocument();
  expect(within(dialog).queryByText('请选择业态')).not.toBeInTheDocument();
  const name = within(dialog).getByPlaceholderText('请输入客户名称');
  await waitFor(() => expect(name).toHaveValue('苏州华饮商贸'));
  await user.clear(name);
  await fill(name, '苏州华饮商贸有限公司');
  await user.click(buttonByText(/保\s*存/, dialog));
  expect(await within(dialog).findByText('客户已被他人修改，请刷新后重试')).toBeInTheDocument();
  expect(api.editCustomer).toHaveBeenCalledWith(
    expect.objectContaining({
      id: 'd1',
      version: 3,
      customerType: 'DEALER',
      name: '苏州华饮商贸有限公司',
      settlementMethod: 'CREDIT',
      creditLimit: 500000,
      creditDays: 30,
      servingDealerId: null,
    }),
  );
});

it('标记疑似异常 needs a reason; 核实通过 does not', async () => {
  const user = setupUser({ delay: null });
  api.listCustomers.mockResolvedValue(page([customer({ verifyStatus: 'UNVERIFIED' })]));
  api.changeVerifyStatus.mockResolvedValue(ok(null, '操作成功！'));
  await renderSystemPage(<CustomerListPage />, { codes: ALL_CODES });
  const row = (await screen.findByText('好邻居便利店')).closest('tr') as HTMLElement;
  await user.click(buttonByText(/更多/, row));
  await user.click(await menuItem('标记疑似异常'));
  const dialog = await findDialog('标记疑似异常：好邻居便利店');
  await user.click(buttonByText(/保\s*存/, dialog));
  expect(await within(dialog).findByText('请输入原因!')).toBeInTheDocument();
  expect(api.changeVerifyStatus).not.toHaveBeenCalled();
  await fill(within(dialog).getByPlaceholderText('核实说明'), '门头与照片不符');
  await user.click(buttonByText(/保\s*存/, dialog));
  await waitFor(() =>
    expect(api.changeVerifyStatus).toHaveBeenCalledWith(['c1'], 'SUSPECT', '门头与照片不符'),
  );
});

it('links the selected outlets to a dealer in one call, and refuses a selection with a dealer', async () => {
  const user = setupUser({ delay: null });
  api.listCustomers.mockResolvedValue(
    page([
      customer(),
      customer({ id: 'c2', customerCode: 'S0000002', name: '老王食杂店' }),
      customer({ id: 'd9', name: '某经销商', customerType: 'DEALER' }),
    ]),
  );
  api.linkToDealer.mockResolvedValue(ok({ linked: 2 }, '操作成功！'));
  await renderSystemPage(<CustomerListPage />, { codes: ALL_CODES });
  const check = async (name: string) =>
    user.click(within((await screen.findByText(name)).closest('tr') as HTMLElement).getByRole('checkbox'));
  await check('好邻居便利店');
  await check('老王食杂店');
  await user.click(buttonByText('批量关联经销商'));
  const dialog = await findDialog('关联经销商：2 个客户');
  await user.click(buttonByText(/保\s*存/, dialog));
  expect(await within(dialog).findByText('请选择供货经销商!')).toBeInTheDocument();
  await user.click(within(dialog).getByText('请选择经销商'));
  await user.click(await option('上海华饮商贸（D0001）'));
  await user.click(buttonByText(/保\s*存/, dialog));
  await waitFor(() => expect(api.linkToDealer).toHaveBeenCalledWith(['c1', 'c2'], 'd1'));
});

it('the import lists every bad row and imports nothing; without customer:add there is no import', async () => {
  const user = setupUser({ delay: null });
  api.listCustomers.mockResolvedValue(page([]));
  api.importCustomers.mockImplementation(async (_file, onProgress) => {
    onProgress?.(100);
    return {
      ...refused('导入失败：1 行有误（共 1 处），未导入任何数据'),
      result: {
        totalRows: 3,
        failedRows: 1,
        errorCount: 1,
        errors: [{ rowNo: 4, column: '业态', value: '太空站', message: '业态「太空站」不存在或已停用' }],
      },
    };
  });
  await renderSystemPage(<CustomerListPage />, { codes: ALL_CODES });
  await user.click(buttonByText('导入'));
  const dialog = await findDialog('导入客户');
  await user.upload(
    dialog.querySelector('input[type="file"]') as HTMLInputElement,
    new File(['x'], 'c.xlsx'),
  );
  expect(
    await within(dialog).findByText('导入失败：1 行有误（共 1 处），未导入任何数据'),
  ).toBeInTheDocument();
  expect(within(dialog).getByText('业态「太空站」不存在或已停用')).toBeInTheDocument();
  expect(api.listCustomers).toHaveBeenCalledTimes(1);
});

it('shows only what the codes allow', async () => {
  api.listCustomers.mockResolvedValue(page([customer()]));
  await renderSystemPage(<CustomerListPage />, { codes: ['customer:list'] });
  await screen.findByText('好邻居便利店');
  expect(screen.queryByText('新增客户')).not.toBeInTheDocument();
  expect(screen.queryByText('系统核实')).not.toBeInTheDocument();
  expect(screen.getByText('导出')).toBeInTheDocument();
  expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
});

const ruleLabel: customersApi.CustomerLabelRecord = {
  id: 'l2',
  code: 'FREEZER',
  name: '有冰柜门店',
  labelGroup: '业态特征',
  color: 'cyan',
  labelType: 'RULE',
  labelType_dictText: '规则',
  rule: { conditions: [{ field: 'freezerCount', op: 'gte', value: 1 }] },
  status: 'ACTIVE',
  status_dictText: '启用',
  refreshTime: null,
  createTime: '2026-01-01 10:00:00',
  customerCount: 12,
};
const manualLabel: customersApi.CustomerLabelRecord = {
  ...ruleLabel,
  id: 'l1',
  code: 'KEY',
  name: '重点门店',
  labelType: 'MANUAL',
  labelType_dictText: '手工',
  rule: null,
  customerCount: 1,
};

it('the label list says each rule in words; a new rule label is previewed, then saved', async () => {
  const user = setupUser({ delay: null });
  api.listLabels.mockResolvedValue(page([ruleLabel]));
  api.previewLabelRule.mockResolvedValue(ok({ total: 7 }));
  api.addLabel.mockResolvedValue(ok({ id: 'l3' }, '添加成功！'));
  await renderSystemPage(<LabelListPage />, { codes: ['label:list', 'label:add', 'label:edit'] });
  expect(await screen.findByText('规则：冰柜数 大于等于 1')).toBeInTheDocument();
  await user.click(buttonByText('新增标签'));
  const dialog = await findDialog('新增标签');
  await fill(within(dialog).getByPlaceholderText('如 KEY_OUTLET'), 'CATERING_A');
  await fill(within(dialog).getByPlaceholderText('如 重点门店'), 'A级餐饮');
  await user.click(within(dialog).getByText('规则'));
  await user.click(await within(dialog).findByText('字段'));
  await user.click(await option('渠道'));
  await user.click(buttonByText(/预\s*览/, dialog));
  // No value yet: nothing is asked.
  expect(await within(dialog).findByText('请填写条件的值!')).toBeInTheDocument();
  expect(api.previewLabelRule).not.toHaveBeenCalled();
  await user.click(within(dialog).getByText('取值'));
  await user.click(await option('餐饮'));
  await user.click(buttonByText(/预\s*览/, dialog));
  expect(await within(dialog).findByText('符合规则的客户：7 个')).toBeInTheDocument();
  const rule = { conditions: [{ field: 'channel', op: 'eq', value: 'CATERING' }] };
  expect(api.previewLabelRule).toHaveBeenCalledWith(rule);
  await user.click(buttonByText(/保\s*存/, dialog));
  await waitFor(() =>
    expect(api.addLabel).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'CATERING_A', name: 'A级餐饮', labelType: 'RULE', rule }),
    ),
  );
}, 60_000);

it('a rule on 市 is shown by region names and picked by name, sending the city code (issue #15)', async () => {
  const user = setupUser({ delay: null });
  const cities: customersApi.LabelRule = {
    conditions: [{ field: 'cityCode', op: 'in', value: ['440100', '440300'] }],
  };
  api.listLabels.mockResolvedValue(page([{ ...ruleLabel, rule: cities }]));
  api.previewLabelRule.mockResolvedValue(ok({ total: 3 }));
  await renderSystemPage(<LabelListPage />, { codes: ['label:list', 'label:add', 'label:edit'] });
  expect(await screen.findByText('规则：市 属于 广州市、深圳市')).toBeInTheDocument();
  await user.click(buttonByText('新增标签'));
  const dialog = await findDialog('新增标签');
  await user.click(within(dialog).getByText('规则'));
  await user.click(await within(dialog).findByText('字段'));
  await user.click(await option('市'));
  await chooseRegion(user, within(dialog).getByRole('combobox', { name: '取值' }), '佛山', '广东省 / 佛山市');
  await user.click(buttonByText(/预\s*览/, dialog));
  expect(await within(dialog).findByText('符合规则的客户：3 个')).toBeInTheDocument();
  expect(api.previewLabelRule).toHaveBeenCalledWith({
    conditions: [{ field: 'cityCode', op: 'eq', value: '440600' }],
  });
}, 60_000);

it('a manual label’s members are removed by selection; a rule label’s cannot be touched', async () => {
  const user = setupUser({ delay: null });
  api.listLabels.mockResolvedValue(page([manualLabel, ruleLabel]));
  api.listCustomers.mockResolvedValue(page([customer()]));
  api.tagCustomers.mockResolvedValue(ok({ count: 1 }, '操作成功！'));
  await renderSystemPage(<LabelListPage />, { codes: ['label:list', 'label:tag'] });
  const manualRow = (await screen.findByText('KEY')).closest('tr') as HTMLElement;
  await user.click(buttonByText(/成\s*员/, manualRow));
  const drawer = (await screen.findByText('标签成员：')).closest('.ant-drawer') as HTMLElement;
  const member = (await within(drawer).findByText('好邻居便利店')).closest('tr') as HTMLElement;
  expect(api.listCustomers).toHaveBeenCalledWith(expect.objectContaining({ labelIds: 'l1' }));
  await user.click(within(member).getByRole('checkbox'));
  await user.click(buttonByText(/移除选中/, drawer));
  await waitFor(() => expect(api.tagCustomers).toHaveBeenCalledWith('l1', ['c1'], false));
  // The label's own 变更记录 below its members.
  expect(await within(drawer).findByText('暂无变更记录')).toBeInTheDocument();
  expect(historyApi.changeHistory).toHaveBeenCalledWith('CUSTOMER_LABEL', 'l1');
});

it('potential partners: the stage chosen reaches the server and each row shows its stage', async () => {
  api.listPotentialPartners.mockResolvedValue(
    page([
      customer({
        id: 'd5',
        name: '杭州新锐商贸',
        customerType: 'DEALER',
        partnerStage: 'NEGOTIATING',
        partnerStage_dictText: '洽谈中',
      }),
    ]),
  );
  await renderSystemPage(<PotentialPartnersPage />, {
    path: '/hy/dealers/potentiallist?partnerStage=NEGOTIATING',
    codes: ['customer:list'],
  });
  const row = (await screen.findByText('杭州新锐商贸')).closest('tr') as HTMLElement;
  expect(within(row).getByText('洽谈中')).toBeInTheDocument();
  expect(api.listPotentialPartners).toHaveBeenCalledWith(
    expect.objectContaining({ partnerStage: 'NEGOTIATING' }),
    expect.anything(),
  );
  expect(within(row).queryByText(/编\s*辑/)).not.toBeInTheDocument();
});

it('photos: the viewer shows each thumbnail; an upload goes to the attachment service, then is added as the chosen kind', async () => {
  const user = setupUser({ delay: null });
  files.isStoredImage.mockReturnValue(false);
  attachments.uploadAttachment.mockImplementation(async (_file, _facts, onProgress) => {
    onProgress?.(100);
    return ok({ id: 'a1', url: '/sys/attachment/view/a1' } as Attachment);
  });
  api.addCustomerPhoto.mockResolvedValue(ok({ id: 'p3' }, '添加成功！'));
  const onChanged = jest.fn();
  await renderSystemPage(
    <CustomerPhotos
      customerId="c1"
      onChanged={onChanged}
      photos={[
        { id: 'p1', kind: 'DOOR', kind_dictText: '门头照', url: '/door.jpg', title: null },
        {
          id: 'p2',
          kind: 'DISPLAY',
          kind_dictText: '陈列照',
          url: '/shelf.jpg',
          thumbUrl: '/shelf-t.jpg',
          title: '货架',
        },
      ]}
    />,
    { codes: ['customer:edit'] },
  );
  const second = screen.getByLabelText('第2张：货架');
  expect(within(second).getByAltText('缩略图 货架')).toHaveAttribute('src', '/shelf-t.jpg');
  await user.click(within(second).getByText('货架'));
  expect(second).toHaveAttribute('aria-current', 'true');
  await user.click(screen.getByLabelText('照片类型'));
  await user.click(await option('冰柜照'));
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, new File(['x'], 'big.gif', { type: 'image/gif' }));
  expect(attachments.uploadAttachment).not.toHaveBeenCalled();
  await user.upload(input, new File(['png'], 'door.png', { type: 'image/png' }));
  await waitFor(() =>
    expect(api.addCustomerPhoto).toHaveBeenCalledWith({
      customerId: 'c1',
      kind: 'FREEZER',
      url: '/sys/attachment/view/a1',
      title: null,
    }),
  );
  expect(attachments.uploadAttachment).toHaveBeenCalledWith(
    expect.any(File),
    { bizType: 'CUSTOMER', bizId: 'c1', kind: 'FREEZER', source: 'ALBUM' },
    expect.any(Function),
  );
  expect(onChanged).toHaveBeenCalled();
});
