// 新建 / 编辑 a cooperation agreement (草稿/已驳回): party B, type, the published template it is made from,
// the period, annual and monthly targets, deposit and terms, and the template's own variables. The server
// fills the standard variables from these fields and keeps the template version.
import { useEffect, useState } from 'react';
import { Checkbox, Col, DatePicker, Divider, Form, Input, InputNumber, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  COOPERATION_TYPE,
  type CoopAgreementInput,
  type TemplateRecord,
  type VariableValues,
} from '../../../../common/agreements';
import { listTemplates, queryCoopAgreement, saveCoopAgreement } from '../../../api/agreements';
import { listCustomers } from '../../../api/customers';
import { EnumSelect, RemoteSelect, type RemoteOption } from '../../../components/form/EnumSelect';
import { required } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';

interface FormValues {
  partyBCustomerId: string;
  cooperationType: CoopAgreementInput['cooperationType'];
  templateId: string;
  period: [Dayjs, Dayjs];
  territory?: string;
  channels?: string;
  annualTargetAmount?: number | null;
  annualTargetCases?: number | null;
  monthlyTargets?: Array<number | null>;
  depositAmount?: number | null;
  creditLimit?: number | null;
  paymentTerms?: string;
  exclusivity?: boolean;
  penaltyTerms?: string;
  custom?: Record<string, string>;
}

const loadParties = (keyword?: string) => listCustomers({ pageSize: 50, status: 'ACTIVE', keyword });
const partyOption = (customer: {
  id: string;
  name: string;
  customerCode: string;
  customerType_dictText?: string;
}): RemoteOption => ({
  value: customer.id,
  label: `${customer.name}（${customer.customerCode}）`,
});

const MONTHS = Array.from({ length: 12 }, (_, index) => index);

