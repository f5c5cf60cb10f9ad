// What a user chose for one list's table (ProTable's column settings and density): which columns show,
// in which order, and how dense the rows are — remembered per user and page in localStorage.
import { useCallback, useState } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { vueLsArea } from '../../store/storageArea';

export type Density = 'large' | 'middle' | 'small';

export interface TableSettings {
  /** Column keys in the user's order; columns missing from it keep their place after the ordered ones. */
  order: string[];
  hidden: string[];
  density: Density;
}

export const DEFAULT_TABLE_SETTINGS: TableSettings = { order: [], hidden: [], density: 'large' };

/** A column's identity: its key, else its dataIndex. */
export function columnKey<T>(column: ColumnsType<T>[number]): string {
  return String(column.key ?? ('dataIndex' in column ? column.dataIndex : ''));
}

const storageKey = (userId: string, page: string) => `tableSettings:${userId}:${page}`;

function readSettings(key: string): TableSettings {
  const stored = vueLsArea.read(key)?.value as Partial<TableSettings> | undefined;
  return {
    order: Array.isArray(stored?.order) ? stored.order.map(String) : [],
    hidden: Array.isArray(stored?.hidden) ? stored.hidden.map(String) : [],
    density:
      stored?.density === 'middle' || stored?.density === 'small'
        ? stored.density
        : DEFAULT_TABLE_SETTINGS.density,
  };
}

/**
 * The columns as the user arranged them: fixed columns (the identifying one on the left, 操作 on the
 * right) stay where the page put them; the others follow the saved order, new columns at their place.
 */
export function arrangeColumns<T>(columns: ColumnsType<T>, settings: TableSettings): ColumnsType<T> {
  const rank = (column: ColumnsType<T>[number], index: number) => {
    if (column.fixed === 'left' || column.fixed === true) return -1e6 + index;
    if (column.fixed === 'right') return 1e6 + index;
    const saved = settings.order.indexOf(columnKey(column));
    return saved >= 0 ? saved : settings.order.length + index;
  };
  return columns
    .map((column, index) => ({ column, rank: rank(column, index) }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ column }) => column)
    .filter((column) => !settings.hidden.includes(columnKey(column)));
}

export function useTableSettings(userId: string, page: string) {
  const key = storageKey(userId, page);
  const [state, setState] = useState(() => ({ key, settings: readSettings(key) }));
  // Another user or page in the same component: its own settings.
  const settings = state.key === key ? state.settings : readSettings(key);
  const save = useCallback(
    (next: TableSettings) => {
      const isDefault =
        next.order.length === 0 &&
        next.hidden.length === 0 &&
        next.density === DEFAULT_TABLE_SETTINGS.density;
      if (isDefault) vueLsArea.remove(key);
      else vueLsArea.write(key, next);
      setState({ key, settings: next });
    },
    [key],
  );
  return [settings, save] as const;
}
