// 新建模板 / 编辑 a 草稿 version of a 评分模板 (DOMAIN §1.4): the header (code, name, scope by channel and outlet
// type, validity, total and pass score, the coin rule's tiers and monthly cap) and the check items in order, each
// with its input type, score, scoring rule and the rule's parameters (达标数量, 每缺扣分, 选项), veto and photo
// flags. The form checks what the server checks (the items add up to the total, the pass score and the coin
// tiers within it, what each input type needs) and the server's refusal shows above the fields. An active or
// retired version is never edited: 新版本 copies it into a draft first (the list does that).
import {
  Button,
  Checkbox,
  DatePicker,
  Divider,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Typography,
  type FormInstance,
} from 'antd';
import type { RuleRender } from 'antd/es/form';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { CHANNEL, OUTLET_TYPES } from '../../../../common/businessEnums';
import {
  AI_DETECT_TYPE,
  INPUT_TYPE,
  ITEM_CATEGORY,
  SCORING_RULE,
  type CoinTier,
  type InputType,
  type TemplateInput,
  type TemplateItemInput,
} from '../../../../common/execution';
import {
  addTemplate,
  editTemplate,
  templateById,
  type ExecutionTemplateDetail,
} from '../../../api/execution';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { required, requiredChoices, requiredNumber } from '../../../components/form/fieldRules';
import { ModalForm, useRecordValues } from '../../../components/form/ModalForm';

type ItemRow = Partial<TemplateItemInput>;

export interface TemplateFormValues {
  code: string;
  name: string;
  channels?: string[];
  outletTypes?: string[];
  validity?: [Dayjs | null, Dayjs | null] | null;
  totalScore: number;
  passScore: number;
  tiers?: Array<Partial<CoinTier>>;
  monthlyCap: number;
  remark?: string | null;
  items?: ItemRow[];
}

const NEW_ITEM: ItemRow = { inputType: 'YES_NO', scoringRule: 'ALL_OR_NOTHING', isVeto: false };

const NEW_VALUES: Partial<TemplateFormValues> = {
  totalScore: 100,
  passScore: 80,
  tiers: [
    { minScore: 90, coins: 50 },
    { minScore: 80, coins: 30 },
  ],
  monthlyCap: 200,
  items: [NEW_ITEM],
};

/** Proportional and per-miss scoring count a number against 达标数量; other inputs are met or not. */
const RULES_OF_NUMBER_ONLY = new Set(['PROPORTIONAL', 'DEDUCT_PER_MISS']);
const takesPhoto = (inputType: InputType | undefined) => inputType === 'PHOTO' || inputType === 'PHOTO_AI';
const OUTLET_TYPE_OPTIONS = OUTLET_TYPES.map((type) => ({ value: type, label: type }));

const round2 = (value: number) => Math.round(value * 100) / 100;
/** The sum of the items' scores, as the server computes the total. */
export const itemsTotal = (items: ItemRow[] | undefined) =>
  round2((items ?? []).reduce((sum, item) => sum + (item?.maxScore ?? 0), 0));

/** The item's requirement holds only the parameters its input type and scoring rule use. */
function requirementOf(item: ItemRow): TemplateItemInput['requirement'] {
  const given = item.requirement ?? {};
  if (item.inputType === 'NUMBER')
    return {
      min: given.min,
      ...(item.scoringRule === 'DEDUCT_PER_MISS' && given.deductPerMiss != null
        ? { deductPerMiss: given.deductPerMiss }
        : {}),
    };
  if (item.inputType === 'SELECT') return { options: given.options, passOptions: given.passOptions };
  return {};
}

/** The form's values as the server takes them. */
export function toTemplateInput(values: TemplateFormValues): TemplateInput {
  const [from, to] = values.validity ?? [null, null];
  return {
    code: values.code.trim(),
    name: values.name.trim(),
    channels: values.channels ?? [],
    outletTypes: values.outletTypes ?? [],
    passScore: values.passScore,
    coinRule: {
      tiers: (values.tiers ?? []).map((tier) => ({ minScore: tier.minScore ?? 0, coins: tier.coins ?? 0 })),
      monthlyCap: values.monthlyCap,
    },
    validFrom: from ? from.format('YYYY-MM-DD') : null,
    validTo: to ? to.format('YYYY-MM-DD') : null,
    remark: values.remark?.trim() || null,
    items: (values.items ?? []).map((item) => ({
      code: (item.code ?? '').trim(),
      name: (item.name ?? '').trim(),
      category: item.category!,
      inputType: item.inputType!,
      aiDetectType: item.inputType === 'PHOTO_AI' ? (item.aiDetectType ?? null) : null,
      requirement: requirementOf(item),
      maxScore: item.maxScore ?? 0,
      scoringRule: item.inputType === 'NUMBER' ? item.scoringRule! : 'ALL_OR_NOTHING',
      isVeto: Boolean(item.isVeto),
      photoRequired: takesPhoto(item.inputType) || Boolean(item.photoRequired),
    })),
  };
}

