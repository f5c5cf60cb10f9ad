// Whether the database answers, how fast, and which kind it is.
import { sql } from 'kysely';
import type { Database, DatabaseKind } from '../../db';

export interface HealthReport {
  database: 'up' | 'down';
  kind: DatabaseKind;
  /** Round trip of `select 1`, in milliseconds. */
  latencyMs: number;
}

/** A stalled server (connected, never answering) counts as down after this long. */
export const HEALTH_CHECK_TIMEOUT_MS = 3000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** `failure` is why the database is down, for the log; the report itself never carries it. */
export async function checkDatabase(
  database: Database,
): Promise<{ report: HealthReport; failure?: unknown }> {
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  try {
    await within(sql`select 1`.execute(database.db), HEALTH_CHECK_TIMEOUT_MS);
    return { report: { database: 'up', kind: database.kind, latencyMs: elapsed() } };
  } catch (failure) {
    return { report: { database: 'down', kind: database.kind, latencyMs: elapsed() }, failure };
  }
}
