// 退货: the order's shipped lines with what may still go back (shipped − returned − what open returns and
// exchanges claim); the operator picks quantities in 箱 + 瓶, the reason and how the money goes back. The
// amount is the server's (the buyer's price share of each line); the dialog shows an estimate.
import { useEffect, type ReactNode } from 'react';
import { Empty, Form, Input, InputNumber, Space, Spin, Table, Typography, type FormInstance } from 'antd';
import {
  REFUND_METHOD,
  RETURN_REASON,
  type ExchangeReason,
  type OrderDetail,
  type OrderLineRecord,
  type RefundMethod,
  type ReturnReason,
} from '../../../../common/orders';
import { formatQuantity, toBaseQty } from '../../../../common/quantity';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { dialogOrderRequested, LOADING, type CommandRequest } from '../../../features/orders/slice';
import { selectDialogOrder } from '../../../features/orders/selectors';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { OrderCommandModal } from './OrderCommandModal';
import { money } from './orderView';
import type { OrderRef } from './useOrderDialogs';

/** What is typed per order line: whole cases and loose base units. */
export type Picks = Record<string, { cases?: number | null; units?: number | null } | undefined>;

/** Goods a 退货 or 换货 opens with (临期预警's shelf goods): the quantities of order lines, and why. */
export interface PicksPreset {
  picks: Picks;
  reason: ReturnReason & ExchangeReason;
}

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

/** 箱 + 瓶 of one quantity (`name` holds cases and units); bounded when maxBaseQty is given. */
export function CaseUnitInputs({
  name,
  label,
  pack,
  maxBaseQty,
}: {
  name: Array<string | number>;
  label: string;
  pack: { unitsPerCase: number; caseUnit: string; baseUnit: string };
  maxBaseQty?: number;
}) {
  const fields = [
    {
      field: 'cases',
      unit: pack.caseUnit,
      max: maxBaseQty === undefined ? 99999 : Math.floor(maxBaseQty / pack.unitsPerCase),
    },
    { field: 'units', unit: pack.baseUnit, max: maxBaseQty ?? 99999 },
  ];
  return (
    <Space size={4}>
      {fields.map(({ field, unit, max }) => (
        <Form.Item key={field} name={[...name, field]} noStyle>
          <InputNumber
            min={0}
            precision={0}
            max={max}
            disabled={max === 0}
            suffix={unit}
            aria-label={`${label}${unit}数`}
            style={{ width: 96 }}
          />
        </Form.Item>
      ))}
    </Space>
  );
}

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
            title: '本次收回',
            key: 'pick',
            render: (_value, line) => (
              <CaseUnitInputs
                name={['picks', line.id]}
                label={`${line.sku.name} 退回`}
                pack={packOf(line)}
                maxBaseQty={line.returnableBaseQty}
              />
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

/** The frame of 退货 and 换货: the order loaded afresh, its shipped lines to pick from, the form's own fields. */
export function PicksDialog<V extends { picks: Picks }>({
  order,
  onClose,
  form,
  title,
  picksTitle,
  submit,
  problem,
  toCommand,
  initialValues,
  children,
}: {
  order: OrderRef;
  onClose: () => void;
  form: FormInstance<V>;
  title: string;
  picksTitle: string;
  submit: string;
  problem: (detail: OrderDetail, values: V) => string | null;
  toCommand: (detail: OrderDetail, values: V) => CommandRequest;
  initialValues?: Partial<V>;
  /** The fields below the lines; some need the order (同款换新). */
  children: (detail: OrderDetail | null) => ReactNode;
}) {
  const dispatch = useAppDispatch();
  const loaded = useAppSelector(selectDialogOrder);
  useEffect(() => {
    dispatch(dialogOrderRequested(order.id));
  }, [dispatch, order.id]);
  const detail = loaded === LOADING || loaded?.id !== order.id ? null : loaded;
  return (
    <OrderCommandModal<V>
      title={`${title} ${order.orderNo}`}
      open
      onClose={onClose}
      form={form}
      width={900}
      loading={!detail}
      initialValues={initialValues}
      actions={[
        {
          text: submit,
          check: (values) => {
            const found = detail ? problem(detail, values) : '订单未加载';
            return found ? { error: found } : null;
          },
          toCommand: (values) => toCommand(detail!, values),
        },
      ]}
    >
      {detail ? (
        <ReturnPicks order={detail} title={picksTitle} />
      ) : loaded === null ? (
        <Empty description="订单加载失败" />
      ) : (
        <Spin />
      )}
      {children(detail)}
    </OrderCommandModal>
  );
}

interface ReturnValues {
  picks: Picks;
  reason: ReturnReason;
  refundMethod: RefundMethod;
  remark?: string;
}

export function ReturnDialog({
  order,
  onClose,
  preset,
}: {
  order: OrderRef;
  onClose: () => void;
  preset?: PicksPreset;
}) {
  const [form] = Form.useForm<ReturnValues>();
  return (
    <PicksDialog<ReturnValues>
      order={order}
      onClose={onClose}
      form={form}
      initialValues={preset}
      title="退货"
      picksTitle="退货明细"
      submit="提交退单"
      problem={(detail, values) => picksProblem(detail, values.picks ?? {})}
      toCommand={(detail, values) => ({
        kind: 'returnAdd',
        payload: {
          orderId: order.id,
          reason: values.reason,
          refundMethod: values.refundMethod,
          remark: values.remark?.trim() || null,
          lines: pickedLines(detail, values.picks ?? {}),
        },
      })}
    >
      {() => (
        <>
          <Space wrap size={16} align="start">
            <Form.Item
              name="reason"
              label="退货原因"
              rules={[{ required: true, message: '请选择退货原因!' }]}
            >
              <EnumSelect labels={RETURN_REASON} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item
              name="refundMethod"
              label="退款方式"
              initialValue="OFFSET_AR"
              rules={[{ required: true, message: '请选择退款方式!' }]}
            >
              <EnumSelect labels={REFUND_METHOD} allowClear={false} style={{ width: 180 }} />
            </Form.Item>
          </Space>
          <Form.Item name="remark" label="备注">
            <Input.TextArea rows={2} maxLength={256} />
          </Form.Item>
        </>
      )}
    </PicksDialog>
  );
}
