// 自提核销 (eEmployee/PickupVerify, DOMAIN §1.16): the pickup code typed, or scanned by a barcode scanner (which
// types it and presses Enter), shows its employee order; 确认核销 hands the goods over (PAID / 待自提 → 已提货).
// Under it, the counter's records: the orders waiting to be picked up and those handed over, found by employee,
// 自提点, 状态 and pickup day, with who handed each over, and 导出 for the reconciliation.
import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Input, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EMPLOYEE_ORDER_STATUS, EMPLOYEE_PICKUP_STATUSES } from '../../../../common/mall';
import {
  confirmPickup,
  exportPickups,
  listPickups,
  lookupPickupCode,
  type EmployeeOrder,
} from '../../../api/employeeShop';
import { HasPermission } from '../../../components/HasPermission';
import { dateRangeFields } from '../../../components/table/dateRange';
import { ListPage } from '../../../components/table/ListPage';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';
import {
  EMPLOYEE_ORDER_FILTERS,
  EmployeeOrderSearchFields,
  employeeOrderColumns,
} from './employeeOrderColumns';

const CODE = /^\d{8}$/;

const PICKED_UP_AT = dateRangeFields('pickedUpAt');
const PICKUP_STATUS = Object.fromEntries(
  EMPLOYEE_PICKUP_STATUSES.map((status) => [status, EMPLOYEE_ORDER_STATUS[status]]),
);

const recordColumns: ColumnsType<EmployeeOrder> = [
  ...employeeOrderColumns,
  {
    title: '提货时间 / 核销人',
    dataIndex: 'pickedUpAt',
    key: 'pickedUpAt',
    sorter: true,
    render: (pickedUpAt: string | null, order) =>
      pickedUpAt ? <TwoLineCell main={pickedUpAt} sub={order.pickedUpByName} /> : '待提货',
  },
];

export default function PickupVerifyPage() {
  const records = useListPage<EmployeeOrder>({
    filterKeys: [...EMPLOYEE_ORDER_FILTERS, 'pickedUpAt_begin', 'pickedUpAt_end'],
    sortKeys: ['orderNo', 'payableAmount', 'pickedUpAt'],
    fetch: listPickups,
  });
  return (
    <>
      <PickupDesk onPickedUp={records.reload} />
      <Card title="核销记录" style={{ marginTop: 16 }}>
        <ListPage<EmployeeOrder>
          list={records}
          columns={recordColumns}
          exportAs={exportPickups}
          compactColumns={['orderNo', 'payableAmount', 'status']}
          toFilters={PICKED_UP_AT.toFilters}
          toFormValues={PICKED_UP_AT.toFormValues}
          searchFields={
            <EmployeeOrderSearchFields statuses={PICKUP_STATUS} dateField="pickedUpAt" dateLabel="提货日期" />
          }
        />
      </Card>
    </>
  );
}

/** The code typed or scanned, its order, and 确认核销. */
function PickupDesk({ onPickedUp }: { onPickedUp: () => void }) {
  const { message } = App.useApp();
  const [code, setCode] = useState('');
  const [order, setOrder] = useState<EmployeeOrder | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const lookup = async (value = code) => {
    const trimmed = value.trim();
    setDone(null);
    if (!CODE.test(trimmed)) {
      message.warning('请输入 8 位提货码');
      return;
    }
    setBusy(true);
    try {
      const answer = await lookupPickupCode(trimmed);
      setOrder(answer.success ? answer.result : null);
    } catch {
      setOrder(null);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    setBusy(true);
    try {
      const answer = await confirmPickup(code.trim());
      if (answer.success) {
        setDone(`订单 ${answer.result.orderNo} 已核销提货`);
        setOrder(null);
        setCode('');
        onPickedUp();
      }
    } catch {
      // The failure is shown by the request layer.
    } finally {
      setBusy(false);
    }
  };

  const ready = order && ['PAID', 'READY_FOR_PICKUP'].includes(order.status);
  return (
    <Card title="自提核销">
      <Space.Compact style={{ width: 420, maxWidth: '100%' }}>
        <Input
          aria-label="提货码"
          placeholder="输入或扫描 8 位提货码"
          value={code}
          maxLength={8}
          autoFocus
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          onPressEnter={() => void lookup()}
        />
        <Button type="primary" loading={busy} onClick={() => void lookup()}>
          查询
        </Button>
      </Space.Compact>
      {done && <Alert style={{ marginTop: 16 }} type="success" showIcon title={done} />}
      {order && (
        <div style={{ marginTop: 16 }}>
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label="订单号">{order.orderNo}</Descriptions.Item>
            <Descriptions.Item label="状态">{order.status_dictText}</Descriptions.Item>
            <Descriptions.Item label="员工">
              {order.employeeName}（{order.employeeNo}）
            </Descriptions.Item>
            <Descriptions.Item label="手机号">{order.employeeMobile}</Descriptions.Item>
            <Descriptions.Item label="自提点">{order.pickupPointName}</Descriptions.Item>
            <Descriptions.Item label="金额">¥{order.payableAmount}</Descriptions.Item>
          </Descriptions>
          <Table
            style={{ marginTop: 12 }}
            size="small"
            rowKey="skuId"
            pagination={false}
            dataSource={order.lines ?? []}
            columns={[
              { title: '商品', dataIndex: 'skuName' },
              {
                title: '数量',
                dataIndex: 'cases',
                render: (cases: number, line) => `${cases}${line.saleUnit}`,
              },
              { title: '金额', dataIndex: 'amount', render: (amount: string) => `¥${amount}` },
            ]}
          />
          <HasPermission code="employee:pickup">
            <Button
              style={{ marginTop: 12 }}
              type="primary"
              disabled={!ready}
              loading={busy}
              onClick={() => void confirm()}
            >
              确认核销
            </Button>
          </HasPermission>
          {!ready && (
            <Alert
              style={{ marginTop: 12 }}
              type="warning"
              showIcon
              title={`该订单为「${order.status_dictText}」，不能核销`}
            />
          )}
        </div>
      )}
    </Card>
  );
}
