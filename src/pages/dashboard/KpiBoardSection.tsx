// 首页看板 (DOMAIN §1.13) below the order figures: month-to-date against the month's target, the counters of
// the other modules, and Top/Bottom 5 of reps, dealers and regions by any indicator over 日/周/月/季/年, with
// 红黑榜 exported as a workbook. All within the user's data scope.
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Progress, Row, Segmented, Select, Space, Statistic, Tabs } from 'antd';
import {
  KPI_BOARD_PERIOD,
  KPI_INDICATOR,
  KPI_INDICATORS,
  type KpiBoard,
  type KpiBoardPeriod,
  type KpiBoardRanking,
  type KpiIndicatorCode,
} from '../../../common/kpi';
import { exportRedBlack, kpiBoard } from '../../api/kpi';
import { PlainTable } from '../../components/table/PlainTable';
import { figureText, percentText } from '../business/kpi/kpiFormat';

const KINDS = { EMPLOYEE: '业务员', DEALER: '经销商', REGION: '大区' } as const;

function RankingList({ rows, ratio }: { rows: KpiBoardRanking['top']; ratio: boolean }) {
  return (
    <PlainTable
      rowKey={(row) => row.id}
      rows={rows}
      empty="暂无数据"
      columns={[
        { title: '名次', render: (row) => row.rank, width: 56 },
        { title: '名称', render: (row) => row.name, ellipsis: true },
        { title: '实际', render: (row) => figureText(row.value, ratio), align: 'right' },
        { title: '达成率', render: (row) => percentText(row.rate), align: 'right' },
      ]}
    />
  );
}

export default function KpiBoardSection() {
  const [period, setPeriod] = useState<KpiBoardPeriod>('month');
  const [indicatorCode, setIndicatorCode] = useState<KpiIndicatorCode>('SALES_AMOUNT');
  const [board, setBoard] = useState<KpiBoard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const indicator = KPI_INDICATORS.find((each) => each.code === indicatorCode)!;
  const ratio = indicator.aggregation === 'RATE' || indicator.aggregation === 'AVG';

  useEffect(() => {
    let live = true;
    kpiBoard({ period, indicatorCode })
      .then((answer) => {
        if (!live) return;
        setError(answer.success ? null : answer.message);
        setBoard(answer.success ? answer.result : null);
      })
      // A transport failure was shown by the HTTP error saga; the board keeps what it had.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [period, indicatorCode]);

  const counters = board?.counters;
  return (
    <Card size="small" title="目标达成与排行" style={{ marginTop: 16 }}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Row gutter={[16, 16]}>
        {(board?.mtd ?? []).map((figure) => (
          <Col key={figure.indicatorCode} xs={24} sm={12} xl={6}>
            <Card size="small">
              <Statistic
                title={`本月${KPI_INDICATOR[figure.indicatorCode]}`}
                value={figureText(figure.actual, false)}
              />
              <div>目标 {figureText(figure.target, false)}</div>
              <Progress
                percent={figure.rate === null ? 0 : Math.round(figure.rate * 1000) / 10}
                success={{ percent: Math.round(figure.timeProgress * 1000) / 10 }}
                size="small"
                aria-label={`本月${KPI_INDICATOR[figure.indicatorCode]}达成率`}
                format={() => (figure.rate === null ? '无目标' : percentText(figure.rate))}
              />
            </Card>
          </Col>
        ))}
        {counters && (
          <Col span={24}>
            <Space size="large" wrap>
              <Statistic title="今日签到人数" value={counters.checkedInToday} />
              <Statistic title="待审异常拜访" value={counters.abnormalVisits} />
              <Statistic title="近7天冰柜告警" value={counters.freezerAlarms} />
              <Statistic title="临期库存金额" value={`¥${counters.nearExpiryValue}`} />
              <Statistic title="待我审批" value={counters.pendingApprovals} />
            </Space>
          </Col>
        )}
        <Col span={24}>
          <Space wrap style={{ marginBottom: 8 }}>
            <Segmented
              value={period}
              options={Object.entries(KPI_BOARD_PERIOD).map(([value, label]) => ({ value, label }))}
              onChange={(value) => setPeriod(value as KpiBoardPeriod)}
            />
            <Select
              aria-label="排行指标"
              value={indicatorCode}
              style={{ width: 150 }}
              options={KPI_INDICATORS.map((each) => ({ label: each.name, value: each.code }))}
              onChange={setIndicatorCode}
            />
            <Button onClick={() => void exportRedBlack({ period, indicatorCode })}>导出红黑榜</Button>
          </Space>
          <Tabs
            size="small"
            items={(board?.rankings ?? []).map((ranking) => ({
              key: ranking.subjectType,
              label: KINDS[ranking.subjectType],
              children: (
                <Row gutter={16}>
                  <Col xs={24} lg={12}>
                    <b>红榜 Top 5</b>
                    <RankingList rows={ranking.top} ratio={ratio} />
                  </Col>
                  <Col xs={24} lg={12}>
                    <b>黑榜 Bottom 5</b>
                    <RankingList rows={ranking.bottom} ratio={ratio} />
                  </Col>
                </Row>
              ),
            }))}
          />
        </Col>
      </Row>
    </Card>
  );
}
