// Agreements in Chromium against the real server: the administrator writes a cooperation template with the
// variable panel (two variables and the bound 月度目标 table), publishes it, makes a cooperation agreement from
// it for a demo outlet, submits it, approves it in 审批中心 and downloads its PDF.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buttonName, choose, confirmWith, daysAgo, rowAction, selectOf, toast } from './support/antd';
import { DESKTOP, launchBrowser, newPage, screenshot, type SignedIn } from './support/chromium';
import { baseUrl, signedInState } from './support/signIn';

jest.setTimeout(240000);

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
afterEach(async () => {
  await context.close();
  expect(errors).toEqual([]);
});

const PARTY = '和顺便利店';

test('a template is published, an agreement made from it is approved and its PDF downloads', async () => {
  ({ context, page, errors } = await newPage(browser, DESKTOP, admin));
  const suffix = String(Date.now()).slice(-6);
  const name = `E2E合作协议${suffix}`;

  await page.goto(`${baseUrl()}/eAgrtTmpl`);
  await page.getByRole('button', { name: buttonName('新建模板') }).click();
  const editor = page.locator('.ant-drawer', { hasText: '新建协议模板' });
  await editor.getByLabel('模板编码').fill(`E2E-${suffix}`);
  await editor.getByLabel('模板名称').fill(name);
  const body = editor.locator('.rich-text-content .tiptap');
  await body.click();
  await page.keyboard.type('甲方：');
  const variables = editor.locator('.rich-text-variables');
  await variables.getByText('甲方', { exact: true }).click();
  await page.keyboard.type('，乙方：');
  await variables.getByText('乙方', { exact: true }).click();
  await variables.getByText('表格：月度目标').click();
  await body.locator('table[data-source="monthlyTargets"]').waitFor();
  await body.getByText('{{partyB}}').waitFor();
  await editor.getByRole('button', { name: buttonName('预览') }).click();
  const preview = page.locator('.ant-modal', { hasText: '预览（示例数据）' });
  await preview.getByText('成都锦江区盛达商贸').waitFor();
  await screenshot(page, 'agreements-template-preview');
  await preview.locator('.ant-modal-close').click();
  await editor.getByRole('button', { name: buttonName('保存草稿') }).click();
  await toast(page, '添加成功！');

  const templateRow = page.locator('.ant-table-row:visible', { hasText: name });
  await templateRow.getByText('有未发布修改').waitFor();
  await rowAction(templateRow, '发布');
  await confirmWith(page, '发布');
  await toast(page, '已发布第 1 版');
  await templateRow.getByText('已发布').waitFor();

  await page.goto(`${baseUrl()}/eCoopAgrt`);
  await page.getByRole('button', { name: buttonName('新建合作协议') }).click();
  const form = page.locator('.ant-modal', { hasText: '新建合作协议' });
  await choose(selectOf(form, '乙方客户'), PARTY, '和顺');
  await choose(selectOf(form, '协议模板'), name);
  const range = form.locator('.ant-picker-range input');
  await range.first().click();
  await range.first().fill(daysAgo(5));
  await page.keyboard.press('Enter');
  await range.last().click();
  await range.last().fill(daysAgo(-360));
  await page.keyboard.press('Enter');
  await form.getByLabel('年度目标金额').fill('360000');
  await screenshot(page, 'agreements-form');
  await form.getByRole('button', { name: buttonName('保存') }).click();
  await toast(page, '添加成功！');

  const row = page.locator('.ant-table-row:visible', { hasText: name });
  await row.getByText('草稿').waitFor();
  await rowAction(row, '提交');
  await confirmWith(page, '提交');
  await toast(page, '已提交审批');
  await row.getByText('审批中').waitFor();

  await page.goto(`${baseUrl()}/approval/center`);
  const task = page.locator('.ant-table-row', { hasText: `合作协议：${PARTY}` }).first();
  await task.getByRole('button', { name: buttonName('审批') }).click();
  const drawer = page.locator('.ant-drawer', { hasText: `合作协议：${PARTY}` });
  await drawer.getByText('¥360,000').waitFor();
  await drawer.getByRole('button', { name: buttonName('通过') }).click();
  await drawer.getByLabel('审批意见').fill('条款核对无误');
  await drawer.getByRole('button', { name: buttonName('确认通过') }).click();
  await toast(page, '已批准');

  await page.goto(`${baseUrl()}/eCoopAgrt`);
  await row.getByText('待签署').waitFor();
  await screenshot(page, 'agreements-list');
  await rowAction(row, '详情');
  const detail = page.locator('.ant-drawer', { hasText: '协议正文' });
  await detail.locator('.agreement-html').getByText(`乙方：${PARTY}`, { exact: false }).waitFor();
  await detail.getByText('审批通过').waitFor();
  await screenshot(page, 'agreements-detail');
  await detail.locator('.ant-drawer-close').click();
  const download = page.waitForEvent('download');
  await rowAction(row, '下载PDF');
  const file = await (await download).path();
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.includes('/FontFile2')).toBe(true);
});
