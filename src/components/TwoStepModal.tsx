// Two-step verification (spec §2, §5): a 6-digit dynamic code, a 'lost phone?' link, back and continue.
// A valid code shows 'verifying' for 2 seconds before it is handed over.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Form, Input, Modal, Spin } from 'antd';
import { TWO_STEP_CODE_LENGTH, TWO_STEP_VERIFY_DELAY_MS } from '../../common/constants';
import { checkTwoStepCode } from '../../common/validators';
import { ruleOf } from '../utils/formRules';

export const TWO_STEP_TEXTS = {
  title: '两步验证',
  prompt: `请输入 ${TWO_STEP_CODE_LENGTH} 位动态码`,
  verifying: '正在验证..请稍后',
  lostPhone: '遗失手机?',
} as const;

interface TwoStepModalProps {
  open: boolean;
  /** Called with the code once it has been verified. */
  onSuccess: (code: string) => void;
  /** 返回 or the close button. */
  onCancel: () => void;
  onLostPhone: () => void;
  /** What the user is asked for, above the input. */
  prompt?: ReactNode;
}

interface TwoStepValues {
  stepCode: string;
}

const centered = { textAlign: 'center' } as const;

/** The modal's content: mounted while the modal is open, so every opening starts empty. */
function TwoStepForm({ onSuccess, onCancel, onLostPhone, prompt }: Omit<TwoStepModalProps, 'open'>) {
  const [form] = Form.useForm<TwoStepValues>();
  const [verifying, setVerifying] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Counts confirmations and cancellations: a check that finishes after 返回 emits nothing. */
  const attempt = useRef(0);

  useEffect(() => () => clearTimeout(timer.current), []);

  const cancel = () => {
    attempt.current += 1;
    clearTimeout(timer.current);
    setVerifying(false);
    onCancel();
  };

  const confirm = async () => {
    if (verifying) return;
    attempt.current += 1;
    const current = attempt.current;
    let values: TwoStepValues;
    try {
      values = await form.validateFields();
    } catch {
      // The field shows the message.
      return;
    }
    if (current !== attempt.current) return;
    setVerifying(true);
    timer.current = setTimeout(() => {
      setVerifying(false);
      onSuccess(values.stepCode);
    }, TWO_STEP_VERIFY_DELAY_MS);
  };

  return (
    <>
      <Spin spinning={verifying}>
        <Form form={form} layout="vertical" style={{ width: '80%', maxWidth: 400, margin: '0 auto' }}>
          <p style={centered}>{verifying ? TWO_STEP_TEXTS.verifying : prompt}</p>
          <Form.Item name="stepCode" rules={[ruleOf(checkTwoStepCode)]} hasFeedback>
            <Input
              style={centered}
              placeholder="000000"
              inputMode="numeric"
              maxLength={TWO_STEP_CODE_LENGTH}
              autoComplete="one-time-code"
              onPressEnter={confirm}
            />
          </Form.Item>
          <div style={centered}>
            <Button type="link" onClick={onLostPhone}>
              {TWO_STEP_TEXTS.lostPhone}
            </Button>
          </div>
        </Form>
      </Spin>
      <div style={{ ...centered, marginTop: 16 }}>
        <Button onClick={cancel} style={{ marginRight: 8 }}>
          返回
        </Button>
        <Button type="primary" loading={verifying} onClick={confirm}>
          继续
        </Button>
      </div>
    </>
  );
}

export function TwoStepModal({
  open,
  onCancel,
  prompt = TWO_STEP_TEXTS.prompt,
  ...handlers
}: TwoStepModalProps) {
  return (
    <Modal
      open={open}
      centered
      destroyOnHidden
      title={<div style={centered}>{TWO_STEP_TEXTS.title}</div>}
      mask={{ closable: false }}
      onCancel={onCancel}
      footer={null}
    >
      <TwoStepForm onCancel={onCancel} prompt={prompt} {...handlers} />
    </Modal>
  );
}
