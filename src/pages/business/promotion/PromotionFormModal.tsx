// 新建/编辑促销: one form in the sections of the 编辑向导 (DOMAIN §1.7) — 基本信息, 适用客户, 商品与阶梯,
// 预算与限制, 互斥/叠加. Saved as a draft; 提交 in the list sends it to the 审批中心. The server checks what the
// fields cannot (a gift for a gift tier, a budget for a budget type, the period in order). The tiers offer the
// thresholds and benefits the type allows (tierRulesOf); a 组合套餐 takes its items instead of a product scope,
// a 累计返 says what its threshold accumulates.
import { useEffect, type ReactNode } from 'react';
import { Alert, Checkbox, DatePicker, Divider, Form, Input, InputNumber, Select, Space, Button } from 'antd';
import type { FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { CHANNEL, CUSTOMER_LEVEL, OUTLET_TYPES } from '../../../../common/businessEnums';
import {
  APPLY_LEVEL,
  AUDIENCE,
  BENEFIT_TYPE,
  BUDGET_TYPE,
  COST_BEARER,
  PROMO_TYPE,
  THRESHOLD_TYPE,
  tierRulesOf,
  type BundleItem,
  type PromoType,
  type PromotionDetail,
  type PromotionInput,
  type PromotionTier,
} from '../../../../common/promotions';
import { listLabels } from '../../../api/customers';
import { listBrands, listCategories } from '../../../api/products';
import { addPromotion, editPromotion, listPromotionGroups, queryPromotion } from '../../../api/promotions';
import {
  EnumSelect,
  optionByName,
  RemoteSelect,
  type RemoteOption,
} from '../../../components/form/EnumSelect';
import { required, requiredNumber } from '../../../components/form/fieldRules';
import { ModalForm, useRecordValues } from '../../../components/form/ModalForm';
import { OrgPicker } from '../../../components/form/OrgPicker';
import { RegionCodesPicker } from '../../../components/region/RegionPicker';
import { buyerOption, loadBuyers, loadSkus, skuOption } from '../order/cartFields';

export interface PromotionFormValues extends Omit<
  PromotionInput,
  'startAt' | 'endAt' | 'timeWindow' | 'tiers' | 'bundleItems'
> {
  period: [Dayjs, Dayjs];
  weekdays?: number[];
  fromHour?: number | null;
  toHour?: number | null;
  tiers: Array<Partial<PromotionTier>>;
  bundleItems?: Array<Partial<BundleItem>>;
}

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'].map((day, index) => ({
  value: index + 1,
  label: `周${day}`,
}));
const loadGroups = () => listPromotionGroups({ pageSize: 200, status: 'ENABLED' });
const loadCategories = () => listCategories({ pageSize: 200 });
const loadBrands = () => listBrands({ pageSize: 200 });
const loadLabels = () => listLabels({ pageSize: 200 });
const FORMAT = 'YYYY-MM-DD HH:mm';

const NEW_VALUES: Partial<PromotionFormValues> = {
  promoType: 'FULL_REDUCTION',
  applyLevel: 'ORDER',
  audience: 'OUTLET',
  budgetType: 'NONE',
  priority: 100,
  costBearer: 'BRAND',
  firstOrderOnly: false,
  allowWithRebate: true,
  allowWithCoins: true,
  customerScope: {},
  productScope: {},
  tiers: [{ thresholdType: 'AMOUNT', benefitType: 'REDUCE_AMOUNT', repeatable: false }],
};

