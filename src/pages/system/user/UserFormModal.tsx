// Add or edit a user (API.md §6.2): roles multi-select, departments tree-select, username / mobile /
// e-mail checked for uniqueness when the field loses focus. Roles are chosen only by a caller holding
// user:assignRole, and nobody changes their own roles or departments (the server refuses both, issue #14).
// The department tree offers only departments within the caller's data scope (the server marks them); those
// outside it that the user already belongs to stay, locked.
import { useEffect, useMemo, useState } from 'react';
import { Form, Input, Select, TreeSelect } from 'antd';
import { queryDepartTree, type DepartTreeNode } from '../../../api/systemDepart';
import { queryAllRoles, type SysRole } from '../../../api/systemRole';
import {
  addUser,
  checkOnlyUser,
  editUser,
  queryUserRole,
  userDepartList,
  type SysUser,
} from '../../../api/systemUser';
import { messages } from '../../../../common/messages';
import { duplicateCheck } from '../../../api/systemDuplicate';
import { DictSelect } from '../../../components/DictSelect';
import {
  emailRule,
  landlineRule,
  mobileRule,
  passwordPolicyRule,
  required,
  samePasswordRule,
} from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { UNIQUE_CHECKED, uniqueRule } from '../../../components/form/uniqueRule';
import { withoutEmptyChildren, type Pruned } from '../../../components/tree/treeKeys';
import { departChoices } from '../depart/departScope';
import { useHasPermission } from '../../../components/HasPermission';
import { selectUserInfo } from '../../../features/session/selectors';
import { useAppSelector } from '../../../store/hooks';

export interface UserFormValues {
  username: string;
  realname: string;
  password?: string;
  confirmpassword?: string;
  roleIds?: string[];
  departIds?: string[];
  phone?: string;
  email?: string;
  sex?: string;
  workNo?: string;
  telephone?: string;
}

/** Which links the form may change: left out of the body, the server keeps them as they are. */
export interface UserLinks {
  roles: boolean;
  departs: boolean;
}

/** The body of add/edit: roles and departments comma-joined as the contract names them. */
export function toUserPayload(values: UserFormValues, id: string | undefined, links: UserLinks) {
  const { roleIds = [], departIds = [], ...fields } = values;
  return {
    ...fields,
    id,
    ...(links.roles && { selectedroles: roleIds.join(',') }),
    ...(links.departs && { selecteddeparts: departIds.join(',') }),
  };
}

/** The button code of choosing a user's roles (apart from editing the profile). */
export const ASSIGN_ROLE = 'user:assignRole';
const OWN_ROLES = '不能修改自己的角色';
const OWN_DEPARTS = '不能修改自己的部门';

/** The server's rule for account names. */
const USERNAME_PATTERN = /^\w{3,32}$/;

function useChoices(open: boolean, withRoles: boolean) {
  const [roles, setRoles] = useState<SysRole[]>([]);
  const [departs, setDeparts] = useState<Pruned<DepartTreeNode>[]>([]);
  useEffect(() => {
    if (!open) return;
    if (withRoles)
      queryAllRoles().then(
        (answer) => setRoles(answer.success ? answer.result : []),
        () => undefined,
      );
    queryDepartTree().then(
      (answer) => setDeparts(answer.success ? withoutEmptyChildren(answer.result) : []),
      () => undefined,
    );
  }, [open, withRoles]);
  return { roles, departs };
}

