// 收款: records money received for an order (up to what is still owed), with how and when it came.
import { useEffect } from 'react';
import { DatePicker, Descriptions, Form, Input, InputNumber, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { RECEIPT_CHANNEL, type OrderDetail } from '../../../../common/orders';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { dialogOrderRequested, LOADING } from '../../../features/orders/slice';
import { selectDialogOrder } from '../../../features/orders/selectors';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { OrderCommandModal } from './OrderCommandModal';
import { money } from './orderView';
import type { OrderRef } from './useOrderDialogs';

interface PaymentValues {
  amount: number;
  channel: string;
  paidAt?: Dayjs;
  referenceNo?: string;
  remark?: string;
}

/** What the buyer still owes, in yuan: the payable less the goods returned less what was paid. */
export const owed = (order: Pick<OrderDetail, 'payableAmount' | 'paidAmount' | 'amounts'>) =>
  Math.max(
    0,
    Math.round(
      (Number(order.payableAmount) - Number(order.amounts.returnedAmount) - Number(order.paidAmount)) * 100,
    ) / 100,
  );

export function PaymentDialog({ order, onClose }: { order: OrderRef; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const loaded = useAppSelector(selectDialogOrder);
  const detail = loaded === LOADING || loaded?.id !== order.id ? null : loaded;
  const [form] = Form.useForm<PaymentValues>();
  useEffect(() => {
    dispatch(dialogOrderRequested(order.id));
  }, [dispatch, order.id]);
  useEffect(() => {
    if (detail) form.setFieldsValue({ amount: owed(detail) });
  }, [detail, form]);

  return (
    <OrderCommandModal<PaymentValues>
      title={`收款 ${order.orderNo}`}
      open
      onClose={onClose}
      form={form}
      width={560}
      loading={!detail}
      extra={
        detail ? (
          <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="应付">{money(detail.payableAmount)}</Descriptions.Item>
            <Descriptions.Item label="已付">{money(detail.paidAmount)}</Descriptions.Item>
            <Descriptions.Item label="未付">{money(owed(detail))}</Descriptions.Item>
          </Descriptions>
        ) : (
          <Spin />
        )
      }
      actions={[
        {
          text: '确认收款',
          toCommand: (values) => ({
            kind: 'pay',
            payload: {
              orderId: order.id,
              amount: values.amount,
              channel: values.channel as 'CASH',
              paidAt: values.paidAt?.format('YYYY-MM-DD HH:mm:ss'),
              referenceNo: values.referenceNo?.trim() || null,
              remark: values.remark?.trim() || null,
            },
          }),
        },
      ]}
    >
      <Form.Item
        name="amount"
        label="收款金额（元）"
        rules={[
          { required: true, message: '请输入收款金额!' },
          {
            validator: (_rule, value: number | null) =>
              value == null || (value > 0 && (!detail || value <= owed(detail)))
                ? Promise.resolve()
                : Promise.reject(
                    new Error(
                      detail ? `金额应大于 0 且不超过未付金额 ${money(owed(detail))}` : '金额应大于 0',
                    ),
                  ),
          },
        ]}
      >
        <InputNumber min={0} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="channel" label="收款方式" rules={[{ required: true, message: '请选择收款方式!' }]}>
        <EnumSelect labels={RECEIPT_CHANNEL} />
      </Form.Item>
      <Form.Item name="paidAt" label="收款时间（默认现在）">
        <DatePicker showTime disabledDate={(day) => day.isAfter(dayjs(), 'day')} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="referenceNo" label="流水号" rules={[{ max: 64, message: '最多 64 个字!' }]}>
        <Input />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input.TextArea rows={2} maxLength={256} />
      </Form.Item>
    </OrderCommandModal>
  );
}
