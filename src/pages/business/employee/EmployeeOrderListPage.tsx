// 内购订单 (eEmployee/EmployeeOrderList, DOMAIN §1.16): employee orders found by order no or employee (name,
// number, mobile), 自提点, 状态 and order day, with 导出, 备货完成, 完成 and 退款 (employee:order).
// An order whose refund WeChat Pay closed or could not pay out is 已付款 again, marked 退款失败 under its status,
// and may be refunded again.
import type { ColumnsType } from 'antd/es/table';
import type { Envelope } from '../../../../common/contract';
import { EMPLOYEE_ORDER_STATUS } from '../../../../common/mall';
import {
  employeeOrderStep,
  exportEmployeeOrders,
  listEmployeeOrders,
  refundEmployeeOrder,
  type EmployeeOrder,
} from '../../../api/employeeShop';
import { useHasPermission } from '../../../components/HasPermission';
import { settle } from '../../../components/form/settle';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { dateRangeFields } from '../../../components/table/dateRange';
import { ListPage } from '../../../components/table/ListPage';
import { RowActions, type RowAction } from '../../../components/table/RowActions';
import { useListPage } from '../../../components/table/useListPage';
import {
  EMPLOYEE_ORDER_FILTERS,
  EmployeeOrderSearchFields,
  employeeOrderColumns,
} from './employeeOrderColumns';

const ORDERED_AT = dateRangeFields('orderedAt');

export default function EmployeeOrderListPage() {
  const list = useListPage<EmployeeOrder>({
    filterKeys: [...EMPLOYEE_ORDER_FILTERS, 'orderedAt_begin', 'orderedAt_end'],
    sortKeys: ['orderNo', 'payableAmount'],
    fetch: listEmployeeOrders,
  });
  const mayAct = useHasPermission('employee:order');
  const confirm = useConfirmAction();
  const act = async (run: () => Promise<Envelope<unknown>>, done: string) => {
    if (await settle(run(), done)) list.reload();
  };
  const actionsOf = (row: EmployeeOrder): RowAction[] => [
    ...(row.status === 'PAID'
      ? [
          {
            key: 'ready',
            label: '备货完成',
            onClick: () => void act(() => employeeOrderStep('ready', row.id), '已备货'),
          },
        ]
      : []),
    ...(row.status === 'PICKED_UP'
      ? [
          {
            key: 'complete',
            label: '完成',
            onClick: () => void act(() => employeeOrderStep('complete', row.id), '已完成'),
          },
        ]
      : []),
    ...(['PAID', 'READY_FOR_PICKUP'].includes(row.status)
      ? [
          {
            key: 'refund',
            label: '退款',
            danger: true,
            onClick: () =>
              confirm({
                title: `确认退款订单 ${row.orderNo}？`,
                // An online payment goes back by the original route; a 工资代扣 one is recorded as refunded.
                content:
                  row.paymentMethod === 'ONLINE'
                    ? '在线支付的金额原路退回。'
                    : '工资代扣的金额登记为线下退款。',
                okText: '退款',
                danger: true,
                action: () => refundEmployeeOrder(row.id, '后台退款'),
                onDone: list.reload,
              }),
          },
        ]
      : []),
  ];
  const columns: ColumnsType<EmployeeOrder> = [
    ...employeeOrderColumns,
    ...(mayAct
      ? [
          {
            title: '操作',
            key: 'actions',
            render: (_value: unknown, row: EmployeeOrder) => <RowActions actions={actionsOf(row)} />,
          },
        ]
      : []),
  ];
  return (
    <ListPage<EmployeeOrder>
      list={list}
      columns={columns}
      exportAs={exportEmployeeOrders}
      compactColumns={['orderNo', 'payableAmount', 'status']}
      toFilters={ORDERED_AT.toFilters}
      toFormValues={ORDERED_AT.toFormValues}
      searchFields={
        <EmployeeOrderSearchFields
          statuses={EMPLOYEE_ORDER_STATUS}
          dateField="orderedAt"
          dateLabel="下单日期"
        />
      }
    />
  );
}
