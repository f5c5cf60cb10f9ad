// The back-office shell in Chromium against the real server: what a signed-in user downloads when the
// shell opens (JS + CSS, gzip -9; against SHELL_TARGET_GZIP, which the e2e test holds it to), what each lazy page adds
// to it (against PAGE_BUDGET_GZIP, or the page's ceiling among PAGE_BUDGET_EXCEPTIONS: the target is met by the page
// or not; the bundle budget e2e test fails past the ceiling), and how long a menu click takes until the page is
// interactive (its content shown, no loading spinner, the main thread through one frame).
import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { DESKTOP, launchBrowser } from '../e2e/support/chromium';
import { E2E_PASSWORD, startServer } from '../e2e/support/server';
import { loginWithPassword } from '../e2e/support/signIn';
import {
  formatKb,
  openShell,
  PAGE_BUDGET_EXCEPTIONS,
  PAGE_BUDGET_GZIP,
  pageBudget,
  pageWeights,
  recordAssets,
  SHELL_TARGET_GZIP,
  weigh,
} from '../e2e/support/bundleWeight';
import { printTable, ROOT, writeResult } from './report';

const HOME = '/dashboard/analysis';
/** Each menu page is opened this many times (a fresh page each round) for the median. */
const ROUNDS = 3;

async function signIn(page: Page, baseUrl: string): Promise<void> {
  // The landing page's header opens the login modal (e2e/support/signIn.ts reads the address from the env).
  process.env.E2E_BASE_URL = baseUrl;
  await loginWithPassword(page, 'admin', E2E_PASSWORD);
  await page.waitForURL(`${baseUrl}${HOME}`);
}

/** The side menu's leaf entries (every level opened), by title and path. */
async function menuEntries(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: '侧边菜单' });
  for (const submenu of await menu
    .locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title')
    .all()) {
    await submenu.click();
  }
  return menu.locator('.ant-menu-item .ant-menu-title-content').allInnerTexts();
}

/** Milliseconds from clicking the entry to its page being interactive, measured in the page. */
function clickToInteractive(page: Page, title: string): Promise<number> {
  return page.evaluate(async (entryTitle) => {
    const entry = Array.from(
      document.querySelectorAll<HTMLElement>('nav .ant-menu-item .ant-menu-title-content'),
    ).find((node) => node.textContent === entryTitle);
    if (!entry) throw new Error(`no menu entry ${entryTitle}`);
    const before = location.pathname;
    const start = performance.now();
    entry.click();
    await new Promise<void>((resolve, reject) => {
      const deadline = start + 30000;
      const check = () => {
        const shown = Array.from(document.querySelectorAll<HTMLElement>('.basic-page')).find((pane) =>
          pane.checkVisibility(),
        );
        const ready =
          location.pathname !== before &&
          shown &&
          shown.innerText.trim() !== '' &&
          !shown.querySelector('.ant-spin-spinning, .ant-skeleton-active');
        if (ready) resolve();
        else if (performance.now() > deadline) reject(new Error(`${entryTitle} not interactive in 30 s`));
        else requestAnimationFrame(check);
      };
      check();
    });
    // One more frame and a macrotask: the page's own effects have run.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - start;
  }, title);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function shellBench(): Promise<void> {
  execFileSync('bash', ['-c', 'source scripts/lib.sh && ensure_spa_build'], { cwd: ROOT, stdio: 'inherit' });
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    // Sign in once; the stored session opens the shell in a fresh browser context (empty cache).
    const loginContext = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    const loginPage = await loginContext.newPage();
    await signIn(loginPage, server.url);
    const storageState = await loginContext.storageState();
    await loginContext.close();

    const timings = new Map<string, number[]>();
    let firstLoad: { files: string[]; raw: number; gzip: number } | undefined;
    for (let round = 0; round < ROUNDS; round += 1) {
      const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN', storageState });
      const page = await context.newPage();
      // tsx (esbuild) wraps named functions in __name(); the page has no such helper.
      await page.addInitScript('window.__name = (fn) => fn');
      const files = recordAssets(page);
      await openShell(page, `${server.url}${HOME}`);
      if (!firstLoad) {
        firstLoad = { files: [...files].sort(), ...weigh(files) };
      }
      const entries = (await menuEntries(page)).filter((title) => title !== '首页');
      // Every page once, then back to the home page (a visit to an already loaded chunk).
      for (const title of [...entries, '首页']) {
        const ms = await clickToInteractive(page, title);
        timings.set(title, [...(timings.get(title) ?? []), ms]);
      }
      await context.close();
    }
    if (!firstLoad) throw new Error('the shell did not load');

    printTable(
      'Shell first load after login (JS + CSS)',
      ['route', 'raw', 'gzip', 'files', 'target'],
      [
        [
          HOME,
          formatKb(firstLoad.raw),
          formatKb(firstLoad.gzip),
          String(firstLoad.files.length),
          `≤ ${formatKb(SHELL_TARGET_GZIP)}`,
        ],
      ],
    );
    const pages = pageWeights(firstLoad.files);
    printTable(
      `What each lazy chunk group adds to the shell (JS + CSS, gzip; budget ${formatKb(PAGE_BUDGET_GZIP)})`,
      ['group', 'raw', 'gzip', 'files', 'within', 'ceiling'],
      pages.map((group) => [
        group.name,
        formatKb(group.raw),
        formatKb(group.gzip),
        String(group.files.length),
        group.gzip <= PAGE_BUDGET_GZIP ? 'yes' : 'NO',
        PAGE_BUDGET_EXCEPTIONS[group.name] ? formatKb(pageBudget(group.name)) : '',
      ]),
    );
    const clicks = [...timings].map(([title, values]) => ({
      title,
      medianMs: Math.round(median(values)),
      runsMs: values.map(Math.round),
    }));
    printTable(
      `Menu click → page interactive (Chromium, median of ${ROUNDS})`,
      ['entry', 'median', 'runs'],
      clicks.map((click) => [click.title, `${click.medianMs} ms`, click.runsMs.join(' / ')]),
    );
    writeResult('shell', {
      firstLoad: {
        ...firstLoad,
        targetGzip: SHELL_TARGET_GZIP,
        withinTarget: firstLoad.gzip <= SHELL_TARGET_GZIP,
      },
      pages,
      menuClickToInteractive: clicks,
    });
  } finally {
    await browser.close();
    await server.stop();
  }
}
