// A list's paging, sort and filters as URL search parameters (react-admin style): the address of a list
// page says what it shows, so back/forward, reload and a shared link restore it. Defaults are left out of
// the URL; parameters the list does not own (a tab, a redirect) are kept untouched.
import type { ListParams } from '../../api/systemTypes';

export const PAGE_SIZE_OPTIONS = [10, 20, 30] as const;
export const DEFAULT_PAGE_SIZE = 10;

export type SortOrder = 'asc' | 'desc';

export interface ListQuery {
  /** 1-based. */
  pageNo: number;
  pageSize: number;
  column?: string;
  order?: SortOrder;
  /** Filter values by field name, as typed (empty values are dropped). */
  filters: Record<string, string>;
}

export interface ListQueryOptions {
  /** The filter fields the list owns in the URL. */
  filterKeys: readonly string[];
  /** The sortable columns; any other `column` in the URL is ignored. */
  sortKeys?: readonly string[];
  defaultSort?: { column: string; order: SortOrder };
}

function positiveInt(raw: string | null): number | undefined {
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1 ? value : undefined;
}

export function parseListQuery(search: URLSearchParams, options: ListQueryOptions): ListQuery {
  const size = positiveInt(search.get('pageSize'));
  const column = search.get('column') ?? undefined;
  const order = search.get('order');
  const sorted = column !== undefined && (options.sortKeys ?? []).includes(column);
  const filters: Record<string, string> = {};
  options.filterKeys.forEach((key) => {
    const value = search.get(key);
    if (value) filters[key] = value;
  });
  return {
    pageNo: positiveInt(search.get('pageNo')) ?? 1,
    pageSize:
      size !== undefined && (PAGE_SIZE_OPTIONS as readonly number[]).includes(size)
        ? size
        : DEFAULT_PAGE_SIZE,
    column: sorted ? column : options.defaultSort?.column,
    order: sorted ? (order === 'asc' ? 'asc' : 'desc') : options.defaultSort?.order,
    filters,
  };
}

/** `search` with the list's own parameters replaced by `query` (defaults omitted). */
export function writeListQuery(
  search: URLSearchParams,
  query: ListQuery,
  options: ListQueryOptions,
): URLSearchParams {
  const next = new URLSearchParams(search);
  ['pageNo', 'pageSize', 'column', 'order', ...options.filterKeys].forEach((key) => next.delete(key));
  if (query.pageNo > 1) next.set('pageNo', String(query.pageNo));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) next.set('pageSize', String(query.pageSize));
  const isDefaultSort =
    query.column === options.defaultSort?.column && query.order === options.defaultSort?.order;
  if (query.column && !isDefaultSort) {
    next.set('column', query.column);
    next.set('order', query.order ?? 'desc');
  }
  options.filterKeys.forEach((key) => {
    const value = query.filters[key];
    if (value) next.set(key, value);
  });
  return next;
}

/** The server's list parameters (API.md §2.2) for a query. */
export function toListParams(query: ListQuery): ListParams {
  return {
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    column: query.column,
    order: query.order,
    ...query.filters,
  };
}

/** `*x*`: the server's "contains" form of a filter value (API.md Part A "Lists"). */
export function contains(value: string | undefined): string | undefined {
  return value ? `*${value}*` : undefined;
}
