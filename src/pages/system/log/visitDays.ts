// The last seven days of logins for the chart: /sys/visitInfo omits days without logins, the chart
// shows every day (zero when none).
import dayjs from 'dayjs';
import type { VisitDay } from '../../../api/systemLog';

export const VISIT_DAYS = 7;

export interface ChartDay {
  /** MM-dd */
  label: string;
  visit: number;
  ip: number;
}

/** Seven days ending with `today` (yyyy-MM-dd), oldest first. */
export function lastSevenDays(days: readonly VisitDay[], today: string): ChartDay[] {
  const byDate = new Map(days.map((day) => [day.tian, day]));
  return Array.from({ length: VISIT_DAYS }, (_unused, index) => {
    const date = dayjs(today).subtract(VISIT_DAYS - 1 - index, 'day');
    const day = byDate.get(date.format('YYYY-MM-DD'));
    return { label: date.format('MM-DD'), visit: Number(day?.visit ?? 0), ip: Number(day?.ip ?? 0) };
  });
}
