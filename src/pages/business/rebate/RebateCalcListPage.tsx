// 返利核算 (eRebate/RebateCalcList, DOMAIN §1.9): choose a running policy and a period, run it (a background
// job; the page waits for it and reloads), then review each customer's result — net basis, tier, amount,
// adjustment, final — with the orders and returns behind it, and 确认入账 / 调整 (审批中心) / 关闭.
import { useEffect, useRef, useState } from 'react';
import { Button, Form, Input, InputNumber, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CalculatorOutlined } from '@ant-design/icons';
import {
  calcBasisText,
  periodOf,
  REBATE_CALC_STATUS,
  REBATE_CALC_TRANSITIONS,
  type RebateCalcRecord,
  type RebatePolicyRecord,
  type RebateSourceDoc,
} from '../../../../common/rebates';
import {
  adjustRebateCalc,
  closeRebateCalc,
  confirmRebateCalcs,
  exportRebateCalcs,
  listRebateCalcs,
  listRebatePolicies,
  rebateRunStatus,
  runRebateCalc,
} from '../../../api/rebates';
import { EnumSelect, optionByName, RemoteSelect } from '../../../components/form/EnumSelect';
import { required, requiredNumber } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { settle } from '../../../components/form/settle';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { HasPermission, useHasPermission } from '../../../components/HasPermission';
import { ListPage } from '../../../components/table/ListPage';
import { RowActions, type RowAction } from '../../../components/table/RowActions';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';
import { toast } from '../../../utils/notifier';

const STATUS_COLOR: Record<string, string> = {
  PENDING_CONFIRM: 'processing',
  ADJUSTING: 'orange',
  CONFIRMED: 'green',
  CLOSED: 'default',
};

const loadPolicies = () => listRebatePolicies({ pageSize: 200, status: 'ACTIVE' });

const DOC_COLUMNS: ColumnsType<RebateSourceDoc> = [
  {
    title: '单据',
    dataIndex: 'docType',
    key: 'docType',
    render: (type) => (type === 'ORDER' ? '订单' : '退货'),
  },
  { title: '单号', dataIndex: 'docNo', key: 'docNo' },
  { title: '日期', dataIndex: 'date', key: 'date' },
  { title: '金额', dataIndex: 'amount', key: 'amount', align: 'right' },
  { title: '箱数', dataIndex: 'cases', key: 'cases', align: 'right' },
];

/** Asks the job until it is done, then calls `onDone`; stops when the page goes. */
function useRunWatch(onDone: () => void) {
  const [running, setRunning] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const watch = (jobId: string) => {
    setRunning(true);
    const poll = async () => {
      const answer = await rebateRunStatus(jobId).catch(() => null);
      const status = answer?.success ? answer.result.status : 'FAILED';
      if (status === 'QUEUED' || status === 'RUNNING') {
        timer.current = setTimeout(poll, 1000);
        return;
      }
      setRunning(false);
      if (status === 'SUCCEEDED') toast('success', '核算完成');
      else toast('warning', answer?.result?.error ?? '核算失败');
      onDone();
    };
    timer.current = setTimeout(poll, 500);
  };
  return { running, watch };
}

