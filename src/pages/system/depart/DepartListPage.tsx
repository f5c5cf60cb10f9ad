// 部门管理 (system/DepartList): the department tree with search on the left, the chosen department's
// form on the right; add a child or a sibling, save, and delete with every department below it. Departments
// outside the caller's data scope (the server marks them, issue #14) are shown with these actions disabled and
// the reason on hover, and stay out of the batch selection; top-level departments only for a caller reaching
// the whole tenant.
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Col, Empty, Form, Input, Row, Space, Spin, Tooltip, Tree, Typography } from 'antd';
import { ApartmentOutlined, PlusOutlined } from '@ant-design/icons';
import {
  addDepart,
  deleteDepart,
  deleteDeparts,
  editDepart,
  queryDepartScope,
  queryDepartTree,
  searchDeparts,
  type DepartPayload,
  type DepartTreeNode,
} from '../../../api/systemDepart';
import { ModalForm } from '../../../components/form/ModalForm';
import { settle } from '../../../components/form/settle';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { HasPermission, useHasPermission } from '../../../components/HasPermission';
import { findNode, parentKeys, withoutEmptyChildren, type Pruned } from '../../../components/tree/treeKeys';
import { DepartFields } from './DepartFields';
import { ADD_OUTSIDE_SCOPE, isInScope, OUTSIDE_SCOPE } from './departScope';

type Node = Pruned<DepartTreeNode> & { disableCheckbox?: boolean; children?: Node[] };
type Values = Omit<DepartPayload, 'id' | 'parentId'>;

const DEFAULTS: Partial<Values> = { orgCategory: '2', departOrder: 0 };

/** Departments outside the caller's scope cannot join the batch selection. */
const scopedCheckboxes = (nodes: readonly Node[]): Node[] =>
  nodes.map((node) => ({
    ...node,
    ...(!isInScope(node) && { disableCheckbox: true }),
    ...(node.children && { children: scopedCheckboxes(node.children) }),
  }));

/** An action refused for `reason` stays in sight, disabled; its wrapper takes the hover a disabled button lacks. */
function Guarded({ reason, children }: { reason: string | null; children: ReactNode }) {
  if (reason === null) return children;
  return (
    <Tooltip title={reason}>
      <span>{children}</span>
    </Tooltip>
  );
}

function formValuesOf(node: Node): Values {
  return {
    departName: node.departName,
    orgCategory: node.orgCategory ?? '2',
    departNameAbbr: node.departNameAbbr ?? undefined,
    departOrder: node.departOrder ?? 0,
    mobile: node.mobile ?? undefined,
    fax: node.fax ?? undefined,
    address: node.address ?? undefined,
    memo: node.memo ?? undefined,
  };
}

