// 资金账户 (eRebate/FundAccountList, DOMAIN §1.9): each customer's rebate, display-fee and goods-compensation
// accounts — balance, frozen by orders waiting for their audit, available, totals in and out — with the
// account's ledger (append-only, newest first) and the customer's statement exported through 下载中心.
import { useEffect, useState } from 'react';
import { Button, Drawer, Form, Input, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined } from '@ant-design/icons';
import type { Page } from '../../../../common/contract';
import { FUND_ACCOUNT_TYPE, type FundAccountRecord, type FundLedgerRecord } from '../../../../common/rebates';
import { exportFundAccounts, exportStatement, listFundAccounts, listFundLedger } from '../../../api/rebates';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { ListPage } from '../../../components/table/ListPage';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';

const signed = (amount: string) =>
  Number(amount) === 0 ? (
    '—'
  ) : (
    <span style={{ color: Number(amount) > 0 ? '#389e0d' : '#cf1322' }}>
      {Number(amount) > 0 ? `+${amount}` : amount}
    </span>
  );

const LEDGER_COLUMNS: ColumnsType<FundLedgerRecord> = [
  { title: '时间', dataIndex: 'createTime', key: 'createTime', width: 160 },
  { title: '#', dataIndex: 'seq', key: 'seq', width: 50 },
  { title: '类型', dataIndex: 'entryType_dictText', key: 'entryType', render: (text) => <Tag>{text}</Tag> },
  { title: '金额', dataIndex: 'amount', key: 'amount', align: 'right', render: signed },
  { title: '冻结变动', dataIndex: 'frozenChange', key: 'frozenChange', align: 'right', render: signed },
  { title: '余额', dataIndex: 'balanceAfter', key: 'balanceAfter', align: 'right' },
  { title: '冻结', dataIndex: 'frozenAfter', key: 'frozenAfter', align: 'right' },
  {
    title: '来源',
    key: 'source',
    render: (_value, entry) => <TwoLineCell main={entry.sourceType_dictText} sub={entry.sourceNo ?? ''} />,
  },
  { title: '说明', dataIndex: 'remark', key: 'remark' },
  { title: '操作人', dataIndex: 'operatorName', key: 'operatorName', render: (name) => name ?? '系统' },
];

function LedgerDrawer({ account, onClose }: { account: FundAccountRecord | null; onClose: () => void }) {
  const [page, setPage] = useState<{ pageNo: number; data: Page<FundLedgerRecord> | null; loading: boolean }>(
    {
      pageNo: 1,
      data: null,
      loading: false,
    },
  );
  const [exporting, setExporting] = useState(false);
  useEffect(() => {
    if (!account) return;
    let current = true;
    setPage((previous) => ({ ...previous, loading: true }));
    listFundLedger({ accountId: account.id, pageNo: page.pageNo, pageSize: 20 })
      .then(
        (answer) =>
          current && setPage((previous) => ({ ...previous, data: answer.success ? answer.result : null })),
      )
      .catch(() => undefined)
      .finally(() => current && setPage((previous) => ({ ...previous, loading: false })));
    return () => {
      current = false;
    };
  }, [account, page.pageNo]);
  return (
    <Drawer
      title={account ? `${account.customerName} · ${account.accountType_dictText}` : ''}
      width={1000}
      open={account !== null}
      onClose={onClose}
      destroyOnClose
      extra={
        account ? (
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={() => {
              setExporting(true);
              void exportStatement(account.customerId, account.accountType, account.customerName)
                .catch(() => undefined)
                .finally(() => setExporting(false));
            }}
          >
            导出对账单
          </Button>
        ) : null
      }
    >
      {account ? (
        <Space size="large" style={{ marginBottom: 16 }}>
          <span>余额 ¥{account.balance}</span>
          <span>冻结 ¥{account.frozen}</span>
          <span>可用 ¥{account.available}</span>
          <span>累计入账 ¥{account.totalIn}</span>
          <span>累计支出 ¥{account.totalOut}</span>
        </Space>
      ) : null}
      <Table<FundLedgerRecord>
        rowKey="id"
        size="small"
        loading={page.loading}
        columns={LEDGER_COLUMNS}
        dataSource={page.data?.records ?? []}
        locale={{ emptyText: '暂无流水' }}
        pagination={{
          current: page.pageNo,
          pageSize: 20,
          total: page.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (pageNo) => setPage((previous) => ({ ...previous, pageNo })),
        }}
      />
    </Drawer>
  );
}

export default function FundAccountListPage() {
  const list = useListPage<FundAccountRecord>({
    filterKeys: ['customerName', 'accountType'],
    sortKeys: ['balance', 'updateTime'],
    fetch: listFundAccounts,
  });
  const [viewing, setViewing] = useState<FundAccountRecord | null>(null);

  const columns: ColumnsType<FundAccountRecord> = [
    {
      title: '客户',
      dataIndex: 'customerName',
      key: 'customerName',
      render: (_value, record) => (
        <TwoLineCell main={record.customerName} sub={record.customerType_dictText} />
      ),
    },
    { title: '账户类型', dataIndex: 'accountType_dictText', key: 'accountType' },
    { title: '余额', dataIndex: 'balance', key: 'balance', sorter: true, align: 'right' },
    { title: '冻结', dataIndex: 'frozen', key: 'frozen', align: 'right' },
    { title: '可用', dataIndex: 'available', key: 'available', align: 'right' },
    { title: '累计入账', dataIndex: 'totalIn', key: 'totalIn', align: 'right' },
    { title: '累计支出', dataIndex: 'totalOut', key: 'totalOut', align: 'right' },
    { title: '最近变动', dataIndex: 'updateTime', key: 'updateTime', sorter: true },
    {
      title: '操作',
      key: 'actions',
      render: (_value, record) => (
        <Button type="link" size="small" onClick={() => setViewing(record)}>
          流水
        </Button>
      ),
    },
  ];

  return (
    <>
      <ListPage<FundAccountRecord>
        list={list}
        compactColumns={['customerName', 'available']}
        columns={columns}
        exportAs={exportFundAccounts}
        searchFields={
          <>
            <Form.Item name="customerName" label="客户">
              <Input allowClear placeholder="客户名称" />
            </Form.Item>
            <Form.Item name="accountType" label="账户类型">
              <EnumSelect labels={FUND_ACCOUNT_TYPE} placeholder="全部" style={{ width: 140 }} />
            </Form.Item>
          </>
        }
      />
      <LedgerDrawer account={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
