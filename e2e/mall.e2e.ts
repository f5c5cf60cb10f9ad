// The channel partners' mall in Chromium against the real server (issue #22): an outlet owner on a phone
// signs in to the web mall by SMS code, orders at his own prices and pays by WeChat Pay at the simulator's
// cashier (a window the mall opens; the mall polls until it is paid); the keeper's dealer — on 畅捷通T+ —
// signs in to the back office, audits and ships the order, and the order and its outbound reach the dealer's
// own T+ (this server's simulator). An employee on a phone buys at employee price within the monthly quota,
// pays the same way and shows the pickup code, which 自提核销 in the back office hands over.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buttonName, rowAction, toast } from './support/antd';
import { launchBrowser, newPage, newPhonePage, screenshot, type SignedIn } from './support/chromium';
import { baseUrl, signedInState } from './support/signIn';

jest.setTimeout(300_000);

/** The demo outlet buyer of the T+ dealer (server/db/seed/dealers.ts DEMO_TPLUS_OUTLET_MOBILE). */
const OUTLET_MOBILE = '13700000019';
/** The demo employee 陈晓华 (monthly quota ¥800, server/db/seed/mall.ts). */
const EMPLOYEE_MOBILE = '13700000001';

let browser: Browser;
const contexts: BrowserContext[] = [];
const errors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  expect(errors.splice(0)).toEqual([]);
});

/** Keeps a context for afterEach, its page's errors in `errors`. */
function kept(opened: { context: BrowserContext; page: Page; errors: string[] }) {
  contexts.push(opened.context);
  opened.page.on('pageerror', (error) => errors.push(error.message));
  return opened;
}

/** A phone's context (390×844, touch) and page, without a back-office session. */
const phone = async () => kept(await newPhonePage(browser));

/** A desktop page of the back office signed in as `session`. */
const backOffice = async (session: SignedIn) => kept(await newPage(browser, undefined, session)).page;

interface OutboxMessage {
  content: string;
  createdAt: string;
}

