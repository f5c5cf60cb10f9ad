// Opens the database: the embedded PGlite (a data folder) by default, PostgreSQL when DATABASE_URL is set.
import fs from 'node:fs';
import { PGlite, types, type PGliteOptions } from '@electric-sql/pglite';
import { PostgresDialect, type Kysely } from 'kysely';
import pg from 'pg';
import { DEFAULT_DATABASE_CONNECT_TIMEOUT_MS, DEFAULT_DATABASE_POOL_MAX, type Config } from '../config';
import { PGliteDialect } from './pgliteDialect';
import { preparingPool } from './preparedStatements';
import type { DB } from './schema';
import { RetryingKysely } from './transactions';
import { watchedDialect, WriteWatchers, type WriteWatcher } from './writeWatch';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  readonly kind: DatabaseKind;
  readonly db: Kysely<DB>;
  /**
   * pg reports a broken idle connection outside any query (the server restarted, the network dropped);
   * the pool replaces the connection by itself, so the listener only logs it. PGlite never reports one.
   */
  onConnectionError(listener: (error: Error) => void): void;
  /** Calls the watcher once a write it matches is committed through this process's connections. */
  watchWrites(watcher: WriteWatcher): void;
  /** Ends the pool, or shuts PGlite down cleanly. */
  close(): Promise<void>;
}

/**
 * bytea both ways in PGlite's text form (`\x` and hex), by Node's native hex codec. PGlite's own converters
 * go byte by byte (a substring and a parseInt per byte in; a string per byte, joined, out): the 256 KB chunks of
 * 下载中心's files cost about 0.3 s per MB each way and tens of MB of short-lived strings on the heap per export
 * (bench/README.md, "Exports"). Bytes come back as a Buffer, as pg gives them.
 */
const parseBytea = (text: string): Buffer => Buffer.from(text.slice(2), 'hex');

function serializeBytea(value: unknown): string {
  if (!(value instanceof Uint8Array)) throw new TypeError('Invalid input for bytea type');
  return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
}

/**
 * bigint (int8) columns come back as strings on both back ends, as pg does by default: ids are
 * snowflake bigints and must not lose precision in a JavaScript number.
 */
const PGLITE_OPTIONS: PGliteOptions = {
  parsers: { [types.INT8]: (value: string) => value, [types.BYTEA]: parseBytea },
  serializers: { [types.BYTEA]: serializeBytea },
};

/** Opens PGlite in a data folder (created if missing), or in memory without one. */
export async function openPGlite(
  dataDir: string | undefined,
  options: Pick<PGliteOptions, 'loadDataDir'> = {},
): Promise<PGlite> {
  if (dataDir !== undefined) fs.mkdirSync(dataDir, { recursive: true });
  return PGlite.create(dataDir, { ...PGLITE_OPTIONS, ...options });
}

/** Wraps an open PGlite; closing the Database closes it. */
export function createPGliteDatabase(pglite: PGlite): Database {
  const watchers = new WriteWatchers();
  const db = new RetryingKysely<DB>({ dialect: watchedDialect(new PGliteDialect(pglite), watchers) });
  return {
    kind: 'pglite',
    db,
    onConnectionError: () => {},
    watchWrites: (watcher) => watchers.add(watcher),
    close: () => db.destroy(),
  };
}

export interface PostgresPoolOptions {
  /** Connections at most (DATABASE_POOL_MAX). */
  poolMax?: number;
  /**
   * How long a query waits for a connection (a free one, or a new one being opened) before it fails as busy
   * (isDatabaseBusyError), not as an outage (DATABASE_CONNECT_TIMEOUT_MS).
   */
  connectTimeoutMs?: number;
}

export function createPostgresDatabase(
  connectionString: string,
  {
    poolMax = DEFAULT_DATABASE_POOL_MAX,
    connectTimeoutMs = DEFAULT_DATABASE_CONNECT_TIMEOUT_MS,
  }: PostgresPoolOptions = {},
): Database {
  const pool = new pg.Pool({ connectionString, max: poolMax, connectionTimeoutMillis: connectTimeoutMs });
  const listeners: Array<(error: Error) => void> = [];
  const report = (error: Error) => listeners.forEach((listener) => listener(error));
  // An 'error' event without a listener crashes the process. pg-pool listens on idle clients only and
  // forwards to the pool; a client checked out by Kysely gets its own listener (its query fails anyway).
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  const watchers = new WriteWatchers();
  const db = new RetryingKysely<DB>({
    dialect: watchedDialect(new PostgresDialect({ pool: preparingPool(pool) }), watchers),
  });
  return {
    kind: 'postgres',
    db,
    onConnectionError: (listener) => listeners.push(listener),
    watchWrites: (watcher) => watchers.add(watcher),
    close: () => db.destroy(),
  };
}

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> &
    Partial<Pick<Config, 'databasePoolMax' | 'databaseConnectTimeoutMs'>>,
): Promise<Database> {
  if (config.databaseUrl)
    return createPostgresDatabase(config.databaseUrl, {
      poolMax: config.databasePoolMax,
      connectTimeoutMs: config.databaseConnectTimeoutMs,
    });
  return createPGliteDatabase(await openPGlite(config.dataDir));
}
