// 销售分析: amount, cases and orders by one dimension and by day, week or month, each group with its 小计
// and a 合计, YoY and MoM beside every bucket, the chart beside the table, and the export through 下载中心.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Col,
  DatePicker,
  Empty,
  Row,
  Segmented,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useNavigate } from 'react-router';
import {
  SALES_DIMENSION,
  SALES_GRAIN,
  type SalesAnalysis,
  type SalesAnalysisQuery,
  type SalesDimension,
  type SalesGrain,
  salesDrillFilters,
} from '../../../../common/kpi';
import { exportSalesAnalysis, salesAnalysis } from '../../../api/kpi';
import { percentText } from './kpiFormat';

const SalesChart = lazy(() => import(/* webpackChunkName: "kpi-sales-chart" */ './SalesChart'));

interface Line {
  key: string;
  name: string;
  bucket: string;
  amount: number;
  cases: number;
  orders: number;
  yoy: number | null;
  mom: number | null;
  subtotal?: boolean;
  /** The group's key (null for 合计), and the bucket of a row (null for a subtotal): what a drill opens. */
  drill: { key: string | null; bucket: string | null };
}

const money = (value: number) =>
  value.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The order list (/eOrder/eOrder) showing the orders a line counted; null when it cannot (a line of no key). */
export function drillPath(query: SalesAnalysisQuery, line: Line): string | null {
  const filters = salesDrillFilters(query, line.drill.key, line.drill.bucket);
  return filters && `/eOrder/eOrder?${new URLSearchParams(filters).toString()}`;
}

/** The table's lines: each group's buckets, its 小计, and 合计 last. */
export function linesOf(analysis: SalesAnalysis): Line[] {
  const lines: Line[] = analysis.groups.flatMap((group) => [
    ...group.rows.map((row) => ({
      ...row,
      key: `${group.key}\u0000${row.bucket}`,
      name: group.name,
      drill: { key: group.key, bucket: row.bucket },
    })),
    {
      key: `${group.key}\u0000小计`,
      name: `${group.name} 小计`,
      bucket: '',
      amount: group.amount,
      cases: group.cases,
      orders: group.orders,
      yoy: null,
      mom: null,
      subtotal: true,
      drill: { key: group.key, bucket: null },
    },
  ]);
  lines.push({
    key: '合计',
    name: '合计',
    bucket: '',
    ...analysis.total,
    yoy: null,
    mom: null,
    subtotal: true,
    drill: { key: null, bucket: null },
  });
  return lines;
}

export default function SalesAnalysisPage() {
  const navigate = useNavigate();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().startOf('year'), dayjs()]);
  const [dimension, setDimension] = useState<SalesDimension>('region');
  const [grain, setGrain] = useState<SalesGrain>('month');
  const [analysis, setAnalysis] = useState<SalesAnalysis | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const query: SalesAnalysisQuery = {
    startDate: range[0].format('YYYY-MM-DD'),
    endDate: range[1].format('YYYY-MM-DD'),
    dimension,
    grain,
  };
  const { startDate, endDate } = query;

  const load = useCallback(async () => {
    setLoading(true);
    const answer = await salesAnalysis({ startDate, endDate, dimension, grain });
    setLoading(false);
    setError(answer.success ? null : answer.message);
    setAnalysis(answer.success ? answer.result : null);
  }, [startDate, endDate, dimension, grain]);

  useEffect(() => {
    void load();
  }, [load]);

  const columns: TableColumnsType<Line> = [
    {
      title: SALES_DIMENSION[dimension],
      dataIndex: 'name',
      ellipsis: true,
      // The name opens the orders the line counted (the whole row does too, for the mouse).
      render: (name: string, line) => {
        const path = drillPath(query, line);
        const text = line.subtotal ? <b>{name}</b> : name;
        return path ? (
          <Link to={path} title="查看订单明细" onClick={(event) => event.stopPropagation()}>
            {text}
          </Link>
        ) : (
          text
        );
      },
    },
    { title: SALES_GRAIN[grain], dataIndex: 'bucket', width: 110 },
    { title: '金额', dataIndex: 'amount', align: 'right', render: money },
    { title: '箱数', dataIndex: 'cases', align: 'right', render: (value: number) => value.toFixed(2) },
    { title: '订单数', dataIndex: 'orders', align: 'right', width: 80 },
    { title: '同比', dataIndex: 'yoy', align: 'right', width: 80, render: percentText },
    { title: '环比', dataIndex: 'mom', align: 'right', width: 80, render: percentText },
  ];

  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          aria-label="统计期间"
          value={range}
          allowClear={false}
          onChange={(dates) => dates?.[0] && dates[1] && setRange([dates[0], dates[1]])}
        />
        <Select
          aria-label="维度"
          value={dimension}
          style={{ width: 120 }}
          options={Object.entries(SALES_DIMENSION).map(([value, label]) => ({ value, label }))}
          onChange={setDimension}
        />
        <Segmented
          value={grain}
          options={Object.entries(SALES_GRAIN).map(([value, label]) => ({ value, label }))}
          onChange={(value) => setGrain(value as SalesGrain)}
        />
        <Button onClick={() => void exportSalesAnalysis(query)}>导出</Button>
      </Space>
      <Typography.Paragraph type="secondary">
        统计有效订单（不含已驳回、已取消、已作废）的下单金额、箱数与订单数；同比为去年同期，环比为上一
        {SALES_GRAIN[grain]}。
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Row gutter={16}>
        <Col xs={24} xl={10}>
          {analysis && analysis.groups.length > 0 ? (
            <Suspense fallback={<div style={{ height: 360 }} />}>
              <SalesChart analysis={analysis} />
            </Suspense>
          ) : (
            <Empty description={loading ? '加载中' : '所选期间暂无销售'} style={{ paddingTop: 80 }} />
          )}
        </Col>
        <Col xs={24} xl={14}>
          <Table<Line>
            rowKey="key"
            size="small"
            loading={loading}
            columns={columns}
            dataSource={analysis ? linesOf(analysis) : []}
            pagination={false}
            scroll={{ y: 520 }}
            onRow={(line) => {
              const path = drillPath(query, line);
              return path ? { onClick: () => navigate(path), style: { cursor: 'pointer' } } : {};
            }}
          />
        </Col>
      </Row>
    </div>
  );
}
