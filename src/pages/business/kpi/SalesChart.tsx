// The chart beside 销售分析's table: the amount of the biggest groups per bucket, as bars (as lines past 20
// buckets). The project's SVG chart (src/components/charts), loaded lazily with this chunk.
import type { SalesAnalysis } from '../../../../common/kpi';
import { BarLineChart, type ChartAxis } from '../../../components/charts/BarLineChart';

const SHOWN_GROUPS = 6;
const AXES: ChartAxis[] = [{ name: '金额(元)' }];

export default function SalesChart({ analysis }: { analysis: SalesAnalysis }) {
  const type = analysis.buckets.length > 20 ? 'line' : 'bar';
  const series = analysis.groups.slice(0, SHOWN_GROUPS).map((group) => {
    const byBucket = new Map(group.rows.map((row) => [row.bucket, row.amount]));
    return {
      name: group.name,
      type,
      data: analysis.buckets.map((bucket) => byBucket.get(bucket) ?? 0),
    } as const;
  });
  return (
    <BarLineChart categories={analysis.buckets} series={series} axes={AXES} height={360} label="销售分析图" />
  );
}
