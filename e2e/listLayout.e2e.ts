// The main lists (and those moved onto the shared list layer since) fit the screen: at 1440x900 every column the issue names (amount, status, ...) is in
// view without scrolling the table and not under the fixed 操作 column; at 768x1024 a list shows what the
// row is, its status and amount, the rest in the row's detail. Screenshots of each for people to look at.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, screenshot, TABLET } from './support/chromium';
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
afterEach(async () => {
  await context.close();
  expect(errors).toEqual([]);
});

interface ListCase {
  name: string;
  path: string;
  /** Column titles that must be in view on a desktop screen. */
  desktop: string[];
  /** Column titles shown on a tablet. */
  tablet: string[];
  /** The list has no 操作 column (records only). */
  readOnly?: boolean;
}

const LISTS: ListCase[] = [
  {
    name: 'orders',
    path: '/eOrder/eOrder',
    desktop: ['订单号', '订单状态', '箱数', '应付 / 优惠', '支付', 'ERP同步 / 打印'],
    tablet: ['订单号', '订单状态', '应付 / 优惠'],
  },
  {
    name: 'customers',
    path: '/eCustomer/list',
    desktop: ['客户名称', '状态', '最近拜访'],
    tablet: ['客户名称', '状态'],
  },
  {
    name: 'stock',
    path: '/eprod/stock',
    desktop: ['商品', '库存', '金额', '批次状态'],
    tablet: ['商品', '批次号 / 仓库', '金额', '批次状态'],
  },
  {
    name: 'employee-prices',
    path: '/eEmployee/price',
    desktop: ['商品编码', '商品', '员工价', '价目表', '每月限购'],
    tablet: ['商品', '员工价', '每月限购'],
  },
  {
    name: 'pickup-points',
    path: '/eEmployee/price?tab=points',
    desktop: ['名称', '地址', '联系人', '状态'],
    tablet: ['名称', '状态'],
  },
  {
    name: 'employee-orders',
    path: '/eEmployee/order',
    desktop: ['订单号', '员工', '自提点', '箱数', '金额', '状态'],
    tablet: ['订单号', '金额', '状态'],
  },
  {
    name: 'pickup-records',
    path: '/eEmployee/pickup',
    desktop: ['订单号', '员工', '自提点', '金额', '状态', '提货时间 / 核销人'],
    tablet: ['订单号', '金额', '状态'],
    readOnly: true,
  },
  {
    name: 'dealer-accounts',
    path: '/eDealer/account',
    desktop: ['用户名', '手机号', '经销商', '角色', '状态', '创建时间'],
    tablet: ['用户名', '状态'],
  },
];

/**
 * Where the first row's cell under each title sits, against the table's visible area (the scroll box,
 * less the fixed 操作 column) and the window.
 */
function cellsOutOfView(target: Page, titles: string[]): Promise<string[]> {
  return target.evaluate((wanted) => {
    const table = document.querySelector('.list-page .ant-table') as HTMLElement;
    const box = (table.querySelector('.ant-table-content, .ant-table-body') ?? table).getBoundingClientRect();
    const headers = Array.from(table.querySelectorAll('thead tr:first-child th'));
    const actions = headers.find((cell) => cell.textContent === '操作');
    const right = Math.min(
      box.right,
      actions ? actions.getBoundingClientRect().left : box.right,
      window.innerWidth,
    );
    const row = table.querySelector('tbody tr.ant-table-row') as HTMLElement;
    return wanted.filter((title) => {
      const at = headers.findIndex((cell) => cell.textContent === title);
      if (at < 0) return true;
      const rect = row.children[at].getBoundingClientRect();
      return rect.left < box.left - 1 || rect.right > right + 1 || rect.bottom > window.innerHeight;
    });
  }, titles);
}

async function headerTitles(target: Page): Promise<string[]> {
  const titles = await target.locator('.list-page .ant-table thead tr:first-child th').allInnerTexts();
  return titles.map((title) => title.trim()).filter(Boolean);
}

async function open(target: Page, path: string) {
  await target.goto(`${baseUrl()}${path}`);
  await target.locator('.list-page .ant-table-row').first().waitFor();
}

describe.each([
  ['1440', DESKTOP],
  ['768', TABLET],
])('at %s px', (width, viewport) => {
  beforeEach(async () => {
    ({ context, page, errors } = await newPage(browser, viewport));
    await loginWithPassword(page, 'admin');
    await page.waitForURL(`${baseUrl()}/dashboard/analysis`);
  });

  test.each(LISTS)('the $name list shows its key columns without scrolling', async (list) => {
    await open(page, list.path);
    if (width === '1440') {
      expect(await cellsOutOfView(page, list.desktop)).toEqual([]);
    } else {
      expect(await headerTitles(page)).toEqual(list.readOnly ? list.tablet : [...list.tablet, '操作']);
      expect(await cellsOutOfView(page, list.tablet)).toEqual([]);
      // The other columns are in the row's detail.
      await page.locator('.list-page .ant-table-row-expand-icon').first().click();
      await page.locator('.list-page .ant-descriptions').first().waitFor();
      // An opened detail does not widen the table past the screen.
      expect(await cellsOutOfView(page, list.tablet)).toEqual([]);
    }
    await screenshot(page, `list-${list.name}-${width}`);
  });
});