/** The form's values as the server takes them. */
export function toPromotionInput(values: PromotionFormValues): PromotionInput {
  const { period, weekdays, fromHour, toHour, tiers, bundleItems, ...rest } = values;
  const window =
    (weekdays?.length ?? 0) > 0 || fromHour != null || toHour != null
      ? {
          ...(weekdays?.length ? { weekdays } : {}),
          ...(fromHour != null ? { fromHour } : {}),
          ...(toHour != null ? { toHour } : {}),
        }
      : null;
  return {
    ...rest,
    remark: rest.remark?.trim() || null,
    startAt: period[0].format(FORMAT),
    endAt: period[1].format(FORMAT),
    timeWindow: window,
    bundleItems:
      rest.promoType === 'BUNDLE'
        ? (bundleItems ?? []).map((item) => ({
            skuId: item.skuId as string,
            qty: item.qty ?? 1,
            unit: item.unit ?? 'CASE',
          }))
        : [],
    tiers: tiers.map((tier, index) => ({
      tierNo: index + 1,
      thresholdType: tier.thresholdType ?? 'AMOUNT',
      thresholdValue: tier.thresholdValue ?? 0,
      benefitType: tier.benefitType ?? 'REDUCE_AMOUNT',
      benefitValue: tier.benefitValue ?? 0,
      giftSkuId: tier.benefitType === 'GIFT' ? (tier.giftSkuId ?? null) : null,
      giftQty: tier.benefitType === 'GIFT' ? (tier.giftQty ?? null) : null,
      giftUnit: tier.benefitType === 'GIFT' ? (tier.giftUnit ?? 'CASE') : null,
      maxBenefit: tier.maxBenefit ?? null,
      repeatable: Boolean(tier.repeatable),
    })),
  };
}

export function formValuesOf(detail: PromotionDetail): PromotionFormValues {
  const {
    id: _id,
    promoNo: _no,
    status: _s,
    status_dictText: _t,
    budgetUsed: _u,
    groupName: _g,
    ...input
  } = detail;
  return {
    ...input,
    period: [dayjs(detail.startAt), dayjs(detail.endAt)],
    weekdays: detail.timeWindow?.weekdays,
    fromHour: detail.timeWindow?.fromHour ?? null,
    toHour: detail.timeWindow?.toHour ?? null,
  };
}

const only = <T extends string>(labels: Record<T, string>, codes: readonly T[]) =>
  Object.fromEntries(codes.map((code) => [code, labels[code]])) as Record<string, string>;

/** Tiers and level kept to what the type allows when the type changes: the first allowed takes their place. */
function useTierRules(form: FormInstance<PromotionFormValues>, promoType: PromoType | undefined) {
  useEffect(() => {
    if (!promoType) return;
    const rules = tierRulesOf(promoType);
    const tiers = (form.getFieldValue('tiers') ?? []) as Array<Partial<PromotionTier>>;
    const fixed = tiers.map((tier) => ({
      ...tier,
      thresholdType: rules.thresholdTypes.includes(tier.thresholdType!)
        ? tier.thresholdType
        : rules.thresholdTypes[0],
      benefitType: rules.benefitTypes.includes(tier.benefitType!) ? tier.benefitType : rules.benefitTypes[0],
    }));
    if (
      fixed.some(
        (tier, index) =>
          tier.thresholdType !== tiers[index].thresholdType || tier.benefitType !== tiers[index].benefitType,
      )
    )
      form.setFieldValue('tiers', fixed);
    if ((promoType === 'BUNDLE' || promoType === 'CUMULATIVE') && form.getFieldValue('applyLevel') === 'LINE')
      form.setFieldValue('applyLevel', 'ORDER');
  }, [form, promoType]);
}

const UNIT_OPTIONS = [
  { value: 'CASE', label: '箱' },
  { value: 'BASE', label: '瓶' },
];

/** 箱 or 瓶: the unit of a quantity (a set's item, a tier's gift). */
function UnitField({ name }: { name: Array<string | number> }) {
  return (
    <Form.Item name={name} initialValue="CASE">
      <Select style={{ width: 70 }} options={UNIT_OPTIONS} />
    </Form.Item>
  );
}

/** One row of a Form.List: what it is, its fields, and 删除 while more rows are left than it must keep. */
function ListRow({
  title,
  removeLabel,
  onRemove,
  children,
}: {
  title: string;
  removeLabel: string;
  /** Undefined while the row cannot be removed. */
  onRemove?: () => void;
  children: ReactNode;
}) {
  return (
    <Space align="baseline" wrap>
      <span>{title}</span>
      {children}
      {onRemove && (
        <Button type="text" danger icon={<DeleteOutlined />} aria-label={removeLabel} onClick={onRemove} />
      )}
    </Space>
  );
}

/** An explanation above the fields it is about. */
const Note = ({ text }: { text: string }) => (
  <Alert type="info" showIcon style={{ marginBottom: 12 }} title={text} />
);

