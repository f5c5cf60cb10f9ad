// 拜访计划's week calendar (DOMAIN §1.4 "week calendar by rep"): one row per rep, Monday to Sunday across, each
// day's plans as cards — the route (or the plan's type), its status, visited/planned, and its outlets with
// each one's state and check-in time. A card opens the plan's 明细, an outlet visited opens 拜访详情. The week's
// plans come from the plan list (the caller's data scope) filtered to the week, with their outlets.
import { useEffect, useMemo, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Alert, Badge, Button, Card, Empty, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { listPlans, type VisitPlan, type VisitPlanItem } from '../../../api/visits';
import { RepSelect } from './visitPickers';

const DAY = 'YYYY-MM-DD';
/** The server's largest page: a week of more plans asks to pick a rep. */
const WEEK_PAGE_SIZE = 200;
/** Outlets shown on a card; the rest are counted ("另 N 家"), the card's 明细 lists them all. */
const CARD_OUTLETS = 4;
const WEEKDAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'];

export const PLAN_STATUS_COLOR: Record<string, string> = {
  DONE: 'green',
  PARTIAL: 'orange',
  MISSED: 'red',
  IN_PROGRESS: 'blue',
  APPROVED: 'cyan',
  SUBMITTED: 'gold',
};
const ITEM_BADGE: Record<string, 'success' | 'processing' | 'error' | 'default'> = {
  VISITED: 'success',
  PENDING: 'processing',
  MISSED: 'error',
  CANCELLED: 'default',
};

/** The Monday of a day's week (the Chinese week runs Monday to Sunday, whatever dayjs's locale says). */
export const mondayOf = (day: Dayjs) => day.startOf('day').subtract((day.day() + 6) % 7, 'day');

interface RepRow {
  employeeId: string;
  employeeName: string;
  /** Plans by 'YYYY-MM-DD'. */
  days: Record<string, VisitPlan[]>;
  planned: number;
  visited: number;
}

function rowsOf(plans: VisitPlan[]): RepRow[] {
  const reps = new Map<string, RepRow>();
  for (const plan of plans) {
    const rep = reps.get(plan.employeeId) ?? {
      employeeId: plan.employeeId,
      employeeName: plan.employeeName,
      days: {},
      planned: 0,
      visited: 0,
    };
    (rep.days[plan.planDate] ??= []).push(plan);
    rep.planned += plan.plannedCount;
    rep.visited += plan.visitedCount;
    reps.set(plan.employeeId, rep);
  }
  return [...reps.values()].sort((a, b) => a.employeeName.localeCompare(b.employeeName, 'zh-CN'));
}

function OutletLine({ item, onOpenVisit }: { item: VisitPlanItem; onOpenVisit: (visitId: string) => void }) {
  const time = item.checkInAt ? item.checkInAt.slice(11, 16) : null;
  const visitId = item.visitRecordId;
  const label = (
    <Badge
      status={ITEM_BADGE[item.status] ?? 'default'}
      text={
        <Typography.Text ellipsis style={{ maxWidth: 150, fontSize: 12 }}>
          {item.customerName}
        </Typography.Text>
      }
    />
  );
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', gap: 4 }} title={item.status_dictText}>
      {visitId ? (
        <Button
          type="link"
          size="small"
          style={{ padding: 0, height: 'auto' }}
          aria-label={`拜访详情 ${item.customerName}`}
          onClick={(event) => {
            // The card behind opens the plan: this line opens its visit.
            event.stopPropagation();
            onOpenVisit(visitId);
          }}
        >
          {label}
        </Button>
      ) : (
        label
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {time ?? item.status_dictText}
      </Typography.Text>
    </div>
  );
}

function PlanCard({
  plan,
  onOpenPlan,
  onOpenVisit,
}: {
  plan: VisitPlan;
  onOpenPlan: (plan: VisitPlan) => void;
  onOpenVisit: (visitId: string) => void;
}) {
  const items = plan.items ?? [];
  const hidden = items.length - CARD_OUTLETS;
  return (
    <Card
      size="small"
      hoverable
      role="button"
      aria-label={`计划 ${plan.planNo}`}
      onClick={() => onOpenPlan(plan)}
      title={<span style={{ fontSize: 12 }}>{plan.routeName ?? plan.planType_dictText}</span>}
      extra={
        <Tag color={PLAN_STATUS_COLOR[plan.status]} style={{ marginInlineEnd: 0 }}>
          {plan.status_dictText}
        </Tag>
      }
      styles={{ body: { padding: '4px 8px' }, header: { minHeight: 32, padding: '0 8px' } }}
    >
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        已访 {plan.visitedCount}/{plan.plannedCount}
      </Typography.Text>
      {items.slice(0, CARD_OUTLETS).map((item) => (
        <OutletLine key={item.id} item={item} onOpenVisit={onOpenVisit} />
      ))}
      {hidden > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          另 {hidden} 家…
        </Typography.Text>
      )}
    </Card>
  );
}

export interface VisitPlanWeekProps {
  /** Changes when the plans changed elsewhere (generated, added, decided): the week loads again. */
  reloadKey: number;
  onOpenPlan: (plan: VisitPlan) => void;
  onOpenVisit: (visitId: string) => void;
  /** The first week shown; this week by default. */
  initialWeek?: Dayjs;
}

export function VisitPlanWeek({ reloadKey, onOpenPlan, onOpenVisit, initialWeek }: VisitPlanWeekProps) {
  const [monday, setMonday] = useState(() => mondayOf(initialWeek ?? dayjs()));
  const [employeeId, setEmployeeId] = useState<string | undefined>();
  const [answer, setAnswer] = useState<{ plans: VisitPlan[]; total: number } | null>(null);
  const [loading, setLoading] = useState(false);
  const days = useMemo(() => WEEKDAYS.map((_name, index) => monday.add(index, 'day')), [monday]);

  useEffect(() => {
    let current = true;
    setLoading(true);
    listPlans({
      planDate_begin: monday.format(DAY),
      planDate_end: monday.add(6, 'day').format(DAY),
      employeeId,
      withItems: 'true',
      pageSize: WEEK_PAGE_SIZE,
      column: 'planDate',
      order: 'asc',
    })
      .then((result) => {
        if (current && result.success) {
          setAnswer({ plans: result.result.records, total: result.result.total });
        }
      })
      // A transport failure was shown by the HTTP error saga; the calendar keeps what it had.
      .catch(() => undefined)
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [monday, employeeId, reloadKey]);

  const today = dayjs().format(DAY);
  const columns: ColumnsType<RepRow> = [
    {
      title: '业务员',
      key: 'employee',
      fixed: 'left',
      width: 120,
      render: (_value, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{row.employeeName}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            本周 {row.visited}/{row.planned} 家
          </Typography.Text>
        </Space>
      ),
    },
    ...days.map((day, index) => {
      const key = day.format(DAY);
      return {
        key,
        width: 200,
        title: (
          <span style={key === today ? { color: '#1677ff' } : undefined}>
            {WEEKDAYS[index]} {day.format('MM-DD')}
            {key === today ? '（今天）' : ''}
          </span>
        ),
        onCell: () => ({
          style: { verticalAlign: 'top', background: key === today ? '#f0f7ff' : undefined },
        }),
        render: (_value: unknown, row: RepRow) => (
          <Space direction="vertical" size={6} style={{ width: '100%' }}>
            {(row.days[key] ?? []).map((plan) => (
              <PlanCard key={plan.id} plan={plan} onOpenPlan={onOpenPlan} onOpenVisit={onOpenVisit} />
            ))}
          </Space>
        ),
      };
    }),
  ];
  const plans = answer?.plans ?? [];
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Space wrap>
        <Button
          icon={<LeftOutlined />}
          aria-label="上一周"
          onClick={() => setMonday((week) => week.subtract(7, 'day'))}
        >
          上一周
        </Button>
        <Button onClick={() => setMonday(mondayOf(dayjs()))}>本周</Button>
        <Button aria-label="下一周" onClick={() => setMonday((week) => week.add(7, 'day'))}>
          下一周 <RightOutlined />
        </Button>
        <Typography.Text strong aria-live="polite">
          {monday.format(DAY)} 至 {monday.add(6, 'day').format(DAY)}
        </Typography.Text>
        <RepSelect
          allowClear
          value={employeeId}
          onChange={(value) => setEmployeeId(value ?? undefined)}
          placeholder="全部业务员"
          style={{ width: 220 }}
        />
      </Space>
      {answer && answer.total > plans.length && (
        <Alert
          type="info"
          showIcon
          title={`本周共 ${answer.total} 个计划，只显示了前 ${plans.length} 个：请选择业务员查看。`}
        />
      )}
      <Table<RepRow>
        rowKey="employeeId"
        size="small"
        bordered
        loading={loading}
        pagination={false}
        columns={columns}
        dataSource={rowsOf(plans)}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本周没有拜访计划" /> }}
      />
    </Space>
  );
}
