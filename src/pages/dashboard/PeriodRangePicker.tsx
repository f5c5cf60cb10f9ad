// The dashboard's 统计期间 range: a stand-in that looks like antd's RangePicker until the user reaches for it
// (pointer over it, a click, a tap or the keyboard's focus), then the real picker, whose code (rc-picker,
// about 30 KB gzip) is not part of the shell every signed-in user downloads (issue #23).
import { lazy, Suspense, useState } from 'react';
import { CalendarOutlined, SwapRightOutlined } from '@ant-design/icons';
import './PeriodRangePicker.css';

export interface PeriodRangeProps {
  /** 'YYYY-MM-DD' start and end, or none. */
  range: [string, string] | null;
  onChange: (range: [string, string]) => void;
}

const PeriodRangeInput = lazy(
  () => import(/* webpackChunkName: "dashboard-range-picker" */ './PeriodRangeInput'),
);

type Wanted = 'near' | 'opened';

function StandIn({ range, onWant }: { range: [string, string] | null; onWant: (wanted: Wanted) => void }) {
  const open = () => onWant('opened');
  return (
    <div
      className="period-range-stand-in"
      onMouseEnter={() => onWant('near')}
      onTouchStart={open}
      onClick={open}
    >
      <input readOnly placeholder="开始日期" value={range?.[0] ?? ''} aria-label="统计期间" onFocus={open} />
      <SwapRightOutlined className="period-range-stand-in-separator" />
      <input readOnly placeholder="结束日期" value={range?.[1] ?? ''} tabIndex={-1} />
      <CalendarOutlined className="period-range-stand-in-suffix" />
    </div>
  );
}

export function PeriodRangePicker({ range, onChange }: PeriodRangeProps) {
  const [wanted, setWanted] = useState<Wanted | null>(null);
  const want = (next: Wanted) => setWanted((before) => (before === 'opened' ? before : next));
  const standIn = <StandIn range={range} onWant={want} />;
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <PeriodRangeInput range={range} onChange={onChange} opened={wanted === 'opened'} />
    </Suspense>
  );
}
