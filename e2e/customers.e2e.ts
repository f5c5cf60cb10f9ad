// Customers in Chromium against the real server: the administrator creates an outlet (the form refuses what
// is missing first), edits it and adds a photo to its slideshow; imports customers from the downloaded
// template where one row is bad (the report names it and nothing is imported), then the corrected file;
// approves a look-alike outlet through the POI audit after seeing it beside its neighbour; tags a customer
// with a new manual label; and opens the potential partners. Screens at 1440×900 and 768×1024.
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { attemptTag } from './support/attempt';
import { buttonName, choose, dialog, selectOf, toast } from './support/antd';
import { launchBrowser, newPage, screenshot, TABLET } from './support/chromium';
import { baseUrl, loginWithPassword, storedValue } from './support/signIn';

jest.setTimeout(180000);

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

async function signIn(viewport?: typeof TABLET) {
  ({ context, page, errors } = await newPage(browser, viewport));
  await loginWithPassword(page, 'admin');
  await page.waitForURL(`${baseUrl()}/dashboard/analysis`);
}

/** Calls the API as the signed-in user (the test's own arrangements, never what it checks). */
async function api<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const token = String(await storedValue(page, 'Access-Token'));
  return page.evaluate(
    async ({ method, url, body, token }) => {
      const response = await fetch(`/api${url}`, {
        method,
        headers: { 'X-Access-Token': token, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = await response.json();
      if (!answer.success) throw new Error(answer.message);
      return answer.result;
    },
    { method, url, body, token },
  );
}

const visibleRow = (text: string) => page.locator('.ant-table-row:visible', { hasText: text });

async function search(keyword: string) {
  await page.getByPlaceholder('编码/名称/手机号').fill(keyword);
  await page.getByRole('button', { name: buttonName('查询') }).click();
  await page.waitForURL(new RegExp(`keyword=${encodeURIComponent(keyword)}`));
}

test('an outlet is created (after the form names what is missing), edited, and gets a photo', async () => {
  const outlet = `端到端便利店${attemptTag()}`;
  await signIn();
  await page.goto(`${baseUrl()}/eCustomer/list`);
  await page.locator('.ant-table-row').first().waitFor();
  // The frame settles (menus, tabs, notices) before a modal is opened over it.
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: buttonName('新增客户') }).click();
  const form = dialog(page, '新增客户');
  await form.getByPlaceholder('联系人手机号').fill('1234');
  await form.getByRole('button', { name: buttonName('保存') }).click();
  await form.getByText('请输入客户名称!').waitFor();
  await form.getByText('请选择业态!').waitFor();
  await form.getByText('您的手机号码格式不正确!').waitFor();
  await screenshot(page, 'customers-form-errors');

  await form.getByPlaceholder('请输入客户名称').fill(outlet);
  await choose(selectOf(form, '业态'), '便利店');
  await choose(selectOf(form, '供货经销商'), '');
  // The region by name: typed into the cascader's search, stored as the GB/T 2260 codes.
  const region = form.getByRole('combobox', { name: '所在地区' });
  await region.click();
  await region.fill('浦东');
  await page.locator('.ant-cascader-dropdown:visible li', { hasText: '上海市 / 上海市 / 浦东新区' }).click();
  await form.getByPlaceholder('请输入详细地址').fill('端到端路 1 号');
  await screenshot(page, 'customers-form-region');
  await form.getByPlaceholder('联系人手机号').fill('13700001111');
  await form.getByRole('button', { name: buttonName('保存') }).click();
  await toast(page, '添加成功！');
  await form.waitFor({ state: 'hidden' });

  // The new outlet waits for its audit (the CUSTOMER_CREATE approval), and the administrator, its approver, is
  // told at once by a notice that stays at the bottom right until closed (over the edit dialog's 保存 otherwise).
  const notice = page.locator('.ant-notification-notice', { hasText: `待审批：新建门店：${outlet}` });
  await notice.waitFor();
  await notice.locator('.ant-notification-notice-close').click();
  await notice.waitFor({ state: 'detached' });

  // The list reloads newest first: the new outlet heads it.
  const row = visibleRow(outlet);
  await row.getByText('待审核').waitFor();
  await row.getByRole('button', { name: buttonName('编辑') }).click();
  const edit = dialog(page, '编辑客户');
  // The form loads the record (with its version) after opening.
  await edit.locator(`input[value="${outlet}"]`).waitFor();
  const name = edit.getByPlaceholder('请输入客户名称');
  await name.fill(`${outlet}(浦东店)`);
  await edit.getByRole('button', { name: buttonName('保存') }).click();
  await toast(page, '编辑成功！');
  await visibleRow(`${outlet}(浦东店)`).waitFor();

  // A photo into the slideshow: uploaded, thumbnailed by the server, shown with the token.
  await visibleRow(`${outlet}(浦东店)`)
    .getByRole('button', { name: buttonName('详情') })
    .click();
  const drawer = page.locator('.ant-drawer-section');
  await drawer.getByText('上海市 / 浦东新区 端到端路 1 号').waitFor();
  await drawer.getByText('暂无照片').waitFor();
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7bd5' } })
    .png()
    .toBuffer();
  await drawer
    .locator('input[type="file"]')
    .setInputFiles({ name: '门头.png', mimeType: 'image/png', buffer: png });
  await toast(page, '添加成功！');
  const thumbnail = drawer.getByAltText('缩略图 门头照');
  await thumbnail.waitFor();
  await page.waitForFunction(
    () =>
      (document.querySelector('img[alt="缩略图 门头照"]') as HTMLImageElement | null)?.naturalWidth === 240,
  );
  await screenshot(page, 'customers-detail-photo');
});

