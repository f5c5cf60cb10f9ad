// Telling "the database cannot be reached" (HTTP 503, retry later) from a bug in a query (HTTP 500).

/** Socket-level failures of the connection to PostgreSQL. */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATEs of a server that is shutting down or starting up. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03']);

/** pg and pg-pool raise these without a code, so their text is all there is to recognise. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

function isUnavailableCause(error: ErrorLike): boolean {
  const code = typeof error.code === 'string' ? error.code : undefined;
  if (code && (NETWORK_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))) {
    return true;
  }
  const message = typeof error.message === 'string' ? error.message : '';
  return UNAVAILABLE_MESSAGES.some((known) => message.startsWith(known));
}

function causesIncludeOutage(error: unknown, depth: number): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const candidate = error as ErrorLike;
  // Node reports a refused connection to every address of a host name as one AggregateError.
  const inner = Array.isArray(candidate.errors) ? candidate.errors : [];
  return (
    isUnavailableCause(candidate) ||
    causesIncludeOutage(candidate.cause, depth + 1) ||
    inner.some((each) => causesIncludeOutage(each, depth + 1))
  );
}

/**
 * True when the error (or what caused it) means the database is unreachable right now. Duck-typed, not
 * `instanceof Error`: errors raised by Node's own modules come from another realm under Jest's VM.
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  return causesIncludeOutage(error, 0);
}

/**
 * The name of the unique constraint (or unique index) an insert or update violated, or undefined when the
 * error is something else. Both pg and PGlite report SQLSTATE 23505 with the constraint's name.
 */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && typeof constraint === 'string' ? constraint : undefined;
}

/**
 * pg-pool's answer to a request that waited for a connection while every one of the pool (DATABASE_POOL_MAX)
 * was taken; a connection it cannot open fails otherwise (refused, or "Connection terminated due to connection
 * timeout"). PostgreSQL's own "too many clients" (53300) is the same on the server's side.
 */
const POOL_EXHAUSTED_MESSAGE = 'timeout exceeded when trying to connect';
const TOO_MANY_CONNECTIONS = '53300';

/** True when the database answers but no connection is free right now: busy, not an outage. */
export function isDatabaseBusyError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as ErrorLike;
  return code === TOO_MANY_CONNECTIONS || message === POOL_EXHAUSTED_MESSAGE;
}
