// A business document's step through its state machine (a table of allowed transitions): the transition is
// checked against the table, then taken with a conditional UPDATE on the state and version that were read,
// so of two operators acting at once the second gets 409. A step a user takes is logged with the fields it
// changed (变更记录); a step of the approval engine's handler is logged by the engine's own records.
import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from './actor';
import { trackChange, type HistoryTable } from './changeHistory';
import { changedMeanwhile, transitionTo, type Transition } from './commands';

/** The documents that step: a status and a version column. */
type SteppingTable = Extract<HistoryTable, 'posm_requests' | 'ad_applications'>;

export interface SteppingRow<S extends string> {
  id: string;
  tenant_id: string;
  status: S;
  version: number;
}

export async function stepDocument<T extends SteppingTable, S extends string>(
  trx: Kysely<DB>,
  step: {
    table: T;
    row: SteppingRow<S>;
    transitions: readonly Transition<S>[];
    labels: Record<S, string>;
    to: S;
    /** A user through the API (logged with the change), or the id of whoever the engine says decided. */
    by: Actor | { userId: string | null };
    set?: Omit<Updateable<DB[T]>, 'id' | 'tenant_id' | 'status' | 'version'>;
    /** The document, in Chinese, for the 409 and the log: 物料申请 MR…. */
    what: string;
  },
): Promise<void> {
  const { row, to, by } = step;
  const transition = transitionTo(step.transitions, step.labels, row.status, to);
  const actor = 'request' in by ? by : null;
  const change = actor ? await trackChange(trx, actor, step.table, row.id) : null;
  // Built untyped as existingRow (commands.ts) does; `set` is checked against the table by the signature.
  const untyped = trx as unknown as Kysely<
    Record<string, { id: string; tenant_id: string; status: string; version: number }>
  >;
  const moved = await untyped
    .updateTable(step.table as string)
    .set({
      ...(step.set ?? {}),
      status: to,
      updated_by: by.userId,
      updated_at: new Date(),
      version: sql`version + 1`,
    } as never)
    .where('id', '=', row.id)
    .where('tenant_id', '=', row.tenant_id)
    .where('status', '=', row.status)
    .where('version', '=', row.version)
    .returning('id')
    .executeTakeFirst();
  if (!moved) throw changedMeanwhile(step.what);
  await change?.log('update', `${transition.action} ${step.what}`);
}

/**
 * Runs a command in a transaction of its own, or in the caller's when `db` is one already (the demo seed runs
 * the commands inside its own transaction).
 */
export function inTransaction<T>(db: Kysely<DB>, command: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? command(db as Transaction<DB>) : db.transaction().execute(command);
}
