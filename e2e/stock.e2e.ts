// Warehouse stock in Chromium against the real server: the administrator opens a warehouse, receives a
// batch through the 入库 screen, transfers part of it (an over-large transfer is refused with the server's
// message and changes nothing), counts the rest, and sees the batch's stock-age bucket and near-expiry
// flag; the movement list shows one row per movement. A SKU image is uploaded and its thumbnail shown.
import sharp from 'sharp';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { attemptTag } from './support/attempt';
import { buttonName, choose, daysAgo, dialog, rowAction, selectOf, toast } from './support/antd';
import { DESKTOP, launchBrowser, newPage, screenshot, TABLET, type SignedIn } from './support/chromium';
import { baseUrl, signedInState } from './support/signIn';

jest.setTimeout(180000);

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
/** The administrator's session, signed in once for the file's tests. */
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

/** Set by the first test at each attempt (attemptTag); the tablet test looks at the first test's batch. */
let attempt = '';
const batchNo = () => `E2EST${attempt}`;
const FROM_WAREHOUSE = '品牌中心仓';
const toWarehouse = () => `端到端调拨仓${attempt}`;
/** 茶小满冰红茶 500ml: 15 bottles a case, 365 days of shelf life (server/db/seed/businessCatalogue.ts). */
const SKU_NAME = '茶小满冰红茶 500ml';

/** Types cases and bottles into the quantity item labelled `label`. */
async function fillQuantity(form: Locator, label: string, cases: number, units?: number) {
  await form.getByLabel(`${label}（箱）`).fill(String(cases));
  if (units !== undefined) await form.getByLabel(`${label}（瓶）`).fill(String(units));
}

const lotRows = (target: Page) => target.locator('.ant-table-row:visible', { hasText: batchNo() });

