// The landing site in Chromium against the real server (spec §1, §2 Landing and login layout, §9):
// the lean first load, the banner, the marketed modules, the host-family footer, the service panel,
// the login from the header, and the mobile promotional layout on an iPhone.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumPath, launchBrowser, newPage, screenshot } from './support/chromium';
import { E2E_PASSWORD } from './support/server';
import { baseUrl, loginWithPassword, storedValue } from './support/signIn';

const siteConfig = JSON.parse(
  readFileSync(path.resolve(__dirname, '../public/site-config.json'), 'utf8'),
) as {
  hostFamilies: { id: string; hosts: string[]; company: string; filingNumber: string }[];
  defaultFamily: string;
  contact: { phones: string[]; emails: string[] };
  serviceLinks: { contactService: string };
  microFrontendUrl: string;
};

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let scripts: string[];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
afterEach(async () => {
  await context.close();
  expect(errors).toEqual([]);
});

async function open(viewport?: { width: number; height: number }) {
  ({ context, page, errors } = await newPage(browser, viewport));
  scripts = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
}

const activeDot = () =>
  page
    .locator('.lp-banner-dots li')
    .evaluateAll((dots) => dots.findIndex((dot) => dot.classList.contains('slick-active')));

describe('desktop', () => {
  beforeEach(() => open());

  test('the landing page loads without the app and shows every marketed module, the contact and the footer', async () => {
    await page.goto(`${baseUrl()}/user/login`);
    await page.getByRole('heading', { name: '一个平台，覆盖渠道业务全链路' }).waitFor();
    await page.waitForLoadState('networkidle');
    // The back office's chunks (the app: store, antd, router) are not loaded on the landing page.
    expect(scripts.filter((script) => /\/app\.|login-modal/.test(script))).toEqual([]);
    expect(await page.locator('.ant-modal, [class*="ant-"]').count()).toBe(0);

    const text = await page.locator('body').innerText();
    for (const expected of [
      '客户管理',
      '拜访计划',
      '距离打卡',
      '门店执行',
      '奖励币',
      '促销管理',
      '合作协议',
      '陈列协议',
      '库龄管理',
      '冰柜资产管理',
      'B2B2b 商城',
      '员工价小程序',
      '品牌商',
      '经销商',
      '终端门店',
      '消费者',
      ...siteConfig.contact.phones,
      ...siteConfig.contact.emails,
      '友情链接',
      '企业微信扫码登录',
      '安装到企业微信',
      '免费注册',
    ]) {
      expect(text).toContain(expected);
    }
    // The carousel's dots are touch targets of at least 24 px.
    for (const box of await page
      .locator('.lp-banner-dots button')
      .evaluateAll((dots) => dots.map((dot) => dot.getBoundingClientRect().toJSON() as DOMRect)))
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
    // The products in the header scroll to their sections, below the sticky header, without the login dialog.
    await page.locator('.lp-header').getByRole('link', { name: '订货商城' }).click();
    await page.waitForURL(/#lp-feature-mall$/);
    await page.waitForFunction(() => {
      const top = document.getElementById('lp-feature-mall')!.getBoundingClientRect().top;
      return top >= document.querySelector('.lp-header')!.getBoundingClientRect().bottom && top < 200;
    });
    expect(scripts.filter((script) => /\/app\./.test(script))).toEqual([]);
    // 127.0.0.1 belongs to no family: the default family's company and filing number.
    const family = siteConfig.hostFamilies.find((f) => f.id === siteConfig.defaultFamily)!;
    const footer = page.locator('.lp-footer');
    await footer.getByText(family.filingNumber).waitFor();
    expect(await footer.innerText()).toContain(family.company);
    // Every picture arrived (the banners and the QR codes are files in public/landing).
    const broken = await page
      .locator('img:not([loading="lazy"])')
      .evaluateAll((images) =>
        (images as HTMLImageElement[])
          .filter((image) => !image.complete || image.naturalWidth === 0)
          .map((image) => image.src),
      );
    expect(broken).toEqual([]);
    await screenshot(page, 'landing-desktop');
  });

  test('the site root without a session shows the same lean landing page at /user/login, the query kept', async () => {
    await page.goto(`${baseUrl()}/?from=poster`);
    await page.getByRole('heading', { name: '一个平台，覆盖渠道业务全链路' }).waitFor();
    expect(page.url()).toBe(`${baseUrl()}/user/login?from=poster`);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((script) => /\/app\.|login-modal/.test(script))).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('the banner has six slides, advances every 5 s, pauses on hover and follows its dots', async () => {
    await page.goto(`${baseUrl()}/user/login`);
    const dots = page.locator('.lp-banner-dots li');
    await dots.first().waitFor();
    expect(await dots.count()).toBe(6);
    expect(await activeDot()).toBe(0);
    await page.waitForFunction(
      () => document.querySelectorAll('.lp-banner-dots li')[1]?.classList.contains('slick-active'),
      null,
      { timeout: 7000 },
    );

    await dots.nth(4).locator('button').click();
    await page.waitForFunction(() =>
      document.querySelectorAll('.lp-banner-dots li')[4]?.classList.contains('slick-active'),
    );
    // With the pointer on the banner it stays on slide 5 past the 5 s.
    await page.locator('.lp-banner .slick-list').hover();
    await page.waitForTimeout(6000);
    expect(await activeDot()).toBe(4);
    await screenshot(page, 'landing-banner-slide5');
  });

  test('the service panel shows its three QR codes on hover', async () => {
    await page.goto(`${baseUrl()}/user/login`);
    const panel = page.getByRole('complementary', { name: '在线客服' });
    for (const label of ['联系客服', '咨询顾问', '扫码体验'])
      await panel.getByText(label, { exact: true }).waitFor();
    await panel.getByText('咨询顾问', { exact: true }).hover();
    const qr = panel.getByAltText('咨询顾问二维码');
    await qr.waitFor({ state: 'visible' });
    expect(await qr.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await page.screenshot({ path: path.resolve(__dirname, 'screenshots/landing-service-panel.png') });
  });

  test('登录 in the header loads the app, opens the login modal and signs in', async () => {
    await page.goto(`${baseUrl()}/user/login`);
    await page.locator('.lp-header').getByRole('button', { name: '登录', exact: true }).click();
    const modal = page.locator('.ant-modal').filter({ has: page.getByPlaceholder('用户名 / 邮箱') });
    await modal.getByPlaceholder('用户名 / 邮箱').fill('admin');
    expect(scripts.some((script) => /\/app\./.test(script))).toBe(true);
    await screenshot(page, 'landing-login-modal');
    await modal.getByPlaceholder('密码').fill(E2E_PASSWORD);
    await modal.getByRole('button', { name: /^登\s*录$/ }).click();
    await page.waitForURL(`${baseUrl()}/dashboard/analysis`);
    expect(await storedValue(page, 'Access-Token')).toEqual(expect.any(String));
  });

  test('登录体验 halfway down the page opens the modal where the visitor is', async () => {
    await page.goto(`${baseUrl()}/user/login`);
    const tryIt = page.getByRole('button', { name: '登录体验' });
    await tryIt.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(200);
    await tryIt.click();
    await page.getByPlaceholder('用户名 / 邮箱').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  });

  test('when the app cannot be loaded the landing page says so and offers a reload', async () => {
    await page.route(/\/js\/app\.[0-9a-f]+\.chunk\.js$/, (route) => route.abort());
    await page.goto(`${baseUrl()}/user/login`);
    await page.locator('.lp-header').getByRole('button', { name: '登录', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('页面资源加载失败，请检查网络后').waitFor();
    expect(
      await page.locator('.lp-header').getByRole('button', { name: '登录', exact: true }).isEnabled(),
    ).toBe(true);
    await page.screenshot({ path: path.resolve(__dirname, 'screenshots/landing-app-load-failure.png') });
    await page.unroute(/\/js\/app\./);
    await alert.getByRole('button', { name: '重新加载' }).click();
    await page.getByRole('heading', { name: '一个平台，覆盖渠道业务全链路' }).waitFor();
    expect(errors.filter((message) => !/Loading chunk/.test(message))).toEqual([]);
    errors.length = 0;
  });

  test('the QR login link loads the app in the qywx_login state, which opens the QR login', async () => {
    await page.goto(`${baseUrl()}/user/login`);
    await page.getByRole('link', { name: '企业微信扫码登录' }).click();
    await page.waitForURL(/\/user\/login\?state=qywx_login$/);
    expect(scripts.some((script) => /\/app\./.test(script))).toBe(true);
    await page.locator('.ant-modal-title').getByText('企业微信扫码登录').waitFor();
  });

  test('the other public pages share the header and the footer; 登录 there opens the modal on the landing page', async () => {
    await page.goto(`${baseUrl()}/user/register`);
    await page.getByText('企业注册').waitFor();
    await page.locator('.lp-footer').getByText('版权所有').waitFor();
    await screenshot(page, 'landing-register-page');
    await page.locator('.lp-header').getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(`${baseUrl()}/user/login`);
    await page.getByPlaceholder('用户名 / 邮箱').waitFor();
    await page.getByRole('heading', { name: '一个平台，覆盖渠道业务全链路' }).waitFor();
  });
});

describe('/test/home', () => {
  // The micro-frontend's dev server where the site configuration says it is: the server's CSP allows that
  // origin (read from site-config.json at start-up), and no other.
  const devHostUrl = siteConfig.microFrontendUrl;
  const devHost: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<h1>微前端首页</h1>');
  });
  beforeEach(() => open());

  async function signInAndOpen() {
    await loginWithPassword(page, 'admin');
    await page.waitForURL(`${baseUrl()}/dashboard/analysis`);
    await page.goto(`${baseUrl()}/test/home`);
  }

  test('embeds the micro-frontend of the configured dev host', async () => {
    const { port, hostname } = new URL(devHostUrl);
    await new Promise<void>((resolve) => devHost.listen(Number(port), hostname, resolve));
    try {
      await signInAndOpen();
      const frame = page.frameLocator('iframe[title="微前端应用"]');
      await frame.getByRole('heading', { name: '微前端首页' }).waitFor();
      await screenshot(page, 'landing-test-home');
    } finally {
      await new Promise<void>((resolve) => devHost.close(() => resolve()));
    }
  });

  test('says so in Chinese when the dev host does not answer', async () => {
    await signInAndOpen();
    await page.getByText('微前端应用无法访问').waitFor();
    await page
      .getByText(`开发服务 ${devHostUrl} 未启动或无法连接，请先启动本地微前端开发服务后重试。`)
      .waitFor();
    await screenshot(page, 'landing-test-home-unreachable');
  });
});

describe('host families', () => {
  let mapped: Browser;
  beforeAll(async () => {
    // Both families' domains resolve to the test server, as their DNS would in production.
    mapped = await chromium.launch({
      executablePath: chromiumPath(),
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--host-resolver-rules=MAP *.qudaoshuzi.com 127.0.0.1, MAP *.yinlianyun.cn 127.0.0.1',
      ],
    });
  });
  afterAll(() => mapped.close());

  test.each(siteConfig.hostFamilies.map((family) => [family.id, family] as const))(
    'a host of family %s shows its own company and filing number',
    async (_id, family) => {
      ({ context, page, errors } = await newPage(mapped));
      const { port } = new URL(baseUrl());
      await page.goto(`http://www.${family.hosts[0]}:${port}/user/login`);
      const footer = page.locator('.lp-footer');
      await footer.getByText(family.filingNumber).waitFor();
      expect(await footer.innerText()).toContain(family.company);
      for (const other of siteConfig.hostFamilies.filter((f) => f.id !== family.id)) {
        expect(await footer.innerText()).not.toContain(other.company);
      }
    },
  );
});

describe('mobile (iPhone)', () => {
  beforeEach(async () => {
    ({ context, page, errors } = await (async () => {
      const mobile = await browser.newContext({
        viewport: { width: 390, height: 844 },
        userAgent: IPHONE_UA,
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        locale: 'zh-CN',
        timezoneId: 'Asia/Shanghai',
      });
      const mobilePage = await mobile.newPage();
      const pageErrors: string[] = [];
      mobilePage.on('pageerror', (error) => pageErrors.push(error.message));
      return { context: mobile, page: mobilePage, errors: pageErrors };
    })());
  });

  test('the mobile promotional layout: banner, sections, four roles, QR codes, footer and the consulting button', async () => {
    await page.goto(`${baseUrl()}/user/login`);
    await page.getByRole('heading', { name: '移动销售助手' }).waitFor();
    for (const heading of ['B2B2b 商城', '员工价小程序', '扫码了解更多'])
      await page.getByRole('heading', { name: heading }).waitFor();
    const roles = await page.locator('.mp-roles strong').allInnerTexts();
    expect(roles).toEqual(['品牌商', '经销商', '终端门店', '消费者']);
    expect(await page.locator('.mp-banner .lp-banner-dots li').count()).toBe(6);
    expect(await page.locator('.mp-qr img').count()).toBe(3);
    // No desktop service panel, no desktop header.
    expect(await page.locator('.lp-service').count()).toBe(0);
    expect(await page.locator('.lp-header').count()).toBe(0);
    // The rem scale: 390 px wide → 52 px per rem (750 design px = 7.5 rem).
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('52px');
    const consult = page.getByRole('link', { name: '立即咨询' });
    await page.waitForFunction(
      (href) => document.querySelector('.mp-consult')?.getAttribute('href') === href,
      siteConfig.serviceLinks.contactService,
    );
    expect(await consult.isVisible()).toBe(true);
    await page.locator('.mp-footer').getByText('版权所有').waitFor();
    await page.screenshot({ path: path.resolve(__dirname, 'screenshots/landing-mobile-top.png') });
    await screenshot(page, 'landing-mobile');
  });

  test('登录 in the mobile header loads the app and signs in', async () => {
    await page.goto(`${baseUrl()}/user/login`);
    await page.locator('.mp-header').getByRole('button', { name: '登录' }).click();
    const modal = page.locator('.ant-modal').filter({ has: page.getByPlaceholder('用户名 / 邮箱') });
    await modal.getByPlaceholder('用户名 / 邮箱').fill('admin');
    await modal.getByPlaceholder('密码').fill(E2E_PASSWORD);
    await screenshot(page, 'landing-mobile-login-modal');
    await modal.getByRole('button', { name: /^登\s*录$/ }).click();
    await page.waitForURL(`${baseUrl()}/dashboard/analysis`);
  });

  test('the consulting button opens the work-chat customer-service link', async () => {
    await page.goto(`${baseUrl()}/user/login`);
    // The link is outside this closed network: answer it locally and see the new tab arrive there.
    await context.route('https://work.weixin.qq.com/**', (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<title>企业微信客服</title>' }),
    );
    await page.waitForFunction(() =>
      document.querySelector('.mp-consult')?.getAttribute('href')?.startsWith('https://'),
    );
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: '立即咨询' }).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(siteConfig.serviceLinks.contactService);
  });
});
