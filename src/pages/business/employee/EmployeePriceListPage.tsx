// 员工价目表 (eEmployee/EmployeePriceList, DOMAIN §1.16): the active employee price lists' SKUs and prices (kept
// in 价目表 as lists of type 员工价), found by SKU, price list and whether a monthly limit is set, each SKU's
// monthly limit set here (employee:price); and, on the second tab, the 自提点 the employees pick up at.
import { useState } from 'react';
import { Button, Form, Input, InputNumber, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useSearchParams } from 'react-router';
import {
  employeePriceLists,
  exportEmployeePrices,
  listEmployeePrices,
  saveSkuLimit,
  type EmployeePriceItem,
} from '../../../api/employeeShop';
import { HasPermission } from '../../../components/HasPermission';
import { EnumSelect, RemoteSelect, optionByName } from '../../../components/form/EnumSelect';
import { ModalForm } from '../../../components/form/ModalForm';
import { ListPage } from '../../../components/table/ListPage';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';
import { PickupPointList } from './PickupPointList';

const LIMITED = { true: '已限购', false: '不限购' };

const TABS = [
  { key: 'prices', label: '员工价' },
  { key: 'points', label: '自提点' },
];

export default function EmployeePriceListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'points' ? 'points' : 'prices';
  return (
    <>
      <Tabs
        activeKey={tab}
        // A new tab starts from its first page without filters.
        onChange={(key) => setSearchParams(key === 'points' ? { tab: key } : {})}
        items={TABS}
      />
      {tab === 'points' ? <PickupPointList /> : <EmployeePriceList />}
    </>
  );
}

function EmployeePriceList() {
  const list = useListPage<EmployeePriceItem>({
    filterKeys: ['keyword', 'priceListId', 'limited'],
    sortKeys: ['skuCode', 'price', 'perMonthLimitQty'],
    fetch: listEmployeePrices,
  });
  const [limiting, setLimiting] = useState<EmployeePriceItem | null>(null);
  const columns: ColumnsType<EmployeePriceItem> = [
    { title: '商品编码', dataIndex: 'skuCode', key: 'skuCode', sorter: true },
    {
      title: '商品',
      dataIndex: 'skuName',
      key: 'skuName',
      render: (name: string, item) => <TwoLineCell main={name} sub={item.spec} />,
    },
    {
      title: '员工价',
      dataIndex: 'price',
      key: 'price',
      sorter: true,
      align: 'right',
      render: (price: string, item) => `¥${price}/${item.unit === 'CASE' ? item.saleUnit : '件'}`,
    },
    { title: '价目表', dataIndex: 'priceListName', key: 'priceListName' },
    {
      title: '每月限购',
      dataIndex: 'perMonthLimitQty',
      key: 'perMonthLimitQty',
      sorter: true,
      align: 'right',
      render: (limit: number | null) => (limit === null ? '不限' : `${limit} 箱`),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_value, item) => (
        <HasPermission code="employee:price">
          <Button type="link" size="small" onClick={() => setLimiting(item)}>
            设置限购
          </Button>
        </HasPermission>
      ),
    },
  ];
  return (
    <>
      <ListPage<EmployeePriceItem>
        list={list}
        columns={columns}
        tableId="/eEmployee/price/prices"
        exportAs={exportEmployeePrices}
        compactColumns={['skuName', 'price', 'perMonthLimitQty']}
        searchFields={
          <>
            <Form.Item name="keyword" label="商品">
              <Input placeholder="编码、名称" allowClear style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="priceListId" label="价目表">
              <RemoteSelect
                load={employeePriceLists}
                toOption={optionByName}
                placeholder="全部"
                style={{ width: 180 }}
              />
            </Form.Item>
            <Form.Item name="limited" label="限购">
              <EnumSelect labels={LIMITED} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
          </>
        }
      />
      <ModalForm<{ perMonthLimitQty: number | null }>
        title={limiting ? `每月限购：${limiting.skuName}` : '每月限购'}
        open={limiting !== null}
        onClose={() => setLimiting(null)}
        onSaved={list.reload}
        width={480}
        initialValues={{ perMonthLimitQty: limiting?.perMonthLimitQty ?? null }}
        onSubmit={(values) => saveSkuLimit(limiting!.skuId, values.perMonthLimitQty ?? null)}
      >
        <Form.Item name="perMonthLimitQty" label="每月限购" extra="每位员工每月最多可购的箱数；留空为不限">
          <InputNumber
            min={0}
            max={100000}
            precision={0}
            suffix="箱"
            placeholder="不限"
            style={{ width: 160 }}
          />
        </Form.Item>
      </ModalForm>
    </>
  );
}
