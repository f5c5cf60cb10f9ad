// The sales trend of the home dashboard: order amount (bars, left axis) and order count (line, right axis)
// per bucket. Its own chunk, loaded once the dashboard has figures to draw.
import type { HomeTrend } from '../../../common/home';
import { BarLineChart, type ChartAxis } from '../../components/charts/BarLineChart';

export const TREND_CHART_HEIGHT = 300;
const AXES: ChartAxis[] = [{ name: '金额(元)' }, { name: '订单数', integer: true }];

export default function SalesTrendChart({ trend }: { trend: HomeTrend }) {
  return (
    <BarLineChart
      categories={trend.points.map((point) => point.label)}
      series={[
        { name: '订单金额', type: 'bar', data: trend.points.map((point) => Number(point.amount)) },
        { name: '订单数', type: 'line', axis: 1, data: trend.points.map((point) => point.count) },
      ]}
      axes={AXES}
      height={TREND_CHART_HEIGHT}
      label="销售趋势图"
    />
  );
}
