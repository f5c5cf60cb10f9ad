// 领用/退库 (mes/SpareMovementList): every movement (采购入库, 领用, 维修消耗, 退库, 旧件返还, 调拨, 报废) and the
// form of the moves made by hand (spare:move); serial-tracked parts take their serial numbers.
import { Button, Form, Input, InputNumber, Tag } from 'antd';
import { useState } from 'react';
import { MANUAL_PART_MOVES, PART_MOVE_TYPE } from '../../../../common/repairs';
import {
  exportSpareMovements,
  listSpareMovements,
  moveSpareParts,
  sparePartOptions,
  spareWarehouseOptions,
} from '../../../api/repairs';
import { HasPermission } from '../../../components/HasPermission';
import { EnumSelect, RemoteSelect } from '../../../components/form/EnumSelect';
import { required, requiredNumber } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { MesList } from './MesList';

type Movement = Record<string, unknown> & { id: string };
const MANUAL = Object.fromEntries(MANUAL_PART_MOVES.map((code) => [code, PART_MOVE_TYPE[code]]));
const warehouseOption = (row: { id: string; name: string; warehouseType_dictText: string }) => ({
  value: row.id,
  label: `${row.name}（${row.warehouseType_dictText}）`,
});
const partOption = (row: { id: string; partCode: string; name: string }) => ({
  value: row.id,
  label: `${row.partCode} ${row.name}`,
});

export default function SpareMovementListPage() {
  const [moving, setMoving] = useState(false);
  return (
    <MesList<Movement>
      fetch={listSpareMovements}
      exportAs={exportSpareMovements}
      filterKeys={['moveType']}
      searchFields={
        <Form.Item name="moveType" label="类型">
          <EnumSelect labels={PART_MOVE_TYPE} placeholder="全部" style={{ width: 120 }} />
        </Form.Item>
      }
      toolbar={() => (
        <HasPermission code="spare:move">
          <Button type="primary" onClick={() => setMoving(true)}>
            入库/领用/退库
          </Button>
        </HasPermission>
      )}
      compactColumns={['part', 'moveType', 'qty']}
      columns={() => [
        {
          title: '时间',
          dataIndex: 'occurredAt',
          key: 'occurredAt',
          render: (at: string) => <TwoLineCell main={at.slice(0, 10)} sub={at.slice(11)} />,
        },
        {
          title: '类型',
          dataIndex: 'moveType_dictText',
          key: 'moveType',
          render: (value) => <Tag>{String(value)}</Tag>,
        },
        {
          title: '备件 / 仓库',
          dataIndex: 'partName',
          key: 'part',
          width: 220,
          ellipsis: true,
          render: (_value, row) => (
            <TwoLineCell
              main={`${String(row.partCode)} ${String(row.partName)}`}
              sub={String(row.warehouseName)}
            />
          ),
        },
        {
          title: '数量 / 结存',
          dataIndex: 'qty',
          key: 'qty',
          align: 'right',
          render: (value: number, row) => (
            <TwoLineCell main={value > 0 ? `+${value}` : value} sub={`结存 ${String(row.balance)}`} />
          ),
        },
        {
          title: '序列号',
          dataIndex: 'serialNos',
          key: 'serialNos',
          width: 120,
          ellipsis: true,
          render: (value: string[]) => value.join('、') || '—',
        },
        {
          title: '工单/申请',
          key: 'doc',
          render: (_value, row) => String(row.orderNo ?? row.requestNo ?? '—'),
        },
        {
          title: '备注',
          dataIndex: 'remark',
          key: 'remark',
          width: 160,
          ellipsis: true,
          render: (value) => String(value ?? '—'),
        },
        {
          title: '操作人',
          dataIndex: 'operatorName',
          key: 'operatorName',
          render: (value) => String(value ?? '系统'),
        },
      ]}
      extra={(list) =>
        moving && (
          <ModalForm<Record<string, unknown> & { serialText?: string }>
            title="备件出入库"
            open
            onClose={() => setMoving(false)}
            onSaved={list.reload}
            initialValues={{ moveType: 'ISSUE' }}
            onSubmit={({ serialText, ...values }) =>
              moveSpareParts({ ...values, serialNos: (serialText ?? '').split(/[\s,，]+/).filter(Boolean) })
            }
          >
            <Form.Item name="moveType" label="类型" rules={[required('类型', '选择')]}>
              <EnumSelect labels={MANUAL} allowClear={false} />
            </Form.Item>
            <Form.Item name="partId" label="备件" rules={[required('备件', '选择')]}>
              <RemoteSelect
                load={sparePartOptions}
                toOption={partOption}
                placeholder="请选择备件"
                showSearch
              />
            </Form.Item>
            <Form.Item name="warehouseId" label="来源/入库仓库" rules={[required('仓库', '选择')]}>
              <RemoteSelect
                load={spareWarehouseOptions}
                toOption={warehouseOption}
                placeholder="请选择仓库"
              />
            </Form.Item>
            <Form.Item name="toWarehouseId" label="目标仓库" extra="领用、退库、调拨须选择">
              <RemoteSelect
                load={spareWarehouseOptions}
                toOption={warehouseOption}
                placeholder="请选择仓库"
                allowClear
              />
            </Form.Item>
            <Form.Item name="qty" label="数量" rules={[requiredNumber('数量')]}>
              <InputNumber min={1} precision={0} />
            </Form.Item>
            <Form.Item name="serialText" label="序列号" extra="序列号管理的备件：每个一行或用逗号分隔">
              <Input.TextArea rows={2} />
            </Form.Item>
            <Form.Item name="remark" label="备注" extra="报废须填写原因">
              <Input maxLength={256} />
            </Form.Item>
          </ModalForm>
        )
      }
    />
  );
}
