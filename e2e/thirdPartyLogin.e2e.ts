// The third-party flows in Chromium against the real server and its simulators (spec §2 query parameters,
// §7): the enterprise-messaging QR login through the simulated WeCom page, the installation coming back with
// auth_code (安装提示), CAS single sign-on through the simulated CAS server, the share inside WeChat.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/chromium';
import { baseUrl, notices, noticeShown, storedValue } from './support/signIn';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

const HOME = () => `${baseUrl()}/dashboard/analysis`;
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2f) NetType/WIFI Language/zh_CN';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  ({ context, page, errors } = await newPage(browser));
});
afterEach(async () => {
  await context.close();
  expect(errors).toEqual([]);
});

/** The QR panel of the header link: search the company, pick it. */
async function openQrPanelFor(keyword: string, corpName: string) {
  await page.goto(`${baseUrl()}/user/login?state=qywx_login`);
  const modal = page.locator('.ant-modal').filter({ hasText: '企业微信扫码登录' });
  await modal.getByPlaceholder('请输入企业名称搜索').fill(keyword);
  await modal.getByRole('button', { name: /搜\s*索/ }).click();
  await modal.getByRole('button', { name: corpName }).click();
  return modal;
}

test('QR login: company search → the WeCom QR (simulator) → scan → signed in on the dashboard', async () => {
  const modal = await openQrPanelFor('华饮', '华饮酒业集团');
  const frame = page.frameLocator('iframe[title="企业微信扫码登录"]');
  await frame.getByText('请使用企业微信扫描二维码登录').waitFor();
  await frame.locator('svg').first().waitFor();
  await screenshot(page, 'third-party-qr-panel');
  await frame.getByRole('button', { name: /系统管理员（HuaYin\.Admin）/ }).click();
  await page.waitForURL(HOME());
  await noticeShown(page, '欢迎');
  await page.getByText('欢迎您，管理员').waitFor();
  expect(await storedValue(page, 'Access-Token')).toEqual(expect.any(String));
  expect(await modal.count()).toBe(0);
  await page.getByText('系统管理员').waitFor();
  await screenshot(page, 'third-party-qr-signed-in');
});

test('QR login of a member bound to no account: 登录失败 with the reason, no session', async () => {
  await openQrPanelFor('华饮', '华饮酒业集团');
  const frame = page.frameLocator('iframe[title="企业微信扫码登录"]');
  await frame.getByRole('button', { name: /Visitor/ }).click();
  const failure = page.locator('.ant-notification-notice').filter({ hasText: '登录失败' });
  await failure.waitFor();
  expect(await failure.innerText()).toContain('该企业微信账号尚未绑定本系统用户');
  expect(new URL(page.url()).search).toBe('');
  expect(await storedValue(page, 'Access-Token')).toBeNull();
});

test('the login modal offers the QR login as a tab; a company without the app is not found', async () => {
  await page.goto(`${baseUrl()}/user/login`);
  await page.locator('.lp-header').getByRole('button', { name: '登录', exact: true }).click();
  // The tabs keep only the shown one's content: the modal is found by its tab.
  const modal = page.locator('.ant-modal').filter({ has: page.getByRole('tab', { name: '企业微信登录' }) });
  await modal.getByRole('tab', { name: '企业微信登录' }).click();
  await modal.getByPlaceholder('请输入企业名称搜索').fill('青岛');
  await modal.getByRole('button', { name: /搜\s*索/ }).click();
  await modal.getByText('未找到已安装本应用的企业').waitFor();
  await screenshot(page, 'third-party-login-modal-tab');
});

test('install: header link → WeCom install page (simulator) → back with auth_code → 安装提示', async () => {
  // From the lean landing page: the click loads the app, which hands the action to the install flow.
  await page.goto(`${baseUrl()}/user/login`);
  await page.locator('.lp-header').getByRole('button', { name: '安装到企业微信' }).click();
  await page.waitForURL(/\/sim\/wecom\/3rdapp\/install/);
  await page.getByRole('button', { name: /王建国（ShuXiang\.Boss）/ }).click();
  const notice = page.locator('.ant-notification-notice').filter({ hasText: '安装提示' });
  await notice.waitFor();
  expect(await notice.innerText()).toContain('企业「蜀香饮品有限公司」安装应用成功，已开通管理员账号');
  // The query (single-use auth_code) is gone, so a reload does not install again.
  expect(new URL(page.url()).search).toBe('');
  await screenshot(page, 'third-party-install-notice');
});

test('install with a forged auth_code: 安装提示 says it is invalid', async () => {
  const state = encodeURIComponent(JSON.stringify({ type: 'install', code: 'e2e' }));
  await page.goto(`${baseUrl()}/user/login?state=${state}&auth_code=forged`);
  const notice = page.locator('.ant-notification-notice').filter({ hasText: '安装提示' });
  await notice.waitFor();
  expect(await notice.innerText()).toContain('安装授权码无效或已过期，请重新安装应用');
});

test('CAS: the login modal → the CAS login page (simulator) → back with a ticket → signed in', async () => {
  await page.goto(`${baseUrl()}/user/login?state=qywx_login`);
  const modal = page.locator('.ant-modal').filter({ hasText: '企业微信扫码登录' });
  await modal.getByRole('button', { name: '使用统一身份认证（CAS）登录' }).click();
  await page.waitForURL(/\/sim\/cas\/login/);
  await screenshot(page, 'third-party-cas-login');
  await page.getByRole('button', { name: '以 liuyang 登录' }).click();
  await page.waitForURL(HOME());
  await noticeShown(page, '欢迎');
  expect(await storedValue(page, 'Login_Username')).toBe('liuyang');
});

test('CAS: a ticket used twice is refused the second time', async () => {
  const service = `${baseUrl()}/user/login`;
  await page.goto(`${baseUrl()}/sim/cas/login?service=${encodeURIComponent(service)}`);
  const [response] = await Promise.all([
    page.waitForResponse((answer) => answer.url().includes('/cas/client/validateLogin')),
    page.getByRole('button', { name: '以 admin 登录' }).click(),
  ]);
  const ticket = new URL(response.url()).searchParams.get('ticket') ?? '';
  await page.waitForURL(HOME());
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${baseUrl()}/user/login?ticket=${ticket}`);
  const failure = page.locator('.ant-notification-notice').filter({ hasText: '登录失败' });
  await failure.waitFor();
  expect(await notices(page)).toContain('该登录票据已使用，请重新登录');
});

test('inside WeChat the page is signed for the JS-SDK and sets the share title and description', async () => {
  await context.close();
  context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    userAgent: WECHAT_UA,
    locale: 'zh-CN',
  });
  page = await context.newPage();
  errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${baseUrl()}/user/login?from=share#top`);
  await page.waitForFunction(() => {
    const record = (window as { __wxSimulated?: { share: Record<string, unknown> } }).__wxSimulated;
    return Boolean(record?.share.updateAppMessageShareData);
  });
  const record = await page.evaluate(
    () =>
      (
        window as unknown as {
          __wxSimulated: { config: Record<string, unknown>; share: Record<string, Record<string, string>> };
        }
      ).__wxSimulated,
  );
  expect(record.config).toMatchObject({
    appId: 'wxsimulated000001',
    signature: expect.stringMatching(/^[0-9a-f]{40}$/),
  });
  expect(record.share.updateAppMessageShareData).toMatchObject({
    title: '渠道数字化平台 — 酒水快消渠道数字化',
    link: `${baseUrl()}/user/login?from=share`,
  });
  expect(record.share.updateTimelineShareData.desc).toContain('品牌商、经销商、终端门店');
});