/** 组合套餐: the SKUs of one set with their quantities. */
function BundleItems() {
  return (
    <Form.List name="bundleItems">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => (
            <ListRow
              key={field.key}
              title={`套餐商品 ${index + 1}`}
              removeLabel="删除此商品"
              onRemove={fields.length > 2 ? () => remove(field.name) : undefined}
            >
              <Form.Item name={[field.name, 'skuId']} rules={[required('套餐商品', '选择')]}>
                <RemoteSelect
                  load={loadSkus}
                  toOption={skuOption}
                  placeholder="商品"
                  style={{ width: 280 }}
                  aria-label="套餐商品"
                />
              </Form.Item>
              <Form.Item name={[field.name, 'qty']} rules={[requiredNumber('每套数量')]}>
                <InputNumber
                  min={1}
                  precision={0}
                  placeholder="每套数量"
                  style={{ width: 110 }}
                  aria-label="每套数量"
                />
              </Form.Item>
              <UnitField name={[field.name, 'unit']} />
            </ListRow>
          ))}
          {fields.length < 20 && (
            <Form.Item>
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ qty: 1, unit: 'CASE' })}>
                添加套餐商品
              </Button>
            </Form.Item>
          )}
        </>
      )}
    </Form.List>
  );
}

/** What a tier's threshold and benefit mean for the types that read them otherwise. */
const TIER_HINTS: Partial<Record<PromoType, { threshold: string; benefit: string }>> = {
  BUNDLE: { threshold: '满几套', benefit: '套餐价/每套减额/折扣' },
  CUMULATIVE: { threshold: '累计满', benefit: '减额/返费用（元）' },
};

function TierList({ promoType }: { promoType: PromoType }) {
  const rules = tierRulesOf(promoType);
  return (
    <Form.List name="tiers">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => (
            <ListRow
              key={field.key}
              title={`第 ${index + 1} 档`}
              removeLabel="删除此档"
              onRemove={fields.length > 1 ? () => remove(field.name) : undefined}
            >
              <Form.Item name={[field.name, 'thresholdType']} rules={[required('门槛类型', '选择')]}>
                <EnumSelect
                  labels={only(THRESHOLD_TYPE, rules.thresholdTypes)}
                  allowClear={false}
                  style={{ width: 90 }}
                  aria-label="门槛类型"
                />
              </Form.Item>
              <Form.Item name={[field.name, 'thresholdValue']} rules={[requiredNumber('门槛')]}>
                <InputNumber
                  min={0}
                  placeholder={TIER_HINTS[promoType]?.threshold ?? '满'}
                  style={{ width: 100 }}
                  aria-label="门槛"
                />
              </Form.Item>
              <Form.Item name={[field.name, 'benefitType']} rules={[required('优惠方式', '选择')]}>
                <EnumSelect
                  labels={only(BENEFIT_TYPE, rules.benefitTypes)}
                  allowClear={false}
                  style={{ width: 90 }}
                  aria-label="优惠方式"
                />
              </Form.Item>
              <Form.Item noStyle shouldUpdate>
                {({ getFieldValue }) =>
                  getFieldValue(['tiers', field.name, 'benefitType']) === 'GIFT' ? (
                    <>
                      <Form.Item name={[field.name, 'giftSkuId']} rules={[required('赠品', '选择')]}>
                        <RemoteSelect
                          load={loadSkus}
                          toOption={skuOption}
                          placeholder="赠品"
                          style={{ width: 220 }}
                        />
                      </Form.Item>
                      <Form.Item name={[field.name, 'giftQty']} rules={[requiredNumber('赠送数量')]}>
                        <InputNumber min={1} precision={0} placeholder="数量" style={{ width: 80 }} />
                      </Form.Item>
                      <UnitField name={[field.name, 'giftUnit']} />
                    </>
                  ) : (
                    <Form.Item name={[field.name, 'benefitValue']} rules={[requiredNumber('优惠值')]}>
                      <InputNumber
                        min={0}
                        placeholder={TIER_HINTS[promoType]?.benefit ?? '减额/折扣/特价'}
                        style={{ width: 150 }}
                        aria-label="优惠值"
                      />
                    </Form.Item>
                  )
                }
              </Form.Item>
              <Form.Item name={[field.name, 'maxBenefit']}>
                <InputNumber min={0} placeholder="封顶" style={{ width: 90 }} />
              </Form.Item>
              <Form.Item name={[field.name, 'repeatable']} valuePropName="checked">
                <Checkbox>每满</Checkbox>
              </Form.Item>
            </ListRow>
          ))}
          {fields.length < 10 && (
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() =>
                add({
                  thresholdType: rules.thresholdTypes[0],
                  benefitType: rules.benefitTypes[0],
                  repeatable: promoType === 'BUNDLE',
                })
              }
            >
              添加一档
            </Button>
          )}
        </>
      )}
    </Form.List>
  );
}

