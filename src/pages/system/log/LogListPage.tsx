// 系统日志 (system/LogList): login statistics and charts on top, then the login log and the operation
// log as tabs, with type, time range and keyword filters and paging in the URL; an administrator
// deletes single rows or the selected ones.
import { lazy, Suspense } from 'react';
import { Button, DatePicker, Form, Input, Skeleton, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router';
import {
  deleteLog,
  deleteLogs,
  exportLogs,
  listLogs,
  LOG_TYPE,
  type LogType,
  type SysLog,
} from '../../../api/systemLog';
import { DictSelect } from '../../../components/DictSelect';
import { HasPermission, useHasPermission } from '../../../components/HasPermission';
import { ListPage } from '../../../components/table/ListPage';
import { useListPage } from '../../../components/table/useListPage';
import { BatchDeleteButton, useRemoveRows } from '../../../components/table/useRemoveRows';

const LogCharts = lazy(() => import(/* webpackChunkName: "system-log-charts" */ './LogCharts'));

const DATE = 'YYYY-MM-DD';

/** The time range is one picker in the form and two fields in the URL (createTime_begin / _end). */
export function rangeToFilters(values: Record<string, unknown>): Record<string, string | undefined> {
  const { createTime, ...rest } = values;
  const range = createTime as [Dayjs | null, Dayjs | null] | null | undefined;
  return {
    ...Object.fromEntries(
      Object.entries(rest).map(([key, value]) => [key, value == null ? undefined : String(value)]),
    ),
    createTime_begin: range?.[0]?.format(DATE),
    createTime_end: range?.[1]?.format(DATE),
  };
}

export function filtersToRange(filters: Record<string, string>): Record<string, unknown> {
  const { createTime_begin: begin, createTime_end: end, ...rest } = filters;
  return {
    ...rest,
    createTime: begin || end ? [begin ? dayjs(begin) : null, end ? dayjs(end) : null] : undefined,
  };
}

function LogTable({ logType }: { logType: LogType }) {
  const operation = logType === LOG_TYPE.operation;
  const list = useListPage<SysLog>({
    filterKeys: ['keyWord', 'operateType', 'createTime_begin', 'createTime_end'],
    sortKeys: ['createTime', 'costTime'],
    defaultSort: { column: 'createTime', order: 'desc' },
    fixedParams: { logType },
    fetch: (params) => listLogs(params),
  });
  // Rows are selectable only for someone who may act on a selection.
  const canBatch = useHasPermission('log:delete');
  const remove = useRemoveRows<SysLog>({
    noun: '日志',
    unit: '条',
    content: '删除后无法恢复；删除操作本身会记入操作日志。',
    idOf: (log) => log.id,
    deleteOne: deleteLog,
    deleteMany: deleteLogs,
  });

  const columns: ColumnsType<SysLog> = [
    { title: '日志内容', dataIndex: 'logContent', key: 'logContent', ellipsis: true, width: 280 },
    { title: '操作人', dataIndex: 'username', key: 'username' },
    { title: 'IP', dataIndex: 'ip', key: 'ip' },
    ...(operation
      ? ([
          { title: '操作类型', dataIndex: 'operateType_dictText', key: 'operateType' },
          { title: '请求地址', dataIndex: 'requestUrl', key: 'requestUrl', ellipsis: true, width: 220 },
        ] satisfies ColumnsType<SysLog>)
      : []),
    { title: '耗时(毫秒)', dataIndex: 'costTime', key: 'costTime', sorter: true },
    { title: '创建时间', dataIndex: 'createTime', key: 'createTime', sorter: true },
    {
      title: '操作',
      key: 'actions',
      render: (_value, log) => (
        <HasPermission code="log:delete">
          <Button type="link" size="small" danger onClick={() => remove([log], list.reload)}>
            删除
          </Button>
        </HasPermission>
      ),
    },
  ];

  return (
    <ListPage<SysLog>
      list={list}
      columns={columns}
      compactColumns={['logContent', 'username', 'createTime']}
      // The two tabs are two tables on one page: each keeps its own column settings.
      tableId={`sys-log-${logType}`}
      exportAs={(params) => exportLogs({ ...params, logType })}
      toFilters={rangeToFilters}
      toFormValues={filtersToRange}
      searchFields={
        <>
          <Form.Item name="keyWord" label="搜索日志">
            <Input placeholder="请输入日志内容关键字" allowClear />
          </Form.Item>
          {operation && (
            <Form.Item name="operateType" label="操作类型">
              <DictSelect dictCode="operate_type" />
            </Form.Item>
          )}
          <Form.Item name="createTime" label="创建时间">
            <DatePicker.RangePicker />
          </Form.Item>
        </>
      }
      batchActions={
        canBatch
          ? (selected, done) => (
              <BatchDeleteButton code="log:delete" onClick={() => remove(selected, done, true)} />
            )
          : undefined
      }
    />
  );
}

export default function LogListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const logType: LogType =
    searchParams.get('logType') === LOG_TYPE.operation ? LOG_TYPE.operation : LOG_TYPE.login;
  return (
    <>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
        <LogCharts />
      </Suspense>
      <Tabs
        activeKey={logType}
        // A new tab starts from its first page without filters.
        onChange={(key) => setSearchParams(key === LOG_TYPE.operation ? { logType: key } : {})}
        items={[
          { key: LOG_TYPE.login, label: '登录日志' },
          { key: LOG_TYPE.operation, label: '操作日志' },
        ]}
      />
      <LogTable key={logType} logType={logType} />
    </>
  );
}
