// 新建订单 (业代代下单): the buyer, how they pay, and SKU lines in 箱 + 瓶; prices, promotions and totals
// are resolved by the server from the price lists, so the form asks for quantities only.
import { Button, Checkbox, DatePicker, Form, Input, InputNumber, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { PAYMENT_METHOD, ORDER_TYPE, type OrderAddInput } from '../../../../common/orders';
import { listCustomers, type Customer } from '../../../api/customers';
import { listSkus, type Sku } from '../../../api/products';
import { EnumSelect, RemoteSelect } from '../../../components/form/EnumSelect';
import { OrderCommandModal } from './OrderCommandModal';

interface LineValues {
  skuId?: string;
  cases?: number | null;
  units?: number | null;
  isGift?: boolean;
}

interface CreateValues {
  orderType: 'REP_PROXY' | 'DEALER_PURCHASE' | 'GIFT';
  buyerId: string;
  paymentMethod: string;
  requestedDeliveryDate?: Dayjs;
  buyerRemark?: string;
  internalRemark?: string;
  lines: LineValues[];
}

const CREATE_TYPES = {
  REP_PROXY: ORDER_TYPE.REP_PROXY,
  DEALER_PURCHASE: ORDER_TYPE.DEALER_PURCHASE,
  GIFT: ORDER_TYPE.GIFT,
};
const loadBuyers = (keyword?: string) =>
  listCustomers({ pageSize: 50, status: 'ACTIVE', auditStatus: 'APPROVED', keyword });
const buyerOption = (customer: Customer) => ({
  value: customer.id,
  label: `${customer.name}（${customer.customerType_dictText}）`,
});
const loadSkus = () => listSkus({ pageSize: 200, status: 'ON_SALE' });
const skuOption = (sku: Sku) => ({
  value: sku.id,
  label: `${sku.name}（${sku.unitsPerCase}${sku.baseUnit}/${sku.saleUnit}）`,
});

export function toAddInput(values: CreateValues): OrderAddInput {
  return {
    orderType: values.orderType,
    buyerId: values.buyerId,
    paymentMethod: values.paymentMethod as OrderAddInput['paymentMethod'],
    requestedDeliveryDate: values.requestedDeliveryDate?.format('YYYY-MM-DD') ?? null,
    buyerRemark: values.buyerRemark?.trim() || null,
    internalRemark: values.internalRemark?.trim() || null,
    lines: values.lines.map((line) => ({
      skuId: line.skuId as string,
      cases: line.cases ?? 0,
      units: line.units ?? 0,
      isGift: Boolean(line.isGift),
    })),
  };
}

export function CreateOrderDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<CreateValues>();
  return (
    <OrderCommandModal<CreateValues>
      title="新建订单"
      open
      onClose={onClose}
      form={form}
      width={820}
      actions={[
        {
          text: '提交订单',
          check: (values) =>
            values.lines?.some((line) => !(line.cases || line.units))
              ? { error: '每行商品请填写箱数或瓶数' }
              : null,
          toCommand: (values) => ({ kind: 'create', payload: toAddInput(values) }),
        },
      ]}
    >
      <Space wrap size={16} align="start">
        <Form.Item name="orderType" label="订单类型" initialValue="REP_PROXY" rules={[{ required: true }]}>
          <EnumSelect labels={CREATE_TYPES} allowClear={false} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="buyerId" label="客户" rules={[{ required: true, message: '请选择客户' }]}>
          <RemoteSelect
            load={loadBuyers}
            toOption={buyerOption}
            placeholder="搜索客户"
            style={{ width: 280 }}
          />
        </Form.Item>
        <Form.Item
          name="paymentMethod"
          label="支付方式"
          initialValue="COD"
          rules={[{ required: true, message: '请选择支付方式' }]}
        >
          <EnumSelect labels={PAYMENT_METHOD} allowClear={false} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="requestedDeliveryDate" label="期望送达">
          <DatePicker disabledDate={(day) => day.isBefore(dayjs(), 'day')} />
        </Form.Item>
      </Space>
      <Typography.Text type="secondary">价格、促销与应付金额由系统按价目表计算。</Typography.Text>
      <Form.List
        name="lines"
        initialValue={[{}]}
        rules={[
          {
            validator: (_rule, lines: LineValues[] | undefined) =>
              lines?.length ? Promise.resolve() : Promise.reject(new Error('请至少添加一个商品')),
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <div style={{ marginTop: 8 }}>
            {fields.map((field, index) => (
              <Space key={field.key} align="baseline" wrap style={{ display: 'flex' }}>
                <Form.Item
                  name={[field.name, 'skuId']}
                  rules={[{ required: true, message: '请选择商品' }]}
                  label={index === 0 ? '商品' : undefined}
                >
                  <RemoteSelect
                    load={loadSkus}
                    toOption={skuOption}
                    placeholder="选择商品"
                    style={{ width: 300 }}
                    aria-label={`第 ${index + 1} 行商品`}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'cases']} label={index === 0 ? '箱' : undefined}>
                  <InputNumber min={0} precision={0} max={99999} aria-label={`第 ${index + 1} 行箱数`} />
                </Form.Item>
                <Form.Item name={[field.name, 'units']} label={index === 0 ? '瓶' : undefined}>
                  <InputNumber min={0} precision={0} max={99999} aria-label={`第 ${index + 1} 行瓶数`} />
                </Form.Item>
                <Form.Item name={[field.name, 'isGift']} valuePropName="checked">
                  <Checkbox>赠品</Checkbox>
                </Form.Item>
                {fields.length > 1 && (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label="删除此行"
                    onClick={() => remove(field.name)}
                  />
                )}
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
              添加商品
            </Button>
            <Form.ErrorList errors={errors} />
          </div>
        )}
      </Form.List>
      <Form.Item name="buyerRemark" label="买家备注" style={{ marginTop: 16 }}>
        <Input maxLength={256} />
      </Form.Item>
      <Form.Item name="internalRemark" label="内部备注">
        <Input maxLength={256} />
      </Form.Item>
    </OrderCommandModal>
  );
}
