import { fireEvent, render, screen, within } from '@testing-library/react';
import { BarLineChart, niceTicks, smoothPath } from '../../src/components/charts/BarLineChart';

describe('niceTicks', () => {
  it('covers the values with round steps from zero', () => {
    expect(niceTicks(0, 35680.5)).toEqual([0, 10000, 20000, 30000, 40000]);
    expect(niceTicks(0, 41)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(niceTicks(0, 0.37)).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
  });

  it('keeps counts on whole numbers and shows an axis for nothing', () => {
    expect(niceTicks(0, 2, true)).toEqual([0, 1, 2]);
    expect(niceTicks(0, 0, true)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(niceTicks(0, 0)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });

  it('reaches below zero for negative values', () => {
    expect(niceTicks(-30, 70)).toEqual([-40, -20, 0, 20, 40, 60, 80]);
  });
});

describe('smoothPath', () => {
  it('goes through every point and stays flat at a peak', () => {
    const path = smoothPath([
      [0, 100],
      [10, 0],
      [20, 100],
    ]);
    expect(path.startsWith('M0,100C')).toBe(true);
    expect(path).toContain(' 10,0C');
    expect(path.endsWith(' 20,100')).toBe(true);
    // The tangent at the peak is level: both control points beside it are at its height.
    expect(path).toContain('6.666666666666666,0 10,0C13.333333333333334,0');
  });
});

describe('BarLineChart', () => {
  const categories = ['2026-11-01', '2026-11-02', '2026-11-03'];
  const series = [
    { name: '订单金额', type: 'bar' as const, data: [1200, 35680.5, 0] },
    { name: '订单数', type: 'line' as const, axis: 1 as const, data: [2, 41, 0] },
  ];
  const draw = () =>
    render(
      <BarLineChart
        categories={categories}
        series={series}
        axes={[{ name: '金额(元)' }, { name: '订单数', integer: true }]}
        height={300}
        label="销售趋势图"
      />,
    );

  beforeEach(() => {
    // jsdom lays nothing out: the chart is 600 px wide, at the page's top left.
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
  });
  afterEach(() => jest.restoreAllMocks());

  it('draws the axes, a bar per bucket and the line', () => {
    draw();
    const chart = screen.getByRole('img', { name: '销售趋势图' });
    for (const text of ['金额(元)', '订单数', '40,000', '30,000', '50', ...categories]) {
      expect(within(chart).getByText(text)).toBeInTheDocument();
    }
    expect(chart.querySelectorAll('g[fill="#5470c6"] rect')).toHaveLength(3);
    expect(chart.querySelectorAll('path[stroke="#91cc75"]')).toHaveLength(1);
    expect(chart.querySelectorAll('circle')).toHaveLength(3);
  });

  it('shows every series of the bucket under the pointer', () => {
    draw();
    const chart = screen.getByRole('img', { name: '销售趋势图' });
    // The plot runs from x = 64 to 536: three buckets of 157 px; the second is under x = 300.
    fireEvent.mouseMove(chart, { clientX: 300, clientY: 100 });
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip).toHaveTextContent('2026-11-02');
    expect(tooltip).toHaveTextContent('订单金额35,680.5');
    expect(tooltip).toHaveTextContent('订单数41');
    fireEvent.mouseLeave(chart);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('hides and shows a series from the legend', () => {
    draw();
    const chart = screen.getByRole('img', { name: '销售趋势图' });
    const bars = screen.getByRole('button', { name: '订单金额' });
    fireEvent.click(bars);
    expect(bars).toHaveAttribute('aria-pressed', 'false');
    expect(chart.querySelectorAll('g[fill="#5470c6"] rect')).toHaveLength(0);
    // The left axis no longer holds the amounts.
    expect(within(chart).queryByText('40,000')).not.toBeInTheDocument();
    fireEvent.click(bars);
    expect(chart.querySelectorAll('g[fill="#5470c6"] rect')).toHaveLength(3);
  });
});
