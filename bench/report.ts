import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { E2E_PASSWORD, startServer } from '../e2e/support/server';
import { openDatabase } from '../server/db';
import type { DB } from '../server/db/schema';

export const ROOT = path.resolve(__dirname, '..');

export function printTable(title: string, header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ');
  console.log(`\n${title}\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  rows.forEach((row) => console.log(line(row)));
}

/** Keeps the figures of the last run in bench/results/<name>.json (gitignored). */
export function writeResult(name: string, data: unknown): void {
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `${name}.json`),
    JSON.stringify({ at: new Date().toISOString(), ...(data as object) }, null, 2),
  );
}

/** A session token of the demo administrator on a bench server. */
export async function adminToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: E2E_PASSWORD }),
  });
  const body = (await response.json()) as { success: boolean; message: string; result: { token: string } };
  if (!body.success) throw new Error(`login refused: ${body.message}`);
  return body.result.token;
}

/** The machine's load average (1, 5, 15 min): on a shared machine the figures measure the CPU left over. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/** A database of its own on the PostgreSQL server of DATABASE_URL or TEST_DATABASE_URL, dropped after; null without one. */
async function temporaryPostgres(prefix: string) {
  const server = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!server) return null;
  const name = `${prefix}_${process.pid}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), dispose: () => run(`drop database if exists ${name} with (force)`) };
}

/** A fresh database of `kind`, how to open it here and how a server opens it; null without a PostgreSQL server. */
async function benchDatabase(
  prefix: string,
  kind: string,
): Promise<{
  options: { databaseUrl: string | undefined; dataDir: string };
  serverEnv: Record<string, string>;
  dispose: () => Promise<void> | void;
} | null> {
  if (kind === 'postgres') {
    const target = await temporaryPostgres(prefix);
    if (!target) return null;
    return {
      options: { databaseUrl: target.url, dataDir: '' },
      serverEnv: { DATABASE_URL: target.url },
      dispose: target.dispose,
    };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  return {
    options: { databaseUrl: undefined, dataDir },
    serverEnv: { DATA_DIR: dataDir },
    dispose: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

const benchBackends = () => (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');

/**
 * Runs `work` on a fresh database of each back end of BENCH_BACKENDS (default pglite,postgres): PGlite in a
 * temporary folder, PostgreSQL in a database of its own (skipped without a server); each removed after.
 */
export async function forEachBenchDatabase(
  prefix: string,
  work: (kind: string, db: Kysely<DB>) => Promise<void>,
): Promise<void> {
  for (const kind of benchBackends()) {
    const target = await benchDatabase(prefix, kind);
    if (!target) {
      console.log('postgres: skipped (no DATABASE_URL or TEST_DATABASE_URL)');
      continue;
    }
    const database = await openDatabase(target.options);
    try {
      await work(kind, database.db);
    } finally {
      await database.close();
      await target.dispose();
    }
  }
}

/**
 * As forEachBenchDatabase, then the real server started on the database `prepare` filled (closed first: PGlite
 * admits one process), and `measure` given its address.
 */
export async function forEachBenchServer(
  prefix: string,
  prepare: (kind: string, db: Kysely<DB>) => Promise<void>,
  measure: (kind: string, baseUrl: string) => Promise<void>,
): Promise<void> {
  for (const kind of benchBackends()) {
    const target = await benchDatabase(prefix, kind);
    if (!target) {
      console.log('postgres: skipped (no DATABASE_URL or TEST_DATABASE_URL)');
      continue;
    }
    try {
      const database = await openDatabase(target.options);
      try {
        await prepare(kind, database.db);
      } finally {
        await database.close();
      }
      const server = await startServer(target.serverEnv, target.options.dataDir || undefined);
      try {
        await measure(kind, server.url);
      } finally {
        await server.stop();
      }
    } finally {
      await target.dispose();
    }
  }
}

/**
 * The server environment of a bench on `kind`: for postgres a database of its own on DATABASE_URL's or
 * TEST_DATABASE_URL's server (as the e2e tests make theirs), dropped by `drop`; for pglite nothing to add.
 */
export async function benchServerEnv(
  kind: string,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (kind !== 'postgres') return { env: {}, drop: async () => undefined };
  process.env.TEST_DATABASE_URL ??= process.env.DATABASE_URL;
  const { createPostgresTestDatabase } = await import('../server/__tests__/support/database');
  const database = await createPostgresTestDatabase();
  return { env: { DATABASE_URL: database.url }, drop: database.drop };
}
