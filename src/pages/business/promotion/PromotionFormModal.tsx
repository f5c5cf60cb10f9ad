// 新建/编辑促销: one form in the sections of the 编辑向导 (DOMAIN §1.7) — 基本信息, 适用客户, 商品与阶梯,
// 预算与限制, 互斥/叠加. Saved as a draft; 提交 in the list sends it to the 审批中心. The server checks what the
// fields cannot (a gift for a gift tier, a budget for a budget type, the period in order).
import { Checkbox, DatePicker, Divider, Form, Input, InputNumber, Select, Space, Button } from 'antd';
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
  'startAt' | 'endAt' | 'timeWindow' | 'tiers'
> {
  period: [Dayjs, Dayjs];
  weekdays?: number[];
  fromHour?: number | null;
  toHour?: number | null;
  tiers: Array<Partial<PromotionTier>>;
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
  const { period, weekdays, fromHour, toHour, tiers, ...rest } = values;
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

function TierList() {
  return (
    <Form.List name="tiers">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => (
            <Space key={field.key} align="baseline" wrap>
              <span>第 {index + 1} 档</span>
              <Form.Item name={[field.name, 'thresholdType']} rules={[required('门槛类型', '选择')]}>
                <EnumSelect
                  labels={THRESHOLD_TYPE}
                  allowClear={false}
                  style={{ width: 90 }}
                  aria-label="门槛类型"
                />
              </Form.Item>
              <Form.Item name={[field.name, 'thresholdValue']} rules={[requiredNumber('门槛')]}>
                <InputNumber min={0} placeholder="满" style={{ width: 100 }} aria-label="门槛" />
              </Form.Item>
              <Form.Item name={[field.name, 'benefitType']} rules={[required('优惠方式', '选择')]}>
                <EnumSelect
                  labels={BENEFIT_TYPE}
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
                      <Form.Item name={[field.name, 'giftUnit']} initialValue="CASE">
                        <Select
                          style={{ width: 70 }}
                          options={[
                            { value: 'CASE', label: '箱' },
                            { value: 'BASE', label: '瓶' },
                          ]}
                        />
                      </Form.Item>
                    </>
                  ) : (
                    <Form.Item name={[field.name, 'benefitValue']} rules={[requiredNumber('优惠值')]}>
                      <InputNumber
                        min={0}
                        placeholder="减额/折扣/特价"
                        style={{ width: 130 }}
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
              {fields.length > 1 && (
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label="删除此档"
                  onClick={() => remove(field.name)}
                />
              )}
            </Space>
          ))}
          {fields.length < 10 && (
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() =>
                add({ thresholdType: 'AMOUNT', benefitType: 'REDUCE_AMOUNT', repeatable: false })
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
      <Form.Item name={['customerScope', 'includeIds']} label="指定客户">
        <RemoteSelect
          load={loadBuyers}
          toOption={buyerOption}
          initialOptions={preset?.customerOptions}
          remoteSearch
          mode="multiple"
          placeholder="名单内客户总是适用"
        />
      </Form.Item>
      <Form.Item name={['customerScope', 'excludeIds']} label="排除客户">
        <RemoteSelect
          load={loadBuyers}
          toOption={buyerOption}
          remoteSearch
          mode="multiple"
          placeholder="名单内客户不适用"
        />
      </Form.Item>

      <Divider titlePlacement="start">商品与阶梯</Divider>
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
      <TierList />

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
