// 收款与退款 (/payment/list, payment/PaymentList): every payment of the caller's orders — online ones from WeChat
// Pay and those recorded by hand — and every refund and online transaction of the documents the caller sees,
// whatever their 单据类型 (sales orders, employee orders), each with filters and 导出 (下载中心 when large); 退款
// of a payment's order (online by the original route, recorded payments as a recorded refund), 异常退款处理 of a
// refund the payer's card refused, and 查询 of an online transaction WeChat Pay has not notified yet.
import { useState } from 'react';
import { Button, Form, Input, InputNumber, Radio, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PAYMENT_CHANNEL } from '../../../../common/orders';
import {
  ABNORMAL_REFUND_ROUTE,
  BANK_ACCOUNT_PATTERN,
  PAY_BIZ_TYPE,
  PAY_TRANSACTION_STATUS,
  PAYMENT_SOURCE,
  REFUND_CAUSE,
  REFUND_ROUTE,
  REFUND_BANK_TYPE,
  REFUND_STATUS,
  type AbnormalRefundInput,
  type PayTransactionStatus,
  type RefundStatus,
} from '../../../../common/payments';
import {
  applyAbnormalRefund,
  exportPaymentRecords,
  exportPayTransactions,
  exportRefunds,
  listPaymentRecords,
  listPayTransactions,
  listRefunds,
  queryPayTransaction,
  refundOrder,
  type PaymentRecordRow,
  type PayTransactionRow,
  type RefundRow,
} from '../../../api/payments';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { required } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { settle } from '../../../components/form/settle';
import { HasPermission } from '../../../components/HasPermission';
import { ListPage } from '../../../components/table/ListPage';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';

const yuan = (value: string) => `¥${Number(value).toFixed(2)}`;

const REFUND_COLOR: Record<RefundStatus, string> = {
  PENDING: 'default',
  PROCESSING: 'processing',
  SUCCESS: 'green',
  ABNORMAL: 'red',
  CLOSED: 'default',
};
const TRANSACTION_COLOR: Record<PayTransactionStatus, string> = {
  NOTPAY: 'processing',
  SUCCESS: 'green',
  CLOSED: 'default',
  PAYERROR: 'red',
};

const keywordField = (placeholder: string) => (
  <Form.Item name="keyword" label="关键字">
    <Input placeholder={placeholder} allowClear />
  </Form.Item>
);

const bizTypeField = (
  <Form.Item name="bizType" label="单据类型">
    <EnumSelect labels={PAY_BIZ_TYPE} placeholder="全部" style={{ width: 120 }} />
  </Form.Item>
);

/** 单据类型 and 单据号: the document a refund or transaction is of. */
const documentColumns = <T extends { bizType_dictText: string; bizNo: string }>(): ColumnsType<T> => [
  { title: '单据类型', dataIndex: 'bizType_dictText', key: 'bizType' },
  { title: '单据号', dataIndex: 'bizNo', key: 'bizNo' },
];

