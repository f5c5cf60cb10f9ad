// 目标设置's paste from Excel and 销售分析's table lines: what a block copied from Excel becomes, and where the
// subtotals and the total stand.
import { achievementColour, periodRange } from '../../../common/kpi';
import { parseClipboardGrid } from '../../../src/pages/business/kpi/KpiTargetsPage';
import { linesOf } from '../../../src/pages/business/kpi/SalesAnalysisPage';

describe('paste from Excel', () => {
  it('reads rows by line and cells by tab, thousands separators and blanks included', () => {
    expect(parseClipboardGrid('1,000\t2000\r\n\t¥300\r\n')).toEqual([
      [1000, 2000],
      [null, 300],
    ]);
  });

  it('leaves text and negative numbers empty', () => {
    expect(parseClipboardGrid('abc\t-5\t7')).toEqual([[null, null, 7]]);
  });
});

describe('KPI periods and colours', () => {
  it('spans quarters and months to the day after their last', () => {
    expect(periodRange('2026-Q4')).toEqual({ start: '2026-10-01', end: '2027-01-01' });
    expect(periodRange('2026-12')).toEqual({ start: '2026-12-01', end: '2027-01-01' });
    expect(periodRange('2026')).toEqual({ start: '2026-01-01', end: '2027-01-01' });
  });

  it('colours green at or above progress, amber within 10 points, red below', () => {
    expect(achievementColour(0.5, 0.5)).toBe('green');
    expect(achievementColour(0.41, 0.5)).toBe('amber');
    expect(achievementColour(0.39, 0.5)).toBe('red');
    expect(achievementColour(null, 0.5)).toBe('none');
  });
});

describe('sales analysis lines', () => {
  it('puts each group’s subtotal after its buckets and the total last', () => {
    const row = (bucket: string, amount: number) => ({
      key: 'A',
      name: '华南大区',
      bucket,
      amount,
      cases: 1,
      orders: 1,
      amountLastYear: null,
      amountLastPeriod: null,
      yoy: null,
      mom: null,
    });
    const lines = linesOf({
      buckets: ['2026-01', '2026-02'],
      groups: [
        {
          key: 'A',
          name: '华南大区',
          amount: 30,
          cases: 2,
          orders: 2,
          rows: [row('2026-01', 10), row('2026-02', 20)],
        },
      ],
      total: { amount: 30, cases: 2, orders: 2 },
    });
    expect(lines.map((line) => [line.name, line.amount])).toEqual([
      ['华南大区', 10],
      ['华南大区', 20],
      ['华南大区 小计', 30],
      ['合计', 30],
    ]);
  });
});
