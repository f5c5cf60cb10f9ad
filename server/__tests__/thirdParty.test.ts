// The third-party endpoints over real HTTP, their real clients talking to the simulators the test server
// serves: WeCom logins, company search, pre-auth/register/install, CAS, the special login, the share signature.
import type { Database } from '../db';
import { SIMULATED_CORPS, SIMULATED_WECOM_CREDENTIALS } from '../integrations/wecom/simulatedDirectory';
import { jsSdkSignature } from '../integrations/wechat/client';
import { apiClient, openSeededDatabase, type ApiClient, type LoginAnswer } from './support/auth';
import { testBackends, type TestDatabase } from './support/database';
import { startTestServer, type TestServer } from './support/server';
import { closedPort } from './support/smsGateway';

const [HUAYIN, CHUANFU, SHUXIANG] = SIMULATED_CORPS;
const LANDING = 'http://127.0.0.1:9/user/login';

/** Posts a simulator page's form as a browser would, and returns where it redirects. */
async function submitForm(baseUrl: string, path: string, fields: Record<string, string>): Promise<URL> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

/** A WeCom login code as a member "scanning" on the simulator's page would obtain it. */
async function wecomCode(
  baseUrl: string,
  kind: 'corp' | 'suite' | 'admin',
  corpId: string,
  userId: string,
): Promise<string> {
  const back = await submitForm(baseUrl, '/sim/wecom/sim/authorize', {
    kind,
    corpId,
    userId,
    redirectUri: LANDING,
    state: 'qywx_login',
  });
  expect(back.searchParams.get('state')).toBe('qywx_login');
  return back.searchParams.get('code') ?? '';
}

async function casTicket(baseUrl: string, service: string, username: string): Promise<string> {
  const back = await submitForm(baseUrl, '/sim/cas/login', { service, username });
  return back.searchParams.get('ticket') ?? '';
}

const refused = (message: string, code = 400) => ({
  status: 200,
  body: { success: false, code, message, result: null, timestamp: expect.any(Number) },
});
const unavailable = (message: string) => ({
  status: 503,
  body: { success: false, code: 503, message, result: null, timestamp: expect.any(Number) },
});