function PaymentRecords() {
  const list = useListPage<PaymentRecordRow>({
    filterKeys: ['keyword', 'bizType', 'source', 'channel'],
    sortKeys: ['paidAt', 'amount'],
    fetch: listPaymentRecords,
    source: 'local',
  });
  const [refunding, setRefunding] = useState<PaymentRecordRow | null>(null);
  const columns: ColumnsType<PaymentRecordRow> = [
    {
      title: '收款单号',
      dataIndex: 'paymentNo',
      key: 'paymentNo',
      render: (no: string, row) => <TwoLineCell main={no} sub={`${row.bizType_dictText} ${row.orderNo}`} />,
    },
    { title: '客户/员工', dataIndex: 'customerName', key: 'customerName' },
    { title: '金额', dataIndex: 'amount', key: 'amount', sorter: true, render: yuan },
    { title: '已退', dataIndex: 'refundedAmount', key: 'refundedAmount', render: yuan },
    {
      title: '来源',
      dataIndex: 'source',
      key: 'source',
      render: (source: string, row) => (
        <Tag color={source === 'ONLINE' ? 'green' : 'blue'}>{row.source_dictText}</Tag>
      ),
    },
    { title: '收款方式', dataIndex: 'channel_dictText', key: 'channel' },
    { title: '收款时间', dataIndex: 'paidAt', key: 'paidAt', sorter: true },
    {
      title: '交易流水号',
      key: 'reference',
      render: (_value, row) => row.transactionId ?? row.referenceNo ?? '—',
    },
    {
      title: '操作',
      key: 'actions',
      // An employee order is refunded from 内购订单 (its state follows the refund).
      render: (_value, row) =>
        row.bizType === 'ORDER' && Number(row.refundedAmount) < Number(row.amount) ? (
          <HasPermission code="payment:refund">
            <Button type="link" size="small" onClick={() => setRefunding(row)}>
              退款
            </Button>
          </HasPermission>
        ) : null,
    },
  ];
  const left = refunding ? Number(refunding.amount) - Number(refunding.refundedAmount) : 0;
  return (
    <>
      <ListPage<PaymentRecordRow>
        list={list}
        columns={columns}
        tableId="/payment/list/records"
        compactColumns={['paymentNo', 'amount', 'source', 'actions']}
        exportAs={exportPaymentRecords}
        searchFields={
          <>
            {keywordField('收款单号、单据号、客户/员工、流水号')}
            {bizTypeField}
            <Form.Item name="source" label="来源">
              <EnumSelect labels={PAYMENT_SOURCE} placeholder="全部" style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="channel" label="收款方式">
              <EnumSelect labels={PAYMENT_CHANNEL} placeholder="全部" style={{ width: 120 }} />
            </Form.Item>
          </>
        }
      />
      <ModalForm<{ amount: number; reason: string }>
        title={refunding ? `退款：订单 ${refunding.orderNo}` : '退款'}
        open={refunding !== null}
        onClose={() => setRefunding(null)}
        onSaved={list.reload}
        initialValues={{ amount: left }}
        onSubmit={(values) =>
          refundOrder({ orderId: refunding!.orderId, amount: values.amount, reason: values.reason })
        }
      >
        <Form.Item
          name="amount"
          label="退款金额"
          extra={refunding?.source === 'ONLINE' ? '在线支付原路退回' : '线下收款登记为线下退款'}
          rules={[required('退款金额')]}
        >
          <InputNumber min={0.01} precision={2} prefix="¥" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label="退款原因"
          rules={[required('退款原因'), { max: 200, message: '最多200个字!' }]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
      </ModalForm>
    </>
  );
}

function Refunds() {
  const list = useListPage<RefundRow>({
    filterKeys: ['keyword', 'bizType', 'status', 'method', 'cause'],
    sortKeys: ['createdAt', 'amount'],
    fetch: listRefunds,
    source: 'local',
  });
  const [handling, setHandling] = useState<RefundRow | null>(null);
  const columns: ColumnsType<RefundRow> = [
    { title: '退款单号', dataIndex: 'refundNo', key: 'refundNo' },
    ...documentColumns<RefundRow>(),
    { title: '买方', dataIndex: 'buyerName', key: 'buyerName' },
    { title: '退款金额', dataIndex: 'amount', key: 'amount', sorter: true, render: yuan },
    { title: '退款方式', dataIndex: 'method_dictText', key: 'method' },
    {
      title: '原因',
      dataIndex: 'cause_dictText',
      key: 'cause',
      render: (cause: string, row) => <TwoLineCell main={cause} sub={row.reason} />,
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: RefundStatus, row) => <Tag color={REFUND_COLOR[status]}>{row.status_dictText}</Tag>,
    },
    { title: '申请时间', dataIndex: 'createdAt', key: 'createdAt', sorter: true },
    { title: '退款时间', dataIndex: 'successTime', key: 'successTime', render: (value) => value ?? '—' },
    {
      title: '操作',
      key: 'actions',
      render: (_value, row) =>
        row.status === 'ABNORMAL' ? (
          <HasPermission code="payment:refund">
            <Button type="link" size="small" onClick={() => setHandling(row)}>
              异常退款处理
            </Button>
          </HasPermission>
        ) : null,
    },
  ];
  return (
    <>
      <ListPage<RefundRow>
        list={list}
        columns={columns}
        tableId="/payment/list/refunds"
        compactColumns={['refundNo', 'amount', 'status', 'actions']}
        exportAs={exportRefunds}
        searchFields={
          <>
            {keywordField('退款单号、单据号、买方')}
            {bizTypeField}
            <Form.Item name="status" label="状态">
              <EnumSelect labels={REFUND_STATUS} placeholder="全部" style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="method" label="退款方式">
              <EnumSelect labels={REFUND_ROUTE} placeholder="全部" style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="cause" label="退款原因">
              <EnumSelect labels={REFUND_CAUSE} placeholder="全部" style={{ width: 140 }} />
            </Form.Item>
          </>
        }
      />
      <ModalForm<Omit<AbnormalRefundInput, 'id'>>
        title={handling ? `异常退款处理：${handling.refundNo}` : '异常退款处理'}
        open={handling !== null}
        onClose={() => setHandling(null)}
        onSaved={list.reload}
        initialValues={{ type: 'MERCHANT_BANK_CARD' }}
        onSubmit={(values) => applyAbnormalRefund({ ...values, id: handling!.id })}
      >
        <p>
          付款人的银行卡已注销或冻结，微信支付无法原路退回 ¥
          {handling ? Number(handling.amount).toFixed(2) : ''}
          ，款项暂由微信支付保留。请选择退款去向：
        </p>
        <Form.Item name="type" label="退款去向" rules={[required('退款去向')]}>
          <Radio.Group
            options={Object.entries(ABNORMAL_REFUND_ROUTE).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(before, after) => before.type !== after.type}>
          {({ getFieldValue }) =>
            getFieldValue('type') === 'USER_BANK_CARD' && (
              <>
                <Form.Item name="bankType" label="开户银行" rules={[required('开户银行')]}>
                  <EnumSelect labels={REFUND_BANK_TYPE} placeholder="请选择开户银行" />
                </Form.Item>
                <Form.Item
                  name="bankAccount"
                  label="银行卡号"
                  rules={[
                    required('银行卡号'),
                    { pattern: new RegExp(BANK_ACCOUNT_PATTERN), message: '请输入12到19位数字的银行卡号!' },
                  ]}
                >
                  <Input inputMode="numeric" autoComplete="off" />
                </Form.Item>
                <Form.Item
                  name="realName"
                  label="持卡人姓名"
                  rules={[required('持卡人姓名'), { max: 50, message: '最多50个字!' }]}
                >
                  <Input autoComplete="off" />
                </Form.Item>
              </>
            )
          }
        </Form.Item>
      </ModalForm>
    </>
  );
}

