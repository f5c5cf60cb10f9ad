// 经销商库存 (eCustStock/CustStockList): the stock of the dealers' warehouses per dealer and SKU, with the
// oldest batch, the highest stock age and what of it is near expiry or expired.
import { Form, Input, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { FRESHNESS_CLASS } from '../../../../common/businessEnums';
import { listBrands } from '../../../api/products';
import { dealerOptions } from '../../../api/customers';
import { exportDealerStock, listDealerStock, type DealerStockRow } from '../../../api/stock';
import type { ListParams } from '../../../api/systemTypes';
import { EnumSelect, RemoteSelect, optionByName } from '../../../components/form/EnumSelect';
import { ListPage } from '../../../components/table/ListPage';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';

const loadBrands = () => listBrands({ pageSize: 200 });

type Row = DealerStockRow & { key: string };

/** A row is a dealer and a SKU: its key is the pair. */
async function fetchRows(params: ListParams) {
  const answer = await listDealerStock(params);
  if (!answer.success) return answer as typeof answer & { result: { records: Row[] } };
  const records = answer.result.records.map((row) => ({ ...row, key: `${row.dealerId}:${row.skuId}` }));
  return { ...answer, result: { ...answer.result, records } };
}

const columns: ColumnsType<Row> = [
  {
    title: '经销商',
    dataIndex: 'dealerName',
    key: 'dealerName',
    render: (name: string, row) => <TwoLineCell main={name} sub={row.dealerCode} />,
  },
  {
    title: '商品',
    dataIndex: 'skuCode',
    key: 'skuCode',
    render: (code: string, row) => <TwoLineCell main={row.skuName} sub={code} />,
  },
  { title: '库存', dataIndex: 'qtyOnHandText', key: 'qtyOnHand', align: 'right' },
  { title: '批次数', dataIndex: 'lots', key: 'lots', align: 'right' },
  { title: '最早生产日期', dataIndex: 'oldestProductionDate', key: 'oldestProductionDate' },
  {
    title: '最大库龄',
    dataIndex: 'maxStockAgeDays',
    key: 'maxStockAgeDays',
    align: 'right',
    render: (days: number) => `${days}天`,
  },
  {
    title: '临期/过期',
    dataIndex: 'nearExpiryQty',
    key: 'nearExpiryQty',
    align: 'right',
    render: (qty: number, row) =>
      qty > 0 ? (
        <Tag color="orange">{row.nearExpiryQtyText}</Tag>
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      ),
  },
];

export default function DealerStockPage() {
  const list = useListPage<Row>({
    filterKeys: ['keyword', 'dealerId', 'brandId', 'freshness'],
    sortKeys: [],
    fetch: fetchRows,
  });
  return (
    <ListPage<Row>
      list={list}
      exportAs={exportDealerStock}
      compactColumns={['dealerName', 'skuCode', 'qtyOnHand']}
      columns={columns}
      rowKey="key"
      searchFields={
        <>
          <Form.Item name="keyword" label="关键词">
            <Input placeholder="商品编码/名称/批次号" allowClear />
          </Form.Item>
          <Form.Item name="dealerId" label="经销商">
            <RemoteSelect
              load={dealerOptions}
              toOption={optionByName}
              placeholder="全部经销商"
              style={{ width: 200 }}
            />
          </Form.Item>
          <Form.Item name="brandId" label="品牌">
            <RemoteSelect
              load={loadBrands}
              toOption={optionByName}
              placeholder="全部品牌"
              style={{ width: 140 }}
            />
          </Form.Item>
          <Form.Item name="freshness" label="效期">
            <EnumSelect labels={FRESHNESS_CLASS} placeholder="全部" style={{ width: 110 }} />
          </Form.Item>
        </>
      }
    />
  );
}
