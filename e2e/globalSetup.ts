import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createPostgresTestDatabase, type PostgresTestDatabase } from '../server/__tests__/support/database';
import { chromiumPath, SCREENSHOT_DIR } from './support/chromium';
import { startServer, type RunningServer } from './support/server';

const ROOT = path.resolve(__dirname, '..');

declare global {
  var __E2E_SERVER__: RunningServer | undefined;
  var __E2E_DATABASE__: PostgresTestDatabase | undefined;
}

/**
 * Builds the SPA when stale, checks Chromium, and starts one server for every e2e file: on a fresh
 * PostgreSQL database when TEST_DATABASE_URL is set (the tests may then read it, as E2E_DATABASE_URL),
 * otherwise on the embedded database, as `npm start` does.
 */
export default async function globalSetup(): Promise<void> {
  chromiumPath();
  execFileSync('bash', ['-c', 'source scripts/lib.sh && ensure_spa_build'], { cwd: ROOT, stdio: 'inherit' });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const database = process.env.TEST_DATABASE_URL ? await createPostgresTestDatabase() : undefined;
  globalThis.__E2E_DATABASE__ = database;
  const server = await startServer(database ? { DATABASE_URL: database.url } : {});
  globalThis.__E2E_SERVER__ = server;
  process.env.E2E_BASE_URL = server.url;
  if (database) process.env.E2E_DATABASE_URL = database.url;
}
