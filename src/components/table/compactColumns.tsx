// A list on a narrow screen (tablet, phone) shows its compact columns — what the row is, its status and
// amount — besides 操作, and the other columns in each row's detail. ListPage uses it for every list; a page's
// own table (a report's) uses it the same way. A grouped column's cells count one by one: the detail names them
// with their group.
import type { ReactNode } from 'react';
import { Descriptions, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { selectDevice } from '../../features/layout/selectors';
import { useAppSelector } from '../../store/hooks';
import { columnKey } from './tableSettings';

type Column<T> = ColumnsType<T>[number];

/** Whether the screen is narrow and the table names its compact columns. */
export function useCompact(compactColumns: readonly string[] | undefined): boolean {
  return useAppSelector(selectDevice) !== 'desktop' && compactColumns !== undefined;
}

/** The leaf columns, a group's titled "group · column". */
function leavesOf<T>(columns: ColumnsType<T>): Column<T>[] {
  return columns.flatMap((column) =>
    'children' in column && column.children
      ? leavesOf(column.children).map((leaf) => ({
          ...leaf,
          title: (
            <>
              {column.title as ReactNode} · {leaf.title as ReactNode}
            </>
          ),
        }))
      : [column],
  );
}

/**
 * The table's columns and row detail: as given on a wide screen; on a narrow one the compact columns (and
 * 操作), the others in the detail — unless the table has its own expandable rows.
 */
export function compactLayout<T>(
  columns: ColumnsType<T>,
  /** The compact columns when the screen is narrow (useCompact); undefined for the wide layout. */
  compactColumns: readonly string[] | undefined,
  expandable?: TableProps<T>['expandable'],
): { columns: ColumnsType<T>; expandable: TableProps<T>['expandable'] } {
  if (compactColumns === undefined) return { columns, expandable };
  const keys: readonly string[] = compactColumns;
  const leaves = leavesOf(columns);
  const shown = (column: Column<T>) => {
    const key = columnKey(column);
    return key === 'actions' || keys.includes(key);
  };
  // A compact column keeps its own title: it stands alone, out of its group.
  const shownOf = (level: ColumnsType<T>): ColumnsType<T> =>
    level.flatMap((column) =>
      'children' in column && column.children ? shownOf(column.children) : shown(column) ? [column] : [],
    );
  const shownColumns = shownOf(columns);
  const detailColumns = leaves.filter((column) => !shown(column));
  if (detailColumns.length === 0 || expandable) return { columns: shownColumns, expandable };
  return {
    columns: shownColumns,
    expandable: {
      expandedRowRender: (record, index) => (
        <Descriptions
          size="small"
          column={1}
          items={detailColumns.map((column) => {
            const dataIndex = 'dataIndex' in column ? column.dataIndex : undefined;
            const value =
              typeof dataIndex === 'string' ? (record as Record<string, unknown>)[dataIndex] : undefined;
            return {
              key: columnKey(column),
              label: column.title as ReactNode,
              children: column.render
                ? (column.render(value, record, index) as ReactNode)
                : (value as ReactNode),
            };
          })}
        />
      ),
    },
  };
}
