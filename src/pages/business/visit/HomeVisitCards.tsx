// 首页's 今日拜访 and 异常拜访 cards (issue #17): today's visits of the caller's data scope against today's plans,
// and the abnormal ones with how many still await review, each with its latest few and a link to 拜访记录
// filtered the same way (today; abnormal=true). Shown to those who may read visit records.
import { useEffect, useState } from 'react';
import { Card, Col, Empty, Space, Statistic } from 'antd';
import { Link } from 'react-router';
import type { HomeVisitRow, HomeVisits } from '../../../../common/home';
import type { AbnormalFlag } from '../../../../common/visits';
import { getHomeVisits } from '../../../api/home';
import { useHasPermission } from '../../../components/HasPermission';
import { AbnormalTags } from './AbnormalTags';
import './HomeVisitCards.css';

/** 拜访记录 of one day; `abnormal`: those with any abnormal flag. */
export const visitListLink = (day: string, abnormal = false) =>
  `/eVisit/record?visitDate_begin=${day}&visitDate_end=${day}${abnormal ? '&abnormal=true' : ''}`;

function VisitRows({ rows, empty }: { rows: HomeVisitRow[]; empty: string }) {
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <ul className="home-visit-rows">
      {rows.map((row) => (
        <li key={row.id}>
          <Space size={8} wrap>
            <span className="home-visit-muted">{row.checkInAt.slice(11, 16)}</span>
            <span>{row.employeeName}</span>
            <span className="home-visit-customer">{row.customerName}</span>
          </Space>
          {row.abnormalFlags.length > 0 ? (
            <AbnormalTags flags={row.abnormalFlags as AbnormalFlag[]} />
          ) : (
            <span className="home-visit-muted">{row.status_dictText}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

export function HomeVisitCards() {
  const allowed = useHasPermission('visit:list');
  const [visits, setVisits] = useState<HomeVisits | null>(null);
  useEffect(() => {
    if (!allowed) return;
    let current = true;
    getHomeVisits()
      .then((answer) => current && answer.success && setVisits(answer.result))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [allowed]);
  if (!allowed) return null;
  return (
    <>
      <Col xs={24} lg={12} xl={9}>
        <Card
          size="small"
          title="今日拜访"
          extra={visits && <Link to={visitListLink(visits.day)}>查看全部</Link>}
        >
          <Space size={32}>
            <Statistic title="已拜访" value={visits?.visits ?? '-'} suffix="次" />
            <Statistic title="有效" value={visits?.validVisits ?? '-'} suffix="次" />
            <Statistic
              title="计划门店已访"
              value={visits ? `${visits.visitedOutlets} / ${visits.plannedOutlets}` : '-'}
            />
          </Space>
          <VisitRows rows={visits?.latest ?? []} empty="今天还没有拜访" />
        </Card>
      </Col>
      <Col xs={24} lg={12} xl={9}>
        <Card
          size="small"
          title="异常拜访"
          extra={visits && <Link to={visitListLink(visits.day, true)}>查看全部</Link>}
        >
          <Space size={32}>
            <Statistic
              title="今日异常"
              value={visits?.abnormalVisits ?? '-'}
              suffix="次"
              styles={visits?.abnormalVisits ? { content: { color: '#cf1322' } } : undefined}
            />
            <Statistic title="待审核" value={visits?.pendingReview ?? '-'} suffix="次" />
          </Space>
          <VisitRows rows={visits?.abnormal ?? []} empty="今天没有异常拜访" />
        </Card>
      </Col>
    </>
  );
}
