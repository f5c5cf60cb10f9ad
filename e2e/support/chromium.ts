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

function watchCsp(context: BrowserContext): BrowserContext {
  context.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
      cspViolations.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
    }
  });
  return context;
}

/** Chromium; every context it opens reports CSP violations to takeCspViolations. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: ARGS });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => watchCsp(await newContext(options));
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

export const SCREENSHOT_DIR = path.join(ROOT, 'e2e/screenshots');

/** Waits for antd's enter/leave animations to settle (a half-faded modal says nothing), then saves the page. */
export async function screenshot(page: Page, name: string): Promise<Buffer> {
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
  return page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
