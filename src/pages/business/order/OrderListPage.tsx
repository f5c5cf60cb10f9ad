// 订单列表 (eOrder/OrderList): orders by status tab (with counts under the same filters), filtered by
// number, customer, dealer, date range, type, payment and ERP sync, sorted and paged in the URL;
// 批量审核 / 批量打印 on the selection; the detail drawer and the dialogs of each step. Buttons follow
// the shared transition table and the user's codes; the server decides.
import { useCallback, useEffect } from 'react';
import { Alert, Badge, Button, DatePicker, Form, Input, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ORDER_COUNT_CAP,
  ORDER_ERP_SYNC_STATUS,
  ORDER_STATUS,
  ORDER_STATUS_TABS,
  ORDER_TYPE,
  PAYMENT_STATUS,
  type OrderListRecord,
} from '../../../../common/orders';
import { dealerOptions } from '../../../api/customers';
import { exportOrders, listOrders } from '../../../api/orders';
import type { ListParams } from '../../../api/systemTypes';
import { EnumSelect, RemoteSelect, optionByName } from '../../../components/form/EnumSelect';
import { contains } from '../../../components/table/listQuery';
import { ListPage } from '../../../components/table/ListPage';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';
import { selectListVersion, selectOrderCounts } from '../../../features/orders/selectors';
import { countsRequested, detailOpened } from '../../../features/orders/slice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { BatchOrderActions, CreateOrderButton, OrderRowActions } from './OrderActions';
import { OrderDialogs } from './OrderDialogs';
import { OrderDrawer } from './OrderDrawer';
import { money, STATUS_COLOR } from './orderView';
import { useOrderDialogs } from './useOrderDialogs';

const DATE = 'YYYY-MM-DD';
const DRILL_KEYS = [
  'salesOnly',
  'orgCode',
  'salesRepId',
  'salesDealerId',
  'customerType',
  'brandId',
  'categoryId',
  'skuId',
] as const;
const FILTER_KEYS = [
  'status',
  'orderNo',
  'customerName',
  'dealerId',
  'orderType',
  'paymentStatus',
  'erpSyncStatus',
  'orderedAt_begin',
  'orderedAt_end',
  // Not in the search form: set by a drill-through from 销售分析 (salesDrillFilters), shown above the table.
  ...DRILL_KEYS,
] as const;
const SYNC_BADGE: Record<string, 'success' | 'error' | 'processing' | 'default'> = {
  SUCCESS: 'success',
  FAILED: 'error',
  PENDING: 'processing',
  NOT_REQUIRED: 'default',
};

/** The date range is one picker in the form and two fields in the URL. */
export function orderFilters(values: Record<string, unknown>): Record<string, string | undefined> {
  const { orderedAt, ...rest } = values;
  const range = orderedAt as [Dayjs | null, Dayjs | null] | null | undefined;
  return {
    ...Object.fromEntries(
      Object.entries(rest).map(([key, value]) => [key, value == null ? undefined : String(value).trim()]),
    ),
    orderedAt_begin: range?.[0]?.format(DATE),
    orderedAt_end: range?.[1]?.format(DATE),
  };
}

export function orderFormValues(filters: Record<string, string>): Record<string, unknown> {
  const { orderedAt_begin: begin, orderedAt_end: end, ...rest } = filters;
  return {
    ...rest,
    orderedAt: begin || end ? [begin ? dayjs(begin) : null, end ? dayjs(end) : null] : undefined,
  };
}

/** The server matches text filters exactly unless given as `*x*`: number and customer are searched in. */
export function orderQuery<P extends Record<string, string | number | undefined>>(params: P): P {
  return {
    ...params,
    orderNo: contains(params.orderNo as string | undefined),
    customerName: contains(params.customerName as string | undefined),
  };
}

const fetchOrders = (params: ListParams) => listOrders(orderQuery(params));

