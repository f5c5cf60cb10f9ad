// 导出 of the asset ledger: what its filters select, with the list's columns.
import { defineListExport, type ExportColumn } from '../shared/excel';
import { listAssets, type AssetRecord } from './service';

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
