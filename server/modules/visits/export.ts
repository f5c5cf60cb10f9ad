// 导出 of 拜访记录: what the list's filters select, with the list's columns.
import { defineListExport, type ExportColumn } from '../shared/excel';
import { listVisits } from './records';

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
