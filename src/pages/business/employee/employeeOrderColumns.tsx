// What 内购订单 and 自提核销's records show of an employee order, and how they filter it: the same columns and
// search fields, so the two lists (and their exports) read alike.
import { DatePicker, Form, Input, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { EmployeeOrderStatus } from '../../../../common/mall';
import { pickupPointOptions, type EmployeeOrder } from '../../../api/employeeShop';
import { EnumSelect, RemoteSelect, optionByName } from '../../../components/form/EnumSelect';
import { TwoLineCell } from '../../../components/table/TwoLineCell';

export const EMPLOYEE_ORDER_COLOR: Record<EmployeeOrderStatus, string> = {
  PENDING_PAYMENT: 'orange',
  PAID: 'blue',
  READY_FOR_PICKUP: 'cyan',
  PICKED_UP: 'green',
  COMPLETED: 'default',
  CANCELLED: 'default',
  REFUNDING: 'volcano',
  REFUNDED: 'default',
};

/** The list's filters in the URL besides the date range's two fields. */
export const EMPLOYEE_ORDER_FILTERS = ['keyword', 'pickupPointId', 'status'] as const;

/** 订单号 with its order time, 员工 with number and mobile, 自提点, 箱数, 金额 and 状态 (with a failed refund). */
export const employeeOrderColumns: ColumnsType<EmployeeOrder> = [
  {
    title: '订单号',
    dataIndex: 'orderNo',
    key: 'orderNo',
    // Order numbers run with the order time: sorted by number is sorted by time.
    sorter: true,
    render: (orderNo: string, order) => <TwoLineCell main={orderNo} sub={order.orderedAt} />,
  },
  {
    title: '员工',
    dataIndex: 'employeeName',
    key: 'employeeName',
    render: (name: string, order) => (
      <TwoLineCell main={name} sub={`${order.employeeNo} · ${order.employeeMobile}`} />
    ),
  },
  { title: '自提点', dataIndex: 'pickupPointName', key: 'pickupPointName', width: 200, ellipsis: true },
  { title: '箱数', dataIndex: 'totalCases', key: 'totalCases', align: 'right' },
  {
    title: '金额',
    dataIndex: 'payableAmount',
    key: 'payableAmount',
    sorter: true,
    align: 'right',
    render: (amount: string, order) => <TwoLineCell main={`¥${amount}`} sub={order.paymentMethod_dictText} />,
  },
  {
    title: '状态',
    dataIndex: 'status',
    key: 'status',
    render: (status: EmployeeOrderStatus, order) => (
      <TwoLineCell
        main={<Tag color={EMPLOYEE_ORDER_COLOR[status]}>{order.status_dictText}</Tag>}
        sub={
          order.refundFailure && (
            <Typography.Text type="danger">{`退款失败：${order.refundFailure}，可重新退款`}</Typography.Text>
          )
        }
      />
    ),
  },
];

/** The search fields: 关键字 (order no, employee's name, number or mobile), 自提点, 状态 and a date range. */
export function EmployeeOrderSearchFields({
  statuses,
  dateField,
  dateLabel,
}: {
  statuses: Record<string, string>;
  dateField: string;
  dateLabel: string;
}) {
  return (
    <>
      <Form.Item name="keyword" label="关键字">
        <Input placeholder="订单号/姓名/工号/手机号" allowClear style={{ width: 220 }} />
      </Form.Item>
      <Form.Item name="pickupPointId" label="自提点">
        <RemoteSelect
          load={pickupPointOptions}
          toOption={optionByName}
          placeholder="全部"
          style={{ width: 180 }}
        />
      </Form.Item>
      <Form.Item name="status" label="状态">
        <EnumSelect labels={statuses} placeholder="全部" style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name={dateField} label={dateLabel}>
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
    </>
  );
}
