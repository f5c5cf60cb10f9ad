// 经销商月报 (DOMAIN §1.14): per dealer for a month — purchases from the brand against sales to outlets,
// active and new outlets, rebate used, freezers placed, the case target and its achievement — grouped by
// 大区 or 办事处 with subtotals; 重建 of the month runs as a job.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, DatePicker, Segmented, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DEALER_MONTHLY_COLUMNS as TITLE, type DealerMonthlyRow } from '../../../../common/kpi';
import {
  dealerMonthly,
  exportDealerMonthly,
  rebuildDealerReport,
  type DealerMonthlyGroup,
} from '../../../api/kpi';
import { ExportButton } from '../../../components/table/ListPage';
import { useHasPermission } from '../../../components/HasPermission';
import { toast } from '../../../utils/notifier';
import { percentText } from './kpiFormat';

type Line = Omit<DealerMonthlyRow, 'month' | 'dealerId' | 'orgCode'> & { key: string; subtotal?: boolean };

const amount = (value: number | null) => (value === null ? '—' : value.toFixed(2));

const COLUMNS: TableColumnsType<Line> = [
  {
    title: TITLE.dealerName,
    dataIndex: 'dealerName',
    width: 220,
    ellipsis: true,
    render: (name: string, line) => (line.subtotal ? <b>{name}</b> : name),
  },
  { title: TITLE.purchaseCases, dataIndex: 'purchaseCases', align: 'right', render: amount },
  { title: TITLE.purchaseAmount, dataIndex: 'purchaseAmount', align: 'right', render: amount },
  { title: TITLE.sellOutCases, dataIndex: 'sellOutCases', align: 'right', render: amount },
  { title: TITLE.sellOutAmount, dataIndex: 'sellOutAmount', align: 'right', render: amount },
  { title: TITLE.activeOutlets, dataIndex: 'activeOutlets', align: 'right' },
  { title: TITLE.newOutlets, dataIndex: 'newOutlets', align: 'right' },
  { title: TITLE.rebateAccrued, dataIndex: 'rebateAccrued', align: 'right', render: amount },
  { title: TITLE.rebateUsed, dataIndex: 'rebateUsed', align: 'right', render: amount },
  { title: TITLE.displayFeesPaid, dataIndex: 'displayFeesPaid', align: 'right', render: amount },
  { title: TITLE.freezersPlaced, dataIndex: 'freezersPlaced', align: 'right' },
  { title: TITLE.targetCases, dataIndex: 'targetCases', align: 'right', render: amount },
  { title: TITLE.achievementRate, dataIndex: 'achievementRate', align: 'right', render: percentText },
];

function linesOf(groups: DealerMonthlyGroup[]): Line[] {
  return groups.flatMap((group) => [
    ...group.rows.map((row) => ({ ...row, key: row.dealerId })),
    { ...group.subtotal, key: `subtotal:${group.orgCode}`, dealerName: `${group.name} 小计`, subtotal: true },
  ]);
}

export default function DealerMonthlyPage() {
  const [month, setMonth] = useState<Dayjs>(dayjs());
  const [level, setLevel] = useState(2);
  const [groups, setGroups] = useState<DealerMonthlyGroup[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canRebuild = useHasPermission('report:rebuild');
  const monthText = month.format('YYYY-MM');

  const load = useCallback(async () => {
    setLoading(true);
    const answer = await dealerMonthly({ month: monthText, level });
    setLoading(false);
    setError(answer.success ? null : answer.message);
    setGroups(answer.success ? answer.result.groups : []);
  }, [monthText, level]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker
          picker="month"
          aria-label="月份"
          value={month}
          allowClear={false}
          onChange={(value) => value && setMonth(value)}
        />
        <Segmented
          value={level}
          options={[
            { label: '按大区', value: 2 },
            { label: '按办事处', value: 3 },
          ]}
          onChange={(value) => setLevel(Number(value))}
        />
        {canRebuild && (
          <Button
            onClick={async () => {
              const answer = await rebuildDealerReport({ month: monthText });
              toast(answer.success ? 'success' : 'error', answer.message);
            }}
          >
            重建本月
          </Button>
        )}
        <ExportButton exportAs={() => exportDealerMonthly({ month: monthText, level })} />
      </Space>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Table<Line>
        rowKey="key"
        size="small"
        loading={loading}
        columns={COLUMNS}
        dataSource={linesOf(groups)}
        pagination={false}
        scroll={{ x: 1500 }}
        locale={{ emptyText: '本月暂无报表数据（每晚生成，可点击「重建本月」）' }}
      />
    </div>
  );
}
