// /user/register: a company registers and its first user becomes its administrator. The account name
// and the mobile number are checked for uniqueness when they lose focus.
import { useEffect } from 'react';
import { Button, Card, Col, Form, Input, Row, Typography, type FormRule } from 'antd';
import { Link } from 'react-router';
import { messages } from '../../../common/messages';
import { checkMobile, hasText, isMainlandMobile } from '../../../common/validators';
import type { RegisterForm } from '../../api/auth';
import { CaptchaField } from '../../components/Captcha';
import { SmsCodeButton } from '../../components/SmsCodeButton';
import type { UniqueAccountField } from '../../features/session/accountSlice';
import { availabilityCheckRequested, registerRequested } from '../../features/session/accountSlice';
import { selectAvailability, selectRegisterPending } from '../../features/session/selectors';
import { WecomRegisterButton } from '../../features/thirdPartyLogin/WecomRegisterButton';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { confirmPasswordRule, ruleOf } from '../../utils/formRules';

export const REGISTER_TEXTS = {
  companyRequired: '请输入企业名称!',
  realnameRequired: '请输入姓名!',
  smsCodeRequired: '请输入短信验证码!',
} as const;

interface RegisterValues extends RegisterForm {
  confirmPassword: string;
  captcha: string;
}

function required(message: string): FormRule {
  return { required: true, whitespace: true, message };
}

export default function RegisterPage() {
  const dispatch = useAppDispatch();
  const pending = useAppSelector(selectRegisterPending);
  const availability = useAppSelector(selectAvailability);
  const [form] = Form.useForm<RegisterValues>();

  /** Fails with the server's reason when it found this very value taken. */
  const uniqueRule = (field: UniqueAccountField): FormRule => ({
    validator: (_rule, value: string | undefined) => {
      const checked = availability[field];
      return checked?.takenMessage && checked.value === value
        ? Promise.reject(new Error(checked.takenMessage))
        : Promise.resolve();
    },
  });

  // A server answer arrives after the blur: show it on its field.
  useEffect(() => {
    const answered = (Object.keys(availability) as UniqueAccountField[]).filter(
      (field) => form.getFieldValue(field) === availability[field]?.value,
    );
    if (answered.length > 0) form.validateFields(answered).catch(() => undefined);
  }, [availability, form]);

  const checkOnBlur = (field: UniqueAccountField) => () => {
    const value: unknown = form.getFieldValue(field);
    if (!hasText(value)) return;
    // A malformed number is refused by its own rule; the server judges well-formed values only.
    if (field === 'phone' && !isMainlandMobile(value)) return;
    dispatch(availabilityCheckRequested({ field, value }));
  };

  const submit = ({ companyName, username, realname, password, phone, smscode }: RegisterValues) => {
    dispatch(registerRequested({ companyName, username, realname, password, phone, smscode }));
  };

  return (
    <Card style={{ maxWidth: 480, margin: '0 auto' }}>
      <Typography.Title level={3}>企业注册</Typography.Title>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="companyName" label="企业名称" rules={[required(REGISTER_TEXTS.companyRequired)]}>
          <Input size="large" autoComplete="organization" />
        </Form.Item>
        <Form.Item
          name="username"
          label="用户名"
          rules={[required(messages.usernameRequired), uniqueRule('username')]}
        >
          <Input size="large" autoComplete="username" onBlur={checkOnBlur('username')} />
        </Form.Item>
        <Form.Item name="realname" label="姓名" rules={[required(REGISTER_TEXTS.realnameRequired)]}>
          <Input size="large" autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="password"
          label="密码"
          rules={[{ required: true, message: messages.passwordRequired }]}
        >
          <Input.Password size="large" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label="确认密码"
          dependencies={['password']}
          rules={[confirmPasswordRule]}
        >
          <Input.Password size="large" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="phone" label="手机号" rules={[ruleOf(checkMobile), uniqueRule('phone')]}>
          <Input size="large" autoComplete="tel" onBlur={checkOnBlur('phone')} />
        </Form.Item>
        <CaptchaField />
        <Row gutter={8} wrap={false}>
          <Col flex="auto">
            <Form.Item name="smscode" rules={[required(REGISTER_TEXTS.smsCodeRequired)]}>
              <Input size="large" placeholder="短信验证码" autoComplete="one-time-code" />
            </Form.Item>
          </Col>
          <Col flex="136px">
            <SmsCodeButton form={form} mobileField="phone" smsmode="1" />
          </Col>
        </Row>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" size="large" loading={pending}>
            注册
          </Button>
          <Link to="/user/login" style={{ float: 'right', lineHeight: '40px' }}>
            使用已有账户登录
          </Link>
        </Form.Item>
      </Form>
      <WecomRegisterButton />
    </Card>
  );
}