export function UserFormModal({
  open,
  user,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The user being edited; none to add one. */
  user: SysUser | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<UserFormValues>();
  const mayAssignRoles = useHasPermission(ASSIGN_ROLE);
  const { roles, departs } = useChoices(open, mayAssignRoles);
  const editing = user !== null;
  const id = user?.id;
  // The user's departments when the form opened: those outside the caller's scope stay shown, locked.
  const [kept, setKept] = useState<ReadonlySet<string>>(() => new Set());
  const departTree = useMemo(() => departChoices(departs, kept), [departs, kept]);
  const signedInId = useAppSelector(selectUserInfo)?.id;
  const ownAccount = editing && id === signedInId;
  const links: UserLinks = { roles: mayAssignRoles && !ownAccount, departs: !ownAccount };

  // Editing: the user's current roles and departments arrive after the modal opens.
  useEffect(() => {
    setKept(new Set());
    if (!open || !id) return;
    if (mayAssignRoles)
      queryUserRole(id).then(
        (answer) => form.setFieldValue('roleIds', answer.success ? answer.result : []),
        () => undefined,
      );
    userDepartList(id).then(
      (answer) => {
        if (!answer.success) return;
        const departIds = answer.result.map((depart) => depart.key);
        setKept(new Set(departIds));
        form.setFieldValue('departIds', departIds);
      },
      () => undefined,
    );
  }, [open, id, form, mayAssignRoles]);

  const initialValues: Partial<UserFormValues> | undefined = user
    ? {
        username: user.username,
        realname: user.realname,
        phone: user.phone ?? undefined,
        email: user.email ?? undefined,
        sex: user.sex == null ? undefined : String(user.sex),
        workNo: user.workNo ?? undefined,
        telephone: user.telephone ?? undefined,
      }
    : undefined;

  return (
    <ModalForm<UserFormValues>
      title={editing ? '编辑用户' : '新增用户'}
      open={open}
      onClose={onClose}
      onSaved={onSaved}
      form={form}
      initialValues={initialValues}
      width={720}
      onSubmit={(values) =>
        editing
          ? editUser(toUserPayload(values, id, links))
          : addUser(toUserPayload(values, undefined, links))
      }
    >
      <Form.Item
        name="username"
        label="用户账号"
        {...UNIQUE_CHECKED}
        rules={[
          required('用户账号'),
          { pattern: USERNAME_PATTERN, message: '用户账号应为3到32位字母、数字或下划线!' },
          uniqueRule((username) => checkOnlyUser({ username }), '用户账号已存在', user?.username),
        ]}
      >
        <Input placeholder="请输入用户账号" disabled={editing} />
      </Form.Item>
      {!editing && (
        <>
          <Form.Item
            name="password"
            label="登录密码"
            rules={[{ required: true, message: messages.passwordRequired }, passwordPolicyRule]}
          >
            <Input.Password placeholder="请输入登录密码" autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmpassword"
            label="确认密码"
            dependencies={['password']}
            rules={[{ required: true, message: '请重新输入登录密码!' }, samePasswordRule]}
          >
            <Input.Password placeholder="请重新输入登录密码" autoComplete="new-password" />
          </Form.Item>
        </>
      )}
      <Form.Item
        name="realname"
        label="用户姓名"
        rules={[{ required: true, whitespace: true, message: '请输入真实姓名!' }]}
      >
        <Input placeholder="请输入用户姓名" />
      </Form.Item>
      {mayAssignRoles && (
        <Form.Item name="roleIds" label="角色分配" extra={ownAccount ? OWN_ROLES : undefined}>
          <Select
            mode="multiple"
            placeholder="请选择角色"
            optionFilterProp="label"
            disabled={ownAccount}
            options={roles.map((role) => ({ value: role.id, label: role.roleName }))}
          />
        </Form.Item>
      )}
      <Form.Item name="departIds" label="所属部门" extra={ownAccount ? OWN_DEPARTS : undefined}>
        <TreeSelect
          disabled={ownAccount}
          multiple
          treeCheckable
          showCheckedStrategy={TreeSelect.SHOW_ALL}
          treeCheckStrictly={false}
          treeDefaultExpandAll
          placeholder="请选择部门"
          treeNodeFilterProp="title"
          treeData={departTree}
          fieldNames={{ label: 'title', value: 'value', children: 'children' }}
        />
      </Form.Item>
      <Form.Item
        name="phone"
        label="手机号码"
        {...UNIQUE_CHECKED}
        rules={[
          required('手机号码'),
          mobileRule,
          uniqueRule((phone) => checkOnlyUser({ phone }), '手机号已存在', user?.phone),
        ]}
      >
        <Input placeholder="请输入手机号码" />
      </Form.Item>
      <Form.Item
        name="email"
        label="邮箱"
        {...UNIQUE_CHECKED}
        rules={[
          emailRule,
          uniqueRule(
            (fieldVal) => duplicateCheck({ tableName: 'sys_user', fieldName: 'email', fieldVal, dataId: id }),
            '邮箱已存在',
            user?.email,
          ),
        ]}
      >
        <Input placeholder="请输入邮箱" />
      </Form.Item>
      <Form.Item name="sex" label="性别">
        <DictSelect dictCode="sex" />
      </Form.Item>
      <Form.Item
        name="workNo"
        label="工号"
        {...UNIQUE_CHECKED}
        rules={[
          uniqueRule(
            (fieldVal) =>
              duplicateCheck({ tableName: 'sys_user', fieldName: 'work_no', fieldVal, dataId: id }),
            '工号已存在',
            user?.workNo,
          ),
        ]}
      >
        <Input placeholder="请输入工号" />
      </Form.Item>
      <Form.Item name="telephone" label="座机" rules={[landlineRule]}>
        <Input placeholder="请输入座机号码" />
      </Form.Item>
    </ModalForm>
  );
}
