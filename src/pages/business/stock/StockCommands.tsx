// The stock commands of the stock pages (DOMAIN §1.6): 入库, 出库, 调拨, 盘点调整. Each posts one command and
// the server writes the movement rows (the balance is never edited); quantities are typed as cases plus
// loose units, and the server's Chinese refusals (库存不足, 盘点数量与账面一致 …) stay in the modal.
import { PAGE_SIZE_MAX } from '../../../../common/constants';
import { useState } from 'react';
import { DatePicker, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import type { RuleObject } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { MOVEMENT_TYPE } from '../../../../common/businessEnums';
import { formatQuantity, splitBaseQty } from '../../../../common/quantity';
import { listSkus, type Sku } from '../../../api/products';
import {
  adjustStock,
  listWarehouses,
  stockIn,
  stockOut,
  transferStock,
  type NearExpirySource,
  type StockLot,
  type Warehouse,
} from '../../../api/stock';
import { RemoteSelect, optionByName } from '../../../components/form/EnumSelect';
import { required, requiredDate } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';

export type StockCommand = 'in' | 'out' | 'transfer' | 'adjust';

const loadActiveWarehouses = () => listWarehouses({ pageSize: PAGE_SIZE_MAX, status: 'ACTIVE' });
const skuOption = (sku: Sku) => ({ value: sku.id, label: `${sku.skuCode} ${sku.name}` });

const OUT_TYPES = ['SALES_OUT', 'EXCHANGE_OUT', 'DAMAGE', 'GIFT_OUT', 'EXPIRED_DESTROY'] as const;
const IN_TYPES = ['PURCHASE_IN', 'RETURN_IN'] as const;
const typeOptions = (codes: readonly string[]) =>
  codes.map((code) => ({ value: code, label: MOVEMENT_TYPE[code as keyof typeof MOVEMENT_TYPE] }));

/** Cases and units together must make more than nothing. */
const someQuantity: (
  casesField: string,
) => (form: { getFieldValue: (name: string) => unknown }) => RuleObject = (casesField) => (form) => ({
  validator: (_rule, units: number | null | undefined) =>
    (Number(form.getFieldValue(casesField)) || 0) + (Number(units) || 0) > 0
      ? Promise.resolve()
      : Promise.reject(new Error('请输入数量（箱数或瓶数）')),
});

/** Whole cases and loose base units side by side, e.g. 12 箱 3 瓶. */
function QuantityFields({
  label,
  caseUnit = '箱',
  baseUnit = '瓶',
  names = ['cases', 'units'],
  allowZero = false,
}: {
  label: string;
  caseUnit?: string;
  baseUnit?: string;
  names?: [string, string];
  allowZero?: boolean;
}) {
  return (
    <Form.Item label={label} required>
      <Space>
        <Form.Item name={names[0]} noStyle>
          <InputNumber min={0} precision={0} suffix={caseUnit} aria-label={`${label}（${caseUnit}）`} />
        </Form.Item>
        {/* noStyle: the rule's message shows under the labelled item. */}
        <Form.Item
          name={names[1]}
          noStyle
          dependencies={[names[0]]}
          rules={allowZero ? [] : [someQuantity(names[0])]}
        >
          <InputNumber min={0} precision={0} suffix={baseUnit} aria-label={`${label}（${baseUnit}）`} />
        </Form.Item>
      </Space>
    </Form.Item>
  );
}

/** What a lot command needs of its lot: a lot of the stock list, or a lot row of 临期预警. */
export type CommandLot = Pick<
  StockLot,
  | 'id'
  | 'warehouseId'
  | 'warehouseName'
  | 'skuId'
  | 'skuCode'
  | 'skuName'
  | 'batchNo'
  | 'productionDate'
  | 'qtyOnHand'
  | 'qtyAvailable'
  | 'unitsPerCase'
  | 'saleUnit'
  | 'baseUnit'
>;

/**
 * What another page opens a lot command with (临期预警: the quantity, 过期销毁, the suggested warehouse) and the source
 * reference the command's movements then carry.
 */
export interface LotCommandPreset {
  values: Record<string, unknown>;
  sourceDocType?: NearExpirySource;
}

const packOf = (lot: CommandLot) => ({
  unitsPerCase: lot.unitsPerCase,
  caseUnit: lot.saleUnit,
  baseUnit: lot.baseUnit,
});

function LotSummary({ lot }: { lot: CommandLot }) {
  return (
    <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
      {lot.warehouseName} · {lot.skuCode} {lot.skuName} · 批次 {lot.batchNo}（生产 {lot.productionDate}）·
      账面 {formatQuantity(lot.qtyOnHand, packOf(lot))}，可用 {formatQuantity(lot.qtyAvailable, packOf(lot))}
    </Typography.Paragraph>
  );
}

interface CommandProps {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

interface StockInValues {
  warehouseId: string;
  skuId: string;
  batchNo: string;
  productionDate: Dayjs;
  cases?: number;
  units?: number;
  unitCost?: number | null;
  movementType: 'PURCHASE_IN' | 'RETURN_IN';
  sourceDocNo?: string;
  remark?: string;
}

export function StockInModal({ open, onClose, onSaved }: CommandProps) {
  const [sku, setSku] = useState<Sku | null>(null);
  const [skus, setSkus] = useState<Sku[]>([]);
  const loadSkus = async () => {
    const answer = await listSkus({ pageSize: PAGE_SIZE_MAX, column: 'skuCode', order: 'asc' });
    if (answer.success) setSkus(answer.result.records);
    return answer;
  };
  return (
    <ModalForm<StockInValues>
      title="入库"
      open={open}
      onClose={onClose}
      onSaved={onSaved}
      initialValues={{ movementType: 'PURCHASE_IN' }}
      onSubmit={({ productionDate, ...values }) =>
        stockIn({ ...values, productionDate: productionDate.format('YYYY-MM-DD') })
      }
    >
      <Form.Item name="warehouseId" label="仓库" rules={[required('仓库', '选择')]}>
        <RemoteSelect load={loadActiveWarehouses} toOption={optionByName} placeholder="请选择仓库" />
      </Form.Item>
      <Form.Item name="skuId" label="商品" rules={[required('商品', '选择')]}>
        <RemoteSelect
          load={loadSkus}
          toOption={skuOption}
          placeholder="请选择商品"
          onChange={(id) => setSku(skus.find((each) => each.id === id) ?? null)}
        />
      </Form.Item>
      <Form.Item
        name="batchNo"
        label="批次号"
        rules={[
          required('批次号'),
          { pattern: /^[A-Za-z0-9_-]{1,32}$/, message: '批次号只能是字母、数字、- 或 _，最多32位!' },
        ]}
      >
        <Input placeholder="如 20261101A" />
      </Form.Item>
      <Form.Item
        name="productionDate"
        label="生产日期"
        rules={[
          requiredDate('生产日期'),
          {
            validator: (_rule, value: Dayjs | undefined) =>
              !value || !value.isAfter(dayjs(), 'day')
                ? Promise.resolve()
                : Promise.reject(new Error('生产日期不能晚于今天')),
          },
        ]}
      >
        <DatePicker disabledDate={(day) => day.isAfter(dayjs(), 'day')} />
      </Form.Item>
      <QuantityFields label="数量" caseUnit={sku?.saleUnit} baseUnit={sku?.baseUnit} />
      <Form.Item name="movementType" label="入库类型">
        <Select options={typeOptions(IN_TYPES)} />
      </Form.Item>
      <Form.Item name="unitCost" label="单位成本">
        <InputNumber min={0} precision={2} prefix="¥" placeholder={`每${sku?.baseUnit ?? '瓶'}`} />
      </Form.Item>
      <Form.Item name="sourceDocNo" label="来源单号">
        <Input maxLength={32} placeholder="采购单/退货单号（选填）" />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input.TextArea maxLength={256} rows={2} />
      </Form.Item>
    </ModalForm>
  );
}

/** 出库 of one lot, 调拨 of part of a lot and 盘点调整 of a lot's count. */
export function LotCommandModal({
  command,
  lot,
  preset,
  onClose,
  onSaved,
}: {
  command: Exclude<StockCommand, 'in'> | null;
  lot: CommandLot | null;
  preset?: LotCommandPreset;
  onClose: () => void;
  onSaved: () => void;
}) {
  const open = command !== null && lot !== null;
  const pack = lot ? { caseUnit: lot.saleUnit, baseUnit: lot.baseUnit } : {};
  const title = command === 'out' ? '出库' : command === 'transfer' ? '调拨' : '盘点调整';
  const counted = lot ? splitBaseQty(lot.qtyOnHand, lot.unitsPerCase) : { cases: 0, units: 0 };
  return (
    <ModalForm<Record<string, unknown>>
      title={title}
      open={open}
      onClose={onClose}
      onSaved={onSaved}
      initialValues={{
        ...(command === 'adjust'
          ? { countedCases: counted.cases, countedUnits: counted.units }
          : command === 'out'
            ? { movementType: 'SALES_OUT' }
            : {}),
        ...preset?.values,
      }}
      onSubmit={(values) => {
        const lotId = lot!.id;
        const sourceDocType = preset?.sourceDocType;
        if (command === 'transfer')
          return transferStock({ ...(values as { toWarehouseId: string }), lotId, sourceDocType });
        if (command === 'adjust') {
          const { countedCases, countedUnits, reason } = values as {
            countedCases?: number;
            countedUnits?: number;
            reason: string;
          };
          return adjustStock({
            lotId,
            countedCases: countedCases ?? 0,
            countedUnits: countedUnits ?? 0,
            reason,
          });
        }
        return stockOut({
          ...(values as { movementType: string }),
          lotId,
          warehouseId: lot!.warehouseId,
          skuId: lot!.skuId,
          sourceDocType,
        });
      }}
    >
      {lot && <LotSummary lot={lot} />}
      {command === 'out' && (
        <>
          <Form.Item name="movementType" label="出库类型" rules={[required('出库类型', '选择')]}>
            <Select options={typeOptions(OUT_TYPES)} />
          </Form.Item>
          <QuantityFields label="出库数量" {...pack} />
          <Form.Item name="sourceDocNo" label="来源单号">
            <Input maxLength={32} placeholder="订单/报损单号（选填）" />
          </Form.Item>
        </>
      )}
      {command === 'transfer' && (
        <>
          <Form.Item name="toWarehouseId" label="调入仓库" rules={[required('调入仓库', '选择')]}>
            <RemoteSelect<Warehouse>
              load={loadActiveWarehouses}
              toOption={(warehouse) => ({
                ...optionByName(warehouse),
                disabled: warehouse.id === lot?.warehouseId,
              })}
              placeholder="请选择调入仓库"
            />
          </Form.Item>
          <QuantityFields label="调拨数量" {...pack} />
        </>
      )}
      {command === 'adjust' && (
        <>
          <QuantityFields label="盘点数量" names={['countedCases', 'countedUnits']} allowZero {...pack} />
          <Form.Item name="reason" label="调整原因" rules={[required('调整原因')]}>
            <Input.TextArea maxLength={256} rows={2} placeholder="如 月末盘点破损 2 瓶" />
          </Form.Item>
        </>
      )}
      {command !== 'adjust' && (
        <Form.Item name="remark" label="备注">
          <Input.TextArea maxLength={256} rows={2} />
        </Form.Item>
      )}
    </ModalForm>
  );
}
