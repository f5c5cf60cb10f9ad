// The bar + line chart of the dashboard and the log page, on echarts (only the parts they use). Pages
// load it lazily, so echarts arrives with the first chart, not with the shell.
import { useEffect, useRef } from 'react';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type ChartOption = echarts.EChartsCoreOption;

/** `option` should keep its identity between renders (useMemo): a new one redraws the chart. */
export function BarLineChart({
  option,
  height,
  label,
}: {
  option: ChartOption;
  height: number;
  label: string;
}) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const chart = echarts.init(node);
    chart.setOption(option);
    // Follows its element, not the window: a collapsed side bar, or a hidden tab shown again, changes
    // its width without a window resize. A hidden element (width 0) keeps the last drawing.
    const observer = new ResizeObserver(([entry]) => {
      if (entry?.contentRect.width) chart.resize();
    });
    observer.observe(node);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [option]);
  return <div ref={element} style={{ height }} role="img" aria-label={label} />;
}
