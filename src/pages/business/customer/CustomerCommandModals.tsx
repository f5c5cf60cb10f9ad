// The customer commands that take more than a yes: a verification verdict with its reason
// (changeVerifyStatus) and the supplying dealer of one or many outlets (link / linkBatch).
import type { ComponentProps } from 'react';
import { Form, Input, Typography } from 'antd';
import { VERIFY_STATUS } from '../../../../common/businessEnums';
import { changeVerifyStatus, dealerOptions, linkToDealer, type DealerOption } from '../../../api/customers';
import { RemoteSelect } from '../../../components/form/EnumSelect';
import { required } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';

/** The verification verdicts each status allows (the server's machine) and whether a reason is required. */
export const VERIFY_ACTIONS: Record<string, { to: string; label: string; needsReason: boolean }[]> = {
  UNVERIFIED: [
    { to: 'VERIFIED', label: '核实通过', needsReason: false },
    { to: 'SUSPECT', label: '标记疑似异常', needsReason: true },
  ],
  VERIFIED: [{ to: 'SUSPECT', label: '标记疑似异常', needsReason: true }],
  SUSPECT: [
    { to: 'VERIFIED', label: '核实通过', needsReason: false },
    { to: 'FAKE', label: '认定虚假门店', needsReason: true },
  ],
  FAKE: [],
};

export interface CommandTarget {
  ids: string[];
  /** What the title names: one customer's name, or "n 个客户". */
  subject: string;
}

export function VerifyModal({
  target,
  to,
  onClose,
  onDone,
}: {
  target: CommandTarget | null;
  to: { to: string; label: string; needsReason: boolean } | null;
  onClose: () => void;
  onDone: () => void;
}) {
  return (
    <ModalForm<{ reason?: string }>
      title={to && target ? `${to.label}：${target.subject}` : ''}
      open={target !== null && to !== null}
      onClose={onClose}
      onSaved={onDone}
      onSubmit={({ reason }) =>
        changeVerifyStatus(target?.ids ?? [], to?.to ?? '', reason?.trim() || undefined)
      }
    >
      <Typography.Paragraph type="secondary">
        核实状态将改为「{to ? VERIFY_STATUS[to.to as keyof typeof VERIFY_STATUS] : ''}」。
        {to?.to === 'FAKE' && '认定为虚假门店后门店将关店，且不能恢复经营。'}
      </Typography.Paragraph>
      <Form.Item name="reason" label="原因" rules={to?.needsReason ? [required('原因')] : []}>
        <Input.TextArea rows={3} maxLength={256} showCount placeholder="核实说明" />
      </Form.Item>
    </ModalForm>
  );
}

const dealerOption = (dealer: DealerOption) => ({
  value: dealer.id,
  label: `${dealer.name}（${dealer.customerCode}）`,
});
const loadDealers = () => dealerOptions();

/** The dealers an outlet may be supplied by (getDDLList: approved, trading, in the caller's scope). */
export function DealerSelect(
  props: Omit<ComponentProps<typeof RemoteSelect<DealerOption>>, 'load' | 'toOption'>,
) {
  return (
    <RemoteSelect<DealerOption>
      load={loadDealers}
      toOption={dealerOption}
      placeholder="请选择经销商"
      {...props}
    />
  );
}

export function LinkDealerModal({
  target,
  onClose,
  onDone,
}: {
  target: CommandTarget | null;
  onClose: () => void;
  onDone: () => void;
}) {
  return (
    <ModalForm<{ dealerId: string }>
      title={target ? `关联经销商：${target.subject}` : ''}
      open={target !== null}
      onClose={onClose}
      onSaved={onDone}
      onSubmit={({ dealerId }) => linkToDealer(target?.ids ?? [], dealerId)}
    >
      <Form.Item name="dealerId" label="供货经销商" rules={[required('供货经销商', '选择')]}>
        <DealerSelect />
      </Form.Item>
    </ModalForm>
  );
}
