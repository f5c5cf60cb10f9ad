// 审核: for each order its credit (limit, outstanding, overdue), stock per line in the chosen warehouse
// and the server's warnings (price below the floor ...); 通过 or 驳回 with a reason. A batch audits each
// order on its own and lists the ones the server refused.
import { useEffect } from 'react';
import { Alert, Card, Descriptions, Empty, Form, Input, Select, Space, Spin, Table, Tag } from 'antd';
import { ORDER_STATUS, type OrderApprovalData } from '../../../../common/orders';
import { optionByName } from '../../../components/form/EnumSelect';
import { approvalRequested, type CommandRequest } from '../../../features/orders/slice';
import { selectApproval } from '../../../features/orders/selectors';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { OrderCommandModal, type OrderCommandAction } from './OrderCommandModal';
import { money } from './orderView';
import type { OrderRef } from './useOrderDialogs';

interface AuditValues {
  warehouseId?: string;
  reason?: string;
}

/** 驳回 (its reason required) and 通过, for orders, returns and exchanges alike. */
export function auditActions<V extends { reason?: string }>(
  decide: (pass: boolean) => (values: V) => CommandRequest,
): OrderCommandAction<V>[] {
  return [
    {
      text: '驳回',
      danger: true,
      primary: false,
      check: (values) => (values.reason?.trim() ? null : { name: 'reason', error: '请填写驳回原因!' }),
      toCommand: decide(false),
    },
    { text: '通过', toCommand: decide(true) },
  ];
}

/** 审核意见: free when passing, the reason when rejecting. */
export function AuditReasonField({ rows = 2 }: { rows?: number }) {
  return (
    <Form.Item name="reason" label="审核意见（驳回时必填）" rules={[{ max: 256, message: '最多 256 个字!' }]}>
      <Input.TextArea rows={rows} maxLength={256} placeholder="驳回原因" />
    </Form.Item>
  );
}

function ApprovalCard({ data }: { data: OrderApprovalData }) {
  const { credit } = data;
  return (
    <Card size="small" title={`${data.orderNo}（审核后：${ORDER_STATUS[data.nextStatus]}）`}>
      <Descriptions size="small" column={3}>
        <Descriptions.Item label="信用检查">
          <Tag color={credit.result === 'PASS' ? 'green' : 'red'}>{credit.result_dictText}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="信用额度">{money(credit.creditLimit)}</Descriptions.Item>
        <Descriptions.Item label="可用额度">{money(credit.available)}</Descriptions.Item>
        <Descriptions.Item label="未结金额">{money(credit.outstanding)}</Descriptions.Item>
        <Descriptions.Item label="本单金额">{money(credit.thisOrder)}</Descriptions.Item>
        <Descriptions.Item label="逾期订单">{credit.overdueOrders}</Descriptions.Item>
      </Descriptions>
      {data.warnings.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ margin: '8px 0' }}
          title={data.warnings.map((warning) => (
            <div key={warning}>{warning}</div>
          ))}
        />
      )}
      <Table
        size="small"
        rowKey="lineId"
        pagination={false}
        dataSource={data.lines}
        columns={[
          { title: '商品', dataIndex: 'skuName' },
          { title: '数量', dataIndex: 'qtyText' },
          {
            title: `可用库存${data.warehouse ? `（${data.warehouse.name}）` : ''}`,
            dataIndex: 'availableText',
          },
          {
            title: '库存',
            dataIndex: 'enough',
            render: (enough: boolean) =>
              enough ? <Tag color="green">充足</Tag> : <Tag color="red">不足</Tag>,
          },
        ]}
      />
    </Card>
  );
}

export function AuditDialog({ orders, onClose }: { orders: OrderRef[]; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const approval = useAppSelector(selectApproval);
  const [form] = Form.useForm<AuditValues>();
  const warehouseId = Form.useWatch('warehouseId', form);
  const idsKey = orders.map((order) => order.id).join(',');
  useEffect(() => {
    dispatch(approvalRequested({ ids: idsKey.split(','), warehouseId }));
  }, [dispatch, idsKey, warehouseId]);

  const ids = orders.map((order) => order.id);
  const warehouses = approval?.[0]?.warehouses ?? [];
  const decide =
    (pass: boolean) =>
    (values: AuditValues): CommandRequest => ({
      kind: 'audit',
      payload: { ids, pass, reason: values.reason?.trim() || undefined, warehouseId: values.warehouseId },
    });
  return (
    <OrderCommandModal<AuditValues>
      title={
        orders.length > 1 ? `批量审核（${orders.length} 个订单）` : `审核订单 ${orders[0]?.orderNo ?? ''}`
      }
      open
      onClose={onClose}
      form={form}
      width={900}
      loading={approval === null}
      actions={auditActions(decide)}
      extra={
        approval === null ? (
          <Spin />
        ) : approval.length === 0 ? (
          <Empty description="没有可审核的信息" />
        ) : (
          <Space
            orientation="vertical"
            style={{ width: '100%', maxHeight: 420, overflow: 'auto', marginBottom: 16 }}
          >
            {approval.map((data) => (
              <ApprovalCard key={data.orderId} data={data} />
            ))}
          </Space>
        )
      }
    >
      <Form.Item name="warehouseId" label="发货仓（锁定库存）">
        <Select
          allowClear
          placeholder={approval?.[0]?.warehouse?.name ?? '默认：卖方仓库'}
          options={warehouses.map(optionByName)}
        />
      </Form.Item>
      <AuditReasonField />
    </OrderCommandModal>
  );
}
