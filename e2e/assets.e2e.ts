// Assets in Chromium against the real server: the administrator takes a new freezer in by its tag and applies
// to place it at an outlet of 广州办事处; the office's head zhangwei approves it in 资产审批 (the 审批中心 of the
// asset types); the administrator confirms the deposit, delivers it and has the outlet sign with a handover
// photo and the manager's signature; the outlet's detail then lists the freezer and its 冰柜数 has grown by one.
// 资产交接: the administrator hands a new freezer to the rep 赵磊 from 资产台账, who confirms it in 资产交接.
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  buttonName,
  choose,
  confirmWith,
  dialog,
  formItemOf,
  rowAction,
  selectOf,
  toast,
} from './support/antd';
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

/** 入库 of `tag` on 资产台账, and its row once the ledger is searched for it. */
async function inbound(admin: Page, tag: string) {
  await admin.goto(`${baseUrl()}/eAsset/list`);
  await admin.locator('.ant-table-row').first().waitFor();
  await admin.getByRole('button', { name: buttonName('入库') }).click();
  const form = dialog(admin, '资产入库');
  await choose(selectOf(form, '型号'), 'SC-400 立式单门冷藏柜 400L');
  await choose(selectOf(form, '入库仓库'), '品牌中心仓');
  await form.locator('textarea').fill(tag);
  await form.getByRole('button', { name: buttonName('保存') }).click();
  await toast(admin, '入库成功！');
  await admin.getByPlaceholder('资产编号、出厂编号、门店').fill(tag);
  // The list reloads after the save too: the row is taken from the search's answer, not from that reload, which
  // the search's redraw would replace (and clear a selection made on it).
  const searched = admin.waitForResponse((response) => response.url().includes(tag));
  await admin.getByRole('button', { name: buttonName('查询') }).click();
  await searched;
  const row = admin.locator('.ant-table-row:visible', { hasText: tag });
  await row.getByText('在库').waitFor();
  return row;
}

