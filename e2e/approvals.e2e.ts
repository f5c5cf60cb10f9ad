// Approvals in Chromium against the real server: the sales rep zhaolei (广州办事处) submits a new outlet; the
// office's head zhangwei, signed in meanwhile, is told at once (a push notice, the count on the menu), opens it
// from 审批中心 and approves it; the outlet becomes active (已通过) and the rep sees the outcome under 我发起的.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { attemptTag } from './support/attempt';
import { buttonName, choose, dialog, selectOf, toast } from './support/antd';
import { launchBrowser, newPage, screenshot } from './support/chromium';
import { baseUrl, signInTo } from './support/signIn';

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

test("a rep's new outlet is approved by the office's head through 审批中心 and becomes active", async () => {
  const OUTLET = `审批流便利店${attemptTag()}`;
  const manager = await signIn('zhangwei', '广州办事处');
  // The demo has outlets of 广州 submitted by zhaolei waiting for zhangwei: the menu counts them.
  const menuEntry = manager.locator('.nav-menu .ant-menu-item', { hasText: '审批中心' });
  await manager.locator('.nav-menu .ant-menu-submenu-title', { hasText: '审批管理' }).click();
  const before = Number(
    await menuEntry
      .locator('.ant-badge-count')
      .getAttribute('title')
      .then((title) => title?.match(/\d+/)?.[0]),
  );
  expect(before).toBeGreaterThan(0);

  const rep = await signIn('zhaolei');
  await rep.goto(`${baseUrl()}/eCustomer/list`);
  await rep.locator('.ant-table-row').first().waitFor();
  await rep.waitForLoadState('networkidle');
  await rep.getByRole('button', { name: buttonName('新增客户') }).click();
  const form = dialog(rep, '新增客户');
  await form.getByPlaceholder('请输入客户名称').fill(OUTLET);
  await choose(selectOf(form, '业态'), '便利店');
  await choose(selectOf(form, '供货经销商'), '');
  await form.getByPlaceholder('请输入详细地址').fill('广州市天河区审批路 8 号');
  await form.getByPlaceholder('联系人手机号').fill('13700002222');
  await form.getByRole('button', { name: buttonName('保存') }).click();
  await toast(rep, '添加成功！');
  await rep.locator('.ant-table-row:visible', { hasText: OUTLET }).getByText('待审核').waitFor();

  // The head is told at once, and the menu counts one more.
  const notice = manager.locator('.ant-notification-notice', { hasText: `待审批：新建门店：${OUTLET}` });
  await notice.waitFor();
  await menuEntry.locator(`.ant-badge-count[title="待我审批 ${before + 1} 条"]`).waitFor();
  await screenshot(manager, 'approvals-push');
  await notice.getByRole('button', { name: buttonName('去审批') }).click();
  await manager.waitForURL(`${baseUrl()}/approval/center`);

  const row = manager.locator('.ant-table-row', { hasText: OUTLET });
  await row.getByText('赵磊').waitFor();
  await row.getByRole('button', { name: buttonName('审批') }).click();
  const drawer = manager.locator('.ant-drawer', { hasText: `新建门店：${OUTLET}` });
  await drawer.getByText('广州市天河区审批路 8 号').waitFor();
  await drawer.getByText(OUTLET).first().waitFor();
  await screenshot(manager, 'approvals-drawer');
  await drawer.getByRole('button', { name: buttonName('通过') }).click();
  await drawer.getByLabel('审批意见').fill('门头与地址核对无误');
  await drawer.getByRole('button', { name: buttonName('确认通过') }).click();
  await toast(manager, '已批准');
  await drawer.waitFor({ state: 'hidden' });
  await manager.locator('.ant-table-row', { hasText: OUTLET }).waitFor({ state: 'detached' });
  await menuEntry.locator(`.ant-badge-count[title="待我审批 ${before} 条"]`).waitFor();

  await manager.getByRole('tab', { name: '我已审批' }).click();
  await manager
    .locator('.ant-table-row', { hasText: OUTLET })
    .getByRole('cell', { name: '批准', exact: true })
    .first()
    .waitFor();
  await screenshot(manager, 'approvals-done');

  // The rep: 我发起的 shows the approval passed, with who approved it.
  await rep.goto(`${baseUrl()}/approval/center`);
  await rep.getByRole('tab', { name: '我发起的' }).click();
  const mine = rep.locator('.ant-table-row', { hasText: OUTLET });
  await mine.getByText('已通过').waitFor();
  await mine.getByRole('button', { name: buttonName('详情') }).click();
  const history = rep.locator('.ant-drawer', { hasText: '审批记录' });
  await history.getByText(/张伟 批准：门头与地址核对无误/).waitFor();
});