export function formValuesOf(detail: ExecutionTemplateDetail): TemplateFormValues {
  return {
    code: detail.code,
    name: detail.name,
    channels: detail.channels,
    outletTypes: detail.outletTypes,
    validity:
      detail.validFrom || detail.validTo
        ? [detail.validFrom ? dayjs(detail.validFrom) : null, detail.validTo ? dayjs(detail.validTo) : null]
        : null,
    totalScore: detail.totalScore,
    passScore: detail.passScore,
    tiers: detail.coinRule.tiers,
    monthlyCap: detail.coinRule.monthlyCap,
    remark: detail.remark,
    items: detail.items.map((item) => ({
      code: item.code,
      name: item.name,
      category: item.category,
      inputType: item.inputType,
      aiDetectType: item.aiDetectType,
      requirement: item.requirement,
      maxScore: item.maxScore,
      scoringRule: item.scoringRule,
      isVeto: item.isVeto,
      photoRequired: item.photoRequired,
    })),
  };
}

const totalMatchesItems: RuleRender = ({ getFieldValue }) => ({
  validator: async (_rule, total: number | undefined) => {
    const sum = itemsTotal(getFieldValue('items') as ItemRow[] | undefined);
    if (typeof total === 'number' && sum !== total) throw new Error(`检查项分值合计 ${sum} 分，应等于总分!`);
  },
});

const withinTotal =
  (what: string): RuleRender =>
  ({ getFieldValue }) => ({
    validator: async (_rule, score: number | undefined) => {
      const total = getFieldValue('totalScore') as number | undefined;
      if (typeof score === 'number' && typeof total === 'number' && score > total)
        throw new Error(`${what}不能高于总分!`);
    },
  });

const uniqueItemCode: RuleRender = ({ getFieldValue }) => ({
  validator: async (_rule, code: string | undefined) => {
    const codes = ((getFieldValue('items') as ItemRow[] | undefined) ?? []).map((item) => item?.code?.trim());
    if (code?.trim() && codes.filter((each) => each === code.trim()).length > 1)
      throw new Error('检查项编码不能重复!');
  },
});

const positiveScore = { type: 'number', min: 0.01, message: '分值须大于0!' } as const;

/** The columns above the item rows (the fields carry no labels of their own). */
const ITEM_COLUMNS: Array<[string, number]> = [
  ['#', 24],
  ['编码', 100],
  ['名称', 190],
  ['分类', 100],
  ['采集方式', 170],
  ['分值', 90],
  ['计分方式', 110],
];

/** 达标数量 and 每缺扣分 for a number, the options for a choice, the scene for photo recognition. */
function ItemParameters({ form, name }: { form: FormInstance<TemplateFormValues>; name: number }) {
  const item = (Form.useWatch(['items', name], form) ?? {}) as ItemRow;
  const options = item.requirement?.options ?? [];
  if (item.inputType === 'NUMBER')
    return (
      <Space wrap align="baseline">
        <Form.Item
          name={[name, 'requirement', 'min']}
          label="达标数量"
          rules={[requiredNumber('达标数量'), { type: 'number', min: 0.01, message: '达标数量须大于0!' }]}
        >
          <InputNumber min={0} style={{ width: 100 }} />
        </Form.Item>
        {item.scoringRule === 'DEDUCT_PER_MISS' && (
          <Form.Item
            name={[name, 'requirement', 'deductPerMiss']}
            label="每缺扣分"
            tooltip="不填时按 分值 ÷ 达标数量 扣分"
          >
            <InputNumber min={0} max={1000} style={{ width: 100 }} />
          </Form.Item>
        )}
      </Space>
    );
  if (item.inputType === 'SELECT')
    return (
      <Space wrap align="baseline">
        <Form.Item
          name={[name, 'requirement', 'options']}
          label="可选项"
          rules={[{ required: true, type: 'array', min: 1, message: '请输入可选项!' }]}
        >
          <Select mode="tags" open={false} placeholder="输入后回车" style={{ width: 320 }} />
        </Form.Item>
        <Form.Item
          name={[name, 'requirement', 'passOptions']}
          label="达标选项"
          dependencies={[['items', name, 'requirement', 'options']]}
          rules={[
            requiredChoices('达标选项'),
            {
              validator: async (_rule, chosen: string[] | undefined) => {
                if ((chosen ?? []).some((each) => !options.includes(each)))
                  throw new Error('达标选项须在可选项之中!');
              },
            },
          ]}
        >
          <Select
            mode="multiple"
            style={{ width: 260 }}
            options={options.map((option) => ({ value: option, label: option }))}
          />
        </Form.Item>
      </Space>
    );
  if (item.inputType === 'PHOTO_AI')
    return (
      <Form.Item
        name={[name, 'aiDetectType']}
        label="识别场景"
        extra="图像识别未接入，此项由审核人评分"
        rules={[required('识别场景', '选择')]}
      >
        <EnumSelect labels={AI_DETECT_TYPE} style={{ width: 120 }} />
      </Form.Item>
    );
  return null;
}

