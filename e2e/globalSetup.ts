import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromiumPath, SCREENSHOT_DIR } from './support/chromium';
import { startServer, type RunningServer } from './support/server';

const ROOT = path.resolve(__dirname, '..');

declare global {
  var __E2E_SERVER__: RunningServer | undefined;
}

/** Builds the SPA when stale, checks Chromium, and starts one server for every e2e file. */
export default async function globalSetup(): Promise<void> {
  chromiumPath();
  execFileSync('bash', ['-c', 'source scripts/lib.sh && ensure_spa_build'], { cwd: ROOT, stdio: 'inherit' });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const server = await startServer();
  globalThis.__E2E_SERVER__ = server;
  process.env.E2E_BASE_URL = server.url;
}
