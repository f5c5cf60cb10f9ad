// An order from submission to signature in Chromium against the real server: the administrator places a
// 业代代下单 order for a demo outlet (priced by the server), audits it (credit and stock shown), ships it
// from the FEFO batch the server proposes, prints the delivery note (the count rises) and signs it; the
// detail drawer's history shows every step; then 1箱 of it comes back (退货 → 审核 → 入库) and the drawer
// shows the return's state and the returned quantity; an exchange of 3 bottles is audited and carried out.
// The buyer's own steps: an order 取消 with its reason before the audit, and a rejected one 修改重提 with one
// more case, waiting for the audit again at its new payable amount. Screenshots on desktop and tablet.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { buttonName, choose, dialog, rowAction, selectOf, toast } from './support/antd';
import { DESKTOP, launchBrowser, newPage, screenshot, TABLET, type SignedIn } from './support/chromium';
import { baseUrl, signedInState } from './support/signIn';

jest.setTimeout(240000);

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
/** The administrator's session, signed in once for the file's tests. */
let admin: SignedIn;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signedInState(browser, 'admin');
});
afterAll(async () => {
  await browser.close();
});
afterEach(async () => {
  await context.close();
  expect(errors).toEqual([]);
});

// A demo outlet served by 佛山佳和商贸 (whose warehouse holds the SKU in two batches).
const BUYER = '和顺便利店';
const SKU = '劲鹏能量饮料 250ml PET';

const orderRow = (target: Page): Locator =>
  target.locator('.ant-table-row:visible').filter({ hasText: BUYER }).first();

async function statusIs(target: Page, status: string) {
  await orderRow(target).locator('.ant-tag', { hasText: status }).waitFor();
}

/** The list's row of one order. */
const rowOfOrder = (target: Page, orderNo: string): Locator =>
  target.locator('.ant-table-row:visible').filter({ hasText: orderNo });

/** The first amount of a row is its payable (应付 / 优惠). */
async function payableOf(row: Locator): Promise<string> {
  return /¥[\d,]+\.\d{2}/.exec(await row.innerText())?.[0] ?? '';
}

/**
 * 新建订单 of `cases`箱`units`瓶 of the SKU for the buyer; waits until the list shows it (the buyer's newest
 * order, 待审核) and answers its number.
 */
async function placeOrder(target: Page, cases: string, units: string, shot?: string): Promise<string> {
  await target.getByRole('button', { name: buttonName('新建订单') }).click();
  const create = dialog(target, '新建订单');
  await create.getByRole('button', { name: buttonName('提交订单') }).click();
  await create.getByText('请选择客户').waitFor();
  await choose(selectOf(create, '客户'), `${BUYER}（`, BUYER);
  await choose(selectOf(create, '商品'), SKU);
  await create.getByLabel('第 1 行箱数').fill(cases);
  await create.getByLabel('第 1 行瓶数').fill(units);
  if (shot) await screenshot(target, shot);
  await create.getByRole('button', { name: buttonName('提交订单') }).click();
  await toast(target, '下单成功！');
  await create.waitFor({ state: 'detached' });
  await statusIs(target, '待审核');
  return (
    (await orderRow(target)
      .getByRole('button', { name: /^SO\d+$/ })
      .textContent()) ?? ''
  );
}

/** The drawer's 操作记录 (its 变更记录 is a timeline too). */
const historyOf = (drawer: Locator): Locator => drawer.getByRole('list', { name: '操作记录' });

/** The order list, signed in as the administrator, on a new page of `viewport`; `query` filters it. */
async function openOrders(viewport = DESKTOP, query = '') {
  ({ context, page, errors } = await newPage(browser, viewport, admin));
  await page.goto(`${baseUrl()}/eOrder/eOrder${query}`);
  await page.getByRole('tab', { name: /待审核/ }).waitFor();
}

/** Opens the detail drawer of the order in `row`. */
async function openDrawer(target: Page, row: Locator): Promise<Locator> {
  await row.getByRole('button', { name: /^SO\d+$/ }).click();
  return target.locator('.ant-drawer-section').filter({ hasText: '订单详情' });
}

async function closeDrawer(drawer: Locator) {
  await drawer.locator('.ant-drawer-close').click();
  await drawer.waitFor({ state: 'detached' });
}