export default function RebateCalcListPage() {
  const list = useListPage<RebateCalcRecord>({
    filterKeys: ['policyId', 'period', 'customerName', 'status'],
    sortKeys: ['period', 'finalAmount', 'updateTime'],
    fetch: listRebateCalcs,
  });
  const confirm = useConfirmAction();
  const mayConfirm = useHasPermission('rebate:confirm');
  const [run] = Form.useForm<{ policyId: string; period: string }>();
  const [adjusting, setAdjusting] = useState<RebateCalcRecord | null>(null);
  const { running, watch } = useRunWatch(list.reload);

  const startRun = async () => {
    const values = await run.validateFields();
    const answer = await runRebateCalc(values).catch(() => null);
    if (answer && (await settle(Promise.resolve(answer)))) watch(answer.result.jobId);
  };

  const actionsOf = (record: RebateCalcRecord): RowAction[] => {
    if (!mayConfirm || record.status !== 'PENDING_CONFIRM') return [];
    return [
      {
        key: 'confirm',
        label: REBATE_CALC_TRANSITIONS.CONFIRM.label,
        onClick: () =>
          confirm({
            title: `确认 ${record.customerName} ${record.period} 的返利`,
            content: `确认后 ¥${record.finalAmount} 将计入客户返利账户，不能撤销。`,
            okText: '确认入账',
            danger: false,
            action: () => confirmRebateCalcs([record.id]),
            onDone: list.reload,
          }),
      },
      { key: 'adjust', label: REBATE_CALC_TRANSITIONS.ADJUST.label, onClick: () => setAdjusting(record) },
      {
        key: 'close',
        label: REBATE_CALC_TRANSITIONS.CLOSE.label,
        danger: true,
        onClick: () =>
          confirm({
            title: `关闭核算单 ${record.calcNo}`,
            content: '关闭后该客户本期不再返利，确定关闭吗？',
            okText: '关闭',
            action: () => closeRebateCalc(record.id),
            onDone: list.reload,
          }),
      },
    ];
  };

  const columns: ColumnsType<RebateCalcRecord> = [
    {
      title: '客户 / 核算单号',
      dataIndex: 'customerName',
      key: 'customerName',
      render: (_value, record) => <TwoLineCell main={record.customerName} sub={record.calcNo} />,
    },
    {
      title: '政策 / 核算期',
      dataIndex: 'period',
      key: 'period',
      sorter: true,
      render: (_value, record) => <TwoLineCell main={record.policyName} sub={record.period} />,
    },
    { title: '净基数', key: 'basis', render: (_value, record) => calcBasisText(record) },
    {
      title: '退货',
      dataIndex: 'returnsAmount',
      key: 'returnsAmount',
      align: 'right',
    },
    { title: '档位', key: 'tier', render: (_value, record) => record.tierLabel ?? '未达档' },
    { title: '返利额', dataIndex: 'rebateAmount', key: 'rebateAmount', align: 'right' },
    {
      title: '调整',
      dataIndex: 'adjustmentAmount',
      key: 'adjustmentAmount',
      align: 'right',
      render: (_value, record) =>
        Number(record.adjustmentAmount) === 0 ? (
          '—'
        ) : (
          <span title={record.adjustmentReason ?? ''}>{record.adjustmentAmount}</span>
        ),
    },
    { title: '最终金额', dataIndex: 'finalAmount', key: 'finalAmount', sorter: true, align: 'right' },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (_value, record) => <Tag color={STATUS_COLOR[record.status]}>{record.status_dictText}</Tag>,
    },
    { title: '操作', key: 'actions', render: (_value, record) => <RowActions actions={actionsOf(record)} /> },
  ];

  return (
    <>
      <HasPermission code="rebate:calc">
        <Form
          form={run}
          layout="inline"
          style={{ marginBottom: 16 }}
          initialValues={{ period: periodOf('MONTH', new Date().toISOString().slice(0, 10)) }}
        >
          <Form.Item name="policyId" label="返利政策" rules={[required('返利政策', '选择')]}>
            <RemoteSelect<RebatePolicyRecord>
              load={loadPolicies}
              toOption={optionByName}
              style={{ width: 240 }}
              placeholder="选择生效中的政策"
            />
          </Form.Item>
          <Form.Item
            name="period"
            label="核算期"
            rules={[required('核算期')]}
            tooltip="月度 2026-03，季度 2026-Q1，年度 2026"
          >
            <Input style={{ width: 110 }} />
          </Form.Item>
          <Button type="primary" icon={<CalculatorOutlined />} loading={running} onClick={startRun}>
            {running ? '核算中' : '运行核算'}
          </Button>
        </Form>
      </HasPermission>
      <ListPage<RebateCalcRecord>
        list={list}
        compactColumns={['customerName', 'finalAmount', 'status']}
        columns={columns}
        exportAs={exportRebateCalcs}
        expandable={{
          expandedRowRender: (record) => (
            <Table<RebateSourceDoc>
              size="small"
              rowKey="id"
              pagination={false}
              columns={DOC_COLUMNS}
              dataSource={record.sourceDocs}
              locale={{ emptyText: '没有单据明细' }}
            />
          ),
        }}
        searchFields={
          <>
            <Form.Item name="customerName" label="客户">
              <Input allowClear placeholder="客户名称" />
            </Form.Item>
            <Form.Item name="period" label="核算期">
              <Input allowClear placeholder="如 2026-03" style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={REBATE_CALC_STATUS} placeholder="全部" style={{ width: 120 }} />
            </Form.Item>
          </>
        }
      />
      <ModalForm<{ amount: number; reason: string }>
        title={`调整返利：${adjusting?.customerName ?? ''} ${adjusting?.period ?? ''}`}
        open={adjusting !== null}
        onClose={() => setAdjusting(null)}
        onSaved={list.reload}
        initialValues={{}}
        onSubmit={(values) => adjustRebateCalc({ id: adjusting!.id, ...values })}
      >
        <p>计算返利 ¥{adjusting?.rebateAmount}，调整需经审批中心审批后生效。</p>
        <Space>
          <Form.Item
            name="amount"
            label="调整金额(元)"
            rules={[requiredNumber('调整金额')]}
            tooltip="负数为扣减"
          >
            <InputNumber precision={2} style={{ width: 140 }} />
          </Form.Item>
        </Space>
        <Form.Item name="reason" label="调整原因" rules={[required('调整原因')]}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </ModalForm>
    </>
  );
}
