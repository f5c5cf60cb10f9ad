// The template editor: code, name, type and sign mode; the template's own variables (the agreement type's
// standard ones are always there); the body in the rich-text editor with the variable panel; 预览 renders the
// unsaved draft with each variable's sample on the server (the same renderAgreement as the agreements).
import { lazy, Suspense, useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Col,
  Drawer,
  Form,
  Input,
  Modal,
  Row,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  AGREEMENT_TYPE,
  effectiveVariables,
  SIGN_MODE,
  VARIABLE_TYPE,
  type AgreementType,
  type TemplateInput,
  type TemplateVariable,
  type VariableType,
} from '../../../../common/agreements';
import { previewTemplate, queryTemplate, saveTemplate } from '../../../api/agreements';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { required } from '../../../components/form/fieldRules';
import { toast } from '../../../utils/notifier';
import type { RichTextEditorProps } from '../../system/announcement/RichTextEditor';
import '../../system/announcement/announcement.css';
import { AgreementHtml } from './AgreementHtml';

const RichTextEditor = lazy(
  () => import(/* webpackChunkName: "rich-text-editor" */ '../../system/announcement/RichTextEditor'),
);

function LazyEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

/** A variable as the form edits it: columns and options as text. */
interface VariableRow {
  name: string;
  label: string;
  type: VariableType;
  sample?: string;
  /** array: 字段名:列名, comma separated; options: the choices, comma separated. */
  extra?: string;
}

interface FormValues {
  code: string;
  name: string;
  agreementType: AgreementType;
  signMode: TemplateInput['signMode'];
  bodyHtml?: string;
  variables?: VariableRow[];
}

const split = (text: string | undefined) =>
  (text ?? '')
    .split(/[,，]/)
    .map((each) => each.trim())
    .filter(Boolean);

function toVariable(row: VariableRow): TemplateVariable {
  const variable: TemplateVariable = { name: row.name.trim(), label: row.label.trim(), type: row.type };
  if (row.sample?.trim()) variable.sample = row.sample.trim();
  if (row.type === 'array')
    variable.fields = split(row.extra).map((pair) => {
      const [name, label] = pair.split(/[:：]/).map((each) => each.trim());
      return { name, label: label || name };
    });
  if (row.type === 'options') variable.options = split(row.extra);
  return variable;
}

const toRow = (variable: TemplateVariable): VariableRow => ({
  name: variable.name,
  label: variable.label,
  type: variable.type,
  sample: variable.sample,
  extra:
    variable.type === 'array'
      ? (variable.fields ?? []).map((field) => `${field.name}:${field.label}`).join(', ')
      : variable.type === 'options'
        ? (variable.options ?? []).join(', ')
        : undefined,
});

const NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;
const FIELDS_PATTERN = /^\s*[A-Za-z_]\w*\s*[:：][^,，]+(\s*[,，]\s*[A-Za-z_]\w*\s*[:：][^,，]+)*\s*$/;

function inputOf(values: FormValues): TemplateInput {
  return {
    code: values.code.trim(),
    name: values.name.trim(),
    agreementType: values.agreementType,
    signMode: values.signMode,
    bodyHtml: values.bodyHtml ?? '',
    variableSchema: (values.variables ?? []).map(toVariable),
  };
}

