// Date display of spec §9: the date filter, relative time and the greeting by hour. Every function takes the
// current time as a parameter (defaulting to now) so that callers and tests control the clock.

import dayjs from 'dayjs';

/** Input of the date helpers: anything dayjs parses (ISO text, epoch milliseconds, Date). */
export type DateInput = string | number | Date | null | undefined;

export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const HOURS_SHOWN_RELATIVE = 24;

/** The time in `pattern` (default YYYY-MM-DD HH:mm:ss, local time); '' for empty or unparseable input. */
export function formatDate(value: DateInput, pattern: string = DEFAULT_DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : '';
}

/**
 * 刚刚 under a minute ago, N分钟前 under an hour, N小时前 under 24 hours, else the full date.
 * Times slightly in the future (clock skew between server and browser) also read 刚刚.
 */
export function formatRelativeTime(value: DateInput, now: number | Date = Date.now()): string {
  if (value === null || value === undefined || value === '') return '';
  const time = dayjs(value);
  if (!time.isValid()) return '';
  const elapsed = dayjs(now).valueOf() - time.valueOf();
  if (elapsed < MINUTE_MS) return '刚刚';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}分钟前`;
  if (elapsed < HOURS_SHOWN_RELATIVE * HOUR_MS) return `${Math.floor(elapsed / HOUR_MS)}小时前`;
  return time.format(DEFAULT_DATE_FORMAT);
}

/** Greeting by local hour in five bands: before 9, up to 11, up to 13, before 20, and later. */
export function greetingFor(now: Date = new Date()): string {
  const hour = now.getHours();
  if (hour < 9) return '早上好';
  if (hour <= 11) return '上午好';
  if (hour <= 13) return '中午好';
  if (hour < 20) return '下午好';
  return '晚上好';
}
