// The login modal (spec §2 "Landing and login layout", §5): account/password and mobile/SMS tabs, and the
// department picker a login may need. Opening it removes the stored token (spec §4); it offers the
// stored account name again. Pages load it on demand (default export for React.lazy).
import { useEffect, useState } from 'react';
import { Button, Checkbox, Col, Form, Input, Modal, Row, Space, Tabs, type FormInstance } from 'antd';
import { LockOutlined, MailOutlined, MessageOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { messages } from '../../common/messages';
import { checkMobile, loginTypeOf } from '../../common/validators';
import {
  selectLoginCaptchaRequired,
  selectLoginPending,
  selectUsername,
} from '../features/session/selectors';
import { QrLoginPanel } from '../features/thirdPartyLogin/QrLoginPanel';
import { loginModalOpened, loginRequested, phoneLoginRequested } from '../features/session/slice';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { ruleOf } from '../utils/formRules';
import { CaptchaField } from './Captcha';
import { DepartSelectModal } from './DepartSelectModal';
import { SmsCodeButton } from './SmsCodeButton';
import { VisuallyHidden } from './VisuallyHidden';

export const LOGIN_MODAL_WIDTH = 450;

export const LOGIN_TABS = { account: '账号密码登录', mobile: '手机号登录', qr: '企业微信登录' } as const;

type LoginTab = keyof typeof LOGIN_TABS;

/** The enterprise-messaging QR login has no fields: the scan is the login. */
const TAB_FIELDS: Record<LoginTab, (keyof LoginValues)[]> = {
  account: ['username', 'password'],
  mobile: ['mobile', 'smsCode'],
  qr: [],
};

interface LoginValues {
  username: string;
  password: string;
  mobile: string;
  captcha: string;
  smsCode: string;
  rememberMe: boolean;
}

interface TabFieldsProps {
  form: FormInstance<LoginValues>;
  /** Enter in the last field logs in. */
  onSubmit: () => void;
}

function AccountFields({ form, onSubmit }: TabFieldsProps) {
  // An e-mail address logs in as e-mail (spec §5); the request sends `username` either way.
  const loginType = loginTypeOf(Form.useWatch('username', form) ?? '');
  const captchaRequired = useAppSelector(selectLoginCaptchaRequired);
  return (
    <>
      <Form.Item
        name="username"
        rules={[{ required: true, whitespace: true, message: messages.usernameRequired }]}
      >
        <Input
          size="large"
          prefix={loginType === 'email' ? <MailOutlined /> : <UserOutlined />}
          placeholder="用户名 / 邮箱"
          autoComplete="username"
        />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: messages.passwordRequired }]}>
        <Input.Password
          size="large"
          prefix={<LockOutlined />}
          placeholder="密码"
          autoComplete="current-password"
          onPressEnter={onSubmit}
        />
      </Form.Item>
      {captchaRequired && <CaptchaField onPressEnter={onSubmit} />}
    </>
  );
}

function MobileFields({ form, onSubmit }: TabFieldsProps) {
  return (
    <>
      <Form.Item name="mobile" rules={[ruleOf(checkMobile)]}>
        <Input size="large" prefix={<MobileOutlined />} placeholder="手机号" autoComplete="tel" />
      </Form.Item>
      <CaptchaField />
      <Row gutter={8} wrap={false}>
        <Col flex="auto">
          <Form.Item
            name="smsCode"
            rules={[{ required: true, whitespace: true, message: messages.captchaRequired }]}
          >
            <Input
              size="large"
              prefix={<MessageOutlined />}
              placeholder="短信验证码"
              autoComplete="one-time-code"
              onPressEnter={onSubmit}
            />
          </Form.Item>
        </Col>
        <Col flex="136px">
          <SmsCodeButton form={form} mobileField="mobile" smsmode="0" />
        </Col>
      </Row>
    </>
  );
}

/** The modal's content: mounted while the modal is open, so every opening starts from the stored account. */
function LoginForm() {
  const dispatch = useAppDispatch();
  const storedUsername = useAppSelector(selectUsername);
  const pending = useAppSelector(selectLoginPending);
  const captchaRequired = useAppSelector(selectLoginCaptchaRequired);
  const [form] = Form.useForm<LoginValues>();
  const [tab, setTab] = useState<LoginTab>('account');

  const submit = async () => {
    let values: LoginValues;
    try {
      // Only the shown tab's own fields: on the mobile tab the graphic code serves the SMS request, not the
      // login; on the account tab it goes with the password once the server asks for it.
      const captchaField: Array<keyof LoginValues> = tab === 'account' && captchaRequired ? ['captcha'] : [];
      values = await form.validateFields([...TAB_FIELDS[tab], ...captchaField, 'rememberMe']);
    } catch {
      // The form shows what is missing or wrong.
      return;
    }
    const { username, password, captcha, mobile, smsCode, rememberMe } = values;
    if (tab === 'account') dispatch(loginRequested({ username, password, rememberMe, captcha }));
    else dispatch(phoneLoginRequested({ mobile, smsCode, rememberMe }));
  };

  return (
    <Form
      form={form}
      initialValues={{ username: storedUsername ?? undefined, rememberMe: true }}
      style={{ paddingTop: 8 }}
    >
      <Tabs
        centered
        destroyOnHidden
        activeKey={tab}
        onChange={(key) => setTab(key as LoginTab)}
        items={[
          {
            key: 'account',
            label: LOGIN_TABS.account,
            children: <AccountFields form={form} onSubmit={submit} />,
          },
          {
            key: 'mobile',
            label: LOGIN_TABS.mobile,
            children: <MobileFields form={form} onSubmit={submit} />,
          },
          { key: 'qr', label: LOGIN_TABS.qr, children: <QrLoginPanel /> },
        ]}
      />
      <Form.Item hidden={tab === 'qr'}>
        <Form.Item name="rememberMe" valuePropName="checked" noStyle>
          <Checkbox>自动登录</Checkbox>
        </Form.Item>
        <Space style={{ float: 'right' }}>
          <Link to="/user/register">注册账户</Link>
          <Link to="/user/alteration">忘记密码</Link>
        </Space>
      </Form.Item>
      <Form.Item hidden={tab === 'qr'} style={{ marginBottom: 0 }}>
        <Button type="primary" size="large" block loading={pending} onClick={submit}>
          登录
        </Button>
      </Form.Item>
    </Form>
  );
}

export interface LoginModalProps {
  open: boolean;
  onClose: () => void;
}

export function LoginModal({ open, onClose }: LoginModalProps) {
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (open) dispatch(loginModalOpened());
  }, [open, dispatch]);

  return (
    <>
      <Modal
        open={open}
        width={LOGIN_MODAL_WIDTH}
        onCancel={onClose}
        footer={null}
        destroyOnHidden
        // A dialog needs a name; the tabs say the rest, so it is read out but not shown.
        title={<VisuallyHidden>登录</VisuallyHidden>}
        styles={{ header: { margin: 0 } }}
      >
        <LoginForm />
      </Modal>
      <DepartSelectModal />
    </>
  );
}

export default LoginModal;