export function TemplateEditor({
  id,
  open,
  onClose,
  onSaved,
}: {
  id: string | undefined;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const type = Form.useWatch('agreementType', form) ?? 'COOPERATION';
  const rows = Form.useWatch('variables', form);
  const variables = effectiveVariables(
    type,
    (rows ?? []).filter((row) => row?.name && row?.label && row?.type).map(toVariable),
  );

  useEffect(() => {
    if (!open) return;
    setRefusal(null);
    if (!id) {
      form.setFieldsValue({
        code: '',
        name: '',
        agreementType: 'COOPERATION',
        signMode: 'BOTH',
        bodyHtml: '',
        variables: [],
      });
      return;
    }
    setLoading(true);
    queryTemplate(id)
      .then((answer) => {
        if (!answer.success) return setRefusal(answer.message);
        const record = answer.result;
        form.setFieldsValue({
          code: record.code,
          name: record.name,
          agreementType: record.agreementType,
          signMode: record.signMode,
          bodyHtml: record.bodyHtml,
          variables: record.variableSchema.map(toRow),
        });
      })
      .catch(() => setRefusal('模板加载失败'))
      .finally(() => setLoading(false));
  }, [open, id, form]);

  const save = async () => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setRefusal(null);
    try {
      const answer = await saveTemplate(id, inputOf(values));
      if (answer.success) {
        toast('success', answer.message || '保存成功');
        onClose();
        onSaved();
      } else setRefusal(answer.message || '保存失败');
    } catch {
      // shown by the HTTP error saga
    } finally {
      setSaving(false);
    }
  };

  const showPreview = async () => {
    const values = form.getFieldsValue(true) as FormValues;
    const input = inputOf({ ...values, code: values.code ?? '', name: values.name ?? '' });
    const answer = await previewTemplate({
      agreementType: input.agreementType,
      bodyHtml: input.bodyHtml,
      variableSchema: input.variableSchema,
    });
    if (answer.success) setPreview(answer.result.html);
    else setRefusal(answer.message);
  };

  return (
    <Drawer
      title={id ? '编辑协议模板' : '新建协议模板'}
      open={open}
      onClose={onClose}
      size={1080}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={showPreview}>预览</Button>
          <Button type="primary" loading={saving} onClick={save}>
            保存草稿
          </Button>
        </Space>
      }
    >
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
      {loading ? (
        <Skeleton active />
      ) : (
        <Form form={form} name="agreementTemplate" layout="vertical">
          <Row gutter={16}>
            <Col span={6}>
              <Form.Item name="code" label="模板编码" rules={[required('模板编码'), { max: 32 }]}>
                <Input placeholder="如 COOP-2026" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="name" label="模板名称" rules={[required('模板名称'), { max: 64 }]}>
                <Input placeholder="如 经销商年度合作协议" />
              </Form.Item>
            </Col>
            <Col span={5}>
              <Form.Item name="agreementType" label="协议类型" rules={[required('协议类型', '选择')]}>
                <EnumSelect labels={AGREEMENT_TYPE} />
              </Form.Item>
            </Col>
            <Col span={5}>
              <Form.Item name="signMode" label="签署方式" rules={[required('签署方式', '选择')]}>
                <EnumSelect labels={SIGN_MODE} />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Title level={5}>自定义变量</Typography.Title>
          <Typography.Paragraph type="secondary">
            {type === 'COOPERATION'
              ? '合作协议的标准变量（甲乙方、协议期、目标、保证金、月度目标表格等）由协议自动填写，无需定义；'
              : ''}
            此处定义签约时另需填写的变量。表格数据的列写作「字段名:列名」，以逗号分隔。
          </Typography.Paragraph>
          <Form.List name="variables">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Row gutter={8} key={field.key} align="top">
                    <Col span={4}>
                      <Form.Item
                        name={[field.name, 'name']}
                        rules={[
                          required('变量名'),
                          { pattern: NAME_PATTERN, message: '变量名须以字母开头，只含字母、数字和下划线!' },
                        ]}
                      >
                        <Input placeholder="变量名，如 brand" aria-label="变量名" />
                      </Form.Item>
                    </Col>
                    <Col span={4}>
                      <Form.Item name={[field.name, 'label']} rules={[required('显示名'), { max: 40 }]}>
                        <Input placeholder="显示名" aria-label="显示名" />
                      </Form.Item>
                    </Col>
                    <Col span={3}>
                      <Form.Item name={[field.name, 'type']} initialValue="text">
                        <Select
                          aria-label="变量类型"
                          options={Object.entries(VARIABLE_TYPE).map(([value, label]) => ({ value, label }))}
                        />
                      </Form.Item>
                    </Col>
                    <Col span={5}>
                      <Form.Item name={[field.name, 'sample']} rules={[{ max: 200 }]}>
                        <Input placeholder="预览示例值" aria-label="示例值" />
                      </Form.Item>
                    </Col>
                    <Col span={7}>
                      <Form.Item
                        noStyle
                        shouldUpdate={(a: FormValues, b: FormValues) =>
                          a.variables?.[field.name]?.type !== b.variables?.[field.name]?.type
                        }
                      >
                        {() => {
                          const kind = form.getFieldValue(['variables', field.name, 'type']) as VariableType;
                          if (kind !== 'array' && kind !== 'options') return null;
                          return (
                            <Form.Item
                              name={[field.name, 'extra']}
                              rules={[
                                required(kind === 'array' ? '表格列' : '可选项'),
                                ...(kind === 'array'
                                  ? [
                                      {
                                        pattern: FIELDS_PATTERN,
                                        message: '请按「字段名:列名, 字段名:列名」填写!',
                                      },
                                    ]
                                  : []),
                              ]}
                            >
                              <Input
                                placeholder={kind === 'array' ? 'sku:商品, qty:数量' : '选项一, 选项二'}
                                aria-label={kind === 'array' ? '表格列' : '可选项'}
                              />
                            </Form.Item>
                          );
                        }}
                      </Form.Item>
                    </Col>
                    <Col span={1}>
                      <Button
                        type="text"
                        aria-label="删除变量"
                        icon={<MinusCircleOutlined />}
                        onClick={() => remove(field.name)}
                      />
                    </Col>
                  </Row>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ type: 'text' })}
                  style={{ marginBottom: 16 }}
                >
                  添加变量
                </Button>
              </>
            )}
          </Form.List>
          <Form.Item name="bodyHtml" label="协议正文" rules={[required('协议正文')]}>
            <LazyEditor variables={variables} />
          </Form.Item>
        </Form>
      )}
      <Modal
        title="预览（示例数据）"
        open={preview !== null}
        onCancel={() => setPreview(null)}
        footer={null}
        width={820}
      >
        {preview !== null && <AgreementHtml html={preview} />}
      </Modal>
    </Drawer>
  );
}
