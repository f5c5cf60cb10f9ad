import { testSaga } from 'redux-saga-test-plan';
import { take, takeLatest, takeLeading } from 'redux-saga/effects';
import {
  adminLogin,
  casValidateLogin,
  genWxConfigParams,
  installApp,
  preAuthCode,
  qrLogin,
  registerCode,
  searchCompany,
  specialLogin,
  suiteLogin,
  thirdPartySettings,
} from '../../../src/api/thirdParty';
import { handleLoginResult, submitLogin } from '../../../src/features/session/sagas';
import { loggedOut, loginCompleted } from '../../../src/features/session/slice';
import {
  applyShare,
  assignLocation,
  loadJsSdk,
  logShareSkipped,
} from '../../../src/features/thirdPartyLogin/browser';
import {
  ensureSettings,
  installWithAuthCode,
  jumpToCasLogin,
  jumpToInstall,
  jumpToRegister,
  jumpToReturnedUrl,
  openAfterLogin,
  runLandingQuery,
  searchCompanies,
  setUpShare,
  SHARE_TEXTS,
  thirdPartyLoginSaga,
} from '../../../src/features/thirdPartyLogin/sagas';
import { selectThirdPartySettings } from '../../../src/features/thirdPartyLogin/selectors';
import {
  casLoginRequested,
  companySearchRequested,
  companySearchSettled,
  flowSettled,
  installRequested,
  landingQueryReceived,
  qrPanelOpened,
  registerCodeRequested,
  settingsLoaded,
  settingsRequested,
  shareSetupRequested,
  thirdPartyLoginReducer,
} from '../../../src/features/thirdPartyLogin/slice';
import { navigateTo } from '../../../src/router/navigator';
import { notify, toast } from '../../../src/utils/notifier';

const PAGE = 'https://crm.example.com/user/login';
const ok = <T>(result: T, message = '') => ({ success: true, message, code: 200, result, timestamp: 0 });
const refused = (message: string) => ({ success: false, message, code: 400, result: null, timestamp: 0 });
const settings = {
  wecomWebUrl: '/sim/wecom',
  wecomSuiteId: 'suite',
  casUrl: '/sim/cas',
  jsSdkUrl: '/sim/wechat/jweixin.js',
};
const loginResult = {
  token: 't',
  userInfo: { id: 'u', username: 'admin', realname: '管理员' },
  roles: [],
  multi_depart: 1 as const,
  departs: [],
};

const query = (search: string) => landingQueryReceived({ search, pageUrl: PAGE });

describe('runLandingQuery', () => {
  it('does nothing without a third-party query', () => {
    testSaga(runLandingQuery, query('?webparam=x')).next().isDone();
  });

  it('opens the QR panel for state=qywx_login without a code', () => {
    testSaga(runLandingQuery, query('?state=qywx_login')).next().put(qrPanelOpened()).next().isDone();
  });

  it('installs with auth_code after clearing the query', () => {
    const state = encodeURIComponent(JSON.stringify({ type: 'install', code: 'c1' }));
    testSaga(runLandingQuery, query(`?state=${state}&auth_code=A1`))
      .next()
      .call(navigateTo, '/user/login', { replace: true })
      .next()
      .call(installWithAuthCode, 'A1', 'c1')
      .next()
      .isDone();
  });

  it.each([
    [
      'QR login',
      '?corpid=ww1&code=C&state=qywx_login',
      qrLogin,
      { code: 'C', corpid: 'ww1', remember_me: true },
    ],
    ['CAS', '?ticket=ST-1', casValidateLogin, { ticket: 'ST-1', service: PAGE }],
    ['special login', '?username=crm', specialLogin, { username: 'crm' }],
    ['admin login', '?code=C&suiteId=S', adminLogin, { code: 'C', suiteId: 'S' }],
    ['suite login', '?code=C', suiteLogin, { code: 'C' }],
  ])('%s goes through the same login outcome as the password login', (_name, search, request, params) => {
    const envelope = ok(loginResult, '登录成功');
    testSaga(runLandingQuery, query(search))
      .next()
      .call(navigateTo, '/user/login', { replace: true })
      .next()
      .call(submitLogin, request, params)
      .next(envelope)
      .call(handleLoginResult, envelope)
      .next()
      .isDone();
  });

  it('with webparam, opens that page once the login has landed', () => {
    const envelope = ok(loginResult);
    testSaga(runLandingQuery, query('?code=C&webparam=%2Fisystem%2Fuser'))
      .next()
      .call(navigateTo, '/user/login', { replace: true })
      .next()
      .fork(openAfterLogin, '/isystem/user')
      .next()
      .call(submitLogin, suiteLogin, { code: 'C' })
      .next(envelope)
      .call(handleLoginResult, envelope)
      .next()
      .isDone();
  });

  it('stops when the login call threw (submitLogin has failed the login)', () => {
    testSaga(runLandingQuery, query('?code=C'))
      .next()
      .call(navigateTo, '/user/login', { replace: true })
      .next()
      .call(submitLogin, suiteLogin, { code: 'C' })
      .next(null)
      .isDone();
  });
});

