// A server-paged list whose paging, sort and filters live in the page's URL, so back/forward, reload and a
// shared link show the same rows. Defaults stay out of the URL.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TableProps } from 'antd';
import { PAGE_SIZE_DEFAULT } from '../../../../common/constants';
import type { Envelope, Page } from '../../../../common/contract';
import { toast } from '../../../utils/notifier';

export interface UrlListQuery {
  pageNo: number;
  pageSize: number;
  column?: string;
  order?: 'asc' | 'desc';
  /** Filters by field name; empty ones are left out. */
  filters: Record<string, string>;
}

export interface UrlList<T> {
  query: UrlListQuery;
  records: T[];
  total: number;
  loading: boolean;
  /** New filters, back to page 1. */
  search(filters: Record<string, string | undefined>): void;
  change(next: Partial<Omit<UrlListQuery, 'filters'>>): void;
  reload(): void;
}

const PAGING_KEYS = ['pageNo', 'pageSize', 'column', 'order'];

function positive(text: string | null, fallback: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** The request parameters of a list query (its export's too: the server ignores the paging there). */
export function urlListParams(query: UrlListQuery): Record<string, string | number> {
  const params: Record<string, string | number> = { pageNo: query.pageNo, pageSize: query.pageSize };
  if (query.column && query.order) Object.assign(params, { column: query.column, order: query.order });
  return Object.assign(params, query.filters);
}

export function useUrlList<T>(
  fetch: (params: Record<string, string | number>) => Promise<Envelope<Page<T>>>,
  filterNames: readonly string[],
): UrlList<T> {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  const query = useMemo((): UrlListQuery => {
    const params = new URLSearchParams(key);
    const order = params.get('order');
    return {
      pageNo: positive(params.get('pageNo'), 1),
      pageSize: positive(params.get('pageSize'), PAGE_SIZE_DEFAULT),
      column: params.get('column') ?? undefined,
      order: order === 'asc' || order === 'desc' ? order : undefined,
      filters: Object.fromEntries(
        filterNames.flatMap((name) => (params.get(name) ? [[name, params.get(name) as string]] : [])),
      ),
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the names are fixed per page
  }, [key]);
  const [reloads, setReloads] = useState(0);
  const [data, setData] = useState<{ records: T[]; total: number }>({ records: [], total: 0 });
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    setLoading(true);
    fetch(urlListParams(query))
      .then((answer) => {
        if (!current) return;
        if (answer.success) setData({ records: answer.result.records, total: answer.result.total });
        else toast('warning', answer.message);
      })
      // A transport failure has been shown by the HTTP layer; the table keeps its rows.
      .catch(() => undefined)
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [fetch, query, reloads]);

  const write = useCallback(
    (next: UrlListQuery) =>
      setSearchParams((previous) => {
        const params = new URLSearchParams(previous);
        [...PAGING_KEYS, ...filterNames].forEach((name) => params.delete(name));
        if (next.pageNo !== 1) params.set('pageNo', String(next.pageNo));
        if (next.pageSize !== PAGE_SIZE_DEFAULT) params.set('pageSize', String(next.pageSize));
        if (next.column && next.order) {
          params.set('column', next.column);
          params.set('order', next.order);
        }
        Object.entries(next.filters).forEach(([name, value]) => params.set(name, value));
        return params;
      }),
    [setSearchParams, filterNames],
  );

  return {
    query,
    ...data,
    loading,
    search: (filters) =>
      write({
        ...query,
        pageNo: 1,
        filters: Object.fromEntries(
          Object.entries(filters).flatMap(([name, value]) => (value?.trim() ? [[name, value.trim()]] : [])),
        ),
      }),
    change: (next) => write({ ...query, ...next }),
    reload: () => setReloads((count) => count + 1),
  };
}

/** The antd sort order a column shows for the list's sort. */
export function sortOrderOf(query: UrlListQuery, field: string): 'ascend' | 'descend' | undefined {
  if (query.column !== field || !query.order) return undefined;
  return query.order === 'asc' ? 'ascend' : 'descend';
}

/** A table's paging and its page/size/sort changes, written to the list's URL. */
export function tablePaging<T>(list: UrlList<T>): Pick<TableProps<T>, 'pagination' | 'onChange'> {
  return {
    pagination: {
      current: list.query.pageNo,
      pageSize: list.query.pageSize,
      total: list.total,
      showSizeChanger: true,
      pageSizeOptions: [10, 20, 30],
      showTotal: (total) => `共 ${total} 条`,
    },
    onChange: (pagination, _filters, sorter) => {
      const sort = Array.isArray(sorter) ? sorter[0] : sorter;
      list.change({
        pageNo: pagination.current ?? 1,
        pageSize: pagination.pageSize ?? list.query.pageSize,
        column: sort?.order ? String(sort.field) : undefined,
        order: sort?.order === 'ascend' ? 'asc' : sort?.order === 'descend' ? 'desc' : undefined,
      });
    },
  };
}
