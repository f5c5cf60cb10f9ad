// The rebate tier logic (DOMAIN §1.9): left-closed, right-open intervals, the benefit of a tier with the cap,
// what makes a set of tiers unusable, and the periods' keys and ranges.
import {
  periodOf,
  periodRange,
  previousYearPeriod,
  rebateCents,
  tierFor,
  tierProblem,
  type RebateTier,
} from '../../common/rebates';

const tiers: RebateTier[] = [
  { tierNo: 1, label: '铜', minValue: 0, maxValue: 1000, benefitType: 'PERCENT', benefitValue: 1 },
  { tierNo: 2, label: '银', minValue: 1000, maxValue: 2000, benefitType: 'PERCENT', benefitValue: 2.5 },
  { tierNo: 3, label: '金', minValue: 2000, maxValue: null, benefitType: 'FIXED', benefitValue: 80 },
];

describe('rebate tiers', () => {
  it('reads intervals left-closed and right-open', () => {
    expect(tierFor(tiers, -0.01)).toBeNull();
    expect(tierFor(tiers, 0)?.tierNo).toBe(1);
    expect(tierFor(tiers, 999.99)?.tierNo).toBe(1);
    expect(tierFor(tiers, 1000)?.tierNo).toBe(2);
    expect(tierFor(tiers, 1999.99)?.tierNo).toBe(2);
    expect(tierFor(tiers, 2000)?.tierNo).toBe(3);
    expect(tierFor(tiers, 1e9)?.tierNo).toBe(3);
    // A gap between tiers reaches none.
    expect(tierFor([tiers[0], { ...tiers[1], minValue: 1200 }], 1100)).toBeNull();
  });

  it('pays a percentage of the net amount (half up to the cent) or the fixed sum, within the cap', () => {
    // 1234.56 × 2.5% = 30.864 → 30.86
    expect(rebateCents(tiers[1], 123456, null)).toBe(3086);
    // 1000.20 × 2.5% = 25.005 → 25.01
    expect(rebateCents(tiers[1], 100020, null)).toBe(2501);
    expect(rebateCents(tiers[2], 500000, null)).toBe(8000);
    expect(rebateCents(tiers[1], 123456, 2000)).toBe(2000);
    expect(rebateCents(null, 123456, null)).toBe(0);
    // A negative net (more returned than bought) pays nothing.
    expect(rebateCents(tiers[0], -5000, null)).toBe(0);
  });

  it('refuses tiers that overlap, are empty or leave an open tier before the last', () => {
    expect(tierProblem(tiers)).toBeNull();
    expect(tierProblem([])).toBe('请至少设置一个档位');
    expect(tierProblem([{ ...tiers[0], maxValue: 0 }])).toBe('第 1 档：上限必须大于下限');
    expect(tierProblem([tiers[0], { ...tiers[1], minValue: 900 }])).toBe(
      '第 2 档：下限不能小于上一档的上限（区间左闭右开）',
    );
    expect(tierProblem([{ ...tiers[0], maxValue: null }, tiers[1]])).toBe(
      '第 1 档：无上限的档位只能是最后一档',
    );
    expect(tierProblem([{ ...tiers[0], benefitValue: 101 }])).toBe('第 1 档：返利比例不能超过 100%');
  });

  it('knows the periods: keys, ranges and the same period a year before', () => {
    expect(periodRange('MONTH', '2026-03')).toEqual({ start: '2026-03-01', end: '2026-04-01' });
    expect(periodRange('MONTH', '2026-12')).toEqual({ start: '2026-12-01', end: '2027-01-01' });
    expect(periodRange('QUARTER', '2026-Q4')).toEqual({ start: '2026-10-01', end: '2027-01-01' });
    expect(periodRange('YEAR', '2026')).toEqual({ start: '2026-01-01', end: '2027-01-01' });
    expect(periodRange('MONTH', '2026-13')).toBeNull();
    expect(periodRange('QUARTER', '2026-03')).toBeNull();
    expect(periodOf('QUARTER', '2026-08-15')).toBe('2026-Q3');
    expect(periodOf('MONTH', '2026-08-15')).toBe('2026-08');
    expect(previousYearPeriod('2026-Q2')).toBe('2025-Q2');
  });
});
