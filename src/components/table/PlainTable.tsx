// A small read-only table (the home dashboard's rankings): a plain <table> with its own styles, for the few
// rows that need neither sorting, paging, selection nor a scroll, so that the shell does without antd's
// Table (issue #23). Looks like antd's small table.
import type { CSSProperties, Key, ReactNode } from 'react';
import './PlainTable.css';

export interface PlainColumn<Row> {
  title: string;
  render: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  /** px; the columns without one share the rest. */
  width?: number;
  /** One line, cut with an ellipsis (the full text as its title). */
  ellipsis?: boolean;
}

export function PlainTable<Row>({
  columns,
  rows,
  rowKey,
  empty,
}: {
  columns: PlainColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => Key;
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
}) {
  const style = (column: PlainColumn<Row>): CSSProperties => ({ textAlign: column.align ?? 'left' });
  return (
    <table className="plain-table">
      <colgroup>
        {columns.map((column) => (
          <col key={column.title} style={column.width ? { width: column.width } : undefined} />
        ))}
      </colgroup>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.title} scope="col" style={style(column)}>
              {column.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr className="plain-table-empty">
            <td colSpan={columns.length}>{empty}</td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => {
                const content = column.render(row);
                return (
                  <td
                    key={column.title}
                    style={style(column)}
                    className={column.ellipsis ? 'plain-table-ellipsis' : undefined}
                    title={column.ellipsis && typeof content === 'string' ? content : undefined}
                  >
                    {content}
                  </td>
                );
              })}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
