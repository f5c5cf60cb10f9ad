// Answers that busy pages ask for several times a second (issue #8: a session, a user's data scope, a list's
// count, the failed-sync counters) kept a few seconds in this process. Correctness:
// - each answer names the tables it was read from; a committed write to one of them, through this process's
//   connections and by whichever code, makes it stale at once (the database's write watch);
// - a read that was under way while such a write committed does not keep what it read;
// - other instances (several behind a load balancer) are told through Redis when REDIS_URL is set, and see a
//   change within READ_CACHE_TTL_MS in any case (a write by another program, Redis down);
// - inside a transaction nothing is cached: only the database handle the cache is attached to reads through it.
import type { Compilable, Kysely } from 'kysely';
import type { Broker } from '../push/broker';
import type { Database } from './index';
import type { DB } from './schema';

/** How long an answer may be served without a write being seen (another program, another instance). */
export const READ_CACHE_TTL_MS = 3_000;
/** Answers kept at most; the oldest go first (a Map iterates in insertion order). */
const MAX_ENTRIES = 10_000;

export type TableName = keyof DB & string;

/** What an instance tells the others after a write: the tables it changed. */
export interface TablesChanged {
  tables: string[];
}

export function isTablesChanged(value: unknown): value is TablesChanged {
  const tables = (value as TablesChanged | null)?.tables;
  return Array.isArray(tables) && tables.every((table) => typeof table === 'string');
}

/** Whether a statement writes to a table (as Kysely compiles it, or as written by hand in a migration). */
export function writesTo(table: string): (sql: string) => boolean {
  const pattern = new RegExp(
    `\\b(?:insert\\s+into|update|delete\\s+from|truncate(?:\\s+table)?)\\s+"?${table}"?(?:\\s|\\(|$)`,
    'i',
  );
  return (sql) => pattern.test(sql);
}

interface Entry {
  value: unknown;
  /** The versions of the tables it was read from, when it was read. */
  version: string;
  until: number;
}

export interface ReadCacheOptions {
  /**
   * Every table an answer may be read from. Their writes are watched from the start, whether or not this
   * instance has read from them yet: another instance may have, and must be told.
   */
  tables: readonly TableName[];
  ttlMs?: number;
  /** The channel the instances share (Redis), when there is one. */
  peers?: Broker<TablesChanged>;
  /** Tables whose writes matter only in part (the default: every insert, update or delete matters). */
  matchers?: Partial<Record<TableName, (sql: string) => boolean>>;
}

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  /** Moves on at each committed write to a table. */
  private readonly versions = new Map<string, number>();
  private readonly ttlMs: number;

  constructor(database: Pick<Database, 'watchWrites'>, { tables, ttlMs, peers, matchers }: ReadCacheOptions) {
    this.ttlMs = ttlMs ?? READ_CACHE_TTL_MS;
    for (const table of new Set(tables)) {
      this.versions.set(table, 0);
      database.watchWrites({
        matches: matchers?.[table] ?? writesTo(table),
        changed: () => {
          this.bump(table);
          // Not awaited: the TTL bounds what a lost message costs.
          peers?.publish({ tables: [table] }).catch(() => undefined);
        },
      });
    }
    peers?.onMessage((message) => message.tables.forEach((table) => this.bump(table)));
  }

  /**
   * The answer of `load` under `key`, from memory while none of `tables` was written. `until`: the latest time
   * the answer may be kept (0: not at all); never longer than the TTL.
   */
  async get<V>(
    key: string,
    tables: readonly TableName[],
    load: () => Promise<V>,
    until: (value: V) => number = () => Infinity,
  ): Promise<V> {
    const version = this.versionOf(tables);
    const cached = this.entries.get(key);
    if (cached && cached.until > Date.now() && cached.version === version) return cached.value as V;
    this.entries.delete(key);
    const value = await load();
    const now = Date.now();
    const keepUntil = Math.min(now + this.ttlMs, until(value));
    if (keepUntil > now && this.versionOf(tables) === version) {
      this.dropOldest(now);
      this.entries.set(key, { value, version, until: keepUntil });
    }
    return value;
  }

  /** Answers held now (expired ones included until they are dropped). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * Drops the answers that expired, oldest first, and the oldest beyond MAX_ENTRIES: a busy list asks for pages
   * nobody asks again, and they should not wait for the cap to be let go (memory, and the collector's work).
   */
  private dropOldest(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.until > now && this.entries.size < MAX_ENTRIES) return;
      this.entries.delete(key);
    }
  }

  private versionOf(tables: readonly TableName[]): string {
    return tables
      .map((table) => {
        const version = this.versions.get(table);
        if (version === undefined) throw new Error(`the read cache does not watch the table ${table}`);
        return version;
      })
      .join(',');
  }

  private bump(table: string): void {
    const version = this.versions.get(table);
    if (version !== undefined) this.versions.set(table, version + 1);
  }
}

/** The cache each database handle reads through (a transaction has none: it reads its own writes). */
const attached = new WeakMap<Kysely<DB>, ReadCache>();

export function attachReadCache(db: Kysely<DB>, cache: ReadCache): void {
  attached.set(db, cache);
}

/**
 * The answer of `load` under `key`, through the cache attached to `db` if any. The key must name everything the
 * answer depends on; a caller may form it from the request when building the statements only to key them would
 * cost more than answering. The answer is shared by every caller: it must not be changed.
 */
export function cachedAnswer<V>(
  db: Kysely<DB>,
  key: string,
  tables: readonly TableName[],
  load: () => Promise<V>,
): Promise<V> {
  const cache = attached.get(db);
  return cache ? cache.get(key, tables, load) : load();
}

/**
 * The rows of a read statement, through the cache attached to `db` if any, kept under its SQL and parameters;
 * frozen, as every caller shares them.
 */
export function cachedRows<R>(
  db: Kysely<DB>,
  tables: readonly TableName[],
  query: Compilable<R>,
): Promise<readonly R[]> {
  const compiled = query.compile();
  return cachedAnswer(db, `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`, tables, async () => {
    const { rows } = await db.executeQuery(compiled);
    rows.forEach((row) => Object.freeze(row));
    return Object.freeze(rows);
  });
}
