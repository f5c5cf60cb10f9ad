// 新增/编辑客户: one form for dealers and outlets. The type decides the sections: an outlet has its 业态,
// supplying dealer and delivery; a dealer-like party its trading terms (合作阶段, 结算, 信用, ERP). Editing
// loads the record first (with its version, so a change made meanwhile is refused, not overwritten).
import { useEffect, useState } from 'react';
import { Col, Divider, Form, Input, InputNumber, Row, Spin } from 'antd';
import {
  CHANNEL,
  CUSTOMER_LEVEL,
  CUSTOMER_TYPE,
  DELIVERY_MODE,
  ERP_TYPE,
  PARTNER_STAGE,
  SETTLEMENT_METHOD,
  VISIT_CYCLE,
} from '../../../../common/businessEnums';
import { addCustomer, customerById, editCustomer, type CustomerPayload } from '../../../api/customers';
import { DictSelect } from '../../../components/DictSelect';
import { RegionFields } from '../../../components/region/RegionPicker';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { mobileRule, required } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { DealerSelect } from './CustomerCommandModals';

type CustomerValues = Omit<CustomerPayload, 'id' | 'version'>;

/** The types that supply outlets and carry trading terms (the server's SUPPLIER_TYPES). */
export const SUPPLIER_TYPES = ['DEALER', 'SUB_DISTRIBUTOR', 'WHOLESALER'];

const CREDIT_CODE_RULE = {
  pattern: /^[0-9A-HJ-NPQRTUWXY]{18}$/,
  message: '统一社会信用代码为18位数字或大写字母!',
};

/** Empty inputs go to the server as null (a cleared field clears the column). */
function toPayload(values: CustomerValues): CustomerValues {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'string' ? value.trim() || null : (value ?? null),
    ]),
  ) as unknown as CustomerValues;
}

