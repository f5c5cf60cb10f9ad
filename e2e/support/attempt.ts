/**
 * A tag new at each attempt of a test, for the codes and names of what the test creates: a failed test runs
 * once more (jest.retry.ts) on the same server, where the first attempt's records are still there.
 */
export const attemptTag = (): string => String(Date.now() % 100000).padStart(5, '0');
