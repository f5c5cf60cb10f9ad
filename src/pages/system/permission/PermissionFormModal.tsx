// Add or edit a menu or button (API.md §6.3) with every field of the entity. A top-level menu has no
// parent; a sub-menu or a button must name one; buttons carry the permission code and its strategy.
import { useEffect, useState } from 'react';
import { Col, Form, Input, InputNumber, Radio, Row, Select, Space, Switch, TreeSelect } from 'antd';
import {
  addPermission,
  editPermission,
  listPermissionTree,
  MENU_TYPE,
  type MenuType,
  type PermissionPayload,
  type PermissionTreeNode,
  type SysPermission,
} from '../../../api/systemPermission';
import { required } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { findNode, withoutEmptyChildren, type Pruned } from '../../../components/tree/treeKeys';
import { MENU_ICON_NAMES, menuIcon } from '../../../layouts/menuIcons';

type Values = Omit<PermissionPayload, 'id'>;

const DEFAULTS: Partial<Values> = {
  menuType: MENU_TYPE.topMenu,
  route: true,
  hidden: false,
  alwaysShow: false,
  keepAlive: false,
  internalOrExternal: false,
  permsType: '1',
  status: '1',
  sortNo: 1,
};

/** Menus only: a button cannot be the parent of anything. */
function menusOnly(nodes: readonly Pruned<PermissionTreeNode>[]): Pruned<PermissionTreeNode>[] {
  return nodes
    .filter((node) => node.menuType !== MENU_TYPE.button)
    .map((node) => (node.children ? { ...node, children: menusOnly(node.children) } : node));
}

export interface PermissionFormTarget {
  /** The id of the node being edited; null to add one. */
  id: string | null;
  /** The parent of a new node ("添加下级"). */
  parentId?: string;
}

export function PermissionFormModal({
  target,
  onClose,
  onSaved,
}: {
  target: PermissionFormTarget | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [parents, setParents] = useState<Pruned<PermissionTreeNode>[]>([]);
  const open = target !== null;
  const id = target?.id ?? null;
  const menuType = Form.useWatch('menuType', form) as MenuType | undefined;
  const isButton = menuType === MENU_TYPE.button;

  // The whole tree: the parent picker, and every field of the node being edited (the lazy table rows
  // carry only name, type, icon and code).
  useEffect(() => {
    if (!open) return;
    listPermissionTree().then(
      (answer) => {
        if (!answer.success) return;
        const tree = withoutEmptyChildren(answer.result);
        setParents(menusOnly(tree));
        const editing = id ? findNode(tree, id) : undefined;
        if (editing) {
          const { children: _children, key: _key, title: _title, isLeaf: _isLeaf, ...fields } = editing;
          form.setFieldsValue({ ...DEFAULTS, ...(fields as Partial<SysPermission>) });
        }
      },
      () => undefined,
    );
  }, [open, id, form]);

  const initialValues: Partial<Values> = id
    ? DEFAULTS
    : target?.parentId
      ? { ...DEFAULTS, menuType: MENU_TYPE.subMenu, parentId: target.parentId }
      : DEFAULTS;

  return (
    <ModalForm<Values>
      title={id ? '编辑菜单' : '新增菜单'}
      open={open}
      onClose={onClose}
      onSaved={onSaved}
      form={form}
      initialValues={initialValues}
      width={820}
      labelWidth={110}
      onSubmit={(values) => {
        const body: PermissionPayload = {
          ...values,
          parentId: values.menuType === MENU_TYPE.topMenu ? null : values.parentId,
        };
        return id ? editPermission({ ...body, id }) : addPermission(body);
      }}
    >
      <Form.Item name="menuType" label="菜单类型">
        <Radio.Group
          options={[
            { value: MENU_TYPE.topMenu, label: '一级菜单' },
            { value: MENU_TYPE.subMenu, label: '子菜单' },
            { value: MENU_TYPE.button, label: '按钮/权限' },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="name"
        label={isButton ? '按钮/权限名称' : '菜单名称'}
        rules={[required(isButton ? '按钮/权限名称' : '菜单名称')]}
      >
        <Input placeholder="请输入名称" />
      </Form.Item>
      {menuType !== MENU_TYPE.topMenu && (
        <Form.Item name="parentId" label="上级菜单" rules={[required('上级菜单', '选择')]}>
          <TreeSelect
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            placeholder="请选择上级菜单"
            treeData={parents}
            fieldNames={{ label: 'title', value: 'id', children: 'children' }}
          />
        </Form.Item>
      )}
      {isButton ? (
        <>
          <Form.Item
            name="perms"
            label="授权标识"
            rules={[
              required('授权标识'),
              { pattern: /^[\w:,-]+$/, message: '授权标识只能包含字母、数字、下划线、冒号、逗号和横线!' },
            ]}
          >
            <Input placeholder="多个用逗号分隔，如 user:add,user:edit" />
          </Form.Item>
          <Form.Item name="permsType" label="授权策略">
            <Radio.Group
              options={[
                { value: '1', label: '可见/可访问' },
                { value: '2', label: '可编辑/可用' },
              ]}
            />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Radio.Group
              options={[
                { value: '1', label: '有效' },
                { value: '0', label: '无效' },
              ]}
            />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item
            name="url"
            label="访问路径"
            rules={[
              required('访问路径'),
              {
                pattern: /^(\/|https?:\/\/|\{\{)/,
                message: '访问路径以 / 开头，外部链接以 http(s):// 开头!',
              },
            ]}
          >
            <Input placeholder="如 /isystem/user 或 https://..." />
          </Form.Item>
          <Form.Item name="component" label="前端组件" rules={[required('前端组件')]}>
            <Input placeholder="如 system/UserList 或 layouts/RouteView" />
          </Form.Item>
          <Form.Item name="redirect" label="默认跳转地址">
            <Input placeholder="请输入路由参数 redirect" />
          </Form.Item>
          <Form.Item name="icon" label="菜单图标">
            <Select
              allowClear
              showSearch
              placeholder="请选择菜单图标"
              options={MENU_ICON_NAMES.map((name) => ({
                value: name,
                label: (
                  <Space>
                    {menuIcon(name)}
                    {name}
                  </Space>
                ),
              }))}
              filterOption={(input, option) => String(option?.value).includes(input.trim())}
            />
          </Form.Item>
          <Row>
            {(
              [
                ['route', '是否路由菜单'],
                ['hidden', '隐藏路由'],
                ['alwaysShow', '聚合路由'],
                ['keepAlive', '缓存路由'],
                ['internalOrExternal', '外部打开'],
              ] as const
            ).map(([name, label]) => (
              <Col span={12} key={name}>
                <Form.Item name={name} label={label} valuePropName="checked">
                  <Switch checkedChildren="是" unCheckedChildren="否" />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </>
      )}
      <Form.Item name="sortNo" label="排序">
        <InputNumber min={0} step={1} placeholder="请输入排序" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="description" label="描述">
        <Input.TextArea rows={2} placeholder="请输入描述" />
      </Form.Item>
    </ModalForm>
  );
}
