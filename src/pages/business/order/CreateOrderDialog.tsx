// The order form, in two modes. 新建订单 (业代代下单): the buyer, how they pay, and SKU lines in 箱 + 瓶.
// 修改重提 of a rejected order: the same form filled from the order (why it was rejected on top); its
// number, buyer and type stay, everything else is sent again — seller and rep as they were, receiver and
// freight as edited. Either way prices, promotions and totals are resolved by the server from the price
// lists, so the form asks for quantities only. 返利抵扣 and 金币抵扣 are asked for; the server says what may be used
// (the preview shows the outlet's coins under their field, and what is typed is checked against it).
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Space,
  Spin,
  Typography,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { coinsOfAmount } from '../../../../common/execution';
import {
  PAYMENT_METHOD,
  ORDER_TYPE,
  type OrderAddInput,
  type OrderDetail,
  type OrderResubmitInput,
} from '../../../../common/orders';
import type { PromotionPreview } from '../../../../common/promotions';
import { EnumSelect, RemoteSelect, type RemoteOption } from '../../../components/form/EnumSelect';
import { buyerOption, CartLineFields, loadBuyers, skuLabel } from './cartFields';
import { dialogOrderRequested, LOADING, type CommandRequest } from '../../../features/orders/slice';
import { selectDialogOrder } from '../../../features/orders/selectors';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { coinProblem, coinsHint, OrderPricePreview, previewInput } from '../promotion/OrderPricePreview';
import { OrderCommandModal } from './OrderCommandModal';
import type { OrderRef } from './useOrderDialogs';

interface LineValues {
  skuId?: string;
  cases?: number | null;
  units?: number | null;
  isGift?: boolean;
}

export interface OrderFormValues {
  /** 新建 only: a resubmitted order keeps its type and buyer. */
  orderType?: 'REP_PROXY' | 'DEALER_PURCHASE' | 'GIFT';
  buyerId?: string;
  paymentMethod: string;
  requestedDeliveryDate?: Dayjs;
  /** 修改重提 only: what the order had, as edited. */
  receiver?: { name?: string; mobile?: string; address?: string };
  freightAmount?: number | null;
  /** 返利抵扣 asked for (yuan); the server checks it against the account and the per-order cap. */
  rebateDeductAmount?: number | null;
  /** 金币抵扣 asked for (coins); the server checks it against the outlet's coins and the per-order cap. */
  coinDeductCoins?: number | null;
  buyerRemark?: string;
  internalRemark?: string;
  lines: LineValues[];
}

const CREATE_TYPES = {
  REP_PROXY: ORDER_TYPE.REP_PROXY,
  DEALER_PURCHASE: ORDER_TYPE.DEALER_PURCHASE,
  GIFT: ORDER_TYPE.GIFT,
};
const text = (value: string | undefined) => value?.trim() || null;

const toLines = (lines: LineValues[]): OrderAddInput['lines'] =>
  lines.map((line) => ({
    skuId: line.skuId as string,
    cases: line.cases ?? 0,
    units: line.units ?? 0,
    isGift: Boolean(line.isGift),
  }));

/** The deductions asked for, left out when none. */
const deductions = (values: OrderFormValues) => ({
  ...(values.rebateDeductAmount ? { rebateDeductAmount: values.rebateDeductAmount } : {}),
  ...(values.coinDeductCoins ? { coinDeductCoins: values.coinDeductCoins } : {}),
});

export function toAddInput(values: OrderFormValues): OrderAddInput {
  return {
    orderType: values.orderType,
    buyerId: values.buyerId as string,
    paymentMethod: values.paymentMethod as OrderAddInput['paymentMethod'],
    requestedDeliveryDate: values.requestedDeliveryDate?.format('YYYY-MM-DD') ?? null,
    ...deductions(values),
    buyerRemark: text(values.buyerRemark),
    internalRemark: text(values.internalRemark),
    lines: toLines(values.lines),
  };
}

/** 修改重提: the form's values for the order; seller and rep are kept as the order had them. */
export function toResubmitInput(order: OrderDetail, values: OrderFormValues): OrderResubmitInput {
  const receiver = values.receiver ?? {};
  return {
    id: order.id,
    sellerId: order.sellerId,
    salesRepId: order.salesRepId,
    paymentMethod: values.paymentMethod as OrderAddInput['paymentMethod'],
    requestedDeliveryDate: values.requestedDeliveryDate?.format('YYYY-MM-DD') ?? null,
    // Left empty, the server takes the buyer's contact and address again.
    receiver: {
      name: text(receiver.name) ?? undefined,
      mobile: text(receiver.mobile) ?? undefined,
      address: text(receiver.address) ?? undefined,
    },
    freightAmount: values.freightAmount ?? 0,
    ...deductions(values),
    buyerRemark: text(values.buyerRemark),
    internalRemark: text(values.internalRemark),
    lines: toLines(values.lines),
  };
}

