// An administrator sets a user's password (API.md §6.2 changePassword); the user's sessions end.
import { Form, Input } from 'antd';
import { changeUserPassword, type SysUser } from '../../../api/systemUser';
import { passwordPolicyRule, required, samePasswordRule } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';

interface PasswordValues {
  password: string;
  confirmpassword: string;
}

export function UserPasswordModal({ user, onClose }: { user: SysUser | null; onClose: () => void }) {
  return (
    <ModalForm<PasswordValues>
      title="修改密码"
      open={user !== null}
      onClose={onClose}
      onSaved={() => undefined}
      width={520}
      onSubmit={(values) => changeUserPassword({ username: user?.username ?? '', ...values })}
    >
      <Form.Item label="用户账号">
        <Input value={user?.username} disabled />
      </Form.Item>
      <Form.Item name="password" label="登录密码" rules={[required('新密码'), passwordPolicyRule]}>
        <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmpassword"
        label="确认密码"
        dependencies={['password']}
        rules={[{ required: true, message: '请确认新密码!' }, samePasswordRule]}
      >
        <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" />
      </Form.Item>
    </ModalForm>
  );
}
