import { formatDate, formatRelativeTime, greetingFor } from '../dates';

// Local-time dates, so the expectations hold in any time zone.
const at = (hour: number, minute = 0, second = 0) => new Date(2024, 5, 15, hour, minute, second);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe('formatDate', () => {
  it('defaults to YYYY-MM-DD HH:mm:ss', () => {
    expect(formatDate(new Date(2024, 0, 2, 3, 4, 5))).toBe('2024-01-02 03:04:05');
  });

  it('takes a pattern', () => {
    expect(formatDate(new Date(2024, 0, 2, 3, 4, 5), 'YYYY/MM/DD')).toBe('2024/01/02');
    expect(formatDate(new Date(2024, 11, 31, 23, 59, 59), 'HH:mm')).toBe('23:59');
  });

  it('parses epoch milliseconds and ISO text', () => {
    const date = new Date(2024, 0, 2, 3, 4, 5);
    expect(formatDate(date.getTime())).toBe('2024-01-02 03:04:05');
    expect(formatDate('2024-01-02T03:04:05')).toBe('2024-01-02 03:04:05');
    expect(formatDate('2024-01-02')).toBe('2024-01-02 00:00:00');
  });

  it.each([null, undefined, '', 'not a date'])('gives empty text for %p', (value) => {
    expect(formatDate(value)).toBe('');
  });
});

describe('formatRelativeTime', () => {
  const now = at(12).getTime();

  it.each([
    [0, '刚刚'],
    [59 * SECOND + 999, '刚刚'],
    [MINUTE, '1分钟前'],
    [2 * MINUTE - 1, '1分钟前'],
    [HOUR - 1, '59分钟前'],
    [HOUR, '1小时前'],
    [24 * HOUR - 1, '23小时前'],
  ])('%p ms ago → %s', (ago, expected) => {
    expect(formatRelativeTime(now - ago, now)).toBe(expected);
  });

  it('shows the full date from 24 hours on', () => {
    expect(formatRelativeTime(now - 24 * HOUR, now)).toBe('2024-06-14 12:00:00');
    expect(formatRelativeTime(new Date(2023, 0, 1, 8, 30), now)).toBe('2023-01-01 08:30:00');
  });

  it('reads a time slightly in the future as 刚刚', () => {
    expect(formatRelativeTime(now + 5 * SECOND, now)).toBe('刚刚');
  });

  it('accepts text and a Date for now', () => {
    expect(formatRelativeTime('2024-06-15T11:30:00', at(12))).toBe('30分钟前');
  });

  it.each([null, undefined, '', 'not a date'])('gives empty text for %p', (value) => {
    expect(formatRelativeTime(value, now)).toBe('');
  });

  it('defaults now to the current time', () => {
    expect(formatRelativeTime(Date.now() - 5 * MINUTE)).toBe('5分钟前');
  });
});

describe('greetingFor', () => {
  it.each([
    [0, '早上好'],
    [8, '早上好'],
    [9, '上午好'],
    [11, '上午好'],
    [12, '中午好'],
    [13, '中午好'],
    [14, '下午好'],
    [19, '下午好'],
    [20, '晚上好'],
    [23, '晚上好'],
  ])('hour %p → %s', (hour, expected) => {
    expect(greetingFor(at(hour, 59, 59))).toBe(expected);
    expect(greetingFor(at(hour))).toBe(expected);
  });
});
