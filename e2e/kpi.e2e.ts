// 销售报表 in Chromium against the real server (issue #21): the administrator pastes a block of next year's
// targets from Excel into 目标设置 (a year no other file or the demo sets), saves and publishes them; then
// 达成报表 drills from the company to 华南大区, to 广州办事处 and down to its rep 赵磊.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buttonName, toast } from './support/antd';
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

test('targets pasted from Excel are saved and published; 达成报表 drills from the company to a rep', async () => {
  const year = new Date().getFullYear() + 1;
  await page.goto(`${baseUrl()}/eStoneKpi/target`);
  await page.locator('.ant-table-row:visible').first().waitFor();
  await page.locator('.ant-select', { has: page.getByLabel('年度') }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
      hasText: `${year}年`,
    })
    .click();
  const first = page.getByLabel(`华饮酒业集团 ${year}-01`);
  await first.waitFor();
  // Two rows of two months, as Excel puts them on the clipboard.
  await first.click();
  await first.evaluate((input) => {
    const data = new DataTransfer();
    data.setData('text/plain', '1000\t2000\r\n300\t400\r\n');
    input.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await toast(page, '已粘贴 4 个单元格');
  expect(await page.getByLabel(`华东大区 ${year}-02`).inputValue()).toBe('400');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await toast(page, '已保存 4 项');
  await page.getByRole('button', { name: buttonName('下达') }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: buttonName('确定') })
    .click();
  const company = page.locator('.ant-table-row:visible', { hasText: '华饮酒业集团' });
  await company.getByText('已下达').waitFor();
  await page.locator('.ant-table-row:visible', { hasText: '华东大区' }).getByText('已下达').waitFor();
  await screenshot(page, 'kpi-targets');

  await page.goto(`${baseUrl()}/eStoneKpi/achievement`);
  await page.locator('.ant-table-row:visible', { hasText: '华饮酒业集团' }).waitFor();
  await page.getByRole('button', { name: '华南大区' }).click();
  await page.locator('.ant-breadcrumb').getByText('华南大区').waitFor();
  await page.getByRole('button', { name: '广州办事处' }).click();
  await page.locator('.ant-breadcrumb').getByText('广州办事处').waitFor();
  const rep = page.locator('.ant-table-row:visible', { hasText: '赵磊' });
  await rep.getByText('人员').waitFor();
  await screenshot(page, 'kpi-achievement-rep');
});