test('an import with one bad row shows the row report and imports nothing; the corrected file imports', async () => {
  await signIn();
  await page.goto(`${baseUrl()}/eCustomer/list`);
  await page.locator('.ant-table-row').first().waitFor();
  await page.getByRole('button', { name: buttonName('导入') }).click();
  const importDialog = dialog(page, '导入客户');
  const downloaded = page.waitForEvent('download');
  await importDialog.getByRole('button', { name: '下载导入模板' }).click();
  const template = await (await downloaded).path();
  const fileWith = async (badOutletType: string) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(template);
    const sheet = book.worksheets[0];
    const headers = (sheet.getRow(1).values as unknown[]).map((header) =>
      String(header ?? '').replace('*', ''),
    );
    const row = (values: Record<string, string | number>) => headers.map((header) => values[header] ?? null);
    const outlet = (n: number, outletType: string) =>
      row({
        客户名称: `导入测试门店${n}`,
        客户类型: '终端门店',
        渠道: '传统',
        业态: outletType,
        等级: 'C',
        详细地址: `导入路 ${n} 号`,
        联系电话: `1390000000${n}`,
      });
    sheet.getRow(2).values = outlet(1, '便利店');
    sheet.getRow(3).values = outlet(2, badOutletType);
    sheet.getRow(4).values = outlet(3, '中餐');
    return {
      name: '客户导入.xlsx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(await book.xlsx.writeBuffer()),
    };
  };
  await importDialog.locator('input[type="file"]').setInputFiles(await fileWith('太空站'));
  await importDialog.getByText('导入失败：1 行有误（共 1 处），未导入任何数据').waitFor();
  const reportRow = importDialog.locator('.ant-table-row', { hasText: '太空站' });
  await reportRow.getByText('业态「太空站」不存在或已停用').waitFor();
  await reportRow.getByText('3', { exact: true }).waitFor();
  await screenshot(page, 'customers-import-report');
  // Nothing half-way: not even the good rows.
  const before = await api<{ total: number }>('GET', '/eCustomer/list?keyword=导入测试门店');
  expect(before.total).toBe(0);

  await importDialog.locator('input[type="file"]').setInputFiles(await fileWith('食杂店'));
  await toast(page, '导入成功：共 3 条');
  await page.keyboard.press('Escape');
  await search('导入测试门店');
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('.ant-table-row')].filter((row) => row.checkVisibility()).length === 3,
  );
});

