// The rep's mobile workbench in Chromium against the real server (issue #17): 赵磊 on a phone, his position
// faked at one of today's outlets (the browser reports WGS-84; the outlet is stored in GCJ-02), opens
// /mobile/visit, checks in, takes the door photo, counts stock with the oldest production date, checks the
// display, captures a competitor while the network is down (the step waits on the device and goes up when it
// returns), and checks out. The manager then opens the visit in 拜访记录 and sees it on the map.
import gcoord from 'gcoord';
import sharp from 'sharp';
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { rowAction } from './support/antd';
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
  status: string;
  lng: number | null;
  lat: number | null;
}

const picture = async () => ({
  name: 'photo.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp(randomBytes(96 * 64 * 3), { raw: { width: 96, height: 64, channels: 3 } })
    .resize(640, 480)
    .jpeg()
    .toBuffer(),
});

test('a rep checks in at an outlet on a phone, does the steps (one offline), checks out; the manager sees it on the map', async () => {
  // Which outlet: the first of today's plan still to visit, read as the rep.
  const probe = await newPage(browser, { width: 390, height: 844 }, rep);
  await probe.page.goto(`${baseUrl()}/user/login`);
  const today = await api<{ outlets: TodayOutlet[]; openVisit: { id: string } | null }>(
    probe.page,
    '/eVisit/workbench/today',
  );
  await probe.context.close();
  const outlet = today.outlets.find((each) => each.status === 'PENDING' && each.lng !== null);
  if (!outlet) throw new Error('赵磊 has no outlet left to visit today');
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
  await visit
    .getByLabel(/最早生产日期$/)
    .first()
    .fill('2026-09-01');
  await visit.getByRole('button', { name: '保存盘点' }).click();
  // 3 陈列检查
  await visit.getByRole('checkbox').first().check();
  await visit.getByText('自评 40 分（以审核结果为准）').waitFor();
  await visit.getByLabel('陈列照').setInputFiles(await picture());
  await visit.getByAltText('陈列照预览').waitFor();
  await visit.getByRole('button', { name: '保存陈列检查' }).click();
  // 4 竞品采集, offline: it waits on the device.
  await page.getByRole('status').filter({ hasText: '待上传' }).waitFor({ state: 'detached' });
  await context.setOffline(true);
  await visit.getByLabel('竞品品牌').fill('竞品甲');
  await visit.getByLabel('竞品产品').fill('柠檬茶 500ml');
  await visit.getByLabel('零售价').fill('4.5');
  await visit.getByRole('button', { name: '保存竞品' }).click();
  await page.getByRole('status').filter({ hasText: '网络已断开' }).waitFor();
  await page.getByRole('status').filter({ hasText: '待上传 1 项' }).waitFor();
  await screenshot(page, 'workbench-visit-offline');
  await context.setOffline(false);
  await page.getByRole('status').waitFor({ state: 'detached' });
  expect(await visit.getByText('已完成').count()).toBe(4);

  await visit.getByRole('button', { name: '签退' }).click();
  await card.waitFor();
  await page.getByRole('status').waitFor({ state: 'detached' });
  await card.getByText('已拜访').waitFor();

  await page.getByRole('button', { name: '我的' }).click();
  await page.getByRole('region', { name: '我的' }).getByText(outlet.customerName).first().waitFor();
  await screenshot(page, 'workbench-mine');
  await context.close();
  expect(errors).toEqual([]);

  // The manager: the visit in 拜访记录, its steps and its map.
  const manager = await newPage(browser, DESKTOP, admin);
  await manager.page.goto(`${baseUrl()}/eVisit/record?keyword=${encodeURIComponent(outlet.customerName)}`);
  const row = manager.page.locator('.ant-table-row:visible', { hasText: outlet.customerName }).first();
  await row.waitFor();
  await rowAction(row, '详情');
  const drawer = manager.page.getByRole('dialog');
  await drawer.getByText('竞品采集').waitFor();
  await drawer.getByText('陈列检查').first().waitFor();
  const map = drawer.getByRole('region', { name: '拜访地图' });
  await map.getByText(/^签到 \d+ 米$/).waitFor();
  await map.getByText('门店').waitFor();
  await screenshot(manager.page, 'workbench-visit-map');
  await manager.context.close();
  expect(manager.errors).toEqual([]);
});