export function CustomerFormModal({
  customerId,
  open,
  onClose,
  onSaved,
}: {
  /** null: a new customer. */
  customerId: string | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<CustomerValues>();
  const [version, setVersion] = useState<number | undefined>();
  const [loading, setLoading] = useState(false);
  const customerType = Form.useWatch('customerType', form);
  const isSupplier = SUPPLIER_TYPES.includes(customerType ?? '');
  const isOutlet = customerType === 'OUTLET';

  useEffect(() => {
    if (!open || !customerId) return;
    let current = true;
    setLoading(true);
    customerById(customerId)
      .then((answer) => {
        if (!current || !answer.success) return;
        const { version: loaded, ...record } = answer.result;
        setVersion(loaded);
        form.setFieldsValue({
          ...record,
          lng: record.lng == null ? null : Number(record.lng),
          lat: record.lat == null ? null : Number(record.lat),
          areaSqm: record.areaSqm == null ? null : Number(record.areaSqm),
          creditLimit: record.creditLimit == null ? null : Number(record.creditLimit),
        });
      })
      .catch(() => undefined)
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [open, customerId, form]);

  return (
    <ModalForm<CustomerValues>
      title={customerId ? '编辑客户' : '新增客户'}
      open={open}
      onClose={onClose}
      onSaved={onSaved}
      form={form}
      width={860}
      initialValues={customerId ? undefined : { customerType: 'OUTLET', channel: 'TT' }}
      onSubmit={(values) => {
        const body = toPayload(values);
        // The code is optional on create (the server numbers it) but never cleared.
        if (!body.customerCode) delete body.customerCode;
        if (!SUPPLIER_TYPES.includes(body.customerType)) {
          Object.assign(body, {
            partnerStage: null,
            settlementMethod: null,
            creditLimit: null,
            creditDays: null,
            erpType: null,
            erpCustomerCode: null,
          });
        } else {
          Object.assign(body, { servingDealerId: null, outletType: null, deliveryMode: null });
        }
        return customerId ? editCustomer({ ...body, id: customerId, version }) : addCustomer(body);
      }}
    >
      <Spin spinning={loading}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="customerType" label="客户类型" rules={[required('客户类型', '选择')]}>
              <EnumSelect
                labels={CUSTOMER_TYPE}
                allowClear={false}
                disabled={Boolean(customerId)}
                placeholder="请选择客户类型"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="customerCode"
              label="客户编码"
              extra={customerId ? undefined : '不填则自动编号'}
              rules={[
                { pattern: /^[A-Za-z0-9_-]{1,32}$/, message: '客户编码只能是字母、数字、- 或 _，最多32位!' },
              ]}
            >
              <Input placeholder="如 S0000123" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="name" label="客户名称" rules={[required('客户名称')]}>
              <Input placeholder="请输入客户名称" maxLength={128} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="shortName" label="简称">
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="channel" label="渠道" rules={[required('渠道', '选择')]}>
              <EnumSelect labels={CHANNEL} allowClear={false} placeholder="请选择渠道" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="level" label="等级">
              <EnumSelect labels={CUSTOMER_LEVEL} placeholder="未分级" />
            </Form.Item>
          </Col>
          {isOutlet && (
            <>
              <Col xs={24} md={12}>
                <Form.Item name="outletType" label="业态" rules={[required('业态', '选择')]}>
                  <DictSelect dictCode="outlet_type" placeholder="请选择业态" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="deliveryMode" label="配送模式">
                  <EnumSelect labels={DELIVERY_MODE} placeholder="请选择配送模式" />
                </Form.Item>
              </Col>
            </>
          )}
          {!isSupplier && (
            <Col xs={24} md={12}>
              <Form.Item name="servingDealerId" label="供货经销商">
                <DealerSelect />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={12}>
            <Form.Item name="visitCycle" label="拜访频次">
              <EnumSelect labels={VISIT_CYCLE} placeholder="请选择拜访频次" />
            </Form.Item>
          </Col>
        </Row>
        <Divider plain titlePlacement="start">
          地址与联系人
        </Divider>
        <Row gutter={16}>
          <Col xs={24}>
            <RegionFields names={['provinceCode', 'cityCode', 'districtCode']} label="所在地区" />
          </Col>
          <Col xs={24}>
            <Form.Item name="address" label="详细地址" rules={isOutlet ? [required('详细地址')] : []}>
              <Input maxLength={256} placeholder="请输入详细地址" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="lng"
              label="经度"
              dependencies={['lat']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_rule, value: unknown) =>
                    (value == null) === (getFieldValue('lat') == null)
                      ? Promise.resolve()
                      : Promise.reject(new Error('经度和纬度须同时填写')),
                }),
              ]}
            >
              <InputNumber
                min={-180}
                max={180}
                precision={6}
                placeholder="经度（GCJ-02）"
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="lat" label="纬度">
              <InputNumber
                min={-90}
                max={90}
                precision={6}
                placeholder="纬度（GCJ-02）"
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="contactName" label="联系人">
              <Input maxLength={32} placeholder="联系人姓名" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="contactMobile" label="联系电话" rules={[mobileRule]}>
              <Input maxLength={11} placeholder="联系人手机号" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="bossName" label="老板">
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="bossMobile" label="老板电话" rules={[mobileRule]}>
              <Input maxLength={11} placeholder="老板手机号" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="businessLicenseNo" label="信用代码" rules={[CREDIT_CODE_RULE]}>
              <Input maxLength={18} placeholder="统一社会信用代码" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="areaSqm" label="面积">
              <InputNumber min={0} max={1000000} precision={1} suffix="㎡" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        {isSupplier && (
          <>
            <Divider plain titlePlacement="start">
              经销商档案
            </Divider>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name="partnerStage" label="合作阶段">
                  <EnumSelect labels={PARTNER_STAGE} placeholder="已签约" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="settlementMethod" label="结算方式">
                  <EnumSelect labels={SETTLEMENT_METHOD} placeholder="请选择结算方式" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="creditLimit" label="信用额度">
                  <InputNumber
                    min={0}
                    max={999999999999}
                    precision={2}
                    prefix="¥"
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="creditDays" label="账期天数">
                  <InputNumber min={0} max={365} precision={0} suffix="天" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="erpType" label="ERP类型">
                  <EnumSelect labels={ERP_TYPE} placeholder="请选择ERP" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="erpCustomerCode" label="ERP客户编码">
                  <Input maxLength={64} />
                </Form.Item>
              </Col>
            </Row>
          </>
        )}
      </Spin>
    </ModalForm>
  );
}
