// A date range that is one picker in a list's search form and two fields in its URL (`<field>_begin` and
// `<field>_end`, YYYY-MM-DD), for ListPage's toFilters and toFormValues.
import dayjs, { type Dayjs } from 'dayjs';

const DAY = 'YYYY-MM-DD';

export function dateRangeFields(field: string) {
  const begin = `${field}_begin`;
  const end = `${field}_end`;
  return {
    toFilters(values: Record<string, unknown>): Record<string, string | undefined> {
      const { [field]: picked, ...rest } = values;
      const range = picked as [Dayjs | null, Dayjs | null] | null | undefined;
      return {
        ...Object.fromEntries(
          Object.entries(rest).map(([key, value]) => [key, value == null ? undefined : String(value).trim()]),
        ),
        [begin]: range?.[0]?.format(DAY),
        [end]: range?.[1]?.format(DAY),
      };
    },
    toFormValues(filters: Record<string, string>): Record<string, unknown> {
      const { [begin]: from, [end]: to, ...rest } = filters;
      return {
        ...rest,
        [field]: from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : undefined,
      };
    },
  };
}