describe.each(testBackends())('third-party sign-in on %s', (backend) => {
  let testDatabase: TestDatabase;
  let database: Database;
  let server: TestServer;
  let client: ApiClient;

  beforeAll(async () => {
    testDatabase = await openSeededDatabase(backend);
    database = testDatabase.database;
    server = await startTestServer({ database, thirdParty: { specialLoginAccount: 'liuyang' } });
    client = apiClient(server.baseUrl);
  });
  afterAll(async () => {
    await server.close();
    await testDatabase.dispose();
  });

  const loginLog = () =>
    database.db
      .selectFrom('sys_log')
      .select(['log_content', 'username'])
      .where('log_type', '=', 1)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  it('tells the SPA where the parties are: the simulators', async () => {
    const { body } = await client.get('/sys/thirdParty/settings');
    expect(body.result).toEqual({
      wecomWebUrl: '/sim/wecom',
      wecomSuiteId: SIMULATED_WECOM_CREDENTIALS.suiteId,
      casUrl: '/sim/cas',
      jsSdkUrl: '/sim/wechat/jweixin.js',
    });
  });

  describe('company search', () => {
    it('finds installed corps by part of their name: name, corpid as appId, agentId', async () => {
      const { body } = await client.get(`/sys/qywx/searchCompany?keyword=${encodeURIComponent('华饮')}`);
      expect(body.result).toEqual([{ name: HUAYIN.name, appId: HUAYIN.corpId, agentId: HUAYIN.agentId }]);
    });

    it('finds nothing for a corp that has not installed the app, or for a wildcard', async () => {
      expect(
        (await client.get(`/sys/qywx/searchCompany?keyword=${encodeURIComponent('蜀香')}`)).body.result,
      ).toEqual([]);
      expect((await client.get('/sys/qywx/searchCompany?keyword=%25')).body.result).toEqual([]);
    });

    it('asks for a keyword', async () => {
      expect(await client.get('/sys/qywx/searchCompany?keyword=%20')).toEqual(refused('请输入企业名称'));
    });
  });

  describe('QR login of a corp', () => {
    it('signs in the account bound to the member, answering like /sys/login, and logs it', async () => {
      const code = await wecomCode(server.baseUrl, 'corp', HUAYIN.corpId, 'HuaYin.Admin');
      const { status, body } = await client.get<LoginAnswer>(
        `/sys/qywx/qrLogin?code=${code}&corpid=${HUAYIN.corpId}&remember_me=true`,
      );
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: true, code: 200, message: '登录成功' });
      expect(body.result).toMatchObject({ userInfo: { username: 'admin', cpycod: 'A01' }, multi_depart: 1 });
      expect(Object.keys(body.result).sort()).toEqual([
        'departs',
        'multi_depart',
        'roles',
        'token',
        'userInfo',
      ]);
      expect((await client.get('/user/info', body.result.token)).status).toBe(200);
      expect(await loginLog()).toEqual({
        log_content: `企业微信扫码: ${HUAYIN.corpId}/HuaYin.Admin,登录成功！`,
        username: 'admin',
      });
    });

    it('refuses a code used once already', async () => {
      const code = await wecomCode(server.baseUrl, 'corp', HUAYIN.corpId, 'LiuYang');
      expect((await client.get(`/sys/qywx/qrLogin?code=${code}&corpid=${HUAYIN.corpId}`)).body.success).toBe(
        true,
      );
      expect(await client.get(`/sys/qywx/qrLogin?code=${code}&corpid=${HUAYIN.corpId}`)).toEqual(
        refused('企业微信授权码无效或已过期，请重新扫码登录'),
      );
    });

    it('refuses a code of another corp', async () => {
      const code = await wecomCode(server.baseUrl, 'corp', CHUANFU.corpId, 'ChuanFu.Admin');
      expect(await client.get(`/sys/qywx/qrLogin?code=${code}&corpid=${HUAYIN.corpId}`)).toEqual(
        refused('企业微信授权码无效或已过期，请重新扫码登录'),
      );
    });

    it('tells a member bound to no account so, and logs the attempt', async () => {
      const code = await wecomCode(server.baseUrl, 'corp', HUAYIN.corpId, 'Visitor');
      expect(await client.get(`/sys/qywx/qrLogin?code=${code}&corpid=${HUAYIN.corpId}`)).toEqual(
        refused('该企业微信账号尚未绑定本系统用户，请联系企业管理员绑定'),
      );
      expect(await loginLog()).toEqual({
        log_content: `企业微信扫码: ${HUAYIN.corpId}/Visitor,登录失败：账号不存在或未绑定`,
        username: null,
      });
    });

    it('refuses a frozen account like the password login does', async () => {
      await database.db.updateTable('users').set({ status: 2 }).where('username', '=', 't2admin').execute();
      try {
        const code = await wecomCode(server.baseUrl, 'corp', CHUANFU.corpId, 'ChuanFu.Admin');
        const { body } = await client.get(`/sys/qywx/qrLogin?code=${code}&corpid=${CHUANFU.corpId}`);
        expect(body).toMatchObject({ success: false, code: 409 });
      } finally {
        await database.db.updateTable('users').set({ status: 1 }).where('username', '=', 't2admin').execute();
      }
    });

    it('asks for the code and the corp, and refuses a corp that has not installed the app', async () => {
      expect(await client.get(`/sys/qywx/qrLogin?corpid=${HUAYIN.corpId}`)).toEqual(
        refused('缺少授权码（code），请重新扫码登录'),
      );
      expect(await client.get('/sys/qywx/qrLogin?code=x')).toEqual(refused('请选择要登录的企业'));
      expect(await client.get(`/sys/qywx/qrLogin?code=x&corpid=${SHUXIANG.corpId}`)).toEqual(
        refused('该企业尚未安装本应用，请先由企业管理员安装'),
      );
    });
  });

  describe('suite and admin logins', () => {
    it.each([['/sys/suiteLogin'], ['/sys/dpLogin'], ['/sys/tyLogin']])(
      '%s signs in by the suite code',
      async (path) => {
        const code = await wecomCode(server.baseUrl, 'suite', HUAYIN.corpId, 'ZhangWei');
        const { body } = await client.get<LoginAnswer>(`${path}?code=${code}`);
        expect(body).toMatchObject({ success: true, code: 200 });
        expect(body.result).toMatchObject({ userInfo: { username: 'zhangwei' }, multi_depart: 2 });
      },
    );

    it('refuses a corp login code at the suite login (codes are for one API)', async () => {
      const code = await wecomCode(server.baseUrl, 'corp', HUAYIN.corpId, 'ZhangWei');
      expect(await client.get(`/sys/suiteLogin?code=${code}`)).toEqual(
        refused('企业微信授权码无效或已过期，请重新扫码登录'),
      );
    });

    it('/sys/adminLogin signs in the administrator of the admin console, checking suiteId', async () => {
      const code = await wecomCode(server.baseUrl, 'admin', HUAYIN.corpId, 'HuaYin.Admin');
      const { body } = await client.get<LoginAnswer>(
        `/sys/adminLogin?code=${code}&suiteId=${SIMULATED_WECOM_CREDENTIALS.suiteId}`,
      );
      expect(body.result.userInfo).toMatchObject({ username: 'admin' });
      expect(await client.get(`/sys/adminLogin?code=${code}&suiteId=other`)).toEqual(
        refused('应用标识（suiteId）与本系统的企业微信应用不符'),
      );
    });
  });

  describe('install and register', () => {
    it('pre-auth code → install page → auth_code → a new tenant whose administrator signs in by QR', async () => {
      expect(await client.get(`/sys/qywx/preAuthCode?appType=other&redirectUri=${LANDING}`)).toEqual(
        refused('不支持的应用类型'),
      );
      expect(await client.get('/sys/qywx/preAuthCode?appType=crm_app&redirectUri=javascript:x')).toEqual(
        refused('回调地址无效'),
      );
      const { body } = await client.get<string>(
        `/sys/qywx/preAuthCode?appType=crm_app&redirectUri=${encodeURIComponent(LANDING)}`,
      );
      const installUrl = new URL(body.result, server.baseUrl);
      expect(installUrl.pathname).toBe('/sim/wecom/3rdapp/install');
      expect(installUrl.searchParams.get('suite_id')).toBe(SIMULATED_WECOM_CREDENTIALS.suiteId);
      const page = await fetch(installUrl);
      expect(await page.text()).toContain('以管理员身份授权安装');

      const back = await submitForm(server.baseUrl, '/sim/wecom/sim/install', {
        preAuthCode: installUrl.searchParams.get('pre_auth_code') ?? '',
        redirectUri: installUrl.searchParams.get('redirect_uri') ?? '',
        state: installUrl.searchParams.get('state') ?? '',
        corpId: SHUXIANG.corpId,
        userId: 'ShuXiang.Boss',
      });
      expect(`${back.origin}${back.pathname}`).toBe(LANDING);
      const state = JSON.parse(back.searchParams.get('state') ?? '') as { type: string; code: string };
      expect(state).toEqual({ type: 'install', code: expect.stringMatching(/^[0-9a-f]{16}$/) });
      const authCode = back.searchParams.get('auth_code') ?? '';

      const installed = await client.post('/sys/qywx/installApp', { authCode, code: state.code });
      expect(installed.body).toMatchObject({
        success: true,
        message: `企业「${SHUXIANG.name}」安装应用成功，已开通管理员账号 qw_c00001_admin，请使用企业微信扫码登录`,
      });
      expect(
        (await client.get(`/sys/qywx/searchCompany?keyword=${encodeURIComponent('蜀香')}`)).body.result,
      ).toEqual([{ name: SHUXIANG.name, appId: SHUXIANG.corpId, agentId: SHUXIANG.agentId }]);
      const code = await wecomCode(server.baseUrl, 'corp', SHUXIANG.corpId, 'ShuXiang.Boss');
      const login = await client.get<LoginAnswer>(`/sys/qywx/qrLogin?code=${code}&corpid=${SHUXIANG.corpId}`);
      expect(login.body.result.userInfo).toMatchObject({
        username: 'qw_c00001_admin',
        realname: '王建国',
        cpycod: 'C00001',
        tenantName: SHUXIANG.name,
      });
      // The auth code is WeCom's and single use.
      expect(await client.post('/sys/qywx/installApp', { auth_code: authCode })).toEqual(
        refused('安装授权码无效或已过期，请重新安装应用'),
      );
    });

    it('a corp installing again keeps its tenant', async () => {
      const { body } = await client.get<string>(
        `/sys/qywx/preAuthCode?appType=crm_app&redirectUri=${encodeURIComponent(LANDING)}`,
      );
      const installUrl = new URL(body.result, server.baseUrl);
      const back = await submitForm(server.baseUrl, '/sim/wecom/sim/install', {
        preAuthCode: installUrl.searchParams.get('pre_auth_code') ?? '',
        redirectUri: LANDING,
        state: '',
        corpId: HUAYIN.corpId,
        userId: 'HuaYin.Admin',
      });
      const installed = await client.post('/sys/qywx/installApp', {
        auth_code: back.searchParams.get('auth_code'),
      });
      expect(installed.body).toMatchObject({
        success: true,
        message: `企业「${HUAYIN.name}」已重新授权，应用安装成功`,
      });
      const tenant = await database.db
        .selectFrom('wecom_corps')
        .select('tenant_id')
        .where('corp_id', '=', HUAYIN.corpId)
        .executeTakeFirstOrThrow();
      expect(tenant.tenant_id).toBe('A01');
    });

    it('asks for the auth code', async () => {
      expect(await client.post('/sys/qywx/installApp', {})).toEqual(refused('缺少安装授权码（auth_code）'));
    });

    it('register code → register page → back on the landing page with auth_code and an install state', async () => {
      const { body } = await client.get<string>('/sys/qywx/registerCode?appType=crm_app');
      const registerUrl = new URL(body.result, server.baseUrl);
      expect(registerUrl.pathname).toBe('/sim/wecom/3rdservice/wework/register');
      expect(await (await fetch(registerUrl)).text()).toContain('完成注册');
      const back = await submitForm(server.baseUrl, '/sim/wecom/sim/install', {
        registerCode: registerUrl.searchParams.get('register_code') ?? '',
        redirectUri: `${server.baseUrl}/user/login`,
        corpId: SHUXIANG.corpId,
        userId: 'ShuXiang.Boss',
      });
      expect(back.pathname).toBe('/user/login');
      expect(JSON.parse(back.searchParams.get('state') ?? '')).toMatchObject({ type: 'install' });
      expect(back.searchParams.get('auth_code')).toBeTruthy();
    });
  });

  describe('CAS', () => {
    const service = `${LANDING}?cas=1`;

    it('signs in the user of a ticket once; the same ticket again is refused', async () => {
      const ticket = await casTicket(server.baseUrl, service, 'admin');
      const query = `ticket=${ticket}&service=${encodeURIComponent(service)}`;
      const { body } = await client.get<LoginAnswer>(`/cas/client/validateLogin?${query}`);
      expect(body).toMatchObject({ success: true, code: 200, result: { userInfo: { username: 'admin' } } });
      expect(await loginLog()).toEqual({ log_content: '单点登录: admin,登录成功！', username: 'admin' });
      expect(await client.get(`/cas/client/validateLogin?${query}`)).toEqual(
        refused('该登录票据已使用，请重新登录'),
      );
    });

    it('refuses a ticket CAS does not know, or issued for another service', async () => {
      expect(
        await client.get(`/cas/client/validateLogin?ticket=ST-forged&service=${encodeURIComponent(service)}`),
      ).toEqual(refused('单点登录票据无效或已过期，请重新登录'));
      const ticket = await casTicket(server.baseUrl, service, 'admin');
      expect(
        await client.get(`/cas/client/validateLogin?ticket=${ticket}&service=${encodeURIComponent(LANDING)}`),
      ).toEqual(refused('单点登录票据无效或已过期，请重新登录'));
    });

    it('tells a CAS user without an account so', async () => {
      const ticket = await casTicket(server.baseUrl, service, 'cas_stranger');
      expect(
        await client.get(`/cas/client/validateLogin?ticket=${ticket}&service=${encodeURIComponent(service)}`),
      ).toEqual(refused('单点登录账号「cas_stranger」在本系统中不存在，请联系管理员'));
    });

    it('asks for the ticket and the service', async () => {
      expect(await client.get('/cas/client/validateLogin?ticket=ST-1')).toEqual(
        refused('ticket 和 service 不能为空'),
      );
    });
  });

  describe('special login', () => {
    it('signs in as the configured trial account when username is the product code', async () => {
      const { body } = await client.get<LoginAnswer>('/sys/specialLogin?username=crm');
      expect(body).toMatchObject({ success: true, code: 200, result: { userInfo: { username: 'liuyang' } } });
      expect(await client.get('/sys/specialLogin?username=admin')).toEqual(refused('体验登录参数无效'));
    });
  });

  describe('share signature', () => {
    it('signs the page URL without its hash with the cached jsapi ticket, by POST and by GET', async () => {
      const url = 'https://example.com/user/login?from=share#section';
      const posted = await client.post<{
        appId: string;
        timestamp: number;
        nonceStr: string;
        signature: string;
      }>('/sys/wx/genWxConfigParams', { url });
      expect(posted.body.success).toBe(true);
      // The ticket is cached: asking the client again gives the one that signed.
      const ticket = await server.app.thirdParty.wechat!.api.jsapiTicket();
      const { appId, timestamp, nonceStr, signature } = posted.body.result;
      expect(appId).toBe('wxsimulated000001');
      expect(signature).toBe(
        jsSdkSignature({ ticket, nonceStr, timestamp, url: 'https://example.com/user/login?from=share' }),
      );
      const got = await client.get<typeof posted.body.result>(
        `/sys/wx/genWxConfigParams?url=${encodeURIComponent(url)}`,
      );
      expect(got.body.result.signature).toBe(
        jsSdkSignature({ ticket, ...got.body.result, url: 'https://example.com/user/login?from=share' }),
      );
      expect(await client.post('/sys/wx/genWxConfigParams', {})).toEqual(refused('页面地址（url）不能为空'));
    });
  });
});

