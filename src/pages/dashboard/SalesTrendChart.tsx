// The sales trend of the home dashboard: order amount (bars) and order count (line) per bucket. Its own
// chunk, like the log page's charts: echarts loads only once the dashboard has figures to draw.
import { useMemo } from 'react';
import type { HomeTrend } from '../../../common/home';
import { BarLineChart } from '../../components/charts/BarLineChart';

export const TREND_CHART_HEIGHT = 300;

export default function SalesTrendChart({ trend }: { trend: HomeTrend }) {
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { data: ['订单金额', '订单数'], top: 0 },
      grid: { left: 64, right: 48, top: 40, bottom: 28 },
      xAxis: { type: 'category', data: trend.points.map((point) => point.label) },
      yAxis: [
        { type: 'value', name: '金额(元)' },
        { type: 'value', name: '订单数', minInterval: 1, splitLine: { show: false } },
      ],
      series: [
        {
          name: '订单金额',
          type: 'bar',
          data: trend.points.map((point) => Number(point.amount)),
          barMaxWidth: 28,
        },
        {
          name: '订单数',
          type: 'line',
          yAxisIndex: 1,
          smooth: true,
          data: trend.points.map((point) => point.count),
        },
      ],
    }),
    [trend],
  );
  return <BarLineChart option={option} height={TREND_CHART_HEIGHT} label="销售趋势图" />;
}
