// 兑付批次 (/esdh/payout, esdh/DisplayPayoutBatch): choose a month → 核算 (the monthly job's computation, run now) →
// the payable list with each payment's base, deduction by result and payable amount (a 按季 / 到期一次 payout is in
// the batch of its last month and shows the months it pays for) → 导出 to finance (下载中心 when
// large) → 标记已兑付 (the chosen rows or every payable one of the month) under finance's voucher number.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Space, Statistic, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CalculatorOutlined } from '@ant-design/icons';
import {
  DISPLAY_FEE_TYPE,
  DISPLAY_PAYMENT_STATUS,
  type DisplayPaymentStatus,
} from '../../../../common/displays';
import {
  calculateDisplayPayments,
  exportDisplayPayments,
  getPayoutSummary,
  listDisplayPayments,
  markDisplayPaymentsPaid,
  type DisplayPayment,
} from '../../../api/displays';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { required } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { settle } from '../../../components/form/settle';
import { HasPermission } from '../../../components/HasPermission';
import { ListPage } from '../../../components/table/ListPage';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';
import { yuan } from './DisplayAgreementDrawer';

const STATUS_COLOR: Record<DisplayPaymentStatus, string> = {
  PENDING_CALC: 'default',
  PENDING_PAY: 'processing',
  PAID: 'green',
  DEDUCTED: 'red',
  HELD: 'orange',
};

const thisMonth = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);

type Summary = Awaited<ReturnType<typeof getPayoutSummary>> extends { result: infer R } ? R : never;

export default function DisplayPayoutBatchPage() {
  const [period, setPeriod] = useState(thisMonth);
  const list = useListPage<DisplayPayment>({
    filterKeys: ['keyword', 'status', 'method'],
    sortKeys: ['payableAmount'],
    fetch: listDisplayPayments,
    fixedParams: { period },
  });
  const [summary, setSummary] = useState<Summary | null>(null);
  const [calculating, setCalculating] = useState(false);
  const [paying, setPaying] = useState<{ ids?: string[]; done: () => void } | null>(null);
  const loadSummary = useCallback(() => {
    getPayoutSummary(period)
      .then((answer) => answer.success && setSummary(answer.result))
      .catch(() => undefined);
  }, [period]);
  useEffect(loadSummary, [loadSummary]);
  const reload = () => {
    list.reload();
    loadSummary();
  };
  const calculate = async () => {
    setCalculating(true);
    if (await settle(calculateDisplayPayments(period))) reload();
    setCalculating(false);
  };
  const state = (status: DisplayPaymentStatus) => summary?.states.find((each) => each.status === status);

  const columns: ColumnsType<DisplayPayment> = [
    {
      title: '所属期',
      dataIndex: 'coverage',
      key: 'period',
      render: (coverage: string, row) => <TwoLineCell main={coverage} sub={row.paymentCycle_dictText} />,
    },
    {
      title: '协议',
      dataIndex: 'agreementNo',
      key: 'agreementNo',
      render: (no: string, row) => (
        <TwoLineCell main={no} sub={`${row.customerName} · ${row.displayType_dictText}`} />
      ),
    },
    { title: '收款方', dataIndex: 'payeeName', key: 'payeeName' },
    { title: '检核结果', dataIndex: 'inspectionResult_dictText', key: 'inspectionResult' },
    { title: '费用', dataIndex: 'baseAmount', key: 'baseAmount', render: yuan },
    { title: '扣减', dataIndex: 'deductionAmount', key: 'deductionAmount', render: yuan },
    { title: '应兑付', dataIndex: 'payableAmount', key: 'payableAmount', sorter: true, render: yuan },
    { title: '兑付方式', dataIndex: 'method_dictText', key: 'method' },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: DisplayPaymentStatus, row) => (
        <Tag color={STATUS_COLOR[status]}>{row.status_dictText}</Tag>
      ),
    },
    {
      title: '批次/凭证',
      key: 'batch',
      render: (_value, row) =>
        row.batchNo ? <TwoLineCell main={row.batchNo} sub={row.voucherNo ?? ''} /> : '—',
    },
  ];

  return (
    <>
      <Card size="small" style={{ marginBottom: 12 }}>
        <Space wrap size={24} align="center">
          <Space>
            所属期
            <Input
              type="month"
              aria-label="所属期"
              value={period}
              onChange={(event) => event.target.value && setPeriod(event.target.value)}
              style={{ width: 160 }}
            />
          </Space>
          <HasPermission code="display:pay">
            <Button icon={<CalculatorOutlined />} loading={calculating} onClick={() => void calculate()}>
              核算本期
            </Button>
          </HasPermission>
          <Statistic
            title="待兑付"
            value={Number(state('PENDING_PAY')?.payableAmount ?? 0)}
            precision={2}
            prefix="¥"
          />
          <Statistic
            title="已兑付"
            value={Number(state('PAID')?.payableAmount ?? 0)}
            precision={2}
            prefix="¥"
          />
          <Statistic title="暂停兑付" value={state('HELD')?.count ?? 0} suffix="笔" />
          <Statistic title="全额扣减" value={state('DEDUCTED')?.count ?? 0} suffix="笔" />
          <Statistic title="待核算" value={state('PENDING_CALC')?.count ?? 0} suffix="笔" />
        </Space>
        {summary && summary.states.length === 0 && (
          <Alert
            style={{ marginTop: 12 }}
            type="info"
            showIcon
            title={`${period} 尚未核算，点击「核算本期」生成兑付明细`}
          />
        )}
      </Card>
      <ListPage<DisplayPayment>
        list={list}
        compactColumns={['agreementNo', 'payableAmount', 'status']}
        columns={columns}
        tableId="/esdh/payout"
        exportAs={(params) => exportDisplayPayments({ ...params, period })}
        selectable={(row) => row.status === 'PENDING_PAY'}
        batchActions={(selected, done) => (
          <HasPermission code="display:pay">
            <Button type="primary" onClick={() => setPaying({ ids: selected.map((row) => row.id), done })}>
              标记所选已兑付（{selected.length}）
            </Button>
          </HasPermission>
        )}
        searchFields={
          <>
            <Form.Item name="keyword" label="关键字">
              <Input placeholder="协议号、门店名称" allowClear />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={DISPLAY_PAYMENT_STATUS} placeholder="全部" style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="method" label="兑付方式">
              <EnumSelect labels={DISPLAY_FEE_TYPE} placeholder="全部" style={{ width: 120 }} />
            </Form.Item>
          </>
        }
        toolbar={
          <HasPermission code="display:pay">
            <Button disabled={!state('PENDING_PAY')} onClick={() => setPaying({ done: () => undefined })}>
              本期全部标记已兑付
            </Button>
          </HasPermission>
        }
      />
      <ModalForm<{ voucherNo: string }>
        title={paying?.ids ? `标记 ${paying.ids.length} 笔已兑付` : `标记 ${period} 全部待兑付为已兑付`}
        open={paying !== null}
        onClose={() => setPaying(null)}
        onSaved={() => {
          paying?.done();
          reload();
        }}
        onSubmit={(values) =>
          markDisplayPaymentsPaid({ period, ids: paying?.ids, voucherNo: values.voucherNo })
        }
      >
        <Form.Item
          name="voucherNo"
          label="财务凭证号"
          rules={[required('财务凭证号'), { max: 64, message: '最多64位!' }]}
        >
          <Input />
        </Form.Item>
      </ModalForm>
    </>
  );
}
