// 物料库存 (ePosm/PosmStockList, DOMAIN §1.11): the stock of each material per warehouse in the caller's scope,
// exportable through 下载中心, with 入库 / 出库 / 调整 (posm:stock) and the movements of each row.
import { useState } from 'react';
import { Button, Drawer, Form, Input, InputNumber, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PAGE_SIZE_MAX } from '../../../../common/constants';
import { POSM_CATEGORY, POSM_MOVE_TYPE } from '../../../../common/posm';
import {
  exportPosmStock,
  listPosmMovements,
  listPosmStock,
  movePosmStock,
  posmMaterialOptions,
  type PosmMovement,
  type PosmStock,
} from '../../../api/posm';
import { listWarehouses } from '../../../api/stock';
import { HasPermission } from '../../../components/HasPermission';
import { EnumSelect, RemoteSelect, optionByName } from '../../../components/form/EnumSelect';
import { required, requiredNumber } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { ListPage } from '../../../components/table/ListPage';
import { useListPage } from '../../../components/table/useListPage';

const loadWarehouses = () => listWarehouses({ pageSize: PAGE_SIZE_MAX, status: 'ACTIVE' });
const materialOption = (material: { id: string; materialCode: string; name: string }) => ({
  value: material.id,
  label: `${material.materialCode} ${material.name}`,
});
const { IN, OUT, ADJUST } = POSM_MOVE_TYPE;

function Movements({ stock }: { stock: PosmStock }) {
  const list = useListPage<PosmMovement>({
    filterKeys: ['moveType'],
    sortKeys: ['createTime'],
    fetch: (params) =>
      listPosmMovements({ ...params, warehouseId: stock.warehouseId, materialId: stock.materialId }),
  });
  return (
    <Table<PosmMovement>
      size="small"
      rowKey="id"
      loading={list.loading}
      dataSource={list.records}
      pagination={false}
      columns={[
        { title: '时间', dataIndex: 'createTime' },
        { title: '类型', dataIndex: 'moveType_dictText' },
        { title: '数量', dataIndex: 'qty', render: (qty: number) => (qty > 0 ? `+${qty}` : qty) },
        { title: '结存', dataIndex: 'balance' },
        { title: '申请单', dataIndex: 'requestNo', render: (value) => value ?? '—' },
        { title: '原因', dataIndex: 'remark', render: (value) => value ?? '—' },
        { title: '操作人', dataIndex: 'operatorName' },
      ]}
    />
  );
}

export default function PosmStockListPage() {
  const list = useListPage<PosmStock>({
    filterKeys: ['warehouseId', 'materialCode', 'name', 'category'],
    sortKeys: ['qty', 'materialCode'],
    fetch: listPosmStock,
  });
  const [moving, setMoving] = useState<Partial<PosmStock> | null>(null);
  const [opened, setOpened] = useState<PosmStock | null>(null);
  const columns: ColumnsType<PosmStock> = [
    { title: '仓库', dataIndex: 'warehouseName', key: 'warehouseName' },
    { title: '物料编码', dataIndex: 'materialCode', key: 'materialCode', sorter: true },
    { title: '物料名称', dataIndex: 'materialName', key: 'materialName' },
    { title: '类别', dataIndex: 'category_dictText', key: 'category' },
    { title: '规格', dataIndex: 'spec', key: 'spec', render: (value) => value ?? '—' },
    {
      title: '库存',
      dataIndex: 'qty',
      key: 'qty',
      sorter: true,
      render: (qty: number, row) => `${qty}${row.unit}`,
    },
    { title: '库存金额', dataIndex: 'stockValue', key: 'stockValue', render: (value: string) => `¥${value}` },
    {
      title: '操作',
      key: 'actions',
      render: (_value, row) => (
        <>
          <Button type="link" size="small" onClick={() => setOpened(row)}>
            流水
          </Button>
          <HasPermission code="posm:stock">
            <Button type="link" size="small" onClick={() => setMoving(row)}>
              出入库
            </Button>
          </HasPermission>
        </>
      ),
    },
  ];
  return (
    <>
      <ListPage<PosmStock>
        list={list}
        compactColumns={['materialName', 'qty', 'stockValue']}
        columns={columns}
        exportAs={exportPosmStock}
        searchFields={
          <>
            <Form.Item name="warehouseId" label="仓库">
              <RemoteSelect
                load={loadWarehouses}
                toOption={optionByName}
                placeholder="全部"
                allowClear
                style={{ width: 160 }}
              />
            </Form.Item>
            <Form.Item name="name" label="物料">
              <Input placeholder="物料名称" allowClear />
            </Form.Item>
            <Form.Item name="category" label="类别">
              <EnumSelect labels={POSM_CATEGORY} placeholder="全部" style={{ width: 120 }} />
            </Form.Item>
          </>
        }
        toolbar={
          <HasPermission code="posm:stock">
            <Button type="primary" onClick={() => setMoving({})}>
              物料入库
            </Button>
          </HasPermission>
        }
      />
      <Drawer
        title={opened ? `库存流水：${opened.warehouseName} · ${opened.materialName}` : ''}
        open={opened !== null}
        onClose={() => setOpened(null)}
        size="large"
        destroyOnHidden
      >
        {opened && <Movements stock={opened} />}
      </Drawer>
      {moving && (
        <ModalForm<{
          warehouseId: string;
          materialId: string;
          moveType: string;
          qty: number;
          remark?: string;
        }>
          title="物料出入库"
          open
          onClose={() => setMoving(null)}
          onSaved={list.reload}
          initialValues={{ warehouseId: moving.warehouseId, materialId: moving.materialId, moveType: 'IN' }}
          onSubmit={(values) => movePosmStock(values)}
        >
          <Form.Item name="warehouseId" label="仓库" rules={[required('仓库', '选择')]}>
            <RemoteSelect load={loadWarehouses} toOption={optionByName} placeholder="请选择仓库" />
          </Form.Item>
          <Form.Item name="materialId" label="物料" rules={[required('物料', '选择')]}>
            <RemoteSelect
              load={posmMaterialOptions}
              toOption={materialOption}
              placeholder="请选择物料"
              showSearch
            />
          </Form.Item>
          <Form.Item name="moveType" label="类型" rules={[required('类型', '选择')]}>
            <EnumSelect labels={{ IN, OUT, ADJUST }} allowClear={false} />
          </Form.Item>
          <Form.Item
            name="qty"
            label="数量"
            rules={[requiredNumber('数量')]}
            extra="调整：填盘点后的实际数量"
          >
            <InputNumber min={0} max={1000000} precision={0} />
          </Form.Item>
          <Form.Item name="remark" label="原因" extra="出库、调整须填写原因">
            <Input.TextArea rows={2} maxLength={256} />
          </Form.Item>
        </ModalForm>
      )}
    </>
  );
}
