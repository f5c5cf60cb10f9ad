// Add or edit a role (API.md §6.1): the role code is checked for uniqueness when it loses focus.
import { Form, Input } from 'antd';
import { addRole, checkRoleCode, editRole, type SysRole } from '../../../api/systemRole';
import { required } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { UNIQUE_CHECKED, uniqueRule } from '../../../components/form/uniqueRule';

interface RoleValues {
  roleName: string;
  roleCode: string;
  description?: string;
}

/** The server's rule for role codes. */
const ROLE_CODE_PATTERN = /^\w{2,64}$/;

export function RoleFormModal({
  open,
  role,
  onClose,
  onSaved,
}: {
  open: boolean;
  role: SysRole | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const id = role?.id;
  return (
    <ModalForm<RoleValues>
      title={role ? '编辑角色' : '新增角色'}
      open={open}
      onClose={onClose}
      onSaved={onSaved}
      initialValues={
        role
          ? { roleName: role.roleName, roleCode: role.roleCode, description: role.description ?? '' }
          : undefined
      }
      onSubmit={(values) => (id ? editRole({ ...values, id }) : addRole(values))}
    >
      <Form.Item
        name="roleName"
        label="角色名称"
        rules={[required('角色名称'), { max: 32, message: '角色名称最多32个字符!' }]}
      >
        <Input placeholder="请输入角色名称" />
      </Form.Item>
      <Form.Item
        name="roleCode"
        label="角色编码"
        {...UNIQUE_CHECKED}
        rules={[
          required('角色编码'),
          {
            pattern: ROLE_CODE_PATTERN,
            message: '角色编码应为2到64位字母、数字或下划线!',
          },
          uniqueRule((roleCode) => checkRoleCode(roleCode, id)),
        ]}
      >
        <Input placeholder="请输入角色编码" disabled={Boolean(role)} />
      </Form.Item>
      <Form.Item name="description" label="描述" rules={[{ max: 126, message: '描述最多126个字符!' }]}>
        <Input.TextArea rows={3} placeholder="请输入描述" />
      </Form.Item>
    </ModalForm>
  );
}
