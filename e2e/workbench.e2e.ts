// The rep's mobile workbench in Chromium against the real server (issue #17): 赵磊 on a phone, his position
// faked at one of today's outlets (the browser reports WGS-84; the outlet is stored in GCJ-02), opens
// /mobile/visit, checks in, takes the door photo, counts stock with the oldest production date, checks the
// display item by item against the outlet's active execution template, captures a competitor while the network
// is down (the step waits on the device and goes up when it returns), and checks out. The manager then opens
// the visit in 拜访记录 — the map, the stock check and competitor rows — approves its execution result in
// 门店执行审核 (scoring the photo item), sees the outlet's coins rise in 金币账户, and finds the visit counted
// in 拜访日报.
import gcoord from 'gcoord';
import sharp from 'sharp';
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { buttonName, rowAction, toast } from './support/antd';
import { DESKTOP, launchBrowser, newPage, newPhonePage, screenshot, type SignedIn } from './support/chromium';
import { baseUrl, signedInState, storedValue } from './support/signIn';

jest.setTimeout(300000);

let browser: Browser;
let rep: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  browser = await launchBrowser();
  rep = await signedInState(browser, 'zhaolei');
  admin = await signedInState(browser, 'admin');
});
afterAll(async () => {
  await browser.close();
});

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

interface TodayOutlet {
  customerId: string;
  customerName: string;
  customerCode: string;
  status: string;
  lng: number | null;
  lat: number | null;
}

/** A day in Beijing time, `offset` days from today. */
const shanghaiDay = (offset = 0) =>
  new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

interface CoinAccount {
  customerCode: string;
  balance: number;
  monthEarned: number;
}

const picture = async () => ({
  name: 'photo.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp(randomBytes(96 * 64 * 3), { raw: { width: 96, height: 64, channels: 3 } })
    .resize(640, 480)
    .jpeg()
    .toBuffer(),
});

