import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromiumPath, SCREENSHOT_DIR } from './support/chromium';
import {
  E2E_SEED_ENV,
  E2E_SERVERS_ENV,
  seedDatabase,
  startWorkerServers,
  type WorkerServer,
} from './support/server';

const ROOT = path.resolve(__dirname, '..');

declare global {
  var __E2E_SERVERS__: WorkerServer[] | undefined;
  var __E2E_SEED__: { drop: () => Promise<void> } | undefined;
}

/**
 * Builds the SPA when stale, checks Chromium, seeds a database once and starts a server per Jest worker, each on
 * its own copy of it: PostgreSQL when TEST_DATABASE_URL is set (the tests may then read it, as E2E_DATABASE_URL),
 * otherwise the embedded database, as `npm start` does. jest.worker.ts points each worker's files at its server.
 * The seed stays until globalTeardown.ts: a file that needs other settings starts a server of its own on a copy
 * (startSeededServer).
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  chromiumPath();
  execFileSync('bash', ['-c', 'source scripts/lib.sh && ensure_spa_build'], { cwd: ROOT, stdio: 'inherit' });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const seed = await seedDatabase();
  globalThis.__E2E_SEED__ = seed;
  process.env[E2E_SEED_ENV] = JSON.stringify({ dataDir: seed.dataDir, databaseName: seed.databaseName });
  globalThis.__E2E_SERVERS__ = await startWorkerServers(Math.max(1, globalConfig.maxWorkers), seed).catch(
    async (error: unknown) => {
      await seed.drop();
      throw error;
    },
  );
  const servers = globalThis.__E2E_SERVERS__;
  process.env[E2E_SERVERS_ENV] = JSON.stringify(
    servers.map(({ url, databaseUrl }) => ({ url, databaseUrl })),
  );
}
