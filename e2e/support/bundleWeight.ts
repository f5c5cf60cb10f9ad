// What the browser downloads, weighed as it travels (gzip -9): the budgets of issue #23 (target 5), the size of a
// built file, the JS and CSS a page fetched, and what each lazy page adds to the shell. Shared by the bundle
// budget test (e2e/bundleBudget.e2e.ts) and `npm run bench bundle|shell`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

export const DIST = path.resolve(__dirname, '../../dist');

/** Issue #23's target for the shell after login (landing + app + dashboard), JS + CSS. Not met yet. */
export const SHELL_TARGET_GZIP = 400 * 1024;
/**
 * What the shell may weigh until the target is met: its weight on 2026-11-27 (797 KB: antd 6 and moment, React,
 * the store and sagas, and the dashboard's table, date picker and echarts) and about 5 % more, so the test fails
 * when the shell grows, not when it shrinks toward the target.
 */
export const SHELL_BUDGET_GZIP = 840 * 1024;
/** What opening one page adds to the shell: its chunk and the vendor chunks split off for it. */
export const PAGE_BUDGET_GZIP = 150 * 1024;

export interface Weight {
  raw: number;
  gzip: number;
}

const sizes = new Map<string, Weight>();
/** A file of dist/ (path relative to it), raw and gzip -9. */
export function assetSize(file: string): Weight {
  let size = sizes.get(file);
  if (!size) {
    const content = readFileSync(path.join(DIST, file));
    size = { raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
    sizes.set(file, size);
  }
  return size;
}

export function weigh(files: Iterable<string>): Weight {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const size = assetSize(file);
    raw += size.raw;
    gzip += size.gzip;
  }
  return { raw, gzip };
}

/** The JS and CSS files (relative to dist/) the page fetches from now on. */
export function recordAssets(page: Page): Set<string> {
  const files = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (/\.(js|css)$/.test(pathname)) files.add(pathname.slice(1));
  });
  return files;
}

/**
 * Opens the home dashboard at `url` and waits until the shell is complete: the side menu shown and the trend
 * chart, which loads after the dashboard's figures, drawn.
 */
export async function openShell(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('navigation', { name: '侧边菜单' }).waitFor();
  await page.getByRole('img', { name: '销售趋势图' }).locator('svg').waitFor();
  await page.waitForLoadState('networkidle');
}

export interface PageWeight extends Weight {
  /** The chunk group's name (the webpackChunkName of its import()). */
  name: string;
  /** Its files that the shell has not loaded already. */
  files: string[];
}

/**
 * Each lazy chunk group of the build (written by webpack.config.ts's ChunkGroupsManifest as
 * dist/chunk-groups.json) with what it adds to `shellFiles`, heaviest first. The entry itself is the shell.
 */
export function pageWeights(shellFiles: Iterable<string>): PageWeight[] {
  const manifest = path.join(DIST, 'chunk-groups.json');
  if (!existsSync(manifest)) throw new Error(`${manifest} is missing: build the SPA (npm run build)`);
  const groups = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string[]>;
  const shell = new Set(shellFiles);
  return Object.entries(groups)
    .filter(([name]) => name !== 'main')
    .map(([name, files]) => {
      const added = files.filter((file) => !shell.has(file));
      return { name, files: added, ...weigh(added) };
    })
    .sort((a, b) => b.gzip - a.gzip);
}

export const formatKb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
