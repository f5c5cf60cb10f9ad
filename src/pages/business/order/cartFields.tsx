// What the forms that take a cart share (the order form, the 试算预览): the buyer and SKU pickers, and one
// line's SKU with its 箱 and 瓶 — quantities only, the server prices them.
import type { ReactNode } from 'react';
import { Button, Form, InputNumber } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { listCustomers, type Customer } from '../../../api/customers';
import { listSkus, type Sku } from '../../../api/products';
import { RemoteSelect, type RemoteOption } from '../../../components/form/EnumSelect';

export const loadBuyers = (keyword?: string) =>
  listCustomers({ pageSize: 50, status: 'ACTIVE', auditStatus: 'APPROVED', keyword });
export const buyerOption = (customer: Customer) => ({
  value: customer.id,
  label: `${customer.name}（${customer.customerType_dictText}）`,
});
export const loadSkus = () => listSkus({ pageSize: 200, status: 'ON_SALE' });
export const skuLabel = (sku: Pick<Sku, 'name' | 'unitsPerCase' | 'baseUnit' | 'saleUnit'>) =>
  `${sku.name}（${sku.unitsPerCase}${sku.baseUnit}/${sku.saleUnit}）`;
export const skuOption = (sku: Sku) => ({ value: sku.id, label: skuLabel(sku) });

/**
 * One cart line of a Form.List: SKU, 箱, 瓶, then `children` (the order form's 赠品), then 删除 when
 * `onRemove` is given.
 */
export function CartLineFields({
  name,
  index,
  initialOptions,
  onRemove,
  children,
}: {
  name: number;
  index: number;
  initialOptions?: RemoteOption[];
  onRemove?: () => void;
  children?: ReactNode;
}) {
  return (
    <>
      <Form.Item
        name={[name, 'skuId']}
        rules={[{ required: true, message: '请选择商品!' }]}
        label={index === 0 ? '商品' : undefined}
      >
        <RemoteSelect
          load={loadSkus}
          toOption={skuOption}
          initialOptions={initialOptions}
          placeholder="选择商品"
          style={{ width: 300 }}
          aria-label={`第 ${index + 1} 行商品`}
        />
      </Form.Item>
      <Form.Item name={[name, 'cases']} label={index === 0 ? '箱' : undefined}>
        <InputNumber min={0} precision={0} max={99999} aria-label={`第 ${index + 1} 行箱数`} />
      </Form.Item>
      <Form.Item name={[name, 'units']} label={index === 0 ? '瓶' : undefined}>
        <InputNumber min={0} precision={0} max={99999} aria-label={`第 ${index + 1} 行瓶数`} />
      </Form.Item>
      {children}
      {onRemove && (
        <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除此行" onClick={onRemove} />
      )}
    </>
  );
}
