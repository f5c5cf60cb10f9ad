// 仓库管理 (eprod/WarehouseList): the warehouses in the caller's data scope, filtered in the URL; add/edit in
// a modal (a dealer warehouse names its dealer); 启用/停用 after a confirmation. A disabled warehouse takes
// no more stock movements (the server refuses them).
import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { ENABLED_STATUS, STORAGE_CONDITION, WAREHOUSE_OWNER_TYPE } from '../../../../common/businessEnums';
import { dealerOptions } from '../../../api/customers';
import {
  exportWarehouses,
  listWarehouses,
  saveWarehouse,
  type Warehouse,
  type WarehousePayload,
} from '../../../api/stock';
import { EnumSelect, RemoteSelect, optionByName } from '../../../components/form/EnumSelect';
import { required } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { HasPermission } from '../../../components/HasPermission';
import { useEnabledColumns } from '../../../components/table/enabledColumns';
import { ListPage } from '../../../components/table/ListPage';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';

/** The fields an edit sends back unchanged, so a status change keeps the rest. */
const payloadOf = (warehouse: Warehouse): WarehousePayload => ({
  id: warehouse.id,
  code: warehouse.code,
  name: warehouse.name,
  ownerType: warehouse.ownerType,
  ownerId: warehouse.ownerId,
  storageType: warehouse.storageType,
  address: warehouse.address,
  erpWarehouseCode: warehouse.erpWarehouseCode,
  status: warehouse.status,
});

export default function WarehouseListPage() {
  const list = useListPage<Warehouse>({
    filterKeys: ['code', 'name', 'ownerType', 'status'],
    sortKeys: ['code', 'name', 'createTime'],
    defaultSort: { column: 'code', order: 'asc' },
    fetch: listWarehouses,
  });
  const [editing, setEditing] = useState<Warehouse | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const open = (warehouse: Warehouse | null) => {
    setEditing(warehouse);
    setFormOpen(true);
  };
  const enabledColumns = useEnabledColumns<Warehouse>({
    noun: '仓库',
    editCode: 'warehouse:edit',
    disablingNote: '停用后该仓库不能再入库、出库或调拨。',
    onEdit: open,
    setStatus: (warehouse, status) => saveWarehouse({ ...payloadOf(warehouse), status }),
    onSwitched: list.reload,
  });

  const columns: ColumnsType<Warehouse> = [
    { title: '仓库编码', dataIndex: 'code', key: 'code', sorter: true },
    { title: '仓库名称', dataIndex: 'name', key: 'name', sorter: true },
    {
      title: '类型 / 所属',
      dataIndex: 'ownerType',
      key: 'ownerType',
      render: (_type: string, warehouse) => (
        <TwoLineCell main={warehouse.ownerType_dictText} sub={warehouse.ownerName} />
      ),
    },
    { title: '储存条件', dataIndex: 'storageType_dictText', key: 'storageType' },
    {
      title: '地址',
      dataIndex: 'address',
      key: 'address',
      render: (address: string | null) => address ?? '—',
    },
    ...enabledColumns,
  ];

  return (
    <>
      <ListPage<Warehouse>
        list={list}
        compactColumns={['name', 'status']}
        columns={columns}
        exportAs={exportWarehouses}
        searchFields={
          <>
            <Form.Item name="code" label="编码">
              <Input placeholder="仓库编码" allowClear />
            </Form.Item>
            <Form.Item name="name" label="名称">
              <Input placeholder="仓库名称" allowClear />
            </Form.Item>
            <Form.Item name="ownerType" label="类型">
              <EnumSelect labels={WAREHOUSE_OWNER_TYPE} placeholder="全部类型" style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={ENABLED_STATUS} placeholder="全部" style={{ width: 100 }} />
            </Form.Item>
          </>
        }
        toolbar={
          <HasPermission code="warehouse:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
              新增仓库
            </Button>
          </HasPermission>
        }
      />
      <ModalForm<WarehousePayload>
        title={editing ? '编辑仓库' : '新增仓库'}
        open={formOpen}
        onClose={() => setFormOpen(false)}
        onSaved={list.reload}
        initialValues={
          editing ? payloadOf(editing) : { ownerType: 'BRAND', storageType: 'AMBIENT', status: 'ACTIVE' }
        }
        onSubmit={(values) =>
          saveWarehouse({
            ...(editing ? payloadOf(editing) : {}),
            ...values,
            ownerId: values.ownerType === 'DEALER' ? values.ownerId : null,
            address: values.address?.trim() || null,
          })
        }
      >
        <Form.Item
          name="code"
          label="仓库编码"
          rules={[required('仓库编码'), { max: 32, message: '仓库编码最多32位!' }]}
        >
          <Input placeholder="请输入仓库编码" disabled={Boolean(editing)} />
        </Form.Item>
        <Form.Item
          name="name"
          label="仓库名称"
          rules={[required('仓库名称'), { max: 64, message: '仓库名称最多64字!' }]}
        >
          <Input placeholder="请输入仓库名称" />
        </Form.Item>
        <Form.Item name="ownerType" label="仓库类型" rules={[required('仓库类型', '选择')]}>
          <EnumSelect labels={WAREHOUSE_OWNER_TYPE} allowClear={false} />
        </Form.Item>
        <Form.Item noStyle dependencies={['ownerType']}>
          {({ getFieldValue }) =>
            getFieldValue('ownerType') === 'DEALER' && (
              <Form.Item name="ownerId" label="所属经销商" rules={[required('所属经销商', '选择')]}>
                <RemoteSelect load={dealerOptions} toOption={optionByName} placeholder="请选择经销商" />
              </Form.Item>
            )
          }
        </Form.Item>
        <Form.Item name="storageType" label="储存条件">
          <EnumSelect labels={STORAGE_CONDITION} allowClear={false} />
        </Form.Item>
        <Form.Item name="address" label="地址">
          <Input maxLength={256} placeholder="仓库地址（选填）" />
        </Form.Item>
        <Form.Item name="erpWarehouseCode" label="ERP仓库编码">
          <Input maxLength={64} placeholder="选填" />
        </Form.Item>
      </ModalForm>
    </>
  );
}
