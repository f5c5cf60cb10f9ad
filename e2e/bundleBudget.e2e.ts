// The download budgets of issue #23 (target 5), against the build CI tests: the shell after login (landing,
// app and dashboard, as a signed-in user's fresh browser fetches it) stays within SHELL_BUDGET_GZIP (the target),
// and no lazy page adds more than PAGE_BUDGET_GZIP to it, but for the PAGE_BUDGET_EXCEPTIONS, each within its own
// ceiling.
// `npm run bench shell` prints the same weights against the target.
import type { Browser } from 'playwright-core';
import {
  formatKb,
  openShell,
  PAGE_BUDGET_EXCEPTIONS,
  PAGE_BUDGET_GZIP,
  pageBudget,
  pageWeights,
  recordAssets,
  SHELL_BUDGET_GZIP,
  weigh,
} from './support/bundleWeight';
import { launchBrowser, newPage } from './support/chromium';
import { baseUrl, signedInState } from './support/signIn';

let browser: Browser;
let shellFiles: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await signedInState(browser, 'admin');
  // A fresh context (empty cache) holding the session: what a signed-in user downloads to see the shell.
  const { context, page, errors } = await newPage(browser, undefined, admin);
  const files = recordAssets(page);
  await openShell(page, `${baseUrl()}/dashboard/analysis`);
  await context.close();
  expect(errors).toEqual([]);
  shellFiles = [...files];
});
afterAll(async () => {
  await browser.close();
});

test(`the shell after login weighs at most ${formatKb(SHELL_BUDGET_GZIP)} gzip`, () => {
  expect(shellFiles.some((file) => file.endsWith('.js'))).toBe(true);
  expect(weigh(shellFiles).gzip).toBeLessThanOrEqual(SHELL_BUDGET_GZIP);
});

test(`no lazy page adds more than ${formatKb(PAGE_BUDGET_GZIP)} gzip to the shell, or its exception's ceiling`, () => {
  const pages = pageWeights(shellFiles);
  // The manifest names the pages of the route table, so an empty or foreign manifest cannot pass.
  expect(pages.map((group) => group.name)).toEqual(expect.arrayContaining(['user-layout', 'exception-404']));
  // An exception names a page of this build: a renamed or removed page does not leave a blank cheque behind.
  expect(pages.map((group) => group.name)).toEqual(
    expect.arrayContaining(Object.keys(PAGE_BUDGET_EXCEPTIONS)),
  );
  const over = pages
    .filter((group) => group.gzip > pageBudget(group.name))
    .map(
      (group) =>
        `${group.name} ${formatKb(group.gzip)} > ${formatKb(pageBudget(group.name))}: ${group.files.join(' ')}`,
    );
  expect(over).toEqual([]);
});
