// The list-page pattern of every system page: a search form, a toolbar (the page's buttons on the left,
// refresh / density / columns / full screen on the right), a batch-action bar for the selected rows and a
// server-paged, server-sorted table, all driven by useListPage (query in the URL). On a narrow screen a
// list shows its compact columns and the rest in each row's detail.
import { useEffect, useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import { Alert, Button, ConfigProvider, Form, Space, Table, type TableProps } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import { selectUserInfo } from '../../features/session/selectors';
import { useAppSelector } from '../../store/hooks';
import type { ListParams } from '../../api/systemTypes';
import { PAGE_SIZE_OPTIONS, toListParams, type ListQuery, type SortOrder } from './listQuery';
import { compactLayout, useCompact } from './compactColumns';
import { RowActionsLimit } from './RowActions';
import { arrangeColumns, columnKey, useTableSettings } from './tableSettings';
import { TableToolbar, useFullscreen } from './TableToolbar';
import type { ListPageState } from './useListPage';
import { keptAttributes } from '../../utils/domAttributes';

type FormValues = Record<string, unknown>;

/**
 * antd's hidden row that measures the columns copies their titles, the select-all checkbox included: inert keeps
 * those copies out of the tab order.
 */
const measureRowsInert = keptAttributes([{ selector: '.ant-table-measure-row', attributes: { inert: '' } }]);

export interface ListPageProps<T> {
  list: ListPageState<T>;
  columns: ColumnsType<T>;
  rowKey?: keyof T & string;
  /** The search form's fields (Form.Item elements named like the filters). */
  searchFields?: ReactNode;
  /** Filters → form values (a date range kept as two URL fields, ...); identity by default. */
  toFormValues?: (filters: Record<string, string>) => FormValues;
  /** Form values → filters; string values by default. */
  toFilters?: (values: FormValues) => Record<string, string | undefined>;
  /** Buttons above the table (add, ...). */
  toolbar?: ReactNode;
  /** Actions for the selected rows (`done` clears the selection and reloads); without it no selection. */
  batchActions?: (selected: T[], done: () => void) => ReactNode;
  /** Whether a row may join the selection (all by default): rows the batch actions cannot act on stay out. */
  selectable?: (row: T) => boolean;
  expandable?: TableProps<T>['expandable'];
  /** The table's own paging off (a tree of all rows). */
  paged?: boolean;
  /** Where the server stops counting: a total above it (cap + 1) reads "cap+". */
  totalCap?: number;
  /**
   * The column keys a narrow screen (tablet, phone) shows — what the row is, its status and amount —
   * besides 操作; the other columns go into the row's detail. Without it every column shows.
   */
  compactColumns?: readonly string[];
  /**
   * 导出: downloads what the filters select (the list's parameters without paging, sorted as shown);
   * the page adds what its own fetch adds (a `*x*` search, a fixed log type).
   */
  exportAs?: (params: ListParams) => Promise<unknown>;
  /** Which list the remembered column settings belong to; the page's path by default. */
  tableId?: string;
}

const toAntOrder = (order: SortOrder | undefined): 'ascend' | 'descend' | null =>
  order === 'asc' ? 'ascend' : order === 'desc' ? 'descend' : null;

function defaultToFilters(values: FormValues): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, value == null ? undefined : String(value).trim()]),
  );
}

/**
 * A column with `ellipsis` and a width keeps that width: a table as wide as its content (scroll x
 * max-content) would otherwise grow the column to its longest text.
 */
