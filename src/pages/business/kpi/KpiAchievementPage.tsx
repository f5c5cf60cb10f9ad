// 达成报表 (DOMAIN §1.13): the achievement snapshot of a period drilled down the department tree — the
// company, its departments, the reps of an office — each rate coloured against the time progress (green at
// or above it, amber within 10 points, red below). 重新计算 rebuilds the snapshot as a job of 下载中心.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Breadcrumb, Button, DatePicker, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ACHIEVEMENT_COLUMNS as TITLE,
  KPI_INDICATORS,
  KPI_SUBJECT_TYPE,
  type AchievementColour,
  type KpiAchievementReport,
  type KpiAchievementRow,
  type KpiIndicatorCode,
} from '../../../../common/kpi';
import { achievementReport, exportAchievement, rebuildAchievement } from '../../../api/kpi';
import { ExportButton } from '../../../components/table/ListPage';
import { useHasPermission } from '../../../components/HasPermission';
import { toast } from '../../../utils/notifier';
import { figureText, percentText } from './kpiFormat';

const COLOURS: Record<AchievementColour, string | undefined> = {
  green: 'green',
  amber: 'orange',
  red: 'red',
  none: undefined,
};

type Grain = 'MONTH' | 'QUARTER' | 'YEAR';

function periodOf(grain: Grain, day: Dayjs) {
  if (grain === 'YEAR') return String(day.year());
  if (grain === 'QUARTER') return `${day.year()}-Q${Math.floor(day.month() / 3) + 1}`;
  return day.format('YYYY-MM');
}

export default function KpiAchievementPage() {
  const [grain, setGrain] = useState<Grain>('MONTH');
  const [day, setDay] = useState<Dayjs>(dayjs());
  const [indicatorCode, setIndicatorCode] = useState<KpiIndicatorCode>('SALES_AMOUNT');
  const [orgCode, setOrgCode] = useState<string | undefined>();
  const [report, setReport] = useState<KpiAchievementReport | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canRebuild = useHasPermission('kpi:snapshot');
  const period = periodOf(grain, day);
  const indicator = KPI_INDICATORS.find((each) => each.code === indicatorCode)!;
  const ratio = indicator.aggregation === 'RATE' || indicator.aggregation === 'AVG';

  const load = useCallback(async () => {
    setLoading(true);
    const answer = await achievementReport({ period, indicatorCode, orgCode });
    setLoading(false);
    if (!answer.success) {
      setError(answer.message);
      setReport(null);
      return;
    }
    setError(null);
    setReport(answer.result);
  }, [period, indicatorCode, orgCode]);

  useEffect(() => {
    void load();
  }, [load]);

  const columns: TableColumnsType<KpiAchievementRow> = [
    {
      title: TITLE.subjectName,
      dataIndex: 'subjectName',
      render: (name: string, row) =>
        row.hasChildren && row.subjectId !== report?.parent?.orgCode ? (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOrgCode(row.subjectId)}>
            {name}
          </Button>
        ) : (
          name
        ),
    },
    {
      title: TITLE.subjectType,
      dataIndex: 'subjectType',
      width: 80,
      render: (type: keyof typeof KPI_SUBJECT_TYPE) => KPI_SUBJECT_TYPE[type],
    },
    {
      title: TITLE.targetValue,
      dataIndex: 'targetValue',
      align: 'right',
      render: (value: number | null) => figureText(value, ratio),
    },
    {
      title: TITLE.actualValue,
      dataIndex: 'actualValue',
      align: 'right',
      render: (value: number | null) => figureText(value, ratio),
    },
    {
      title: TITLE.achievementRate,
      dataIndex: 'achievementRate',
      align: 'right',
      render: (rate: number | null, row) => <Tag color={COLOURS[row.colour]}>{percentText(rate)}</Tag>,
    },
    {
      title: TITLE.timeProgressRate,
      dataIndex: 'timeProgressRate',
      align: 'right',
      render: (rate: number) => percentText(rate),
    },
    {
      title: TITLE.gapToTarget,
      dataIndex: 'gapToTarget',
      align: 'right',
      render: (value: number | null) => figureText(value, ratio),
    },
    {
      title: TITLE.rankInParent,
      dataIndex: 'rankInParent',
      align: 'right',
      width: 90,
      render: (rank: number | null) => rank ?? '—',
    },
    {
      title: TITLE.rankTotal,
      dataIndex: 'rankTotal',
      align: 'right',
      width: 80,
      render: (rank: number | null) => rank ?? '—',
    },
  ];

  const rows = report ? [...(report.total ? [report.total] : []), ...report.rows] : [];

  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label="期间类型"
          value={grain}
          style={{ width: 90 }}
          options={[
            { label: '月', value: 'MONTH' },
            { label: '季', value: 'QUARTER' },
            { label: '年', value: 'YEAR' },
          ]}
          onChange={setGrain}
        />
        <DatePicker
          aria-label="期间"
          picker={grain === 'MONTH' ? 'month' : grain === 'QUARTER' ? 'quarter' : 'year'}
          value={day}
          allowClear={false}
          onChange={(value) => value && setDay(value)}
        />
        <Select
          aria-label="指标"
          value={indicatorCode}
          style={{ width: 150 }}
          options={KPI_INDICATORS.map((each) => ({ label: each.name, value: each.code }))}
          onChange={setIndicatorCode}
        />
        {canRebuild && (
          <Button
            onClick={async () => {
              const answer = await rebuildAchievement(period);
              toast(answer.success ? 'success' : 'error', answer.message);
            }}
          >
            重新计算
          </Button>
        )}
        <Button onClick={() => void load()}>刷新</Button>
        <ExportButton exportAs={() => exportAchievement({ period, indicatorCode, orgCode })} />
      </Space>
      <Breadcrumb
        style={{ marginBottom: 8 }}
        items={(report?.path ?? []).map((node, index, all) => ({
          title:
            index === all.length - 1 ? (
              node.name
            ) : (
              <a onClick={() => setOrgCode(node.orgCode)}>{node.name}</a>
            ),
        }))}
      />
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Typography.Paragraph type="secondary">
        {indicator.formula}。达成率颜色：绿色 ≥ 时间进度，橙色 落后不超过10个百分点，红色 落后更多。
        {report?.snapshotDate ? ` 快照日期 ${report.snapshotDate}。` : ''}
      </Typography.Paragraph>
      <Table<KpiAchievementRow>
        rowKey={(row) => `${row.subjectType}:${row.subjectId}`}
        size="small"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        rowClassName={(row) => (row.subjectId === report?.parent?.orgCode ? 'ant-table-row-selected' : '')}
        locale={{ emptyText: '暂无数据' }}
      />
    </div>
  );
}
