// MES repair mode (issue #20): mes_zg signs in to the repair-mode shell (production logo, the 维修服务 menu,
// no footer) and opens a repair order with its timeline. The engineer's phone page: an order dispatched to 粤冷
// and assigned to 李师傅 by its dispatcher (through the repair app's API) is in his 我的工单 on a phone; he checks
// in with the phone's position and feeds back with a part off his van, a photo and the customer's signature; his
// van holds one part less.
import sharp from 'sharp';
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buttonName, choose, dialog, formItemOf, selectOf } from './support/antd';
import { launchBrowser, newPage, newPhonePage, screenshot } from './support/chromium';
import { E2E_PASSWORD } from './support/server';
import { baseUrl, loginWithPassword, signedInState, storedValue } from './support/signIn';

jest.setTimeout(300000);

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

test('mes_zg signs in to the repair-mode shell and opens a repair order with its timeline', async () => {
  await loginWithPassword(page, 'mes_zg');
  // Repair mode's landing: the first page of its menu, not the sales figures of 首页.
  await page.waitForURL(`${baseUrl()}/mes/order`);
  expect(await storedValue(page, 'mesSystem')).toBe(1);
  await page.getByRole('img', { name: '生产系统' }).first().waitFor();
  await page.getByRole('menuitem', { name: '派工台' }).waitFor();
  expect(await page.locator('.ant-layout-footer').count()).toBe(0);
  const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
  await firstRow.waitFor();
  await screenshot(page, 'mes-repair-orders');
  await firstRow.getByRole('button', { name: '详情' }).click();
  await page.getByText('处理进度').waitFor();
  await screenshot(page, 'mes-repair-order-detail');
});

/** Calls the API with `token` (the test's own arrangements and readings, never what it checks on screen). */
async function api<T>(token: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { 'X-Access-Token': token } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { success: boolean; message: string; result: T };
  if (!answer.success) throw new Error(`${url}: ${answer.message}`);
  return answer.result;
}

/** Signs `username` in through the API (the repair app's way: the web refuses mes_wxg, the API does not). */
const tokenOf = async (username: string) =>
  (await api<{ token: string }>('', '/sys/login', { username, password: E2E_PASSWORD })).token;

const picture = async (colour: string) => ({
  name: `${colour}.jpg`,
  mimeType: 'image/jpeg',
  buffer: await sharp(randomBytes(64 * 48 * 3), { raw: { width: 64, height: 48, channels: 3 } })
    .resize(480, 360)
    .jpeg()
    .toBuffer(),
});

interface Shelf {
  warehouseId: string;
  warehouseType: string;
  partId: string;
  partName: string;
  qtyOnHand: number;
}

test('李师傅 checks in on his phone and feeds back an order with a part off his van, a photo and a signature', async () => {
  // The arrangements, as the repair centre (admin) and 粤冷's dispatcher (mes_wxg, refused by the web, works
  // through the repair app's API) would: a freezer's order dispatched to 粤冷, accepted, contacted, assigned.
  // A production-system user: his sign-in lands on the one 维修服务 page of his menu, 我的工单.
  const engineer = await signedInState(browser, 'mes_li', '/mes/mine');
  const [adminToken, dispatcherToken, engineerToken] = await Promise.all(
    ['admin', 'mes_wxg', 'mes_li'].map(tokenOf),
  );
  const [freezer] = (
    await api<{ records: Array<{ id: string }> }>(
      adminToken,
      '/eAsset/list?assetType=FREEZER&placementStatus=PLACED&conditionStatus=NORMAL&pageSize=1',
    )
  ).records;
  const [provider] = (
    await api<{ records: Array<{ id: string }> }>(adminToken, '/mes/provider/list?code=SP-YL')
  ).records;
  const order = await api<{ id: string; orderNo: string }>(adminToken, '/mes/order/add', {
    sourceType: 'HOTLINE',
    assetId: freezer.id,
    faultCategory: 'NO_COOLING',
    faultDescription: '冰柜不制冷，饮料常温',
  });
  await api(adminToken, '/mes/order/dispatch', { id: order.id, providerId: provider.id });
  await api(dispatcherToken, '/mes/order/accept', { id: order.id });
  await api(dispatcherToken, '/mes/order/contact', { id: order.id, bookingTimeRange: '14:00-17:00' });
  const engineers = await api<Array<{ id: string; name: string }>>(dispatcherToken, '/mes/engineer/list');
  await api(dispatcherToken, '/mes/order/assign', {
    id: order.id,
    engineerId: engineers.find((each) => each.name === '李师傅')!.id,
  });
  const shelfOf = async () =>
    (await api<{ stock: Shelf[] }>(engineerToken, '/mes/engineer/me')).stock.find(
      (row) => row.warehouseType === 'ENGINEER' && row.partName === '机械温控器 WDF20',
    );
  const before = (await shelfOf())!;

  // 李师傅 on his phone, at the outlet.
  const {
    context: phoneContext,
    page: phone,
    errors: phoneErrors,
  } = await newPhonePage(browser, engineer, { longitude: 113.3245, latitude: 23.1371 });
  await phone.goto(`${baseUrl()}/mes/mine`);
  const card = phone.getByRole('listitem', { name: order.orderNo });
  await card.waitFor();
  await card.getByText('冰柜不制冷，饮料常温').waitFor();
  await screenshot(phone, 'mes-engineer-orders');
  await card.click();
  const detail = phone.getByRole('region', { name: `工单 ${order.orderNo}` });
  await detail.getByText('已指派工程师').first().waitFor();
  await detail.getByRole('button', { name: buttonName('到场签到') }).click();
  await detail.getByText('已到场').first().waitFor();

  await detail.getByRole('button', { name: buttonName('完工反馈') }).click();
  const form = dialog(phone, `完工反馈 ${order.orderNo}`);
  await form.getByPlaceholder('如：温控器损坏').fill('温控器触点烧蚀');
  await form.getByPlaceholder('如：更换温控器并试运行30分钟').fill('更换温控器，试运行30分钟温度回落到4度');
  await form.getByRole('button', { name: buttonName('添加用料') }).click();
  await choose(selectOf(form, '备件'), '机械温控器 WDF20（工程师库');
  await formItemOf(form, '完工照片')
    .locator('input[type="file"]')
    .setInputFiles(await picture('done'));
  await form.getByText('done.jpg').waitFor();
  await formItemOf(form, '客户签名')
    .locator('input[type="file"]')
    .setInputFiles(await picture('sign'));
  await form.getByText('sign.jpg').waitFor();
  await form.getByRole('spinbutton', { name: '工时费' }).fill('80');
  await screenshot(phone, 'mes-engineer-feedback');
  await form.getByRole('button', { name: buttonName('保存') }).click();
  await detail.getByText('已反馈').first().waitFor();
  await detail.getByText('温控器触点烧蚀', { exact: true }).waitFor();
  // The completion photo and the signature, read with the session.
  await detail.locator('.ant-image img[src^="blob:"]').nth(1).waitFor();
  await screenshot(phone, 'mes-engineer-done');
  await phoneContext.close();
  expect(phoneErrors).toEqual([]);

  const after = await shelfOf();
  expect(after?.qtyOnHand ?? 0).toBe(before.qtyOnHand - 1);
});
