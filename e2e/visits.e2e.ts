// Visits in Chromium against the real server (issue #17): the administrator, as a manager, opens 拜访记录 of
// the demo's three months, narrows it to out-of-range visits and opens one: 拜访详情 shows the distance, the
// rule, the flags and the timeline from check-in to check-out. 拜访计划 lists 赵磊's route plans.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buttonName, choose, rowAction, selectOf } from './support/antd';
import { DESKTOP, launchBrowser, newPage, screenshot, type SignedIn } from './support/chromium';
import { baseUrl, signedInState } from './support/signIn';

jest.setTimeout(180000);

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let admin: SignedIn;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signedInState(browser, 'admin');
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  ({ context, page, errors } = await newPage(browser, DESKTOP, admin));
});
afterEach(async () => {
  await context.close();
  expect(errors).toEqual([]);
});

test('the manager finds an out-of-range visit in 拜访记录 and reads its detail; 拜访计划 lists the route plans', async () => {
  await page.goto(`${baseUrl()}/eVisit/record`);
  await page.locator('.ant-table-row:visible').first().waitFor();
  const form = page.locator('form').first();
  await choose(selectOf(form, '异常类型'), '超距离');
  // The first page may hold an out-of-range visit too: the filtered page is the one after its answer.
  const filtered = page.waitForResponse(
    (response) =>
      response.url().includes('/eVisit/record/list') && response.url().includes('abnormalFlag=OUT_OF_RANGE'),
  );
  await page.getByRole('button', { name: buttonName('查询') }).click();
  await page.waitForURL(/abnormalFlag=OUT_OF_RANGE/);
  await filtered;
  await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
  const row = page.locator('.ant-table-row:visible', { hasText: '超距' }).first();
  await row.waitFor();
  expect(await page.locator('.ant-table-row:visible', { hasText: '合规' }).count()).toBe(0);
  await rowAction(row, '详情');
  const drawer = page.getByRole('dialog');
  await drawer.getByText(/^拜访详情：VS\d{12}$/).waitFor();
  await drawer.getByText('拜访过程').waitFor();
  await drawer.locator('.ant-timeline-item', { hasText: '签到' }).first().waitFor();
  await drawer
    .getByText(/范围 \d+ 米/)
    .first()
    .waitFor();
  await drawer.getByText('超距离').first().waitFor();
  await screenshot(page, 'visit-detail');

  await page.goto(`${baseUrl()}/eVisit/plan`);
  const plan = page.locator('.ant-table-row:visible', { hasText: '广州' }).first();
  await plan.waitFor();
  await plan.getByText('赵磊').waitFor();
  await screenshot(page, 'visit-plans');
});
