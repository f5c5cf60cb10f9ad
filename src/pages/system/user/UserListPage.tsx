// 用户管理 (system/UserList): the tenant's users with filters, paging and sort in the URL; add/edit,
// password, roles, freeze/unfreeze and delete, one by one or for the selected rows.
import { useState } from 'react';
import { App, Button, Dropdown, Form, Input, Space, Tag, Tooltip, type MenuProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { queryAllRoles } from '../../../api/systemRole';
import {
  deleteUser,
  deleteUsers,
  frozenUsers,
  listUsers,
  queryUserRole,
  USER_STATUS,
  type SysUser,
  exportUsers,
} from '../../../api/systemUser';
import type { ListParams } from '../../../api/systemTypes';
import { DictSelect } from '../../../components/DictSelect';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { HasPermission, useHasPermission } from '../../../components/HasPermission';
import { contains } from '../../../components/table/listQuery';
import { ListPage } from '../../../components/table/ListPage';
import { useListPage } from '../../../components/table/useListPage';
import { BatchDeleteButton, useRemoveRows } from '../../../components/table/useRemoveRows';
import { UserFormModal } from './UserFormModal';
import { UserPasswordModal } from './UserPasswordModal';

const isFrozen = (user: SysUser) => String(user.status) === USER_STATUS.frozen;
/** The server's verdict on the row (issue #14): a user holding more than the caller is not theirs to manage. */
const isManageable = (user: SysUser) => user.manageable !== false;
const ABOVE_CALLER_HINT = '该用户拥有您没有的权限，您不能编辑、冻结、删除或修改其密码';

function useRolesViewer() {
  const { modal } = App.useApp();
  return async (user: SysUser) => {
    try {
      const [own, all] = await Promise.all([queryUserRole(user.id), queryAllRoles()]);
      const ids = own.success ? own.result : [];
      const names = (all.success ? all.result : []).filter((role) => ids.includes(role.id));
      modal.info({
        title: `${user.realname}（${user.username}）的角色`,
        okText: '关闭',
        content:
          names.length > 0 ? (
            <Space wrap>
              {names.map((role) => (
                <Tag key={role.id} color="blue">
                  {role.roleName}
                </Tag>
              ))}
            </Space>
          ) : (
            '该用户尚未分配角色'
          ),
      });
    } catch {
      // shown by the HTTP error saga
    }
  };
}

/** Account, name and phone are searched in (`*x*`), on the screen and in 导出. */
const userQuery = (params: ListParams): ListParams => ({
  ...params,
  username: contains(params.username as string | undefined),
  realname: contains(params.realname as string | undefined),
  phone: contains(params.phone as string | undefined),
});

export default function UserListPage() {
  const list = useListPage<SysUser>({
    filterKeys: ['username', 'realname', 'phone', 'status'],
    sortKeys: ['username', 'realname', 'createTime'],
    defaultSort: { column: 'createTime', order: 'desc' },
    fetch: (params) => listUsers(userQuery(params)),
  });
  const confirm = useConfirmAction();
  // The row menu's entries, each by its code (HasPermission cannot wrap menu items).
  const can = {
    password: useHasPermission('user:password'),
    frozen: useHasPermission('user:frozen'),
    delete: useHasPermission('user:delete'),
    deleteBatch: useHasPermission('user:deleteBatch'),
  };
  const viewRoles = useRolesViewer();
  const [editing, setEditing] = useState<SysUser | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [passwordOf, setPasswordOf] = useState<SysUser | null>(null);

  const openForm = (user: SysUser | null) => {
    setEditing(user);
    setFormOpen(true);
  };
  const freeze = (users: SysUser[], frozen: boolean, onDone: () => void) =>
    confirm({
      title: frozen ? '确定冻结所选用户吗？' : '确定解冻所选用户吗？',
      content: frozen ? '冻结后这些用户将无法登录，已登录的会话立即失效。' : undefined,
      danger: frozen,
      action: () =>
        frozenUsers(
          users.map((user) => user.id),
          frozen ? USER_STATUS.frozen : USER_STATUS.normal,
        ),
      onDone,
    });
  const remove = useRemoveRows<SysUser>({
    noun: '用户',
    unit: '个',
    nameOf: (user) => user.username,
    content: '删除后无法恢复，这些用户将无法再登录。',
    idOf: (user) => user.id,
    deleteOne: deleteUser,
    deleteMany: deleteUsers,
  });

  const columns: ColumnsType<SysUser> = [
    { title: '用户账号', dataIndex: 'username', key: 'username', sorter: true },
    { title: '用户姓名', dataIndex: 'realname', key: 'realname', sorter: true },
    { title: '手机号码', dataIndex: 'phone', key: 'phone' },
    { title: '部门', dataIndex: 'orgCodeTxt', key: 'orgCodeTxt' },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (_value, user) => (
        <Tag color={isFrozen(user) ? 'red' : 'green'}>
          {user.status_dictText ?? (isFrozen(user) ? '冻结' : '正常')}
        </Tag>
      ),
    },
    { title: '创建时间', dataIndex: 'createTime', key: 'createTime', sorter: true },
    {
      title: '操作',
      key: 'actions',
      render: (_value, user) => {
        const manageable = isManageable(user);
        // Actions on a user above the caller stay in sight, disabled, with the reason on hover.
        const guarded = (label: string) =>
          manageable ? label : <span title={ABOVE_CALLER_HINT}>{label}</span>;
        const more: MenuProps['items'] = [
          can.password && {
            key: 'password',
            label: guarded('密码'),
            disabled: !manageable,
            onClick: () => setPasswordOf(user),
          },
          { key: 'roles', label: '角色', onClick: () => viewRoles(user) },
          can.frozen && {
            key: 'frozen',
            label: guarded(isFrozen(user) ? '解冻' : '冻结'),
            disabled: !manageable,
            onClick: () => freeze([user], !isFrozen(user), list.reload),
          },
          can.delete && {
            key: 'delete',
            label: guarded('删除'),
            danger: true,
            disabled: !manageable,
            onClick: () => remove([user], list.reload),
          },
        ].filter((item) => item !== false);
        return (
          <Space size={0}>
            <HasPermission code="user:edit">
              {manageable ? (
                <Button type="link" size="small" onClick={() => openForm(user)}>
                  编辑
                </Button>
              ) : (
                // A disabled button gives the tooltip no hover: its wrapper takes it.
                <Tooltip title={ABOVE_CALLER_HINT}>
                  <span>
                    <Button type="link" size="small" disabled>
                      编辑
                    </Button>
                  </span>
                </Tooltip>
              )}
            </HasPermission>
            <Dropdown menu={{ items: more }} trigger={['click']}>
              <Button type="link" size="small">
                更多 <DownOutlined />
              </Button>
            </Dropdown>
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <ListPage<SysUser>
        list={list}
        exportAs={(params) => exportUsers(userQuery(params))}
        compactColumns={['username', 'status']}
        columns={columns}
        searchFields={
          <>
            <Form.Item name="username" label="用户账号">
              <Input placeholder="请输入用户账号" allowClear />
            </Form.Item>
            <Form.Item name="realname" label="用户姓名">
              <Input placeholder="请输入用户姓名" allowClear />
            </Form.Item>
            <Form.Item name="phone" label="手机号码">
              <Input placeholder="请输入手机号码" allowClear />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <DictSelect dictCode="user_status" />
            </Form.Item>
          </>
        }
        toolbar={
          <HasPermission code="user:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
              新增
            </Button>
          </HasPermission>
        }
        // Rows are selectable only for someone who may act on a selection, and only rows they may manage.
        selectable={isManageable}
        batchActions={
          can.frozen || can.deleteBatch
            ? (selected, done) => (
                <>
                  <HasPermission code="user:frozen">
                    <Button size="small" onClick={() => freeze(selected, true, done)}>
                      冻结
                    </Button>
                    <Button size="small" onClick={() => freeze(selected, false, done)}>
                      解冻
                    </Button>
                  </HasPermission>
                  <BatchDeleteButton code="user:deleteBatch" onClick={() => remove(selected, done, true)} />
                </>
              )
            : undefined
        }
      />
      <UserFormModal
        open={formOpen}
        user={editing}
        onClose={() => setFormOpen(false)}
        onSaved={list.reload}
      />
      <UserPasswordModal user={passwordOf} onClose={() => setPasswordOf(null)} />
    </>
  );
}
