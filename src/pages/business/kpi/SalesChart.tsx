// The chart beside 销售分析's table: the amount of the biggest groups per bucket, as bars. echarts is the
// chart library the project already uses (src/components/charts), loaded lazily with this chunk.
import { useMemo } from 'react';
import type { SalesAnalysis } from '../../../../common/kpi';
import { BarLineChart } from '../../../components/charts/BarLineChart';

const SHOWN_GROUPS = 6;

export default function SalesChart({ analysis }: { analysis: SalesAnalysis }) {
  const option = useMemo(() => {
    const groups = analysis.groups.slice(0, SHOWN_GROUPS);
    return {
      tooltip: { trigger: 'axis' },
      legend: { type: 'scroll', top: 0 },
      grid: { left: 60, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: analysis.buckets },
      yAxis: { type: 'value', name: '金额(元)' },
      series: groups.map((group) => {
        const byBucket = new Map(group.rows.map((row) => [row.bucket, row.amount]));
        return {
          name: group.name,
          type: analysis.buckets.length > 20 ? 'line' : 'bar',
          data: analysis.buckets.map((bucket) => byBucket.get(bucket) ?? 0),
        };
      }),
    };
  }, [analysis]);
  return <BarLineChart option={option} height={360} label="销售分析图" />;
}