test('a batch is received, partly transferred and counted; its stock age and near-expiry show', async () => {
  attempt = attemptTag();
  // 1. The warehouse the transfer goes to.
  await page.goto(`${baseUrl()}/eprod/warehouse`);
  await page.locator('.ant-table-row:visible').first().waitFor();
  await page.getByRole('button', { name: buttonName('新增仓库') }).click();
  const warehouseForm = dialog(page, '新增仓库');
  await warehouseForm.getByRole('button', { name: buttonName('保存') }).click();
  await warehouseForm.getByText('请输入仓库编码!').waitFor();
  await warehouseForm.getByPlaceholder('请输入仓库编码').fill(`E2E-WH-${attempt}`);
  await warehouseForm.getByPlaceholder('请输入仓库名称').fill(toWarehouse());
  await warehouseForm.getByRole('button', { name: buttonName('保存') }).click();
  await toast(page, '添加成功');
  await page.locator('.ant-table-row:visible', { hasText: toWarehouse() }).getByText('启用').waitFor();
  await screenshot(page, 'stock-warehouses');

  // 2. 入库: 10 cases produced 355 days ago (10 days of its 365 left: near expiry).
  await page.goto(`${baseUrl()}/eprod/stock`);
  await page.getByText('库龄分布（点击筛选）').waitFor();
  await page.getByRole('button', { name: buttonName('入库') }).click();
  const inForm = dialog(page, '入库');
  await inForm.getByRole('button', { name: buttonName('保存') }).click();
  await inForm.getByText('请输入数量（箱数或瓶数）').waitFor();
  await choose(selectOf(inForm, '仓库'), FROM_WAREHOUSE, FROM_WAREHOUSE);
  await choose(selectOf(inForm, '商品'), SKU_NAME, SKU_NAME);
  await inForm.getByPlaceholder('如 20261101A').fill(batchNo());
  await selectOf(inForm, '生产日期')
    .click()
    .catch(() => undefined);
  // The typed date is taken with Enter (a click on its cell raced the calendar's move under load).
  await inForm.locator('.ant-picker input').click();
  await page.keyboard.type(daysAgo(355));
  await page.keyboard.press('Enter');
  await inForm.getByText('请选择生产日期!').waitFor({ state: 'detached' });
  await fillQuantity(inForm, '数量', 10);
  await inForm.getByPlaceholder('每瓶').fill('2.5');
  await screenshot(page, 'stock-in-form');
  await inForm.getByRole('button', { name: buttonName('保存') }).click();
  await toast(page, '入库成功');

  await page.getByPlaceholder('商品编码/名称/批次号').fill(batchNo());
  await page.getByRole('button', { name: buttonName('查询') }).click();
  const received = lotRows(page).first();
  await received.getByText('355天').waitFor();
  await received.getByText('271-365天').waitFor();
  await received.getByText('临期').waitFor();
  await received.getByText('10箱').first().waitFor();

  // 3. 调拨: too much is refused with the server's message; 3 cases go.
  await received.getByRole('button', { name: buttonName('调拨') }).click();
  const transferForm = dialog(page, '调拨');
  await choose(selectOf(transferForm, '调入仓库'), toWarehouse(), toWarehouse());
  await fillQuantity(transferForm, '调拨数量', 100);
  await transferForm.getByRole('button', { name: buttonName('保存') }).click();
  await transferForm.getByText(/库存不足：可用 10箱，需要 100箱/).waitFor();
  await screenshot(page, 'stock-transfer-refused');
  await fillQuantity(transferForm, '调拨数量', 3);
  await transferForm.getByRole('button', { name: buttonName('保存') }).click();
  await toast(page, '调拨成功');
  const stayed = lotRows(page).filter({ hasText: FROM_WAREHOUSE });
  const moved = lotRows(page).filter({ hasText: toWarehouse() });
  await stayed.getByText('7箱').first().waitFor();
  await moved.getByText('3箱').first().waitFor();
  // The batch keeps its production date, hence its age and flag, in the other warehouse.
  await moved.getByText('271-365天').waitFor();
  await moved.getByText('临期').waitFor();

  // 4. 盘点: 6 cases 10 bottles counted where 7 cases were.
  await rowAction(stayed, '盘点');
  const countForm = dialog(page, '盘点调整');
  await fillQuantity(countForm, '盘点数量', 6, 10);
  await countForm.getByRole('button', { name: buttonName('保存') }).click();
  await countForm.getByText('请输入调整原因!').waitFor();
  await countForm.getByPlaceholder('如 月末盘点破损 2 瓶').fill('端到端盘点：破损 5 瓶');
  await countForm.getByRole('button', { name: buttonName('保存') }).click();
  await toast(page, '调整成功');
  await stayed.getByText('6箱10瓶').first().waitFor();
  await screenshot(page, 'stock-batch');

  // Only the near-expiry lots: the batch is among them.
  // The shown pane's form (multi-tab mode keeps other panes mounted, hidden).
  const filters = page.locator('form[aria-label="查询条件"]:visible');
  await filters.getByText('只看临期/过期').click();
  await filters.getByRole('button', { name: buttonName('查询') }).click();
  await page.waitForURL(/nearExpiryOnly=true/);
  await lotRows(page).first().waitFor();

  // 5. Every movement is a row: in, transfer out and in, the count's loss.
  await page.goto(`${baseUrl()}/eprod/movement?batchNo=${batchNo()}`);
  const movements = page.locator('.ant-table-row:visible');
  for (const [type, qty] of [
    ['进货入库', '+10箱'],
    ['调拨出库', '−3箱'],
    ['调拨入库', '+3箱'],
    ['盘亏', '−5瓶'],
  ]) {
    await movements.filter({ hasText: type }).getByText(qty, { exact: true }).waitFor();
  }
  expect(await movements.count()).toBe(4);
  await screenshot(page, 'stock-movements');
});

