// PostgreSQL plans a statement each time it is sent unnamed; a list page spent more time being planned (0.6
// ms) than run (0.2 ms). A named statement is parsed once per connection, and after five executions
// PostgreSQL keeps a generic plan when it costs no more than the custom ones (plan_cache_mode auto): the
// practice of JDBC's prepareThreshold and of pgx. Measured on the order list at 200,000 orders: about 1.5× the
// throughput (bench/README.md).
import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * Distinct statements named per process. The code has a few hundred shapes; texts beyond the cap (an IN list
 * of every length, say) go unnamed, so each connection keeps a bounded set of plans.
 */
export const MAX_PREPARED_STATEMENTS = 1000;

/** Raised when a prepared statement's tables changed shape under it (a migration while the process runs). */
const CHANGED_RESULT_TYPE = 'cached plan must not change result type';

export class PreparedStatementNames {
  private readonly names = new Map<string, string>();

  constructor(private readonly max = MAX_PREPARED_STATEMENTS) {}

  /** The statement's name, or undefined once the cap is reached for new texts. */
  of(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= this.max) return known;
    const name = `s${createHash('sha1').update(text).digest('base64url')}`;
    this.names.set(text, name);
    return name;
  }
}

class PreparingClient implements PostgresPoolClient {
  /** Set when the connection holds a plan PostgreSQL refuses: it is closed on release, not reused. */
  private stale = false;

  constructor(
    private readonly inner: pg.PoolClient,
    private readonly names: PreparedStatementNames,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query(sqlOrCursor: unknown, parameters?: ReadonlyArray<unknown>): unknown {
    if (typeof sqlOrCursor !== 'string') return this.inner.query(sqlOrCursor as pg.Submittable);
    // A statement without parameters (begin, commit, DDL) gains nothing from a plan kept for later.
    const name = parameters?.length ? this.names.of(sqlOrCursor) : undefined;
    const values = parameters as unknown[];
    if (name === undefined) return this.inner.query(sqlOrCursor, values);
    return this.inner.query({ name, text: sqlOrCursor, values }).catch((error: Error) => {
      if (error.message.includes(CHANGED_RESULT_TYPE)) this.stale = true;
      throw error;
    });
  }

  release(): void {
    this.inner.release(this.stale ? new Error(CHANGED_RESULT_TYPE) : undefined);
  }
}

/** The pool Kysely's PostgresDialect is given: every statement with parameters is sent as a named one. */
export function preparingPool(pool: pg.Pool, names = new PreparedStatementNames()): PostgresPool {
  return {
    connect: async () => new PreparingClient(await pool.connect(), names),
    end: () => pool.end(),
  };
}
