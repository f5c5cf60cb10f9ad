import {
  addDays,
  bucketListProblem,
  bucketOf,
  daysBetween,
  DEFAULT_AGE_BUCKETS,
  freshnessOf,
  nearExpiryWindowDays,
} from '../modules/stock/stockAge';

describe('stock-age buckets', () => {
  it('puts ages in the default buckets, bounds inclusive', () => {
    const code = (days: number) => bucketOf(days, DEFAULT_AGE_BUCKETS).code;
    expect(code(0)).toBe('D0_30');
    expect(code(30)).toBe('D0_30');
    expect(code(31)).toBe('D31_60');
    expect(code(90)).toBe('D61_90');
    expect(code(91)).toBe('D91_180');
    expect(code(365)).toBe('D271_365');
    expect(code(366)).toBe('D365_PLUS');
    expect(code(5000)).toBe('D365_PLUS');
    expect(code(-3)).toBe('D0_30');
  });

  it('accepts the defaults and refuses gaps, overlaps, a bounded end and a late start', () => {
    expect(bucketListProblem(DEFAULT_AGE_BUCKETS)).toBeUndefined();
    const [a, b, c] = [
      { code: 'A', label: 'A', minDays: 0, maxDays: 30, color: 'x' },
      { code: 'B', label: 'B', minDays: 31, maxDays: 90, color: 'x' },
      { code: 'C', label: 'C', minDays: 91, maxDays: null, color: 'x' },
    ];
    expect(bucketListProblem([a, b, c])).toBeUndefined();
    expect(bucketListProblem([a, { ...b, minDays: 35 }, c])).toBe('库龄段 A 与 B 之间有缺口或重叠');
    expect(bucketListProblem([a, { ...b, minDays: 20 }, c])).toBe('库龄段 A 与 B 之间有缺口或重叠');
    expect(bucketListProblem([a, b, { ...c, maxDays: 400 }])).toBe('最后一个库龄段须不设上限');
    expect(bucketListProblem([{ ...a, minDays: 1 }, b, c])).toBe('第一个库龄段须从 0 天开始');
    expect(bucketListProblem([a, { ...b, maxDays: null }, c])).toBe('只有最后一个库龄段可以不设上限（B）');
    expect(bucketListProblem([a, { ...b, code: 'A' }, c])).toBe('库龄段编码不能重复');
    expect(bucketListProblem([])).toBe('至少需要一个库龄段');
  });
});

describe('freshness', () => {
  it('uses the near-expiry window of the shelf-life band', () => {
    expect(nearExpiryWindowDays(730)).toBe(45);
    expect(nearExpiryWindowDays(365)).toBe(45);
    expect(nearExpiryWindowDays(364)).toBe(20);
    expect(nearExpiryWindowDays(180)).toBe(20);
    expect(nearExpiryWindowDays(90)).toBe(15);
    expect(nearExpiryWindowDays(30)).toBe(10);
    expect(nearExpiryWindowDays(16)).toBe(5);
    expect(nearExpiryWindowDays(7)).toBe(3);
  });

  it('classes a 540-day drink by what is left of it', () => {
    expect(freshnessOf(500, 540)).toBe('FRESH');
    expect(freshnessOf(360, 540)).toBe('NORMAL');
    expect(freshnessOf(179, 540)).toBe('WARNING');
    expect(freshnessOf(45, 540)).toBe('NEAR_EXPIRY');
    expect(freshnessOf(0, 540)).toBe('NEAR_EXPIRY');
    expect(freshnessOf(-1, 540)).toBe('EXPIRED');
  });

  it('counts days between calendar dates', () => {
    expect(daysBetween('2026-01-01', '2026-03-01')).toBe(59);
    expect(addDays('2026-01-31', 540)).toBe('2027-07-25');
    expect(daysBetween('2026-01-31', addDays('2026-01-31', 540))).toBe(540);
  });
});