export default function DepartListPage() {
  const [tree, setTree] = useState<Node[]>([]);
  const [found, setFound] = useState<Node[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const [adding, setAdding] = useState<{ parentId: string | null; title: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [wholeTenant, setWholeTenant] = useState(false);
  const [form] = Form.useForm<Values>();
  const confirm = useConfirmAction();
  const canEdit = useHasPermission('depart:edit');

  const reload = useCallback(() => {
    setLoading(true);
    queryDepartTree()
      .then((answer) => {
        if (!answer.success) return;
        const nodes = scopedCheckboxes(withoutEmptyChildren(answer.result));
        setTree(nodes);
        setExpanded((keys) => (keys.length > 0 ? keys : parentKeys(nodes)));
      })
      .catch(() => undefined)
      .finally(() => setLoading(false));
    queryDepartScope().then(
      (answer) => setWholeTenant(answer.success && answer.result.wholeTenant),
      () => undefined,
    );
  }, []);
  useEffect(reload, [reload]);

  const selected = useMemo(() => (selectedId ? findNode(tree, selectedId) : undefined), [tree, selectedId]);
  // Why each action on the chosen department is refused (null: allowed), as the server would answer.
  const outside = selected && !isInScope(selected) ? OUTSIDE_SCOPE : null;
  const topLevelRefused = wholeTenant ? null : ADD_OUTSIDE_SCOPE;
  const siblingParent = selected?.parentId ? findNode(tree, selected.parentId) : undefined;
  const siblingRefused = !selected?.parentId
    ? topLevelRefused
    : siblingParent && isInScope(siblingParent)
      ? null
      : ADD_OUTSIDE_SCOPE;
  useEffect(() => {
    form.resetFields();
    if (selected) form.setFieldsValue(formValuesOf(selected));
  }, [selected, form]);

  const search = async (keyword: string) => {
    if (!keyword.trim()) {
      setFound(null);
      return;
    }
    try {
      const answer = await searchDeparts(keyword.trim());
      setFound(
        answer.success
          ? scopedCheckboxes((answer.result ?? []).map(({ children: _children, ...node }) => node))
          : [],
      );
    } catch {
      // shown by the HTTP error saga
    }
  };

  const save = async () => {
    if (!selected) return;
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    if (await settle(editDepart({ ...values, id: selected.id, parentId: selected.parentId }))) reload();
    setSaving(false);
  };

  // One department by its own endpoint, the checked ones by the batch endpoint (each has its code).
  const remove = (ids: string[], names: string, batch = false) =>
    confirm({
      title: `确定删除${names}吗？`,
      content: '其下级部门也会一并删除，部门与用户、角色的关联随之解除。',
      okText: '删除',
      action: () => (batch ? deleteDeparts(ids) : deleteDepart(ids[0])),
      onDone: () => {
        setChecked([]);
        if (selectedId && ids.includes(selectedId)) setSelectedId(null);
        reload();
      },
    });

  const shown = found ?? tree;
  return (
    <Row gutter={16}>
      <Col xs={24} lg={9}>
        <Card
          title="组织机构"
          size="small"
          extra={
            <Space size={4}>
              <HasPermission code="depart:add">
                <Guarded reason={topLevelRefused}>
                  <Button
                    size="small"
                    type="primary"
                    icon={<PlusOutlined />}
                    disabled={topLevelRefused !== null}
                    onClick={() => setAdding({ parentId: null, title: '新增一级部门' })}
                  >
                    一级部门
                  </Button>
                </Guarded>
              </HasPermission>
              <HasPermission code="depart:deleteBatch">
                <Button
                  size="small"
                  danger
                  disabled={checked.length === 0}
                  onClick={() => remove(checked, `所选的 ${checked.length} 个部门`, true)}
                >
                  批量删除
                </Button>
              </HasPermission>
            </Space>
          }
        >
          <Input.Search
            placeholder="请输入部门名称"
            allowClear
            enterButton="搜索"
            onSearch={search}
            style={{ marginBottom: 12 }}
          />
          <Spin spinning={loading}>
            {shown.length === 0 && !loading ? (
              <Empty description={found ? '没有匹配的部门' : '暂无部门'} />
            ) : (
              <Tree<Node>
                checkable
                checkStrictly
                showIcon
                icon={<ApartmentOutlined />}
                treeData={shown}
                fieldNames={{ title: 'departName', key: 'id', children: 'children' }}
                expandedKeys={expanded}
                onExpand={(keys) => setExpanded(keys.map(String))}
                selectedKeys={selectedId ? [selectedId] : []}
                onSelect={(keys) => setSelectedId(keys.length > 0 ? String(keys[0]) : null)}
                checkedKeys={{ checked, halfChecked: [] }}
                onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
              />
            )}
          </Spin>
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Card
          size="small"
          title={selected ? `部门信息：${selected.departName}` : '部门信息'}
          extra={
            selected && (
              <HasPermission code="depart:add">
                <Space size={4}>
                  <Guarded reason={outside && ADD_OUTSIDE_SCOPE}>
                    <Button
                      size="small"
                      disabled={outside !== null}
                      onClick={() =>
                        setAdding({ parentId: selected.id, title: `添加“${selected.departName}”的下级部门` })
                      }
                    >
                      添加下级
                    </Button>
                  </Guarded>
                  <Guarded reason={siblingRefused}>
                    <Button
                      size="small"
                      disabled={siblingRefused !== null}
                      onClick={() =>
                        setAdding({
                          parentId: selected.parentId || null,
                          title: `添加“${selected.departName}”的同级部门`,
                        })
                      }
                    >
                      添加同级
                    </Button>
                  </Guarded>
                </Space>
              </HasPermission>
            )
          }
        >
          {selected ? (
            <Form<Values>
              form={form}
              labelCol={{ flex: '96px' }}
              wrapperCol={{ flex: 1 }}
              disabled={!canEdit || outside !== null}
              autoComplete="off"
            >
              <Form.Item label="机构编码">
                <Typography.Text code>{selected.orgCode}</Typography.Text>
              </Form.Item>
              <DepartFields />
              <Form.Item label=" " colon={false}>
                <Space>
                  <HasPermission code="depart:edit">
                    <Guarded reason={outside}>
                      <Button type="primary" loading={saving} onClick={save}>
                        保存
                      </Button>
                    </Guarded>
                  </HasPermission>
                  <HasPermission code="depart:delete">
                    <Guarded reason={outside}>
                      <Button
                        danger
                        // Deleting needs depart:delete only, even when the form is read-only for lack of
                        // depart:edit; outside the caller's scope it is refused like editing.
                        disabled={outside !== null}
                        onClick={() => remove([selected.id], `部门“${selected.departName}”`)}
                      >
                        删除
                      </Button>
                    </Guarded>
                  </HasPermission>
                </Space>
              </Form.Item>
            </Form>
          ) : (
            <Empty description="请在左侧选择一个部门" />
          )}
        </Card>
      </Col>
      <ModalForm<Values>
        title={adding?.title ?? '新增部门'}
        open={adding !== null}
        onClose={() => setAdding(null)}
        onSaved={reload}
        initialValues={DEFAULTS}
        onSubmit={(values) => addDepart({ ...values, parentId: adding?.parentId ?? null })}
      >
        <DepartFields />
      </ModalForm>
    </Row>
  );
}
