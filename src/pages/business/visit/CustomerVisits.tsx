// The 最近拜访 section of a customer's detail: the outlet's newest visits, each opening 拜访详情.
import { useState } from 'react';
import { Table } from 'antd';
import { listVisits, type VisitRecord } from '../../../api/visits';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';
import { VisitDetailDrawer } from './VisitDetailDrawer';

export function CustomerVisits({ customerId }: { customerId: string }) {
  const list = useListPage<VisitRecord>({
    filterKeys: [],
    sortKeys: ['checkInAt'],
    defaultSort: { column: 'checkInAt', order: 'desc' },
    fetch: listVisits,
    source: 'local',
    fixedParams: { customerId, pageSize: 5 },
  });
  const [viewing, setViewing] = useState<string | null>(null);
  return (
    <>
      <Table<VisitRecord>
        size="small"
        rowKey="id"
        loading={list.loading}
        dataSource={list.records}
        pagination={false}
        locale={{ emptyText: '暂无拜访' }}
        columns={[
          {
            title: '拜访时间',
            dataIndex: 'checkInAt',
            render: (at: string, record) => <a onClick={() => setViewing(record.id)}>{at}</a>,
          },
          { title: '业务员', dataIndex: 'employeeName' },
          {
            title: '时长 / 状态',
            dataIndex: 'durationText',
            render: (duration: string, record) => (
              <TwoLineCell
                main={duration}
                sub={`${record.status_dictText} · ${record.isValid ? '有效' : '无效'}`}
              />
            ),
          },
          {
            title: '执行得分',
            dataIndex: 'executionScore',
            render: (score: string | null) => score ?? '—',
          },
        ]}
      />
      <VisitDetailDrawer visitId={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
