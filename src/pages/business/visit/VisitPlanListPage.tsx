// 拜访计划 (eVisit/VisitPlanList): the plans of the caller's data scope, as a week calendar by rep (日历,
// VisitPlanWeek) or as the list — 日期, 业务员, 线路, 计划家数, 已访, 完成率, 状态 — with 按线路生成 (a date range),
// 新建临时计划, 复制上周 and 确认/退回 of a submitted plan; a row's 明细 (or a calendar card) lists its outlets
// and which were visited, each visit opening 拜访详情. The view is in the URL (view=week) so a link keeps it.
import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router';
import {
  Button,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Progress,
  Segmented,
  Space,
  Table,
  Tag,
  TimePicker,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PLAN_STATUS, PLAN_TYPE, VISIT_PURPOSE } from '../../../../common/visits';
import {
  addTempPlan,
  copyLastWeek,
  decidePlan,
  generatePlans,
  exportPlans,
  listPlans,
  planById,
  type VisitPlan,
  type VisitPlanDetail,
} from '../../../api/visits';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { required, requiredChoices, requiredDate } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { HasPermission } from '../../../components/HasPermission';
import { dateRangeFields } from '../../../components/table/dateRange';
import { ListPage } from '../../../components/table/ListPage';
import { RowActions, type RowAction } from '../../../components/table/RowActions';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';
import { VisitDetailDrawer } from './VisitDetailDrawer';
import { OutletSelect, RepSelect } from './visitPickers';
import { mondayOf, PLAN_STATUS_COLOR, VisitPlanWeek } from './VisitPlanWeek';

const DAY = 'YYYY-MM-DD';
const PLAN_DATE = dateRangeFields('planDate');
type View = 'week' | 'list';
const VIEWS: Array<{ label: string; value: View }> = [
  { label: '日历', value: 'week' },
  { label: '列表', value: 'list' },
];
const PURPOSES = Object.fromEntries(VISIT_PURPOSE.map((purpose) => [purpose, purpose]));

interface GenerateValues {
  range: [Dayjs, Dayjs];
}
interface TempValues {
  employeeId: string;
  planDate: Dayjs;
  outletIds: string[];
  purpose?: string;
  startTime?: Dayjs | null;
  intervalMinutes?: number | null;
}

/**
 * 计划时间 of a temporary plan's outlets in the order chosen: the first at `start`, each next one `interval`
 * minutes later; none past the day's end, and none at all without a start.
 */
export function spacedTimes(
  outletIds: readonly string[],
  start: Dayjs | null | undefined,
  intervalMinutes: number,
): Record<string, string> | undefined {
  if (!start) return undefined;
  const first = start.hour() * 60 + start.minute();
  const times: Record<string, string> = {};
  outletIds.forEach((id, index) => {
    const at = first + index * intervalMinutes;
    if (at < 24 * 60)
      times[id] = `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`;
  });
  return times;
}

