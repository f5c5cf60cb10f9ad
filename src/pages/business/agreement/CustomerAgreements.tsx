// The 协议 section of a customer's detail: the cooperation agreements whose party B is the customer.
import { useState } from 'react';
import { Table, Tag } from 'antd';
import type { CoopAgreementRecord } from '../../../../common/agreements';
import { listCoopAgreements } from '../../../api/agreements';
import { useListPage } from '../../../components/table/useListPage';
import { CoopAgreementDrawer, money, percentOf } from './CoopAgreementDrawer';
import { COOP_STATUS_COLORS } from './CoopAgreementListPage';

export function CustomerAgreements({ customerId }: { customerId: string }) {
  const list = useListPage<CoopAgreementRecord>({
    filterKeys: [],
    sortKeys: [],
    fetch: listCoopAgreements,
    source: 'local',
    fixedParams: { partyBCustomerId: customerId, pageSize: 50 },
  });
  const [viewing, setViewing] = useState<string | null>(null);
  return (
    <>
      <Table<CoopAgreementRecord>
        size="small"
        rowKey="id"
        loading={list.loading}
        dataSource={list.records}
        pagination={false}
        locale={{ emptyText: '暂无协议' }}
        columns={[
          {
            title: '协议编号',
            dataIndex: 'agreementNo',
            render: (no: string, record) => <a onClick={() => setViewing(record.id)}>{no}</a>,
          },
          { title: '类型', key: 'kind', render: () => '合作协议' },
          {
            title: '协议期',
            key: 'period',
            render: (_value, record) => `${record.startDate} 至 ${record.endDate}`,
          },
          { title: '年度目标', dataIndex: 'annualTargetAmount', render: money },
          {
            title: '完成率',
            dataIndex: 'completionRate',
            render: (rate: number | null) => (rate === null ? '—' : `${percentOf(rate)}%`),
          },
          {
            title: '状态',
            dataIndex: 'status',
            render: (_value, record) => (
              <Tag color={COOP_STATUS_COLORS[record.status] ?? 'default'}>{record.status_dictText}</Tag>
            ),
          },
        ]}
      />
      <CoopAgreementDrawer id={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
