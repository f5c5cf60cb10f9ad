// What both announcement tables show the same way.
import { Badge, Input, type TableColumnType } from 'antd';
import type { ReadFlag } from '../../../../common/announcements';
import { PriorityTag } from '../../../features/notices/PriorityTag';

/** The title filter as typed; the server gets it as "contains" (API.md Part A `*x*`). */
export function containsParam(params: Record<string, string | number>, name: string) {
  const value = params[name];
  return value ? { ...params, [name]: `*${value}*` } : params;
}

export const priorityColumn = <T extends { priority: 'L' | 'M' | 'H' }>(): TableColumnType<T> => ({
  title: '优先级',
  dataIndex: 'priority',
  width: 90,
  render: (_value, row) => <PriorityTag priority={row.priority} />,
});

export function ReadBadge({ flag }: { flag: ReadFlag }) {
  return flag === '1' ? <Badge status="default" text="已读" /> : <Badge status="processing" text="未读" />;
}

export function TitleSearch({ value, onSearch }: { value?: string; onSearch(value: string): void }) {
  return (
    <Input.Search
      key={value ?? ''}
      defaultValue={value}
      placeholder="按标题搜索"
      allowClear
      enterButton="查询"
      onSearch={onSearch}
      style={{ width: 280 }}
    />
  );
}
