// The detail list (spec §9): label/value pairs of one record in up to 4 columns, 3 by default; fewer
// on narrow screens.
import type { ReactNode } from 'react';
import { Descriptions } from 'antd';

export const DETAIL_LIST_MAX_COLUMNS = 4;
export const DETAIL_LIST_DEFAULT_COLUMNS = 3;

export interface DetailItem {
  label: ReactNode;
  content: ReactNode;
  /** Columns the item spans. */
  span?: number;
}

export interface DetailListProps {
  title?: ReactNode;
  items: DetailItem[];
  /** Columns, 1 to 4 (3 when not given). */
  col?: number;
  layout?: 'horizontal' | 'vertical';
}

export function detailColumns(col: number | undefined): number {
  const wanted = Math.trunc(col ?? DETAIL_LIST_DEFAULT_COLUMNS);
  return Math.min(Math.max(wanted, 1), DETAIL_LIST_MAX_COLUMNS);
}

export function DetailList({ title, items, col, layout = 'horizontal' }: DetailListProps) {
  const columns = detailColumns(col);
  return (
    <Descriptions
      title={title}
      layout={layout}
      column={{ xs: 1, sm: Math.min(2, columns), md: columns }}
      items={items.map(({ label, content, span }, index) => ({
        key: index,
        label,
        children: content,
        span: span && Math.min(span, columns),
      }))}
    />
  );
}
