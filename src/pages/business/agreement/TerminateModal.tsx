// 终止: the reason is required (it stays on the agreement and in its history).
import { Form, Input } from 'antd';
import type { Envelope } from '../../../../common/contract';
import { required } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';

export function TerminateModal({
  agreement,
  onClose,
  onDone,
  terminate,
}: {
  agreement: { id: string; agreementNo: string } | null;
  onClose: () => void;
  onDone: () => void;
  terminate: (id: string, reason: string) => Promise<Envelope<unknown>>;
}) {
  return (
    <ModalForm<{ reason: string }>
      title={agreement ? `终止协议 ${agreement.agreementNo}` : '终止协议'}
      open={agreement !== null}
      onClose={onClose}
      onSubmit={(values) => terminate(agreement!.id, values.reason.trim())}
      onSaved={onDone}
      width={520}
    >
      <Form.Item
        name="reason"
        label="终止原因"
        rules={[required('终止原因'), { whitespace: true, message: '请输入终止原因!' }, { max: 500 }]}
      >
        <Input.TextArea rows={3} placeholder="如 乙方严重违约（跨区窜货）" />
      </Form.Item>
    </ModalForm>
  );
}
