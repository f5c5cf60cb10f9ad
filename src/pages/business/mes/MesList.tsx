// The list screens of the repair mode share this: the shared list layer (useListPage + ListPage) over one
// /mes list endpoint, with its search fields and toolbar.
import { Button } from 'antd';
import type { ColumnType, ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import type { Envelope, Page } from '../../../../common/contract';
import type { ListParams } from '../../../api/systemTypes';
import { HasPermission } from '../../../components/HasPermission';
import { ListPage } from '../../../components/table/ListPage';
import { useListPage, type ListPageState } from '../../../components/table/useListPage';

export function MesList<T extends object>(props: {
  fetch: (params: ListParams) => Promise<Envelope<Page<T>>>;
  columns: (list: ListPageState<T>) => ColumnsType<T>;
  filterKeys: string[];
  sortKeys?: string[];
  searchFields?: ReactNode;
  toolbar?: (list: ListPageState<T>) => ReactNode;
  exportAs?: (params: ListParams) => Promise<unknown>;
  /** What a narrow screen shows (ListPage's compactColumns). */
  compactColumns?: readonly string[];
  extra?: (list: ListPageState<T>) => ReactNode;
}) {
  const list = useListPage<T>({
    filterKeys: props.filterKeys,
    sortKeys: props.sortKeys ?? [],
    fetch: props.fetch,
  });
  return (
    <>
      <ListPage<T>
        list={list}
        columns={props.columns(list)}
        searchFields={props.searchFields}
        toolbar={props.toolbar?.(list)}
        exportAs={props.exportAs}
        compactColumns={props.compactColumns}
      />
      {props.extra?.(list)}
    </>
  );
}

/** The 操作 column of a repair-mode list whose only action is 编辑, for those holding `permission`. */
export function editColumn<T>(
  permission: string,
  onEdit: (row: T) => void,
  fixed?: ColumnType<T>['fixed'],
): ColumnType<T> {
  return {
    title: '操作',
    key: 'actions',
    fixed,
    render: (_value, row) => (
      <HasPermission code={permission}>
        <Button type="link" size="small" onClick={() => onEdit(row)}>
          编辑
        </Button>
      </HasPermission>
    ),
  };
}