/** The simulated text messages of a mobile, newest first (the SMS simulator's outbox, outside production). */
async function outbox(mobile: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseUrl()}/api/dev/sms/outbox?mobile=${mobile}`);
  return ((await response.json()) as { result: OutboxMessage[] }).result;
}

/**
 * Signs a buyer in to /mall as a person does: 身份, mobile, 获取验证码, the code from the SMS simulator, 登录.
 * One code per minute per mobile: a retry of the test within the minute waits for the next one.
 */
async function mallSignIn(page: Page, kind: '门店订货' | '员工内购', mobile: string) {
  await page.goto(`${baseUrl()}/mall`);
  await page.getByRole('button', { name: kind }).click();
  await page.getByLabel('手机号').fill(mobile);
  const newest = async () => (await outbox(mobile))[0];
  const before = await newest();
  let code: string | undefined;
  for (let attempt = 1; !code; attempt += 1) {
    await page.getByRole('button', { name: '获取验证码' }).click();
    const deadline = Date.now() + 5_000;
    while (!code && Date.now() < deadline) {
      const latest = await newest();
      if (latest && (latest.createdAt !== before?.createdAt || latest.content !== before?.content))
        code = /(\d{6})/.exec(latest.content)?.[1];
      else await page.waitForTimeout(250);
    }
    if (!code && attempt === 2) throw new Error(`no sign-in code was sent to ${mobile}`);
    if (!code) await page.waitForTimeout(61_000);
  }
  await page.getByLabel('验证码').fill(code);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.locator('.mall-header').waitFor();
}

/** Adds one case of the first listed item with stock (and, for an employee, some of the month left). */
async function addFirstAvailable(page: Page): Promise<string> {
  const items = page.locator('.mall-items li');
  await items.first().waitFor();
  const names = await items.evaluateAll((rows) =>
    rows
      .filter((row) => {
        const meta = row.querySelector('.mall-meta')?.textContent ?? '';
        const stock = Number(/库存 (\d+)/.exec(meta)?.[1] ?? 0);
        const left = /本月还可购 (\d+)/.exec(meta);
        return stock > 0 && (!left || Number(left[1]) > 0);
      })
      .map((row) => row.getAttribute('aria-label') ?? ''),
  );
  expect(names.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: `增加 ${names[0]}`, exact: true }).click();
  await page.getByRole('button', { name: /购物车 1/ }).waitFor();
  return names[0];
}

/**
 * 提交并支付 in the cart: the mall opens the cashier in a window of its own; the payer presses 确认支付 there and
 * the mall, polling, says the order is paid. Answers the order's number.
 */
async function placeAndPay(page: Page, context: BrowserContext, shot: string): Promise<string> {
  const [cashier] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: '提交并支付' }).click(),
  ]);
  cashier.on('pageerror', (error) => errors.push(error.message));
  await cashier.waitForURL(/\/sim\/wechatpay\/cashier\?prepay_id=/);
  await cashier.getByRole('button', { name: '确认支付' }).waitFor();
  await screenshot(cashier, `${shot}-cashier`);
  await cashier.getByRole('button', { name: '确认支付' }).click();
  await cashier.getByText('支付成功').waitFor();
  await cashier.close();
  const status = page.getByRole('status');
  await status.filter({ hasText: /已支付/ }).waitFor({ timeout: 30_000 });
  const orderNo = /订单 (\S+) 已支付/.exec(await status.innerText())?.[1];
  if (!orderNo) throw new Error(`no order number in "${await status.innerText()}"`);
  return orderNo;
}

interface SimulatorState {
  systems: Record<string, { bills: Array<{ formId: string; number: string; externalCode: string }> }>;
}

const tplusBills = async () => {
  const response = await fetch(`${baseUrl()}/sim/erp/state`);
  return ((await response.json()) as SimulatorState).systems.CHANJET_TPLUS?.bills ?? [];
};
/** The dealer's T+ outbounds (its receipts of online payments reach it too, as ReceiveVoucher). */
const tplusOutbounds = async () => (await tplusBills()).filter((bill) => bill.formId === 'SaleDelivery');

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`waited in vain for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

test('an outlet owner orders on his phone and pays online; his dealer ships it, and it reaches the dealer’s T+', async () => {
  // 1. The mall on a phone: sign in, one case at the outlet's own price, 在线支付.
  const { context, page } = await phone();
  await mallSignIn(page, '门店订货', OUTLET_MOBILE);
  await addFirstAvailable(page);
  await screenshot(page, 'mall-outlet-catalogue');
  await page.getByRole('button', { name: /购物车/ }).click();
  await page.getByText(/应付 ¥\d/).waitFor();
  expect(await page.getByLabel('付款方式').inputValue()).toBe('ONLINE');
  await screenshot(page, 'mall-outlet-cart');
  const orderNo = await placeAndPay(page, context, 'mall-outlet');
  // 我的订单 shows it 待审核 and 已支付, with nothing left to pay.
  const mine = page.locator('.mall-items li', { hasText: orderNo });
  await mine.getByText(/待审核 · ¥[\d.]+ · 已支付/).waitFor();
  expect(await mine.getByRole('button', { name: `去支付 ${orderNo}` }).count()).toBe(0);
  await screenshot(page, 'mall-outlet-paid');

  // 2. The dealer signs in: the order is his to audit; its SAVE goes to his T+, not the brand's Kingdee.
  const dealer = await backOffice(await signedInState(browser, 'dealer1'));
  await dealer.goto(`${baseUrl()}/eOrder/eOrder?orderNo=${orderNo}`);
  const row = dealer.locator('.ant-table-row:visible').filter({ hasText: orderNo });
  await row.locator('.ant-tag', { hasText: '待审核' }).waitFor();
  await rowAction(row, '审核');
  const audit = dealer.locator('.ant-modal').filter({ hasText: '审核订单' });
  await audit.getByText('信用检查').waitFor();
  await audit.getByRole('button', { name: buttonName('通过') }).click();
  await toast(dealer, '审核成功！');
  await row.locator('.ant-tag', { hasText: '待发货' }).waitFor();
  await until(`${orderNo} in the dealer's T+`, tplusBills, (bills) =>
    bills.some((bill) => bill.externalCode === `${orderNo}-SAVE`),
  );

  // 3. He ships it from his warehouse (the batches the server proposes); the outbound reaches his T+ too.
  const before = (await tplusOutbounds()).length;
  await rowAction(row, '发货');
  const deliver = dealer.locator('.ant-modal').filter({ hasText: '批次分配' });
  await screenshot(dealer, 'mall-dealer-deliver');
  await deliver.getByRole('button', { name: buttonName('确认发货') }).click();
  await deliver.waitFor({ state: 'detached' });
  await row.locator('.ant-tag', { hasText: '已发货' }).waitFor();
  await until(
    `the outbound of ${orderNo} in the dealer's T+`,
    tplusOutbounds,
    (bills) => bills.length > before,
  );

  // 4. The outlet owner sees it on its way.
  await page.getByRole('button', { name: '我的订单' }).click();
  await mine.getByText(/已发货/).waitFor();
  await screenshot(page, 'mall-outlet-shipped');
});

