// 修改密码 (spec §2, §5): 800 wide; the server's answer is shown by the user-menu saga.
import { Form, Input, Modal } from 'antd';
import { messages } from '../../common/messages';
import {
  passwordDialogClosed,
  passwordSubmitted,
  type PasswordChangeForm,
} from '../features/layout/userMenuSlice';
import { useAppDispatch, useAppSelector } from '../store/hooks';

export const PASSWORD_MODAL_WIDTH = 800;
const LABEL_COL = { xs: { span: 24 }, sm: { span: 5 } };
const WRAPPER_COL = { xs: { span: 24 }, sm: { span: 16 } };

export function PasswordModal() {
  const dispatch = useAppDispatch();
  const { open, submitting } = useAppSelector((state) => state.userMenu.password);
  const [form] = Form.useForm<PasswordChangeForm>();

  const submit = async () => {
    let values: PasswordChangeForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    dispatch(passwordSubmitted(values));
  };

  return (
    <Modal
      title="修改密码"
      width={PASSWORD_MODAL_WIDTH}
      open={open}
      confirmLoading={submitting}
      onOk={submit}
      onCancel={() => dispatch(passwordDialogClosed())}
      destroyOnHidden
    >
      <Form
        form={form}
        labelCol={LABEL_COL}
        wrapperCol={WRAPPER_COL}
        preserve={false}
        style={{ marginTop: 24 }}
      >
        <Form.Item
          label="旧密码"
          name="oldpassword"
          rules={[{ required: true, message: messages.oldPasswordRequired }]}
        >
          <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="password"
          rules={[{ required: true, message: messages.newPasswordRequired }]}
        >
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirmpassword"
          dependencies={['password']}
          rules={[
            { required: true, message: messages.confirmPasswordRequired },
            ({ getFieldValue }) => ({
              validator: (_rule, value) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(messages.passwordMismatch)),
            }),
          ]}
        >
          <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
