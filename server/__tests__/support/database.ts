// Test databases: a migrated PGlite loaded from a snapshot (a fresh initdb costs 3–4 s and ~700 MB), and,
// when TEST_DATABASE_URL is set, a PostgreSQL database of its own per test file so files run in parallel.
// Plain functions, no Jest globals: usable from any runner or script.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  createPGliteDatabase,
  createPostgresDatabase,
  openPGlite,
  type Database,
  type DatabaseKind,
} from '../../db';
import { migrateToLatest, migrations } from '../../db/migrations';

/** The back ends every database suite runs against: PGlite always, PostgreSQL when CI provides one. */
export function testBackends(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

function pgliteVersion(): string {
  const packageJson = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  return (JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { version: string }).version;
}

/** Changes whenever a migration (its name or its code) or PGlite changes, so a stale snapshot is never loaded. */
function snapshotFile(): string {
  const hash = createHash('sha256').update(pgliteVersion());
  for (const [name, migration] of Object.entries(migrations)) {
    hash.update(name).update(String(migration.up)).update(String(migration.down));
  }
  return path.join(os.tmpdir(), `channel-digital-pglite-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

/**
 * An in-memory PGlite with every migration applied and no data. The first call (per migration list)
 * migrates a fresh instance and saves it as a snapshot; later calls load the snapshot (about 1 s).
 */
export async function openMigratedPGlite(): Promise<PGlite> {
  const file = snapshotFile();
  if (fs.existsSync(file)) {
    return openPGlite(undefined, { loadDataDir: new Blob([fs.readFileSync(file)]) });
  }
  const pglite = await openPGlite(undefined);
  await migrateToLatest(createPGliteDatabase(pglite).db);
  const dump = await pglite.dumpDataDir('gzip');
  // Written aside and renamed, so a parallel worker never reads half a snapshot.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return pglite;
}

function requireTestDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

async function asAdministrator(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: requireTestDatabaseUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface PostgresTestDatabase {
  /** The URL of the new, empty database. */
  url: string;
  /** Drops the database, closing whatever is still connected to it. */
  drop(): Promise<void>;
}

/** An empty database `t_<random>` on the TEST_DATABASE_URL server. */
export async function createPostgresTestDatabase(): Promise<PostgresTestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await asAdministrator(`create database ${name}`);
  const url = new URL(requireTestDatabaseUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => asAdministrator(`drop database if exists ${name} with (force)`),
  };
}

export interface TestDatabase {
  database: Database;
  /** PostgreSQL only: the URL of this test database, for a second connection or a proxy in front of it. */
  postgresUrl?: string;
  /** Closes the database and, on PostgreSQL, drops it. */
  dispose(): Promise<void>;
}

/** A migrated, empty database on the given back end. */
export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = createPGliteDatabase(await openMigratedPGlite());
    return { database, dispose: () => database.close() };
  }
  const created = await createPostgresTestDatabase();
  const database = createPostgresDatabase(created.url);
  await migrateToLatest(database.db);
  return {
    database,
    postgresUrl: created.url,
    dispose: async () => {
      await database.close();
      await created.drop();
    },
  };
}