export function CoopAgreementFormModal({
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
  const [templates, setTemplates] = useState<TemplateRecord[]>([]);
  const [partyOptions, setPartyOptions] = useState<RemoteOption[]>([]);
  const templateId = Form.useWatch('templateId', form);
  const template = templates.find((each) => each.id === templateId);

  useEffect(() => {
    if (!open) return;
    listTemplates({ pageSize: 200, agreementType: 'COOPERATION', status: 'PUBLISHED' })
      .then((answer) => answer.success && setTemplates(answer.result.records))
      .catch(() => setTemplates([]));
    if (!id) {
      form.resetFields();
      return;
    }
    queryCoopAgreement(id)
      .then((answer) => {
        if (!answer.success) return;
        const record = answer.result;
        setPartyOptions([
          { value: record.partyBCustomerId, label: `${record.partyBName}（${record.partyBCode}）` },
        ]);
        form.setFieldsValue({
          partyBCustomerId: record.partyBCustomerId,
          cooperationType: record.cooperationType,
          templateId: record.templateId,
          period: [dayjs(record.startDate), dayjs(record.endDate)],
          territory: record.territory ?? undefined,
          channels: record.channels ?? undefined,
          annualTargetAmount: record.annualTargetAmount,
          annualTargetCases: record.annualTargetCases,
          monthlyTargets: record.monthlyTargets.length ? record.monthlyTargets : undefined,
          depositAmount: record.depositAmount,
          creditLimit: record.creditLimit,
          paymentTerms: record.paymentTerms ?? undefined,
          exclusivity: record.exclusivity,
          penaltyTerms: record.penaltyTerms ?? undefined,
          custom: Object.fromEntries(
            Object.entries(record.variableValues)
              .filter(([, value]) => typeof value === 'string' || typeof value === 'number')
              .map(([name, value]) => [name, String(value)]),
          ),
        });
      })
      .catch(() => undefined);
  }, [open, id, form]);

  const submit = (values: FormValues) => {
    const monthly = (values.monthlyTargets ?? []).map((each) => each ?? 0);
    const custom: VariableValues = {};
    for (const variable of template?.variableSchema ?? []) {
      const value = values.custom?.[variable.name];
      if (variable.type !== 'array' && value !== undefined && value !== '') custom[variable.name] = value;
    }
    return saveCoopAgreement(id, {
      partyBCustomerId: values.partyBCustomerId,
      cooperationType: values.cooperationType,
      templateId: values.templateId,
      startDate: values.period[0].format('YYYY-MM-DD'),
      endDate: values.period[1].format('YYYY-MM-DD'),
      territory: values.territory?.trim() || null,
      channels: values.channels?.trim() || null,
      annualTargetAmount: values.annualTargetAmount ?? null,
      annualTargetCases: values.annualTargetCases ?? null,
      monthlyTargets: monthly.some((each) => each > 0) ? monthly : [],
      depositAmount: values.depositAmount ?? null,
      creditLimit: values.creditLimit ?? null,
      paymentTerms: values.paymentTerms?.trim() || null,
      exclusivity: values.exclusivity ?? false,
      penaltyTerms: values.penaltyTerms?.trim() || null,
      variableValues: custom,
    });
  };

  const money = { min: 0, max: 1e12, precision: 2, suffix: '元', style: { width: '100%' } } as const;
  return (
    <ModalForm<FormValues>
      title={id ? '编辑合作协议' : '新建合作协议'}
      open={open}
      onClose={onClose}
      onSubmit={submit}
      onSaved={onSaved}
      form={form}
      width={920}
      labelWidth={104}
      initialValues={{ cooperationType: 'DISTRIBUTION', exclusivity: false }}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="partyBCustomerId" label="乙方客户" rules={[required('乙方客户', '选择')]}>
            <RemoteSelect
              load={loadParties}
              toOption={partyOption}
              remoteSearch
              initialOptions={partyOptions}
              placeholder="搜索经销商、门店名称或编码"
            />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="cooperationType" label="合作类型" rules={[required('合作类型', '选择')]}>
            <EnumSelect labels={COOPERATION_TYPE} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="exclusivity" label="竞品禁售" valuePropName="checked">
            <Checkbox>禁售竞品</Checkbox>
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="templateId" label="协议模板" rules={[required('协议模板', '选择')]}>
            <Select
              placeholder="选择已发布的合作协议模板"
              options={templates.map((each) => ({
                value: each.id,
                label: `${each.name}（v${each.currentVersion}）`,
              }))}
              notFoundContent="暂无已发布的合作协议模板"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="period"
            label="协议期"
            rules={[{ required: true, type: 'array', message: '请选择协议期!' }]}
          >
            <DatePicker.RangePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="territory" label="授权区域" rules={[{ max: 200 }]}>
            <Input placeholder="如 成都市锦江区、青羊区" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="channels" label="授权渠道" rules={[{ max: 200 }]}>
            <Input placeholder="如 传统渠道、餐饮" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="annualTargetAmount" label="年度目标金额">
            <InputNumber {...money} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="annualTargetCases" label="年度目标箱数">
            <InputNumber {...money} precision={0} suffix="箱" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="depositAmount" label="保证金">
            <InputNumber {...money} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="creditLimit" label="信用额度">
            <InputNumber {...money} />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item name="paymentTerms" label="付款条件" rules={[{ max: 200 }]}>
            <Input placeholder="如 款到发货 / 月结30天" />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">月度目标金额（元，1–12 月）</Divider>
      <Row gutter={8}>
        {MONTHS.map((month) => (
          <Col span={4} key={month}>
            <Form.Item name={['monthlyTargets', month]} label={`${month + 1}月`}>
              <InputNumber min={0} max={1e12} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Form.Item name="penaltyTerms" label="违约条款" rules={[{ max: 2000 }]}>
        <Input.TextArea rows={3} />
      </Form.Item>
      {template && template.variableSchema.some((variable) => variable.type !== 'array') && (
        <>
          <Divider titlePlacement="start">模板变量</Divider>
          <Row gutter={16}>
            {template.variableSchema
              .filter((variable) => variable.type !== 'array')
              .map((variable) => (
                <Col span={12} key={variable.name}>
                  <Form.Item name={['custom', variable.name]} label={variable.label} rules={[{ max: 2000 }]}>
                    {variable.type === 'options' ? (
                      <Select
                        allowClear
                        options={(variable.options ?? []).map((option) => ({ value: option, label: option }))}
                      />
                    ) : (
                      <Input placeholder={variable.sample} />
                    )}
                  </Form.Item>
                </Col>
              ))}
          </Row>
        </>
      )}
    </ModalForm>
  );
}
