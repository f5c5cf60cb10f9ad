// 打卡规则 (eVisit/CheckInRuleList): what a check-in is held to per department subtree, optionally per channel
// and outlet type. An outlet follows the most specific active rule (deepest department, then outlet type,
// then channel); with none the default applies (200 米, 精度 100 米, 停留 5–90 分钟). Below, 拜访步骤配置
// (VisitStepTemplates): the steps of a visit, scoped the same way.
import { useEffect, useState } from 'react';
import { Button, Form, Input, InputNumber, Switch } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { CHANNEL, ENABLED_STATUS } from '../../../../common/businessEnums';
import { DEFAULT_CHECK_IN_RULE } from '../../../../common/visits';
import { queryDepartTree } from '../../../api/systemDepart';
import { exportRules, listRules, saveRule, type CheckInRule, type RulePayload } from '../../../api/visits';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { requiredNumber } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { HasPermission } from '../../../components/HasPermission';
import { ListPage } from '../../../components/table/ListPage';
import { useEnabledColumns } from '../../../components/table/enabledColumns';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';
import { orgOptions, ScopeFields, type OrgOption } from './scopeFields';
import { VisitStepTemplates } from './VisitStepTemplates';

const payloadOf = (rule: CheckInRule): RulePayload => ({
  id: rule.id,
  name: rule.name,
  orgCode: rule.orgCode,
  channel: rule.channel,
  outletType: rule.outletType,
  checkInRadiusM: rule.checkInRadiusM,
  gpsAccuracyMaxM: rule.gpsAccuracyMaxM,
  allowOutOfRange: rule.allowOutOfRange,
  requireCheckOut: rule.requireCheckOut,
  minStayMinutes: rule.minStayMinutes,
  maxStayMinutes: rule.maxStayMinutes,
  status: rule.status,
});

export default function CheckInRuleListPage() {
  const list = useListPage<CheckInRule>({
    filterKeys: ['name', 'channel', 'status'],
    sortKeys: ['orgCode', 'createTime'],
    defaultSort: { column: 'orgCode', order: 'asc' },
    fetch: listRules,
  });
  const [editing, setEditing] = useState<CheckInRule | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [orgs, setOrgs] = useState<OrgOption[]>([]);
  useEffect(() => {
    queryDepartTree()
      .then((answer) => answer.success && setOrgs(orgOptions(answer.result)))
      .catch(() => undefined);
  }, []);
  const open = (rule: CheckInRule | null) => {
    setEditing(rule);
    setFormOpen(true);
  };
  const enabledColumns = useEnabledColumns<CheckInRule>({
    noun: '打卡规则',
    editCode: 'visitRule:edit',
    disablingNote: '停用后该范围的门店改按上一级规则（或默认规则）签到。',
    onEdit: open,
    setStatus: (rule, status) => saveRule({ ...payloadOf(rule), status }),
    onSwitched: list.reload,
  });
  const columns: ColumnsType<CheckInRule> = [
    {
      title: '规则 / 部门',
      dataIndex: 'name',
      key: 'orgCode',
      sorter: true,
      render: (name: string, rule) => <TwoLineCell main={name} sub={rule.orgName ?? rule.orgCode} />,
    },
    {
      title: '渠道 / 业态',
      dataIndex: 'channel',
      key: 'channel',
      render: (_channel: string | null, rule) => (
        <TwoLineCell main={rule.channel_dictText} sub={rule.outletType ?? '全部业态'} />
      ),
    },
    {
      title: '签到距离',
      dataIndex: 'checkInRadiusM',
      key: 'checkInRadiusM',
      render: (m: number) => `${m} 米`,
    },
    {
      title: '定位精度',
      dataIndex: 'gpsAccuracyMaxM',
      key: 'gpsAccuracyMaxM',
      render: (m: number) => `≤ ${m} 米`,
    },
    {
      title: '超距签到',
      dataIndex: 'allowOutOfRange',
      key: 'allowOutOfRange',
      render: (allowed: boolean) => (allowed ? '允许（须说明并拍照）' : '不允许'),
    },
    {
      title: '停留',
      dataIndex: 'minStayMinutes',
      key: 'stay',
      render: (_min: number, rule) => `${rule.minStayMinutes}–${rule.maxStayMinutes} 分钟`,
    },
    ...enabledColumns,
  ];
  return (
    <>
      <ListPage<CheckInRule>
        list={list}
        columns={columns}
        compactColumns={['orgCode', 'checkInRadiusM', 'status']}
        exportAs={exportRules}
        searchFields={
          <>
            <Form.Item name="name" label="名称">
              <Input placeholder="规则名称" allowClear />
            </Form.Item>
            <Form.Item name="channel" label="渠道">
              <EnumSelect labels={CHANNEL} placeholder="全部" style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={ENABLED_STATUS} placeholder="全部" style={{ width: 100 }} />
            </Form.Item>
          </>
        }
        toolbar={
          <HasPermission code="visitRule:edit">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
              新增规则
            </Button>
          </HasPermission>
        }
      />
      <ModalForm<RulePayload>
        title={editing ? '编辑打卡规则' : '新增打卡规则'}
        open={formOpen}
        onClose={() => setFormOpen(false)}
        onSaved={list.reload}
        labelWidth={120}
        initialValues={editing ? payloadOf(editing) : { ...DEFAULT_CHECK_IN_RULE, status: 'ACTIVE' }}
        onSubmit={(values) =>
          saveRule({
            ...(editing ? payloadOf(editing) : {}),
            ...values,
            channel: values.channel ?? null,
            outletType: values.outletType ?? null,
          })
        }
      >
        <ScopeFields nameLabel="规则名称" orgs={orgs} />
        <Form.Item name="checkInRadiusM" label="签到距离(米)" rules={[requiredNumber('签到距离')]}>
          <InputNumber min={10} max={5000} />
        </Form.Item>
        <Form.Item name="gpsAccuracyMaxM" label="定位精度(米)" rules={[requiredNumber('定位精度')]}>
          <InputNumber min={5} max={5000} />
        </Form.Item>
        <Form.Item name="allowOutOfRange" label="允许超距签到" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="requireCheckOut" label="需要签退" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="minStayMinutes" label="最短停留(分)" rules={[requiredNumber('最短停留')]}>
          <InputNumber min={0} max={1440} />
        </Form.Item>
        <Form.Item name="maxStayMinutes" label="最长停留(分)" rules={[requiredNumber('最长停留')]}>
          <InputNumber min={0} max={1440} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <EnumSelect labels={ENABLED_STATUS} allowClear={false} />
        </Form.Item>
      </ModalForm>
      <VisitStepTemplates orgs={orgs} />
    </>
  );
}
