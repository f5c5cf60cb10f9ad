// 作废 and 取消: a step that ends the order, so the dialog names what happens and needs the reason.
import { Alert, Form, Input } from 'antd';
import { OrderCommandModal } from './OrderCommandModal';
import type { OrderRef } from './useOrderDialogs';

export type ReasonKind = 'invalid' | 'cancel';

interface ReasonStep {
  title: string;
  warning: string;
  label: string;
  placeholder: string;
  confirm: string;
  /** The footer's dismiss button: 取消 would read as the step itself in the 取消 dialog. */
  closeText?: string;
}

const STEPS: Record<ReasonKind, ReasonStep> = {
  invalid: {
    title: '作废订单',
    warning: '作废后不可恢复：释放锁定的库存、返利、金币和促销额度；已同步ERP的订单将反审核并删除。',
    label: '作废原因',
    placeholder: '如：客户取消、重复下单',
    confirm: '确认作废',
  },
  cancel: {
    title: '取消订单',
    warning: '取消后订单不再审核，也不能恢复。',
    label: '取消原因',
    placeholder: '如：客户不需要了、下错单',
    confirm: '确认取消',
    closeText: '返回',
  },
};

export function ReasonDialog({
  kind,
  order,
  onClose,
}: {
  kind: ReasonKind;
  order: OrderRef;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const step = STEPS[kind];
  return (
    <OrderCommandModal<{ reason: string }>
      title={`${step.title} ${order.orderNo}`}
      open
      onClose={onClose}
      closeText={step.closeText}
      form={form}
      width={520}
      extra={<Alert type="warning" showIcon style={{ marginBottom: 16 }} title={step.warning} />}
      actions={[
        {
          text: step.confirm,
          danger: true,
          toCommand: (values) => ({ kind, payload: { id: order.id, reason: values.reason.trim() } }),
        },
      ]}
    >
      <Form.Item
        name="reason"
        label={step.label}
        rules={[
          { required: true, whitespace: true, message: `请填写${step.label}!` },
          { max: 256, message: '最多 256 个字!' },
        ]}
      >
        <Input.TextArea rows={3} maxLength={256} placeholder={step.placeholder} />
      </Form.Item>
    </OrderCommandModal>
  );
}
