// 退货: the order's shipped lines with what may still go back (shipped − returned − what open returns and
// exchanges claim); the operator picks quantities in 箱 + 瓶, the reason and how the money goes back. The
// amount is the server's (the buyer's price share of each line); the dialog shows an estimate.
import { useEffect } from 'react';
import { Empty, Form, Input, InputNumber, Space, Spin, Table, Typography } from 'antd';
import {
  REFUND_METHOD,
  RETURN_REASON,
  type OrderDetail,
  type OrderLineRecord,
  type RefundMethod,
  type ReturnReason,
} from '../../../../common/orders';
import { formatQuantity, toBaseQty } from '../../../../common/quantity';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { dialogOrderRequested, LOADING } from '../../../features/orders/slice';
import { selectDialogOrder } from '../../../features/orders/selectors';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { OrderCommandModal } from './OrderCommandModal';
import { money } from './orderView';
import type { OrderRef } from './useOrderDialogs';

/** What is typed per order line: whole cases and loose base units. */
export type Picks = Record<string, { cases?: number | null; units?: number | null } | undefined>;

const packOf = (line: OrderLineRecord) => ({
  unitsPerCase: line.sku.unitsPerCase,
  caseUnit: line.sku.saleUnit,
  baseUnit: line.sku.baseUnit,
});

export const returnableLines = (order: OrderDetail) => order.lines.filter((line) => line.shippedBaseQty > 0);

const pickedQty = (line: OrderLineRecord, picks: Picks) =>
  toBaseQty(picks[line.id]?.cases ?? 0, picks[line.id]?.units ?? 0, line.sku.unitsPerCase);

/** The lines to send back: those with a quantity. */
export function pickedLines(order: OrderDetail, picks: Picks) {
  return returnableLines(order)
    .map((line) => ({ orderLineId: line.id, baseQty: pickedQty(line, picks) }))
    .filter((line) => line.baseQty > 0);
}

/** The first pick that cannot go back, or null. */
export function picksProblem(order: OrderDetail, picks: Picks): string | null {
  for (const line of returnableLines(order)) {
    if (pickedQty(line, picks) > line.returnableBaseQty) {
      return `${line.sku.name} 最多可退 ${formatQuantity(line.returnableBaseQty, packOf(line))}`;
    }
  }
  return pickedLines(order, picks).length === 0 ? '请填写要退回的数量' : null;
}

/** The buyer's price share of the picked quantity (the server computes the same, to the cent). */
const estimate = (line: OrderLineRecord, qty: number) => (Number(line.amount) * qty) / line.baseQty;

/** The order's shipped lines with a 箱 + 瓶 input each, bounded by what may still go back. */
export function ReturnPicks({ order, title }: { order: OrderDetail; title: string }) {
  const picks = (Form.useWatch('picks') ?? {}) as Picks;
  const lines = returnableLines(order);
  const total = lines.reduce((sum, line) => sum + estimate(line, pickedQty(line, picks)), 0);
  return (
    <Form.Item label={title}>
      <Table<OrderLineRecord>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={lines}
        columns={[
          { title: '商品', key: 'sku', render: (_value, line) => line.sku.name },
          {
            title: '已发 / 已退',
            key: 'done',
            render: (_value, line) =>
              `${formatQuantity(line.shippedBaseQty, packOf(line))} / ${formatQuantity(line.returnedBaseQty, packOf(line))}`,
          },
          {
            title: '可退',
            key: 'returnable',
            render: (_value, line) => formatQuantity(line.returnableBaseQty, packOf(line)),
          },
          {
            title: '本次退回',
            key: 'pick',
            render: (_value, line) => (
              <Space size={4}>
                <Form.Item name={['picks', line.id, 'cases']} noStyle>
                  <InputNumber
                    min={0}
                    precision={0}
                    max={Math.floor(line.returnableBaseQty / line.sku.unitsPerCase)}
                    disabled={line.returnableBaseQty === 0}
                    suffix={line.sku.saleUnit}
                    aria-label={`${line.sku.name} 退回${line.sku.saleUnit}数`}
                    style={{ width: 96 }}
                  />
                </Form.Item>
                <Form.Item name={['picks', line.id, 'units']} noStyle>
                  <InputNumber
                    min={0}
                    precision={0}
                    max={line.returnableBaseQty}
                    disabled={line.returnableBaseQty === 0}
                    suffix={line.sku.baseUnit}
                    aria-label={`${line.sku.name} 退回${line.sku.baseUnit}数`}
                    style={{ width: 96 }}
                  />
                </Form.Item>
              </Space>
            ),
          },
          {
            title: '预计金额',
            key: 'amount',
            align: 'right',
            render: (_value, line) => money(estimate(line, pickedQty(line, picks))),
          },
        ]}
      />
      <Typography.Text type="secondary">预计 {money(total)}，以系统按成交价核算为准</Typography.Text>
    </Form.Item>
  );
}

/** The order a return or exchange dialog works on, loaded afresh (what may go back changes). */
export function useDialogOrder(order: OrderRef) {
  const dispatch = useAppDispatch();
  const loaded = useAppSelector(selectDialogOrder);
  useEffect(() => {
    dispatch(dialogOrderRequested(order.id));
  }, [dispatch, order.id]);
  return {
    detail: loaded === LOADING || loaded?.id !== order.id ? null : loaded,
    failed: loaded === null,
  };
}

/** The lines while the order loads or when it could not be. */
export function OrderLinesPending({ failed }: { failed: boolean }) {
  return failed ? <Empty description="订单加载失败" /> : <Spin />;
}

interface ReturnValues {
  picks: Picks;
  reason: ReturnReason;
  refundMethod: RefundMethod;
  remark?: string;
}

export function ReturnDialog({ order, onClose }: { order: OrderRef; onClose: () => void }) {
  const { detail, failed } = useDialogOrder(order);
  const [form] = Form.useForm<ReturnValues>();
  return (
    <OrderCommandModal<ReturnValues>
      title={`退货 ${order.orderNo}`}
      open
      onClose={onClose}
      form={form}
      width={900}
      loading={!detail}
      actions={[
        {
          text: '提交退单',
          check: (values) => {
            const problem = detail ? picksProblem(detail, values.picks ?? {}) : '订单未加载';
            return problem ? { error: problem } : null;
          },
          toCommand: (values) => ({
            kind: 'returnAdd',
            payload: {
              orderId: order.id,
              reason: values.reason,
              refundMethod: values.refundMethod,
              remark: values.remark?.trim() || null,
              lines: detail ? pickedLines(detail, values.picks ?? {}) : [],
            },
          }),
        },
      ]}
    >
      {detail ? <ReturnPicks order={detail} title="退货明细" /> : <OrderLinesPending failed={failed} />}
      <Space wrap size={16} align="start">
        <Form.Item name="reason" label="退货原因" rules={[{ required: true, message: '请选择退货原因' }]}>
          <EnumSelect labels={RETURN_REASON} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item
          name="refundMethod"
          label="退款方式"
          initialValue="OFFSET_AR"
          rules={[{ required: true, message: '请选择退款方式' }]}
        >
          <EnumSelect labels={REFUND_METHOD} allowClear={false} style={{ width: 180 }} />
        </Form.Item>
      </Space>
      <Form.Item name="remark" label="备注">
        <Input.TextArea rows={2} maxLength={256} />
      </Form.Item>
    </OrderCommandModal>
  );
}
