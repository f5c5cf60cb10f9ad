// 审批流配置 (approval/ApprovalFlowList): the tenant's flows per business type, their conditions and nodes;
// 新增/编辑 in a modal (nodes in order, each with its approver, 或签/会签 and timeout), 启用/停用. An edit makes
// a new version: approvals already running keep the nodes they started with.
import { useEffect, useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Select, Space, Switch, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  APPROVAL_BIZ_TYPE,
  APPROVAL_MODE,
  APPROVER_TYPE,
  FLOW_STATUS,
  TIMEOUT_ACTION,
  conditionText,
  nodeText,
  type ApprovalFlow,
  type ApprovalNode,
  type FlowConditions,
} from '../../../common/approvals';
import {
  approverOptions,
  changeFlowStatus,
  exportFlows,
  type FlowPayload,
  flowRoleOptions,
  listFlows,
  saveFlow,
} from '../../api/approvals';
import { EnumSelect } from '../../components/form/EnumSelect';
import { ModalForm } from '../../components/form/ModalForm';
import { settle } from '../../components/form/settle';
import { ListPage } from '../../components/table/ListPage';
import { RowActions } from '../../components/table/RowActions';
import { TwoLineCell } from '../../components/table/TwoLineCell';
import { useListPage } from '../../components/table/useListPage';

const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** A flow's conditions as one line: 金额 [5万, ∞) · 部门 A01A02 … */

type FlowFormValues = Omit<FlowPayload, 'conditions'> & {
  conditions: Omit<FlowConditions, 'orgCodes'> & { orgCodes?: string };
};

const NEW_NODE: Omit<ApprovalNode, 'seq'> = {
  name: '审批',
  approverType: 'ORG_LEADER',
  approverRef: null,
  mode: 'ANY',
  timeoutHours: null,
  timeoutAction: 'NONE',
};

function ApproverRef({
  type,
  value,
  onChange,
}: {
  type: string;
  value?: string;
  onChange?: (value: string) => void;
}) {
  const [choices, setChoices] = useState<Array<{ value: string; label: string }>>([]);
  useEffect(() => {
    let current = true;
    const load =
      type === 'ROLE'
        ? flowRoleOptions().then(
            (answer) =>
              answer.success && answer.result.map((role) => ({ value: role.code, label: role.name })),
          )
        : approverOptions().then(
            (answer) =>
              answer.success &&
              answer.result.map((user) => ({
                value: user.id,
                label: `${user.realname}（${user.username}）`,
              })),
          );
    load.then((loaded) => current && loaded && setChoices(loaded)).catch(() => undefined);
    return () => {
      current = false;
    };
  }, [type]);
  return (
    <Select<string>
      value={value}
      onChange={onChange}
      options={choices}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={type === 'ROLE' ? '选择角色' : '选择人员'}
      style={{ width: 200 }}
    />
  );
}

