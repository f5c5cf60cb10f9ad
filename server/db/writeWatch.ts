// Tells in-process caches that data they hold has changed. Every statement of this process goes through the
// dialect's driver, whoever wrote it (a service, a migration, a test), so the driver is where writes are seen.
// A watcher is told once the connection that wrote is released: after the commit of a transaction (or its
// rollback), after the statement itself otherwise, so a reader that starts after the call sees the new rows.
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

export interface WriteWatcher {
  /** Whether a statement (its SQL text) changes what the watcher caches. */
  matches(sql: string): boolean;
  changed(): void;
}

export class WriteWatchers {
  private readonly watchers: WriteWatcher[] = [];

  add(watcher: WriteWatcher): void {
    this.watchers.push(watcher);
  }

  /** The watchers a statement concerns. */
  of(sql: string): WriteWatcher[] {
    return this.watchers.filter((watcher) => watcher.matches(sql));
  }
}

class WatchedConnection implements DatabaseConnection {
  /** The watchers to tell once this connection is released. */
  readonly touched = new Set<WriteWatcher>();

  constructor(
    readonly inner: DatabaseConnection,
    private readonly watchers: WriteWatchers,
  ) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // Noted before it runs: a statement that fails inside a transaction still ends with a release.
    for (const watcher of this.watchers.of(compiledQuery.sql)) this.touched.add(watcher);
    return this.inner.executeQuery<R>(compiledQuery);
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

class WatchedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly watchers: WriteWatchers,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new WatchedConnection(await this.inner.acquireConnection(), this.watchers);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(innerOf(connection), settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(innerOf(connection));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(innerOf(connection));
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.inner.savepoint?.(innerOf(connection), name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.inner.rollbackToSavepoint?.(innerOf(connection), name, compile);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.inner.releaseSavepoint?.(innerOf(connection), name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    try {
      await this.inner.releaseConnection(watched.inner);
    } finally {
      for (const watcher of watched.touched) watcher.changed();
      watched.touched.clear();
    }
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

const innerOf = (connection: DatabaseConnection) => (connection as WatchedConnection).inner;

/** The dialect with its driver watched. */
export function watchedDialect(dialect: Dialect, watchers: WriteWatchers): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new WatchedDriver(dialect.createDriver(), watchers),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
