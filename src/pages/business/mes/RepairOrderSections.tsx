// The SLA left, the parts an order used and its timeline (处理进度): the repair centre's screens and the
// engineer's phone page show them alike.
import { Table, Tag, Timeline } from 'antd';
import type { RepairOrder, RepairOrderDetail } from '../../../api/repairs';

export function SlaTag({ order }: { order: Pick<RepairOrder, 'slaRemainingHours' | 'slaBreached'> }) {
  if (order.slaBreached) return <Tag color="red">已超时</Tag>;
  if (order.slaRemainingHours === null) return <span>—</span>;
  return <Tag color={order.slaRemainingHours < 12 ? 'orange' : 'green'}>{order.slaRemainingHours} 小时</Tag>;
}

/** The parts an order used; `compact` (a phone) leaves out the price and the warehouse. */
export function RepairPartsTable({
  parts,
  compact = false,
}: {
  parts: RepairOrderDetail['parts'];
  compact?: boolean;
}) {
  return (
    <Table
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={parts}
      columns={[
        { title: '备件', render: (_value, row) => `${row.partCode} ${row.partName}` },
        { title: '数量', render: (_value, row) => `${row.qty}${row.unit}` },
        ...(compact
          ? []
          : [
              { title: '单价', dataIndex: 'unitPrice' },
              { title: '出库仓库', dataIndex: 'warehouseName' },
            ]),
        { title: '旧件返还', render: (_value, row) => (row.oldPartReturned ? '是' : '否') },
      ]}
    />
  );
}

export function RepairTimeline({ timeline }: { timeline: RepairOrderDetail['timeline'] }) {
  return (
    <Timeline
      items={timeline.map((event) => ({
        key: event.id,
        content: `${event.createdAt} ${event.action}（${event.statusTo_dictText}）${event.operatorName ? ` · ${event.operatorName}` : ''}${event.detail ? `：${event.detail}` : ''}`,
      }))}
    />
  );
}
