// Login statistics of the log page: totals (/sys/loginfo) and the last seven days (/sys/visitInfo) as
// an echarts bar + line chart. Its own chunk: echarts loads only when the log page shows the charts.
import { useEffect, useMemo, useState } from 'react';
import { Card, Col, Row, Statistic } from 'antd';
import dayjs from 'dayjs';
import { getLoginInfo, getVisitInfo, type LoginInfo } from '../../../api/systemLog';
import { BarLineChart } from '../../../components/charts/BarLineChart';
import { lastSevenDays, type ChartDay } from './visitDays';

const CHART_HEIGHT = 260;

function VisitChart({ days }: { days: ChartDay[] }) {
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      // echarts 6 puts the legend at the bottom by default; above the grid it does not cover the axis.
      legend: { data: ['登录次数', '登录IP数'], top: 0 },
      grid: { left: 40, right: 24, top: 40, bottom: 28 },
      xAxis: { type: 'category', data: days.map((day) => day.label) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: '登录次数', type: 'bar', data: days.map((day) => day.visit), barMaxWidth: 32 },
        { name: '登录IP数', type: 'line', smooth: true, data: days.map((day) => day.ip) },
      ],
    }),
    [days],
  );
  return <BarLineChart option={option} height={CHART_HEIGHT} label="近七日登录统计图" />;
}

export default function LogCharts() {
  const [info, setInfo] = useState<LoginInfo | null>(null);
  const [days, setDays] = useState<ChartDay[] | null>(null);
  useEffect(() => {
    getLoginInfo().then(
      (answer) => answer.success && setInfo(answer.result),
      () => undefined,
    );
    getVisitInfo().then(
      (answer) => answer.success && setDays(lastSevenDays(answer.result ?? [], dayjs().format('YYYY-MM-DD'))),
      () => undefined,
    );
  }, []);
  return (
    <Row gutter={16} style={{ marginBottom: 16 }}>
      <Col xs={24} lg={6}>
        <Card size="small" style={{ height: '100%' }}>
          <Statistic title="累计登录次数" value={info?.totalVisitCount ?? '-'} />
          <Statistic title="今日登录次数" value={info?.todayVisitCount ?? '-'} style={{ marginTop: 16 }} />
          <Statistic title="今日登录IP数" value={info?.todayIp ?? '-'} style={{ marginTop: 16 }} />
        </Card>
      </Col>
      <Col xs={24} lg={18}>
        <Card size="small" title="近七日登录统计">
          {days ? <VisitChart days={days} /> : <div style={{ height: CHART_HEIGHT }} />}
        </Card>
      </Col>
    </Row>
  );
}
