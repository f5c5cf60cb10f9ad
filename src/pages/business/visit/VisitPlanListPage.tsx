// 拜访计划 (eVisit/VisitPlanList), list view: the plans of the caller's data scope by day — 日期, 业务员, 线路,
// 计划家数, 已访, 完成率, 状态 — with 按线路生成 (a date range), 新建临时计划, 复制上周 and 确认/退回 of a
// submitted plan; a row's 明细 lists its outlets and which were visited. The week calendar is a later round.
import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Button, DatePicker, Drawer, Form, Input, Progress, Space, Table, Tag } from 'antd';
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
import { OutletSelect, RepSelect } from './visitPickers';

const DAY = 'YYYY-MM-DD';
const PLAN_DATE = dateRangeFields('planDate');
const STATUS_COLOR: Record<string, string> = {
  DONE: 'green',
  PARTIAL: 'orange',
  MISSED: 'red',
  IN_PROGRESS: 'blue',
  APPROVED: 'cyan',
  SUBMITTED: 'gold',
};
const PURPOSES = Object.fromEntries(VISIT_PURPOSE.map((purpose) => [purpose, purpose]));

interface GenerateValues {
  range: [Dayjs, Dayjs];
}
interface TempValues {
  employeeId: string;
  planDate: Dayjs;
  outletIds: string[];
  purpose?: string;
}

export default function VisitPlanListPage() {
  const list = useListPage<VisitPlan>({
    filterKeys: ['planDate_begin', 'planDate_end', 'employeeId', 'routeId', 'planType', 'status', 'planNo'],
    sortKeys: ['planDate', 'planNo'],
    defaultSort: { column: 'planDate', order: 'desc' },
    fetch: listPlans,
  });
  const confirm = useConfirmAction();
  const [generating, setGenerating] = useState(false);
  const [adding, setAdding] = useState(false);
  const [detail, setDetail] = useState<VisitPlanDetail | null>(null);
  const copyWeek = () => {
    const weekStart = dayjs().startOf('week').add(1, 'day');
    const monday = weekStart.isAfter(dayjs()) ? weekStart.subtract(7, 'day') : weekStart;
    confirm({
      title: `把上周的计划复制到 ${monday.format(DAY)} 起的一周？`,
      content: '已有的线路计划不会重复生成。',
      okText: '复制',
      danger: false,
      action: () => copyLastWeek(monday.format(DAY)),
      onDone: list.reload,
    });
  };
  const decide = (plan: VisitPlan, approve: boolean) =>
    confirm({
      title: `${approve ? '确认' : '退回'}计划 ${plan.planNo}？`,
      okText: approve ? '确认' : '退回',
      danger: !approve,
      action: () => decidePlan(plan.id, approve),
      onDone: list.reload,
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
      render: (status: string, plan) => <Tag color={STATUS_COLOR[status]}>{plan.status_dictText}</Tag>,
    },
    {
      title: '操作',
      key: 'actions',
      render: (_value, plan) => {
        const actions: RowAction[] = [
          {
            key: 'view',
            label: '明细',
            onClick: () =>
              void planById(plan.id).then((answer) => answer.success && setDetail(answer.result)),
          },
        ];
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
  return (
    <>
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
        toolbar={
          <HasPermission code="visitPlan:add">
            <Space>
              <Button type="primary" onClick={() => setGenerating(true)}>
                按线路生成
              </Button>
              <Button onClick={() => setAdding(true)}>新建临时计划</Button>
              <Button onClick={copyWeek}>复制上周</Button>
            </Space>
          </HasPermission>
        }
      />
      <ModalForm<GenerateValues>
        title="按线路生成计划"
        open={generating}
        onClose={() => setGenerating(false)}
        onSaved={list.reload}
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
        onSaved={list.reload}
        initialValues={{ planDate: dayjs(), purpose: '巡店' }}
        onSubmit={(values) =>
          addTempPlan({
            employeeId: values.employeeId,
            planDate: values.planDate.format(DAY),
            outletIds: values.outletIds,
            purpose: values.purpose ?? null,
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
              { title: '目的', dataIndex: 'purpose', key: 'purpose' },
              { title: '状态', dataIndex: 'status_dictText', key: 'status' },
            ]}
          />
        )}
      </Drawer>
    </>
  );
}