describe('openAfterLogin', () => {
  it('opens the page when the login completes, not when it fails', () => {
    const race = { completed: take(loginCompleted.type), out: take(loggedOut.type) };
    testSaga(openAfterLogin, '/isystem/user')
      .next()
      .race(race)
      .next({ completed: loginCompleted() })
      .call(navigateTo, '/isystem/user')
      .next()
      .isDone();
    testSaga(openAfterLogin, '/isystem/user').next().race(race).next({ out: loggedOut() }).isDone();
  });
});

describe('installWithAuthCode', () => {
  it('shows the server message in a notice titled 安装提示', () => {
    testSaga(installWithAuthCode, 'A1', 'c1')
      .next()
      .call(installApp, { authCode: 'A1', code: 'c1' })
      .next(ok(null, '企业「蜀香」安装应用成功'))
      .call(notify, 'success', '安装提示', '企业「蜀香」安装应用成功')
      .next()
      .isDone();
  });

  it('shows a refusal in 安装提示 as an error', () => {
    testSaga(installWithAuthCode, 'A1', '')
      .next()
      .call(installApp, { authCode: 'A1', code: '' })
      .next(refused('安装授权码无效或已过期，请重新安装应用'))
      .call(notify, 'error', '安装提示', '安装授权码无效或已过期，请重新安装应用')
      .next()
      .isDone();
  });

  it('leaves a failed call to the HTTP layer', () => {
    testSaga(installWithAuthCode, 'A1', '')
      .next()
      .call(installApp, { authCode: 'A1', code: '' })
      .throw(new Error('企业微信服务暂时无法访问，请稍后重试'))
      .isDone();
  });
});

describe('ensureSettings', () => {
  it('returns the cached settings', () => {
    testSaga(ensureSettings).next().select(selectThirdPartySettings).next(settings).returns(settings);
  });

  it('asks once and keeps them', () => {
    testSaga(ensureSettings)
      .next()
      .select(selectThirdPartySettings)
      .next(null)
      .call(thirdPartySettings)
      .next(ok(settings))
      .put(settingsLoaded(settings))
      .next()
      .returns(settings);
  });

  it('gives null when the call is refused or fails', () => {
    testSaga(ensureSettings)
      .next()
      .select(selectThirdPartySettings)
      .next(null)
      .call(thirdPartySettings)
      .next(refused('x'))
      .returns(null);
    testSaga(ensureSettings)
      .next()
      .select(selectThirdPartySettings)
      .next(null)
      .call(thirdPartySettings)
      .throw(new Error('down'))
      .returns(null);
  });
});

describe('searchCompanies', () => {
  const corps = [{ name: '华饮酒业集团', appId: 'ww1', agentId: '1' }];

  it('asks for a keyword', () => {
    testSaga(searchCompanies, companySearchRequested('  '))
      .next()
      .call(toast, 'warning', '请输入企业名称')
      .next()
      .put(companySearchSettled(null))
      .next()
      .isDone();
  });

  it('lists the companies found', () => {
    testSaga(searchCompanies, companySearchRequested(' 华饮 '))
      .next()
      .call(searchCompany, '华饮')
      .next(ok(corps))
      .put(companySearchSettled(corps))
      .next()
      .isDone();
  });

  it('shows a refusal and clears the list', () => {
    testSaga(searchCompanies, companySearchRequested('华饮'))
      .next()
      .call(searchCompany, '华饮')
      .next(refused('请输入企业名称'))
      .call(toast, 'warning', '请输入企业名称')
      .next()
      .put(companySearchSettled(null))
      .next()
      .isDone();
  });

  it('clears the list when the call fails', () => {
    testSaga(searchCompanies, companySearchRequested('华饮'))
      .next()
      .call(searchCompany, '华饮')
      .throw(new Error('down'))
      .put(companySearchSettled(null))
      .next()
      .isDone();
  });
});

