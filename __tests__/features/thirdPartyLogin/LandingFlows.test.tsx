import { screen, waitFor, within } from '@testing-library/react';
import * as thirdPartyApi from '../../../src/api/thirdParty';
import { assignLocation } from '../../../src/features/thirdPartyLogin/browser';
import LandingFlows from '../../../src/features/thirdPartyLogin/LandingFlows';
import { buttonByText, findDialog, ok, refused, renderSignIn, setupUser } from '../../support/signIn';

jest.mock('../../../src/api/thirdParty', () => ({
  ...jest.requireActual('../../../src/api/thirdParty'),
  thirdPartySettings: jest.fn(),
  searchCompany: jest.fn(),
  installApp: jest.fn(),
  preAuthCode: jest.fn(),
}));
jest.mock('../../../src/features/thirdPartyLogin/browser', () => ({
  ...jest.requireActual('../../../src/features/thirdPartyLogin/browser'),
  assignLocation: jest.fn(),
}));

const api = jest.mocked(thirdPartyApi);
const settings = {
  wecomWebUrl: '/sim/wecom',
  wecomSuiteId: 'suite',
  casUrl: '/sim/cas',
  jsSdkUrl: '/sim/wechat/jweixin.js',
};
const corp = { name: '华饮酒业集团', appId: 'wwa01huayin0000001', agentId: '1000002' };

function renderFlows(search: string, action: 'install' | null = null) {
  const onActionDone = jest.fn();
  const app = renderSignIn(<LandingFlows search={search} action={action} onActionDone={onActionDone} />, {
    path: `/user/login${search}`,
  });
  return { app, onActionDone };
}

beforeEach(() => {
  localStorage.clear();
  api.thirdPartySettings.mockResolvedValue(ok(settings));
});

test('state=qywx_login opens the QR panel: search, pick a company, its WeCom QR in a frame', async () => {
  api.searchCompany.mockResolvedValue(ok([corp]));
  const user = setupUser();
  renderFlows('?state=qywx_login');
  const dialog = await findDialog('企业微信扫码登录');
  await user.click(within(dialog).getByPlaceholderText('请输入企业名称搜索'));
  await user.paste('华饮');
  await user.click(buttonByText(/搜\s*索/, dialog));
  expect(api.searchCompany).toHaveBeenCalledWith('华饮');
  await user.click(await within(dialog).findByText(corp.name));
  const frame = await within(dialog).findByTitle('企业微信扫码登录');
  const src = new URL(frame.getAttribute('src') ?? '', 'http://localhost');
  expect(src.pathname).toBe('/sim/wecom/wwopen/sso/qrConnect');
  expect(src.searchParams.get('appid')).toBe(corp.appId);
  expect(src.searchParams.get('agentid')).toBe(corp.agentId);
  expect(src.searchParams.get('state')).toBe('qywx_login');
  expect(src.searchParams.get('redirect_uri')).toBe(
    `${window.location.origin}/user/login?corpid=${corp.appId}`,
  );
});

test('a search that finds nothing says so', async () => {
  api.searchCompany.mockResolvedValue(ok([]));
  const user = setupUser();
  renderFlows('?state=qywx_login');
  const dialog = await findDialog('企业微信扫码登录');
  await user.click(within(dialog).getByPlaceholderText('请输入企业名称搜索'));
  await user.paste('青岛');
  await user.click(buttonByText(/搜\s*索/, dialog));
  await within(dialog).findByText('未找到已安装本应用的企业');
});

test('an installation coming back with auth_code shows the server message titled 安装提示', async () => {
  api.installApp.mockResolvedValue(ok(null, '企业「蜀香饮品有限公司」安装应用成功'));
  const state = encodeURIComponent(JSON.stringify({ type: 'install', code: 'c1' }));
  renderFlows(`?state=${state}&auth_code=A1`);
  await screen.findByText('安装提示');
  await screen.findByText('企业「蜀香饮品有限公司」安装应用成功');
  expect(api.installApp).toHaveBeenCalledWith({ authCode: 'A1', code: 'c1' });
});

test('the install action jumps to the pre-auth URL', async () => {
  api.preAuthCode.mockResolvedValue(ok('/sim/wecom/3rdapp/install?pre_auth_code=p'));
  const { onActionDone } = renderFlows('', 'install');
  await waitFor(() =>
    expect(assignLocation).toHaveBeenCalledWith('/sim/wecom/3rdapp/install?pre_auth_code=p'),
  );
  expect(api.preAuthCode).toHaveBeenCalledWith({
    appType: 'crm_app',
    redirectUri: `${window.location.origin}/user/login`,
  });
  expect(onActionDone).toHaveBeenCalled();
});

test('a refused pre-auth call is shown under 安装提示', async () => {
  api.preAuthCode.mockResolvedValue(refused('企业微信未配置，请联系管理员'));
  renderFlows('', 'install');
  await screen.findByText('企业微信未配置，请联系管理员');
  expect(screen.getByText('安装提示')).toBeTruthy();
});
