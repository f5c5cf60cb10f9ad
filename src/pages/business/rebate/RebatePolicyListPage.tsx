// 返利政策 (eRebate/RebatePolicyList, DOMAIN §1.9): the policies with their state, and the editor — basis,
// period with its grace days, policy dates, scope (customers, departments, regions, channels, SKUs), the tiers
// (left-closed, right-open), the cap and the per-order deduction cap. 提交 sends a policy to the 审批中心.
import { useState } from 'react';
import { Button, Form, Input, InputNumber, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { CHANNEL } from '../../../../common/businessEnums';
import {
  EDITABLE_POLICY_STATUS,
  REBATE_BASIS,
  REBATE_BENEFIT,
  REBATE_PERIOD,
  REBATE_POLICY_STATUS,
  REBATE_POLICY_TRANSITIONS,
  REBATE_TARGET,
  tierProblem,
  tiersText,
  type RebatePolicyInput,
  type RebatePolicyRecord,
} from '../../../../common/rebates';
import {
  exportRebatePolicies,
  listRebatePolicies,
  rebatePolicyCommand,
  saveRebatePolicy,
  type RebatePolicyAction,
} from '../../../api/rebates';
import { EnumSelect, RemoteSelect } from '../../../components/form/EnumSelect';
import { required, requiredNumber } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { OrgPicker } from '../../../components/form/OrgPicker';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { HasPermission, useHasPermission } from '../../../components/HasPermission';
import { RegionCodesPicker } from '../../../components/region/RegionPicker';
import { ListPage } from '../../../components/table/ListPage';
import { RowActions, type RowAction } from '../../../components/table/RowActions';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';
import { buyerOption, loadBuyers, loadSkus, skuOption } from '../order/cartFields';

const STATUS_COLOR: Record<string, string> = {
  DRAFT: 'default',
  PENDING_APPROVAL: 'processing',
  ACTIVE: 'green',
  REJECTED: 'red',
  ENDED: 'default',
  CANCELLED: 'default',
};

const COMMANDS: Array<{
  command: keyof typeof REBATE_POLICY_TRANSITIONS;
  action: RebatePolicyAction;
  confirm: string;
  danger?: boolean;
}> = [
  { command: 'SUBMIT', action: 'submit', confirm: '提交审批后不能再编辑，确定提交吗？' },
  { command: 'END', action: 'end', confirm: '结束后不再核算新的周期，确定结束吗？', danger: true },
  { command: 'CANCEL', action: 'cancel', confirm: '作废后不能恢复，确定作废吗？', danger: true },
];

/** The editor's values: the deduction cap as a percentage. */
export type PolicyFormValues = Omit<RebatePolicyInput, 'maxDeductRatio'> & { maxDeductPercent: number };

const thisYear = new Date().getFullYear();
const NEW_POLICY: Partial<PolicyFormValues> = {
  targetType: 'DEALER',
  basis: 'AMOUNT',
  periodType: 'MONTH',
  startDate: `${thisYear}-01-01`,
  endDate: `${thisYear}-12-31`,
  graceDays: 5,
  customerScope: {},
  skuIds: [],
  tiers: [{ tierNo: 1, label: '', minValue: 0, maxValue: null, benefitType: 'PERCENT', benefitValue: 1 }],
  capAmount: null,
  maxDeductPercent: 10,
};

const DATE_RULE = { pattern: /^\d{4}-\d{2}-\d{2}$/, message: '日期格式为 YYYY-MM-DD!' };

const valuesOf = (record: RebatePolicyRecord): PolicyFormValues => ({
  ...record,
  maxDeductPercent: Math.round(record.maxDeductRatio * 10000) / 100,
});

export const toRebatePolicyInput = ({
  maxDeductPercent,
  ...values
}: PolicyFormValues): RebatePolicyInput => ({
  ...values,
  customerScope: values.customerScope ?? {},
  skuIds: values.skuIds ?? [],
  capAmount: values.capAmount ?? null,
  tiers: values.tiers.map((tier, index) => ({
    ...tier,
    tierNo: index + 1,
    label: tier.label ?? '',
    maxValue: tier.maxValue ?? null,
  })),
  maxDeductRatio: (maxDeductPercent ?? 0) / 100,
});

function TierFields() {
  return (
    <Form.List
      name="tiers"
      rules={[
        {
          validator: async (_rule, tiers: RebatePolicyInput['tiers']) => {
            const problem = tierProblem(
              [...(tiers ?? [])]
                .map((tier) => ({ ...tier, maxValue: tier?.maxValue ?? null }))
                .sort((a, b) => a.minValue - b.minValue),
            );
            if (problem) throw new Error(problem);
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map((field, index) => (
            <Space key={field.key} align="baseline" wrap>
              <span>第 {index + 1} 档</span>
              <Form.Item name={[field.name, 'label']}>
                <Input placeholder="名称" maxLength={16} style={{ width: 80 }} aria-label="档位名称" />
              </Form.Item>
              <Form.Item name={[field.name, 'minValue']} rules={[requiredNumber('下限')]}>
                <InputNumber placeholder="≥ 下限" style={{ width: 110 }} aria-label="下限" />
              </Form.Item>
              <Form.Item name={[field.name, 'maxValue']}>
                <InputNumber placeholder="< 上限(空为∞)" style={{ width: 130 }} aria-label="上限" />
              </Form.Item>
              <Form.Item name={[field.name, 'benefitType']} rules={[required('返利方式', '选择')]}>
                <EnumSelect
                  labels={REBATE_BENEFIT}
                  allowClear={false}
                  style={{ width: 140 }}
                  aria-label="返利方式"
                />
              </Form.Item>
              <Form.Item name={[field.name, 'benefitValue']} rules={[requiredNumber('返利值')]}>
                <InputNumber min={0} placeholder="返利值" style={{ width: 100 }} aria-label="返利值" />
              </Form.Item>
              {fields.length > 1 ? <MinusCircleOutlined onClick={() => remove(field.name)} /> : null}
            </Space>
          ))}
          <Form.ErrorList errors={errors} />
          {fields.length < 10 ? (
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ label: '', benefitType: 'PERCENT', benefitValue: 1, maxValue: null })}
            >
              添加档位
            </Button>
          ) : null}
        </>
      )}
    </Form.List>
  );
}

