// /user/alteration, the forgotten password: the phone proves the account (the SMS code is entered in the
// two-step modal), then a new password is set.
import { useEffect, useState } from 'react';
import { App, Button, Card, Col, Form, Input, Result, Row, Steps, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../../common/constants';
import { messages } from '../../../common/messages';
import { checkMobile } from '../../../common/validators';
import { CaptchaField } from '../../components/Captcha';
import { SmsCodeButton } from '../../components/SmsCodeButton';
import { TwoStepModal } from '../../components/TwoStepModal';
import {
  passwordResetRequested,
  phoneVerificationRequested,
  recoveryStarted,
  type RecoveryStep,
} from '../../features/session/accountSlice';
import { selectRecovery } from '../../features/session/selectors';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { confirmPasswordRule, ruleOf } from '../../utils/formRules';

export const ALTERATION_TEXTS = {
  smsPrompt: '请输入手机收到的 6 位短信验证码',
  lostPhoneHint: '手机遗失时，请联系企业管理员重置密码。',
  done: '密码重置成功',
} as const;

const STEP_INDEX: Record<RecoveryStep, number> = { phone: 0, password: 1, done: 2 };

interface PhoneValues {
  phone: string;
  captcha: string;
}

function PhoneStep() {
  const dispatch = useAppDispatch();
  const { pending } = useAppSelector(selectRecovery);
  const { message } = App.useApp();
  const [form] = Form.useForm<PhoneValues>();
  const [codeOpen, setCodeOpen] = useState(false);

  const enterCode = async () => {
    try {
      await form.validateFields(['phone']);
    } catch {
      // The field shows the message.
      return;
    }
    setCodeOpen(true);
  };

  const verify = (smscode: string) => {
    setCodeOpen(false);
    dispatch(phoneVerificationRequested({ phone: form.getFieldValue('phone'), smscode }));
  };

  return (
    <Form form={form} layout="vertical">
      <Form.Item name="phone" label="手机号" rules={[ruleOf(checkMobile)]}>
        <Input size="large" autoComplete="tel" />
      </Form.Item>
      <CaptchaField />
      <Row gutter={8} align="middle">
        <Col flex="136px">
          <SmsCodeButton form={form} mobileField="phone" smsmode="2" />
        </Col>
        <Col flex="auto" style={{ textAlign: 'right' }}>
          <Button type="primary" size="large" loading={pending} onClick={enterCode}>
            下一步
          </Button>
        </Col>
      </Row>
      <TwoStepModal
        open={codeOpen}
        prompt={ALTERATION_TEXTS.smsPrompt}
        onSuccess={verify}
        onCancel={() => setCodeOpen(false)}
        onLostPhone={() => message.info(ALTERATION_TEXTS.lostPhoneHint)}
      />
    </Form>
  );
}

interface PasswordValues {
  password: string;
  confirmPassword: string;
}

function PasswordStep() {
  const dispatch = useAppDispatch();
  const { pending, username } = useAppSelector(selectRecovery);
  const submit = ({ password, confirmPassword }: PasswordValues) => {
    dispatch(passwordResetRequested({ password, confirmpassword: confirmPassword }));
  };
  return (
    <Form<PasswordValues> layout="vertical" onFinish={submit}>
      <Typography.Paragraph>账户：{username}</Typography.Paragraph>
      <Form.Item
        name="password"
        label="新密码"
        rules={[{ required: true, message: messages.newPasswordRequired }]}
      >
        <Input.Password size="large" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label="确认新密码"
        dependencies={['password']}
        rules={[confirmPasswordRule]}
      >
        <Input.Password size="large" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" loading={pending}>
        提交
      </Button>
    </Form>
  );
}

export default function AlterationPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { step, username } = useAppSelector(selectRecovery);

  useEffect(() => {
    dispatch(recoveryStarted());
  }, [dispatch]);

  return (
    <Card style={{ maxWidth: 560, margin: '0 auto' }}>
      <Typography.Title level={3}>找回密码</Typography.Title>
      <Steps
        current={STEP_INDEX[step]}
        items={[{ title: '手机验证' }, { title: '设置新密码' }, { title: '完成' }]}
        style={{ marginBottom: 32 }}
      />
      {step === 'phone' && <PhoneStep />}
      {step === 'password' && <PasswordStep />}
      {step === 'done' && (
        <Result
          status="success"
          title={ALTERATION_TEXTS.done}
          subTitle={`账户 ${username ?? ''} 可以使用新密码登录了`}
          extra={
            <Button type="primary" size="large" onClick={() => navigate(LOGIN_PATH)}>
              去登录
            </Button>
          }
        />
      )}
    </Card>
  );
}