test('the stock page and its commands fit a 768 px tablet', async () => {
  await context.close();
  ({ context, page, errors } = await newPage(browser, TABLET, admin));
  await page.goto(`${baseUrl()}/eprod/stock?keyword=${batchNo()}`);
  // A lot shows its SKU and batch, amount and status; its stock age is in the row's detail.
  const lot = lotRows(page).filter({ hasText: FROM_WAREHOUSE }).first();
  await lot.getByText(SKU_NAME).waitFor();
  await lot.locator('.ant-table-row-expand-icon').click();
  await page.locator('.ant-table-expanded-row:visible').first().getByText('271-365天').waitFor();
  await screenshot(page, 'stock-batch-tablet');
  // Two links at most on a tablet: 调拨 is in the row's 更多.
  await rowAction(lot, '调拨');
  await dialog(page, '调拨').getByText('调拨数量').waitFor();
  await screenshot(page, 'stock-transfer-tablet');
});

test('a SKU image is uploaded in the form and its thumbnail shows in the list', async () => {
  await page.goto(`${baseUrl()}/eMaterial/sku?keyword=${encodeURIComponent(SKU_NAME)}`);
  const row = page.locator('.ant-table-row:visible', { hasText: SKU_NAME });
  await row.getByText('无图').waitFor();
  await row.getByRole('button', { name: buttonName('编辑') }).click();
  const form = dialog(page, '编辑商品');
  const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#d4380d' } })
    .jpeg()
    .toBuffer();
  await form.locator('input[type="file"]').setInputFiles({
    name: '冰红茶.jpg',
    mimeType: 'image/jpeg',
    buffer: picture,
  });
  const thumbnail = form.getByRole('img', { name: '商品图片1' });
  await thumbnail.waitFor();
  await page.waitForFunction(
    () => (document.querySelector('img[alt="商品图片1"]') as HTMLImageElement | null)?.naturalWidth === 240,
  );
  // A file that is not an image is refused before it is sent.
  await form.locator('input[type="file"]').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await toast(page, '只支持 JPG、PNG、WEBP 格式的图片');
  await thumbnail.scrollIntoViewIfNeeded();
  await screenshot(page, 'sku-image-form');
  await form.getByRole('button', { name: buttonName('保存') }).click();
  await toast(page, '编辑成功');
  // The thumbnail is read with the token and shown from an object URL.
  await page.waitForFunction(
    (name) =>
      [...document.querySelectorAll<HTMLImageElement>(`img[alt="${name}"]`)].some(
        (image) => image.src.startsWith('blob:') && image.naturalWidth === 240 && image.checkVisibility(),
      ),
    SKU_NAME,
  );
  await screenshot(page, 'sku-image-list');
  await row.getByRole('button', { name: `查看图片 ${SKU_NAME}` }).click();
  await page.waitForFunction(
    (name) =>
      [...document.querySelectorAll<HTMLImageElement>(`.ant-modal img[alt="${name}"]`)].some(
        (image) => image.naturalWidth === 640,
      ),
    SKU_NAME,
  );
  await screenshot(page, 'sku-image-preview');
});

test('brands, categories, dealer stock and the stock-age buckets show the seeded data', async () => {
  const rows = page.locator('.ant-table-row:visible');
  await page.goto(`${baseUrl()}/eMaterial/brand`);
  await rows.filter({ hasText: '茶小满' }).getByText('启用').waitFor();
  await screenshot(page, 'catalogue-brands');
  await page.goto(`${baseUrl()}/eMaterial/category`);
  await rows.filter({ hasText: '茶饮料' }).waitFor();
  await screenshot(page, 'catalogue-categories');
  await page.goto(`${baseUrl()}/eCustStock/list`);
  await rows.first().getByText(/天$/).first().waitFor();
  await screenshot(page, 'dealer-stock');
  await page.goto(`${baseUrl()}/eprod/stock`);
  await page.getByRole('button', { name: buttonName('库龄段配置') }).click();
  const buckets = dialog(page, '库龄段配置');
  await buckets.getByLabel('第1段上限').and(buckets.locator('[value="30"]')).waitFor();
  await screenshot(page, 'stock-age-buckets');
});
