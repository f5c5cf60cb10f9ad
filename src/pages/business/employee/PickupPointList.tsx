// 自提点 (the second tab of 员工价目表, DOMAIN §1.16 PickupPoint): where employees pick their orders up, found
// by name, address or contact and status, with 导出; added, edited, 停用/启用 under employee:price.
import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { ENABLED_STATUS } from '../../../../common/businessEnums';
import {
  exportPickupPoints,
  listPickupPoints,
  savePickupPoint,
  type PickupPoint,
  type PickupPointInput,
} from '../../../api/employeeShop';
import { HasPermission } from '../../../components/HasPermission';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { required } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { useEnabledColumns } from '../../../components/table/enabledColumns';
import { ListPage } from '../../../components/table/ListPage';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';

const inputOf = (point: PickupPoint): PickupPointInput => ({
  id: point.id,
  name: point.name,
  address: point.address,
  openHours: point.openHours,
  contact: point.contact,
  status: point.status,
});

export function PickupPointList() {
  const list = useListPage<PickupPoint>({
    filterKeys: ['keyword', 'status'],
    sortKeys: ['name'],
    fetch: listPickupPoints,
  });
  const [editing, setEditing] = useState<PickupPoint | null | undefined>(undefined);
  const enabledColumns = useEnabledColumns<PickupPoint>({
    noun: '自提点',
    editCode: 'employee:price',
    disablingNote: '停用后员工下单时不能再选择该自提点，已下的订单照常提货。',
    onEdit: setEditing,
    setStatus: (point, status) => savePickupPoint({ ...inputOf(point), status }),
    onSwitched: list.reload,
  });
  const columns: ColumnsType<PickupPoint> = [
    {
      title: '名称',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (name: string, point) => <TwoLineCell main={name} sub={point.openHours} />,
    },
    { title: '地址', dataIndex: 'address', key: 'address', width: 320, ellipsis: true },
    { title: '联系人', dataIndex: 'contact', key: 'contact', render: (contact) => contact ?? '—' },
    { title: '更新时间', dataIndex: 'updateTime', key: 'updateTime' },
    ...enabledColumns,
  ];
  return (
    <>
      <ListPage<PickupPoint>
        list={list}
        columns={columns}
        tableId="/eEmployee/price/points"
        exportAs={exportPickupPoints}
        compactColumns={['name', 'status']}
        searchFields={
          <>
            <Form.Item name="keyword" label="关键字">
              <Input placeholder="名称、地址、联系人" allowClear style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={ENABLED_STATUS} placeholder="全部" style={{ width: 100 }} />
            </Form.Item>
          </>
        }
        toolbar={
          <HasPermission code="employee:price">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              新增自提点
            </Button>
          </HasPermission>
        }
      />
      <ModalForm<PickupPointInput>
        title={editing ? `编辑自提点：${editing.name}` : '新增自提点'}
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        onSaved={list.reload}
        initialValues={editing ? inputOf(editing) : {}}
        onSubmit={(values) =>
          savePickupPoint({
            ...values,
            id: editing?.id,
            status: editing?.status,
            openHours: values.openHours || null,
            contact: values.contact || null,
          })
        }
      >
        <Form.Item name="name" label="名称" rules={[required('名称')]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="address" label="地址" rules={[required('地址')]}>
          <Input maxLength={256} />
        </Form.Item>
        <Form.Item name="openHours" label="开放时间">
          <Input maxLength={64} placeholder="如 工作日 9:00-18:00" />
        </Form.Item>
        <Form.Item name="contact" label="联系人">
          <Input maxLength={64} placeholder="姓名与电话" />
        </Form.Item>
      </ModalForm>
    </>
  );
}