export default function VisitPlanListPage() {
  const list = useListPage<VisitPlan>({
    filterKeys: ['planDate_begin', 'planDate_end', 'employeeId', 'routeId', 'planType', 'status', 'planNo'],
    sortKeys: ['planDate', 'planNo'],
    defaultSort: { column: 'planDate', order: 'desc' },
    fetch: listPlans,
  });
  const confirm = useConfirmAction();
  const [searchParams, setSearchParams] = useSearchParams();
  const view: View = searchParams.get('view') === 'week' ? 'week' : 'list';
  const [weekReloads, setWeekReloads] = useState(0);
  const [generating, setGenerating] = useState(false);
  const [adding, setAdding] = useState(false);
  const [detail, setDetail] = useState<VisitPlanDetail | null>(null);
  const [visitId, setVisitId] = useState<string | null>(null);
  const reload = () => {
    list.reload();
    setWeekReloads((count) => count + 1);
  };
  const openPlan = (plan: VisitPlan) =>
    void planById(plan.id).then((answer) => answer.success && setDetail(answer.result));
  const switchView = (next: View) =>
    setSearchParams((previous) => {
      const params = new URLSearchParams(previous);
      if (next === 'week') params.set('view', 'week');
      else params.delete('view');
      return params;
    });
  const copyWeek = () => {
    const monday = mondayOf(dayjs());
    confirm({
      title: `把上周的计划复制到 ${monday.format(DAY)} 起的一周？`,
      content: '已有的线路计划不会重复生成。',
      okText: '复制',
      danger: false,
      action: () => copyLastWeek(monday.format(DAY)),
      onDone: reload,
    });
  };
  const decide = (plan: VisitPlan, approve: boolean) =>
    confirm({
      title: `${approve ? '确认' : '退回'}计划 ${plan.planNo}？`,
      okText: approve ? '确认' : '退回',
      danger: !approve,
      action: () => decidePlan(plan.id, approve),
      onDone: reload,
    });
  const columns: ColumnsType<VisitPlan> = [
    {
      title: '日期',
      dataIndex: 'planDate',
      key: 'planDate',
      sorter: true,
      render: (day: string, plan) => <TwoLineCell main={day} sub={plan.planNo} />,
    },
    { title: '业务员', dataIndex: 'employeeName', key: 'employeeName' },
    {
      title: '线路',
      dataIndex: 'routeName',
      key: 'routeName',
      render: (name: string | null, plan) => <TwoLineCell main={name ?? '—'} sub={plan.planType_dictText} />,
    },
    { title: '计划家数', dataIndex: 'plannedCount', key: 'plannedCount', align: 'right' },
    { title: '已访', dataIndex: 'visitedCount', key: 'visitedCount', align: 'right' },
    {
      title: '完成率',
      dataIndex: 'completionRate',
      key: 'completionRate',
      render: (rate: number | null) =>
        rate === null ? '—' : <Progress percent={rate} size="small" style={{ width: 120 }} />,
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: string, plan) => <Tag color={PLAN_STATUS_COLOR[status]}>{plan.status_dictText}</Tag>,
    },
    {
      title: '操作',
      key: 'actions',
      render: (_value, plan) => {
        const actions: RowAction[] = [{ key: 'view', label: '明细', onClick: () => openPlan(plan) }];
        if (plan.status === 'SUBMITTED') {
          actions.push(
            { key: 'approve', label: '确认', onClick: () => decide(plan, true) },
            { key: 'return', label: '退回', danger: true, onClick: () => decide(plan, false) },
          );
        }
        return <RowActions actions={actions} />;
      },
    },
  ];
  const toolbar = (
    <Space>
      <Segmented<View> options={VIEWS} value={view} onChange={switchView} aria-label="视图" />
      <HasPermission code="visitPlan:add">
        <Space>
          <Button type="primary" onClick={() => setGenerating(true)}>
            按线路生成
          </Button>
          <Button onClick={() => setAdding(true)}>新建临时计划</Button>
          <Button onClick={copyWeek}>复制上周</Button>
        </Space>
      </HasPermission>
    </Space>
  );
  return (
    <>
      {view === 'week' ? (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          {toolbar}
          <VisitPlanWeek reloadKey={weekReloads} onOpenPlan={openPlan} onOpenVisit={setVisitId} />
        </Space>
      ) : (
        <ListPage<VisitPlan>
          list={list}
          compactColumns={['planDate', 'employeeName', 'status']}
          columns={columns}
          exportAs={exportPlans}
          toFilters={PLAN_DATE.toFilters}
          toFormValues={PLAN_DATE.toFormValues}
          searchFields={
            <>
              <Form.Item name="planDate" label="日期">
                <DatePicker.RangePicker allowEmpty={[true, true]} />
              </Form.Item>
              <Form.Item name="planNo" label="计划编号">
                <Input placeholder="计划编号" allowClear />
              </Form.Item>
              <Form.Item name="planType" label="类型">
                <EnumSelect labels={PLAN_TYPE} placeholder="全部" style={{ width: 110 }} />
              </Form.Item>
              <Form.Item name="status" label="状态">
                <EnumSelect labels={PLAN_STATUS} placeholder="全部" style={{ width: 110 }} />
              </Form.Item>
              <Form.Item name="employeeId" hidden>
                <Input />
              </Form.Item>
              <Form.Item name="routeId" hidden>
                <Input />
              </Form.Item>
            </>
          }
          toolbar={toolbar}
        />
      )}
      <ModalForm<GenerateValues>
        title="按线路生成计划"
        open={generating}
        onClose={() => setGenerating(false)}
        onSaved={reload}
        initialValues={{ range: [dayjs(), dayjs().add(6, 'day')] }}
        onSubmit={(values) => generatePlans(values.range[0].format(DAY), values.range[1].format(DAY))}
      >
        <Form.Item
          name="range"
          label="日期"
          rules={[requiredDate('日期')]}
          extra="启用的线路按其拜访日生成，已有的不重复"
        >
          <DatePicker.RangePicker />
        </Form.Item>
      </ModalForm>
      <ModalForm<TempValues>
        title="新建临时计划"
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={reload}
        initialValues={{ planDate: dayjs(), purpose: '巡店', intervalMinutes: 30 }}
        onSubmit={(values) =>
          addTempPlan({
            employeeId: values.employeeId,
            planDate: values.planDate.format(DAY),
            outletIds: values.outletIds,
            purpose: values.purpose ?? null,
            plannedTimes: spacedTimes(values.outletIds, values.startTime, values.intervalMinutes ?? 30),
          })
        }
      >
        <Form.Item name="employeeId" label="业务员" rules={[required('业务员', '选择')]}>
          <RepSelect />
        </Form.Item>
        <Form.Item name="planDate" label="日期" rules={[requiredDate('日期')]}>
          <DatePicker />
        </Form.Item>
        <Form.Item name="outletIds" label="门店" rules={[requiredChoices('门店')]}>
          <OutletSelect />
        </Form.Item>
        <Form.Item name="purpose" label="目的">
          <EnumSelect labels={PURPOSES} />
        </Form.Item>
        <Form.Item label="计划时间" extra="按所选门店的顺序，从首家时间起每家相隔设定的分钟数（选填）">
          <Space>
            <Form.Item name="startTime" noStyle>
              <TimePicker format="HH:mm" minuteStep={5} placeholder="首家时间" aria-label="首家时间" />
            </Form.Item>
            <Form.Item name="intervalMinutes" noStyle>
              <InputNumber min={5} max={240} step={5} aria-label="每家间隔" />
            </Form.Item>
            分钟/家
          </Space>
        </Form.Item>
      </ModalForm>
      <Drawer
        open={detail !== null}
        onClose={() => setDetail(null)}
        width={560}
        title={detail ? `计划明细：${detail.planNo}（${detail.planDate} ${detail.employeeName}）` : ''}
      >
        {detail && (
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={detail.items}
            columns={[
              { title: '序号', dataIndex: 'seq', key: 'seq', width: 60 },
              {
                title: '门店',
                dataIndex: 'customerName',
                key: 'customerName',
                render: (name: string, item) => <TwoLineCell main={name} sub={item.customerCode} />,
              },
              {
                title: '计划时间',
                dataIndex: 'plannedTime',
                key: 'plannedTime',
                render: (time: string | null) => time ?? '—',
              },
              { title: '目的', dataIndex: 'purpose', key: 'purpose' },
              { title: '状态', dataIndex: 'status_dictText', key: 'status' },
              {
                title: '拜访',
                key: 'visit',
                render: (_value, item) =>
                  item.visitRecordId ? (
                    <Button type="link" size="small" onClick={() => setVisitId(item.visitRecordId)}>
                      {item.checkInAt?.slice(11, 16) ?? '详情'}
                    </Button>
                  ) : (
                    '—'
                  ),
              },
            ]}
          />
        )}
      </Drawer>
      <VisitDetailDrawer visitId={visitId} onClose={() => setVisitId(null)} />
    </>
  );
}
