// 导出 of 拜访记录, 拜访计划, 拜访线路 and 打卡规则 (what the lists' filters select, with the lists' columns) and
// of 拜访日报 / 月报.
import { defineListExport, type ExportColumn, type ListRecord } from '../shared/excel';
import { listRoutes } from './routePlans';
import { listPlans } from './plans';
import { listVisits } from './records';
import { listRules } from './rules';
import type { VisitReportRow } from '../../../common/visits';
import { visitReport } from './reports';

type Visit = Awaited<ReturnType<typeof listVisits>>['records'][number];

export const VISIT_EXPORT_COLUMNS: ExportColumn<Visit>[] = [
  { header: '拜访编号', width: 20, value: (row) => row.visitNo },
  { header: '签到时间', width: 20, value: (row) => row.checkInAt },
  { header: '签退时间', width: 20, value: (row) => row.checkOutAt },
  { header: '业务员', value: (row) => row.employeeName },
  { header: '门店', width: 28, value: (row) => row.customerName },
  { header: '门店编码', value: (row) => row.customerCode },
  { header: '类型', value: (row) => row.visitType_dictText },
  { header: '签到距离（米）', value: (row) => row.checkInDistanceM },
  { header: '距离合规', value: (row) => (row.checkInInRange ? '是' : '否') },
  { header: '在店时长', value: (row) => row.durationText },
  { header: '异常标记', width: 24, value: (row) => row.abnormalFlags_dictText },
  { header: '有效拜访', value: (row) => (row.isValid ? '有效' : '无效') },
  { header: '订单金额', value: (row) => Number(row.orderAmount) },
  { header: '执行得分', value: (row) => (row.executionScore === null ? null : Number(row.executionScore)) },
  { header: '状态', value: (row) => row.status_dictText },
];

export const VISIT_EXPORT = defineListExport('visitRecords', '拜访记录', VISIT_EXPORT_COLUMNS, listVisits);

type Plan = Awaited<ReturnType<typeof listPlans>>['records'][number];

export const PLAN_EXPORT_COLUMNS: ExportColumn<Plan>[] = [
  { header: '日期', width: 12, value: (row) => row.planDate },
  { header: '计划编号', width: 20, value: (row) => row.planNo },
  { header: '业务员', value: (row) => row.employeeName },
  { header: '线路', width: 20, value: (row) => row.routeName },
  { header: '计划类型', value: (row) => row.planType_dictText },
  { header: '计划家数', value: (row) => row.plannedCount },
  { header: '已访', value: (row) => row.visitedCount },
  { header: '完成率(%)', value: (row) => row.completionRate },
  { header: '状态', value: (row) => row.status_dictText },
  { header: '备注', width: 24, value: (row) => row.remark },
];

export const PLAN_EXPORT = defineListExport('visitPlans', '拜访计划', PLAN_EXPORT_COLUMNS, listPlans);

const REPORT_COLUMNS: ExportColumn<VisitReportRow>[] = [
  {
    header: '日期',
    width: 24,
    value: (row) => (row.dateBegin === row.dateEnd ? row.dateBegin : `${row.dateBegin} ~ ${row.dateEnd}`),
  },
  { header: '部门', width: 20, value: (row) => row.orgName ?? row.orgCode },
  { header: '人员', value: (row) => row.employeeName },
  { header: '计划拜访家数', value: (row) => row.plannedCount },
  { header: '计划内已访', value: (row) => row.plannedVisitedCount },
  { header: '计划达成率（%）', value: (row) => row.completionRate },
  { header: '总拜访', value: (row) => row.totalVisits },
  { header: '有效拜访', value: (row) => row.validVisits },
  { header: '异常拜访', value: (row) => row.abnormalVisits },
  { header: '超距', value: (row) => row.outOfRangeCount },
  { header: '平均在店（分钟）', value: (row) => row.avgStayMinutes },
  { header: '下单拜访', value: (row) => row.ordersCount },
  { header: '订单金额', value: (row) => Number(row.orderAmount) },
  { header: '执行合格率（%）', value: (row) => row.executionPassRate },
  { header: '金币', value: (row) => row.coinsEarned },
];

export const VISIT_DAILY_REPORT_EXPORT = defineListExport(
  'visitDailyReport',
  '拜访日报',
  REPORT_COLUMNS,
  (db, caller, query) => visitReport(db, caller, query, 'daily'),
);
export const VISIT_MONTHLY_REPORT_EXPORT = defineListExport(
  'visitMonthlyReport',
  '拜访月报',
  REPORT_COLUMNS,
  (db, caller, query) => visitReport(db, caller, query, 'monthly'),
);

export const ROUTE_EXPORT = defineListExport<ListRecord<typeof listRoutes>>(
  'visitRoutes',
  '拜访线路',
  [
    { header: '线路编码', width: 16, value: (row) => row.code },
    { header: '线路名称', width: 24, value: (row) => row.name },
    { header: '业务员', value: (row) => row.employeeName },
    { header: '拜访日', width: 20, value: (row) => row.weekdays_dictText },
    { header: '门店数', value: (row) => row.outletCount },
  ],
  listRoutes,
);

export const RULE_EXPORT = defineListExport<ListRecord<typeof listRules>>(
  'checkInRules',
  '打卡规则',
  [
    { header: '规则', width: 20, value: (row) => row.name },
    { header: '部门', width: 20, value: (row) => row.orgName ?? row.orgCode },
    { header: '渠道', value: (row) => row.channel_dictText },
    { header: '业态', value: (row) => row.outletType ?? '全部业态' },
    { header: '签到距离(米)', value: (row) => row.checkInRadiusM },
    { header: '定位精度(米)', value: (row) => row.gpsAccuracyMaxM },
    { header: '超距签到', value: (row) => (row.allowOutOfRange ? '允许' : '不允许') },
    { header: '停留(分钟)', value: (row) => `${row.minStayMinutes}–${row.maxStayMinutes}` },
    { header: '状态', value: (row) => row.status_dictText },
  ],
  listRules,
);
