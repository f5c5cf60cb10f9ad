// A dealer workspace in Chromium against the real server (issue #22): the keeper of the demo dealer on 畅捷通T+
// signs in to a menu limited by the dealer roles, ships an outlet order addressed to his dealer, and the
// outbound reaches the dealer's own T+ (this server's simulator), not the brand's Kingdee. The dealer's
// administrator sees 经销商账号 with its own staff; the brand's 经销商档案 lists the dealers' profiles.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buttonName, rowAction } from './support/antd';
import { launchBrowser, newPage, screenshot } from './support/chromium';
import { baseUrl, loginWithPassword } from './support/signIn';

jest.setTimeout(240000);

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

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

interface SimulatorState {
  systems: Record<string, { bills: Array<{ formId: string; number: string }> }>;
}

/** The outbounds in the dealer's T+ (the receipts of its orders' payments reach it too, as ReceiveVoucher). */
const tplusBills = async () => {
  const response = await fetch(`${baseUrl()}/sim/erp/state`);
  const state = (await response.json()) as SimulatorState;
  return (state.systems.CHANJET_TPLUS?.bills ?? []).filter((bill) => bill.formId === 'SaleDelivery');
};

test('the dealer’s keeper ships an outlet order addressed to his dealer, and it reaches the dealer’s T+', async () => {
  await loginWithPassword(page, 'dealer1wh');
  await page.waitForURL(`${baseUrl()}/dashboard/analysis`);
  const menu = page.locator('.ant-layout-sider');
  await menu.getByText('订单管理').waitFor();
  expect(await menu.getByText('系统管理').count()).toBe(0);

  await page.goto(`${baseUrl()}/eOrder/eOrder`);
  await page.getByRole('tab', { name: /待发货/ }).click();
  const row = page.locator('.ant-table-row:visible').first();
  await row.locator('.ant-tag', { hasText: '待发货' }).waitFor();
  const before = (await tplusBills()).length;
  // The page reads only what order:list allows (its dealer filter too): no 拒绝访问 toast.
  expect(await page.getByText('拒绝访问').count()).toBe(0);
  await screenshot(page, 'dealers-orders');
  await rowAction(row, '发货');
  const deliver = page.locator('.ant-modal').filter({ hasText: '批次分配' });
  await deliver.getByRole('button', { name: buttonName('确认发货') }).click();
  await deliver.waitFor({ state: 'detached' });

  // The worker sends the outbound to the dealer's T+ connection.
  const deadline = Date.now() + 120_000;
  while ((await tplusBills()).length <= before) {
    if (Date.now() > deadline) throw new Error('no bill reached the T+ simulator');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
});

test('the dealer’s administrator manages its own staff; the brand keeps the 经销商档案', async () => {
  await loginWithPassword(page, 'dealer1');
  await page.waitForURL(`${baseUrl()}/dashboard/analysis`);
  await page.goto(`${baseUrl()}/eDealer/account`);
  await page.locator('.ant-table-row', { hasText: 'dealer1wh' }).waitFor();
  expect(await page.locator('.ant-table-row', { hasText: 'dealer2wh' }).count()).toBe(0);
  await screenshot(page, 'dealers-accounts');

  await context.close();
  ({ context, page, errors } = await newPage(browser));
  await loginWithPassword(page, 'admin');
  await page.waitForURL(`${baseUrl()}/dashboard/analysis`);
  await page.goto(`${baseUrl()}/eDealer/profile`);
  await page.locator('.ant-table-row', { hasText: 'HT2026' }).first().waitFor();
  await screenshot(page, 'dealers-profiles');
});
