// The data side of a list page: the query (paging, sort, filters) lives in the URL — or, for a list
// inside a drawer, in component state — and every change of it loads that page from the server.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Envelope, Page } from '../../../common/contract';
import type { ListParams } from '../../api/systemTypes';
import { toast } from '../../utils/notifier';
import {
  parseListQuery,
  toListParams,
  writeListQuery,
  type ListQuery,
  type ListQueryOptions,
} from './listQuery';

/** Loads one page; the page may turn the query into its server's filter forms. */
export type ListFetcher<T> = (params: ListParams, query: ListQuery) => Promise<Envelope<Page<T> | T[]>>;

export interface ListPageOptions<T> extends ListQueryOptions {
  fetch: ListFetcher<T>;
  /** 'url' (default): the query is the page's search parameters; 'local': kept in state. */
  source?: 'url' | 'local';
  /** Fixed parameters of every request (a drawer's parent id). */
  fixedParams?: ListParams;
}

export interface ListPageState<T> {
  query: ListQuery;
  /** The fixed parameters of every request, which an export of the list sends too. */
  fixedParams: ListParams;
  records: T[];
  total: number;
  loading: boolean;
  /** The first answer (or failure) arrived: before it an empty table is not yet "no data". */
  loaded: boolean;
  /** Replaces the filters and goes back to page 1. */
  search: (filters: Record<string, string | undefined>) => void;
  /** Changes paging and/or sort (a new sort or page size goes back to page 1). */
  change: (next: Partial<Pick<ListQuery, 'pageNo' | 'pageSize' | 'column' | 'order'>>) => void;
  /** Loads the current query again (after a command). */
  reload: () => void;
}

function useQuerySource(source: 'url' | 'local') {
  const [searchParams, setSearchParams] = useSearchParams();
  const [local, setLocal] = useState(() => new URLSearchParams());
  const current = source === 'url' ? searchParams : local;
  const write = useCallback(
    (build: (previous: URLSearchParams) => URLSearchParams) => {
      if (source === 'url') setSearchParams(build);
      else setLocal(build);
    },
    [source, setSearchParams],
  );
  return [current, write] as const;
}

function cleanFilters(filters: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1]?.trim())),
  );
}

export function useListPage<T>(options: ListPageOptions<T>): ListPageState<T> {
  const { fetch, source = 'url', fixedParams, ...queryOptions } = options;
  const [search, write] = useQuerySource(source);
  const optionsRef = useRef(queryOptions);
  optionsRef.current = queryOptions;
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;

  const searchKey = search.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the query changes only with the URL
  const query = useMemo(() => parseListQuery(search, optionsRef.current), [searchKey]);
  const fixedKey = JSON.stringify(fixedParams ?? {});
  // Parsed from its text: a new object of the same parameters is no change.
  const fixed = useMemo(() => JSON.parse(fixedKey) as ListParams, [fixedKey]);
  const [reloads, setReloads] = useState(0);
  const [data, setData] = useState<{ records: T[]; total: number }>({ records: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let current = true;
    setLoading(true);
    const params = { ...toListParams(query), ...fixed };
    fetchRef
      .current(params, query)
      .then((answer) => {
        if (!current) return;
        if (!answer.success) {
          toast('warning', answer.message || '查询失败');
          return;
        }
        const result = answer.result;
        const records = Array.isArray(result) ? result : (result?.records ?? []);
        const total = Array.isArray(result) ? result.length : (result?.total ?? 0);
        setData({ records, total });
      })
      // A transport failure was shown by the HTTP error saga; the table keeps what it had.
      .catch(() => undefined)
      .finally(() => {
        if (!current) return;
        setLoading(false);
        setLoaded(true);
      });
    return () => {
      current = false;
    };
  }, [query, fixed, reloads]);

  const update = useCallback(
    (next: Partial<ListQuery>) =>
      write((previous) => {
        const base = parseListQuery(previous, optionsRef.current);
        return writeListQuery(previous, { ...base, ...next }, optionsRef.current);
      }),
    [write],
  );

  return {
    query,
    fixedParams: fixed,
    records: data.records,
    total: data.total,
    loading,
    loaded,
    search: useCallback((filters) => update({ filters: cleanFilters(filters), pageNo: 1 }), [update]),
    change: useCallback(
      (next) => {
        const resetsPage =
          (next.pageSize !== undefined && next.pageSize !== query.pageSize) ||
          (next.column !== undefined && next.column !== query.column) ||
          (next.order !== undefined && next.order !== query.order);
        update(resetsPage ? { ...next, pageNo: 1 } : next);
      },
      [update, query],
    ),
    reload: useCallback(() => setReloads((count) => count + 1), []),
  };
}