test('an employee buys at employee price within the quota, pays online and is handed the goods by code', async () => {
  // 1. The employee shop on a phone: the quota shown, one case, the pickup point, 提交并支付.
  const { context, page } = await phone();
  await mallSignIn(page, '员工内购', EMPLOYEE_MOBILE);
  const quota = page.locator('.mall-quota');
  await quota.getByText(/本月额度 ¥800/).waitFor();
  const leftBefore = Number(/剩余 ¥([\d.]+)/.exec(await quota.innerText())?.[1]);
  await addFirstAvailable(page);
  await page.getByRole('button', { name: /购物车/ }).click();
  expect(await page.getByLabel('自提点').inputValue()).not.toBe('');
  await screenshot(page, 'mall-employee-cart');
  const orderNo = await placeAndPay(page, context, 'mall-employee');

  // 2. The order shows its pickup code; the quota left is lower by what it cost.
  const mine = page.locator('.mall-items li', { hasText: orderNo });
  const codeText = await mine.getByLabel('提货码').innerText();
  const code = /(\d{8})/.exec(codeText)?.[1];
  expect(code).toBeDefined();
  const leftAfter = Number(/剩余 ¥([\d.]+)/.exec(await quota.innerText())?.[1]);
  expect(leftAfter).toBeLessThan(leftBefore);
  expect(leftAfter).toBeGreaterThanOrEqual(0);
  await screenshot(page, 'mall-employee-code');

  // 3. 自提核销 in the back office: the code typed, its order shown, 确认核销.
  const desk = await backOffice(await signedInState(browser, 'admin'));
  await desk.goto(`${baseUrl()}/eEmployee/pickup`);
  const counter = desk.locator('.ant-card', {
    has: desk.locator('.ant-card-head-title', { hasText: /^自提核销$/ }),
  });
  await counter.getByLabel('提货码').fill(code!);
  await counter.getByRole('button', { name: buttonName('查询') }).click();
  const found = desk.locator('.ant-descriptions');
  await found.getByText(orderNo).waitFor();
  await found.getByText('已付款').waitFor();
  await screenshot(desk, 'mall-pickup-lookup');
  await desk.getByRole('button', { name: buttonName('确认核销') }).click();
  await desk.getByText(`订单 ${orderNo} 已核销提货`).waitFor();
  await screenshot(desk, 'mall-pickup-done');

  // 4. The employee's order is 已提货 and its code is spent.
  await page.getByRole('button', { name: '我的订单' }).click();
  await mine.getByText(/已提货/).waitFor();
});