/** What an ordinary promotion applies to: SKUs, categories, brands (none: every SKU). */
function ProductScopeFields() {
  return (
    <>
      <Form.Item name={['productScope', 'skuIds']} label="商品">
        <RemoteSelect
          load={loadSkus}
          toOption={skuOption}
          mode="multiple"
          placeholder="商品、品类、品牌都不选为全部商品"
        />
      </Form.Item>
      <Space wrap size={16}>
        <Form.Item name={['productScope', 'categoryIds']} label="品类">
          <RemoteSelect
            load={loadCategories}
            toOption={optionByName}
            mode="multiple"
            style={{ width: 300 }}
          />
        </Form.Item>
        <Form.Item name={['productScope', 'brandIds']} label="品牌">
          <RemoteSelect load={loadBrands} toOption={optionByName} mode="multiple" style={{ width: 300 }} />
        </Form.Item>
      </Space>
    </>
  );
}

/** A list of customers the scope names: always in (指定客户) or never (排除客户). */
function CustomerListField({
  name,
  label,
  placeholder,
  initialOptions,
}: {
  name: 'includeIds' | 'excludeIds';
  label: string;
  placeholder: string;
  initialOptions?: RemoteOption[];
}) {
  return (
    <Form.Item name={['customerScope', name]} label={label}>
      <RemoteSelect
        load={loadBuyers}
        toOption={buyerOption}
        initialOptions={initialOptions}
        remoteSearch
        mode="multiple"
        placeholder={placeholder}
      />
    </Form.Item>
  );
}

/**
 * A new promotion started from elsewhere (the stock page's 临期清理): values over the defaults, and the labels
 * of the customers it names, which the customer picker may not have loaded.
 */
export interface PromotionPreset {
  values: Partial<PromotionFormValues>;
  customerOptions?: RemoteOption[];
}

