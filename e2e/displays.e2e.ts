// Display agreements in Chromium against the real server: the administrator makes a 陈列协议 for an outlet of 广州办事处
// under a policy of its own from the demo's 陈列协议 template, submits it; the office's head zhangwei approves it in the 审批中心; the administrator
// signs it with a photo of the paper (its text and PDF show in the detail), inspects last month (不达标 → 暂停兑付) and this month (达标 → 执行中), keeps the
// failed result in 检核复核, runs last month's payment in 兑付批次 and sees the whole fee deducted. A 按季 agreement's
// 兑付计划 shows one payout per calendar quarter, and 终止 settles it for the months served.
import sharp from 'sharp';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buttonName, choose, dialog, rowAction, selectOf, toast } from './support/antd';
import { launchBrowser, newPage, screenshot } from './support/chromium';
import { attemptTag } from './support/attempt';
import { baseUrl, signInTo, storedValue } from './support/signIn';

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

/** Calls the API as the signed-in user (the test's own arrangements, never what it checks). */
async function api<T>(page: Page, url: string, body?: unknown): Promise<T> {
  const token = String(await storedValue(page, 'Access-Token'));
  return page.evaluate(
    async ({ url, token, body }) => {
      const answer = await (
        await fetch(`/api${url}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: {
            'X-Access-Token': token,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
      ).json();
      if (!answer.success) throw new Error(answer.message);
      return answer.result;
    },
    { url, token, body },
  );
}

const month = (offset: number) => {
  const now = new Date(Date.now() + 8 * 3600_000);
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return date.toISOString().slice(0, 7);
};

test('a display agreement is approved, signed with a photo, inspected FAIL then PASS, and the month’s payment shows the deduction', async () => {
  // Unique per attempt: a retry on the same server meets neither the first attempt's policy nor its outlet.
  const attempt = Date.now() % 100000;
  const POLICY = `E2E挂条方案${attempt}`;
  const admin = await signIn('admin');
  const { id: policyId } = await api<{ id: string }>(admin, '/esdh/policy/add', {
    name: POLICY,
    costType: 'ZONE_FEE',
    orgCode: 'A01A02',
    startDate: `${month(-2)}-01`,
    endDate: `${month(6)}-28`,
    displayTypes: ['HANGING_STRIP'],
    totalBudget: 10000,
    perOutletCap: 5000,
    maxOutlets: 5,
    inspectionFrequency: 'MONTHLY',
    paymentModes: ['CASH'],
  });
  await api(admin, '/esdh/policy/submit', { id: policyId });
  await api(admin, '/esdh/policy/approve', { id: policyId });
  const outlets = (
    await api<{ records: Array<{ id: string; name: string }> }>(
      admin,
      '/eCustomer/list?customerType=OUTLET&orgCode=A01A02A01&status=ACTIVE&auditStatus=APPROVED&pageSize=50',
    )
  ).records;
  const outlet = outlets[attempt % outlets.length];

  // 新建 → 提交.
  await admin.goto(`${baseUrl()}/esdh/agreement`);
  await admin.getByRole('button', { name: buttonName('新建陈列协议') }).click();
  const form = dialog(admin, '新建陈列协议');
  await choose(selectOf(form, '陈列方案'), POLICY);
  await choose(selectOf(form, '门店'), outlet.name, outlet.name);
  await form.getByLabel('开始日期').fill(`${month(-1)}-01`);
  await form.getByLabel('结束日期').fill(`${month(1)}-28`);
  await choose(selectOf(form, '陈列形式'), '挂条');
  await form.getByLabel('陈列位置').fill('收银台正面挂条');
  // Its text comes from the demo's published 陈列协议 template.
  await choose(selectOf(form, '协议模板'), '门店陈列协议');
  await form.getByPlaceholder('每月费用').pressSequentially('500');
  await form.getByPlaceholder('每月费用').press('Tab');
  await form.getByRole('button', { name: buttonName('保存') }).click();
  await toast(admin, '添加成功！');
  const row = admin.locator('.ant-table-row:visible', { hasText: outlet.name }).filter({ hasText: '挂条' });
  await row.getByText('草稿').waitFor();
  await rowAction(row, '提交');
  await admin
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: buttonName('提交') })
    .click();
  await toast(admin, '已提交审批！');
  await row.getByText('待审批').waitFor();

  // zhangwei approves it in the 审批中心.
  const manager = await signIn('zhangwei', '广州办事处');
  await manager.goto(`${baseUrl()}/approval/center`);
  const task = manager.locator('.ant-table-row', { hasText: `陈列协议：${outlet.name}` }).first();
  await task.getByRole('button', { name: buttonName('审批') }).click();
  const drawer = manager.locator('.ant-drawer', { hasText: `陈列协议：${outlet.name}` });
  await drawer.getByText(POLICY).waitFor();
  await drawer.getByRole('button', { name: buttonName('通过') }).click();
  await drawer.getByLabel('审批意见').fill('位置醒目，同意');
  await drawer.getByRole('button', { name: buttonName('确认通过') }).click();
  await toast(manager, '已批准');

  // 签署 with a photo of the signed paper: the term began last month, so it runs at once.
  await admin.reload();
  await row.getByText('待签署').waitFor();
  // The first cell's first line (its second is the scheme).
  const agreementNo = (await row.locator('td').first().innerText()).split('\n')[0].trim();
  const png = (colour: string) =>
    sharp({ create: { width: 480, height: 360, channels: 3, background: colour } })
      .png()
      .toBuffer();
  await rowAction(row, '签署');
  const sign = dialog(admin, '签署');
  await sign
    .locator('input[type="file"]')
    .setInputFiles({ name: '协议.png', mimeType: 'image/png', buffer: await png('#f1f3f5') });
  await sign.getByText('协议.png').waitFor();
  await sign.getByRole('button', { name: buttonName('保存') }).click();
  await toast(admin, '签署成功！');
  await row.getByText('执行中').waitFor();

  // The detail shows the text made from the template, and 下载PDF the snapshot kept at signing.
  await rowAction(row, '详情');
  const detail = admin.locator('.ant-drawer', { hasText: '协议正文' });
  await detail.locator('.agreement-html').getByText(`乙方：${outlet.name}`, { exact: false }).waitFor();
  await detail.locator('.agreement-html').getByText('收银台正面挂条', { exact: false }).waitFor();
  const download = admin.waitForEvent('download');
  await detail.getByRole('button', { name: buttonName('下载PDF') }).click();
  const bytes = readFileSync(await (await download).path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  await screenshot(admin, 'displays-agreement-text');
  await detail.locator('.ant-drawer-close').click();

  // 检核: last month 不达标 (suspended), this month 达标 (running again).
  const inspect = async (period: string, result: string, colour: string) => {
    await rowAction(row, '检核');
    const check = dialog(admin, '陈列检核');
    await check
      .locator('input[type="file"]')
      .setInputFiles({ name: `检核${period}.png`, mimeType: 'image/png', buffer: await png(colour) });
    await check.getByText(`检核${period}.png`).waitFor();
    await check.getByLabel('所属期').fill(period);
    await choose(selectOf(check, '检核结果'), result);
    await check.getByRole('button', { name: buttonName('保存') }).click();
    await toast(admin, '检核已提交！');
  };
  await inspect(month(-1), '不达标', '#c92a2a');
  await row.getByText('暂停兑付').waitFor();
  await inspect(month(0), '达标', '#2b8a3e');
  await row.getByText('执行中').waitFor();

  // 检核复核: the failed month's result is kept (维持).
  await admin.goto(`${baseUrl()}/esdh/review`);
  await admin.getByPlaceholder('协议号、门店名称').fill(agreementNo);
  await admin.getByRole('button', { name: buttonName('查询') }).click();
  const pending = admin
    .locator('.ant-table-row:visible', { hasText: agreementNo })
    .filter({ hasText: month(-1) });
  await pending.getByRole('button', { name: buttonName('复核') }).click();
  const review = admin.locator('.ant-modal', { hasText: '标准照' });
  await review.getByRole('button', { name: buttonName('维持') }).click();
  await toast(admin, '已维持！');

  // 兑付批次 of last month: the whole fee of the failed month is deducted.
  await admin.goto(`${baseUrl()}/esdh/payout`);
  await admin.getByLabel('所属期').first().fill(month(-1));
  await admin.getByRole('button', { name: buttonName('核算本期') }).click();
  await toast(admin, '核算完成！');
  await admin.getByPlaceholder('协议号、门店名称').fill(agreementNo);
  await admin.getByRole('button', { name: buttonName('查询') }).click();
  const payment = admin.locator('.ant-table-row:visible', { hasText: agreementNo });
  await payment.getByText('全额扣减').waitFor();
  expect(await payment.innerText()).toContain('¥500.00');
  expect(await payment.innerText()).toContain('¥0.00');
  await screenshot(admin, 'displays-payout');
});

test('a 按季 agreement’s 兑付计划 shows one payout per quarter, and 终止 settles the months served', async () => {
  const tag = attemptTag();
  const admin = await signIn('admin');
  const FEE = 300;
  // Arranged through the API: a policy of its own and a 按季 agreement over nine months, approved by zhangwei.
  const { id: policyId } = await api<{ id: string }>(admin, '/esdh/policy/add', {
    name: `E2E按季方案${tag}`,
    costType: 'DISPLAY_FEE',
    orgCode: 'A01A02',
    startDate: `${month(-5)}-01`,
    endDate: `${month(6)}-28`,
    displayTypes: ['END_CAP'],
    totalBudget: 10000,
    perOutletCap: 5000,
    maxOutlets: 5,
    inspectionFrequency: 'MONTHLY',
    paymentModes: ['CASH'],
  });
  await api(admin, '/esdh/policy/submit', { id: policyId });
  await api(admin, '/esdh/policy/approve', { id: policyId });
  const outlets = (
    await api<{ records: Array<{ id: string; name: string }> }>(
      admin,
      '/eCustomer/list?customerType=OUTLET&orgCode=A01A02A01&status=ACTIVE&auditStatus=APPROVED&pageSize=50',
    )
  ).records;
  const outlet = outlets[(Number(tag) + 17) % outlets.length];
  const { id, agreementNo } = await api<{ id: string; agreementNo: string }>(admin, '/esdh/add', {
    policyId,
    customerId: outlet.id,
    startDate: `${month(-4)}-01`,
    endDate: `${month(4)}-28`,
    displayType: 'END_CAP',
    feeType: 'CASH',
    monthlyFee: FEE,
    paymentCycle: 'QUARTERLY',
  });
  await api(admin, '/esdh/submit', { id });
  const manager = await signIn('zhangwei', '广州办事处');
  const todo = await api<{ records: Array<{ taskId: string }> }>(
    manager,
    `/approval/todo/list?bizNo=${agreementNo}`,
  );
  await api(manager, '/approval/approve', { taskId: todo.records[0].taskId, comment: '同意' });

  // The payouts expected: the term's months grouped by calendar quarter.
  const quarterOf = (period: string) => `${period.slice(0, 4)}-${Math.ceil(Number(period.slice(5)) / 3)}`;
  const quarters = (months: string[]) =>
    months.reduce<string[][]>((groups, period) => {
      const open = groups.at(-1);
      if (open && quarterOf(open[0]) === quarterOf(period)) open.push(period);
      else groups.push([period]);
      return groups;
    }, []);
  const coverage = (periods: string[]) =>
    periods.length > 1 ? `${periods[0]}~${periods[periods.length - 1]}` : periods[0];
  const payoutRows = async () => {
    await rowAction(row, '详情');
    const detail = admin.locator('.ant-drawer', { hasText: `陈列协议 ${agreementNo}` });
    const rows = detail.locator('.ant-card', { hasText: '兑付计划（按季）' }).locator('.ant-table-row');
    await rows.first().waitFor();
    return { detail, rows };
  };

  // 签署 with a photo of the paper in the list: the term began four months ago, so it runs at once.
  await admin.goto(`${baseUrl()}/esdh/agreement`);
  await admin.getByPlaceholder('协议号、门店名称').fill(agreementNo);
  await admin.getByRole('button', { name: buttonName('查询') }).click();
  const row = admin.locator('.ant-table-row:visible', { hasText: agreementNo });
  await row.getByText('待签署').waitFor();
  await rowAction(row, '签署');
  const sign = dialog(admin, '签署');
  const paper = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#e9ecef' } })
    .png()
    .toBuffer();
  await sign
    .locator('input[type="file"]')
    .setInputFiles({ name: '按季协议.png', mimeType: 'image/png', buffer: paper });
  await sign.getByText('按季协议.png').waitFor();
  await sign.getByRole('button', { name: buttonName('保存') }).click();
  await toast(admin, '签署成功！');
  await row.getByText('执行中').waitFor();

  const term = quarters([-4, -3, -2, -1, 0, 1, 2, 3, 4].map(month));
  let shown = await payoutRows();
  await shown.rows.nth(term.length - 1).waitFor();
  expect(await shown.rows.count()).toBe(term.length);
  for (const [at, periods] of term.entries()) {
    const cells = shown.rows.nth(at).locator('td');
    expect(await cells.nth(0).innerText()).toBe(coverage(periods));
    expect(await cells.nth(2).innerText()).toBe(`¥${(FEE * periods.length).toFixed(2)}`);
  }
  await screenshot(admin, 'displays-quarterly-schedule');
  await shown.detail.locator('.ant-drawer-close').click();

  // 终止 today: the payouts run to today, the current quarter paying for the months served.
  await rowAction(row, '终止');
  const terminate = dialog(admin, '终止协议');
  await choose(selectOf(terminate, '终止原因'), '门店要求');
  await terminate.getByRole('button', { name: buttonName('保存') }).click();
  await toast(admin, '已终止！');
  await row.getByText('已终止').waitFor();
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const served = quarters([-4, -3, -2, -1, 0].map(month));
  shown = await payoutRows();
  await shown.detail.getByText(`（${today} 终止）`).waitFor();
  await shown.rows.nth(served.length - 1).waitFor();
  expect(await shown.rows.count()).toBe(served.length);
  const last = shown.rows.nth(served.length - 1).locator('td');
  const current = served[served.length - 1];
  expect(await last.nth(0).innerText()).toBe(coverage(current));
  expect(await last.nth(1).innerText()).toBe(today);
  expect(await last.nth(2).innerText()).toBe(`¥${(FEE * current.length).toFixed(2)}`);
  await screenshot(admin, 'displays-quarterly-terminated');
});