test('a rep visits an outlet on a phone (one step offline); the manager sees it on the map, approves its execution, the coins rise and 拜访日报 counts it', async () => {
  const day = shanghaiDay();
  const probe = await newPage(browser, { width: 390, height: 844 }, rep);
  await probe.page.goto(`${baseUrl()}/user/login`);
  const today = await api<{
    outlets: TodayOutlet[];
    openVisit: { id: string } | null;
    skus: Array<{ id: string; name: string }>;
  }>(probe.page, '/eVisit/workbench/today');
  const office = await newPage(browser, DESKTOP, admin);
  await office.page.goto(`${baseUrl()}/user/login`);
  const coinsOf = async (code: string): Promise<CoinAccount> => {
    const page = await api<{ records: CoinAccount[] }>(
      office.page,
      `/eVisit/coin/list?keyword=${encodeURIComponent(code)}`,
    );
    return (
      page.records.find((each) => each.customerCode === code) ?? {
        customerCode: code,
        balance: 0,
        monthEarned: 0,
      }
    );
  };
  const visitsCounted = async () => {
    const report = await api<{ records: Array<{ employeeName: string | null; totalVisits: number }> }>(
      office.page,
      `/esaleanalysis/dmsdailyreport?date=${day}&pageSize=1000`,
    );
    return report.records.find((row) => row.employeeName === '赵磊')?.totalVisits ?? 0;
  };
  // Which outlet: of today's plan still to visit, the one furthest from the monthly coin cap.
  const candidates: Array<{ outlet: TodayOutlet; coins: CoinAccount }> = [];
  for (const each of today.outlets.filter((one) => one.status === 'PENDING' && one.lng !== null))
    candidates.push({ outlet: each, coins: await coinsOf(each.customerCode) });
  candidates.sort((a, b) => a.coins.monthEarned - b.coins.monthEarned);
  if (candidates.length === 0) throw new Error('赵磊 has no outlet left to visit today');
  const { outlet, coins: before } = candidates[0];
  // A SKU the outlet has a price for (the rep's own preview tells), to order during the visit.
  let ordered: { id: string; name: string } | undefined;
  for (const sku of today.skus) {
    const priced = await api(probe.page, '/eOrder/eOrder/pricePreview', {
      buyerId: outlet.customerId,
      lines: [{ skuId: sku.id, cases: 1 }],
    }).then(
      () => true,
      () => false,
    );
    if (priced) {
      ordered = sku;
      break;
    }
  }
  if (!ordered) throw new Error(`no SKU has a price for ${outlet.customerName}`);
  await probe.context.close();
  const countedBefore = await visitsCounted();
  // The device reports WGS-84: the point that is the outlet's GCJ-02 position.
  const [longitude, latitude] = gcoord.transform(
    [outlet.lng as number, outlet.lat as number],
    gcoord.GCJ02,
    gcoord.WGS84,
  );

  const { context, page, errors } = await newPhonePage(browser, rep, {
    longitude,
    latitude: latitude + 0.0002,
  });
  // No back-office chunk loads with the workbench.
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.push(new URL(response.url()).pathname);
  });
  await page.goto(`${baseUrl()}/mobile/visit`);
  if (today.openVisit) {
    // A visit left open by an earlier attempt: close it first.
    await page.getByRole('button', { name: '签退' }).click();
  }
  const card = page.getByRole('listitem', { name: outlet.customerName });
  await card.waitFor();
  await card.getByText(/距离 \d+ 米/).waitFor();
  await screenshot(page, 'workbench-today');
  expect(scripts.filter((script) => /(^|\/)js\/(app|basic-layout)\./.test(script))).toEqual([]);

  await card.getByRole('button', { name: '签到' }).click();
  const visit = page.getByRole('region', { name: '拜访中' });
  await visit.getByText(outlet.customerName).waitFor();

  // 1 门头照
  await visit.getByLabel('门头照').setInputFiles(await picture());
  await visit.getByAltText('门头照预览').waitFor();
  await visit.getByRole('button', { name: '保存门头照' }).click();
  // 2 库存盘点: the first SKU with the oldest production date seen.
  const quantity = visit.getByLabel(/库存$/).first();
  await quantity.fill('24');
  const oldest = shanghaiDay(-60);
  await visit
    .getByLabel(/最早生产日期$/)
    .first()
    .fill(oldest);
  await visit.getByRole('button', { name: '保存盘点' }).click();
  // 3 陈列检查 against the active template (the demo's 标准门店执行): the counts and yes/no items met, the
  // freezer photo left to the reviewer.
  await visit.getByText(/^标准门店执行 V\d+/).waitFor();
  await visit.getByLabel('主销SKU铺货≥6个', { exact: true }).fill('6');
  await visit.getByLabel('排面数≥4', { exact: true }).fill('4');
  for (const name of ['黄金层陈列', '价签齐全', '无临期品'])
    await visit.getByRole('checkbox', { name }).check();
  await visit.getByText('自评 80 分，另有拍照识别项由审核人评分').waitFor();
  await visit.getByLabel('冰柜纯净度≥80%照').setInputFiles(await picture());
  await visit.getByAltText('冰柜纯净度≥80%照预览').waitFor();
  await visit.getByRole('button', { name: '保存陈列检查' }).click();
  // 4 竞品采集, offline: it waits on the device.
  await page.getByRole('status').filter({ hasText: '待上传' }).waitFor({ state: 'detached' });
  await context.setOffline(true);
  await visit.getByLabel('竞品品牌').fill('竞品甲');
  await visit.getByLabel('竞品产品').fill('柠檬茶 500ml');
  await visit.getByLabel('零售价').fill('4.5');
  await visit.getByLabel('竞品排面').fill('6');
  await visit.getByRole('button', { name: '保存竞品' }).click();
  await page.getByRole('status').filter({ hasText: '网络已断开' }).waitFor();
  await page.getByRole('status').filter({ hasText: '待上传 1 项' }).waitFor();
  await screenshot(page, 'workbench-visit-offline');
  await context.setOffline(false);
  await page.getByRole('status').waitFor({ state: 'detached' });
  // 5 下单 (offered on every visit): the server's prices for the outlet, then the order with its number.
  await visit.getByLabel(`${ordered.name} 订货箱数`).fill('2');
  await visit.getByRole('button', { name: '预览价格' }).click();
  const payable = (
    await visit
      .getByLabel('价格预览')
      .getByText(/^应付 ¥/)
      .innerText()
  ).replace('应付 ¥', '');
  await visit.getByRole('button', { name: '提交订单' }).click();
  const placed = visit.getByRole('list', { name: '本次拜访的订单' }).getByText(/^订单 SO/);
  await placed.waitFor();
  const orderNo = /SO\w+/.exec(await placed.innerText())?.[0];
  expect(await placed.innerText()).toContain(`¥${payable}`);
  await screenshot(page, 'workbench-visit-order');
  expect(await visit.getByText('已完成').count()).toBe(5);

  await visit.getByRole('button', { name: '签退' }).click();
  await card.waitFor();
  await page.getByRole('status').waitFor({ state: 'detached' });
  await card.getByText('已拜访').waitFor();

  await page.getByRole('button', { name: '我的' }).click();
  await page.getByRole('region', { name: '我的' }).getByText(outlet.customerName).first().waitFor();
  await screenshot(page, 'workbench-mine');
  await context.close();
  expect(errors).toEqual([]);

  // The manager: the visit in 拜访记录, its steps, its map, its stock check and competitor rows.
  const manager = await newPage(browser, DESKTOP, admin);
  await manager.page.goto(`${baseUrl()}/eVisit/record?keyword=${encodeURIComponent(outlet.customerName)}`);
  const row = manager.page.locator('.ant-table-row:visible', { hasText: outlet.customerName }).first();
  await row.waitFor();
  await rowAction(row, '详情');
  const drawer = manager.page.getByRole('dialog');
  await drawer.getByText('陈列检查').first().waitFor();
  const map = drawer.getByRole('region', { name: '拜访地图' });
  await map.getByText(/^签到 \d+ 米$/).waitFor();
  await map.getByText('门店').waitFor();
  const stock = drawer.getByRole('region', { name: '库存盘点' });
  await stock
    .locator('.ant-table-row', { hasText: oldest })
    .getByText(/^24 箱/)
    .waitFor();
  const competitor = drawer
    .getByRole('region', { name: '竞品采集' })
    .locator('.ant-table-row', { hasText: '竞品甲' });
  await competitor.getByText('¥4.50').waitFor();
  await screenshot(manager.page, 'workbench-visit-map');
  // The order counts for the visit (拜访记录's 订单金额) and is in the order list, 待审核.
  const records = await api<{ records: Array<{ id: string; orderAmount: string }> }>(
    manager.page,
    `/eVisit/record/list?keyword=${encodeURIComponent(outlet.customerName)}`,
  );
  expect(Number(records.records[0].orderAmount)).toBeCloseTo(Number(payable), 2);
  await manager.page.goto(`${baseUrl()}/eOrder/eOrder`);
  await manager.page.locator('.ant-table-row:visible', { hasText: orderNo }).first().waitFor();

  // 门店执行审核: the result of the visit, the photo item scored by the reviewer, approved.
  await manager.page.goto(`${baseUrl()}/eVisit/execution?keyword=${encodeURIComponent(outlet.customerCode)}`);
  const result = manager.page
    .locator('.ant-table-row:visible', { hasText: outlet.customerName })
    .filter({ hasText: '待审核' })
    .first();
  await result.getByRole('button', { name: '审核' }).click();
  const review = manager.page.locator('.ant-drawer', { hasText: '执行详情' });
  await review.getByLabel('冰柜纯净度≥80%得分').fill('20');
  await review.getByRole('button', { name: buttonName('通过') }).click();
  await toast(manager.page, '审核通过');
  await screenshot(manager.page, 'workbench-execution-approved');

  // 金币账户: the outlet's coins rose by the award.
  const after = await coinsOf(outlet.customerCode);
  expect(after.balance).toBeGreaterThan(before.balance);
  await manager.page.goto(`${baseUrl()}/eVisit/coin?keyword=${encodeURIComponent(outlet.customerCode)}`);
  await manager.page
    .locator('.ant-table-row:visible', { hasText: outlet.customerName })
    .getByText(String(after.balance), { exact: true })
    .first()
    .waitFor();

  // 拜访日报 counts the visit for 赵磊.
  await manager.page.goto(`${baseUrl()}/dms/esaleanalysis/dmsdailyreport?date=${day}`);
  const reportRow = manager.page.locator('.ant-table-row:visible', { hasText: '赵磊' }).first();
  await reportRow.waitFor();
  const headers = await manager.page.locator('.ant-table-thead th').allInnerTexts();
  const counted = await visitsCounted();
  expect(counted).toBe(countedBefore + 1);
  await reportRow
    .locator('td')
    .nth(headers.indexOf('总拜访'))
    .getByText(String(counted), { exact: true })
    .waitFor();
  await screenshot(manager.page, 'workbench-daily-report');
  await manager.context.close();
  await office.context.close();
  expect(manager.errors).toEqual([]);
});
