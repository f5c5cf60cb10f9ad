// Test databases: a migrated PGlite loaded from a snapshot (a fresh initdb costs 3–4 s and ~700 MB), and,
// when TEST_DATABASE_URL is set, a PostgreSQL database of its own per test file so files run in parallel.
// A fixture (the demo data, say) is built once per Jest run and copied for each database that asks for it: a
// PGlite dump loaded per database, a PostgreSQL template database cloned (CREATE DATABASE ... TEMPLATE).
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

/**
 * How long a test's query waits for a PostgreSQL connection. A production request gives up after 3 s (and answers
 * busy); on a CI machine whose two cores run two test files and the server, opening a connection (a forked
 * backend) has taken longer than that, and the test failed for the machine, not for the code.
 */
export const TEST_CONNECT_TIMEOUT_MS = 30_000;

/** A pool on a test database that waits for a busy machine. */
export function connectTestPostgres(url: string): Database {
  return createPostgresDatabase(url, { connectTimeoutMs: TEST_CONNECT_TIMEOUT_MS });
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

/** An empty database `t_<random>` on the TEST_DATABASE_URL server, or a copy of a template database. */
export async function createPostgresTestDatabase(template?: string): Promise<PostgresTestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await asAdministrator(`create database ${name}${template ? ` template ${template}` : ''}`);
  // A test database is thrown away: waiting for each commit's flush to disk (about 3 ms here) buys nothing. Every
  // connection to it, a server process under test included, commits without waiting; a killed Node process still
  // loses nothing PostgreSQL acknowledged, as PostgreSQL itself keeps running.
  await asAdministrator(`alter database ${name} set synchronous_commit = off`);
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

/** Data every copy starts with, written once into a migrated database. */
export interface Fixture {
  /** Names the copies: letters, digits and underscores. */
  name: string;
  write(database: Database): Promise<void>;
}

/**
 * Set by the server project's global set-up (fixtures.globalSetup.ts): where this run keeps its fixtures. Each
 * run builds its own, as seeded rows carry dates relative to the day of seeding. Without it (a script) every
 * database gets its fixture written afresh.
 */
export const FIXTURE_RUN_ENV = 'TEST_FIXTURE_RUN';

function fixtureRun(): string | undefined {
  return process.env[FIXTURE_RUN_ENV];
}

/** This run's template databases are `f_<run>_<fixture>`; global teardown drops them by that prefix. */
export function fixtureTemplatePrefix(run: string): string {
  return `f_${run}_`;
}

export function fixtureFolder(run: string): string {
  return path.join(os.tmpdir(), `channel-digital-fixtures-${run}`);
}

/** Built aside and moved in place, so a parallel worker never reads half a fixture; two workers may both build. */
async function pgliteFixture(run: string, fixture: Fixture): Promise<PGlite> {
  const file = path.join(fixtureFolder(run), `${fixture.name}.tar.gz`);
  if (fs.existsSync(file)) {
    return openPGlite(undefined, { loadDataDir: new Blob([fs.readFileSync(file)]) });
  }
  const pglite = await openMigratedPGlite();
  await fixture.write(createPGliteDatabase(pglite));
  const dump = await pglite.dumpDataDir('gzip');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return pglite;
}

async function templateExists(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: requireTestDatabaseUrl() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    return rowCount === 1;
  } finally {
    await client.end();
  }
}

/**
 * The template database of a fixture, built on first use: migrated and written under a name of its own, then
 * renamed into place (the loser of a race drops its copy). No connections are allowed to a template (autovacuum
 * included), as CREATE DATABASE ... TEMPLATE refuses a template anyone is connected to.
 */
async function postgresFixtureTemplate(run: string, fixture: Fixture | undefined): Promise<string> {
  const template = `${fixtureTemplatePrefix(run)}${fixture?.name ?? 'migrated'}`;
  if (await templateExists(template)) return template;
  const building = await createPostgresTestDatabase();
  const database = connectTestPostgres(building.url);
  try {
    await migrateToLatest(database.db);
    await fixture?.write(database);
  } finally {
    await database.close();
  }
  const name = new URL(building.url).pathname.slice(1);
  try {
    await asAdministrator(`alter database ${name} rename to ${template}`);
  } catch (error) {
    await building.drop();
    if ((error as { code?: string }).code !== '42P04') throw error;
    return template;
  }
  await asAdministrator(`alter database ${template} with allow_connections false is_template true`);
  return template;
}

/** Drops the template databases of a run (global teardown). */
export async function dropFixtureTemplates(run: string): Promise<void> {
  const client = new pg.Client({ connectionString: requireTestDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [fixtureTemplatePrefix(run)],
    );
    for (const { datname } of rows) {
      await client.query(`alter database ${datname} is_template false`);
      await client.query(`drop database ${datname} with (force)`);
    }
  } finally {
    await client.end();
  }
}

/** A migrated database on the given back end, empty or with a fixture's data. */
export async function openTestDatabase(kind: DatabaseKind, fixture?: Fixture): Promise<TestDatabase> {
  const run = fixtureRun();
  if (kind === 'pglite') {
    const fromFixture = fixture !== undefined && run !== undefined;
    const database = createPGliteDatabase(
      fromFixture ? await pgliteFixture(run, fixture) : await openMigratedPGlite(),
    );
    if (!fromFixture) await fixture?.write(database);
    return { database, dispose: () => database.close() };
  }
  const created = await createPostgresTestDatabase(
    run === undefined ? undefined : await postgresFixtureTemplate(run, fixture),
  );
  const database = connectTestPostgres(created.url);
  if (run === undefined) {
    await migrateToLatest(database.db);
    await fixture?.write(database);
  }
  return {
    database,
    postgresUrl: created.url,
    dispose: async () => {
      await database.close();
      await created.drop();
    },
  };
}
