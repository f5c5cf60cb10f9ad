// 库存流水 (eprod/StockMovementList): every stock movement as written, newest first — one row per in, out,
// transfer leg or count adjustment, with the lot's balance after it. Read-only: a balance is never edited.
import { PAGE_SIZE_MAX } from '../../../../common/constants';
import { Form, Input, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { MOVEMENT_TYPE } from '../../../../common/businessEnums';
import { exportMovements, listMovements, listWarehouses, type StockMovement } from '../../../api/stock';
import { EnumSelect, RemoteSelect, optionByName } from '../../../components/form/EnumSelect';
import { ListPage } from '../../../components/table/ListPage';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';

const loadWarehouses = () => listWarehouses({ pageSize: PAGE_SIZE_MAX });
const DIRECTION = { IN: '入库', OUT: '出库' };

const columns: ColumnsType<StockMovement> = [
  {
    title: '流水号 / 时间',
    dataIndex: 'movementNo',
    key: 'movementNo',
    sorter: true,
    render: (no: string, row) => <TwoLineCell main={no} sub={row.occurredAt} />,
  },
  {
    title: '类型',
    dataIndex: 'movementType',
    key: 'movementType',
    render: (_type: string, row) => (
      <Tag color={row.direction === 'IN' ? 'green' : 'orange'}>{row.movementType_dictText}</Tag>
    ),
  },
  { title: '仓库', dataIndex: 'warehouseName', key: 'warehouseName' },
  {
    title: '商品',
    dataIndex: 'skuCode',
    key: 'skuCode',
    render: (code: string, row) => <TwoLineCell main={row.skuName} sub={code} />,
  },
  {
    title: '批次 / 生产日期',
    dataIndex: 'batchNo',
    key: 'batchNo',
    render: (batch: string, row) => <TwoLineCell main={batch} sub={row.productionDate} />,
  },
  {
    title: '数量',
    dataIndex: 'baseQtyText',
    key: 'baseQty',
    align: 'right',
    render: (text: string, row) => `${row.direction === 'IN' ? '+' : '−'}${text}`,
  },
  { title: '结存', dataIndex: 'balanceAfterText', key: 'balanceAfter', align: 'right' },
  {
    title: '单号 / 备注',
    dataIndex: 'sourceDocNo',
    key: 'sourceDocNo',
    render: (doc: string | null, row) => <TwoLineCell main={doc ?? '—'} sub={row.remark} />,
  },
  {
    title: '操作人',
    dataIndex: 'operatorName',
    key: 'operatorName',
    render: (name: string | null) => name ?? '—',
  },
];

export default function StockMovementPage() {
  const list = useListPage<StockMovement>({
    filterKeys: ['movementNo', 'batchNo', 'warehouseId', 'direction', 'movementType', 'lotId'],
    sortKeys: ['occurredAt', 'movementNo'],
    defaultSort: { column: 'occurredAt', order: 'desc' },
    fetch: listMovements,
  });
  return (
    <ListPage<StockMovement>
      list={list}
      exportAs={exportMovements}
      compactColumns={['movementNo', 'movementType', 'baseQty']}
      columns={columns}
      searchFields={
        <>
          <Form.Item name="movementNo" label="流水号">
            <Input placeholder="流水号" allowClear />
          </Form.Item>
          <Form.Item name="batchNo" label="批次号">
            <Input placeholder="批次号" allowClear />
          </Form.Item>
          <Form.Item name="warehouseId" label="仓库">
            <RemoteSelect
              load={loadWarehouses}
              toOption={optionByName}
              placeholder="全部仓库"
              style={{ width: 180 }}
            />
          </Form.Item>
          <Form.Item name="direction" label="方向">
            <EnumSelect labels={DIRECTION} placeholder="全部" style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="movementType" label="类型">
            <EnumSelect labels={MOVEMENT_TYPE} placeholder="全部类型" style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="lotId" hidden>
            <Input />
          </Form.Item>
        </>
      }
    />
  );
}
