// 小程序发布: each mini-program with its versions and only the moves its status allows; 提交审核 asks first,
// then calls and reloads; 上传版本 validates and sends the template; coming back from WeChat's authorisation
// page with auth_code completes the authorisation once and cleans the address.
import { screen, waitFor, within } from '@testing-library/react';
import * as wxApi from '../../../src/api/wxplatform';
import WxPlatformPage from '../../../src/pages/business/payment/WxPlatformPage';
import { buttonByText, findDialog, ok, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/wxplatform');
const api = jest.mocked(wxApi);

const version = (id: string, userVersion: string, status: wxApi.MiniVersion['status'], label: string) => ({
  id,
  programId: 'p1',
  templateId: '12',
  userVersion,
  userDesc: `版本 ${userVersion}`,
  status,
  status_dictText: label,
  auditId: null,
  auditReason: status === 'AUDIT_FAILED' ? '类目不符' : null,
  createdAt: '2026-11-27 10:00:00',
  submittedAt: null,
  auditedAt: null,
  releasedAt: null,
  actions: {
    submit: status === 'UPLOADED' || status === 'AUDIT_FAILED',
    refresh: status === 'AUDITING',
    release: status === 'AUDIT_PASSED',
    rollback: status === 'RELEASED',
  },
});

const programs: wxApi.MiniProgram[] = [
  {
    kind: 'MINI_MALL',
    kind_dictText: '商城小程序',
    id: 'p1',
    appId: 'wxmall0001',
    status: 'AUTHORIZED',
    status_dictText: '已授权',
    authorizedAt: '2026-11-27 09:00:00',
    versions: [
      version('v2', '1.1.0', 'AUDIT_FAILED', '审核驳回'),
      version('v1', '1.0.0', 'RELEASED', '已发布'),
    ],
  },
  {
    kind: 'MINI_EMPLOYEE',
    kind_dictText: '内购小程序',
    id: null,
    appId: null,
    status: null,
    status_dictText: '未授权',
    authorizedAt: null,
    versions: [],
  },
];

const ALL = ['wxplatform:list', 'wxplatform:authorize', 'wxplatform:release'];

beforeEach(() => {
  api.listMiniPrograms.mockResolvedValue(ok(programs));
});
afterEach(() => {
  jest.clearAllMocks();
  window.history.replaceState(null, '', '/');
});

it('shows the versions with the moves their status allows; 提交审核 asks, calls and reloads', async () => {
  const user = setupUser();
  api.moveMiniVersion.mockResolvedValue(ok({ id: 'v2', status: 'AUDITING' }, '已提交审核'));
  await renderSystemPage(<WxPlatformPage />, { path: '/payment/wxplatform', codes: ALL });
  const failed = (await screen.findByText('1.1.0')).closest('tr') as HTMLElement;
  expect(within(failed).getByText('审核驳回')).toBeInTheDocument();
  expect(within(failed).getByText('类目不符')).toBeInTheDocument();
  expect(within(failed).queryByText('发布')).toBeNull();
  const live = screen.getByText('1.0.0').closest('tr') as HTMLElement;
  expect(within(live).getByText('版本回退')).toBeInTheDocument();
  expect(within(live).queryByText('提交审核')).toBeNull();
  // The employee shop is not authorised yet: no versions, no upload.
  expect(screen.getByText('授权小程序')).toBeInTheDocument();
  expect(screen.getAllByText('上传版本')).toHaveLength(1);

  await user.click(buttonByText('提交审核', failed));
  const confirm = await screen.findByRole('dialog');
  await user.click(buttonByText('提交审核', confirm));
  await waitFor(() => expect(api.moveMiniVersion).toHaveBeenCalledWith('submit', 'v2'));
  await waitFor(() => expect(api.listMiniPrograms).toHaveBeenCalledTimes(2));
});

it('uploads a version: the template id must be digits', async () => {
  const user = setupUser();
  api.commitMiniVersion.mockResolvedValue(ok({ id: 'v3' }, '上传成功'));
  await renderSystemPage(<WxPlatformPage />, { path: '/payment/wxplatform', codes: ALL });
  await user.click(await screen.findByText('上传版本'));
  const dialog = await findDialog('上传商城小程序版本');
  await user.type(within(dialog).getByLabelText('代码模板ID'), 'abc');
  await user.type(within(dialog).getByLabelText('版本号'), '1.2.0');
  await user.type(within(dialog).getByLabelText('版本描述'), '修复下单');
  await user.click(buttonByText(/保\s*存|确\s*定/, dialog));
  expect(await within(dialog).findByText('代码模板ID为数字!')).toBeInTheDocument();
  expect(api.commitMiniVersion).not.toHaveBeenCalled();
  await user.clear(within(dialog).getByLabelText('代码模板ID'));
  await user.type(within(dialog).getByLabelText('代码模板ID'), '12');
  await user.click(buttonByText(/保\s*存|确\s*定/, dialog));
  await waitFor(() =>
    expect(api.commitMiniVersion).toHaveBeenCalledWith(
      expect.objectContaining({
        programId: 'p1',
        templateId: '12',
        userVersion: '1.2.0',
        userDesc: '修复下单',
      }),
    ),
  );
});

it('completes the authorisation WeChat redirected back with, once', async () => {
  api.completeAuthorization.mockResolvedValue(ok({ id: 'p2', appId: 'wxemp0001' }, '授权成功'));
  window.history.replaceState(
    null,
    '',
    '/payment/wxplatform?wxAuthKind=MINI_EMPLOYEE&auth_code=code-1&expires_in=3600',
  );
  await renderSystemPage(<WxPlatformPage />, { path: '/payment/wxplatform', codes: ALL });
  await waitFor(() => expect(api.completeAuthorization).toHaveBeenCalledWith('MINI_EMPLOYEE', 'code-1'));
  expect(window.location.search).toBe('');
  await waitFor(() => expect(api.listMiniPrograms).toHaveBeenCalled());
  expect(api.completeAuthorization).toHaveBeenCalledTimes(1);
});
