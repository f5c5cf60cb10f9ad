// Debounce and throttle with the default waits of spec §9.

export const DEFAULT_DEBOUNCE_MS = 1000;
export const DEFAULT_THROTTLE_MS = 200;

/** A rate-limited function; `cancel` drops a pending call (e.g. when a component unmounts). */
export interface RateLimited<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

/** Calls `fn` once, with the latest arguments, after `wait` ms without further calls. */
export function debounce<A extends unknown[]>(
  fn: (...args: A) => void,
  wait = DEFAULT_DEBOUNCE_MS,
): RateLimited<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const debounced = (...args: A) => {
    cancel();
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, wait);
  };
  return Object.assign(debounced, { cancel });
}

/**
 * Calls `fn` at once, then at most once per `wait` ms: calls inside the window collapse into one trailing call
 * with the latest arguments at the end of the window.
 */
export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  wait = DEFAULT_THROTTLE_MS,
): RateLimited<A> {
  let lastCallAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pendingArgs: A | undefined;
  const invoke = (args: A) => {
    lastCallAt = Date.now();
    fn(...args);
  };
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pendingArgs = undefined;
  };
  const throttled = (...args: A) => {
    const remaining = wait - (Date.now() - lastCallAt);
    if (remaining <= 0) {
      cancel();
      invoke(args);
      return;
    }
    pendingArgs = args;
    timer ??= setTimeout(() => {
      timer = undefined;
      const latest = pendingArgs as A;
      pendingArgs = undefined;
      invoke(latest);
    }, remaining);
  };
  return Object.assign(throttled, { cancel });
}
