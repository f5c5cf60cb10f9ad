// A customer's fund accounts on the customer's detail: balance, frozen and available of each account it has.
import { useEffect, useState } from 'react';
import { Table } from 'antd';
import type { FundAccountRecord } from '../../../../common/rebates';
import { listFundAccounts } from '../../../api/rebates';

export function CustomerFundAccounts({ customerId }: { customerId: string }) {
  const [accounts, setAccounts] = useState<FundAccountRecord[] | null>(null);
  useEffect(() => {
    let current = true;
    setAccounts(null);
    listFundAccounts({ customerId, pageSize: 10 })
      .then((answer) => current && setAccounts(answer.success ? answer.result.records : []))
      .catch(() => current && setAccounts([]));
    return () => {
      current = false;
    };
  }, [customerId]);
  return (
    <Table<FundAccountRecord>
      size="small"
      rowKey="id"
      loading={accounts === null}
      dataSource={accounts ?? []}
      pagination={false}
      locale={{ emptyText: '暂无资金账户' }}
      columns={[
        { title: '账户', dataIndex: 'accountType_dictText' },
        { title: '余额', dataIndex: 'balance', align: 'right' },
        { title: '冻结', dataIndex: 'frozen', align: 'right' },
        { title: '可用', dataIndex: 'available', align: 'right' },
      ]}
    />
  );
}