describe('jumps to the parties', () => {
  const params = { appType: 'crm_app', redirectUri: PAGE };

  it('goes to the URL returned', () => {
    testSaga(jumpToReturnedUrl, preAuthCode, params, '安装提示')
      .next()
      .call(preAuthCode, params)
      .next(ok('/sim/wecom/3rdapp/install?x=1'))
      .call(assignLocation, '/sim/wecom/3rdapp/install?x=1')
      .next()
      .isDone();
  });

  it('says why not, and frees the button', () => {
    testSaga(jumpToReturnedUrl, preAuthCode, params, '安装提示')
      .next()
      .call(preAuthCode, params)
      .next(refused('不支持的应用类型'))
      .call(notify, 'error', '安装提示', '不支持的应用类型')
      .next()
      .put(flowSettled())
      .next()
      .isDone();
    testSaga(jumpToReturnedUrl, preAuthCode, params, '安装提示')
      .next()
      .call(preAuthCode, params)
      .throw(new Error('down'))
      .put(flowSettled())
      .next()
      .isDone();
  });

  it('install and register ask for their codes with appType crm_app', () => {
    testSaga(jumpToInstall, installRequested({ redirectUri: PAGE }))
      .next()
      .call(jumpToReturnedUrl, preAuthCode, params, '安装提示')
      .next()
      .isDone();
    testSaga(jumpToRegister)
      .next()
      .call(jumpToReturnedUrl, registerCode, { appType: 'crm_app' }, '跳转失败')
      .next()
      .isDone();
  });

  it('goes to the CAS login page with the service', () => {
    testSaga(jumpToCasLogin, casLoginRequested({ service: PAGE }))
      .next()
      .call(ensureSettings)
      .next(settings)
      .call(assignLocation, `/sim/cas/login?service=${encodeURIComponent(PAGE)}`)
      .next()
      .isDone();
  });

  it('says CAS is not configured', () => {
    testSaga(jumpToCasLogin, casLoginRequested({ service: PAGE }))
      .next()
      .call(ensureSettings)
      .next({ ...settings, casUrl: null })
      .call(notify, 'error', '跳转失败', '未配置单点登录（CAS）服务')
      .next()
      .put(flowSettled())
      .next()
      .isDone();
    testSaga(jumpToCasLogin, casLoginRequested({ service: PAGE }))
      .next()
      .call(ensureSettings)
      .next(null)
      .put(flowSettled())
      .next()
      .isDone();
  });
});

describe('setUpShare', () => {
  const url = 'https://crm.example.com/user/login?from=wx#top';
  const signed = { appId: 'wx1', timestamp: 1, nonceStr: 'n', signature: 's' };
  const wx = { marker: 'wx' };

  it('signs the URL without its hash and sets the fixed title and description', () => {
    testSaga(setUpShare, shareSetupRequested({ url }))
      .next()
      .call(ensureSettings)
      .next(settings)
      .call(loadJsSdk, '/sim/wechat/jweixin.js')
      .next(wx)
      .call(genWxConfigParams, 'https://crm.example.com/user/login?from=wx')
      .next(ok(signed))
      .call(applyShare, wx, signed, {
        ...SHARE_TEXTS,
        link: 'https://crm.example.com/user/login?from=wx',
        imgUrl: 'https://crm.example.com/logo.svg',
      })
      .next()
      .isDone();
  });

  it('skips with a reason: no JS-SDK configured, a refused signature, a script that does not load', () => {
    testSaga(setUpShare, shareSetupRequested({ url }))
      .next()
      .call(ensureSettings)
      .next({ ...settings, jsSdkUrl: null })
      .call(logShareSkipped, '未配置微信 JS-SDK')
      .next()
      .isDone();
    testSaga(setUpShare, shareSetupRequested({ url }))
      .next()
      .call(ensureSettings)
      .next(settings)
      .call(loadJsSdk, '/sim/wechat/jweixin.js')
      .next(wx)
      .call(genWxConfigParams, 'https://crm.example.com/user/login?from=wx')
      .next(refused('页面地址（url）不能为空'))
      .call(logShareSkipped, '签名失败：页面地址（url）不能为空')
      .next()
      .isDone();
    testSaga(setUpShare, shareSetupRequested({ url }))
      .next()
      .call(ensureSettings)
      .next(settings)
      .call(loadJsSdk, '/sim/wechat/jweixin.js')
      .throw(new Error('JS-SDK 加载失败：/sim/wechat/jweixin.js'))
      .call(logShareSkipped, 'JS-SDK 加载失败：/sim/wechat/jweixin.js')
      .next()
      .isDone();
  });
});

describe('thirdPartyLoginSaga', () => {
  it('takes each request', () => {
    testSaga(thirdPartyLoginSaga)
      .next()
      .all([
        takeLeading(landingQueryReceived.type, runLandingQuery),
        takeLeading(settingsRequested.type, ensureSettings),
        takeLatest(companySearchRequested.type, searchCompanies),
        takeLeading(installRequested.type, jumpToInstall),
        takeLeading(registerCodeRequested.type, jumpToRegister),
        takeLeading(casLoginRequested.type, jumpToCasLogin),
        takeLeading(shareSetupRequested.type, setUpShare),
      ])
      .next()
      .isDone();
  });
});

describe('thirdPartyLoginReducer', () => {
  it('tracks the panel, the search and a flow under way', () => {
    let state = thirdPartyLoginReducer(undefined, qrPanelOpened());
    expect(state.qrPanelOpen).toBe(true);
    state = thirdPartyLoginReducer(state, companySearchRequested('华'));
    expect(state.searching).toBe(true);
    state = thirdPartyLoginReducer(state, companySearchSettled([]));
    expect(state).toMatchObject({ searching: false, corps: [] });
    state = thirdPartyLoginReducer(state, registerCodeRequested());
    expect(state.busy).toBe(true);
    state = thirdPartyLoginReducer(state, flowSettled());
    expect(state.busy).toBe(false);
  });
});
