// 作废: irreversible, so it names what happens and needs the reason.
import { Alert, Form, Input } from 'antd';
import { OrderCommandModal } from './OrderCommandModal';
import type { OrderRef } from './useOrderDialogs';

export function InvalidDialog({ order, onClose }: { order: OrderRef; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <OrderCommandModal<{ reason: string }>
      title={`作废订单 ${order.orderNo}`}
      open
      onClose={onClose}
      form={form}
      width={520}
      extra={
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="作废后不可恢复：释放锁定的库存、返利、金币和促销额度；已同步ERP的订单将反审核并删除。"
        />
      }
      actions={[
        {
          text: '确认作废',
          danger: true,
          toCommand: (values) => ({
            kind: 'invalid',
            payload: { id: order.id, reason: values.reason.trim() },
          }),
        },
      ]}
    >
      <Form.Item
        name="reason"
        label="作废原因"
        rules={[
          { required: true, whitespace: true, message: '请填写作废原因' },
          { max: 256, message: '最多 256 个字' },
        ]}
      >
        <Input.TextArea rows={3} maxLength={256} placeholder="如：客户取消、重复下单" />
      </Form.Item>
    </OrderCommandModal>
  );
}
