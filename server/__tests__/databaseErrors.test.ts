import { isDatabaseBusyError, isDatabaseUnavailableError } from '../db/errors';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnavailableError', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['an administrator shutdown', withCode('terminating connection due to administrator command', '57P01')],
    ['a connection failure SQLSTATE', withCode('connection failure', '08006')],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    [
      'a refusal on every address',
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]),
    ],
    [
      'a wrapped refusal',
      new Error('query failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') }),
    ],
  ])('recognises %s', (_, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(true);
  });

  it.each([
    ['a missing table', withCode('relation "nope" does not exist', '42P01')],
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a non-error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('does not take %s for an outage', (_, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(false);
  });
});

describe('isDatabaseBusyError', () => {
  it.each([
    ['a full pool', new Error('timeout exceeded when trying to connect')],
    ['a server without free connections', withCode('sorry, too many clients already', '53300')],
  ])('recognises %s, which is no outage', (_, error) => {
    expect(isDatabaseBusyError(error)).toBe(true);
    expect(isDatabaseUnavailableError(error)).toBe(false);
  });

  it.each([
    ['a connection that cannot be opened', new Error('Connection terminated due to connection timeout')],
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a deadlock', withCode('deadlock detected', '40P01')],
  ])('does not take %s for a busy pool', (_, error) => {
    expect(isDatabaseBusyError(error)).toBe(false);
  });
});