describe('third parties that cannot be reached or are not configured', () => {
  let testDatabase: TestDatabase;
  let closed: TestServer;
  let production: TestServer;

  beforeAll(async () => {
    testDatabase = await openSeededDatabase('pglite');
    const dead = `http://127.0.0.1:${await closedPort()}`;
    closed = await startTestServer({
      database: testDatabase.database,
      thirdParty: {
        wecom: { ...SIMULATED_WECOM_CREDENTIALS, apiUrl: dead, webUrl: dead },
        cas: { url: dead },
        wechat: { apiUrl: dead, appId: 'wx1', appSecret: 's', jsSdkUrl: `${dead}/jweixin.js` },
      },
    });
    production = await startTestServer({ database: testDatabase.database, production: true });
  });
  afterAll(async () => {
    await closed.close();
    await production.close();
    await testDatabase.dispose();
  });

  it('answers 503 with the party named when it cannot be reached', async () => {
    const client = apiClient(closed.baseUrl);
    expect(await client.get(`/sys/qywx/qrLogin?code=x&corpid=${HUAYIN.corpId}`)).toEqual(
      unavailable('企业微信服务暂时无法访问，请稍后重试'),
    );
    expect(await client.get('/sys/qywx/registerCode?appType=crm_app')).toEqual(
      unavailable('企业微信服务暂时无法访问，请稍后重试'),
    );
    expect(await client.get('/cas/client/validateLogin?ticket=ST-1&service=http://x/')).toEqual(
      unavailable('单点登录（CAS）服务暂时无法访问，请稍后重试'),
    );
    expect(await client.get('/sys/wx/genWxConfigParams?url=http://x/')).toEqual(
      unavailable('微信服务暂时无法访问，请稍后重试'),
    );
  });

  it('serves no simulator in production and says what is not configured', async () => {
    const client = apiClient(production.baseUrl);
    expect((await fetch(`${production.baseUrl}/sim/wecom/wwopen/sso/qrConnect`)).status).not.toBe(200);
    expect(await client.get('/sys/suiteLogin?code=x')).toEqual(unavailable('企业微信未配置，请联系管理员'));
    expect(await client.get('/cas/client/validateLogin?ticket=ST-1&service=http://x/')).toEqual(
      unavailable('单点登录（CAS）未配置，请联系管理员'),
    );
    expect((await client.get('/sys/thirdParty/settings')).body.result).toEqual({
      wecomWebUrl: null,
      wecomSuiteId: null,
      casUrl: null,
      jsSdkUrl: null,
    });
    expect(await client.get('/sys/specialLogin?username=crm')).toEqual(
      refused('体验登录未开放，请联系管理员'),
    );
  });
});