test('a look-alike outlet is approved through the POI audit after seeing it beside its neighbour', async () => {
  await signIn();
  // Arranged: a new outlet 10 m from an approved one, under nearly its name.
  const { records } = await api<{
    records: Array<{ name: string; lng: string | null; lat: string | null; outletType: string | null }>;
  }>('GET', '/eCustomer/list?customerType=OUTLET&auditStatus=APPROVED&pageSize=50');
  const neighbour = records.find((record) => record.lng && record.lat && record.outletType);
  expect(neighbour).toBeDefined();
  const { customerCode } = await api<{ customerCode: string }>('POST', '/eCustomer/add', {
    name: `${neighbour!.name}(二店)`,
    customerType: 'OUTLET',
    channel: 'TT',
    outletType: neighbour!.outletType,
    address: '审核测试地址',
    lng: Number(neighbour!.lng),
    lat: Number(neighbour!.lat) + 0.00009,
  });

  await page.goto(`${baseUrl()}/eCustomer/audit?keyword=${customerCode}`);
  await visibleRow(customerCode)
    .getByRole('button', { name: buttonName('审核') })
    .click();
  const audit = page.locator('.ant-modal', { hasText: '门店审核：' });
  // Side by side: the outlet under audit and its neighbour, with distance and name similarity.
  const lookAlike = audit.locator('.ant-table-row', { hasText: neighbour!.name }).first();
  await lookAlike.waitFor();
  await lookAlike.getByText(/米$/).first().waitFor();
  await audit.getByText('疑似重复').first().waitFor();
  await screenshot(page, 'customers-poi-audit');
  await audit.getByPlaceholder('审核意见（驳回时必填）').fill('实地确认为同一老板的二店');
  await audit.getByRole('button', { name: buttonName('通过') }).click();
  await audit.waitFor({ state: 'hidden' });
  await page.goto(`${baseUrl()}/eCustomer/audit?keyword=${customerCode}&auditStatus=APPROVED`);
  await visibleRow(customerCode)
    .getByText(/^已通过/)
    .waitFor();
});

test('a manual label tags a customer from its members; the potential partners list; tablet screens', async () => {
  const label = `E2E_VIP${attemptTag()}`;
  await signIn();
  await page.goto(`${baseUrl()}/eCustLabel/list`);
  await page.locator('.ant-table-row:visible').first().waitFor();
  await page.getByRole('button', { name: buttonName('新增标签') }).click();
  const form = dialog(page, '新增标签');
  await form.getByPlaceholder('如 KEY_OUTLET').fill(label);
  await form.getByPlaceholder('如 重点门店').fill('端到端重点');
  await form.getByRole('button', { name: buttonName('保存') }).click();
  await toast(page, '添加成功！');
  const labelRow = visibleRow(label);
  await labelRow.getByRole('button', { name: buttonName('成员') }).click();
  const drawer = page.locator('.ant-drawer-section', { hasText: '标签成员' });
  await drawer.locator('.ant-empty').waitFor();
  await choose(drawer.locator('.ant-select'), '', 'S000');
  await drawer.getByRole('button', { name: buttonName('打标签') }).click();
  await toast(page, '操作成功！');
  await drawer.getByText('共 1 个客户').waitFor();
  await screenshot(page, 'customers-label-members');
  await drawer.locator('.ant-drawer-close').click();
  await labelRow.getByRole('button', { name: '1', exact: true }).waitFor();

  await page.goto(`${baseUrl()}/hy/dealers/potentiallist`);
  await page.getByRole('columnheader', { name: '合作阶段' }).waitFor();
  await page.locator('.ant-table-row:visible, .ant-empty:visible').first().waitFor();
  await screenshot(page, 'customers-potential-partners');

  expect(errors).toEqual([]);
  await context.close();
  await signIn(TABLET);
  await page.goto(`${baseUrl()}/eCustomer/list`);
  await page.locator('.ant-table-row').first().waitFor();
  await screenshot(page, 'customers-list-tablet');
  await page.getByRole('button', { name: buttonName('新增客户') }).click();
  await dialog(page, '新增客户').getByPlaceholder('请输入客户名称').waitFor();
  await screenshot(page, 'customers-form-tablet');
});
