// Dates as the API shows them (API.md Part A): 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai, formatted by the
// database so the answer does not depend on the server's time zone.
import { sql, type RawBuilder } from 'kysely';

/**
 * A timestamptz column (qualified names too) or expression (a `sql` fragment, e.g. a subquery: a string is
 * always taken as a column name) as API text. A nullable column stays null: say so with
 * `shanghaiDateTime<string | null>(...)`.
 */
export function shanghaiDateTime<T extends string | null = string>(
  column: string | RawBuilder<unknown>,
): RawBuilder<T> {
  const value = typeof column === 'string' ? sql.ref(column) : column;
  // Parenthesised: `at time zone` binds tighter than an expression's operators (`start_at - interval …`).
  return sql<T>`to_char((${value}) at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;
}

/** A date column (or expression) as 'YYYY-MM-DD' text: pg would turn it into a Date at local midnight. */
export function isoDate<T extends string | null = string>(column: string): RawBuilder<T> {
  return sql<T>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
}
