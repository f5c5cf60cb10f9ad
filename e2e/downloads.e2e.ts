// 下载中心 in Chromium against a server of its own whose export threshold is 20 rows (issue #16): an export of a
// filtered customer list over the threshold becomes a background job, shows in 下载中心 until it is 已完成, and
// downloads a workbook with the export's column names and exactly the filtered rows; an import with a bad row
// fails, and 导入记录 shows its failed rows and downloads its error file (the rows with 错误原因).
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { buttonName, dialog } from './support/antd';
import { launchBrowser, newPage, screenshot, type SignedIn } from './support/chromium';
import { startSeededServer, type WorkerServer } from './support/server';
import { apiGet, baseUrl, noticeShown, signedInState } from './support/signIn';

jest.setTimeout(120_000);

const THRESHOLD = 20;
const KEYWORD = '便利';

let server: WorkerServer;
let browser: Browser;
let admin: SignedIn;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startSeededServer({ EXPORT_ASYNC_THRESHOLD: String(THRESHOLD), JOB_POLL_INTERVAL_MS: '200' }),
    launchBrowser(),
  ]);
  // This file's pages and signIn's helpers go to its own server.
  process.env.E2E_BASE_URL = server.url;
  admin = await signedInState(browser, 'admin');
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Clicks `button` and answers the first worksheet of the file it downloads. */
async function downloadedSheet(page: Page, click: () => Promise<void>) {
  const downloading = page.waitForEvent('download');
  await click();
  const download = await downloading;
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  return { name: download.suggestedFilename(), sheet: book.worksheets[0] };
}

const rowValues = (sheet: ExcelJS.Worksheet, row: number) =>
  (sheet.getRow(row).values as unknown[]).slice(1).map((value) => value ?? '');

test('an export over the threshold is made in the background and downloads from 下载中心 with the filtered rows', async () => {
  const { context, page, errors } = await newPage(browser, undefined, admin);
  await page.goto(`${baseUrl()}/eCustomer/list?keyword=${encodeURIComponent(KEYWORD)}`);
  await page.locator('.ant-table-row').first().waitFor();
  const listed = await apiGet<{ total: number; records: Array<{ name: string }> }>(
    page,
    `/eCustomer/list?keyword=${encodeURIComponent(KEYWORD)}&pageSize=200`,
  );
  expect(listed.total).toBeGreaterThan(THRESHOLD);

  await page.getByRole('button', { name: buttonName('导出') }).click();
  await noticeShown(page, `导出数据共 ${listed.total} 条，已转入下载中心`);
  await page.getByRole('button', { name: '前往下载中心' }).first().click();
  await page.waitForURL(/\/eDownload\/list/);

  const row = page.locator('.ant-table-row', { hasText: '客户列表' }).first();
  await row.getByText('已完成').waitFor({ timeout: 60_000 });
  await row.getByText(`${listed.total} / ${listed.total}`).waitFor();
  await screenshot(page, 'downloads-export-done');
  const { name, sheet } = await downloadedSheet(page, () =>
    row.getByRole('button', { name: buttonName('下载') }).click(),
  );
  expect(name).toBe('客户列表.xlsx');
  const header = rowValues(sheet, 1);
  expect(header.slice(0, 4)).toEqual(['客户编码', '客户名称', '客户类型', '渠道']);
  expect(sheet.rowCount).toBe(listed.total + 1);
  const names = Array.from({ length: listed.total }, (_, index) => String(rowValues(sheet, index + 2)[1]));
  expect(names).toEqual(listed.records.map((record) => record.name));
  await context.close();
  expect(errors).toEqual([]);
});

test('a failed import shows its failed rows in 导入记录 and downloads its error file', async () => {
  const { context, page, errors } = await newPage(browser, undefined, admin);
  await page.goto(`${baseUrl()}/eCustomer/list`);
  await page.locator('.ant-table-row').first().waitFor();
  await page.getByRole('button', { name: buttonName('导入') }).click();
  const importDialog = dialog(page, '导入客户');
  const book = new ExcelJS.Workbook();
  book.addWorksheet('客户').addRows([
    ['客户名称*', '客户类型*', '市编码'],
    ['下载中心甲便利店', '终端门店', '440100'],
    ['下载中心乙小卖部', '门店', '4401'],
  ]);
  await importDialog.locator('input[type="file"]').setInputFiles({
    name: '下载中心坏客户.xlsx',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(await book.xlsx.writeBuffer()),
  });
  await importDialog.getByText(/导入失败：1 行有误/).waitFor();
  await page.goto(`${baseUrl()}/eDownload/list?category=IMPORT`);

  const row = page.locator('.ant-table-row', { hasText: '下载中心坏客户.xlsx' });
  await row.getByText('失败', { exact: true }).waitFor();
  const cells = await row.locator('td').allTextContents();
  // 总行数 2, 成功 0, 失败行 1, in that order after the status.
  expect(cells.join('|')).toMatch(/\|2\|0\|1\|/);
  await screenshot(page, 'downloads-import-failed');
  const { name, sheet } = await downloadedSheet(page, () =>
    row.getByRole('button', { name: buttonName('下载错误文件') }).click(),
  );
  expect(name).toBe('客户导入错误数据.xlsx');
  expect(rowValues(sheet, 1)).toEqual(['客户名称*', '客户类型*', '市编码', '错误原因']);
  expect(rowValues(sheet, 3).slice(0, 3)).toEqual(['下载中心乙小卖部', '门店', '4401']);
  expect(String(rowValues(sheet, 3)[3])).toContain('客户类型「门店」不存在');
  expect(rowValues(sheet, 2)[3] ?? '').toBe('');
  await context.close();
  expect(errors).toEqual([]);
});
