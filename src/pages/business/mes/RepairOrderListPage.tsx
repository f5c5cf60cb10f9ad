// 维修工单 (mes/RepairOrderList, DOMAIN §1.15): the orders the user sees with SLA left and cost; 派工/改派,
// 取消, 结单, 回访 and 关闭 by permission; the detail drawer with the timeline, parts and costs.
import { Button, Descriptions, Drawer, Form, Input, Select, Space, Tag, message } from 'antd';
import { useState } from 'react';
import { FAULT_CATEGORY, REPAIR_STATUS } from '../../../../common/repairs';
import {
  exportRepairOrders,
  getRepairOrder,
  listRepairOrders,
  repairStep,
  type RepairOrder,
  type RepairOrderDetail,
} from '../../../api/repairs';
import { HasPermission } from '../../../components/HasPermission';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { MesList } from './MesList';
import { RepairPartsTable, RepairTimeline, SlaTag } from './RepairOrderSections';

const act = async (step: string, body: Record<string, unknown>, done: () => void) => {
  const answer = await repairStep(step, body);
  if (answer.success) {
    message.success(answer.message);
    done();
  } else message.error(answer.message);
};

export function OrderDrawer({
  id,
  onClose,
  onChanged,
}: {
  id: string | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const [order, setOrder] = useState<RepairOrderDetail | null>(null);
  const [providerId, setProviderId] = useState<string | undefined>();
  const [reason, setReason] = useState('');
  const [loadedId, setLoadedId] = useState<string | null>(null);
  const load = async (orderId: string) => {
    const answer = await getRepairOrder(orderId);
    if (answer.success) setOrder(answer.result);
  };
  if (id && id !== loadedId) {
    setLoadedId(id);
    setOrder(null);
    void load(id);
  }
  const done = () => {
    if (id) void load(id);
    onChanged();
  };
  return (
    <Drawer
      title={order ? `维修工单 ${order.orderNo}` : '维修工单'}
      open={id !== null}
      onClose={onClose}
      size="large"
      destroyOnHidden
    >
      {order && (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="状态">{order.status_dictText}</Descriptions.Item>
            <Descriptions.Item label="来源">{order.sourceType_dictText}</Descriptions.Item>
            <Descriptions.Item label="门店">{order.customerName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="资产">{`${order.assetNo ?? '—'} ${order.modelName ?? ''}`}</Descriptions.Item>
            <Descriptions.Item label="故障">{`${order.faultCategory_dictText}：${order.faultDescription}`}</Descriptions.Item>
            <Descriptions.Item label="保修">{order.warrantyStatus_dictText}</Descriptions.Item>
            <Descriptions.Item label="服务商">{order.serviceProviderName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="工程师">{order.engineerName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="SLA">
              <SlaTag order={order} />
            </Descriptions.Item>
            <Descriptions.Item label="费用">
              {`¥${order.totalCost}（工时 ${order.laborCost} / 配件 ${order.partsCost} / 交通 ${order.travelCost}）${order.costBearer_dictText ? ` · ${order.costBearer_dictText}` : ''}`}
            </Descriptions.Item>
            <Descriptions.Item label="故障原因">{order.cause ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="维修措施">{order.repairMethod ?? '—'}</Descriptions.Item>
          </Descriptions>
          {order.parts.length > 0 && (
            <div style={{ marginTop: 16 }}>
              <RepairPartsTable parts={order.parts} />
            </div>
          )}
          <h4 style={{ marginTop: 16 }}>处理进度</h4>
          <RepairTimeline timeline={order.timeline} />
          <Space wrap>
            {['PENDING_DISPATCH', 'REOPENED', 'DISPATCHED', 'ACCEPTED'].includes(order.status) && (
              <HasPermission code="repair:dispatch">
                <Space.Compact>
                  <Select
                    style={{ width: 220 }}
                    placeholder="按覆盖区域自动选择"
                    allowClear
                    value={providerId}
                    onChange={setProviderId}
                    options={order.candidateProviders.map((each) => ({
                      value: each.id,
                      label: `${each.name}（${each.slaHours}h）`,
                    }))}
                  />
                  <Button
                    type="primary"
                    onClick={() => act('dispatch', { id: order.id, providerId: providerId ?? null }, done)}
                  >
                    {order.status === 'DISPATCHED' || order.status === 'ACCEPTED' ? '改派' : '派工'}
                  </Button>
                </Space.Compact>
              </HasPermission>
            )}
            {order.status === 'FEEDBACK' && (
              <HasPermission code="repair:approve">
                <Button type="primary" onClick={() => act('approve', { id: order.id }, done)}>
                  结单审核
                </Button>
              </HasPermission>
            )}
            {(order.status === 'COMPLETED' || order.status === 'AUTO_APPROVED') && (
              <HasPermission code="repair:approve">
                <Space>
                  <Button onClick={() => act('revisit', { id: order.id, result: 'PASSED' }, done)}>
                    回访通过
                  </Button>
                  <Button danger onClick={() => act('revisit', { id: order.id, result: 'FAILED' }, done)}>
                    回访不满意（返修）
                  </Button>
                </Space>
              </HasPermission>
            )}
            {order.status === 'REVISITED' && (
              <HasPermission code="repair:approve">
                <Button type="primary" onClick={() => act('close', { id: order.id }, done)}>
                  关闭工单
                </Button>
              </HasPermission>
            )}
            {[
              'REPORTED',
              'PENDING_DISPATCH',
              'DISPATCHED',
              'ACCEPTED',
              'CONTACTED',
              'ENGINEER_ASSIGNED',
              'ON_SITE',
              'REOPENED',
            ].includes(order.status) && (
              <HasPermission code="repair:report">
                <Space.Compact>
                  <Input
                    placeholder="取消原因"
                    value={reason}
                    onChange={(event) => setReason(event.target.value)}
                    style={{ width: 160 }}
                  />
                  <Button
                    danger
                    disabled={!reason.trim()}
                    onClick={() => act('cancel', { id: order.id, reason }, done)}
                  >
                    取消工单
                  </Button>
                </Space.Compact>
              </HasPermission>
            )}
          </Space>
        </>
      )}
    </Drawer>
  );
}

export default function RepairOrderListPage() {
  const [opened, setOpened] = useState<string | null>(null);
  return (
    <MesList<RepairOrder>
      fetch={listRepairOrders}
      filterKeys={['orderNo', 'assetNo', 'customerName', 'status', 'faultCategory', 'slaBreached']}
      sortKeys={['reportedAt', 'slaDueAt', 'totalCost']}
      exportAs={exportRepairOrders}
      searchFields={
        <>
          <Form.Item name="orderNo" label="工单号">
            <Input allowClear placeholder="RO…" />
          </Form.Item>
          <Form.Item name="customerName" label="门店">
            <Input allowClear />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <EnumSelect labels={REPAIR_STATUS} placeholder="全部" style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="faultCategory" label="故障类型">
            <EnumSelect labels={FAULT_CATEGORY} placeholder="全部" style={{ width: 120 }} />
          </Form.Item>
        </>
      }
      compactColumns={['orderNo', 'status', 'totalCost']}
      columns={() => [
        { title: '工单号', dataIndex: 'orderNo', key: 'orderNo' },
        { title: '状态', dataIndex: 'status_dictText', key: 'status' },
        {
          title: '报修时间',
          dataIndex: 'reportedAt',
          key: 'reportedAt',
          sorter: true,
          render: (at: string) => <TwoLineCell main={at.slice(0, 10)} sub={at.slice(11)} />,
        },
        {
          title: '门店 / 资产',
          dataIndex: 'customerName',
          key: 'customerName',
          width: 160,
          ellipsis: true,
          render: (name: string | null, row) => (
            <TwoLineCell
              main={name ?? '—'}
              sub={[row.assetNo, row.modelName].filter(Boolean).join(' ') || '—'}
            />
          ),
        },
        {
          title: '故障 / 优先级',
          dataIndex: 'faultCategory_dictText',
          key: 'faultCategory',
          render: (fault: string, row) => (
            <TwoLineCell
              main={fault}
              sub={
                row.priority === 'URGENT' ? (
                  <Tag color="volcano">{row.priority_dictText}</Tag>
                ) : (
                  row.priority_dictText
                )
              }
            />
          ),
        },
        {
          title: '服务商 / 工程师',
          dataIndex: 'serviceProviderName',
          key: 'serviceProviderName',
          width: 140,
          ellipsis: true,
          render: (provider: string | null, row) => (
            <TwoLineCell main={provider ?? '—'} sub={row.engineerName ?? '未指派'} />
          ),
        },
        {
          title: '预约时间',
          key: 'booking',
          render: (_value, row) =>
            row.bookingDate ? <TwoLineCell main={row.bookingDate} sub={row.bookingTimeRange} /> : '—',
        },
        { title: 'SLA剩余', key: 'sla', render: (_value, row) => <SlaTag order={row} /> },
        {
          title: '费用',
          dataIndex: 'totalCost',
          key: 'totalCost',
          sorter: true,
          align: 'right',
          render: (value) => `¥${value}`,
        },
        {
          title: '操作',
          key: 'actions',
          fixed: 'right',
          render: (_value, row) => (
            <Button type="link" size="small" onClick={() => setOpened(row.id)}>
              详情
            </Button>
          ),
        },
      ]}
      extra={(list) => <OrderDrawer id={opened} onClose={() => setOpened(null)} onChanged={list.reload} />}
    />
  );
}