function Transactions() {
  const list = useListPage<PayTransactionRow>({
    filterKeys: ['keyword', 'bizType', 'status'],
    sortKeys: ['createdAt', 'amount'],
    fetch: listPayTransactions,
    source: 'local',
  });
  const columns: ColumnsType<PayTransactionRow> = [
    { title: '支付单号', dataIndex: 'payNo', key: 'payNo' },
    ...documentColumns<PayTransactionRow>(),
    { title: '金额', dataIndex: 'amount', key: 'amount', sorter: true, render: yuan },
    { title: '已退', dataIndex: 'refundedAmount', key: 'refundedAmount', render: yuan },
    {
      title: '支付方式',
      dataIndex: 'tradeType_dictText',
      key: 'tradeType',
      render: (text: string, row) => (row.simulated ? `${text}（模拟器）` : text),
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: PayTransactionStatus, row) => (
        <Tag color={TRANSACTION_COLOR[status]}>{row.status_dictText}</Tag>
      ),
    },
    { title: '微信支付单号', dataIndex: 'transactionId', key: 'transactionId', render: (v) => v ?? '—' },
    { title: '创建时间', dataIndex: 'createdAt', key: 'createdAt', sorter: true },
    { title: '支付时间', dataIndex: 'successTime', key: 'successTime', render: (value) => value ?? '—' },
    {
      title: '操作',
      key: 'actions',
      render: (_value, row) =>
        row.status === 'NOTPAY' ? (
          <Button
            type="link"
            size="small"
            onClick={() => void settle(queryPayTransaction(row.payNo)).then((done) => done && list.reload())}
          >
            查询
          </Button>
        ) : null,
    },
  ];
  return (
    <ListPage<PayTransactionRow>
      list={list}
      columns={columns}
      exportAs={exportPayTransactions}
      tableId="/payment/list/transactions"
      compactColumns={['payNo', 'amount', 'status']}
      searchFields={
        <>
          {keywordField('支付单号、单据号、微信支付单号')}
          {bizTypeField}
          <Form.Item name="status" label="状态">
            <EnumSelect labels={PAY_TRANSACTION_STATUS} placeholder="全部" style={{ width: 120 }} />
          </Form.Item>
        </>
      }
    />
  );
}

export default function PaymentListPage() {
  return (
    <Tabs
      items={[
        { key: 'records', label: '收款记录', children: <PaymentRecords /> },
        { key: 'refunds', label: '退款记录', children: <Refunds /> },
        { key: 'transactions', label: '在线支付单', children: <Transactions /> },
      ]}
    />
  );
}
