// 导出 of the asset ledger, the asset applications, the models and the handovers: what their filters select, with the lists' columns.
import { defineListExport, type ExportColumn, type ListRecord } from '../shared/excel';
import { listHandovers, type HandoverRecord } from './lifecycle';
import { listApplications, listAssets, listModels, type AssetRecord } from './service';

export const ASSET_EXPORT_COLUMNS: ExportColumn<AssetRecord>[] = [
  { header: '资产编号', width: 18, value: (row) => row.assetNo },
  { header: '类型', value: (row) => row.assetType_dictText },
  { header: '型号', width: 24, value: (row) => `${row.modelCode} ${row.modelName}` },
  { header: '出厂编号', width: 18, value: (row) => row.serialNo },
  { header: '投放状态', value: (row) => row.placementStatus_dictText },
  { header: '设备状态', value: (row) => row.conditionStatus_dictText },
  { header: '所在仓库', width: 20, value: (row) => row.warehouseName },
  { header: '投放门店', width: 24, value: (row) => row.customerName },
  { header: '责任人', value: (row) => row.responsibleName },
  { header: '投放日期', width: 20, value: (row) => row.placedAt },
  { header: '最近巡检', width: 20, value: (row) => row.lastInspectionAt },
  { header: '温度(℃)', value: (row) => (row.lastTemperature == null ? null : Number(row.lastTemperature)) },
  { header: '资产价值', value: (row) => Number(row.value) },
];

export const ASSET_EXPORT = defineListExport('assets', '资产台账', ASSET_EXPORT_COLUMNS, listAssets);

type ApplicationRecord = Awaited<ReturnType<typeof listApplications>>['records'][number];

export const APPLICATION_EXPORT_COLUMNS: ExportColumn<ApplicationRecord>[] = [
  { header: '申请编号', width: 18, value: (row) => row.applyNo },
  { header: '申请类型', value: (row) => row.applyType_dictText },
  { header: '资产编号', width: 18, value: (row) => row.assetNo },
  { header: '型号', width: 20, value: (row) => row.modelName },
  { header: '门店', width: 24, value: (row) => row.customerName },
  { header: '转至门店', width: 24, value: (row) => row.toCustomerName },
  { header: '状态', value: (row) => row.status_dictText },
  { header: '押金状态', value: (row) => row.depositStatus_dictText },
  { header: '押金', value: (row) => Number(row.depositAmount) },
  { header: '申请原因', width: 28, value: (row) => row.reason },
  { header: '申请人', value: (row) => row.applicantName },
  { header: '申请时间', width: 20, value: (row) => row.createTime },
  { header: '完成时间', width: 20, value: (row) => row.finishTime },
];

export const APPLICATION_EXPORT = defineListExport(
  'assetApplications',
  '资产申请',
  APPLICATION_EXPORT_COLUMNS,
  listApplications,
);

export const MODEL_EXPORT = defineListExport<ListRecord<typeof listModels>>(
  'assetModels',
  '资产型号',
  [
    { header: '型号编码', width: 16, value: (row) => row.modelCode },
    { header: '名称', width: 24, value: (row) => row.name },
    { header: '类型', value: (row) => `${row.assetType_dictText} · ${row.formFactor_dictText}` },
    { header: '容积(L)', value: (row) => row.volumeL },
    { header: '厂家', width: 20, value: (row) => row.manufacturer },
    { header: '资产价值', value: (row) => Number(row.unitValue) },
    { header: '押金标准', value: (row) => Number(row.depositAmount) },
    { header: '保修(月)', value: (row) => row.warrantyMonths },
    { header: '台数', value: (row) => row.assetCount },
    { header: '状态', value: (row) => row.status_dictText },
  ],
  listModels,
);

export const HANDOVER_EXPORT = defineListExport<HandoverRecord>(
  'assetHandovers',
  '资产交接',
  [
    { header: '资产编号', width: 18, value: (row) => row.assetNo },
    { header: '型号', width: 24, value: (row) => row.modelName },
    { header: '投放门店', width: 24, value: (row) => row.customerName },
    { header: '原责任人', value: (row) => row.fromUserName },
    { header: '接收人', value: (row) => row.toUserName },
    { header: '状态', value: (row) => row.status_dictText },
    { header: '交接说明', width: 24, value: (row) => row.remark },
    { header: '处理意见', width: 24, value: (row) => row.resultRemark },
    { header: '发起人', value: (row) => row.createdByName },
    { header: '发起时间', width: 20, value: (row) => row.createTime },
    { header: '处理时间', width: 20, value: (row) => row.handledAt },
  ],
  listHandovers,
);