/** 新建 (`id` undefined, optionally from a `preset`) or 编辑 a promotion. */
export function PromotionFormModal({
  id,
  open,
  onClose,
  onSaved,
  preset,
}: {
  id: string | undefined;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
  preset?: PromotionPreset;
}) {
  const [form] = Form.useForm<PromotionFormValues>();
  useRecordValues(form, open, id, queryPromotion, formValuesOf);
  const promoType = Form.useWatch('promoType', form) ?? 'FULL_REDUCTION';
  useTierRules(form, promoType);

  return (
    <ModalForm<PromotionFormValues>
      title={id ? '编辑促销' : '新建促销'}
      open={open}
      onClose={onClose}
      onSaved={onSaved}
      form={form}
      width={960}
      initialValues={id ? undefined : { ...NEW_VALUES, ...preset?.values }}
      onSubmit={(values) =>
        id ? editPromotion(id, toPromotionInput(values)) : addPromotion(toPromotionInput(values))
      }
    >
      <Divider titlePlacement="start">基本信息</Divider>
      <Form.Item name="name" label="促销名称" rules={[required('促销名称')]}>
        <Input maxLength={64} />
      </Form.Item>
      <Space wrap size={16}>
        <Form.Item name="promoType" label="促销类型" rules={[required('促销类型', '选择')]}>
          <EnumSelect labels={PROMO_TYPE} allowClear={false} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="applyLevel" label="作用层级" rules={[required('作用层级', '选择')]}>
          <EnumSelect labels={APPLY_LEVEL} allowClear={false} style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="audience" label="适用对象" rules={[required('适用对象', '选择')]}>
          <EnumSelect labels={AUDIENCE} allowClear={false} style={{ width: 100 }} />
        </Form.Item>
      </Space>
      <Form.Item name="period" label="活动时间" rules={[{ required: true, message: '请选择活动时间!' }]}>
        <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format={FORMAT} />
      </Form.Item>

      <Divider titlePlacement="start">适用客户</Divider>
      <Space wrap size={16}>
        <Form.Item name={['customerScope', 'channels']} label="渠道">
          <EnumSelect labels={CHANNEL} mode="multiple" placeholder="全部" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name={['customerScope', 'levels']} label="等级">
          <EnumSelect labels={CUSTOMER_LEVEL} mode="multiple" placeholder="全部" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name={['customerScope', 'outletTypes']} label="业态">
          <Select
            mode="multiple"
            allowClear
            placeholder="全部"
            style={{ width: 260 }}
            options={OUTLET_TYPES.map((type) => ({ value: type, label: type }))}
          />
        </Form.Item>
        <Form.Item name={['customerScope', 'labelIds']} label="客户标签">
          <RemoteSelect
            load={loadLabels}
            toOption={optionByName}
            mode="multiple"
            placeholder="全部"
            style={{ width: 240 }}
          />
        </Form.Item>
        <Form.Item name={['customerScope', 'orgCodes']} label="部门">
          <OrgPicker multiple placeholder="全部（含下级）" style={{ width: 260 }} />
        </Form.Item>
        <Form.Item name={['customerScope', 'areaCodes']} label="地区">
          <RegionCodesPicker placeholder="全部" style={{ width: 280 }} />
        </Form.Item>
      </Space>
      <CustomerListField
        name="includeIds"
        label="指定客户"
        placeholder="名单内客户总是适用"
        initialOptions={preset?.customerOptions}
      />
      <CustomerListField name="excludeIds" label="排除客户" placeholder="名单内客户不适用" />

      <Divider titlePlacement="start">商品与阶梯</Divider>
      {promoType === 'BUNDLE' ? (
        <>
          <Note text="购物车每凑齐一套（下列商品各按每套数量）计一套；门槛为套数，勾选「每满」则每凑齐一次门槛套数享受一次。特价即每套的套餐价，优惠只作用于成套的商品，不低于底价。" />
          <BundleItems />
        </>
      ) : (
        <ProductScopeFields />
      )}
      {promoType === 'CUMULATIVE' && (
        <Note text="累计返：活动期内客户已审核的订单（不含驳回、取消、作废，扣除已收货的退货）加本单，累计箱数或金额达到门槛时在本单享受；每档每跨越一次只享受一次，勾选「每满」则每满一次门槛享受一次。返费用不减本单金额，订单审核通过后入客户返利账户，订单作废或退货时按退回部分收回。" />
      )}
      <TierList promoType={promoType} />

      <Divider titlePlacement="start">预算与限制</Divider>
      <Space wrap size={16}>
        <Form.Item name="budgetType" label="预算类型">
          <EnumSelect labels={BUDGET_TYPE} allowClear={false} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="budgetTotal" label="预算">
          <InputNumber min={0} style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="perCustomerLimit" label="每客户限次">
          <InputNumber min={1} precision={0} style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="perOrderLimit" label="每单限次">
          <InputNumber min={1} precision={0} style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="firstOrderOnly" valuePropName="checked">
          <Checkbox>仅限首单</Checkbox>
        </Form.Item>
      </Space>
      <Space wrap size={16}>
        <Form.Item name="weekdays" label="活动时段">
          <Checkbox.Group options={WEEKDAYS} />
        </Form.Item>
        <Form.Item name="fromHour" label="从">
          <InputNumber min={0} max={23} precision={0} suffix="时" style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="toHour" label="到">
          <InputNumber min={1} max={24} precision={0} suffix="时" style={{ width: 110 }} />
        </Form.Item>
      </Space>
      <Space wrap size={16}>
        <Form.Item name="costBearer" label="费用承担">
          <EnumSelect labels={COST_BEARER} allowClear={false} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="costRatio" label="品牌商比例">
          <InputNumber min={0} max={1} step={0.1} style={{ width: 100 }} />
        </Form.Item>
      </Space>

      <Divider titlePlacement="start">互斥/叠加</Divider>
      <Space wrap size={16}>
        <Form.Item name="groupId" label="促销组">
          <RemoteSelect
            load={loadGroups}
            toOption={optionByName}
            placeholder="不分组（与其他促销叠加）"
            style={{ width: 260 }}
          />
        </Form.Item>
        <Form.Item name="priority" label="优先级" tooltip="数字越小越先计算">
          <InputNumber min={0} max={9999} precision={0} style={{ width: 100 }} />
        </Form.Item>
      </Space>
      <Form.Item name="remark" label="备注">
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
    </ModalForm>
  );
}
