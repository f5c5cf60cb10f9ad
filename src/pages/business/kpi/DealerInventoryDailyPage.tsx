// 经销商进销存日报 (DOMAIN §1.14): per dealer warehouse and SKU for a day — opening, purchases, sales, returns,
// other moves, closing and its value, weighted stock age, near-expiry quantity and days of supply — with 合计,
// export through 下载中心 and 重建 of the day as a job.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, DatePicker, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { DealerInventoryRow } from '../../../../common/kpi';
import { dealerDaily, exportDealerDaily, rebuildDealerReport } from '../../../api/kpi';
import { useHasPermission } from '../../../components/HasPermission';
import { toast } from '../../../utils/notifier';

const dash = (value: number | null | undefined) => (value === null || value === undefined ? '—' : value);

const COLUMNS: TableColumnsType<DealerInventoryRow> = [
  { title: '经销商', dataIndex: 'dealerName', width: 200, ellipsis: true, fixed: 'left' },
  { title: '仓库', dataIndex: 'warehouseName', width: 140, ellipsis: true },
  { title: 'SKU', dataIndex: 'skuName', width: 180, ellipsis: true },
  { title: '期初', dataIndex: 'openingQty', align: 'right' },
  { title: '进货入库', dataIndex: 'purchaseInQty', align: 'right' },
  { title: '销售出库', dataIndex: 'salesOutQty', align: 'right' },
  { title: '退货入库', dataIndex: 'returnInQty', align: 'right' },
  { title: '其他入库', dataIndex: 'otherInQty', align: 'right' },
  { title: '其他出库', dataIndex: 'otherOutQty', align: 'right' },
  { title: '期末', dataIndex: 'closingQty', align: 'right' },
  {
    title: '期末金额',
    dataIndex: 'closingAmount',
    align: 'right',
    render: (value: number) => value.toFixed(2),
  },
  { title: '加权库龄(天)', dataIndex: 'avgStockAgeDays', align: 'right', render: dash },
  { title: '临期数量', dataIndex: 'nearExpiryQty', align: 'right' },
  { title: '可销天数', dataIndex: 'daysOfSupply', align: 'right', render: dash },
];

export default function DealerInventoryDailyPage() {
  const [day, setDay] = useState<Dayjs>(dayjs().subtract(1, 'day'));
  const [page, setPage] = useState({ pageNo: 1, pageSize: 50 });
  const [data, setData] = useState<Awaited<ReturnType<typeof dealerDaily>>['result'] | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canRebuild = useHasPermission('report:rebuild');
  const date = day.format('YYYY-MM-DD');

  const load = useCallback(async () => {
    setLoading(true);
    const answer = await dealerDaily({ date, ...page });
    setLoading(false);
    setError(answer.success ? null : answer.message);
    setData(answer.success ? answer.result : null);
  }, [date, page]);

  useEffect(() => {
    void load();
  }, [load]);

  const totals = data?.totals;
  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker
          aria-label="日期"
          value={day}
          allowClear={false}
          onChange={(value) => value && setDay(value)}
        />
        <Button onClick={() => void exportDealerDaily({ date })}>导出</Button>
        {canRebuild && (
          <Button
            onClick={async () => {
              const answer = await rebuildDealerReport({ date });
              toast(answer.success ? 'success' : 'error', answer.message);
            }}
          >
            重建当日
          </Button>
        )}
      </Space>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {totals && (
        <Alert
          style={{ marginBottom: 12 }}
          title={`合计：期初 ${totals.openingQty} · 进货 ${totals.purchaseInQty} · 销售 ${totals.salesOutQty} · 退货 ${totals.returnInQty} · 期末 ${totals.closingQty} · 期末金额 ¥${Number(totals.closingAmount).toFixed(2)}`}
        />
      )}
      <Table<DealerInventoryRow>
        rowKey={(row) => `${row.dealerId}:${row.warehouseName}:${row.skuCode}`}
        size="small"
        loading={loading}
        columns={COLUMNS}
        dataSource={data?.records ?? []}
        scroll={{ x: 1700 }}
        locale={{ emptyText: '当日暂无报表数据（每晚生成，可点击「重建当日」）' }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
      />
    </div>
  );
}