/** The form filled from a rejected order: its lines split into 箱 and 瓶 again; a passed delivery date is left out. */
export function resubmitValues(order: OrderDetail): OrderFormValues {
  const wanted = order.requestedDeliveryDate ? dayjs(order.requestedDeliveryDate) : undefined;
  return {
    paymentMethod: order.paymentMethod,
    requestedDeliveryDate: wanted && !wanted.isBefore(dayjs(), 'day') ? wanted : undefined,
    receiver: {
      name: order.receiver.name ?? undefined,
      mobile: order.receiver.mobile ?? undefined,
      address: order.receiver.address ?? undefined,
    },
    freightAmount: Number(order.amounts.freightAmount) || 0,
    // Given back at the rejection: asked for again, checked again.
    rebateDeductAmount: Number(order.amounts.rebateDeductAmount) || undefined,
    coinDeductCoins: coinsOfAmount(order.amounts.coinDeductAmount) || undefined,
    buyerRemark: order.buyerRemark ?? undefined,
    internalRemark: order.internalRemark ?? undefined,
    lines: order.lines.map((line) => {
      const perCase = Math.max(1, line.sku.unitsPerCase);
      return {
        skuId: line.skuId,
        cases: Math.floor(line.baseQty / perCase),
        units: line.baseQty % perCase,
        isGift: line.isGift,
      };
    }),
  };
}

/** A deduction asked for: yuan (precision 2) or coins (0); empty is none. */
const DeductInput = (props: { precision: number }) => (
  <InputNumber min={0} max={99999999} style={{ width: 140 }} placeholder="不使用" {...props} />
);

const CREATE_VALUES: Partial<OrderFormValues> = { orderType: 'REP_PROXY', paymentMethod: 'COD', lines: [{}] };

