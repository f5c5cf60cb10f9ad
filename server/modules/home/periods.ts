// The period a dashboard figure covers, as local dates of Asia/Shanghai (UTC+8 all year, no daylight
// saving, so a fixed offset is exact). Periods run up to the end of today: 本周 is Monday to today.
import { HOME_RANGE_MAX_DAYS, type HomePeriodQuery, type HomeTrendUnit } from '../../../common/home';
import { BusinessError } from '../../http/envelope';

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ResolvedPeriod {
  /** First local day, 'YYYY-MM-DD'. */
  start: string;
  /** The local day after the last one (exclusive), 'YYYY-MM-DD'. */
  end: string;
  unit: HomeTrendUnit;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) => isoDay(new Date(Date.parse(day) + days * DAY_MS));

/** A real calendar day: Date.parse rolls 2026-02-30 over to March, so the round trip must match. */
const isDay = (text: string) =>
  !Number.isNaN(Date.parse(text)) && isoDay(new Date(Date.parse(text))) === text;

/** Today's local date in Shanghai. */
export function shanghaiToday(now: Date): string {
  return isoDay(new Date(now.getTime() + SHANGHAI_OFFSET_MS));
}

export function monthToDate(now: Date): ResolvedPeriod {
  const today = shanghaiToday(now);
  return { start: `${today.slice(0, 7)}-01`, end: addDays(today, 1), unit: 'day' };
}

export function resolvePeriod(query: HomePeriodQuery, now: Date): ResolvedPeriod {
  const today = shanghaiToday(now);
  const tomorrow = addDays(today, 1);
  switch (query.period) {
    case 'today':
      return { start: today, end: tomorrow, unit: 'hour' };
    case 'week': {
      // getUTCDay of a bare date is its weekday; Sunday (0) is the last day of the Chinese week.
      const weekday = new Date(Date.parse(today)).getUTCDay();
      return { start: addDays(today, -((weekday + 6) % 7)), end: tomorrow, unit: 'day' };
    }
    case 'month':
      return monthToDate(now);
    case 'year':
      return { start: `${today.slice(0, 4)}-01-01`, end: tomorrow, unit: 'month' };
    case 'custom': {
      const { startDate, endDate } = query;
      if (!startDate || !endDate) throw new BusinessError(400, '请选择开始日期和结束日期');
      if (!isDay(startDate) || !isDay(endDate)) throw new BusinessError(400, '日期格式应为YYYY-MM-DD');
      if (startDate > endDate) throw new BusinessError(400, '开始日期不能晚于结束日期');
      const days = (Date.parse(endDate) - Date.parse(startDate)) / DAY_MS + 1;
      if (days > HOME_RANGE_MAX_DAYS)
        throw new BusinessError(400, `统计期间不能超过${HOME_RANGE_MAX_DAYS}天`);
      return { start: startDate, end: addDays(endDate, 1), unit: 'day' };
    }
  }
}
