import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/chromium';

const baseUrl = () => process.env.E2E_BASE_URL as string;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

test('a deep path is served through the history fallback; signed out it goes to the login page', async () => {
  const { context, page, errors } = await newPage(browser);
  const response = await page.goto(`${baseUrl()}/no/such/page`);
  expect(response?.status()).toBe(200);
  await expect(page.title()).resolves.toBe('渠道数字化平台');
  await page.waitForURL(`${baseUrl()}/user/login?redirect=%2Fno%2Fsuch%2Fpage`);
  expect(errors).toEqual([]);
  await context.close();
});

test('the 404 page is public', async () => {
  const { context, page, errors } = await newPage(browser);
  await page.goto(`${baseUrl()}/404`);
  await page.getByText('抱歉，你访问的页面不存在').waitFor();
  await screenshot(page, 'foundation-404');
  expect(errors).toEqual([]);
  await context.close();
});

test('every page has the favicon, served as an image (a missing one fails any test through e2e/jest.csp.ts)', async () => {
  const { context, page, errors } = await newPage(browser);
  await page.goto(`${baseUrl()}/user/login`);
  const icons = await page.$$eval('link[rel="icon"]', (links) =>
    links.map((link) => (link as HTMLLinkElement).href),
  );
  expect(icons.map((href) => new URL(href).pathname)).toEqual(['/favicon.ico', '/favicon.svg']);
  for (const href of [...icons, `${baseUrl()}/favicon.ico`]) {
    const response = await context.request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^image\//);
  }
  expect(errors).toEqual([]);
  await context.close();
});

test('the page talks to the API under /api with the envelope', async () => {
  const { context, page } = await newPage(browser);
  await page.goto(`${baseUrl()}/404`);
  const health = await page.evaluate(async () => (await fetch('/api/health')).json());
  expect(health).toMatchObject({ success: true, code: 200, result: { database: 'up' } });
  const missing = await page.evaluate(async () => {
    const response = await fetch('/api/no-such-endpoint');
    return { status: response.status, body: await response.json() };
  });
  expect(missing.status).toBe(404);
  expect(missing.body).toMatchObject({ success: false, code: 404 });
  await context.close();
});

test('a page chunk that fails to load shows the reload message, and reloading recovers', async () => {
  const { context, page } = await newPage(browser);
  let failChunks = true;
  await page.route(/exception-404.*\.js$/, (route) => (failChunks ? route.abort() : route.continue()));
  await page.goto(`${baseUrl()}/404`);
  const reload = page.getByRole('button', { name: /重新加载/ });
  await reload.waitFor();
  await screenshot(page, 'foundation-chunk-error');
  failChunks = false;
  await reload.click();
  await page.getByText('抱歉，你访问的页面不存在').waitFor();
  await context.close();
});