/** 新建订单, or with `resubmit` the 修改重提 of that (rejected) order. */
export function CreateOrderDialog({ resubmit, onClose }: { resubmit?: OrderRef; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<OrderFormValues>();
  const loaded = useAppSelector(selectDialogOrder);
  const order = !resubmit || loaded === LOADING || loaded?.id !== resubmit.id ? null : loaded;
  useEffect(() => {
    if (resubmit) dispatch(dialogOrderRequested(resubmit.id));
  }, [dispatch, resubmit]);

  const waiting = Boolean(resubmit) && !order;
  const watchedBuyer = Form.useWatch('buyerId', form);
  const watchedType = Form.useWatch('orderType', form);
  const watchedLines = Form.useWatch('lines', form);
  const watchedRebate = Form.useWatch('rebateDeductAmount', form);
  const watchedCoins = Form.useWatch('coinDeductCoins', form);
  const cart = previewInput(
    order ? order.buyerId : watchedBuyer,
    order ? order.orderType : watchedType,
    watchedLines,
    watchedRebate,
    watchedCoins,
  );
  const [priced, setPriced] = useState<PromotionPreview | null>(null);
  const coins = cart ? priced?.coins : undefined;
  const initial = order ? resubmitValues(order) : CREATE_VALUES;
  // The order's SKUs are named as ordered, even one no longer on sale.
  const orderedSkus: RemoteOption[] =
    order?.lines.map((line) => ({ value: line.skuId, label: skuLabel(line.sku) })) ?? [];

  return (
    <OrderCommandModal<OrderFormValues>
      title={resubmit ? `修改重提 ${resubmit.orderNo}` : '新建订单'}
      open
      onClose={onClose}
      form={form}
      width={820}
      loading={waiting}
      extra={
        order && (
          <>
            {order.rejectReason && (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: 16 }}
                title={`驳回原因：${order.rejectReason}`}
              />
            )}
            <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
              <Descriptions.Item label="客户">{`${order.buyerName}（${order.buyerCode}）`}</Descriptions.Item>
              <Descriptions.Item label="订单类型">{order.orderType_dictText}</Descriptions.Item>
              <Descriptions.Item label="经销商">{order.sellerName ?? '品牌直供'}</Descriptions.Item>
              <Descriptions.Item label="业务员">{order.salesRepName ?? '—'}</Descriptions.Item>
            </Descriptions>
          </>
        )
      }
      actions={[
        {
          text: resubmit ? '重新提交' : '提交订单',
          check: (values) =>
            values.lines?.some((line) => !(line.cases || line.units))
              ? { error: '每行商品请填写箱数或瓶数!' }
              : null,
          toCommand: (values): CommandRequest =>
            order
              ? { kind: 'resubmit', payload: toResubmitInput(order, values) }
              : { kind: 'create', payload: toAddInput(values) },
        },
      ]}
    >
      {waiting ? (
        loaded === null ? (
          <Empty description="订单加载失败" />
        ) : (
          <Spin />
        )
      ) : (
        <>
          <Space wrap size={16} align="start">
            {!resubmit && (
              <Form.Item
                name="orderType"
                label="订单类型"
                initialValue={initial.orderType}
                rules={[{ required: true }]}
              >
                <EnumSelect labels={CREATE_TYPES} allowClear={false} style={{ width: 160 }} />
              </Form.Item>
            )}
            {!resubmit && (
              <Form.Item name="buyerId" label="客户" rules={[{ required: true, message: '请选择客户!' }]}>
                <RemoteSelect
                  load={loadBuyers}
                  toOption={buyerOption}
                  placeholder="搜索客户"
                  style={{ width: 280 }}
                />
              </Form.Item>
            )}
            <Form.Item
              name="paymentMethod"
              label="支付方式"
              initialValue={initial.paymentMethod}
              rules={[{ required: true, message: '请选择支付方式!' }]}
            >
              <EnumSelect labels={PAYMENT_METHOD} allowClear={false} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item
              name="requestedDeliveryDate"
              label="期望送达"
              initialValue={initial.requestedDeliveryDate}
            >
              <DatePicker disabledDate={(day) => day.isBefore(dayjs(), 'day')} />
            </Form.Item>
            {resubmit && (
              <Form.Item name="freightAmount" label="运费（元）" initialValue={initial.freightAmount}>
                <InputNumber min={0} precision={2} max={99999} style={{ width: 120 }} />
              </Form.Item>
            )}
          </Space>
          {resubmit && (
            <Space wrap size={16} align="start">
              <Form.Item name={['receiver', 'name']} label="收货人" initialValue={initial.receiver?.name}>
                <Input maxLength={32} style={{ width: 140 }} />
              </Form.Item>
              <Form.Item
                name={['receiver', 'mobile']}
                label="收货电话"
                initialValue={initial.receiver?.mobile}
                rules={[{ pattern: /^1\d{10}$/, message: '请输入11位手机号!' }]}
              >
                <Input maxLength={11} style={{ width: 150 }} />
              </Form.Item>
              <Form.Item
                name={['receiver', 'address']}
                label="收货地址"
                initialValue={initial.receiver?.address}
              >
                <Input maxLength={256} style={{ width: 420 }} />
              </Form.Item>
            </Space>
          )}
          <Typography.Paragraph type="secondary">
            价格、促销与应付金额由系统按价目表计算。
          </Typography.Paragraph>
          <Form.List
            name="lines"
            initialValue={initial.lines}
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
                    <CartLineFields
                      name={field.name}
                      index={index}
                      initialOptions={orderedSkus}
                      onRemove={fields.length > 1 ? () => remove(field.name) : undefined}
                    >
                      <Form.Item name={[field.name, 'isGift']} valuePropName="checked">
                        <Checkbox>赠品</Checkbox>
                      </Form.Item>
                    </CartLineFields>
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
                  添加商品
                </Button>
                <Form.ErrorList errors={errors} />
              </div>
            )}
          </Form.List>
          {(order ? order.orderType : watchedType) !== 'GIFT' && (
            <Space wrap size={16} align="start">
              <Form.Item
                name="rebateDeductAmount"
                label="返利抵扣（元）"
                initialValue={initial.rebateDeductAmount}
                tooltip="从客户返利账户抵扣货款，不超过可用余额和政策的单笔抵扣上限"
              >
                <DeductInput precision={2} />
              </Form.Item>
              <Form.Item
                name="coinDeductCoins"
                label="金币抵扣（金币）"
                initialValue={initial.coinDeductCoins}
                tooltip="从门店金币账户抵扣货款，不超过门店可用金币和单笔订单抵扣上限"
                extra={coins && coinsHint(coins)}
                rules={[
                  {
                    validator: (_rule, asked: number | null | undefined) => {
                      const problem = coinProblem(asked, coins);
                      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                    },
                  },
                ]}
              >
                <DeductInput precision={0} />
              </Form.Item>
            </Space>
          )}
          <OrderPricePreview input={cart} onPriced={setPriced} />
          <Form.Item
            name="buyerRemark"
            label="买家备注"
            initialValue={initial.buyerRemark}
            style={{ marginTop: 16 }}
          >
            <Input maxLength={256} />
          </Form.Item>
          <Form.Item name="internalRemark" label="内部备注" initialValue={initial.internalRemark}>
            <Input maxLength={256} />
          </Form.Item>
        </>
      )}
    </OrderCommandModal>
  );
}