describe('the real clients against the simulators', () => {
  let testDatabase: TestDatabase;
  let server: TestServer;
  const asked: string[] = [];
  /** Paths whose next answer is a stale-token errcode, as WeCom and WeChat answer a revoked token. */
  const revokeNext = new Set<string>();

  beforeAll(async () => {
    testDatabase = await openSeededDatabase('pglite');
    server = await startTestServer({
      database: testDatabase.database,
      configure: (app) =>
        app.addHook('onRequest', async (request, reply) => {
          const path = request.url.split('?', 1)[0];
          if (!path.startsWith('/sim/')) return;
          asked.push(path);
          if (revokeNext.delete(path)) return reply.send({ errcode: 42001, errmsg: 'access_token expired' });
        }),
    });
  });
  afterAll(async () => {
    await server.close();
    await testDatabase.dispose();
  });
  beforeEach(() => {
    asked.length = 0;
  });

  const count = (path: string) => asked.filter((one) => one === path).length;

  it('WeCom: the suite token is fetched once and reused', async () => {
    const { api } = server.app.thirdParty.wecom!;
    await api.preAuthCode();
    await api.preAuthCode();
    expect(count('/sim/wecom/cgi-bin/service/get_pre_auth_code')).toBe(2);
    expect(count('/sim/wecom/cgi-bin/service/get_suite_token')).toBeLessThanOrEqual(1);
  });

  it('WeCom: a token revoked before its time is fetched anew and the call retried once', async () => {
    const { api } = server.app.thirdParty.wecom!;
    await api.preAuthCode();
    asked.length = 0;
    const code = await wecomCode(server.baseUrl, 'suite', HUAYIN.corpId, 'LiuYang');
    revokeNext.add('/sim/wecom/cgi-bin/service/auth/getuserinfo3rd');
    expect(await api.suiteUserInfo(code)).toEqual({ corpId: HUAYIN.corpId, userId: 'LiuYang' });
    expect(count('/sim/wecom/cgi-bin/service/get_suite_token')).toBe(1);
    expect(count('/sim/wecom/cgi-bin/service/auth/getuserinfo3rd')).toBe(2);
  });

  it("WeCom: a refused code is a PartyRefusedError with WeCom's errcode", async () => {
    await expect(server.app.thirdParty.wecom!.api.suiteUserInfo('forged')).rejects.toMatchObject({
      name: 'PartyRefusedError',
      partyCode: '40029',
    });
  });

  it('WeChat: a revoked access token is replaced, then the jsapi ticket is cached', async () => {
    const { api } = server.app.thirdParty.wechat!;
    revokeNext.add('/sim/wechat/cgi-bin/ticket/getticket');
    const ticket = await api.jsapiTicket();
    expect(count('/sim/wechat/cgi-bin/token')).toBe(2);
    expect(count('/sim/wechat/cgi-bin/ticket/getticket')).toBe(2);
    expect(await api.jsapiTicket()).toBe(ticket);
    expect(count('/sim/wechat/cgi-bin/ticket/getticket')).toBe(2);
  });

  it('CAS: serviceValidate gives the user, then refuses the used ticket', async () => {
    const { api } = server.app.thirdParty.cas!;
    const ticket = await casTicket(server.baseUrl, LANDING, 'zhangwei');
    expect(await api.validate(ticket, LANDING)).toBe('zhangwei');
    await expect(api.validate(ticket, LANDING)).rejects.toMatchObject({ partyCode: 'INVALID_TICKET' });
  });
});
