// 换货: goods taken back from the order's shipped lines (bounded like a return) and goods handed over
// instead, any SKU on sale in 箱 + 瓶 (同款换新 fills them with what goes back). The server prices the new
// goods from the customer's price list and works out the difference.
import { useRef } from 'react';
import { Button, Form, Input, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  EXCHANGE_REASON,
  type ExchangeReason,
  type OrderDetail,
  type SwapAddInput,
} from '../../../../common/orders';
import { toBaseQty } from '../../../../common/quantity';
import { listSkus, type Sku } from '../../../api/products';
import { EnumSelect, RemoteSelect } from '../../../components/form/EnumSelect';
import {
  CaseUnitInputs,
  pickedLines,
  PicksDialog,
  picksProblem,
  returnableLines,
  type Picks,
  type PicksPreset,
} from './ReturnDialog';
import type { OrderRef } from './useOrderDialogs';

interface IssueLine {
  skuId?: string;
  cases?: number | null;
  units?: number | null;
}

interface SwapValues {
  picks: Picks;
  issue: IssueLine[];
  reason: ExchangeReason;
  remark?: string;
}

const skuOption = (sku: Sku) => ({
  value: sku.id,
  label: `${sku.name}（${sku.unitsPerCase}${sku.baseUnit}/${sku.saleUnit}）`,
});

/** The case size of a SKU: from the loaded picker, else from the order's own lines. */
type CaseSize = (skuId: string) => number | undefined;

export function toSwapInput(order: OrderDetail, values: SwapValues, caseSize: CaseSize): SwapAddInput {
  return {
    orderId: order.id,
    reason: values.reason,
    remark: values.remark?.trim() || null,
    returnLines: pickedLines(order, values.picks ?? {}),
    issueLines: (values.issue ?? []).map((line) => ({
      skuId: line.skuId as string,
      baseQty: toBaseQty(line.cases ?? 0, line.units ?? 0, caseSize(line.skuId as string) ?? 1),
    })),
  };
}

function swapProblem(order: OrderDetail, values: SwapValues, caseSize: CaseSize): string | null {
  const back = picksProblem(order, values.picks ?? {});
  if (back) return back;
  const issue = values.issue ?? [];
  if (issue.length === 0) return '请添加换出的商品';
  if (issue.some((line) => line.skuId && caseSize(line.skuId) === undefined)) return '商品信息未加载，请稍后';
  return issue.some((line) => !(line.cases || line.units)) ? '每行换出商品请填写箱数或瓶数' : null;
}

/** 换货 of preset goods, all of one SKU: the same goods handed over new (临期换新). */
const sameGoodsNew = ({ picks, reason, skuId }: PicksPreset & { skuId: string }): Partial<SwapValues> => ({
  picks,
  reason,
  issue: Object.values(picks).map((picked) => ({ skuId, ...picked })),
});

export function SwapDialog({
  order,
  onClose,
  preset,
}: {
  order: OrderRef;
  onClose: () => void;
  /** The goods taken back, all of one SKU (`skuId`), handed over new. */
  preset?: PicksPreset & { skuId: string };
}) {
  const [form] = Form.useForm<SwapValues>();
  const skus = useRef(new Map<string, number>());
  const loadSkus = () =>
    listSkus({ pageSize: 200, status: 'ON_SALE' }).then((answer) => {
      if (answer.success) answer.result.records.forEach((sku) => skus.current.set(sku.id, sku.unitsPerCase));
      return answer;
    });
  const caseSizeIn =
    (detail: OrderDetail): CaseSize =>
    (skuId) =>
      skus.current.get(skuId) ?? detail.lines.find((line) => line.skuId === skuId)?.sku.unitsPerCase;

  /** 同款换新: the goods that go back, handed over new. */
  const sameAsBack = (detail: OrderDetail) => {
    const picks = (form.getFieldValue('picks') ?? {}) as Picks;
    form.setFieldValue(
      'issue',
      returnableLines(detail)
        .filter((line) => picks[line.id]?.cases || picks[line.id]?.units)
        .map((line) => ({ skuId: line.skuId, ...picks[line.id] })),
    );
  };

  return (
    <PicksDialog<SwapValues>
      order={order}
      onClose={onClose}
      form={form}
      initialValues={preset && sameGoodsNew(preset)}
      title="换货"
      picksTitle="换回（收回的商品）"
      submit="提交换货单"
      problem={(detail, values) => swapProblem(detail, values, caseSizeIn(detail))}
      toCommand={(detail, values) => ({
        kind: 'swapAdd',
        payload: toSwapInput(detail, values, caseSizeIn(detail)),
      })}
    >
      {(detail) => (
        <>
          <Form.List name="issue" initialValue={[]}>
            {(fields, { add, remove }) => (
              <Form.Item label="换出（交给客户的商品，价格按客户价目表）">
                {fields.map((field, index) => (
                  <Space key={field.key} align="baseline" wrap style={{ display: 'flex', marginBottom: 8 }}>
                    <Form.Item
                      name={[field.name, 'skuId']}
                      rules={[{ required: true, message: '请选择商品!' }]}
                      noStyle
                    >
                      <RemoteSelect
                        load={loadSkus}
                        toOption={skuOption}
                        placeholder="选择商品"
                        style={{ width: 300 }}
                        aria-label={`换出第 ${index + 1} 行商品`}
                      />
                    </Form.Item>
                    <CaseUnitInputs
                      name={[field.name]}
                      label={`换出第 ${index + 1} 行`}
                      pack={{ unitsPerCase: 1, caseUnit: '箱', baseUnit: '瓶' }}
                    />
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label="删除此行"
                      onClick={() => remove(field.name)}
                    />
                  </Space>
                ))}
                <Space>
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
                    添加换出商品
                  </Button>
                  <Button onClick={() => detail && sameAsBack(detail)} disabled={!detail}>
                    同款换新
                  </Button>
                </Space>
              </Form.Item>
            )}
          </Form.List>
          <Typography.Paragraph type="secondary">
            差价由系统按价目表核算：换出金额 − 换回金额。
          </Typography.Paragraph>
          <Form.Item name="reason" label="换货原因" rules={[{ required: true, message: '请选择换货原因!' }]}>
            <EnumSelect labels={EXCHANGE_REASON} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="remark" label="备注">
            <Input.TextArea rows={2} maxLength={256} />
          </Form.Item>
        </>
      )}
    </PicksDialog>
  );
}
