// 角色管理 (system/RoleList): roles with search, paging and sort in the URL; add/edit, delete one or the
// selected, and the permission assignment drawer.
import { useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { deleteRole, deleteRoles, exportRoles, listRoles, type SysRole } from '../../../api/systemRole';
import type { ListParams } from '../../../api/systemTypes';
import { HasPermission, useHasPermission } from '../../../components/HasPermission';
import { contains } from '../../../components/table/listQuery';
import { ListPage } from '../../../components/table/ListPage';
import { useListPage } from '../../../components/table/useListPage';
import { BatchDeleteButton, useRemoveRows } from '../../../components/table/useRemoveRows';
import { RoleFormModal } from './RoleFormModal';
import { RolePermissionDrawer } from './RolePermissionDrawer';

/** The search form's values as the server takes them: names and codes by any part (list and export alike). */
const roleQuery = (params: ListParams): ListParams => ({
  ...params,
  roleName: contains(params.roleName as string | undefined),
  roleCode: contains(params.roleCode as string | undefined),
});

export default function RoleListPage() {
  const list = useListPage<SysRole>({
    filterKeys: ['roleName', 'roleCode'],
    sortKeys: ['roleName', 'roleCode', 'createTime'],
    defaultSort: { column: 'createTime', order: 'desc' },
    fetch: (params) => listRoles(roleQuery(params)),
  });
  // Rows are selectable only for someone who may act on a selection.
  const canBatch = useHasPermission('role:deleteBatch');
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<SysRole | null>(null);
  const [authorizing, setAuthorizing] = useState<SysRole | null>(null);

  const openForm = (role: SysRole | null) => {
    setEditing(role);
    setFormOpen(true);
  };
  const remove = useRemoveRows<SysRole>({
    noun: '角色',
    unit: '个',
    nameOf: (role) => role.roleName,
    content: '删除后，拥有这些角色的用户将失去相应的菜单和按钮权限。',
    idOf: (role) => role.id,
    deleteOne: deleteRole,
    deleteMany: deleteRoles,
  });

  const columns: ColumnsType<SysRole> = [
    { title: '角色名称', dataIndex: 'roleName', key: 'roleName', sorter: true },
    { title: '角色编码', dataIndex: 'roleCode', key: 'roleCode', sorter: true },
    { title: '描述', dataIndex: 'description', key: 'description' },
    { title: '创建时间', dataIndex: 'createTime', key: 'createTime', sorter: true },
    {
      title: '操作',
      key: 'actions',
      render: (_value, role) => (
        <Space size={0}>
          <HasPermission code="role:edit">
            <Button type="link" size="small" onClick={() => openForm(role)}>
              编辑
            </Button>
          </HasPermission>
          <HasPermission code="role:authorize">
            <Button type="link" size="small" onClick={() => setAuthorizing(role)}>
              授权
            </Button>
          </HasPermission>
          <HasPermission code="role:delete">
            <Button type="link" size="small" danger onClick={() => remove([role], list.reload)}>
              删除
            </Button>
          </HasPermission>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<SysRole>
        list={list}
        compactColumns={['roleName', 'roleCode']}
        columns={columns}
        exportAs={(params) => exportRoles(roleQuery(params))}
        searchFields={
          <>
            <Form.Item name="roleName" label="角色名称">
              <Input placeholder="请输入角色名称" allowClear />
            </Form.Item>
            <Form.Item name="roleCode" label="角色编码">
              <Input placeholder="请输入角色编码" allowClear />
            </Form.Item>
          </>
        }
        toolbar={
          <HasPermission code="role:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
              新增
            </Button>
          </HasPermission>
        }
        batchActions={
          canBatch
            ? (selected, done) => (
                <BatchDeleteButton code="role:deleteBatch" onClick={() => remove(selected, done, true)} />
              )
            : undefined
        }
      />
      <RoleFormModal
        open={formOpen}
        role={editing}
        onClose={() => setFormOpen(false)}
        onSaved={list.reload}
      />
      <RolePermissionDrawer role={authorizing} onClose={() => setAuthorizing(null)} />
    </>
  );
}
