// 角色授权: the tenant's menus and buttons as a tree, the role's current grants checked. Check/uncheck
// all, expand/collapse all, and parent–child linkage on or off; saving sends what is checked now and
// what the role had, and the server applies the difference.
import { useEffect, useMemo, useState } from 'react';
import { Button, Drawer, Empty, Space, Spin, Switch, Tag, Tree, Typography } from 'antd';
import {
  queryPermissionTree,
  queryRolePermission,
  saveRolePermission,
  type SysRole,
} from '../../../api/systemRole';
import type { TreeModel } from '../../../api/systemTypes';
import { settle } from '../../../components/form/settle';
import { allKeys, parentKeys, withoutEmptyChildren } from '../../../components/tree/treeKeys';
import { permissionDiff, saveRolePermissionBody } from './permissionDiff';

interface Checked {
  checked: string[];
  /** Parents of checked nodes, granted with them when the linkage is on. */
  halfChecked: string[];
}

export function RolePermissionDrawer({ role, onClose }: { role: SysRole | null; onClose: () => void }) {
  const [tree, setTree] = useState<TreeModel[]>([]);
  const [last, setLast] = useState<string[]>([]);
  const [checked, setChecked] = useState<Checked>({ checked: [], halfChecked: [] });
  const [expanded, setExpanded] = useState<string[]>([]);
  const [linked, setLinked] = useState(false);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const roleId = role?.id;

  useEffect(() => {
    if (!roleId) return;
    let current = true;
    setLoading(true);
    Promise.all([queryPermissionTree(), queryRolePermission(roleId)])
      .then(([treeAnswer, grantAnswer]) => {
        if (!current) return;
        const nodes = treeAnswer.success
          ? (withoutEmptyChildren(treeAnswer.result.treeList) as TreeModel[])
          : [];
        const grants = grantAnswer.success ? grantAnswer.result : [];
        setTree(nodes);
        setExpanded(parentKeys(nodes));
        setLast(grants);
        setChecked({ checked: grants, halfChecked: [] });
      })
      .catch(() => undefined)
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [roleId]);

  const everyKey = useMemo(() => allKeys(tree), [tree]);
  const granted = useMemo(() => [...new Set([...checked.checked, ...checked.halfChecked])], [checked]);
  const change = permissionDiff(granted, last);

  const save = async (close: boolean) => {
    if (!roleId) return;
    setSaving(true);
    const done = await settle(saveRolePermission(saveRolePermissionBody(roleId, granted, last)));
    setSaving(false);
    if (!done) return;
    setLast(granted);
    if (close) onClose();
  };

  return (
    <Drawer
      title={role ? `角色权限配置：${role.roleName}` : '角色权限配置'}
      open={role !== null}
      onClose={onClose}
      size={560}
      destroyOnHidden
      footer={
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Text type="secondary">
            新增 <Tag color="green">{change.added.length}</Tag>移除{' '}
            <Tag color="red">{change.removed.length}</Tag>
          </Typography.Text>
          <Space>
            <Button onClick={onClose}>取消</Button>
            <Button loading={saving} onClick={() => save(false)}>
              仅保存
            </Button>
            <Button type="primary" loading={saving} onClick={() => save(true)}>
              保存并关闭
            </Button>
          </Space>
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Button size="small" onClick={() => setChecked({ checked: everyKey, halfChecked: [] })}>
          全部勾选
        </Button>
        <Button size="small" onClick={() => setChecked({ checked: [], halfChecked: [] })}>
          取消全选
        </Button>
        <Button size="small" onClick={() => setExpanded(parentKeys(tree))}>
          展开所有
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          折叠所有
        </Button>
        <span>
          父子关联 <Switch size="small" checked={linked} onChange={setLinked} aria-label="父子关联" />
        </span>
      </Space>
      <Spin spinning={loading}>
        {tree.length === 0 && !loading ? (
          <Empty description="暂无可分配的权限" />
        ) : (
          <Tree
            checkable
            checkStrictly={!linked}
            treeData={tree}
            checkedKeys={
              linked ? checked.checked : { checked: checked.checked, halfChecked: checked.halfChecked }
            }
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys.map(String))}
            onCheck={(keys, info) => {
              if (Array.isArray(keys)) {
                setChecked({
                  checked: keys.map(String),
                  halfChecked: (info.halfCheckedKeys ?? []).map(String),
                });
              } else {
                setChecked({ checked: keys.checked.map(String), halfChecked: [] });
              }
            }}
          />
        )}
      </Spin>
    </Drawer>
  );
}
