// 微信配置: every account as a card with its secrets only as 已设置/未设置; a mini-program's editor carries its
// subscription message template ids of the order events and its keyword mapping, refuses a bad mapping, and
// saves them with a blank secret left out (the stored one kept), never showing a secret.
import { screen, waitFor, within } from '@testing-library/react';
import * as paymentsApi from '../../../src/api/payments';
import WxConfigListPage from '../../../src/pages/business/payment/WxConfigListPage';
import { buttonByText, findDialog, ok, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/payments');
const api = jest.mocked(paymentsApi);

const account = (
  kind: paymentsApi.WxAccount['kind'],
  label: string,
  extra: Partial<paymentsApi.WxAccount> = {},
): paymentsApi.WxAccount => ({
  id: null,
  kind,
  kind_dictText: label,
  name: label,
  mode: 'SIMULATOR',
  mode_dictText: '模拟器',
  appId: null,
  mchId: null,
  serialNo: null,
  platformSerial: null,
  platformCert: null,
  remark: null,
  messageTemplates: {},
  messageFields: null,
  appSecretSet: false,
  apiV3KeySet: false,
  privateKeySet: false,
  updatedAt: null,
  ...extra,
});

const accounts = [
  account('OFFICIAL_ACCOUNT', '公众号'),
  account('MINI_MALL', '商城小程序', {
    id: 'a1',
    name: '门店商城',
    appId: 'wxmall0001',
    appSecretSet: true,
    messageTemplates: { PAID: 'tmpl-paid-01', SHIPPED: 'tmpl-ship-01' },
    messageFields: 'character_string1=orderNo,phrase2=status',
    updatedAt: '2026-11-28 10:00:00',
  }),
  account('MINI_EMPLOYEE', '内购小程序'),
  account('PAY_MERCHANT', '微信支付商户', { mchId: '1900000001', apiV3KeySet: true, privateKeySet: true }),
];

const ALL = ['wxconfig:list', 'wxconfig:edit'];

beforeEach(() => {
  api.listWxAccounts.mockResolvedValue(ok(accounts));
  api.saveWxAccount.mockResolvedValue(ok({ id: 'a1' }, '保存成功！'));
});
afterEach(() => jest.clearAllMocks());

it('shows each account with its secrets only as set or not, and how many templates a mini-program has', async () => {
  await renderSystemPage(<WxConfigListPage />, { path: '/payment/wxconfig', codes: ALL });
  const mall = (await screen.findByText('门店商城')).closest('.ant-card') as HTMLElement;
  expect(within(mall).getByText('wxmall0001')).toBeInTheDocument();
  expect(within(mall).getByText('已设置')).toBeInTheDocument();
  expect(within(mall).getByText('2 / 5')).toBeInTheDocument();
  const merchant = screen.getByText('1900000001').closest('.ant-card') as HTMLElement;
  expect(within(merchant).getAllByText('已设置')).toHaveLength(2);
  expect(within(merchant).queryByText('订阅消息模板')).toBeNull();
  expect(screen.getAllByText('编辑')).toHaveLength(4);
});

it('offers no 编辑 without wxconfig:edit', async () => {
  await renderSystemPage(<WxConfigListPage />, { path: '/payment/wxconfig', codes: ['wxconfig:list'] });
  expect(await screen.findByText('门店商城')).toBeInTheDocument();
  expect(screen.queryByText('编辑')).toBeNull();
});

it('saves a mini-program’s template ids and field mapping; a bad mapping is refused; secrets stay hidden', async () => {
  const user = setupUser();
  await renderSystemPage(<WxConfigListPage />, { path: '/payment/wxconfig', codes: ALL });
  await user.click(await screen.findByLabelText('编辑商城小程序'));
  const dialog = await findDialog('编辑商城小程序');
  expect(within(dialog).getByLabelText('支付成功模板ID')).toHaveValue('tmpl-paid-01');
  expect(within(dialog).getByLabelText('已发货/备货完成模板ID')).toHaveValue('tmpl-ship-01');
  expect(within(dialog).getByLabelText('退款成功模板ID')).toHaveValue('');
  // The stored secret is never in the form: only the hint that one is set.
  expect(within(dialog).getByLabelText('AppSecret')).toHaveValue('');
  expect(within(dialog).getByText('已设置，留空则保持不变')).toBeInTheDocument();

  await user.type(within(dialog).getByLabelText('退款成功模板ID'), 'tmpl-refund-01');
  const fields = within(dialog).getByLabelText('模板字段');
  await user.clear(fields);
  await user.type(fields, 'thing1=price');
  await user.click(buttonByText(/保\s*存|确\s*定/, dialog));
  expect(await within(dialog).findByText(/模板字段 thing1=price 的取值应为/)).toBeInTheDocument();
  expect(api.saveWxAccount).not.toHaveBeenCalled();

  await user.clear(fields);
  await user.type(fields, 'character_string1=orderNo,amount2=amount,thing3=remark');
  await user.click(buttonByText(/保\s*存|确\s*定/, dialog));
  await waitFor(() => expect(api.saveWxAccount).toHaveBeenCalledTimes(1));
  const [sent] = api.saveWxAccount.mock.calls[0];
  expect(sent).toMatchObject({
    kind: 'MINI_MALL',
    name: '门店商城',
    appId: 'wxmall0001',
    messageTemplates: { PAID: 'tmpl-paid-01', SHIPPED: 'tmpl-ship-01', REFUNDED: 'tmpl-refund-01' },
    messageFields: 'character_string1=orderNo,amount2=amount,thing3=remark',
  });
  expect(sent.appSecret ?? '').toBe('');
  await waitFor(() => expect(api.listWxAccounts).toHaveBeenCalledTimes(2));
});

it('has no template fields for the pay merchant, and sends a newly typed key once', async () => {
  const user = setupUser();
  await renderSystemPage(<WxConfigListPage />, { path: '/payment/wxconfig', codes: ALL });
  await user.click(await screen.findByLabelText('编辑微信支付商户'));
  const dialog = await findDialog('编辑微信支付商户');
  expect(within(dialog).queryByLabelText('支付成功模板ID')).toBeNull();
  expect(within(dialog).queryByLabelText('模板字段')).toBeNull();
  expect(within(dialog).getByLabelText('APIv3 密钥')).toHaveValue('');
  await user.type(within(dialog).getByLabelText('APIv3 密钥'), 'k'.repeat(32));
  await user.click(buttonByText(/保\s*存|确\s*定/, dialog));
  await waitFor(() =>
    expect(api.saveWxAccount).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'PAY_MERCHANT', mchId: '1900000001', apiV3Key: 'k'.repeat(32) }),
    ),
  );
  expect(api.saveWxAccount.mock.calls[0][0]).not.toHaveProperty('messageTemplates');
});
