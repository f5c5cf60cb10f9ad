// Visits in Chromium against the real server (issue #17): the administrator, as a manager, opens 拜访记录 of
// the demo's three months, narrows it to out-of-range visits and opens one: 拜访详情 shows the distance, the
// rule, the flags and the timeline from check-in to check-out. 拜访计划 lists 赵磊's route plans. In 评分模板 the
// administrator creates a template with two items and finds its draft in the list. 拜访计划's 日历 shows this
// week by rep with 赵磊's plans as cards (one opens its 明细); 首页's 今日拜访 / 异常拜访 link to 拜访记录.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { buttonName, choose, dialog, rowAction, selectOf, toast } from './support/antd';
import { attemptTag } from './support/attempt';
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

test("拜访计划's 日历 shows 赵磊's week of plans; 首页's 异常拜访 opens today's abnormal visits", async () => {
  const week = page.waitForResponse(
    (response) => response.url().includes('/eVisit/plan/list') && response.url().includes('withItems=true'),
  );
  await page.goto(`${baseUrl()}/eVisit/plan`);
  await page.locator('.ant-table-row:visible').first().waitFor();
  await page.locator('.ant-segmented').getByText('日历').click();
  await page.waitForURL(/view=week/);
  await week;
  const row = page.locator('.ant-table-row:visible', { hasText: '赵磊' });
  const card = row.getByRole('button', { name: /^计划 VP\d+$/ }).first();
  await card.waitFor();
  await expect(card.getByText(/^已访 \d+\/\d+$/).count()).resolves.toBe(1);
  await expect(card.locator('.ant-badge-status').count()).resolves.toBeGreaterThan(0);
  await screenshot(page, 'visit-plan-week');
  await card.getByText(/^已访/).click();
  const drawer = page.locator('.ant-drawer', { hasText: '计划明细' });
  await drawer.getByText(/^计划明细：VP\d+（\d{4}-\d{2}-\d{2} 赵磊）$/).waitFor();
  await drawer.locator('.ant-table-row').first().waitFor();
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });

  const nextWeek = page.waitForResponse(
    (response) => response.url().includes('/eVisit/plan/list') && response.url().includes('withItems=true'),
  );
  await page.getByRole('button', { name: '下一周' }).click();
  await nextWeek;

  await page.goto(`${baseUrl()}/dashboard/analysis`);
  const today = page.locator('.ant-card', { hasText: '今日拜访' });
  await today.getByText('计划门店已访').waitFor();
  const abnormal = page.locator('.ant-card', { hasText: '异常拜访' }).filter({ hasText: '待审核' });
  await abnormal.getByText('今日异常').waitFor();
  await screenshot(page, 'home-visits');
  await abnormal.getByRole('link', { name: '查看全部' }).click();
  await page.waitForURL(/\/eVisit\/record\?visitDate_begin=\d{4}-\d{2}-\d{2}&visitDate_end=.*abnormal=true/);
  await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
  expect(await page.locator('.ant-table-row:visible', { hasText: '正常' }).count()).toBe(0);
});

test('the administrator creates a 评分模板 with two items and finds its draft in the list', async () => {
  const tag = attemptTag();
  await page.goto(`${baseUrl()}/eVisit/executionTemplate`);
  await page.locator('.ant-table-row:visible').first().waitFor();
  await page.getByRole('button', { name: buttonName('新建模板') }).click();
  const editor = dialog(page, '新建评分模板');
  await editor.getByPlaceholder('如 EXE-STD').fill(`E2E${tag}`);
  await editor.getByPlaceholder('如 标准门店执行').fill(`社区店执行${tag}`);
  const item = (index: number) => editor.getByRole('group', { name: `检查项 ${index}` });
  const selectIn = (scope: Locator, label: string) =>
    scope.locator('.ant-select').filter({ has: page.getByLabel(label) });

  await item(1).getByLabel('检查项编码').fill('PRICE');
  await item(1).getByLabel('检查项名称').fill('价签齐全');
  await choose(selectIn(item(1), '分类'), '价格');
  await item(1).getByLabel('分值').fill('40');
  await item(1).getByText('一票否决').click();

  await editor.getByRole('button', { name: buttonName('添加检查项') }).click();
  await item(2).getByLabel('检查项编码').fill('FACE4');
  await item(2).getByLabel('检查项名称').fill('排面数≥4');
  await choose(selectIn(item(2), '分类'), '陈列');
  await choose(selectIn(item(2), '采集方式'), '数值');
  await item(2).getByLabel('分值').fill('60');
  await choose(selectIn(item(2), '计分方式'), '每缺扣分');
  await item(2).getByLabel('达标数量').fill('4');
  await item(2).getByLabel('每缺扣分').fill('15');
  await editor.getByText('检查项分值合计 100 分').waitFor();
  await screenshot(page, 'execution-template-editor');

  await editor.getByRole('button', { name: buttonName('保存') }).click();
  await toast(page, '添加成功');
  const row = page.locator('.ant-table-row:visible', { hasText: `社区店执行${tag}` });
  await row.waitFor();
  await row.getByText('草稿').waitFor();
  await row.getByText(/^100(\.0+)? \/ 80(\.0+)?$/).waitFor();
  await rowAction(row, '查看');
  const drawer = page.locator('.ant-drawer', { hasText: `社区店执行${tag} V1` });
  await drawer.getByText('每缺扣 15 分').waitFor();
  await drawer.getByText('一票否决').waitFor();
});
