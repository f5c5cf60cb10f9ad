// Promotions in Chromium against the real server: the administrator finds the demo's running 买赠 in 促销列表
// with its budget nearly used, then in 试算预览 prices 10 cases of its SKU for a demo outlet — the gift fires
// (a 赠品 line at price 0) and the other running promotions say why they do not.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buttonName, choose, selectOf } from './support/antd';
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

const BUYER = '和顺便利店';
const SKU = '劲鹏能量饮料 250ml PET';
const GIFT_PROMOTION = '劲鹏250ml 满10箱赠1箱';

test('a running 买赠 shows in 促销列表 and fires in 试算预览 with its gift, the others saying why not', async () => {
  ({ context, page, errors } = await newPage(browser, DESKTOP, admin));
  await page.goto(`${baseUrl()}/ePromotion/list`);
  const row = page.locator('.ant-table-row:visible', { hasText: GIFT_PROMOTION });
  await row.getByText('188.00 / 200.00（赠品）').waitFor();
  await row.locator('.ant-tag', { hasText: '进行中' }).waitFor();
  await page.locator('.ant-table-row:visible', { hasText: '山泉源 春节满减' }).getByText('已结束').waitFor();
  await screenshot(page, 'promotions-list');

  await page.goto(`${baseUrl()}/ePromotion/preview`);
  const card = page.locator('.ant-card', { hasText: '试算预览' });
  await choose(selectOf(card, '客户'), `${BUYER}（`, BUYER);
  await choose(selectOf(card, '商品'), SKU);
  await card.getByLabel('第 1 行箱数').fill('10');
  await card.getByRole('button', { name: buttonName('试算') }).click();
  const result = page.locator('[data-testid="price-preview"]');
  await result.locator('.ant-list-item', { hasText: GIFT_PROMOTION }).getByText('已享受').waitFor();
  await result.locator('.ant-table-row', { hasText: '赠品' }).getByText('0.00').first().waitFor();
  await result
    .locator('.ant-list-item', { hasText: '鹏咖拿铁 新品特价' })
    .getByText(/购物车中没有适用商品/)
    .waitFor();
  await screenshot(page, 'promotions-preview');
});
