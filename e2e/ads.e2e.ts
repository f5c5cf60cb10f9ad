// Ad applications in Chromium against the real server: the administrator applies for a storefront sign at an
// outlet of 广州办事处 with the site photo and the design, sees the quote from the price book and submits; the
// office's head zhangwei approves it in the 审批中心 with the photos in view; the administrator assigns the
// vendor, uploads the finished photo and accepts it with the before and after photos side by side.
import sharp from 'sharp';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { buttonName, choose, confirmWith, dialog, rowAction, selectOf, toast } from './support/antd';
import { launchBrowser, newPage, screenshot } from './support/chromium';
import { apiGet, baseUrl, signInTo } from './support/signIn';

jest.setTimeout(240000);

let browser: Browser;
const opened: Array<{ context: BrowserContext; errors: string[] }> = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const { context, errors } of opened) {
    await context.close();
    expect(errors).toEqual([]);
  }
  await browser.close();
});

async function signIn(username: string, depart?: string): Promise<Page> {
  const { context, page, errors } = await newPage(browser);
  opened.push({ context, errors });
  await signInTo(page, username, depart);
  return page;
}

const photo = async (name: string, background: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 480, height: 320, channels: 3, background } })
    .png()
    .toBuffer(),
});

async function upload(scope: Locator, index: number, file: Awaited<ReturnType<typeof photo>>) {
  await scope.locator('input[type="file"]').nth(index).setInputFiles(file);
  await scope.getByText(file.name).waitFor();
}

test('an ad application goes from before photos through approval and production to acceptance', async () => {
  const admin = await signIn('admin');
  // Past the outlets the demo's ads use: this attempt's application is the outlet's newest.
  const outlets = (
    await apiGet<{ records: Array<{ id: string; name: string }> }>(
      admin,
      '/eCustomer/list?customerType=OUTLET&orgCode=A01A02A01&status=ACTIVE&pageSize=10',
    )
  ).records;
  const outlet = outlets[outlets.length - 1];

  await admin.goto(`${baseUrl()}/eAdAppr/list`);
  await admin.getByRole('button', { name: buttonName('新增广告申请') }).click();
  const form = dialog(admin, '新增广告申请');
  await choose(selectOf(form, '门店'), outlet.name, outlet.name);
  await choose(selectOf(form, '材质'), '喷绘布（¥120.00/㎡）');
  await form.getByLabel('宽(米)').fill('6');
  await form.getByLabel('高(米)').fill('1.5');
  await form.getByLabel('高(米)').blur();
  await form.getByText('报价：9.00㎡ × 1 × ¥120.00/㎡ = ¥1080.00').waitFor();
  await upload(form, 0, await photo('门头现场.png', '#8a5a2b'));
  await upload(form, 1, await photo('设计稿.png', '#c92a2a'));
  await form.getByRole('button', { name: buttonName('保存') }).click();
  await toast(admin, '已保存草稿！');
  const [draft] = (
    await apiGet<{ records: Array<{ applyNo: string }> }>(
      admin,
      `/eAdAppr/list?customerName=${encodeURIComponent(outlet.name)}&status=DRAFT&pageSize=1`,
    )
  ).records;
  await admin.getByPlaceholder('AD…').fill(draft.applyNo);
  await admin.getByRole('button', { name: buttonName('查询') }).click();
  const row = admin.locator('.ant-table-row:visible', { hasText: draft.applyNo });
  await row.getByText('草稿').waitFor();
  await rowAction(row, '提交');
  await confirmWith(admin, '确定');
  await toast(admin, '已提交审批！');
  await row.getByText('审批中').waitFor();

  // zhangwei, head of 广州办事处, approves with the site photo and the design in view.
  const manager = await signIn('zhangwei', '广州办事处');
  await manager.goto(`${baseUrl()}/approval/center`);
  const task = manager.locator('.ant-table-row', { hasText: draft.applyNo });
  await task.getByRole('button', { name: buttonName('审批') }).click();
  const drawer = manager.locator('.ant-drawer', { hasText: draft.applyNo });
  await drawer.getByText('¥120.00/㎡').waitFor();
  await drawer.getByRole('region', { name: '现场照（安装前）' }).locator('img').first().waitFor();
  await screenshot(manager, 'ads-approval');
  await drawer.getByRole('button', { name: buttonName('通过') }).click();
  await drawer.getByLabel('审批意见').fill('位置醒目，同意制作');
  await drawer.getByRole('button', { name: buttonName('确认通过') }).click();
  await toast(manager, '已批准');

  // The vendor makes it, the finished photo comes back, the acceptance compares before and after.
  await admin.reload();
  await admin.getByPlaceholder('AD…').fill(draft.applyNo);
  await admin.getByRole('button', { name: buttonName('查询') }).click();
  await row.getByText('已批准').waitFor();
  await rowAction(row, '安排制作');
  const produce = dialog(admin, `安排制作：${draft.applyNo}`);
  await produce.getByLabel('制作商').fill('广州美印广告有限公司');
  await produce.getByRole('button', { name: buttonName('保存') }).click();
  await toast(admin, '已安排制作！');
  await row.getByText('制作中').waitFor();
  await rowAction(row, '上传完工照');
  const install = dialog(admin, `上传完工照：${draft.applyNo}`);
  await upload(install, 0, await photo('完工.png', '#1971c2'));
  await install.getByRole('button', { name: buttonName('保存') }).click();
  await toast(admin, '完工照已上传！');
  await row.getByText('已安装待验收').waitFor();
  await rowAction(row, '验收');
  const accept = dialog(admin, `验收：${draft.applyNo}`);
  await accept.getByRole('region', { name: '现场照（安装前）' }).locator('img').first().waitFor();
  await accept.getByRole('region', { name: '完工照（安装后）' }).locator('img').first().waitFor();
  await screenshot(admin, 'ads-acceptance');
  await accept.getByRole('button', { name: buttonName('保存') }).click();
  await toast(admin, '验收已提交！');
  await row.getByText('已验收').waitFor();
});
