// The 门店执行 section of a customer's detail: the outlet's newest execution results and their review.
import { Space, Table, Tag } from 'antd';
import { listResults, type ExecutionResult } from '../../../api/execution';
import { useListPage } from '../../../components/table/useListPage';
import { STATUS_COLOURS } from './ExecutionScoreCard';

export function CustomerExecutions({ customerId }: { customerId: string }) {
  const list = useListPage<ExecutionResult>({
    filterKeys: [],
    sortKeys: ['executedAt'],
    defaultSort: { column: 'executedAt', order: 'desc' },
    fetch: listResults,
    source: 'local',
    fixedParams: { customerId, pageSize: 5 },
  });
  return (
    <Table<ExecutionResult>
      size="small"
      rowKey="id"
      loading={list.loading}
      dataSource={list.records}
      pagination={false}
      locale={{ emptyText: '暂无执行记录' }}
      columns={[
        { title: '时间', dataIndex: 'executedAt', render: (at: string) => at.slice(0, 16) },
        {
          title: '模板',
          dataIndex: 'templateName',
          render: (name: string, record) => `${name} V${record.templateVersion}`,
        },
        {
          title: '得分',
          dataIndex: 'finalScore',
          render: (score: number | null, record) => (
            <Space>
              {score ?? '待评分'}
              {record.vetoHit && <Tag color="red">否决</Tag>}
              {record.passed === true && <Tag color="green">达标</Tag>}
              {record.passed === false && !record.vetoHit && <Tag>未达标</Tag>}
            </Space>
          ),
        },
        {
          title: '审核状态',
          dataIndex: 'reviewStatus',
          render: (status: string, record) => (
            <Tag color={STATUS_COLOURS[status]}>{record.reviewStatus_dictText}</Tag>
          ),
        },
      ]}
    />
  );
}