function clipped<T>(column: ColumnsType<T>[number]): ColumnsType<T>[number] {
  if (!column.ellipsis || typeof column.width !== 'number') return column;
  const maxWidth = column.width - 32; // the cell's padding
  const dataIndex = 'dataIndex' in column ? column.dataIndex : undefined;
  return {
    ...column,
    render: (value: unknown, record: T, index: number) => (
      <div style={{ maxWidth, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {column.render ? (column.render(value, record, index) as ReactNode) : (value as ReactNode)}
      </div>
    ),
    // The clipped text in full on hover.
    onCell: (record: T, index?: number) => ({
      ...column.onCell?.(record, index),
      title:
        typeof dataIndex === 'string' && typeof (record as Record<string, unknown>)[dataIndex] === 'string'
          ? ((record as Record<string, unknown>)[dataIndex] as string)
          : undefined,
    }),
  };
}

/** An export's parameters: the list's filters, sort and fixed parameters, every page. */
function exportParams(query: ListQuery, fixedParams: ListParams): ListParams {
  const { pageNo: _pageNo, pageSize: _pageSize, ...params } = toListParams(query);
  return { ...params, ...fixedParams };
}

/** 导出 with its busy state: a list's, or a report's (which passes what it shows). */
export function ExportButton({ exportAs }: { exportAs: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={() => {
        setBusy(true);
        // A failed download was shown by the HTTP error saga.
        exportAs()
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      导出
    </Button>
  );
}

function SearchForm({
  fields,
  filters,
  toFormValues,
  toFilters,
  onSearch,
}: {
  fields: ReactNode;
  filters: Record<string, string>;
  toFormValues: (filters: Record<string, string>) => FormValues;
  toFilters: (values: FormValues) => Record<string, string | undefined>;
  onSearch: (filters: Record<string, string | undefined>) => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const filtersKey = JSON.stringify(filters);
  // Back/forward and reload change the URL: the form shows what the list is filtered by.
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toFormValues(JSON.parse(filtersKey) as Record<string, string>));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new URL resets the form
  }, [filtersKey, form]);
  return (
    <Form
      form={form}
      layout="inline"
      onFinish={(values) => onSearch(toFilters(values))}
      style={{ rowGap: 12, marginBottom: 16 }}
      aria-label="查询条件"
    >
      {fields}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

export function ListPage<T extends object>({
  list,
  columns,
  rowKey = 'id' as keyof T & string,
  searchFields,
  toFormValues = (filters) => filters,
  toFilters = defaultToFilters,
  toolbar,
  batchActions,
  selectable,
  expandable,
  paged = true,
  totalCap,
  compactColumns,
  exportAs,
  tableId,
}: ListPageProps<T>) {
  const { query } = list;
  const { pathname } = useLocation();
  const userId = useAppSelector(selectUserInfo)?.id ?? '';
  const [settings, saveSettings] = useTableSettings(userId, tableId ?? pathname);
  const compact = useCompact(compactColumns);
  const frame = useRef<HTMLDivElement>(null);
  const [fullscreen, toggleFullscreen] = useFullscreen(frame);
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const clear = () => setSelectedKeys([]);
  // A new page, sort or filter starts with nothing selected.
  useEffect(() => setSelectedKeys([]), [query, list.records]);

  const sortedColumns = useMemo<ColumnsType<T>>(
    () =>
      columns.map((column) => {
        const key = columnKey(column);
        const sorted = column.sorter
          ? { ...column, key, sortOrder: key === query.column ? toAntOrder(query.order) : null }
          : column;
        return clipped(sorted);
      }),
    [columns, query.column, query.order],
  );
  const arranged = useMemo(() => arrangeColumns(sortedColumns, settings), [sortedColumns, settings]);
  const { columns: shownColumns, expandable: detail } = compactLayout(
    arranged,
    compact ? compactColumns : undefined,
    expandable,
  );

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const { columnKey, order } = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T>;
      list.change(
        order
          ? { column: String(columnKey), order: order === 'ascend' ? 'asc' : 'desc' }
          : { column: '', order: undefined },
      );
    } else if (extra.action === 'paginate') {
      list.change({ pageNo: pagination.current ?? 1, pageSize: pagination.pageSize ?? query.pageSize });
    }
  };

  const selected = list.records.filter((record) => selectedKeys.includes(record[rowKey] as Key));
  return (
    <div
      ref={frame}
      className="list-page"
      style={fullscreen ? { background: '#fff', padding: 24, overflow: 'auto' } : undefined}
    >
      {/* In full screen only the frame is shown: its menus and pop-ups open inside it. */}
      <ConfigProvider getPopupContainer={fullscreen ? () => frame.current ?? document.body : undefined}>
        {searchFields && (
          <SearchForm
            fields={searchFields}
            filters={query.filters}
            toFormValues={toFormValues}
            toFilters={toFilters}
            onSearch={list.search}
          />
        )}
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-end', marginBottom: 16 }}>
          <Space wrap style={{ flex: 1 }}>
            {toolbar}
          </Space>
          <TableToolbar
            columns={sortedColumns}
            settings={settings}
            onSettings={saveSettings}
            onReload={list.reload}
            loading={list.loading}
            fullscreen={fullscreen}
            onFullscreen={toggleFullscreen}
            extra={
              exportAs && <ExportButton exportAs={() => exportAs(exportParams(query, list.fixedParams))} />
            }
          />
        </div>
        {batchActions && selected.length > 0 && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={
              <Space wrap>
                <span>
                  已选择 <strong>{selected.length}</strong> 项
                </span>
                <Button size="small" type="link" onClick={clear}>
                  清空
                </Button>
                {batchActions(selected, () => {
                  clear();
                  list.reload();
                })}
              </Space>
            }
          />
        )}
        <RowActionsLimit.Provider value={compact ? 2 : undefined}>
          <div ref={measureRowsInert}>
            <Table<T>
              rowKey={rowKey}
              columns={shownColumns}
              dataSource={list.records}
              loading={list.loading}
              size={settings.density}
              // Before the first answer the spinner stands alone: no 暂无数据 under it.
              locale={list.loaded ? undefined : { emptyText: <div style={{ height: 120 }} /> }}
              expandable={detail}
              onChange={onChange}
              // As wide as its content on a desktop; on a narrow screen the few compact columns share its width,
              // so an opened row's detail (a full-width table) cannot widen it past the screen.
              scroll={compact ? undefined : { x: 'max-content' }}
              rowSelection={
                batchActions
                  ? {
                      selectedRowKeys: selectedKeys,
                      onChange: setSelectedKeys,
                      getCheckboxProps: selectable && ((row) => ({ disabled: !selectable(row) })),
                    }
                  : undefined
              }
              pagination={
                paged
                  ? {
                      current: query.pageNo,
                      pageSize: query.pageSize,
                      total: list.total,
                      showSizeChanger: true,
                      pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
                      showTotal: (total, [from, to]) =>
                        `${from}-${to} 共 ${totalCap !== undefined && total > totalCap ? `${totalCap}+` : total} 条`,
                    }
                  : false
              }
            />
          </div>
        </RowActionsLimit.Provider>
      </ConfigProvider>
    </div>
  );
}
