// 新增/编辑标签: a manual label, or a rule label with its conditions (all must hold). 预览 asks the server how
// many customers the rule would select before it is saved.
import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ENABLED_STATUS,
  LABEL_RULE_FIELDS,
  LABEL_RULE_OPERATORS,
  LABEL_TYPE,
} from '../../../../common/businessEnums';
import {
  addLabel,
  editLabel,
  previewLabelRule,
  type CustomerLabelRecord,
  type LabelRule,
  type RuleCondition,
} from '../../../api/customers';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { required } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { RegionCodePicker, RegionCodesPicker } from '../../../components/region/RegionPicker';

interface LabelValues {
  code: string;
  name: string;
  labelGroup: string;
  color: string;
  labelType: 'MANUAL' | 'RULE';
  status: string;
  conditions?: Partial<RuleCondition>[];
}

export const LABEL_GROUPS = ['价值分层', '活动', '风险', '业态特征', '自定义'];
const COLORS: Record<string, string> = {
  blue: '蓝',
  green: '绿',
  red: '红',
  orange: '橙',
  gold: '金',
  purple: '紫',
  cyan: '青',
  magenta: '品红',
  default: '灰',
};

const fieldOptions = Object.entries(LABEL_RULE_FIELDS).map(([value, field]) => ({
  value,
  label: field.label,
}));

/** The operators a field allows (the server's: text and enum fields compare for equality only). */
function operatorsOf(field: string | undefined) {
  const kind = field ? LABEL_RULE_FIELDS[field]?.kind : undefined;
  const codes = kind === 'integer' ? Object.keys(LABEL_RULE_OPERATORS) : ['eq', 'ne', 'in'];
  return codes.map((code) => ({
    value: code,
    label: LABEL_RULE_OPERATORS[code as keyof typeof LABEL_RULE_OPERATORS],
  }));
}

/** The form's conditions as the server's rule: integer fields get numbers, `in` a list. */
export function toRule(conditions: Partial<RuleCondition>[] | undefined): LabelRule {
  return {
    conditions: (conditions ?? []).map(({ field = '', op = 'eq', value }) => {
      const integer = LABEL_RULE_FIELDS[field]?.kind === 'integer';
      const one = (item: unknown) => (integer ? Number(item) : String(item ?? '').trim());
      return { field, op, value: Array.isArray(value) ? value.map(one) : one(value) };
    }),
  };
}

function ValueInput({
  field,
  op,
  value,
  onChange,
}: {
  field?: string;
  op?: string;
  value?: RuleCondition['value'];
  onChange?: (value: RuleCondition['value'] | undefined) => void;
}) {
  const meta = field ? LABEL_RULE_FIELDS[field] : undefined;
  const many = op === 'in';
  if (meta?.regionLevel) {
    const look = { level: meta.regionLevel, 'aria-label': '取值', style: { width: 240 } };
    // The value keeps its shape when 运算 changes between 属于 and the others.
    const codes = (Array.isArray(value) ? value : value ? [value] : []).map(String);
    return many ? (
      <RegionCodesPicker {...look} value={codes} onChange={onChange} />
    ) : (
      <RegionCodePicker {...look} value={codes[0]} onChange={onChange} />
    );
  }
  if (meta?.values) {
    return (
      <Select
        mode={many ? 'multiple' : undefined}
        value={value as string | string[] | undefined}
        onChange={onChange}
        placeholder="取值"
        style={{ width: 200 }}
        options={Object.entries(meta.values).map(([code, label]) => ({ value: code, label }))}
      />
    );
  }
  if (many) {
    return (
      <Select
        mode="tags"
        value={value as string[] | undefined}
        onChange={onChange}
        placeholder="输入后回车"
        style={{ width: 200 }}
        open={false}
      />
    );
  }
  if (meta?.kind === 'integer') {
    return (
      <InputNumber
        value={value as number | undefined}
        onChange={(next) => onChange?.(next ?? undefined)}
        precision={0}
        min={0}
        placeholder="数值"
        style={{ width: 200 }}
      />
    );
  }
  return (
    <Input
      value={value as string | undefined}
      onChange={(event) => onChange?.(event.target.value)}
      placeholder="取值"
      style={{ width: 200 }}
    />
  );
}