function ItemList({ form }: { form: FormInstance<TemplateFormValues> }) {
  const items = Form.useWatch('items', form);
  return (
    <Form.List
      name="items"
      rules={[
        {
          validator: async (_rule, rows: ItemRow[] | undefined) => {
            if (!rows?.length) throw new Error('请至少添加一个检查项!');
          },
        },
      ]}
    >
      {(fields, { add, remove, move }, { errors }) => (
        <>
          <Space size={8} style={{ display: 'flex', marginBottom: 4 }}>
            {ITEM_COLUMNS.map(([title, width]) => (
              <Typography.Text key={title} type="secondary" style={{ display: 'inline-block', width }}>
                {title}
              </Typography.Text>
            ))}
          </Space>
          {fields.map((field, index) => {
            const inputType = items?.[field.name]?.inputType;
            return (
              <div
                key={field.key}
                role="group"
                aria-label={`检查项 ${index + 1}`}
                style={{ borderBottom: '1px solid rgba(5, 5, 5, 0.06)', marginBottom: 8 }}
              >
                <Space size={8} align="baseline" wrap>
                  <Typography.Text style={{ display: 'inline-block', width: 24 }}>
                    {index + 1}
                  </Typography.Text>
                  <Form.Item
                    name={[field.name, 'code']}
                    rules={[required('检查项编码'), uniqueItemCode]}
                    style={{ marginBottom: 8 }}
                  >
                    <Input
                      maxLength={32}
                      placeholder="如 FACE4"
                      aria-label="检查项编码"
                      style={{ width: 100 }}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'name']}
                    rules={[required('检查项名称')]}
                    style={{ marginBottom: 8 }}
                  >
                    <Input
                      maxLength={64}
                      placeholder="如 排面数≥4"
                      aria-label="检查项名称"
                      style={{ width: 190 }}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'category']}
                    rules={[required('分类', '选择')]}
                    style={{ marginBottom: 8 }}
                  >
                    <EnumSelect labels={ITEM_CATEGORY} aria-label="分类" style={{ width: 100 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'inputType']}
                    rules={[required('采集方式', '选择')]}
                    style={{ marginBottom: 8 }}
                  >
                    <EnumSelect
                      labels={INPUT_TYPE}
                      allowClear={false}
                      aria-label="采集方式"
                      style={{ width: 170 }}
                      onChange={(next: string) => {
                        if (next !== 'NUMBER')
                          form.setFieldValue(['items', field.name, 'scoringRule'], 'ALL_OR_NOTHING');
                        if (takesPhoto(next as InputType))
                          form.setFieldValue(['items', field.name, 'photoRequired'], true);
                      }}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'maxScore']}
                    rules={[requiredNumber('分值'), positiveScore]}
                    style={{ marginBottom: 8 }}
                  >
                    <InputNumber min={0} max={1000} aria-label="分值" style={{ width: 90 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'scoringRule']}
                    rules={[required('计分方式', '选择')]}
                    style={{ marginBottom: 8 }}
                  >
                    <Select
                      aria-label="计分方式"
                      style={{ width: 110 }}
                      options={Object.entries(SCORING_RULE).map(([value, label]) => ({
                        value,
                        label,
                        disabled: inputType !== 'NUMBER' && RULES_OF_NUMBER_ONLY.has(value),
                      }))}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'isVeto']}
                    valuePropName="checked"
                    style={{ marginBottom: 8 }}
                  >
                    <Checkbox>一票否决</Checkbox>
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'photoRequired']}
                    valuePropName="checked"
                    style={{ marginBottom: 8 }}
                  >
                    <Checkbox disabled={takesPhoto(inputType)}>必须拍照</Checkbox>
                  </Form.Item>
                  <Space size={0}>
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowUpOutlined />}
                      aria-label={`上移检查项 ${index + 1}`}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    />
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowDownOutlined />}
                      aria-label={`下移检查项 ${index + 1}`}
                      disabled={index === fields.length - 1}
                      onClick={() => move(index, index + 1)}
                    />
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`删除检查项 ${index + 1}`}
                      onClick={() => remove(field.name)}
                    />
                  </Space>
                </Space>
                <div style={{ paddingLeft: 32 }}>
                  <ItemParameters form={form} name={field.name} />
                </div>
              </div>
            );
          })}
          <Form.ErrorList errors={errors} />
          <Space align="baseline" size={16}>
            {fields.length < 50 && (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(NEW_ITEM)}>
                添加检查项
              </Button>
            )}
            <Typography.Text type="secondary">检查项分值合计 {itemsTotal(items)} 分</Typography.Text>
          </Space>
        </>
      )}
    </Form.List>
  );
}

