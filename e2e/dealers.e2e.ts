// A dealer workspace in Chromium against the real server (issue #22): the keeper of the demo dealer on 畅捷通T+
// signs in to a menu limited by the dealer roles, ships an outlet order addressed to his dealer, and the
// outbound reaches the dealer's own T+ (this server's simulator), not the brand's Kingdee. The dealer's
// administrator sees 经销商账号 with its own staff; the brand's 经销商档案 lists the dealers' profiles. The keeper
// records a stock-in, offered only his dealer's warehouses.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buttonName, choose, daysAgo, dialog, rowAction, selectOf, toast } from './support/antd';
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

test('the dealer’s keeper records a stock-in into one of his dealer’s warehouses, the only ones offered', async () => {
  await loginWithPassword(page, 'dealer1wh');
  await page.waitForURL(`${baseUrl()}/dashboard/analysis`);
  await page.goto(`${baseUrl()}/eprod/stock`);
  await page.getByText('库龄分布（点击筛选）').waitFor();
  await page.getByRole('button', { name: buttonName('入库') }).click();
  const form = dialog(page, '入库');
  const warehouse = selectOf(form, '仓库');
  await warehouse.click();
  const options = page.locator(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
  );
  await options.first().waitFor();
  const names = await options.allTextContents();
  expect(names).not.toContain('品牌中心仓');
  await page.keyboard.press('Escape');
  await choose(warehouse, names[0]);
  // 茶小满冰红茶 500ml (server/db/seed/businessCatalogue.ts), as e2e/stock.e2e.ts stocks it in.
  await choose(selectOf(form, '商品'), '茶小满冰红茶 500ml', '茶小满冰红茶 500ml');
  await form.getByPlaceholder('如 20261101A').fill('E2EDEALER');
  await form.locator('.ant-picker input').click();
  await page.keyboard.type(daysAgo(30));
  await page.keyboard.press('Enter');
  await form.getByText('请选择生产日期!').waitFor({ state: 'detached' });
  await form.getByLabel('数量（箱）').fill('2');
  await screenshot(page, 'dealers-stock-in');
  await form.getByRole('button', { name: buttonName('保存') }).click();
  await toast(page, '入库成功');
});