export default function OrderListPage() {
  const dispatch = useAppDispatch();
  const counts = useAppSelector(selectOrderCounts);
  const listVersion = useAppSelector(selectListVersion);
  const list = useListPage<OrderListRecord>({
    filterKeys: FILTER_KEYS,
    sortKeys: ['orderNo', 'orderedAt', 'payableAmount', 'totalBaseQty', 'status', 'printCount'],
    defaultSort: { column: 'orderedAt', order: 'desc' },
    fetch: fetchOrders,
  });
  const dialogs = useOrderDialogs();
  const { query, reload } = list;
  const { status = '', ...otherFilters } = query.filters;
  const countKey = JSON.stringify(otherFilters);
  // The tab counts follow the other filters (and every change of orders).
  useEffect(() => {
    dispatch(countsRequested(orderQuery(JSON.parse(countKey) as Record<string, string>)));
  }, [dispatch, countKey, listVersion]);
  // A command done anywhere on the page (a dialog, the drawer) shows in the table.
  useEffect(() => {
    if (listVersion > 0) reload();
  }, [listVersion, reload]);
  const openDetail = useCallback((id: string) => dispatch(detailOpened(id)), [dispatch]);

  const columns: ColumnsType<OrderListRecord> = [
    {
      title: '订单号',
      dataIndex: 'orderNo',
      key: 'orderNo',
      sorter: true,
      fixed: 'left',
      render: (orderNo: string, order) => (
        <TwoLineCell
          main={
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => openDetail(order.id)}>
              {orderNo}
            </Button>
          }
          sub={order.orderType_dictText}
        />
      ),
    },
    {
      title: '订单状态',
      dataIndex: 'status',
      key: 'status',
      sorter: true,
      render: (value: string, order) => <Tag color={STATUS_COLOR[value]}>{order.status_dictText}</Tag>,
    },
    {
      title: '下单时间',
      dataIndex: 'orderedAt',
      key: 'orderedAt',
      sorter: true,
      render: (at: string) => <TwoLineCell main={at.slice(0, 10)} sub={at.slice(11)} />,
    },
    {
      title: '客户 / 经销商',
      dataIndex: 'buyerName',
      key: 'buyerName',
      width: 130,
      ellipsis: true,
      render: (name: string, order) => (
        <TwoLineCell
          main={name}
          sub={`${order.sellerName ?? '品牌直供'}${order.salesRepName ? ` · ${order.salesRepName}` : ''}`}
        />
      ),
    },
    {
      title: '箱数',
      dataIndex: 'totalBaseQty',
      key: 'totalBaseQty',
      sorter: true,
      align: 'right',
      render: (_value, order) => order.totalCases,
    },
    {
      title: '应付 / 优惠',
      dataIndex: 'payableAmount',
      key: 'payableAmount',
      sorter: true,
      align: 'right',
      render: (payable: string, order) => (
        <TwoLineCell main={money(payable)} sub={`优惠 ${money(order.discountTotal)}`} />
      ),
    },
    {
      title: '支付',
      dataIndex: 'paymentStatus',
      key: 'paymentStatus',
      render: (_value, order) => (
        <TwoLineCell main={order.paymentMethod_dictText} sub={order.paymentStatus_dictText} />
      ),
    },
    {
      title: 'ERP同步 / 打印',
      dataIndex: 'printCount',
      key: 'printCount',
      sorter: true,
      render: (printCount: number, order) => (
        <TwoLineCell
          main={
            <Badge
              status={SYNC_BADGE[order.erpSyncStatus] ?? 'default'}
              text={order.erpSyncStatus_dictText}
            />
          }
          sub={`已打印 ${printCount} 次`}
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, order) => (
        <OrderRowActions order={order} open={dialogs.open} onDetail={() => openDetail(order.id)} />
      ),
    },
  ];

  const drilled = DRILL_KEYS.some((key) => query.filters[key]);

  return (
    <>
      {drilled && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={`销售分析明细：${query.filters.orderedAt_begin ?? ''} 至 ${query.filters.orderedAt_end ?? ''} 的${
            query.filters.salesOnly ? '有效' : ''
          }订单（含分析行的维度筛选）`}
          action={
            <Button
              size="small"
              onClick={() =>
                list.search(
                  Object.fromEntries(
                    Object.entries(query.filters).filter(
                      ([key]) => !(DRILL_KEYS as readonly string[]).includes(key),
                    ),
                  ),
                )
              }
            >
              清除明细筛选
            </Button>
          }
        />
      )}
      <Tabs
        activeKey={status || 'ALL'}
        onChange={(key) => list.search({ ...query.filters, status: key === 'ALL' ? undefined : key })}
        items={ORDER_STATUS_TABS.map((key) => ({
          key,
          label: (
            <span>
              {key === 'ALL' ? '全部' : ORDER_STATUS[key]}
              {counts[key] !== undefined && (
                <Badge
                  count={counts[key]}
                  // The server stops counting at the cap: 5000+.
                  overflowCount={ORDER_COUNT_CAP}
                  showZero
                  color={key === (status || 'ALL') ? '#1677ff' : '#bfbfbf'}
                  style={{ marginLeft: 6 }}
                />
              )}
            </span>
          ),
        }))}
      />
      <ListPage<OrderListRecord>
        list={list}
        columns={columns}
        totalCap={ORDER_COUNT_CAP}
        compactColumns={['orderNo', 'status', 'payableAmount']}
        exportAs={(params) => exportOrders(orderQuery(params))}
        toFormValues={orderFormValues}
        // The status belongs to the tab: a search keeps it.
        toFilters={(values) => ({ ...orderFilters(values), status: status || undefined })}
        searchFields={
          <>
            <Form.Item name="orderNo" label="订单号">
              <Input placeholder="SO…" allowClear style={{ width: 170 }} />
            </Form.Item>
            <Form.Item name="customerName" label="客户">
              <Input placeholder="名称/编码" allowClear style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="dealerId" label="经销商">
              <RemoteSelect
                load={dealerOptions}
                toOption={optionByName}
                placeholder="全部"
                style={{ width: 170 }}
              />
            </Form.Item>
            <Form.Item name="orderedAt" label="下单日期">
              <DatePicker.RangePicker allowEmpty={[true, true]} />
            </Form.Item>
            <Form.Item name="orderType" label="类型">
              <EnumSelect labels={ORDER_TYPE} placeholder="全部" style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="paymentStatus" label="支付状态">
              <EnumSelect labels={PAYMENT_STATUS} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="erpSyncStatus" label="ERP同步">
              <EnumSelect labels={ORDER_ERP_SYNC_STATUS} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
          </>
        }
        toolbar={<CreateOrderButton open={dialogs.open} />}
        batchActions={(selected) => <BatchOrderActions orders={selected} open={dialogs.open} />}
      />
      <OrderDrawer open={dialogs.open} />
      <OrderDialogs state={dialogs.state} onClose={dialogs.close} />
    </>
  );
}