function CoinTiers() {
  return (
    <Form.List name="tiers">
      {(fields, { add, remove }) => (
        <Space wrap align="baseline">
          {fields.map((field, index) => (
            <Space key={field.key} size={4} align="baseline">
              <Form.Item
                name={[field.name, 'minScore']}
                dependencies={['totalScore']}
                rules={[requiredNumber('档位分数'), withinTotal('档位分数')]}
              >
                <InputNumber
                  min={0}
                  max={1000}
                  prefix="≥"
                  suffix="分"
                  aria-label={`第 ${index + 1} 档分数`}
                  style={{ width: 100 }}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'coins']} rules={[requiredNumber('金币数')]}>
                <InputNumber
                  min={0}
                  max={100000}
                  precision={0}
                  suffix="金币"
                  aria-label={`第 ${index + 1} 档金币`}
                  style={{ width: 110 }}
                />
              </Form.Item>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`删除第 ${index + 1} 档`}
                onClick={() => remove(field.name)}
              />
            </Space>
          ))}
          {fields.length < 10 && (
            <Button icon={<PlusOutlined />} onClick={() => add({})}>
              添加一档
            </Button>
          )}
        </Space>
      )}
    </Form.List>
  );
}

/** 新建模板 (`id` undefined) or 编辑 a draft version. */
export function TemplateFormModal({
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
  const [form] = Form.useForm<TemplateFormValues>();
  const items = Form.useWatch('items', form);
  useRecordValues(form, open, id, templateById, formValuesOf);

  return (
    <ModalForm<TemplateFormValues>
      title={id ? '编辑评分模板' : '新建评分模板'}
      open={open}
      onClose={onClose}
      onSaved={onSaved}
      form={form}
      width={1200}
      initialValues={id ? undefined : NEW_VALUES}
      onSubmit={(values) =>
        id ? editTemplate(id, toTemplateInput(values)) : addTemplate(toTemplateInput(values))
      }
    >
      <Space wrap size={16}>
        <Form.Item name="code" label="模板编码" rules={[required('模板编码')]}>
          <Input maxLength={32} disabled={Boolean(id)} placeholder="如 EXE-STD" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="name" label="模板名称" rules={[required('模板名称')]}>
          <Input maxLength={64} placeholder="如 标准门店执行" style={{ width: 260 }} />
        </Form.Item>
        <Form.Item name="validity" label="有效期">
          <DatePicker.RangePicker allowEmpty={[true, true]} placeholder={['不限', '不限']} />
        </Form.Item>
      </Space>
      <Space wrap size={16}>
        <Form.Item name="channels" label="适用渠道">
          <EnumSelect labels={CHANNEL} mode="multiple" placeholder="全部渠道" style={{ width: 260 }} />
        </Form.Item>
        <Form.Item name="outletTypes" label="适用业态">
          <Select
            mode="multiple"
            allowClear
            placeholder="全部业态"
            style={{ width: 360 }}
            options={OUTLET_TYPE_OPTIONS}
          />
        </Form.Item>
      </Space>
      <Space wrap size={16}>
        <Form.Item
          name="totalScore"
          label="总分"
          dependencies={(items ?? []).map((_item, index) => ['items', index, 'maxScore'])}
          rules={[requiredNumber('总分'), positiveScore, totalMatchesItems]}
        >
          <InputNumber min={0} max={1000} style={{ width: 100 }} />
        </Form.Item>
        <Form.Item
          name="passScore"
          label="及格分"
          dependencies={['totalScore']}
          rules={[requiredNumber('及格分'), withinTotal('及格分')]}
        >
          <InputNumber min={0} max={1000} style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="monthlyCap" label="每月上限" rules={[requiredNumber('每店每月金币上限')]}>
          <InputNumber min={0} max={1000000} precision={0} suffix="金币/店" style={{ width: 140 }} />
        </Form.Item>
      </Space>
      <Form.Item label="金币规则" extra="通过审核的结果按达到的最高一档发放金币">
        <CoinTiers />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input.TextArea maxLength={256} rows={1} />
      </Form.Item>
      <Divider titlePlacement="start">检查项</Divider>
      <ItemList form={form} />
    </ModalForm>
  );
}
