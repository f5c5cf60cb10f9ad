// The business core in Chromium against the real server: the administrator creates a SKU, prices it in a
// new price list, enables the list and puts the SKU on sale; a batch received 100 days after production
// shows its stock age and freshness on the stock page. An import from the downloaded template with a bad
// row shows the server's row report and imports nothing; the corrected file imports every row.
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { attemptTag } from './support/attempt';
import { buttonName, choose, confirmWith, daysAgo, dialog, selectOf, toast } from './support/antd';
import { launchBrowser, newPage, screenshot } from './support/chromium';
import { baseUrl, loginWithPassword, storedValue } from './support/signIn';

jest.setTimeout(150000);

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

test('a new SKU is priced, put on sale, and its batch shows its stock age', async () => {
  const tag = attemptTag();
  const SKU = { code: `E2E-COLA-${tag}`, name: `端到端可乐${tag} 330ml罐` };
  const BATCH = `E2EB${tag}`;
  const PRICE_LIST = `E2E-PL-${tag}`;
  await loginWithPassword(page, 'admin');
  await page.waitForURL(`${baseUrl()}/dashboard/analysis`);

  // 1. The SKU.
  await page.goto(`${baseUrl()}/eMaterial/sku`);
  await page.getByRole('columnheader', { name: '商品编码' }).waitFor();
  await page.locator('.ant-table-row').first().waitFor();
  await screenshot(page, 'business-sku-list');
  await page.getByRole('button', { name: buttonName('新增商品') }).click();
  const skuForm = dialog(page, '新增商品');
  await skuForm.getByPlaceholder('请输入商品编码').fill(SKU.code);
  await skuForm.getByPlaceholder('EAN-13/EAN-8').fill('123');
  await skuForm.getByRole('button', { name: buttonName('保存') }).click();
  await skuForm.getByText('条码应为 8 位或 13 位数字（EAN-8/EAN-13）!').waitFor();
  await skuForm.getByText('请输入商品名称!').waitFor();
  await skuForm.getByPlaceholder('EAN-13/EAN-8').fill('6900000001233');
  await skuForm.getByPlaceholder('请输入商品名称').fill(SKU.name);
  await choose(selectOf(skuForm, '品牌'), '');
  await choose(selectOf(skuForm, '品类'), '');
  await choose(selectOf(skuForm, '包装类型'), '罐');
  await skuForm.getByPlaceholder('瓶/罐/盒').fill('罐');
  await skuForm.getByPlaceholder('每箱数量').fill('24');
  await skuForm.getByPlaceholder('天数').fill('180');
  await skuForm.getByPlaceholder('每基本单位').fill('3.5');
  await screenshot(page, 'business-sku-form');
  await skuForm.getByRole('button', { name: buttonName('保存') }).click();
  await toast(page, '添加成功');
  await page.getByPlaceholder('编码/名称/条码').fill(SKU.code);
  await page.getByRole('button', { name: buttonName('查询') }).click();
  const skuRow = page.locator('.ant-table-row:visible', { hasText: SKU.code });
  await skuRow.getByText('草稿').waitFor();
  await skuRow.getByText('1箱=24罐').waitFor();
  await skuRow.getByText('¥3.50/罐').waitFor();
  expect(page.url()).toContain(`keyword=${SKU.code}`);

  // 2. Its price list, enabled.
  await page.goto(`${baseUrl()}/eMaterial/priceList`);
  await page.getByRole('columnheader', { name: '价格类型' }).waitFor();
  await page.getByRole('button', { name: buttonName('新增价目表') }).click();
  const listForm = dialog(page, '新增价目表');
  await listForm.getByPlaceholder('请输入编码').fill(PRICE_LIST);
  await listForm.getByPlaceholder('请输入名称').fill('端到端供货价');
  await choose(selectOf(listForm, '价格类型'), '供货价');
  await listForm.locator('.ant-form-item').filter({ hasText: '生效时间' }).locator('input').click();
  await page.keyboard.type(`${daysAgo(1)} 00:00:00`);
  await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
  await choose(listForm.locator('.ant-select').filter({ hasText: '商品' }), SKU.code, SKU.code);
  await listForm.locator('.ant-select', { hasText: `${SKU.code} ${SKU.name}` }).waitFor();
  await listForm.getByPlaceholder('价格').fill('60');
  await listForm.getByRole('button', { name: '添加范围' }).click();
  await listForm.getByRole('button', { name: buttonName('保存') }).click();
  await listForm.getByText('请填写范围值!').waitFor();
  await choose(listForm.locator('.ant-select').filter({ hasText: '请选择范围值' }), '传统');
  await listForm.locator('.ant-select', { hasText: '传统' }).waitFor();
  await screenshot(page, 'business-price-form');
  await listForm.getByRole('button', { name: buttonName('保存') }).click();
  await toast(page, '添加成功');
  const listRow = page.locator('.ant-table-row:visible', { hasText: PRICE_LIST });
  await listRow.getByText('草稿').waitFor();
  await listRow.getByRole('button', { name: buttonName('提交审批') }).click();
  await confirmWith(page, '提交');
  await toast(page, '已提交审批');
  await listRow.getByText('审批中').waitFor();
  // Approved in the 审批中心 (the default 价目表审批 flow: the administrator), it goes live.
  await page.goto(`${baseUrl()}/approval/center`);
  const task = page.locator('.ant-table-row', { hasText: '价目表：端到端供货价' }).first();
  await task.getByRole('button', { name: buttonName('审批') }).click();
  const drawer = page.locator('.ant-drawer', { hasText: '价目表：端到端供货价' });
  await drawer.getByText(PRICE_LIST).first().waitFor();
  await drawer.getByRole('button', { name: buttonName('通过') }).click();
  await drawer.getByRole('button', { name: buttonName('确认通过') }).click();
  await toast(page, '已批准');
  await page.goto(`${baseUrl()}/eMaterial/priceList?keyword=${PRICE_LIST}`);
  await listRow.getByText('生效').waitFor();
  await screenshot(page, 'business-price-list');

  // 3. On sale: 上架 needs the active price.
  await page.goto(`${baseUrl()}/eMaterial/sku?keyword=${SKU.code}`);
  await skuRow.getByRole('button', { name: buttonName('上架') }).click();
  await confirmWith(page, '上架');
  await skuRow.getByText('在售').waitFor();

  // 4. A batch produced 100 days ago arrives (set up through the API; e2e/stock.e2e.ts drives the 入库 screen).
  const token = await storedValue(page, 'Access-Token');
  const inbound = await page.evaluate(
    async ({ token, code, batch, production }) => {
      const headers = { 'X-Access-Token': String(token), 'Content-Type': 'application/json' };
      const get = async (url: string) => (await (await fetch(url, { headers })).json()).result.records[0];
      const warehouse = await get('/api/eprod/warehouse/list?ownerType=BRAND&pageSize=1');
      const sku = await get(`/api/eMaterial/sku/list?skuCode=${code}`);
      const answer = await fetch('/api/eprod/stock/in', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          warehouseId: warehouse.id,
          skuId: sku.id,
          batchNo: batch,
          productionDate: production,
          cases: 12,
          units: 3,
          unitCost: 2,
        }),
      });
      return answer.json();
    },
    { token, code: SKU.code, batch: BATCH, production: daysAgo(100) },
  );
  expect(inbound).toMatchObject({ success: true, result: { balanceText: '12箱3罐' } });

  await page.goto(`${baseUrl()}/eprod/stock`);
  await page.locator('.ant-table-row').first().waitFor();
  await page.getByText('库龄分布（点击筛选）').waitFor();
  await screenshot(page, 'business-stock');
  await page.getByPlaceholder('商品编码/名称/批次号').fill(BATCH);
  await page.getByRole('button', { name: buttonName('查询') }).click();
  const lotRow = page.locator('.ant-table-row:visible', { hasText: BATCH });
  await lotRow.getByText('100天').waitFor();
  await lotRow.getByText('12箱3罐').first().waitFor();
  await lotRow.getByText('剩 80 天').waitFor();
  await screenshot(page, 'business-stock-batch');
});