test('an order goes from submitted to signed, each step in its history, the print counted, part returned', async () => {
  await openOrders();

  // 1. 新建订单: customer searched on the server, 2箱3瓶 of one SKU; the server prices it.
  // The test's order by its number: a retry's order is another row.
  const row = rowOfOrder(page, await placeOrder(page, '2', '3', 'orders-create'));
  await screenshot(page, 'orders-list');

  // 2. 审核: credit and stock of the order, then 通过.
  await rowAction(row, '审核');
  const audit = page.locator('.ant-modal').filter({ hasText: '审核订单' });
  await audit.getByText('充足').waitFor();
  await audit.getByText('信用检查').waitFor();
  await screenshot(page, 'orders-audit');
  await audit.getByRole('button', { name: buttonName('通过') }).click();
  await toast(page, '审核成功！');
  await row.locator('.ant-tag', { hasText: '待发货' }).waitFor();

  // 3. 发货 from the FEFO batch the server proposes (2箱3瓶 = 51 bottles of the older batch).
  await rowAction(row, '发货');
  const deliver = page.locator('.ant-modal').filter({ hasText: '批次分配' });
  await deliver.getByText('待发 2箱3瓶，本次 2箱3瓶').waitFor();
  // The demo's batches are named after their production dates, which are counted back from today.
  const proposed = await deliver
    .locator('input[aria-label^="批次 "]')
    .evaluateAll((inputs) =>
      (inputs as HTMLInputElement[])
        .filter((input) => input.value === '51')
        .map((input) => input.getAttribute('aria-label')!.split(' ')[1]),
    );
  expect(proposed).toHaveLength(1);
  await deliver.getByPlaceholder('司机姓名').fill('李师傅');
  await deliver.getByPlaceholder('11位手机号').fill('13900002222');
  await deliver.getByPlaceholder('如 沪A12345').fill('粤E12345');
  await screenshot(page, 'orders-deliver');
  await deliver.getByRole('button', { name: buttonName('确认发货') }).click();
  await deliver.waitFor({ state: 'detached' });
  await row.locator('.ant-tag', { hasText: '已发货' }).waitFor();

  // 4. 打印: the delivery note; the server counts the print.
  await rowAction(row, '打印');
  const print = page.locator('.ant-modal').filter({ hasText: '拣货执行单' });
  await print.locator('.print-area').getByText('收货人签字').waitFor();
  await screenshot(page, 'orders-print');
  await print.locator('.ant-modal-close').click();
  await print.waitFor({ state: 'detached' });

  // 5. 签收 in full.
  await rowAction(row, '签收');
  const sign = page.locator('.ant-modal').filter({ hasText: '签收数量' });
  await sign.getByLabel(`${SKU} 实签数量`).waitFor();
  await sign.getByRole('button', { name: buttonName('确认签收') }).click();
  await sign.waitFor({ state: 'detached' });
  await row.locator('.ant-tag', { hasText: '已签收' }).waitFor();

  // 6. The drawer: lines, batches, print count and the history of every step.
  await row.getByRole('button', { name: /^SO\d+$/ }).click();
  const drawer = page.locator('.ant-drawer-section').filter({ hasText: '订单详情' });
  const history = historyOf(drawer);
  for (const step of ['创建', '审核通过', '发货', '打印', '签收']) {
    await history.getByText(step, { exact: true }).waitFor();
  }
  await drawer.getByText('发货单 1 · 执行单 0').waitFor();
  await drawer.getByText(proposed[0]).first().waitFor();
  await screenshot(page, 'orders-detail');
  await history.scrollIntoViewIfNeeded();
  await screenshot(page, 'orders-history');

  // Printing again counts again.
  await drawer.getByRole('button', { name: buttonName('打印') }).click();
  const reprint = page.locator('.ant-modal').filter({ hasText: '拣货执行单' });
  await reprint.locator('.print-area').getByText('收货人签字').waitFor();
  await reprint.locator('.ant-modal-close').click();
  await drawer.getByText('发货单 2 · 执行单 0').waitFor();

  // 7. 退货 of part of it: 1箱 of the 2箱3瓶 back, then 审核 and 入库 into the warehouse it left from.
  await drawer.getByRole('button', { name: buttonName('退货') }).click();
  const back = dialog(page, '退货');
  await back.getByText('2箱3瓶').first().waitFor();
  await back.getByLabel(`${SKU} 退回箱数`).fill('1');
  await back.getByRole('button', { name: buttonName('提交退单') }).click();
  await back.getByText('请选择退货原因').waitFor();
  await choose(selectOf(back, '退货原因'), '临期');
  await back.getByText('预计 ¥').waitFor();
  await screenshot(page, 'orders-return');
  await back.getByRole('button', { name: buttonName('提交退单') }).click();
  await toast(page, '退单已提交！');
  await back.waitFor({ state: 'detached' });
  const returns = drawer.locator('.ant-table').filter({ hasText: '退货 RT' });
  const returnRow = returns.locator('.ant-table-row').filter({ hasText: '退货 RT' });
  await returnRow.locator('.ant-tag', { hasText: '已提交' }).waitFor();

  await returnRow.getByRole('button', { name: buttonName('审核') }).click();
  const check = dialog(page, '审核退单');
  await check.getByRole('button', { name: buttonName('通过') }).click();
  await toast(page, '审核成功！');
  await returnRow.locator('.ant-tag', { hasText: '已审核' }).waitFor();

  await returnRow.getByRole('button', { name: buttonName('入库') }).click();
  const receive = dialog(page, '退货入库');
  await receive.getByText('可再售').waitFor();
  // The warehouse the order shipped from is proposed.
  await receive.getByText('佛山佳和主仓').waitFor();
  await screenshot(page, 'orders-return-receive');
  await receive.getByRole('button', { name: buttonName('确认入库') }).click();
  await toast(page, '入库成功！');
  await returnRow.locator('.ant-tag', { hasText: '已入库' }).waitFor();
  // The line says what came back (shipped / signed / returned), the history the return and its receipt.
  await drawer.getByText('51 / 51 / 24').waitFor();
  await history.getByText(/已入库/).waitFor();
  await returns.scrollIntoViewIfNeeded();
  await screenshot(page, 'orders-return-detail');

  // 8. 换货 of 3 more bottles, the same SKU handed over new (priced by the server).
  await drawer.getByRole('button', { name: buttonName('换货') }).click();
  const swap = dialog(page, '换货');
  await swap.getByText('1箱3瓶').first().waitFor();
  await swap.getByLabel(`${SKU} 退回瓶数`).fill('3');
  await swap.getByRole('button', { name: buttonName('同款换新') }).click();
  await swap.getByLabel('换出第 1 行瓶数').waitFor();
  await choose(selectOf(swap, '换货原因'), '临期换新');
  await screenshot(page, 'orders-swap');
  await swap.getByRole('button', { name: buttonName('提交换货单') }).click();
  await toast(page, '换货单已提交！');
  await swap.waitFor({ state: 'detached' });
  const swapRow = drawer.locator('.ant-table-row').filter({ hasText: '换货 HH' });
  await swapRow.locator('.ant-tag', { hasText: '已提交' }).waitFor();
  await swapRow.getByText(/差价 ¥/).waitFor();
  await swapRow.getByRole('button', { name: buttonName('审核') }).click();
  await dialog(page, '审核换货单')
    .getByRole('button', { name: buttonName('通过') })
    .click();
  await swapRow.locator('.ant-tag', { hasText: '已审核' }).waitFor();
  await swapRow.getByRole('button', { name: buttonName('执行换货') }).click();
  const execute = dialog(page, '执行换货');
  await execute.getByText('换出（换货出库，先到期先出）').waitFor();
  await execute.getByText('佛山佳和主仓').waitFor();
  await screenshot(page, 'orders-swap-execute');
  await execute.getByRole('button', { name: buttonName('确认换货') }).click();
  await toast(page, '换货完成！');
  await swapRow.locator('.ant-tag', { hasText: '已完成' }).waitFor();
  // The old bottles are back in: 24 + 3 returned.
  await drawer.getByText('51 / 51 / 27').waitFor();
});

