import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const ROOT = path.resolve(__dirname, '../..');

/** Debian's Chromium (or CHROME_PATH); installed by scripts/ensure-chromium.sh when missing and allowed. */
export function chromiumPath(): string {
  const candidate = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(candidate)) {
    execFileSync('bash', [path.join(ROOT, 'scripts/ensure-chromium.sh')], { stdio: 'inherit' });
  }
  if (!existsSync(candidate)) {
    throw new Error(`Chromium not found at ${candidate}: install Debian's chromium or set CHROME_PATH.`);
  }
  return candidate;
}

// Without the background-networking flags Chromium keeps dialling out on this closed network.
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** What Chromium reported as blocked by the server's Content Security Policy, since the last take. */
const cspViolations: string[] = [];

/** The CSP violations reported since the last call (e2e/jest.csp.ts fails the test on any). */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/** Files of the site (not API answers) the server refused, since the last take. */
const failedFiles: string[] = [];

/** The site's files the pages failed to load since the last call (e2e/jest.csp.ts fails the test on any). */
export function takeFailedFiles(): string[] {
  return failedFiles.splice(0);
}

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * Whether a console error is Chromium's "Failed to load resource: the server responded with a status of …"
 * for a file of the page's own site: a missing asset, chunk or the favicon (which Chromium fetches on every
 * page without telling the page's response events). API answers with an error status are the API's business.
 */
function isFailedSiteFile(text: string, resourceUrl: string, pageUrl: string): boolean {
  if (!text.startsWith('Failed to load resource: the server responded with a status of')) return false;
  try {
    const resource = new URL(resourceUrl);
    return (
      resource.origin === new URL(pageUrl).origin &&
      !isUnder(resource.pathname, '/api') &&
      !isUnder(resource.pathname, '/websocket')
    );
  } catch {
    return false;
  }
}

function watchConsole(context: BrowserContext): BrowserContext {
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    const pageUrl = message.page()?.url() ?? '';
    if (message.text().includes('Content Security Policy')) {
      cspViolations.push(`${pageUrl}: ${message.text()}`);
    } else if (isFailedSiteFile(message.text(), message.location().url, pageUrl)) {
      failedFiles.push(`${pageUrl}: ${message.location().url}: ${message.text()}`);
    }
  });
  return context;
}

/** Where the pages of a tab keep the text of every notification they showed (see recordNotices). */
export const SHOWN_NOTICES_KEY = 'e2e:shownNotices';

/**
 * Runs in every page: keeps the text of each antd notification shown, in the tab's session storage (it
 * outlives the tab's same-origin navigations). A notice closes itself after a few seconds, which a loaded
 * machine can spend before a test looks; the record lets the test still see that it was shown.
 */
function recordNotices(key: string) {
  const shown = document.getElementsByClassName('ant-notification-notice');
  new MutationObserver(() => {
    if (!shown.length) return;
    const record: string[] = JSON.parse(sessionStorage.getItem(key) ?? '[]');
    let added = false;
    for (const notice of Array.from(shown)) {
      const text = (notice as HTMLElement).innerText;
      if (text && !record.includes(text)) added = Boolean(record.push(text));
    }
    if (added) sessionStorage.setItem(key, JSON.stringify(record));
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * Chromium; every context it opens reports CSP violations and the site's files that failed to load, and
 * records the notifications its pages show.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: ARGS });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = watchConsole(await newContext(options));
    await context.addInitScript(recordNotices, SHOWN_NOTICES_KEY);
    return context;
  };
  return browser;
}

export const DESKTOP = { width: 1440, height: 900 };
export const TABLET = { width: 768, height: 1024 };

/** The cookies and local storage of a signed-in context (BrowserContext.storageState). */
export type SignedIn = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A new context and page; with `signedIn`, it starts with that session (see signedInState in signIn.ts). */
export async function newPage(
  browser: Browser,
  viewport = DESKTOP,
  signedIn?: SignedIn,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    storageState: signedIn,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * A phone's context and page (a touch screen of 390×844) signed in as `signedIn` (without it, no session: the
 * web mall signs its buyers in itself), its position granted at `position` when given (WGS-84, as a phone
 * reports it).
 */
export async function newPhonePage(
  browser: Browser,
  signedIn?: SignedIn,
  position?: { longitude: number; latitude: number },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    storageState: signedIn,
    ...(position && { geolocation: { ...position, accuracy: 15 }, permissions: ['geolocation'] }),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

export const SCREENSHOT_DIR = path.join(ROOT, 'e2e/screenshots');

/** Whether pictures are saved: for people looking at the pages, so not in CI unless E2E_SCREENSHOTS=1 asks. */
const SAVE_SCREENSHOTS = process.env.CI !== 'true' || process.env.E2E_SCREENSHOTS === '1';

/**
 * Waits for antd's enter/leave animations to settle (a half-faded modal says nothing), then saves the page. The
 * wait stays in CI, where no picture is saved: tests go on from a settled page either way.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page
    .waitForFunction(
      () =>
        !document.querySelector(
          '[class*="-enter-active"], [class*="-appear-active"], [class*="-leave-active"]',
        ),
      null,
      { timeout: 3000 },
    )
    .catch(() => undefined); // a looping animation must not fail the test: the picture is for people
  if (SAVE_SCREENSHOTS)
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
