// The business figures of the home tab: order cards, the sales trend and the rankings of the chosen period
// (今日 / 本周 / 本月 / 本年 or a date range), all computed by the server within the user's data scope; and the
// cards of other modules for those who may read them (本月待检核陈列, 今日拜访 and 异常拜访).
import { lazy, Suspense, useEffect } from 'react';
import { Alert, Card, Col, Empty, Radio, Row, Spin, Statistic, Tabs } from 'antd';
import { HOME_PERIOD_LABELS, type HomePeriod, type HomeRankingRow } from '../../../common/home';
import {
  selectDashboardError,
  selectDashboardFigures,
  selectDashboardLoading,
  selectDashboardQuery,
} from '../../features/dashboard/selectors';
import { dashboardOpened, periodChanged } from '../../features/dashboard/slice';
import { PlainTable, type PlainColumn } from '../../components/table/PlainTable';
import { WhenInView } from '../../components/WhenInView';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { InspectionsDueCard } from '../business/display/InspectionsDueCard';
import { HomeVisitCards } from '../business/visit/HomeVisitCards';
import { PeriodRangePicker } from './PeriodRangePicker';

// Far below the fold: loaded when the user scrolls toward it.
const KpiBoardSection = lazy(() => import(/* webpackChunkName: "dashboard-kpi" */ './KpiBoardSection'));

const SalesTrendChart = lazy(
  () => import(/* webpackChunkName: "dashboard-trend-chart" */ './SalesTrendChart'),
);

const TREND_HEIGHT = 300;
/** Room kept for the KPI board below the fold until it loads. */
const KPI_BOARD_MIN_HEIGHT = 400;
const QUICK_PERIODS: HomePeriod[] = ['today', 'week', 'month', 'year'];

const yuan = (value: string) =>
  `¥${Number(value).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function rankingColumns(countTitle: string): PlainColumn<HomeRankingRow>[] {
  return [
    { title: '排名', render: (row) => row.rank, width: 64 },
    { title: '名称', render: (row) => row.name, ellipsis: true },
    { title: '金额', render: (row) => yuan(row.amount), align: 'right' },
    { title: countTitle, render: (row) => row.count, align: 'right', width: 96 },
  ];
}

function RankingTable({ rows, countTitle }: { rows: HomeRankingRow[]; countTitle: string }) {
  return (
    <PlainTable
      rowKey={(row) => row.id}
      columns={rankingColumns(countTitle)}
      rows={rows}
      empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="所选期间暂无数据" />}
    />
  );
}

export default function HomeDashboard() {
  const dispatch = useAppDispatch();
  const query = useAppSelector(selectDashboardQuery);
  const figures = useAppSelector(selectDashboardFigures);
  const loading = useAppSelector(selectDashboardLoading);
  const error = useAppSelector(selectDashboardError);

  useEffect(() => {
    dispatch(dashboardOpened());
  }, [dispatch]);

  const summary = figures?.summary;
  const periodLabel = HOME_PERIOD_LABELS[query.period];
  const trendEmpty = !figures || figures.trend.points.every((point) => point.count === 0);

  return (
    <Spin spinning={loading}>
      <Row justify="end" gutter={[12, 12]} style={{ marginBottom: 16 }}>
        <Col>
          <Radio.Group
            optionType="button"
            value={query.period === 'custom' ? undefined : query.period}
            options={QUICK_PERIODS.map((period) => ({ label: HOME_PERIOD_LABELS[period], value: period }))}
            onChange={(event) => dispatch(periodChanged({ period: event.target.value as HomePeriod }))}
          />
        </Col>
        <Col>
          <PeriodRangePicker
            range={
              query.period === 'custom' && query.startDate && query.endDate
                ? [query.startDate, query.endDate]
                : null
            }
            onChange={([startDate, endDate]) =>
              dispatch(periodChanged({ period: 'custom', startDate, endDate }))
            }
          />
        </Col>
      </Row>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={6}>
          <Card size="small">
            <Statistic title="今日订单金额" value={summary ? yuan(summary.today.amount) : '-'} />
            <div>今日订单数 {summary?.today.count ?? '-'}</div>
          </Card>
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Card size="small">
            <Statistic title="本月订单金额" value={summary ? yuan(summary.month.amount) : '-'} />
            <div>本月订单数 {summary?.month.count ?? '-'}</div>
          </Card>
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Card size="small">
            <Statistic title={`${periodLabel}新增客户`} value={summary?.newCustomers ?? '-'} />
            <div>
              {periodLabel}订单{' '}
              {summary ? `${summary.period.count} 笔 / ${yuan(summary.period.amount)}` : '-'}
            </div>
          </Card>
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Card size="small">
            <Statistic
              title="ERP同步失败"
              value={summary?.failedSyncs ?? '-'}
              styles={summary?.failedSyncs ? { content: { color: '#cf1322' } } : undefined}
            />
            <div>未忽略的同步失败任务（订单、客户等）</div>
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card size="small" title={`销售趋势（${periodLabel}）`}>
            {trendEmpty ? (
              <Empty
                style={{ height: TREND_HEIGHT, paddingTop: 80, margin: 0 }}
                description={figures ? '所选期间暂无订单' : '加载中'}
              />
            ) : (
              <Suspense fallback={<div style={{ height: TREND_HEIGHT }} />}>
                <SalesTrendChart trend={figures.trend} />
              </Suspense>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title={`排行榜（${periodLabel}）`}>
            <Tabs
              size="small"
              items={[
                {
                  key: 'skus',
                  label: '商品',
                  children: <RankingTable rows={figures?.rankings.skus ?? []} countTitle="销量" />,
                },
                {
                  key: 'dealers',
                  label: '经销商',
                  children: <RankingTable rows={figures?.rankings.dealers ?? []} countTitle="订单数" />,
                },
                {
                  key: 'salesReps',
                  label: '业务员',
                  children: <RankingTable rows={figures?.rankings.salesReps ?? []} countTitle="订单数" />,
                },
              ]}
            />
          </Card>
        </Col>
        <InspectionsDueCard />
        <HomeVisitCards />
      </Row>
      <WhenInView minHeight={KPI_BOARD_MIN_HEIGHT}>
        <Suspense fallback={<div style={{ minHeight: KPI_BOARD_MIN_HEIGHT }} />}>
          <KpiBoardSection />
        </Suspense>
      </WhenInView>
    </Spin>
  );
}
