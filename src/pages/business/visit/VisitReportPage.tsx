// DMS 拜访日报 (/{product}/esaleanalysis/dmsdailyreport) and 拜访月报 (/dmsmonthreport), spec §2 and DOMAIN
// §1.14: per rep or per department for a day or a month — planned, visited, valid and abnormal visits, the
// completion rate, the average stay, out-of-range check-ins, orders taken during visits, the execution pass rate
// and the coins execution earned — with 合计, export,
// and 明细 opening 拜访记录 filtered to the visits counted.
import { useCallback, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DatePicker, Descriptions, Form, Segmented } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import {
  exportVisitReport,
  visitReport,
  type VisitReportKind,
  type VisitReportRow,
  type VisitReportSummary,
} from '../../../api/visits';
import type { ListParams } from '../../../api/systemTypes';
import { OrgPicker } from '../../../components/form/OrgPicker';
import { ListPage } from '../../../components/table/ListPage';
import { RowActions } from '../../../components/table/RowActions';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';

const GROUPS = [
  { label: '按人员', value: 'employee' },
  { label: '按部门', value: 'org' },
];

const PERIOD = {
  daily: { field: 'date', format: 'YYYY-MM-DD', picker: 'date' },
  monthly: { field: 'month', format: 'YYYY-MM', picker: 'month' },
} as const;

const rateText = (rate: number | null) => (rate === null ? '—' : `${rate}%`);
const minutesText = (minutes: number | null) => (minutes === null ? '—' : `${minutes} 分钟`);
const amountText = (amount: string) => `¥${Number(amount).toFixed(2)}`;

/** The visit records a row counts: its rep or department over its period. */
export function drillDownPath(row: VisitReportRow) {
  const params = new URLSearchParams({ visitDate_begin: row.dateBegin, visitDate_end: row.dateEnd });
  if (row.employeeId) params.set('employeeId', row.employeeId);
  else params.set('orgCode', row.orgCode);
  return `/eVisit/record?${params.toString()}`;
}

export function VisitReport({ kind }: { kind: VisitReportKind }) {
  const period = PERIOD[kind];
  const navigate = useNavigate();
  // Set with the page's answer, so the render of the new rows shows it too (no render of its own).
  const summary = useRef<VisitReportSummary | null>(null);
  const withPeriod = useCallback(
    (params: ListParams) => ({ [period.field]: dayjs().format(period.format), ...params }),
    [period],
  );
  const fetch = useCallback(
    async (params: ListParams) => {
      const answer = await visitReport(kind, withPeriod(params));
      summary.current = answer.success ? answer.result.summary : null;
      return answer;
    },
    [kind, withPeriod],
  );
  const list = useListPage<VisitReportRow>({
    filterKeys: [period.field, 'groupBy', 'orgCode'],
    sortKeys: [],
    fetch,
  });
  const columns: ColumnsType<VisitReportRow> = [
    {
      title: list.query.filters.groupBy === 'org' ? '部门' : '人员',
      key: 'who',
      render: (_value, row) =>
        row.employeeId ? (
          <TwoLineCell main={row.employeeName ?? '—'} sub={row.orgName ?? row.orgCode} />
        ) : (
          <TwoLineCell main={row.orgName ?? row.orgCode} sub={row.orgCode} />
        ),
    },
    { title: '计划拜访', dataIndex: 'plannedCount', key: 'plannedCount' },
    { title: '计划内已访', dataIndex: 'plannedVisitedCount', key: 'plannedVisitedCount' },
    { title: '达成率', dataIndex: 'completionRate', key: 'completionRate', render: rateText },
    { title: '总拜访', dataIndex: 'totalVisits', key: 'totalVisits' },
    { title: '有效拜访', dataIndex: 'validVisits', key: 'validVisits' },
    { title: '异常拜访', dataIndex: 'abnormalVisits', key: 'abnormalVisits' },
    { title: '超距', dataIndex: 'outOfRangeCount', key: 'outOfRangeCount' },
    { title: '平均在店', dataIndex: 'avgStayMinutes', key: 'avgStayMinutes', render: minutesText },
    { title: '下单拜访', dataIndex: 'ordersCount', key: 'ordersCount' },
    { title: '订单金额', dataIndex: 'orderAmount', key: 'orderAmount', render: amountText },
    { title: '执行合格率', dataIndex: 'executionPassRate', key: 'executionPassRate', render: rateText },
    { title: '金币', dataIndex: 'coinsEarned', key: 'coinsEarned' },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, row) => (
        <RowActions
          actions={[{ key: 'detail', label: '明细', onClick: () => navigate(drillDownPath(row)) }]}
        />
      ),
    },
  ];
  return (
    <ListPage<VisitReportRow>
      list={list}
      rowKey="key"
      columns={columns}
      compactColumns={['who', 'completionRate', 'orderAmount']}
      exportAs={(params) => exportVisitReport(kind, withPeriod(params))}
      toFormValues={(filters) => ({
        ...filters,
        [period.field]: dayjs(filters[period.field] || undefined),
        groupBy: filters.groupBy ?? 'employee',
      })}
      toFilters={(values) => ({
        [period.field]: (values[period.field] as Dayjs | null)?.format(period.format),
        groupBy: values.groupBy === 'org' ? 'org' : undefined,
        orgCode: (values.orgCode as string | undefined)?.trim() || undefined,
      })}
      toolbar={
        list.loaded &&
        summary.current && (
          <Descriptions size="small" column={6} title="合计">
            <Descriptions.Item label="计划拜访">{summary.current.plannedCount}</Descriptions.Item>
            <Descriptions.Item label="达成率">{rateText(summary.current.completionRate)}</Descriptions.Item>
            <Descriptions.Item label="总拜访">{summary.current.totalVisits}</Descriptions.Item>
            <Descriptions.Item label="有效拜访">{summary.current.validVisits}</Descriptions.Item>
            <Descriptions.Item label="平均在店">
              {minutesText(summary.current.avgStayMinutes)}
            </Descriptions.Item>
            <Descriptions.Item label="订单金额">{amountText(summary.current.orderAmount)}</Descriptions.Item>
            <Descriptions.Item label="执行合格率">
              {rateText(summary.current.executionPassRate)}
            </Descriptions.Item>
            <Descriptions.Item label="金币">{summary.current.coinsEarned}</Descriptions.Item>
          </Descriptions>
        )
      }
      searchFields={
        <>
          <Form.Item name={period.field} label={kind === 'daily' ? '日期' : '月份'}>
            <DatePicker picker={period.picker} allowClear={false} />
          </Form.Item>
          <Form.Item name="groupBy" label="维度">
            <Segmented options={GROUPS} />
          </Form.Item>
          <Form.Item name="orgCode" label="组织">
            <OrgPicker asFilter placeholder="全部（含下级）" style={{ width: 200 }} />
          </Form.Item>
        </>
      }
    />
  );
}

/** The route decides which report: …/dmsmonthreport is 月报, …/dmsdailyreport 日报. */
export default function VisitReportPage() {
  const { pathname } = useLocation();
  const kind: VisitReportKind = pathname.endsWith('dmsmonthreport') ? 'monthly' : 'daily';
  return <VisitReport key={kind} kind={kind} />;
}
