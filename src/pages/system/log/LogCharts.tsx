// Login statistics of the log page: totals (/sys/loginfo) and the last seven days (/sys/visitInfo) as
// a bar + line chart (SVG). Its own chunk, loaded when the log page shows the charts.
import { useEffect, useState } from 'react';
import { Card, Col, Row, Statistic } from 'antd';
import dayjs from 'dayjs';
import { getLoginInfo, getVisitInfo, type LoginInfo } from '../../../api/systemLog';
import { BarLineChart, type ChartAxis } from '../../../components/charts/BarLineChart';
import { lastSevenDays, type ChartDay } from './visitDays';

const CHART_HEIGHT = 260;

const AXES: ChartAxis[] = [{ integer: true }];

function VisitChart({ days }: { days: ChartDay[] }) {
  return (
    <BarLineChart
      categories={days.map((day) => day.label)}
      series={[
        { name: '登录次数', type: 'bar', data: days.map((day) => day.visit) },
        { name: '登录IP数', type: 'line', data: days.map((day) => day.ip) },
      ]}
      axes={AXES}
      height={CHART_HEIGHT}
      label="近七日登录统计图"
      barMaxWidth={32}
    />
  );
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
