// The access gate and the main frame in Chromium against the real server (spec §4, §2 Main layout).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/chromium';
import { E2E_PASSWORD } from './support/server';
import { baseUrl, loginWithPassword } from './support/signIn';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

const NOT_FOUND_TEXT = '抱歉，你访问的页面不存在';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  ({ context, page, errors } = await newPage(browser));
  // Records whether the 404 page ever showed, however briefly.
  await context.addInitScript((text) => {
    new MutationObserver(() => {
      if (document.body?.innerText.includes(text)) sessionStorage.setItem('saw404', '1');
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, NOT_FOUND_TEXT);
});
afterEach(async () => {
  await context.close();
  expect(errors).toEqual([]);
});

const saw404 = () => page.evaluate(() => sessionStorage.getItem('saw404') === '1');

function visitedPaths(target: Page): string[] {
  const visited: string[] = [];
  target.on('framenavigated', (frame) => {
    if (frame === target.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  return visited;
}

test('after signing in from a redirected deep link the user lands on that link', async () => {
  await page.goto(`${baseUrl()}/isystem/role?tab=2`);
  await page.waitForURL(/\/user\/login\?redirect=/);
  // The login modal of the redirected page itself (loginWithPassword would open a fresh login page).
  await page.locator('.lp-header').getByRole('button', { name: '登录', exact: true }).click();
  const modal = page.locator('.ant-modal').filter({ has: page.getByPlaceholder('用户名 / 邮箱') });
  await modal.getByPlaceholder('用户名 / 邮箱').fill('admin');
  await modal.getByPlaceholder('密码').fill(E2E_PASSWORD);
  await modal.getByRole('button', { name: /^登\s*录$/ }).click();
  await page.waitForURL(`${baseUrl()}/isystem/role?tab=2`);
  await page.getByRole('columnheader', { name: '角色编码' }).waitFor();
  expect(await saw404()).toBe(false);
});

test('a refresh on a deep route shows the spinner, never the 404 page, and lands back on it', async () => {
  await loginWithPassword(page, 'admin');
  await page.waitForURL(`${baseUrl()}/dashboard/analysis`);
  await page.goto(`${baseUrl()}/isystem/depart?x=1`);
  await page.getByText('组织机构', { exact: true }).waitFor();

  const visited = visitedPaths(page);
  await page.reload();
  await page.getByText('组织机构', { exact: true }).waitFor();
  expect(page.url()).toBe(`${baseUrl()}/isystem/depart?x=1`);
  expect(visited.filter((path) => path !== '/isystem/depart')).toEqual([]);
  expect(await saw404()).toBe(false);
});

test('the permission load asks for the failed-order counters of both directions', async () => {
  const counterQueries: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/kingdee/sync/orders/status') counterQueries.push(url.searchParams);
  });
  await loginWithPassword(page, 'admin');
  await page.waitForURL(`${baseUrl()}/dashboard/analysis`);
  await page.getByRole('navigation', { name: '侧边菜单' }).waitFor();
  expect(counterQueries.map((query) => query.get('direction')).sort()).toEqual(['0', '1']);
  for (const query of counterQueries) {
    expect([query.get('pageNumber'), query.get('size'), query.get('includeIgnore')]).toEqual([
      '0',
      '10',
      'false',
    ]);
  }
});

test('the side menu navigates, the breadcrumbs follow, and the home page shows the user', async () => {
  await loginWithPassword(page, 'admin');
  await page.waitForURL(`${baseUrl()}/dashboard/analysis`);
  const menu = page.getByRole('navigation', { name: '侧边菜单' });
  await page.getByText('管理员，欢迎回来').waitFor();
  await page.getByText('当前部门').waitFor();
  await screenshot(page, 'access-gate-home');

  await menu.getByText('系统管理').click();
  await menu.getByText('用户管理').click();
  await page.waitForURL(`${baseUrl()}/isystem/user`);
  await page.getByRole('columnheader', { name: '用户账号' }).waitFor();
  const crumbs = await page.locator('.ant-breadcrumb li').allInnerTexts();
  expect(crumbs.filter((text) => text.trim() !== '/')).toEqual(['首页', '系统管理', '用户管理']);
  expect(await menu.getByText('我的消息').count()).toBe(0);
  await screenshot(page, 'access-gate-menu-route');
});
