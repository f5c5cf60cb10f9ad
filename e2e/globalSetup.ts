import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromiumPath, SCREENSHOT_DIR } from './support/chromium';
import { E2E_SERVERS_ENV, startWorkerServers, type WorkerServer } from './support/server';

const ROOT = path.resolve(__dirname, '..');

declare global {
  var __E2E_SERVERS__: WorkerServer[] | undefined;
}

/**
 * Builds the SPA when stale, checks Chromium, and starts a server per Jest worker, each on its own copy of the
 * seeded database: PostgreSQL when TEST_DATABASE_URL is set (the tests may then read it, as E2E_DATABASE_URL),
 * otherwise the embedded database, as `npm start` does. jest.worker.ts points each worker's files at its server.
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  chromiumPath();
  execFileSync('bash', ['-c', 'source scripts/lib.sh && ensure_spa_build'], { cwd: ROOT, stdio: 'inherit' });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const servers = await startWorkerServers(Math.max(1, globalConfig.maxWorkers));
  globalThis.__E2E_SERVERS__ = servers;
  process.env[E2E_SERVERS_ENV] = JSON.stringify(
    servers.map(({ url, databaseUrl }) => ({ url, databaseUrl })),
  );
}
