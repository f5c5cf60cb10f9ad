// 金币账户 (eVisit/CoinAccountList): the outlets' reward coins (余额, 冻结, 本月获得, 本月使用, 即将过期), an
// account's ledger in a drawer, and 人工调整 — sent to the 审批中心 (COIN_ADJUST), posted once approved.
import { useState } from 'react';
import { App, Button, Drawer, Form, Input, InputNumber, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect } from 'react';
import {
  adjustCoins,
  exportCoinAccounts,
  listCoinAccounts,
  listCoinLedger,
  type CoinAccount,
  type CoinLedgerEntry,
} from '../../../api/execution';
import { required, requiredNumber } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { HasPermission } from '../../../components/HasPermission';
import { ListPage } from '../../../components/table/ListPage';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';

const signed = (coins: number) => (coins > 0 ? `+${coins}` : String(coins));

function LedgerDrawer({ account, onClose }: { account: CoinAccount | null; onClose: () => void }) {
  const [rows, setRows] = useState<CoinLedgerEntry[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!account) return;
    setLoading(true);
    listCoinLedger({ customerId: account.customerId, pageSize: 200 })
      .then((answer) => answer.success && setRows(answer.result.records))
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [account]);
  const columns: ColumnsType<CoinLedgerEntry> = [
    { title: '时间', dataIndex: 'createTime', render: (at: string) => at.slice(0, 16) },
    { title: '类型', dataIndex: 'entryType_dictText' },
    { title: '金币', dataIndex: 'amount', render: (coins: number, row) => signed(coins || row.frozenChange) },
    { title: '余额', dataIndex: 'balanceAfter' },
    {
      title: '来源',
      dataIndex: 'sourceType_dictText',
      render: (source: string, row) => <TwoLineCell main={source} sub={row.sourceNo ?? ''} />,
    },
    { title: '说明', dataIndex: 'remark' },
    { title: '操作人', dataIndex: 'operatorName' },
  ];
  return (
    <Drawer
      open={account !== null}
      onClose={onClose}
      size="large"
      title={`金币流水 ${account?.customerName ?? ''}`}
    >
      <Table<CoinLedgerEntry>
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={rows}
      />
    </Drawer>
  );
}

export default function CoinAccountListPage() {
  const { message } = App.useApp();
  const list = useListPage<CoinAccount>({
    filterKeys: ['keyword'],
    sortKeys: ['balance', 'updateTime'],
    defaultSort: { column: 'updateTime', order: 'desc' },
    fetch: listCoinAccounts,
  });
  const [ledgerOf, setLedgerOf] = useState<CoinAccount | null>(null);
  const [adjusting, setAdjusting] = useState<CoinAccount | null>(null);
  const columns: ColumnsType<CoinAccount> = [
    {
      title: '门店',
      dataIndex: 'customerName',
      render: (name: string, row) => <TwoLineCell main={name} sub={row.customerCode} />,
    },
    { title: '余额', dataIndex: 'balance', key: 'balance', sorter: true },
    { title: '冻结', dataIndex: 'frozen' },
    { title: '本月获得', dataIndex: 'monthEarned' },
    { title: '本月使用', dataIndex: 'monthUsed' },
    { title: '即将过期', dataIndex: 'expiringSoon' },
    { title: '更新时间', dataIndex: 'updateTime', key: 'updateTime', sorter: true },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, row) => (
        <>
          <Button type="link" size="small" onClick={() => setLedgerOf(row)}>
            流水
          </Button>
          <HasPermission code="coin:adjust">
            <Button type="link" size="small" onClick={() => setAdjusting(row)}>
              人工调整
            </Button>
          </HasPermission>
        </>
      ),
    },
  ];
  return (
    <>
      <ListPage<CoinAccount>
        list={list}
        columns={columns}
        compactColumns={['customerName', 'balance']}
        exportAs={exportCoinAccounts}
        searchFields={
          <Form.Item name="keyword" label="门店">
            <Input placeholder="门店名称或编码" allowClear />
          </Form.Item>
        }
      />
      <LedgerDrawer account={ledgerOf} onClose={() => setLedgerOf(null)} />
      <ModalForm<{ coins: number; reason: string }>
        title={`金币人工调整 ${adjusting?.customerName ?? ''}`}
        open={adjusting !== null}
        onClose={() => setAdjusting(null)}
        onSaved={() => {
          message.info('已提交审批，审批通过后入账');
          list.reload();
        }}
        onSubmit={(values) => adjustCoins({ customerId: adjusting?.customerId ?? '', ...values })}
      >
        <Form.Item
          name="coins"
          label="调整金币"
          rules={[requiredNumber('调整金币')]}
          extra="正数增加，负数扣减"
        >
          <InputNumber precision={0} />
        </Form.Item>
        <Form.Item name="reason" label="调整原因" rules={[required('调整原因')]}>
          <Input.TextArea maxLength={256} />
        </Form.Item>
      </ModalForm>
    </>
  );
}