test('an import with a bad row shows the row report; the corrected file imports', async () => {
  const imported = `E2E-IMP${attemptTag()}`;
  await loginWithPassword(page, 'admin');
  await page.waitForURL(`${baseUrl()}/dashboard/analysis`);
  await page.goto(`${baseUrl()}/eMaterial/sku`);
  await page.locator('.ant-table-row').first().waitFor();
  const exported = page.waitForEvent('download');
  await page.getByRole('button', { name: buttonName('导出') }).click();
  expect((await exported).suggestedFilename()).toMatch(/\.xlsx$/);

  await page.getByRole('button', { name: buttonName('导入') }).click();
  const importDialog = dialog(page, '导入商品');
  const downloaded = page.waitForEvent('download');
  await importDialog.getByRole('button', { name: '下载导入模板' }).click();
  const template = await (await downloaded).path();
  const fileWith = async (brand: string) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(template);
    const sheet = book.worksheets[0];
    const row = (code: string, rowBrand: string) => [
      code,
      `导入 ${code}`,
      rowBrand,
      '功能饮料',
      '塑瓶',
      '瓶',
      '箱',
      24,
      540,
    ];
    sheet.getRow(2).values = row(`${imported}-1`, '劲鹏');
    sheet.getRow(3).values = row(`${imported}-2`, brand);
    return {
      name: '商品导入.xlsx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(await book.xlsx.writeBuffer()),
    };
  };
  await importDialog.locator('input[type="file"]').setInputFiles(await fileWith('不存在的品牌'));
  await importDialog.getByText('导入失败：1 行有误（共 1 处），未导入任何数据').waitFor();
  const reportRow = importDialog.locator('.ant-table-row', { hasText: '不存在的品牌' });
  await reportRow.getByText('3', { exact: true }).waitFor();
  await screenshot(page, 'business-import-report');

  await importDialog.locator('input[type="file"]').setInputFiles(await fileWith('劲鹏'));
  await toast(page, '导入成功：共 2 条');
  await page.getByPlaceholder('编码/名称/条码').fill(imported);
  await page.getByRole('button', { name: buttonName('查询') }).click();
  await page.waitForURL(new RegExp(`keyword=${imported}`));
  // Visible rows only: with multi-tab mode on, pages of other tabs stay mounted (hidden).
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('.ant-table-row')].filter((row) => row.checkVisibility()).length === 2,
  );
  await page.locator('.ant-table-row:visible', { hasText: `${imported}-2` }).waitFor();
  await screenshot(page, 'business-import-done');
});

