// 拜访步骤配置 on the 打卡规则 page: which steps a visit takes between 签到 and 签退, in order, each 必做 or not,
// per department subtree optionally narrowed to a channel and an outlet type. An outlet's visits follow the most
// specific active template (as for 打卡规则); with none, the default steps (门头照, 库存盘点, 陈列检查, 竞品采集).
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Card, Form, Select, Space, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ENABLED_STATUS } from '../../../../common/businessEnums';
import { DEFAULT_VISIT_STEPS, STEP_TYPE, TEMPLATE_STEP_TYPES } from '../../../../common/visits';
import {
  listStepTemplates,
  saveStepTemplate,
  type StepTemplate,
  type StepTemplatePayload,
} from '../../../api/visits';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { required } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { HasPermission } from '../../../components/HasPermission';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { ScopeFields, type OrgOption } from './scopeFields';

const STEP_OPTIONS = TEMPLATE_STEP_TYPES.map((type) => ({ value: type, label: STEP_TYPE[type] }));

const payloadOf = (template: StepTemplate): StepTemplatePayload => ({
  id: template.id,
  name: template.name,
  orgCode: template.orgCode,
  channel: template.channel,
  outletType: template.outletType,
  steps: template.steps.map(({ stepType, required: must }) => ({ stepType, required: must })),
  status: template.status,
});

export function VisitStepTemplates({ orgs }: { orgs: OrgOption[] }) {
  const { message } = App.useApp();
  const [rows, setRows] = useState<StepTemplate[]>([]);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<StepTemplate | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const reload = useCallback(() => {
    setLoading(true);
    listStepTemplates({ pageSize: 200 })
      .then((answer) => answer.success && setRows(answer.result.records))
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, []);
  useEffect(reload, [reload]);
  const open = (template: StepTemplate | null) => {
    setEditing(template);
    setFormOpen(true);
  };
  const switchStatus = async (template: StepTemplate) => {
    const status = template.status === 'ACTIVE' ? 'DISABLED' : 'ACTIVE';
    const answer = await saveStepTemplate({ ...payloadOf(template), status });
    if (answer.success) message.success(status === 'ACTIVE' ? '已启用' : '已停用');
    else message.error(answer.message);
    reload();
  };
  const columns: ColumnsType<StepTemplate> = [
    {
      title: '模板 / 部门',
      dataIndex: 'name',
      key: 'name',
      render: (name: string, row) => <TwoLineCell main={name} sub={row.orgName ?? row.orgCode} />,
    },
    {
      title: '渠道 / 业态',
      key: 'channel',
      render: (_value, row) => <TwoLineCell main={row.channel_dictText} sub={row.outletType ?? '全部业态'} />,
    },
    {
      title: '拜访步骤',
      key: 'steps',
      render: (_value, row) => (
        <Space size={[0, 4]} wrap>
          {row.steps.map((step, index) => (
            <Tag key={step.stepType} color={step.required ? 'red' : undefined}>
              {index + 1}. {step.stepType_dictText}
              {step.required ? '（必做）' : ''}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: StepTemplate['status']) => (
        <Tag color={status === 'ACTIVE' ? 'green' : undefined}>{ENABLED_STATUS[status]}</Tag>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_value, row) => (
        <HasPermission code="visitRule:edit">
          <Space>
            <Button type="link" size="small" onClick={() => open(row)}>
              编辑
            </Button>
            <Button type="link" size="small" onClick={() => void switchStatus(row)}>
              {row.status === 'ACTIVE' ? '停用' : '启用'}
            </Button>
          </Space>
        </HasPermission>
      ),
    },
  ];
  return (
    <Card
      title="拜访步骤配置"
      size="small"
      style={{ marginTop: 16 }}
      extra={
        <HasPermission code="visitRule:edit">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
            新增步骤模板
          </Button>
        </HasPermission>
      }
    >
      <Table<StepTemplate>
        size="small"
        rowKey="id"
        loading={loading}
        pagination={false}
        columns={columns}
        dataSource={rows}
        locale={{ emptyText: '未配置：所有门店按默认步骤（门头照、库存盘点、陈列检查、竞品采集）拜访' }}
      />
      <ModalForm<StepTemplatePayload>
        title={editing ? '编辑拜访步骤模板' : '新增拜访步骤模板'}
        open={formOpen}
        onClose={() => setFormOpen(false)}
        onSaved={reload}
        width={640}
        labelWidth={100}
        initialValues={
          editing
            ? payloadOf(editing)
            : { steps: DEFAULT_VISIT_STEPS.map((step) => ({ ...step })), status: 'ACTIVE' }
        }
        onSubmit={(values) =>
          saveStepTemplate({
            ...(editing ? payloadOf(editing) : {}),
            ...values,
            channel: values.channel ?? null,
            outletType: values.outletType ?? null,
            steps: values.steps.map((step) => ({
              stepType: step.stepType,
              required: Boolean(step.required),
            })),
          })
        }
      >
        <ScopeFields nameLabel="模板名称" orgs={orgs} />
        <Form.List
          name="steps"
          rules={[
            {
              validator: async (_rule, steps?: StepTemplatePayload['steps']) => {
                if (!steps?.length) throw new Error('请至少添加一个拜访步骤!');
                const types = steps.map((step) => step?.stepType).filter(Boolean);
                if (new Set(types).size !== types.length) throw new Error('拜访步骤不能重复!');
              },
            },
          ]}
        >
          {(fields, { add, remove, move }, { errors }) => (
            <Form.Item label="拜访步骤">
              {fields.map((field, index) => (
                <Space key={field.key} align="baseline" role="group" aria-label={`步骤 ${index + 1}`}>
                  <Form.Item
                    name={[field.name, 'stepType']}
                    rules={[required('步骤', '选择')]}
                    style={{ marginBottom: 8 }}
                  >
                    <Select options={STEP_OPTIONS} style={{ width: 140 }} aria-label="步骤" />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'required']}
                    valuePropName="checked"
                    style={{ marginBottom: 8 }}
                  >
                    <Switch checkedChildren="必做" unCheckedChildren="选做" />
                  </Form.Item>
                  <Button
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label="上移"
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  />
                  <Button
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label="下移"
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                  />
                  <Button
                    size="small"
                    icon={<DeleteOutlined />}
                    aria-label="删除"
                    onClick={() => remove(index)}
                  />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= TEMPLATE_STEP_TYPES.length}
                onClick={() => add({ required: false })}
              >
                添加步骤
              </Button>
              <Form.ErrorList errors={errors} />
            </Form.Item>
          )}
        </Form.List>
        <Form.Item name="status" label="状态">
          <EnumSelect labels={ENABLED_STATUS} allowClear={false} />
        </Form.Item>
      </ModalForm>
    </Card>
  );
}
