// The 陈列协议 section of a customer's detail: the outlet's newest display agreements.
import { useState } from 'react';
import { Table, Tag } from 'antd';
import { listDisplayAgreements, type DisplayAgreement } from '../../../api/displays';
import { useListPage } from '../../../components/table/useListPage';
import { DisplayAgreementDrawer, STATUS_COLOR, yuan } from './DisplayAgreementDrawer';

export function CustomerDisplayAgreements({ customerId }: { customerId: string }) {
  const list = useListPage<DisplayAgreement>({
    filterKeys: [],
    sortKeys: ['createTime'],
    defaultSort: { column: 'createTime', order: 'desc' },
    fetch: listDisplayAgreements,
    source: 'local',
    fixedParams: { customerId, pageSize: 5 },
  });
  const [viewing, setViewing] = useState<string | null>(null);
  return (
    <>
      <Table<DisplayAgreement>
        size="small"
        rowKey="id"
        loading={list.loading}
        dataSource={list.records}
        pagination={false}
        locale={{ emptyText: '暂无陈列协议' }}
        columns={[
          {
            title: '协议号',
            dataIndex: 'agreementNo',
            render: (no: string, record) => <a onClick={() => setViewing(record.id)}>{no}</a>,
          },
          { title: '方案', dataIndex: 'policyName', ellipsis: true },
          {
            title: '协议期',
            key: 'period',
            render: (_value, record) => `${record.startDate} 至 ${record.endDate}`,
          },
          { title: '月费用', dataIndex: 'monthlyFee', render: yuan },
          {
            title: '状态',
            dataIndex: 'status',
            render: (status: string, record) => (
              <Tag color={STATUS_COLOR[status]}>{record.status_dictText}</Tag>
            ),
          },
        ]}
      />
      <DisplayAgreementDrawer id={viewing} version={0} onClose={() => setViewing(null)} />
    </>
  );
}