test('customers: the list’s detail drawer, and the POI audit of a look-alike outlet rejected with a reason', async () => {
  await loginWithPassword(page, 'admin');
  await page.waitForURL(`${baseUrl()}/dashboard/analysis`);
  await page.goto(`${baseUrl()}/eCustomer/list?customerType=OUTLET`);
  const firstRow = page.locator('.ant-table-row').first();
  await firstRow.waitFor();
  await screenshot(page, 'business-customers');
  await firstRow.getByRole('button', { name: buttonName('详情') }).click();
  const drawer = page.locator('.ant-drawer-section');
  await drawer.getByText('客户团队').waitFor();
  await drawer.locator('.ant-table-row').first().waitFor();
  await screenshot(page, 'business-customer-detail');
  await drawer.locator('.ant-drawer-close').click();

  // A pending outlet whose audit finds a likely duplicate (the demo data plants some).
  const token = await storedValue(page, 'Access-Token');
  const code = await page.evaluate(async (accessToken) => {
    const headers = { 'X-Access-Token': String(accessToken) };
    const json = async (url: string) => (await (await fetch(url, { headers })).json()).result;
    const pending = await json('/api/eCustomer/list?customerType=OUTLET&auditStatus=PENDING&pageSize=200');
    for (const outlet of pending.records) {
      const audit = await json(`/api/eCustomer/custAuditByMapPoi?id=${outlet.id}`);
      if (audit.nearby.some((other: { likelyDuplicate: boolean }) => other.likelyDuplicate))
        return outlet.customerCode;
    }
    return null;
  }, token);
  expect(code).not.toBeNull();

  await page.goto(`${baseUrl()}/eCustomer/audit?keyword=${code}`);
  const row = page.locator('.ant-table-row:visible', { hasText: String(code) });
  await row.getByRole('button', { name: buttonName('审核') }).click();
  const auditDialog = page.locator('.ant-modal', { hasText: `门店审核：` });
  await auditDialog.getByText('疑似重复').first().waitFor();
  await auditDialog.getByText('需人工判断').waitFor();
  await screenshot(page, 'business-poi-audit');
  await auditDialog.getByRole('button', { name: buttonName('驳回') }).click();
  await auditDialog.getByText('请填写驳回原因!').waitFor();
  await auditDialog.getByPlaceholder('审核意见（驳回时必填）').fill('与已有门店重复');
  await auditDialog.getByRole('button', { name: buttonName('驳回') }).click();
  await auditDialog.waitFor({ state: 'hidden' });
  await page.waitForFunction(() => document.querySelectorAll('.ant-table-row').length === 0);

  await page.goto(`${baseUrl()}/eCustomer/audit?keyword=${code}&auditStatus=REJECTED`);
  await page.locator('.ant-table-row:visible', { hasText: '已驳回：与已有门店重复' }).waitFor();
});