test('取消 before the audit with its reason; 修改重提 of a rejected order with one more case', async () => {
  await openOrders();

  // 1. 取消 needs its reason; the order is 已取消 and its history says why.
  const cancelledNo = await placeOrder(page, '1', '0');
  const cancelledRow = rowOfOrder(page, cancelledNo);
  await rowAction(cancelledRow, '取消');
  const cancel = dialog(page, '取消订单');
  await cancel.getByRole('button', { name: buttonName('确认取消') }).click();
  await cancel.getByText('请填写取消原因!').waitFor();
  await cancel.getByPlaceholder('如：客户不需要了、下错单').fill('门店临时不要了');
  await screenshot(page, 'orders-cancel');
  await cancel.getByRole('button', { name: buttonName('确认取消') }).click();
  await cancel.waitFor({ state: 'detached' });
  await cancelledRow.locator('.ant-tag', { hasText: '已取消' }).waitFor();
  // A cancelled order is out of the audit.
  expect(await cancelledRow.getByRole('button', { name: buttonName('审核') }).count()).toBe(0);
  const cancelledDrawer = await openDrawer(page, cancelledRow);
  const cancelledHistory = historyOf(cancelledDrawer);
  await cancelledHistory.getByText('取消', { exact: true }).waitFor();
  await cancelledHistory.getByText('门店临时不要了').waitFor();
  await closeDrawer(cancelledDrawer);

  // 2. 审核驳回 with a reason, then 修改重提 with one more case: 待审核 again, priced again.
  const rejectedNo = await placeOrder(page, '2', '3');
  const rejectedRow = rowOfOrder(page, rejectedNo);
  const firstPayable = await payableOf(rejectedRow);
  expect(firstPayable).not.toBe('');
  await rowAction(rejectedRow, '审核');
  const audit = page.locator('.ant-modal').filter({ hasText: '审核订单' });
  await audit.getByText('信用检查').waitFor();
  await audit.getByPlaceholder('驳回原因').fill('数量不够起订量');
  await audit.getByRole('button', { name: buttonName('驳回') }).click();
  await audit.waitFor({ state: 'detached' });
  await rejectedRow.locator('.ant-tag', { hasText: '已驳回' }).waitFor();

  await rowAction(rejectedRow, '修改重提');
  const resubmit = dialog(page, '修改重提');
  await resubmit.getByText('驳回原因：数量不够起订量').waitFor();
  await resubmit.getByText(BUYER).first().waitFor();
  const cases = resubmit.getByLabel('第 1 行箱数');
  expect(await cases.inputValue()).toBe('2');
  expect(await resubmit.getByLabel('第 1 行瓶数').inputValue()).toBe('3');
  await cases.fill('3');
  await screenshot(page, 'orders-resubmit');
  await resubmit.getByRole('button', { name: buttonName('重新提交') }).click();
  await resubmit.waitFor({ state: 'detached' });
  await rejectedRow.locator('.ant-tag', { hasText: '待审核' }).waitFor();
  // The row is reloaded with its status and its amount at once.
  const newPayable = await payableOf(rejectedRow);
  expect(newPayable).not.toBe('');
  expect(newPayable).not.toBe(firstPayable);
  const drawer = await openDrawer(page, rejectedRow);
  const history = historyOf(drawer);
  for (const step of ['创建', '审核驳回', '修改重提']) {
    await history.getByText(step, { exact: true }).waitFor();
  }
  await drawer.getByText('3箱3瓶').first().waitFor();
  await screenshot(page, 'orders-resubmit-detail');
});

test('the list and the drawer on a tablet', async () => {
  // The signed orders of the buyer; a row shows its number, status and amount, the buyer in its detail.
  await openOrders(TABLET, `?status=SIGNED&customerName=${encodeURIComponent(BUYER)}`);
  const row = page.locator('.ant-table-row:visible').first();
  await row.locator('.ant-tag', { hasText: '已签收' }).waitFor();
  expect(await payableOf(row)).not.toBe('');
  expect(await row.getByText(BUYER).count()).toBe(0);
  await row.locator('.ant-table-row-expand-icon').click();
  await page.locator('.ant-table-expanded-row:visible').first().getByText(BUYER).waitFor();
  await screenshot(page, 'orders-list-tablet');
  await row.getByRole('button', { name: /^SO\d+$/ }).click();
  const drawer = page.locator('.ant-drawer-section').filter({ hasText: '订单详情' });
  await historyOf(drawer).getByText('签收', { exact: true }).waitFor();
  await screenshot(page, 'orders-detail-tablet');
});
