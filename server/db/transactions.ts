// Transactions that lost a race to another one. PostgreSQL breaks a deadlock (SQLSTATE 40P01) and, under
// serializable isolation, a conflict (40001) by failing one of the transactions: everything it did is rolled
// back, and running it again may well succeed once the winner has committed. Every command runs in
// `db.transaction().execute(…)`, so the database handle itself runs a failed transaction's callback again, a
// bounded number of times; one that keeps losing ends as a TransactionConflictError, answered 409 请刷新后重试.
// Commands take their locks in one order (see lockedLots in modules/stock/service.ts), so a retry is the
// exception, not the rule.
import { Kysely, type Transaction, type TransactionBuilder } from 'kysely';

/** Runs of one transaction at most: the first and two more. */
export const TRANSACTION_ATTEMPTS = 3;

export const TRANSACTION_CONFLICT_MESSAGE = '数据正被他人同时修改，请刷新后重试';

const CONFLICT_SQLSTATES = new Set(['40001', '40P01']);

/** A deadlock or serialization failure, duck-typed as pg and PGlite raise them. */
export function isTransactionConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' && CONFLICT_SQLSTATES.has(code);
}

/** A transaction failed on a conflict every time it was tried. */
export class TransactionConflictError extends Error {
  constructor(options: { cause: unknown }) {
    super(TRANSACTION_CONFLICT_MESSAGE, options);
    this.name = 'TransactionConflictError';
  }
}

/** A short, random pause, growing with the attempt: the two losers of one deadlock do not meet again at once. */
const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, attempt * (10 + Math.random() * 40)));

export async function retryingConflicts<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!isTransactionConflict(error)) throw error;
      if (attempt >= TRANSACTION_ATTEMPTS) throw new TransactionConflictError({ cause: error });
      await pause(attempt);
    }
  }
}

/** Kysely whose transactions run again after a deadlock or serialization failure (see above). */
export class RetryingKysely<DB> extends Kysely<DB> {
  override transaction(): TransactionBuilder<DB> {
    const builder = super.transaction();
    const execute = builder.execute.bind(builder);
    builder.execute = <T>(callback: (trx: Transaction<DB>) => Promise<T>) =>
      retryingConflicts(() => execute(callback));
    return builder;
  }
}