test('a freezer is applied for, approved in 资产审批, delivered, signed with a photo and shows on the outlet', async () => {
  // Unique per attempt: a retry on the same server does not meet the first attempt's freezer.
  const TAG = `E2E-${Date.now() % 1000000}`;
  const admin = await signIn('admin');
  const [outlet] = (
    await apiGet<{ records: Array<{ id: string; name: string; freezerCount: number }> }>(
      admin,
      '/eCustomer/list?customerType=OUTLET&orgCode=A01A02A01&level=A,B&status=ACTIVE&auditStatus=APPROVED&pageSize=1',
    )
  ).records;

  // 入库 of a new tag, then 发起投放 from its row.
  const row = await inbound(admin, TAG);
  await rowAction(row, '发起投放');
  const apply = dialog(admin, `发起投放：${TAG}`);
  await choose(selectOf(apply, '投放门店'), outlet.name, outlet.name);
  await apply.getByRole('button', { name: buttonName('保存') }).click();
  await toast(admin, '已提交审批！');
  await row.getByText('已锁定').waitFor();

  // zhangwei approves it in 资产审批.
  const manager = await signIn('zhangwei', '广州办事处');
  await manager.goto(`${baseUrl()}/eAssetAppr`);
  const task = manager.locator('.ant-table-row', { hasText: `冰柜投放：${outlet.name}` }).first();
  await task.getByRole('button', { name: buttonName('审批') }).click();
  const drawer = manager.locator('.ant-drawer', { hasText: `冰柜投放：${outlet.name}` });
  await drawer.getByText(TAG).waitFor();
  await screenshot(manager, 'assets-approval');
  await drawer.getByRole('button', { name: buttonName('通过') }).click();
  await drawer.getByLabel('审批意见').fill('门店销量达标，同意投放');
  await drawer.getByRole('button', { name: buttonName('确认通过') }).click();
  await toast(manager, '已批准');

  // The administrator: deposit, delivery, the outlet's signature with a handover photo.
  await admin.goto(`${baseUrl()}/eAsset/application`);
  const application = admin.locator('.ant-table-row:visible', { hasText: TAG });
  await application.getByText('待付押金').waitFor();
  await rowAction(application, '确认押金');
  const deposit = dialog(admin, '确认押金');
  await deposit.getByLabel('收款单号').fill('SK-E2E-0001');
  await deposit.getByRole('button', { name: buttonName('保存') }).click();
  await toast(admin, '押金已确认！');
  await application.getByText('待配送').waitFor();
  await rowAction(application, '出库配送');
  await confirmWith(admin, '确定');
  await toast(admin, '已出库配送！');
  await application.getByText('配送中').waitFor();
  await rowAction(application, '签收投放');
  const sign = dialog(admin, '签收投放');
  const png = (background: string) =>
    sharp({ create: { width: 640, height: 480, channels: 3, background } })
      .png()
      .toBuffer();
  // The handover photo, then the outlet manager's signature on the handover note: each in its own field.
  const upload = async (label: string, name: string, background: string) => {
    const field = formItemOf(sign, label);
    await field
      .locator('input[type="file"]')
      .setInputFiles({ name, mimeType: 'image/png', buffer: await png(background) });
    await field.getByText(name).waitFor();
  };
  await upload('交接照片', '交接.png', '#2b8a3e');
  await upload('门店签名', '签名.png', '#f1f3f5');
  await screenshot(admin, 'assets-sign');
  await sign.getByRole('button', { name: buttonName('保存') }).click();
  await toast(admin, '投放成功！');
  await application.getByText('已完成').waitFor();

  // The outlet lists the freezer, and counts it.
  await admin.goto(`${baseUrl()}/eCustomer/list`);
  await admin.getByPlaceholder('编码/名称/手机号').fill(outlet.name);
  await admin.getByRole('button', { name: buttonName('查询') }).click();
  await admin
    .locator('.ant-table-row:visible', { hasText: outlet.name })
    .getByRole('button', { name: buttonName('详情') })
    .click();
  const detail = admin.locator('.ant-drawer-section');
  await detail.getByRole('cell', { name: TAG }).waitFor();
  const count = detail
    .locator('.ant-descriptions-item-label', { hasText: /^冰柜数$/ })
    .locator('xpath=following-sibling::*[1]');
  expect((await count.textContent())?.trim()).toBe(String(outlet.freezerCount + 1));
  await screenshot(admin, 'assets-outlet');
});

test('a freezer is handed from 资产台账 to the rep 赵磊, who confirms it in 资产交接', async () => {
  const TAG = `E2H-${Date.now() % 1000000}`;
  const admin = await signIn('admin');
  const row = await inbound(admin, TAG);
  await row.getByRole('checkbox').check();
  await admin.getByRole('button', { name: buttonName('交接') }).click();
  const handover = dialog(admin, '发起交接');
  await handover.getByText(TAG).waitFor();
  await choose(selectOf(handover, '接收人'), '赵磊', '赵磊');
  await handover.getByPlaceholder('如：片区调整、人员离职').fill('片区调整');
  await handover.getByRole('button', { name: buttonName('保存') }).click();
  await toast(admin, '已发起交接！');

  await admin.goto(`${baseUrl()}/eAsset/handover?assetNo=${TAG}`);
  const started = admin.locator('.ant-table-row:visible', { hasText: TAG });
  await started.getByText('交接中').waitFor();
  await started.getByText('（无） → 赵磊').waitFor();
  await screenshot(admin, 'assets-handover');

  const rep = await signIn('zhaolei');
  await rep.goto(`${baseUrl()}/eAsset/handover?mine=true&status=HANDING`);
  const mine = rep.locator('.ant-table-row:visible', { hasText: TAG });
  await mine.getByText('交接中').waitFor();
  await rowAction(mine, '确认接收');
  await confirmWith(rep, '确定');
  await toast(rep, '已确认交接！');
  await rep.goto(`${baseUrl()}/eAsset/handover?mine=true&assetNo=${TAG}`);
  await rep.locator('.ant-table-row:visible', { hasText: TAG }).getByText('已交接').waitFor();
  await screenshot(rep, 'assets-handover-done');
});
