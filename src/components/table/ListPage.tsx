// The list-page pattern of every system page: a search form, a toolbar, a batch-action bar for the
// selected rows and a server-paged, server-sorted table, all driven by useListPage (query in the URL).
import { useEffect, useMemo, useState, type Key, type ReactNode } from 'react';
import { Alert, Button, Form, Space, Table, type TableProps } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { PAGE_SIZE_OPTIONS, type SortOrder } from './listQuery';
import type { ListPageState } from './useListPage';

type FormValues = Record<string, unknown>;

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
  expandable?: TableProps<T>['expandable'];
  /** The table's own paging off (a tree of all rows). */
  paged?: boolean;
  /** Where the server stops counting: a total above it (cap + 1) reads "cap+". */
  totalCap?: number;
}

const toAntOrder = (order: SortOrder | undefined): 'ascend' | 'descend' | null =>
  order === 'asc' ? 'ascend' : order === 'desc' ? 'descend' : null;

function defaultToFilters(values: FormValues): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, value == null ? undefined : String(value).trim()]),
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
  expandable,
  paged = true,
  totalCap,
}: ListPageProps<T>) {
  const { query } = list;
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const clear = () => setSelectedKeys([]);
  // A new page, sort or filter starts with nothing selected.
  useEffect(() => setSelectedKeys([]), [query, list.records]);

  const sortedColumns = useMemo<ColumnsType<T>>(
    () =>
      columns.map((column) => {
        const key = String(column.key ?? ('dataIndex' in column ? column.dataIndex : ''));
        return column.sorter
          ? { ...column, key, sortOrder: key === query.column ? toAntOrder(query.order) : null }
          : column;
      }),
    [columns, query.column, query.order],
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
    <div>
      {searchFields && (
        <SearchForm
          fields={searchFields}
          filters={query.filters}
          toFormValues={toFormValues}
          toFilters={toFilters}
          onSearch={list.search}
        />
      )}
      {toolbar && (
        <Space wrap style={{ marginBottom: 16 }}>
          {toolbar}
        </Space>
      )}
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
      <Table<T>
        rowKey={rowKey}
        columns={sortedColumns}
        dataSource={list.records}
        loading={list.loading}
        expandable={expandable}
        onChange={onChange}
        scroll={{ x: 'max-content' }}
        rowSelection={batchActions ? { selectedRowKeys: selectedKeys, onChange: setSelectedKeys } : undefined}
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
  );
}