function NodeFields() {
  return (
    <Form.List name="nodes">
      {(fields, { add, remove }) => (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {fields.map((field, index) => (
            <Card
              key={field.key}
              size="small"
              title={`第 ${index + 1} 个节点`}
              extra={
                fields.length > 1 && (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label="删除节点"
                    onClick={() => remove(field.name)}
                  />
                )
              }
            >
              <Space wrap>
                <Form.Item
                  name={[field.name, 'name']}
                  label="节点名称"
                  rules={[{ required: true, message: '请填写节点名称!' }]}
                >
                  <Input maxLength={32} style={{ width: 140 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'approverType']} label="审批人">
                  <Select options={options(APPROVER_TYPE)} style={{ width: 170 }} />
                </Form.Item>
                <Form.Item noStyle dependencies={[['nodes', field.name, 'approverType']]}>
                  {({ getFieldValue }) => {
                    const type = getFieldValue(['nodes', field.name, 'approverType']) as string;
                    return type === 'ROLE' || type === 'USER' ? (
                      <Form.Item
                        name={[field.name, 'approverRef']}
                        rules={[{ required: true, message: type === 'ROLE' ? '请选择角色!' : '请选择人员!' }]}
                      >
                        <ApproverRef type={type} />
                      </Form.Item>
                    ) : null;
                  }}
                </Form.Item>
                <Form.Item name={[field.name, 'mode']} label="方式">
                  <Select options={options(APPROVAL_MODE)} style={{ width: 90 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'timeoutHours']} label="超时(小时)">
                  <InputNumber min={1} max={720} precision={0} placeholder="不限" />
                </Form.Item>
                <Form.Item name={[field.name, 'timeoutAction']} label="超时处理">
                  <Select options={options(TIMEOUT_ACTION)} style={{ width: 110 }} />
                </Form.Item>
              </Space>
            </Card>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => add({ ...NEW_NODE })}>
            添加节点
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

const toPayload = (values: FlowFormValues, id: string | undefined): FlowPayload => ({
  ...values,
  id,
  nodes: values.nodes.map((node) => ({
    ...node,
    approverRef:
      node.approverType === 'ROLE' || node.approverType === 'USER' ? (node.approverRef ?? null) : null,
    timeoutHours: node.timeoutHours ?? null,
  })),
  conditions: {
    amountMin: values.conditions?.amountMin ?? null,
    amountMax: values.conditions?.amountMax ?? null,
    quantityMin: values.conditions?.quantityMin ?? null,
    quantityMax: values.conditions?.quantityMax ?? null,
    orgCodes: (values.conditions?.orgCodes ?? '')
      .split(/[,，\s]+/)
      .map((code) => code.trim())
      .filter(Boolean),
  },
});

const toFormValues = (flow: ApprovalFlow | null): Partial<FlowFormValues> =>
  flow
    ? {
        ...flow,
        nodes: flow.nodes.map(({ seq: _seq, ...node }) => node),
        conditions: { ...flow.conditions, orgCodes: flow.conditions.orgCodes?.join(',') ?? '' },
      }
    : { priority: 100, lowRisk: false, conditions: {}, nodes: [{ ...NEW_NODE }] };

function FlowFormModal({
  flow,
  open,
  onClose,
  onSaved,
}: {
  flow: ApprovalFlow | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <ModalForm<FlowFormValues>
      title={flow ? `编辑审批流：${flow.name}` : '新增审批流'}
      open={open}
      onClose={onClose}
      onSaved={onSaved}
      width={960}
      initialValues={toFormValues(flow)}
      onSubmit={(values) => saveFlow(toPayload(values, flow?.id))}
    >
      <Form.Item name="bizType" label="业务类型" rules={[{ required: true, message: '请选择业务类型!' }]}>
        <EnumSelect labels={APPROVAL_BIZ_TYPE} disabled={Boolean(flow)} />
      </Form.Item>
      <Form.Item
        name="name"
        label="名称"
        rules={[{ required: true, whitespace: true, message: '请填写名称!' }]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="priority" label="优先级" extra="同一类型有多个流程条件都满足时，数字小的优先">
        <InputNumber min={0} max={9999} precision={0} />
      </Form.Item>
      <Form.Item label="金额范围">
        <Space>
          <Form.Item name={['conditions', 'amountMin']} noStyle>
            <InputNumber min={0} placeholder="不限" aria-label="金额下限" />
          </Form.Item>
          ~
          <Form.Item name={['conditions', 'amountMax']} noStyle>
            <InputNumber min={0} placeholder="不限" aria-label="金额上限" />
          </Form.Item>
        </Space>
      </Form.Item>
      <Form.Item label="数量范围">
        <Space>
          <Form.Item name={['conditions', 'quantityMin']} noStyle>
            <InputNumber min={0} precision={0} placeholder="不限" aria-label="数量下限" />
          </Form.Item>
          ~
          <Form.Item name={['conditions', 'quantityMax']} noStyle>
            <InputNumber min={0} precision={0} placeholder="不限" aria-label="数量上限" />
          </Form.Item>
        </Space>
      </Form.Item>
      <Form.Item
        name={['conditions', 'orgCodes']}
        label="适用部门"
        extra="部门编码，多个用逗号分隔，含下级；留空为全部"
      >
        <Input placeholder="如 A01A02" />
      </Form.Item>
      <Form.Item name="lowRisk" label="允许批量审批" valuePropName="checked">
        <Switch />
      </Form.Item>
      <NodeFields />
    </ModalForm>
  );
}

export default function ApprovalFlowListPage() {
  const list = useListPage<ApprovalFlow>({
    filterKeys: ['bizType', 'status'],
    sortKeys: ['bizType', 'priority', 'updateTime'],
    fetch: listFlows,
  });
  const [editing, setEditing] = useState<{ flow: ApprovalFlow | null } | null>(null);

  const columns: ColumnsType<ApprovalFlow> = [
    {
      title: '业务类型 / 名称',
      dataIndex: 'bizType_dictText',
      key: 'bizType',
      sorter: true,
      render: (bizType: string, flow) => <TwoLineCell main={bizType} sub={flow.name} />,
    },
    { title: '条件', key: 'conditions', render: (_value, flow) => conditionText(flow.conditions) },
    {
      title: '节点',
      key: 'nodes',
      // One node a line: a long flow grows the row, not the table.
      render: (_value, flow) => flow.nodes.map((node, index) => <div key={index}>{nodeText(node)}</div>),
    },
    {
      title: '优先级 / 版本',
      dataIndex: 'priority',
      key: 'priority',
      sorter: true,
      render: (priority: number, flow) => <TwoLineCell main={priority} sub={`v${flow.flowVersion}`} />,
    },
    {
      title: '批量审批',
      dataIndex: 'lowRisk',
      key: 'lowRisk',
      render: (lowRisk: boolean) => (lowRisk ? '允许' : '—'),
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (_status, flow) => (
        <Tag color={flow.status === 'ACTIVE' ? 'green' : 'default'}>{flow.status_dictText}</Tag>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, flow) => (
        <RowActions
          actions={[
            { key: 'edit', label: '编辑', onClick: () => setEditing({ flow }) },
            {
              key: 'status',
              label: flow.status === 'ACTIVE' ? '停用' : '启用',
              onClick: async () => {
                if (await settle(changeFlowStatus(flow.id, flow.status === 'ACTIVE' ? 'DISABLED' : 'ACTIVE')))
                  list.reload();
              },
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ListPage<ApprovalFlow>
        list={list}
        columns={columns}
        compactColumns={['bizType', 'status']}
        exportAs={exportFlows}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ flow: null })}>
            新增
          </Button>
        }
        searchFields={
          <>
            <Form.Item name="bizType" label="业务类型">
              <EnumSelect labels={APPROVAL_BIZ_TYPE} placeholder="全部" style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={FLOW_STATUS} placeholder="全部" style={{ width: 100 }} />
            </Form.Item>
          </>
        }
      />
      <FlowFormModal
        key={editing?.flow?.id ?? 'new'}
        flow={editing?.flow ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={list.reload}
      />
    </>
  );
}
