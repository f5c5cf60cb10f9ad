// 签收: the shipped quantity of each line and what was signed for (in full by default); a line signed
// short needs the reason (破损/少货/错货/拒收).
import { useEffect } from 'react';
import { Empty, Form, Input, InputNumber, Spin, Table } from 'antd';
import { SIGN_DIFF_REASON, SIGN_TYPE, type OrderDetail } from '../../../../common/orders';
import { formatQuantity } from '../../../../common/quantity';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { dialogOrderRequested, LOADING, type CommandRequest } from '../../../features/orders/slice';
import { selectDialogOrder } from '../../../features/orders/selectors';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { OrderCommandModal } from './OrderCommandModal';
import type { OrderRef } from './useOrderDialogs';

interface SignValues {
  signType: string;
  signed: Record<string, number | null>;
  diffReason?: string;
  remark?: string;
}

const shippedLines = (order: OrderDetail) => order.lines.filter((line) => line.shippedBaseQty > 0);

export function isShort(order: OrderDetail, signed: SignValues['signed']): boolean {
  return shippedLines(order).some((line) => (signed[line.id] ?? 0) < line.shippedBaseQty);
}

export function SignDialog({ order, onClose }: { order: OrderRef; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const loaded = useAppSelector(selectDialogOrder);
  const detail = loaded === LOADING || loaded?.id !== order.id ? null : loaded;
  const [form] = Form.useForm<SignValues>();
  useEffect(() => {
    dispatch(dialogOrderRequested(order.id));
  }, [dispatch, order.id]);
  useEffect(() => {
    if (detail)
      form.setFieldsValue({
        signed: Object.fromEntries(shippedLines(detail).map((line) => [line.id, line.shippedBaseQty])),
      });
  }, [detail, form]);

  return (
    <OrderCommandModal<SignValues>
      title={`签收 ${order.orderNo}`}
      open
      onClose={onClose}
      form={form}
      width={820}
      loading={!detail}
      actions={[
        {
          text: '确认签收',
          check: (values) =>
            detail && isShort(detail, values.signed ?? {}) && !values.diffReason
              ? { name: 'diffReason', error: '有少签的明细，请选择差异原因!' }
              : null,
          toCommand: (values): CommandRequest => ({
            kind: 'sign',
            payload: {
              id: order.id,
              signType: values.signType as 'OUTLET_SELF',
              lines: detail
                ? shippedLines(detail).map((line) => ({
                    orderLineId: line.id,
                    signedBaseQty: values.signed?.[line.id] ?? 0,
                  }))
                : undefined,
              diffReason: values.diffReason as 'DAMAGED' | undefined,
              remark: values.remark?.trim() || null,
            },
          }),
        },
      ]}
    >
      <Form.Item
        name="signType"
        label="签收方式"
        initialValue="DRIVER_PROXY"
        rules={[{ required: true, message: '请选择签收方式!' }]}
      >
        <EnumSelect
          labels={{ OUTLET_SELF: SIGN_TYPE.OUTLET_SELF, DRIVER_PROXY: SIGN_TYPE.DRIVER_PROXY }}
          allowClear={false}
        />
      </Form.Item>
      <Form.Item label="签收数量（瓶）">
        {loaded === null ? (
          <Empty description="订单加载失败" />
        ) : !detail ? (
          <Spin />
        ) : (
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={shippedLines(detail)}
            columns={[
              { title: '商品', key: 'sku', render: (_value, line) => line.sku.name },
              {
                title: '已发',
                dataIndex: 'qtyText',
                render: (_value, line) =>
                  formatQuantity(line.shippedBaseQty, {
                    unitsPerCase: line.sku.unitsPerCase,
                    baseUnit: line.sku.baseUnit,
                  }),
              },
              {
                title: '实签',
                key: 'signed',
                render: (_value, line) => (
                  <Form.Item name={['signed', line.id]} noStyle>
                    <InputNumber
                      min={0}
                      max={line.shippedBaseQty}
                      precision={0}
                      aria-label={`${line.sku.name} 实签数量`}
                    />
                  </Form.Item>
                ),
              },
            ]}
          />
        )}
      </Form.Item>
      <Form.Item name="diffReason" label="差异原因（少签时必填）">
        <EnumSelect labels={SIGN_DIFF_REASON} placeholder="无差异" />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input.TextArea rows={2} maxLength={256} />
      </Form.Item>
    </OrderCommandModal>
  );
}
