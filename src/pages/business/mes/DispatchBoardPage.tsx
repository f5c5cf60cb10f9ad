// 派工台 (mes/DispatchBoard): the orders waiting for a provider or its acceptance, urgent and oldest first,
// opened in the order drawer to 派工 / 改派.
import { Button, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { dispatchBoard, type RepairOrder } from '../../../api/repairs';
import { SlaTag } from './RepairOrderSections';
import { OrderDrawer } from './RepairOrderListPage';

export default function DispatchBoardPage() {
  const [rows, setRows] = useState<RepairOrder[]>([]);
  const [loading, setLoading] = useState(true);
  const [opened, setOpened] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    void dispatchBoard().then((answer) => {
      if (!live) return;
      if (answer.success) setRows(answer.result);
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, [version]);
  return (
    <>
      <Table<RepairOrder>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        pagination={{ pageSize: 20 }}
        columns={[
          { title: '工单号', dataIndex: 'orderNo' },
          { title: '报修时间', dataIndex: 'reportedAt' },
          { title: '门店', dataIndex: 'customerName' },
          {
            title: '故障',
            render: (_value, row) => `${row.faultCategory_dictText}：${row.faultDescription}`,
          },
          {
            title: '优先级',
            render: (_value, row) => (row.priority === 'URGENT' ? <Tag color="volcano">紧急</Tag> : '普通'),
          },
          { title: '服务商', dataIndex: 'serviceProviderName', render: (value) => value ?? '待派工' },
          { title: 'SLA剩余', render: (_value, row) => <SlaTag order={row} /> },
          { title: '状态', dataIndex: 'status_dictText' },
          {
            title: '操作',
            render: (_value, row) => (
              <Button type="link" size="small" onClick={() => setOpened(row.id)}>
                派工
              </Button>
            ),
          },
        ]}
      />
      <OrderDrawer
        id={opened}
        onClose={() => setOpened(null)}
        onChanged={() => setVersion((each) => each + 1)}
      />
    </>
  );
}
