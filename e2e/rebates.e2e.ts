// Rebates in Chromium against the real server: the administrator runs this month of the demo's 经销商月度进货额
// 返利 in 返利核算 (a background job the page waits for), confirms the largest result — the dealer's rebate
// account is credited — then places a dealer order using part of it as 返利抵扣 (the form shows the available
// balance and the most this order may take), and 资金账户 shows the amount frozen by that order.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buttonName, choose, confirmWith, dialog, rowAction, selectOf, toast } from './support/antd';
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

const POLICY = '经销商月度进货额返利';
const SKU = '劲鹏能量饮料 250ml PET';
const thisMonth = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);

test('a rebate is calculated, confirmed and used on the next order', async () => {
  ({ context, page, errors } = await newPage(browser, DESKTOP, admin));
  await page.goto(`${baseUrl()}/eRebate/calc`);
  const run = page.locator('form', { has: page.getByRole('button', { name: buttonName('运行核算') }) });
  await choose(selectOf(run, '返利政策'), POLICY);
  await run.getByLabel('核算期').fill(thisMonth());
  await run.getByRole('button', { name: buttonName('运行核算') }).click();
  await toast(page, '核算完成');

  // The month's largest result still waiting: confirmed, credited to the dealer's rebate account.
  const row = page
    .locator('.ant-table-row:visible', { hasText: thisMonth() })
    .filter({ has: page.locator('.ant-tag', { hasText: '待确认' }) })
    .first();
  await row.waitFor();
  const dealer = (await row.locator('td').nth(1).innerText()).split('\n')[0].trim();
  await screenshot(page, 'rebates-calc');
  await rowAction(row, '确认入账');
  await confirmWith(page, '确认入账');
  await toast(page, '已确认入账');
  await page
    .locator('.ant-table-row:visible', { hasText: dealer })
    .filter({ hasText: thisMonth() })
    .first()
    .locator('.ant-tag', { hasText: '已确认入账' })
    .waitFor();

  // The next order of the dealer pays 1.00 with it.
  await page.goto(`${baseUrl()}/eOrder/eOrder`);
  await page.getByRole('button', { name: buttonName('新建订单') }).click();
  const create = dialog(page, '新建订单');
  await choose(selectOf(create, '客户'), `${dealer}（`, dealer);
  await choose(selectOf(create, '商品'), SKU);
  await create.getByLabel('第 1 行箱数').fill('5');
  await create.getByLabel('返利抵扣（元）').fill('1');
  await create.getByText(/返利账户可用 [\d.]+ 元，本单最多可抵扣 [\d.]+ 元/).waitFor();
  await create.locator('.ant-descriptions-item', { hasText: '返利抵扣' }).getByText('1.00').waitFor();
  await screenshot(page, 'rebates-order');
  await create.getByRole('button', { name: buttonName('提交订单') }).click();
  await toast(page, '下单成功！');

  await page.goto(`${baseUrl()}/eRebate/account`);
  const account = page.locator('.ant-table-row:visible', { hasText: dealer }).filter({ hasText: '返利账户' });
  await account.waitFor();
  await rowAction(account, '流水');
  const drawer = page.locator('.ant-drawer', { hasText: `${dealer} · 返利账户` });
  await drawer.locator('.ant-table-row', { hasText: '下单冻结' }).first().waitFor();
  await screenshot(page, 'rebates-ledger');
});
