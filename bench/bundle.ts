// Builds the SPA, then loads every fixed route in headless Chromium against the real server and reports
// what the browser fetched on first load (JS + CSS, raw and gzip -9), plus the size of every lazy chunk.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../e2e/support/chromium';
import { startServer } from '../e2e/support/server';
import { fixedRoutes, type AppRoute } from '../src/router/routes';
import { formatKb, printTable, ROOT, writeResult } from './report';

const DIST = path.join(ROOT, 'dist');

interface AssetSize {
  raw: number;
  gzip: number;
}

const sizeCache = new Map<string, AssetSize>();
function assetSize(relative: string): AssetSize {
  let size = sizeCache.get(relative);
  if (!size) {
    const content = readFileSync(path.join(DIST, relative));
    size = { raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
    sizeCache.set(relative, size);
  }
  return size;
}

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

export async function bundleBench(): Promise<void> {
  execFileSync('npx', ['webpack', '--mode', 'production', '--no-stats'], { cwd: ROOT, stdio: 'inherit' });
  const server = await startServer();
  const browser = await launchBrowser();
  const routes: Record<string, { files: string[] } & AssetSize> = {};
  try {
    for (const route of pageRoutes(fixedRoutes)) {
      const page = await browser.newPage();
      const files = new Set<string>();
      page.on('response', (response) => {
        const { pathname } = new URL(response.url());
        if (/\.(js|css)$/.test(pathname)) files.add(pathname.slice(1));
      });
      await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' });
      const sizes = [...files].map(assetSize);
      routes[route] = {
        files: [...files].sort(),
        raw: sizes.reduce((sum, s) => sum + s.raw, 0),
        gzip: sizes.reduce((sum, s) => sum + s.gzip, 0),
      };
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
  const chunks = listFiles(DIST)
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => ({ file, ...assetSize(file) }))
    .sort((a, b) => b.gzip - a.gzip);
  printTable(
    'Every JS/CSS file in dist/',
    ['file', 'raw', 'gzip'],
    chunks.map((c) => [c.file, formatKb(c.raw), formatKb(c.gzip)]),
  );
  writeResult('bundle', { routes, chunks });
}