export default function RebatePolicyListPage() {
  const list = useListPage<RebatePolicyRecord>({
    filterKeys: ['policyNo', 'name', 'basis', 'periodType', 'status'],
    sortKeys: ['policyNo', 'startDate', 'updateTime'],
    fetch: listRebatePolicies,
  });
  const confirm = useConfirmAction();
  const mayEdit = useHasPermission('rebate:policy');
  const [editing, setEditing] = useState<{ policy: RebatePolicyRecord | null } | null>(null);

  const actionsOf = (record: RebatePolicyRecord): RowAction[] => {
    if (!mayEdit) return [];
    const actions: RowAction[] = [];
    if (EDITABLE_POLICY_STATUS.includes(record.status))
      actions.push({ key: 'edit', label: '编辑', onClick: () => setEditing({ policy: record }) });
    for (const each of COMMANDS) {
      const transition = REBATE_POLICY_TRANSITIONS[each.command];
      if (!transition.from.includes(record.status)) continue;
      actions.push({
        key: each.action,
        label: transition.label,
        danger: each.danger,
        onClick: () =>
          confirm({
            title: `${transition.label}「${record.name}」`,
            content: each.confirm,
            okText: transition.label,
            danger: Boolean(each.danger),
            action: () => rebatePolicyCommand(each.action, record.id),
            onDone: list.reload,
          }),
      });
    }
    return actions;
  };

  const columns: ColumnsType<RebatePolicyRecord> = [
    {
      title: '编号 / 名称',
      dataIndex: 'policyNo',
      key: 'policyNo',
      sorter: true,
      render: (_value, record) => <TwoLineCell main={record.name} sub={record.policyNo} />,
    },
    { title: '返利对象', dataIndex: 'targetType_dictText', key: 'targetType' },
    {
      title: '基数 / 周期',
      key: 'basis',
      render: (_value, record) => (
        <TwoLineCell
          main={record.basis_dictText}
          sub={`${record.periodType_dictText}，宽限 ${record.graceDays} 天`}
        />
      ),
    },
    {
      title: '政策期',
      dataIndex: 'startDate',
      key: 'startDate',
      sorter: true,
      render: (_value, record) => `${record.startDate} 至 ${record.endDate}`,
    },
    { title: '档位', key: 'tiers', render: (_value, record) => tiersText(record.tiers) },
    {
      title: '封顶 / 单笔抵扣',
      key: 'cap',
      render: (_value, record) =>
        `${record.capAmount === null ? '不封顶' : `${record.capAmount} 元`} / ${Math.round(
          record.maxDeductRatio * 100,
        )}%`,
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (_value, record) => <Tag color={STATUS_COLOR[record.status]}>{record.status_dictText}</Tag>,
    },
    {
      title: '操作',
      key: 'actions',
      render: (_value, record) => <RowActions actions={actionsOf(record)} />,
    },
  ];

  const policy = editing?.policy;
  return (
    <>
      <ListPage<RebatePolicyRecord>
        list={list}
        compactColumns={['policyNo', 'status']}
        columns={columns}
        exportAs={exportRebatePolicies}
        searchFields={
          <>
            <Form.Item name="name" label="名称">
              <Input allowClear placeholder="政策名称" />
            </Form.Item>
            <Form.Item name="basis" label="计算基数">
              <EnumSelect labels={REBATE_BASIS} placeholder="全部" style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={REBATE_POLICY_STATUS} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
          </>
        }
        toolbar={
          <HasPermission code="rebate:policy">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ policy: null })}>
              新增返利政策
            </Button>
          </HasPermission>
        }
      />
      <ModalForm<PolicyFormValues>
        title={policy ? '编辑返利政策' : '新增返利政策'}
        width={860}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={list.reload}
        initialValues={policy ? valuesOf(policy) : NEW_POLICY}
        onSubmit={(values) => saveRebatePolicy(policy?.id, toRebatePolicyInput(values))}
      >
        <Form.Item name="name" label="政策名称" rules={[required('政策名称')]}>
          <Input maxLength={64} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="targetType" label="返利对象" rules={[required('返利对象', '选择')]}>
            <EnumSelect labels={REBATE_TARGET} allowClear={false} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="basis" label="计算基数" rules={[required('计算基数', '选择')]}>
            <EnumSelect labels={REBATE_BASIS} allowClear={false} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="periodType" label="核算周期" rules={[required('核算周期', '选择')]}>
            <EnumSelect labels={REBATE_PERIOD} allowClear={false} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item
            name="graceDays"
            label="宽限天数"
            rules={[requiredNumber('宽限天数')]}
            tooltip="周期结束后这些天内审核的单据仍计入本期"
          >
            <InputNumber min={0} max={90} precision={0} style={{ width: 80 }} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="startDate" label="政策开始" rules={[required('开始日期'), DATE_RULE]}>
            <Input placeholder="YYYY-MM-DD" style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="endDate" label="政策结束" rules={[required('结束日期'), DATE_RULE]}>
            <Input placeholder="YYYY-MM-DD" style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="capAmount" label="每期封顶(元)">
            <InputNumber min={0} placeholder="不封顶" style={{ width: 120 }} />
          </Form.Item>
          <Form.Item
            name="maxDeductPercent"
            label="单笔订单抵扣上限(%)"
            rules={[requiredNumber('抵扣上限')]}
            tooltip="订单货款（促销后）中最多可用返利抵扣的比例"
          >
            <InputNumber min={0} max={100} precision={2} style={{ width: 90 }} />
          </Form.Item>
        </Space>
        <Form.Item label="返利档位" required tooltip="区间左闭右开：下限 ≤ 基数 < 上限">
          <TierFields />
        </Form.Item>
        <Form.Item name={['customerScope', 'customerIds']} label="指定客户">
          <RemoteSelect
            load={loadBuyers}
            toOption={buyerOption}
            remoteSearch
            mode="multiple"
            placeholder="全部"
          />
        </Form.Item>
        <Space wrap>
          <Form.Item name={['customerScope', 'orgCodes']} label="部门">
            <OrgPicker multiple placeholder="全部（含下级）" style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name={['customerScope', 'areaCodes']} label="区域">
            <RegionCodesPicker aria-label="区域" placeholder="全部地区" style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name={['customerScope', 'channels']} label="渠道">
            <EnumSelect labels={CHANNEL} mode="multiple" placeholder="全部" style={{ width: 200 }} />
          </Form.Item>
        </Space>
        <Form.Item name="skuIds" label="计入商品">
          <RemoteSelect load={loadSkus} toOption={skuOption} mode="multiple" placeholder="全部商品" />
        </Form.Item>
        <Form.Item name="remark" label="说明">
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </ModalForm>
    </>
  );
}
