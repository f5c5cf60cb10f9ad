import type { Browser, Page } from 'playwright-core';
import { choose } from './antd';
import { newPage, SHOWN_NOTICES_KEY, type SignedIn } from './chromium';
import { E2E_PASSWORD } from './server';

export const baseUrl = (): string => process.env.E2E_BASE_URL as string;

/**
 * Opens /user/login, the landing page, and its login modal: the header's 登录 button loads the app
 * (the landing page loads without it) and opens the modal.
 */
export async function openLoginModal(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/user/login`);
  await page.locator('.lp-header').getByRole('button', { name: '登录', exact: true }).click();
  await page.getByPlaceholder('用户名 / 邮箱').waitFor();
}

/** Opens the login modal from the landing page and submits the account/password tab. */
export async function loginWithPassword(
  page: Page,
  username: string,
  password = E2E_PASSWORD,
): Promise<void> {
  await openLoginModal(page);
  const modal = page.locator('.ant-modal').filter({ has: page.getByPlaceholder('用户名 / 邮箱') });
  await modal.getByPlaceholder('用户名 / 邮箱').fill(username);
  await modal.getByPlaceholder('密码').fill(password);
  await modal.getByRole('button', { name: /^登\s*录$/ }).click();
}

/** Signs `username` in through the landing page, choosing the department `depart` when asked, to the dashboard. */
export async function signInTo(page: Page, username: string, depart?: string): Promise<void> {
  await loginWithPassword(page, username);
  if (depart) {
    const picker = page.locator('.ant-modal').filter({ hasText: '登录部门选择' });
    await choose(picker.locator('.ant-select'), depart);
    await picker.getByRole('button', { name: /确\s*定|确\s*认/ }).click();
  }
  await page.waitForURL(`${baseUrl()}/dashboard/analysis`);
}

/**
 * Signs `username` in once, through the landing page's login modal, and answers the session it leaves in
 * the browser (the token in local storage): the tests of a file that are not about signing in open their
 * contexts with it (newPage's `signedIn`) and go straight to their page, without the landing page, the
 * login and the dashboard each time.
 */
export async function signedInState(
  browser: Browser,
  username: string,
  /** Where the sign-in lands: 首页, or a production-system user's first 维修服务 page. */
  landing = '/dashboard/analysis',
): Promise<SignedIn> {
  const { context, page, errors } = await newPage(browser);
  try {
    await loginWithPassword(page, username);
    await page.waitForURL(`${baseUrl()}${landing}`);
    if (errors.length) throw new Error(`signing ${username} in: ${errors.join('; ')}`);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * Waits until the tab has shown a notification containing `text`, even one that closed again before this
 * looked (launchBrowser records them); answers the texts of all the notifications the tab showed.
 */
export async function noticeShown(page: Page, text: string): Promise<string> {
  const record = await page.waitForFunction(
    ([key, wanted]) => {
      const shown: string[] = JSON.parse(sessionStorage.getItem(key) ?? '[]');
      return shown.some((notice) => notice.includes(wanted)) && shown.join('\n');
    },
    [SHOWN_NOTICES_KEY, text] as const,
  );
  return (await record.jsonValue()) as string;
}

/** The text of the notification boxes currently shown (antd notification). */
export async function notices(page: Page): Promise<string> {
  return (await page.locator('.ant-notification-notice').allInnerTexts()).join('\n');
}

export async function storedValue(page: Page, key: string): Promise<unknown> {
  return page.evaluate((name) => {
    const raw = localStorage.getItem(`pro__${name}`);
    return raw ? JSON.parse(raw).value : null;
  }, key);
}

/** Reads the API as the signed-in user of `page` (a test's own arrangements or oracle, never what it checks). */
export async function apiGet<T>(page: Page, url: string): Promise<T> {
  const token = String(await storedValue(page, 'Access-Token'));
  return page.evaluate(
    async ({ url, token }) => {
      const answer = await (await fetch(`/api${url}`, { headers: { 'X-Access-Token': token } })).json();
      if (!answer.success) throw new Error(answer.message);
      return answer.result;
    },
    { url, token },
  );
}
