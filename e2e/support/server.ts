import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createPostgresTestDatabase } from '../../server/__tests__/support/database';

const ROOT = path.resolve(__dirname, '../..');

export const E2E_PASSWORD = 'E2e-Passw0rd!';

/** The servers of the Jest workers, `[{ url, databaseUrl }]` in JSON, set by globalSetup.ts. */
export const E2E_SERVERS_ENV = 'E2E_SERVERS';

export interface RunningServer {
  url: string;
  process: ChildProcess;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Generous: the workers' servers start together, on two cores that run other work too. */
const HEALTH_TIMEOUT_MS = 180_000;

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become healthy within ${HEALTH_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/**
 * Starts the server exactly as `npm start` does after its build step: on a fresh embedded database, or on the
 * given data folder (which its stop() then removes), or on DATABASE_URL when `env` has one.
 */
export async function startServer(
  env: Record<string, string> = {},
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-data-')),
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: E2E_PASSWORD,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // The whole suite signs in from one address: the per-address throttles would take it for one sprayer.
      // Per user name and per target they stay as in production.
      LOGIN_CAPTCHA_AFTER_FAILURES_PER_IP: '100000',
      LOGIN_MAX_FAILURES_PER_IP: '100000',
      ACCOUNT_LOOKUPS_PER_IP: '100000',
      // Opening a PostgreSQL connection has taken seconds on CI's two busy cores: a page waits, not a 503.
      DATABASE_CONNECT_TIMEOUT_MS: '30000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const url = `http://127.0.0.1:${port}`;
  const output = () => log;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, process: child, dataDir, output, stop };
}

/** A server of one Jest worker, or of one file (startSeededServer), on a database of its own. */
export interface WorkerServer extends RunningServer {
  /** PostgreSQL only: the URL of the server's database (tests may read it). */
  databaseUrl?: string;
}

/** The seeded database every copy is made from, kept by globalSetup.ts until the run ends. */
export interface Seed {
  /** The embedded database's seeded data folder. */
  dataDir: string;
  /** PostgreSQL only: the seeded database, the template of the copies. */
  databaseName?: string;
}

/** Where the run's seed is, `Seed` in JSON, set by globalSetup.ts for the files that start a server of their own. */
export const E2E_SEED_ENV = 'E2E_SEED';

/**
 * Seeds a database as `npm start` does, by a server started and stopped on it: PostgreSQL when
 * TEST_DATABASE_URL is set, else an embedded database's folder. `drop` removes it.
 */
export async function seedDatabase(): Promise<Seed & { drop: () => Promise<void> }> {
  const database = process.env.TEST_DATABASE_URL ? await createPostgresTestDatabase() : undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-seed-'));
  const drop = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  try {
    const seeding = await startServer(database ? { DATABASE_URL: database.url } : {}, dataDir);
    // Stopped, not killed: PGlite's folder is consistent, PostgreSQL's template has no connection left.
    seeding.process.kill('SIGTERM');
    await new Promise((resolve) => seeding.process.once('exit', resolve));
  } catch (error) {
    await drop();
    throw error;
  }
  return { dataDir, databaseName: database && new URL(database.url).pathname.slice(1), drop };
}

function runSeed(): Seed {
  const seed = process.env[E2E_SEED_ENV];
  if (!seed) throw new Error(`${E2E_SEED_ENV} is not set: globalSetup.ts seeds the run's database`);
  return JSON.parse(seed) as Seed;
}

/**
 * A server on a copy of the seeded database (a PostgreSQL database made with the seed as template, or a copy of
 * the seed's folder), with `env` on top of the usual settings: a file that needs other settings (a small export
 * threshold) starts its own. Its stop() removes the copy.
 */
export async function startSeededServer(
  env: Record<string, string> = {},
  seed: Seed = runSeed(),
): Promise<WorkerServer> {
  const database =
    seed.databaseName === undefined ? undefined : await createPostgresTestDatabase(seed.databaseName);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  try {
    if (!database) cpSync(seed.dataDir, dataDir, { recursive: true });
    const server = await startServer(database ? { ...env, DATABASE_URL: database.url } : env, dataDir);
    if (!database) return server;
    return {
      ...server,
      databaseUrl: database.url,
      stop: async () => {
        await server.stop();
        await database.drop();
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
    throw error;
  }
}

/**
 * One server per Jest worker, each on its own copy of the seeded database, so e2e files run in parallel without
 * seeing each other's data.
 */
export async function startWorkerServers(count: number, seed: Seed): Promise<WorkerServer[]> {
  const started = await Promise.allSettled(Array.from({ length: count }, () => startSeededServer({}, seed)));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    throw failed.reason;
  }
  return servers;
}
