// 首页 card: the running display agreements of the caller's scope not yet inspected this month (本月待检核), with a
// link to the agreements; shown to those who read display agreements.
import { useEffect, useState } from 'react';
import { Card, Col, Statistic } from 'antd';
import { Link } from 'react-router';
import { getInspectionsDue } from '../../../api/displays';
import { useHasPermission } from '../../../components/HasPermission';

export function InspectionsDueCard() {
  const allowed = useHasPermission('display:list');
  const [due, setDue] = useState<{ period: string; due: number } | null>(null);
  useEffect(() => {
    if (!allowed) return;
    let current = true;
    getInspectionsDue()
      .then((answer) => current && answer.success && setDue(answer.result))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [allowed]);
  if (!allowed) return null;
  return (
    <Col xs={24} sm={12} xl={6}>
      <Card size="small">
        <Statistic
          title={`本月待检核陈列${due ? `（${due.period}）` : ''}`}
          value={due?.due ?? '-'}
          suffix="家"
        />
        <Link to="/esdh/agreement?status=ACTIVE,SUSPENDED">查看陈列协议</Link>
      </Card>
    </Col>
  );
}