export function LabelFormModal({
  label,
  open,
  onClose,
  onSaved,
}: {
  label: CustomerLabelRecord | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<LabelValues>();
  const labelType = Form.useWatch('labelType', form);
  const [preview, setPreview] = useState<string | null>(null);

  const runPreview = async () => {
    let conditions: LabelValues['conditions'];
    try {
      ({ conditions } = await form.validateFields(['conditions'], { recursive: true }));
    } catch {
      return;
    }
    try {
      const answer = await previewLabelRule(toRule(conditions));
      setPreview(answer.success ? `符合规则的客户：${answer.result.total} 个` : answer.message);
    } catch {
      // shown by the HTTP error saga
    }
  };

  return (
    <ModalForm<LabelValues>
      title={label ? '编辑标签' : '新增标签'}
      open={open}
      onClose={() => {
        setPreview(null);
        onClose();
      }}
      onSaved={onSaved}
      form={form}
      width={760}
      initialValues={
        label
          ? { ...label, conditions: label.rule?.conditions ?? [] }
          : {
              labelGroup: '自定义',
              color: 'blue',
              labelType: 'MANUAL',
              status: 'ACTIVE',
              conditions: [{ op: 'eq' }],
            }
      }
      onSubmit={({ conditions, ...values }) => {
        const body = { ...values, rule: values.labelType === 'RULE' ? toRule(conditions) : null };
        return label ? editLabel({ ...body, id: label.id }) : addLabel(body);
      }}
    >
      <Form.Item
        name="code"
        label="标签编码"
        rules={[
          required('标签编码'),
          { pattern: /^[A-Za-z0-9_-]{1,32}$/, message: '标签编码只能是字母、数字、- 或 _，最多32位!' },
        ]}
      >
        <Input placeholder="如 KEY_OUTLET" />
      </Form.Item>
      <Form.Item name="name" label="标签名称" rules={[required('标签名称')]}>
        <Input maxLength={32} placeholder="如 重点门店" />
      </Form.Item>
      <Form.Item name="labelGroup" label="分组" rules={[required('分组', '选择')]}>
        <Select options={LABEL_GROUPS.map((group) => ({ value: group, label: group }))} />
      </Form.Item>
      <Form.Item name="color" label="颜色">
        <EnumSelect labels={COLORS} allowClear={false} />
      </Form.Item>
      <Form.Item name="labelType" label="类型" extra={label ? '标签类型不能修改' : undefined}>
        <Radio.Group
          disabled={Boolean(label)}
          options={Object.entries(LABEL_TYPE).map(([value, text]) => ({ value, label: text }))}
        />
      </Form.Item>
      <Form.Item name="status" label="状态">
        <Radio.Group
          options={Object.entries(ENABLED_STATUS).map(([value, text]) => ({ value, label: text }))}
        />
      </Form.Item>
      {labelType === 'RULE' && (
        <Form.Item label="规则" required>
          <Typography.Text type="secondary">以下条件须同时满足</Typography.Text>
          <Form.List
            name="conditions"
            rules={[
              {
                validator: (_rule, conditions: unknown[] | undefined) =>
                  conditions?.length ? Promise.resolve() : Promise.reject(new Error('规则至少需要一个条件')),
              },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline" wrap style={{ display: 'flex', marginTop: 8 }}>
                    <Form.Item name={[field.name, 'field']} rules={[required('条件字段', '选择')]}>
                      <Select
                        options={fieldOptions}
                        placeholder="字段"
                        style={{ width: 150 }}
                        // Another field takes other values.
                        onChange={() => form.setFieldValue(['conditions', field.name, 'value'], undefined)}
                      />
                    </Form.Item>
                    <Form.Item
                      noStyle
                      shouldUpdate={(before, after) =>
                        JSON.stringify(before.conditions?.[field.name]) !==
                        JSON.stringify(after.conditions?.[field.name])
                      }
                    >
                      {({ getFieldValue }) => {
                        const chosen = getFieldValue(['conditions', field.name, 'field']) as
                          string | undefined;
                        const op = getFieldValue(['conditions', field.name, 'op']) as string | undefined;
                        return (
                          <>
                            <Form.Item name={[field.name, 'op']} rules={[required('运算', '选择')]}>
                              <Select options={operatorsOf(chosen)} style={{ width: 110 }} />
                            </Form.Item>
                            <Form.Item
                              name={[field.name, 'value']}
                              rules={[
                                {
                                  validator: (_rule, value: unknown) =>
                                    value === undefined ||
                                    value === null ||
                                    value === '' ||
                                    (Array.isArray(value) && value.length === 0)
                                      ? Promise.reject(new Error('请填写条件的值!'))
                                      : Promise.resolve(),
                                },
                              ]}
                            >
                              <ValueInput field={chosen} op={op} />
                            </Form.Item>
                          </>
                        );
                      }}
                    </Form.Item>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label="删除条件"
                      onClick={() => remove(field.name)}
                    />
                  </Space>
                ))}
                <Space style={{ marginTop: 8 }}>
                  <Button icon={<PlusOutlined />} onClick={() => add({ op: 'eq' })}>
                    添加条件
                  </Button>
                  <Button onClick={() => void runPreview()}>预览</Button>
                </Space>
                <Form.ErrorList errors={errors} />
                {preview && <Alert type="info" showIcon title={preview} style={{ marginTop: 8 }} />}
              </>
            )}
          </Form.List>
        </Form.Item>
      )}
    </ModalForm>
  );
}
