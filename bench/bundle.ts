// Builds the SPA, then loads every fixed route in headless Chromium against the real server and reports
// what the browser fetched on first load (JS + CSS, raw and gzip -9), plus the size of every lazy chunk.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { assetSize, DIST, formatKb, recordAssets, weigh, type Weight } from '../e2e/support/bundleWeight';
import { launchBrowser } from '../e2e/support/chromium';
import { startServer } from '../e2e/support/server';
import { fixedRoutes, type AppRoute } from '../src/router/routes';
import { printTable, ROOT, writeResult } from './report';

/** Paths of the fixed routes that render a page (redirects and the catch-all excluded). */
function pageRoutes(routes: AppRoute[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const full = route.path.startsWith('/') ? route.path : `${parent}/${route.path}`;
    const own = route.component && !route.path.includes('*') && !route.path.includes(':') ? [full] : [];
    return [...own, ...pageRoutes(route.children ?? [], full)];
  });
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [path.relative(DIST, full)];
  });
}

const LANDING_PATH = '/user/login';
/** First loads without a token that must weigh no more than the landing page's: the site root, a deep link. */
const TOKENLESS_PATHS = ['/', '/isystem/user?tab=2'];
/** COMPASS's budget for the landing page's first load (JS + CSS, gzip). */
const LANDING_BUDGET_BYTES = 200 * 1024;
const LANDING_RUNS = 3;
/** Chunks of the app (store, antd, router, back office): none may load with the landing page. */
const APP_CHUNK = /(^|\/)(app|login-modal|basic-layout|user-layout|user-login)\.[0-9a-f]+\.chunk\.(js|css)$/;

const IPHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  isMobile: true,
  hasTouch: true,
};

interface LandingRun {
  files: string[];
  lcpMs: number;
  lcpElement: string;
}

/** One cold visit of the landing page: the JS/CSS it fetched and its largest contentful paint. */
async function visitLanding(
  browser: Browser,
  url: string,
  options: BrowserContextOptions,
): Promise<LandingRun> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const files = recordAssets(page);
  await page.goto(url, { waitUntil: 'networkidle' });
  const lcp = await page.evaluate(
    () =>
      new Promise<{ lcpMs: number; lcpElement: string }>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as PerformanceEntry & {
            element?: Element | null;
            url?: string;
          };
          const element = last.element;
          resolve({
            lcpMs: last.startTime,
            lcpElement: element
              ? `${element.tagName.toLowerCase()}${last.url ? ` ${new URL(last.url).pathname}` : ''}`
              : '?',
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  return { files: [...files].sort(), ...lcp };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The landing page on desktop and on an iPhone: first load against the budget, app chunks, LCP. */
async function landingBench(browser: Browser, baseUrl: string) {
  const variants: Record<string, BrowserContextOptions> = {
    desktop: { viewport: { width: 1440, height: 900 } },
    iPhone: IPHONE,
  };
  const results: Record<
    string,
    { gzip: number; raw: number; files: string[]; appChunks: string[]; lcpMs: number; lcpElement: string }
  > = {};
  for (const [name, options] of Object.entries(variants)) {
    const runs: LandingRun[] = [];
    for (let i = 0; i < LANDING_RUNS; i += 1)
      runs.push(await visitLanding(browser, `${baseUrl}${LANDING_PATH}`, options));
    const { files } = runs[0];
    results[name] = {
      files,
      ...weigh(files),
      appChunks: files.filter((file) => APP_CHUNK.test(file)),
      lcpMs: Math.round(median(runs.map((run) => run.lcpMs))),
      lcpElement: runs[0].lcpElement,
    };
  }
  printTable(
    `Landing page ${LANDING_PATH} (budget ${formatKb(LANDING_BUDGET_BYTES)} gzip, no app chunk; LCP median of ${LANDING_RUNS})`,
    ['variant', 'raw', 'gzip', 'budget', 'app chunks', 'LCP', 'LCP element'],
    Object.entries(results).map(([name, r]) => [
      name,
      formatKb(r.raw),
      formatKb(r.gzip),
      r.gzip <= LANDING_BUDGET_BYTES ? 'met' : 'MISSED',
      r.appChunks.length ? r.appChunks.join(' ') : 'none',
      `${r.lcpMs} ms`,
      r.lcpElement,
    ]),
  );
  printTable(
    'What the landing page loads (desktop)',
    ['file', 'raw', 'gzip'],
    results.desktop.files.map((file) => [
      file,
      formatKb(assetSize(file).raw),
      formatKb(assetSize(file).gzip),
    ]),
  );
  return results;
}

export async function bundleBench(): Promise<void> {
  execFileSync('npx', ['webpack', '--mode', 'production', '--no-stats'], { cwd: ROOT, stdio: 'inherit' });
  const server = await startServer();
  const browser = await launchBrowser();
  const routes: Record<string, { files: string[] } & Weight> = {};
  let landing: Awaited<ReturnType<typeof landingBench>>;
  try {
    landing = await landingBench(browser, server.url);
    // The site root and a deep link without a token join the routes: issue #15 holds them to /user/login's weight.
    for (const route of [...TOKENLESS_PATHS, ...pageRoutes(fixedRoutes)]) {
      const page = await browser.newPage();
      const files = recordAssets(page);
      await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' });
      routes[route] = { files: [...files].sort(), ...weigh(files) };
      await page.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  printTable(
    'First load per route (JS + CSS)',
    ['route', 'raw', 'gzip', 'files'],
    Object.entries(routes).map(([route, r]) => [
      route,
      formatKb(r.raw),
      formatKb(r.gzip),
      String(r.files.length),
    ]),
  );
  const loginWeight = routes[LANDING_PATH].gzip;
  printTable(
    `First load without a token against ${LANDING_PATH}'s (${formatKb(loginWeight)} gzip)`,
    ['path', 'gzip', 'app chunks', 'at most the login page'],
    [...TOKENLESS_PATHS, LANDING_PATH].map((route) => [
      route,
      formatKb(routes[route].gzip),
      routes[route].files.filter((file) => APP_CHUNK.test(file)).join(' ') || 'none',
      routes[route].gzip <= loginWeight ? 'yes' : 'NO',
    ]),
  );
  const chunks = listFiles(DIST)
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => ({ file, ...assetSize(file) }))
    .sort((a, b) => b.gzip - a.gzip);
  printTable(
    'Every JS/CSS file in dist/',
    ['file', 'raw', 'gzip'],
    chunks.map((c) => [c.file, formatKb(c.raw), formatKb(c.gzip)]),
  );
  writeResult('bundle', { landing, routes, chunks });
}
