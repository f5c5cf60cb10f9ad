// An administrator writes and releases an announcement for one user in one browser; it arrives in that
// user's other browser as a bottom-right push notice and in the bell; opening it marks it read.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, TABLET } from './support/chromium';
import { E2E_PASSWORD } from './support/server';
import { baseUrl, loginWithPassword } from './support/signIn';

let browser: Browser;
const contexts: BrowserContext[] = [];
const errors: string[][] = [];

async function signedIn(username: string, viewport?: typeof TABLET): Promise<Page> {
  const opened = await newPage(browser, viewport);
  contexts.push(opened.context);
  errors.push(opened.errors);
  await loginWithPassword(opened.page, username);
  await opened.page.waitForURL(`${baseUrl()}/dashboard/analysis`);
  return opened.page;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser.close();
  expect(errors.flat()).toEqual([]);
});

/** The bell's unread count (0 when it shows none). */
const bellCount = (page: Page) =>
  page.evaluate(() => Number(document.querySelector('.notice-bell sup')?.getAttribute('title') ?? 0));

/** Waits until the bell shows `count` unread. */
const bellShows = (page: Page, count: number) =>
  page.waitForFunction(
    (expected) => Number(document.querySelector('.notice-bell sup')?.getAttribute('title') ?? 0) === expected,
    count,
  );

test('a released announcement reaches the targeted user as a push and in the bell; opening it marks it read', async () => {
  const title = `仓库盘点通知 ${Date.now()}`;
  // The user first, so their socket is open before the release.
  const user = await signedIn('liuyang');
  const socketOpened = user.waitForEvent('websocket', (socket) => socket.url().includes('/websocket/'));
  const firstLoad = user.waitForResponse((response) =>
    response.url().includes('/sys/annountCement/listByUser'),
  );
  await user.reload();
  await socketOpened;
  await firstLoad;
  await user.locator('.notice-bell').waitFor();
  // The seeded welcome notice may still be unread.
  const unreadBefore = await bellCount(user);

  const admin = await signedIn('admin');
  await admin.goto(`${baseUrl()}/isystem/annountCement`);
  await admin.getByRole('button', { name: /新\s*增/ }).click();
  const form = admin.locator('.ant-modal').filter({ hasText: '新增公告' });
  await form.getByPlaceholder('请输入标题').fill(title);
  await form.getByText('紧急').click();
  await form.getByText('指定用户', { exact: true }).click();
  await form.getByRole('combobox', { name: '指定用户' }).fill('刘');
  await admin.locator('.ant-select-item-option').filter({ hasText: '刘洋（liuyang）' }).click();
  const body = form.locator('.tiptap');
  await body.click();
  await body.pressSequentially('本周五下午盘点，请各办事处准备库存表。');
  await form.getByRole('button', { name: '加粗' }).click();
  await body.pressSequentially('务必按时提交');
  await screenshot(admin, 'notices-admin-form');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await admin.locator('.ant-message').getByText('添加成功！').waitFor();

  const row = admin.locator('.ant-table-row').filter({ hasText: title });
  await row.getByText('未发布').waitFor();
  await row.getByRole('button', { name: /发\s*布/ }).click();
  await admin
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /发\s*布/ })
    .click();
  await admin.locator('.ant-message').getByText('该系统通知发布成功').waitFor();
  await row.getByText('已发布').waitFor();
  await screenshot(admin, 'notices-admin-list');

  // The push: a bottom-right notice in the user's browser, and the bell counts it.
  const push = user
    .locator('.ant-notification-bottomRight .ant-notification-notice')
    .filter({ hasText: title });
  await push.waitFor({ timeout: 15_000 });
  await bellShows(user, unreadBefore + 1);
  await user.locator('.notice-bell').click();
  await user.locator('.ant-popover').getByText(title).waitFor();
  await screenshot(user, 'notices-user-push-and-bell');
  await user.locator('.notice-bell').click();

  // 查看详情: the announcement in the modal, with the body as written (bold kept, no script).
  await push.getByRole('button', { name: '查看详情' }).click();
  const modal = user.locator('.announcement-modal');
  await modal.getByText(title).waitFor();
  await modal.getByText('发布人：admin').waitFor();
  expect(await modal.locator('.announcement-content strong').innerText()).toBe('务必按时提交');
  await screenshot(user, 'notices-user-detail');
  await modal.getByRole('button', { name: '全屏' }).click();
  await user.waitForFunction(
    () => (document.querySelector('.announcement-modal') as HTMLElement | null)?.style.width === '100%',
  );
  await modal.getByRole('button', { name: /^关\s闭$/ }).click();

  // Read: the bell has no count left, and the message page says 已读.
  await bellShows(user, unreadBefore);
  await user.goto(`${baseUrl()}/isps/userAnnouncement`);
  const mine = user.locator('.ant-table-row').filter({ hasText: title });
  await mine.getByText('已读').waitFor();
  await screenshot(user, 'notices-user-messages');
});

/** Calls the API as the administrator would, without a browser. */
async function adminApi(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token && { 'x-access-token': init.token }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return (await response.json()) as { success: boolean; result: unknown; message: string };
}

test('on a tablet, a release to everyone arrives as a push and in the bell', async () => {
  const title = `全员安全提示 ${Date.now()}`;
  const user = await signedIn('liuyang', TABLET);
  const socketOpened = user.waitForEvent('websocket', (socket) => socket.url().includes('/websocket/'));
  await user.reload();
  await socketOpened;

  const login = await adminApi('/sys/login', {
    method: 'POST',
    body: { username: 'admin', password: E2E_PASSWORD },
  });
  const token = (login.result as { token: string }).token;
  const added = await adminApi('/sys/annountCement/add', {
    method: 'POST',
    token,
    body: {
      titile: title,
      msgContent: '<p>雨天路滑，注意安全。</p>',
      priority: 'M',
      msgCategory: '2',
      msgType: 'ALL',
    },
  });
  expect(
    (await adminApi(`/sys/annountCement/doReleaseData?id=${added.result as string}`, { token })).success,
  ).toBe(true);

  await user
    .locator('.ant-notification-bottomRight .ant-notification-notice')
    .filter({ hasText: title })
    .waitFor();
  await user.locator('.notice-bell').click();
  await user
    .locator('.ant-popover')
    .getByText(/系统消息\(\d+\)/)
    .click();
  await user.locator('.ant-popover').getByText(title).waitFor();
  await screenshot(user, 'notices-tablet-push-and-bell');
});
