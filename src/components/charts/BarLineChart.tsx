// The bar + line chart of the dashboard, the log page and 销售分析, drawn as SVG by React: a category axis,
// one or two value axes, a legend that hides and shows a series, and a tooltip with every series' value of
// the bucket under the pointer. A few kilobytes instead of a chart library (issue #23: the home dashboard
// is part of the shell every signed-in user downloads).
import { useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import './BarLineChart.css';

/** The colours of the series, in order (echarts' default palette, which these charts used before). */
export const CHART_COLORS = [
  '#5470c6',
  '#91cc75',
  '#fac858',
  '#ee6666',
  '#73c0de',
  '#3ba272',
  '#fc8452',
  '#9a60b4',
  '#ea7ccc',
];

export interface ChartSeries {
  name: string;
  type: 'bar' | 'line';
  /** One value per category. */
  data: number[];
  /** The value axis it is read on: 0 at the left (default), 1 at the right. */
  axis?: 0 | 1;
}

export interface ChartAxis {
  /** Shown above the axis. */
  name?: string;
  /** Ticks on whole numbers only (counts). */
  integer?: boolean;
}

const LEGEND_HEIGHT = 28;
const MARGIN = { top: 24, bottom: 28 };
const AXIS_WIDTH = { named: 64, plain: 44, none: 16 };
const TICKS = 5;
const LABEL_FONT_PX = 12;
/** Markers on the line while the points are few enough to tell apart. */
const MARKERS_UP_TO = 31;

export const formatValue = (value: number) => value.toLocaleString('zh-CN', { maximumFractionDigits: 2 });

/** Round ticks from below `min` to above `max`: steps of 1, 2 or 5 times a power of ten. */
export function niceTicks(min: number, max: number, integer = false): number[] {
  const low = Math.min(0, min);
  const high = max > low ? max : low + (integer ? TICKS : 1);
  const raw = (high - low) / TICKS;
  const power = 10 ** Math.floor(Math.log10(raw));
  let step = ([1, 2, 5, 10].map((factor) => factor * power).find((each) => each >= raw) ?? raw) as number;
  if (integer) step = Math.max(1, Math.ceil(step));
  const first = Math.floor(low / step);
  const last = Math.ceil(high / step);
  const ticks: number[] = [];
  for (let index = first; index <= last; index += 1) ticks.push(Number((index * step).toPrecision(12)));
  return ticks;
}

/** A smooth path through the points that never overshoots them (monotone cubic, Fritsch–Carlson). */
export function smoothPath(points: Array<[number, number]>): string {
  if (points.length === 0) return '';
  const [x0, y0] = points[0];
  if (points.length === 1) return `M${x0},${y0}`;
  const slopes = points.slice(1).map(([x, y], index) => (y - points[index][1]) / (x - points[index][0]));
  const tangents = points.map((_, index) => {
    if (index === 0) return slopes[0];
    if (index === points.length - 1) return slopes[index - 1];
    const [before, after] = [slopes[index - 1], slopes[index]];
    return before * after <= 0 ? 0 : (2 * before * after) / (before + after);
  });
  let path = `M${x0},${y0}`;
  for (let index = 1; index < points.length; index += 1) {
    const [xa, ya] = points[index - 1];
    const [xb, yb] = points[index];
    const third = (xb - xa) / 3;
    path += `C${xa + third},${ya + tangents[index - 1] * third} ${xb - third},${yb - tangents[index] * third} ${xb},${yb}`;
  }
  return path;
}

function useWidth() {
  const element = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const node = element.current;
    if (!node) return;
    setWidth(node.clientWidth);
    // Follows its element, not the window: a collapsed side bar, or a hidden tab shown again, changes its
    // width without a window resize. A hidden element (width 0) keeps the last drawing.
    const observer = new ResizeObserver(([entry]) => {
      if (entry?.contentRect.width) setWidth(entry.contentRect.width);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return { element, width };
}

export function BarLineChart({
  categories,
  series,
  axes = [{}],
  height,
  label,
  barMaxWidth = 28,
}: {
  categories: string[];
  series: ChartSeries[];
  axes?: ChartAxis[];
  /** Legend and plot together, px. */
  height: number;
  /** The chart's accessible name. */
  label: string;
  barMaxWidth?: number;
}) {
  const { element, width } = useWidth();
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [hovered, setHovered] = useState<{ index: number; x: number; y: number } | null>(null);
  const shown = series.filter((_, index) => !hidden.has(index));
  const plotHeight = height - LEGEND_HEIGHT;

  const scales = useMemo(
    () =>
      axes.map((axis, axisIndex) => {
        const values = shown.filter((each) => (each.axis ?? 0) === axisIndex).flatMap((each) => each.data);
        const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values), axis.integer);
        return { ...axis, ticks, low: ticks[0], high: ticks[ticks.length - 1] };
      }),
    [axes, shown],
  );
  const widthOf = (axis: ChartAxis | undefined) =>
    !axis ? AXIS_WIDTH.none : axis.name ? AXIS_WIDTH.named : AXIS_WIDTH.plain;
  const left = widthOf(axes[0]);
  const right = widthOf(axes[1]);
  const plotWidth = Math.max(0, width - left - right);
  const bottom = plotHeight - MARGIN.bottom;
  const band = categories.length ? plotWidth / categories.length : 0;
  const yOf = (value: number, axisIndex: number) => {
    const { low, high } = scales[axisIndex] ?? scales[0];
    return bottom - ((value - low) / (high - low)) * (bottom - MARGIN.top);
  };
  const bars = shown.filter((each) => each.type === 'bar');
  const barWidth = bars.length ? Math.min(barMaxWidth, (band * 0.7) / bars.length) : 0;
  const longestLabel = Math.max(1, ...categories.map((category) => category.length));
  const labelEvery = Math.max(
    1,
    Math.ceil(((longestLabel * LABEL_FONT_PX * 0.62 + 12) * categories.length) / plotWidth),
  );
  const centre = (index: number) => left + band * (index + 0.5);

  const onMouseMove = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - box.left;
    const y = event.clientY - box.top;
    const index = Math.floor((x - left) / band);
    setHovered(index >= 0 && index < categories.length ? { index, x, y } : null);
  };

  return (
    <div className="bar-line-chart" style={{ height }}>
      <div className="bar-line-chart-legend">
        {series.map((each, index) => (
          <button
            key={index}
            type="button"
            aria-pressed={!hidden.has(index)}
            onClick={() =>
              setHidden((before) => {
                const after = new Set(before);
                if (!after.delete(index)) after.add(index);
                return after;
              })
            }
          >
            <span
              className={`bar-line-chart-swatch bar-line-chart-swatch-${each.type}`}
              style={{ background: CHART_COLORS[index % CHART_COLORS.length] }}
            />
            {each.name}
          </button>
        ))}
      </div>
      <div
        ref={element}
        className="bar-line-chart-plot"
        role="img"
        aria-label={label}
        style={{ height: plotHeight }}
        onMouseMove={onMouseMove}
        onMouseLeave={() => setHovered(null)}
      >
        {width > 0 && (
          <svg width={width} height={plotHeight} aria-hidden>
            {hovered && (
              <rect
                className="bar-line-chart-pointer"
                x={left + band * hovered.index}
                y={MARGIN.top}
                width={band}
                height={bottom - MARGIN.top}
              />
            )}
            {scales.map((scale, axisIndex) => {
              const x = axisIndex === 0 ? left : left + plotWidth;
              const anchor = axisIndex === 0 ? 'end' : 'start';
              const offset = axisIndex === 0 ? -8 : 8;
              return (
                <g key={axisIndex} className="bar-line-chart-axis">
                  {scale.name && (
                    <text x={x} y={MARGIN.top - 10} textAnchor="middle">
                      {scale.name}
                    </text>
                  )}
                  {scale.ticks.map((tick) => (
                    <g key={tick}>
                      {axisIndex === 0 && (
                        <line
                          className="bar-line-chart-split"
                          x1={left}
                          x2={left + plotWidth}
                          y1={yOf(tick, 0)}
                          y2={yOf(tick, 0)}
                        />
                      )}
                      <text
                        x={x + offset}
                        y={yOf(tick, axisIndex)}
                        textAnchor={anchor}
                        dominantBaseline="middle"
                      >
                        {formatValue(tick)}
                      </text>
                    </g>
                  ))}
                </g>
              );
            })}
            <g className="bar-line-chart-axis">
              <line
                className="bar-line-chart-baseline"
                x1={left}
                x2={left + plotWidth}
                y1={bottom}
                y2={bottom}
              />
              {categories.map((category, index) =>
                index % labelEvery === 0 ? (
                  <text key={index} x={centre(index)} y={bottom + 16} textAnchor="middle">
                    {category}
                  </text>
                ) : null,
              )}
            </g>
            {shown.map((each) => {
              const seriesIndex = series.indexOf(each);
              const color = CHART_COLORS[seriesIndex % CHART_COLORS.length];
              const axisIndex = each.axis ?? 0;
              if (each.type === 'bar') {
                const slot = bars.indexOf(each) - (bars.length - 1) / 2;
                return (
                  <g key={seriesIndex} fill={color}>
                    {each.data.map((value, index) => {
                      const [yValue, yZero] = [yOf(value, axisIndex), yOf(0, axisIndex)];
                      return (
                        <rect
                          key={index}
                          x={centre(index) + (slot - 0.5) * barWidth}
                          y={Math.min(yValue, yZero)}
                          width={Math.max(1, barWidth - 1)}
                          height={Math.abs(yZero - yValue)}
                        />
                      );
                    })}
                  </g>
                );
              }
              const points = each.data.map((value, index): [number, number] => [
                centre(index),
                yOf(value, axisIndex),
              ]);
              return (
                <g key={seriesIndex}>
                  <path d={smoothPath(points)} fill="none" stroke={color} strokeWidth={2} />
                  {points.length <= MARKERS_UP_TO &&
                    points.map(([x, y], index) => (
                      <circle
                        key={index}
                        cx={x}
                        cy={y}
                        r={hovered?.index === index ? 4 : 3}
                        fill="#fff"
                        stroke={color}
                        strokeWidth={1.5}
                      />
                    ))}
                </g>
              );
            })}
          </svg>
        )}
        {hovered && (
          <div
            className="bar-line-chart-tooltip"
            role="tooltip"
            style={{
              top: hovered.y + 12,
              ...(hovered.x > width / 2 ? { right: width - hovered.x + 12 } : { left: hovered.x + 12 }),
            }}
          >
            <div>{categories[hovered.index]}</div>
            {shown.map((each) => (
              <div key={series.indexOf(each)} className="bar-line-chart-tooltip-row">
                <span
                  className="bar-line-chart-swatch"
                  style={{ background: CHART_COLORS[series.indexOf(each) % CHART_COLORS.length] }}
                />
                <span>{each.name}</span>
                <b>{formatValue(each.data[hovered.index] ?? 0)}</b>
              </div>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
