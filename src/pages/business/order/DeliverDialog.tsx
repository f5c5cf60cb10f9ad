// 发货: the warehouse, then per line the lots of the SKU in FEFO order with the server's proposed picks;
// the operator may change any pick (a smaller total ships part of the order), and gives driver and
// vehicle. Quantities are entered in base units and read back as "12箱3瓶".
import { useEffect } from 'react';
import { Alert, Col, Empty, Form, Input, InputNumber, Row, Select, Spin, Table, Typography } from 'antd';
import { formatQuantity } from '../../../../common/quantity';
import type { OrderDeliverPlan } from '../../../../common/orders';
import { deliverPlanRequested, LOADING, type CommandRequest } from '../../../features/orders/slice';
import { selectDeliverPlan } from '../../../features/orders/selectors';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { OrderCommandModal } from './OrderCommandModal';
import type { OrderRef } from './useOrderDialogs';

type PlanLine = OrderDeliverPlan['lines'][number];

interface DeliverValues {
  warehouseId?: string;
  /** Base units per order line and lot. */
  picks: Record<string, Record<string, number | null>>;
  driverName?: string;
  driverMobile?: string;
  vehicleNo?: string;
  remark?: string;
}

export function proposedPicks(plan: OrderDeliverPlan): DeliverValues['picks'] {
  return Object.fromEntries(
    plan.lines.map((line) => [
      line.orderLineId,
      Object.fromEntries(line.lots.map((lot) => [lot.lotId, lot.proposedBaseQty])),
    ]),
  );
}

/** The first pick that cannot ship (more than the lot holds or the line still needs), or null. */
export function pickProblem(plan: OrderDeliverPlan, picks: DeliverValues['picks']): string | null {
  let total = 0;
  for (const line of plan.lines) {
    const linePicks = picks[line.orderLineId] ?? {};
    let lineTotal = 0;
    for (const lot of line.lots) {
      const qty = linePicks[lot.lotId] ?? 0;
      if (qty > lot.availableBaseQty) return `${line.skuName} 批次 ${lot.batchNo} 可用库存不足`;
      lineTotal += qty;
    }
    if (lineTotal > line.remainingBaseQty)
      return `${line.skuName} 的发货数量超过待发数量（${line.remainingText}）`;
    total += lineTotal;
  }
  return total === 0 ? '请至少为一个批次填写发货数量' : null;
}

export function toDeliverLines(plan: OrderDeliverPlan, picks: DeliverValues['picks']) {
  return plan.lines
    .map((line) => ({
      orderLineId: line.orderLineId,
      lots: line.lots
        .map((lot) => ({ lotId: lot.lotId, baseQty: picks[line.orderLineId]?.[lot.lotId] ?? 0 }))
        .filter((lot) => lot.baseQty > 0),
    }))
    .filter((line) => line.lots.length > 0);
}

function LineLots({ line }: { line: PlanLine }) {
  const pack = { unitsPerCase: line.unitsPerCase };
  const picks = Form.useWatch(['picks', line.orderLineId]) as Record<string, number | null> | undefined;
  const picked = Object.values(picks ?? {}).reduce<number>((sum, qty) => sum + (qty ?? 0), 0);
  return (
    <div style={{ marginBottom: 12 }}>
      <Typography.Text strong>{line.skuName}</Typography.Text>
      <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
        待发 {line.remainingText}，本次 {formatQuantity(picked, pack)}
      </Typography.Text>
      {line.lots.length === 0 ? (
        <Alert type="warning" showIcon title="该仓库没有此商品的可用批次" />
      ) : (
        <Table
          size="small"
          rowKey="lotId"
          pagination={false}
          dataSource={line.lots}
          columns={[
            { title: '批次号', dataIndex: 'batchNo' },
            { title: '生产日期', dataIndex: 'productionDate' },
            { title: '到期日', dataIndex: 'expiryDate' },
            {
              title: '可用',
              dataIndex: 'availableBaseQty',
              render: (qty: number) => formatQuantity(qty, pack),
            },
            {
              title: '本次发货（瓶）',
              key: 'pick',
              render: (_value, lot) => (
                <Form.Item name={['picks', line.orderLineId, lot.lotId]} noStyle>
                  <InputNumber
                    min={0}
                    max={lot.availableBaseQty}
                    precision={0}
                    aria-label={`批次 ${lot.batchNo} 发货数量`}
                    style={{ width: 110 }}
                  />
                </Form.Item>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}

export function DeliverDialog({ order, onClose }: { order: OrderRef; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const loaded = useAppSelector(selectDeliverPlan);
  const plan = loaded === LOADING ? null : loaded;
  const [form] = Form.useForm<DeliverValues>();
  const warehouseId = Form.useWatch('warehouseId', form);
  useEffect(() => {
    dispatch(deliverPlanRequested({ id: order.id, warehouseId }));
  }, [dispatch, order.id, warehouseId]);
  // A new plan (another warehouse) brings its own proposal.
  useEffect(() => {
    if (plan && plan.orderId === order.id) form.setFieldsValue({ picks: proposedPicks(plan) });
  }, [plan, order.id, form]);

  const ready = plan !== null && plan.orderId === order.id;
  const failed = loaded === null;
  return (
    <OrderCommandModal<DeliverValues>
      title={`发货 ${order.orderNo}`}
      open
      onClose={onClose}
      form={form}
      width={960}
      loading={!ready}
      actions={[
        {
          text: '确认发货',
          check: (values) => {
            const problem = plan ? pickProblem(plan, values.picks ?? {}) : '发货批次未加载';
            return problem ? { error: problem } : null;
          },
          toCommand: (values): CommandRequest => ({
            kind: 'deliver',
            payload: {
              id: order.id,
              warehouseId: values.warehouseId ?? plan?.warehouse?.id,
              lines: plan ? toDeliverLines(plan, values.picks ?? {}) : [],
              driverName: values.driverName?.trim() || null,
              driverMobile: values.driverMobile?.trim() || null,
              vehicleNo: values.vehicleNo?.trim() || null,
              remark: values.remark?.trim() || null,
            },
          }),
        },
      ]}
    >
      <Form.Item name="warehouseId" label="发货仓">
        <Select
          placeholder={plan?.warehouse?.name ?? '请选择发货仓'}
          options={(plan?.warehouses ?? []).map((warehouse) => ({
            value: warehouse.id,
            label: warehouse.name,
          }))}
        />
      </Form.Item>
      <Form.Item label="批次分配（默认先到期先出）">
        {failed ? (
          <Empty description="发货批次加载失败" />
        ) : !ready ? (
          <Spin />
        ) : plan.lines.length === 0 ? (
          <Empty description="没有待发货的明细" />
        ) : (
          <div>
            {plan.lines.map((line) => (
              <LineLots key={line.orderLineId} line={line} />
            ))}
          </div>
        )}
      </Form.Item>
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item name="driverName" label="司机" rules={[{ max: 32, message: '最多 32 个字!' }]}>
            <Input placeholder="司机姓名" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="driverMobile"
            label="司机手机"
            rules={[{ pattern: /^1\d{10}$/, message: '请输入11位手机号!' }]}
          >
            <Input placeholder="11位手机号" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="vehicleNo" label="车牌号" rules={[{ max: 16, message: '最多 16 个字!' }]}>
            <Input placeholder="如 沪A12345" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="remark" label="备注">
        <Input.TextArea rows={2} maxLength={256} />
      </Form.Item>
    </OrderCommandModal>
  );
}
