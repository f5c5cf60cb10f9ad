// 陈列方案 (/esdh/policy, esdh/DisplayPolicyList): the budget envelopes display agreements draw from, each with its
// burn-down — signed amount against the total budget, signed outlets against the cap — and its states (草稿 → 待审批
// → 执行中 → 已关闭); add and edit drafts, 提交, 批准/退回, 关闭, 变更记录.
import { useState } from 'react';
import { Button, Checkbox, Drawer, Form, Input, InputNumber, Progress, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import {
  DISPLAY_COST_TYPE,
  DISPLAY_FEE_TYPE,
  DISPLAY_TYPE,
  INSPECTION_FREQUENCY,
  POLICY_STATUS,
  POLICY_TRANSITIONS,
  canDo,
  type PolicyAction,
} from '../../../../common/displays';
import {
  exportDisplayPolicies,
  listDisplayPolicies,
  moveDisplayPolicy,
  saveDisplayPolicy,
  type DisplayPolicy,
  type DisplayPolicyPayload,
} from '../../../api/displays';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { required } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { OrgPicker } from '../../../components/form/OrgPicker';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { ChangeHistory } from '../../../components/history/ChangeHistory';
import { HasPermission, useHasPermission } from '../../../components/HasPermission';
import { ListPage } from '../../../components/table/ListPage';
import { RowActions, type RowAction } from '../../../components/table/RowActions';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';
import { yuan } from './DisplayAgreementDrawer';

const STATUS_COLOR: Record<string, string> = {
  DRAFT: 'default',
  PENDING_APPROVAL: 'processing',
  ACTIVE: 'green',
  CLOSED: 'default',
};

const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

const payloadOf = (policy: DisplayPolicy): DisplayPolicyPayload => ({
  id: policy.id,
  name: policy.name,
  costType: policy.costType,
  orgCode: policy.orgCode,
  startDate: policy.startDate,
  endDate: policy.endDate,
  displayTypes: policy.displayTypes,
  standard: policy.standard,
  totalBudget: Number(policy.totalBudget),
  perOutletCap: Number(policy.perOutletCap),
  maxOutlets: policy.maxOutlets,
  partialRatio: Number(policy.partialRatio),
  inspectionFrequency: policy.inspectionFrequency,
  paymentModes: policy.paymentModes,
  remark: policy.remark,
});

export default function DisplayPolicyListPage() {
  const list = useListPage<DisplayPolicy>({
    filterKeys: ['name', 'costType', 'status'],
    sortKeys: ['policyNo', 'startDate', 'createTime'],
    defaultSort: { column: 'createTime', order: 'desc' },
    fetch: listDisplayPolicies,
  });
  const mayEdit = useHasPermission('display:policy');
  const mayApprove = useHasPermission('display:policyApprove');
  const confirm = useConfirmAction();
  const [editing, setEditing] = useState<DisplayPolicy | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [history, setHistory] = useState<DisplayPolicy | null>(null);

  const actionsOf = (policy: DisplayPolicy): RowAction[] => {
    const actions: RowAction[] = [];
    if (mayEdit && policy.status === 'DRAFT')
      actions.push({
        key: 'edit',
        label: '编辑',
        onClick: () => {
          setEditing(policy);
          setFormOpen(true);
        },
      });
    for (const action of Object.keys(POLICY_TRANSITIONS) as PolicyAction[]) {
      const allowed = action === 'approve' || action === 'reject' ? mayApprove : mayEdit;
      if (!allowed || !canDo(POLICY_TRANSITIONS[action], policy.status)) continue;
      const { action: label } = POLICY_TRANSITIONS[action];
      actions.push({
        key: action,
        label,
        danger: action === 'close' || action === 'reject',
        onClick: () =>
          confirm({
            title: `${label}陈列方案「${policy.name}」？`,
            content: action === 'close' ? '关闭后不能再签新的陈列协议，已签协议照常执行。' : undefined,
            okText: label,
            danger: action === 'close' || action === 'reject',
            action: () => moveDisplayPolicy(policy.id, action),
            onDone: list.reload,
          }),
      });
    }
    actions.push({ key: 'history', label: '变更记录', onClick: () => setHistory(policy) });
    return actions;
  };

  const columns: ColumnsType<DisplayPolicy> = [
    {
      title: '方案',
      dataIndex: 'name',
      key: 'name',
      render: (name: string, policy) => (
        <TwoLineCell main={name} sub={`${policy.policyNo} · ${policy.costType_dictText}`} />
      ),
    },
    {
      title: '执行期',
      dataIndex: 'startDate',
      key: 'startDate',
      sorter: true,
      render: (start: string, policy) => <TwoLineCell main={start} sub={`至 ${policy.endDate}`} />,
    },
    {
      title: '陈列形式',
      dataIndex: 'displayTypes_dictText',
      key: 'displayTypes',
      ellipsis: true,
      width: 160,
    },
    {
      title: '预算消耗',
      key: 'budget',
      width: 220,
      render: (_value, policy) => (
        <div>
          <Progress
            percent={policy.budgetUsedPercent}
            size="small"
            status={policy.budgetUsedPercent >= 100 ? 'exception' : 'normal'}
          />
          {yuan(policy.signedAmount)} / {yuan(policy.totalBudget)}
        </div>
      ),
    },
    {
      title: '已签门店',
      key: 'outlets',
      width: 180,
      render: (_value, policy) => (
        <div>
          <Progress percent={policy.outletsUsedPercent} size="small" showInfo={false} />
          {policy.signedOutlets} / {policy.maxOutlets} 家 · 单店上限 {yuan(policy.perOutletCap)}
        </div>
      ),
    },
    { title: '兑付方式', dataIndex: 'paymentModes_dictText', key: 'paymentModes' },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: string, policy) => <Tag color={STATUS_COLOR[status]}>{policy.status_dictText}</Tag>,
    },
    { title: '操作', key: 'actions', render: (_value, policy) => <RowActions actions={actionsOf(policy)} /> },
  ];

  return (
    <>
      <ListPage<DisplayPolicy>
        list={list}
        columns={columns}
        exportAs={exportDisplayPolicies}
        compactColumns={['name', 'budget', 'status']}
        searchFields={
          <>
            <Form.Item name="name" label="名称">
              <Input placeholder="方案名称" allowClear />
            </Form.Item>
            <Form.Item name="costType" label="费用类别">
              <EnumSelect labels={DISPLAY_COST_TYPE} placeholder="全部" style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={POLICY_STATUS} placeholder="全部" style={{ width: 100 }} />
            </Form.Item>
          </>
        }
        toolbar={
          <HasPermission code="display:policy">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
            >
              新增陈列方案
            </Button>
          </HasPermission>
        }
      />
      <Drawer
        title={history ? `变更记录：${history.name}` : ''}
        open={history !== null}
        onClose={() => setHistory(null)}
        size={560}
        destroyOnHidden
      >
        {history && <ChangeHistory bizType="DISPLAY_POLICY" bizId={history.id} />}
      </Drawer>
      <ModalForm<DisplayPolicyPayload>
        title={editing ? '编辑陈列方案' : '新增陈列方案'}
        open={formOpen}
        onClose={() => setFormOpen(false)}
        onSaved={list.reload}
        width={680}
        initialValues={
          editing
            ? payloadOf(editing)
            : {
                costType: 'DISPLAY_FEE',
                orgCode: 'A01',
                displayTypes: ['SHELF'],
                inspectionFrequency: 'MONTHLY',
                paymentModes: ['CASH'],
                partialRatio: 0.5,
              }
        }
        onSubmit={(values) => saveDisplayPolicy({ ...values, id: editing?.id })}
      >
        <Form.Item
          name="name"
          label="方案名称"
          rules={[required('方案名称'), { max: 64, message: '最多64字!' }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="costType" label="费用类别" rules={[required('费用类别', '选择')]}>
          <EnumSelect labels={DISPLAY_COST_TYPE} allowClear={false} />
        </Form.Item>
        <Form.Item name="orgCode" label="适用组织" rules={[required('适用组织', '选择')]}>
          <OrgPicker />
        </Form.Item>
        <Form.Item name="startDate" label="开始日期" rules={[required('开始日期')]}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="endDate" label="结束日期" rules={[required('结束日期')]}>
          <Input type="date" />
        </Form.Item>
        <Form.Item
          name="displayTypes"
          label="陈列形式"
          rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一种陈列形式!' }]}
        >
          <Checkbox.Group options={options(DISPLAY_TYPE)} />
        </Form.Item>
        <Form.Item name={['standard', 'minFacings']} label="最少排面">
          <InputNumber min={0} max={1000} />
        </Form.Item>
        <Form.Item name={['standard', 'minLayers']} label="最少层数">
          <InputNumber min={0} max={100} />
        </Form.Item>
        <Form.Item name={['standard', 'position']} label="陈列位置要求">
          <Input maxLength={64} placeholder="如：黄金层" />
        </Form.Item>
        <Form.Item name="totalBudget" label="总预算" rules={[{ required: true, message: '请输入总预算!' }]}>
          <InputNumber min={1} max={100000000} precision={2} prefix="¥" />
        </Form.Item>
        <Form.Item
          name="perOutletCap"
          label="单店上限"
          dependencies={['totalBudget']}
          rules={[
            { required: true, message: '请输入单店上限!' },
            ({ getFieldValue }) => ({
              validator: (_rule, value?: number) =>
                value == null || value <= (getFieldValue('totalBudget') ?? Infinity)
                  ? Promise.resolve()
                  : Promise.reject(new Error('单店上限不能超过总预算')),
            }),
          ]}
        >
          <InputNumber min={1} max={100000000} precision={2} prefix="¥" />
        </Form.Item>
        <Form.Item
          name="maxOutlets"
          label="门店数上限"
          rules={[{ required: true, message: '请输入门店数上限!' }]}
        >
          <InputNumber min={1} max={1000000} />
        </Form.Item>
        <Form.Item name="partialRatio" label="部分达标扣减比例" extra="0.5 即扣减当月费用的 50%">
          <InputNumber min={0} max={1} step={0.1} />
        </Form.Item>
        <Form.Item name="inspectionFrequency" label="检核频次" rules={[required('检核频次', '选择')]}>
          <EnumSelect labels={INSPECTION_FREQUENCY} allowClear={false} />
        </Form.Item>
        <Form.Item
          name="paymentModes"
          label="兑付方式"
          rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一种兑付方式!' }]}
        >
          <Checkbox.Group options={options(DISPLAY_FEE_TYPE)} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea maxLength={256} rows={2} />
        </Form.Item>
      </ModalForm>
    </>
  );
}
