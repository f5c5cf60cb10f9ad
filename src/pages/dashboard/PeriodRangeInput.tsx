// The dashboard's date range picker proper: antd's RangePicker (its own chunk, loaded by PeriodRangePicker
// when the user reaches for it).
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { HOME_RANGE_MAX_DAYS } from '../../../common/home';
import type { PeriodRangeProps } from './PeriodRangePicker';

const DATE = 'YYYY-MM-DD';

/** A range longer than the server accepts cannot be picked. */
function tooLong(current: Dayjs, info: { from?: Dayjs }): boolean {
  if (current.isAfter(dayjs(), 'day')) return true;
  return info.from ? Math.abs(current.diff(info.from, 'day')) >= HOME_RANGE_MAX_DAYS : false;
}

export default function PeriodRangeInput({
  range,
  onChange,
  opened,
}: PeriodRangeProps & { opened: boolean }) {
  return (
    <DatePicker.RangePicker
      aria-label="统计期间"
      value={range ? [dayjs(range[0]), dayjs(range[1])] : null}
      disabledDate={tooLong}
      allowClear={false}
      // Reached by a click or the keyboard: it opens as if the click had met it.
      autoFocus={opened}
      defaultOpen={opened}
      onChange={(dates) => {
        if (dates?.[0] && dates[1]) onChange([dates[0].format(DATE), dates[1].format(DATE)]);
      }}
    />
  );
}
