// 菜单管理 (system/PermissionList): the tenant's menus and buttons as a tree table whose levels load on
// expansion; add (top-level or under a menu), edit, and delete with everything below it.
import { useCallback, useEffect, useState } from 'react';
import { Button, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { deletePermission, MENU_TYPE, queryListAsync } from '../../../api/systemPermission';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { HasPermission } from '../../../components/HasPermission';
import { loadMenuTree, toRows, withChildren, type MenuRow } from './lazyTree';
import { PermissionFormModal, type PermissionFormTarget } from './PermissionFormModal';
import { menuIcon } from '../../../layouts/menuIcons';

const MENU_TYPE_TAGS: Record<number, { text: string; color: string }> = {
  [MENU_TYPE.topMenu]: { text: '一级菜单', color: 'blue' },
  [MENU_TYPE.subMenu]: { text: '子菜单', color: 'cyan' },
  [MENU_TYPE.button]: { text: '按钮/权限', color: 'orange' },
};

async function loadLevel(parentId?: string) {
  const answer = await queryListAsync(parentId);
  return answer.success ? (answer.result ?? []) : [];
}

export default function PermissionListPage() {
  const [rows, setRows] = useState<MenuRow[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [loading, setLoading] = useState(true);
  const [target, setTarget] = useState<PermissionFormTarget | null>(null);
  const confirm = useConfirmAction();

  const reload = useCallback((keepOpen: readonly string[]) => {
    setLoading(true);
    loadMenuTree(loadLevel, keepOpen)
      .then(setRows)
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, []);
  useEffect(() => reload([]), [reload]);

  const expand = async (open: boolean, row: MenuRow) => {
    setExpanded((keys) => (open ? [...keys, row.id] : keys.filter((key) => key !== row.id)));
    if (!open || (row.children && row.children.length > 0)) return;
    try {
      const children = toRows(await loadLevel(row.id));
      setRows((current) => withChildren(current, row.id, children));
    } catch {
      // shown by the HTTP error saga
    }
  };

  const remove = (row: MenuRow) =>
    confirm({
      title: `确定删除“${row.name}”吗？`,
      content:
        row.menuType === MENU_TYPE.button
          ? '删除后，拥有该权限的角色将失去它。'
          : '其下级菜单和按钮也会一并删除，拥有它们的角色将失去这些权限。',
      okText: '删除',
      action: () => deletePermission(row.id),
      onDone: () => reload(expanded.filter((key) => key !== row.id)),
    });

  const columns: ColumnsType<MenuRow> = [
    { title: '菜单名称', dataIndex: 'name', key: 'name', width: 240 },
    {
      title: '菜单类型',
      dataIndex: 'menuType',
      key: 'menuType',
      render: (type: number) => (
        <Tag color={MENU_TYPE_TAGS[type]?.color}>{MENU_TYPE_TAGS[type]?.text ?? type}</Tag>
      ),
    },
    {
      title: '图标',
      dataIndex: 'icon',
      key: 'icon',
      // The icon itself, its name on hover; a name the menu does not know stays text.
      render: (icon: string | null) => (icon ? <span title={icon}>{menuIcon(icon) ?? icon}</span> : null),
    },
    { title: '授权标识', dataIndex: 'perms', key: 'perms' },
    {
      title: '操作',
      key: 'actions',
      render: (_value, row) => (
        <Space size={0}>
          <HasPermission code="permission:edit">
            <Button type="link" size="small" onClick={() => setTarget({ id: row.id })}>
              编辑
            </Button>
          </HasPermission>
          {row.menuType !== MENU_TYPE.button && (
            <HasPermission code="permission:add">
              <Button type="link" size="small" onClick={() => setTarget({ id: null, parentId: row.id })}>
                添加下级
              </Button>
            </HasPermission>
          )}
          <HasPermission code="permission:delete">
            <Button type="link" size="small" danger onClick={() => remove(row)}>
              删除
            </Button>
          </HasPermission>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <HasPermission code="permission:add">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ id: null })}>
            新增菜单
          </Button>
        </HasPermission>
        <Button icon={<ReloadOutlined />} onClick={() => reload(expanded)}>
          刷新
        </Button>
      </Space>
      <Table<MenuRow>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowKeys: expanded, onExpand: expand }}
      />
      <PermissionFormModal target={target} onClose={() => setTarget(null)} onSaved={() => reload(expanded)} />
    </>
  );
}
