// 备件目录 (mes/SparePartList): the catalogue with its applicable models, prices, safety stock and whether a
// part is serial-tracked; 新增/编辑 with spare:edit, 变更记录.
import { Button, Form, Input, InputNumber, Switch } from 'antd';
import { useState } from 'react';
import { PART_CATEGORY } from '../../../../common/repairs';
import { exportSpareParts, listSpareParts, saveSparePart } from '../../../api/repairs';
import { HasPermission } from '../../../components/HasPermission';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { required, requiredNumber } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { useHistoryColumn } from '../../../components/history/historyColumn';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { editColumn, MesList } from './MesList';

type Part = Record<string, unknown> & { id: string };

export default function SparePartListPage() {
  const [editing, setEditing] = useState<Partial<Part> | null>(null);
  const history = useHistoryColumn<Part>(
    'SPARE_PART',
    (part) => `${String(part.partCode)} ${String(part.name)}`,
  );
  return (
    <MesList<Part>
      fetch={listSpareParts}
      exportAs={exportSpareParts}
      filterKeys={['partCode', 'name', 'category']}
      searchFields={
        <>
          <Form.Item name="name" label="备件">
            <Input allowClear />
          </Form.Item>
          <Form.Item name="category" label="类别">
            <EnumSelect labels={PART_CATEGORY} placeholder="全部" style={{ width: 120 }} />
          </Form.Item>
        </>
      }
      toolbar={() => (
        <HasPermission code="spare:edit">
          <Button type="primary" onClick={() => setEditing({})}>
            新增备件
          </Button>
        </HasPermission>
      )}
      compactColumns={['partCode', 'standardPrice', 'stockQty']}
      columns={() => [
        {
          title: '备件 / 编码',
          dataIndex: 'partCode',
          key: 'partCode',
          render: (code: string, row) => <TwoLineCell main={String(row.name)} sub={code} />,
        },
        {
          title: '类别 / 规格',
          dataIndex: 'category_dictText',
          key: 'category',
          render: (category: string, row) => (
            <TwoLineCell main={category} sub={(row.spec as string | null) ?? undefined} />
          ),
        },
        {
          title: '适用型号',
          dataIndex: 'applicableModels',
          key: 'applicableModels',
          width: 200,
          ellipsis: true,
        },
        {
          title: '标准价',
          dataIndex: 'standardPrice',
          key: 'standardPrice',
          align: 'right',
          render: (value) => `¥${value}`,
        },
        {
          title: '总库存 / 安全库存',
          dataIndex: 'stockQty',
          key: 'stockQty',
          align: 'right',
          render: (qty: number, row) => <TwoLineCell main={qty} sub={`安全 ${String(row.safetyStock)}`} />,
        },
        {
          title: '序列号管理',
          dataIndex: 'serialTracked',
          key: 'serialTracked',
          render: (value) => (value ? '是' : '否'),
        },
        history.column,
        editColumn<Part>('spare:edit', setEditing, 'right'),
      ]}
      extra={(list) => (
        <>
          {history.drawer}
          {editing && (
            <ModalForm<Record<string, unknown>>
              title={editing.id ? '编辑备件' : '新增备件'}
              open
              onClose={() => setEditing(null)}
              onSaved={list.reload}
              initialValues={{
                unit: '个',
                standardPrice: 0,
                costPrice: 0,
                safetyStock: 0,
                serialTracked: false,
                ...editing,
              }}
              onSubmit={(values) => saveSparePart({ ...values, id: editing.id })}
            >
              <Form.Item name="partCode" label="备件编码" rules={[required('备件编码')]}>
                <Input maxLength={32} />
              </Form.Item>
              <Form.Item name="name" label="名称" rules={[required('名称')]}>
                <Input maxLength={64} />
              </Form.Item>
              <Form.Item name="category" label="类别" rules={[required('类别', '选择')]}>
                <EnumSelect labels={PART_CATEGORY} />
              </Form.Item>
              <Form.Item name="spec" label="规格">
                <Input maxLength={64} />
              </Form.Item>
              <Form.Item name="unit" label="单位" rules={[required('单位')]}>
                <Input maxLength={8} />
              </Form.Item>
              <Form.Item name="standardPrice" label="标准价" rules={[requiredNumber('标准价')]}>
                <InputNumber min={0} precision={2} />
              </Form.Item>
              <Form.Item name="costPrice" label="成本价" rules={[requiredNumber('成本价')]}>
                <InputNumber min={0} precision={2} />
              </Form.Item>
              <Form.Item name="safetyStock" label="安全库存">
                <InputNumber min={0} precision={0} />
              </Form.Item>
              <Form.Item name="serialTracked" label="序列号管理" valuePropName="checked">
                <Switch />
              </Form.Item>
            </ModalForm>
          )}
        </>
      )}
    />
  );
}
