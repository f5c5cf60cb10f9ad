// 导出 of the POSM lists: the requests, the stock and the catalogue, with the lists' columns, through 下载中心 when large.
import { defineListExport, type ExportColumn, type ListRecord } from '../shared/excel';
import { listMaterials, listStock, type StockRecord } from './materials';
import { listRequests, type RequestRecord } from './requests';

const REQUEST_COLUMNS: ExportColumn<RequestRecord>[] = [
  { header: '申请单号', width: 18, value: (row) => row.requestNo },
  { header: '申请人', value: (row) => row.requesterName },
  { header: '部门', width: 20, value: (row) => row.orgName },
  { header: '用途', value: (row) => row.purpose_dictText },
  { header: '发放对象', value: (row) => row.targetType_dictText },
  { header: '对象数', value: (row) => row.targetCount },
  { header: '金额', value: (row) => Number(row.totalCost) },
  { header: '状态', value: (row) => row.status_dictText },
  { header: '出库仓库', width: 20, value: (row) => row.warehouseName },
  { header: '申请时间', width: 20, value: (row) => row.createTime },
];

export const POSM_REQUEST_EXPORT = defineListExport(
  'posmRequests',
  '物料申请',
  REQUEST_COLUMNS,
  listRequests,
);

const STOCK_COLUMNS: ExportColumn<StockRecord>[] = [
  { header: '仓库', width: 20, value: (row) => row.warehouseName },
  { header: '物料编码', width: 16, value: (row) => row.materialCode },
  { header: '物料名称', width: 24, value: (row) => row.materialName },
  { header: '类别', value: (row) => row.category_dictText },
  { header: '规格', value: (row) => row.spec },
  { header: '单位', value: (row) => row.unit },
  { header: '库存', value: (row) => row.qty },
  { header: '单价', value: (row) => Number(row.unitCost) },
  { header: '库存金额', value: (row) => Number(row.stockValue) },
];

export const POSM_STOCK_EXPORT = defineListExport('posmStock', '物料库存', STOCK_COLUMNS, listStock);

export const POSM_MATERIAL_EXPORT = defineListExport<ListRecord<typeof listMaterials>>(
  'posmMaterials',
  '物料目录',
  [
    { header: '物料编码', width: 16, value: (row) => row.materialCode },
    { header: '名称', width: 24, value: (row) => row.name },
    { header: '类别', value: (row) => row.category_dictText },
    { header: '规格', width: 20, value: (row) => row.spec },
    { header: '单位', value: (row) => row.unit },
    { header: '单价', value: (row) => Number(row.unitCost) },
    { header: '总库存', value: (row) => row.stockQty },
    { header: '可回收', value: (row) => (row.isReturnable ? '是' : '否') },
    { header: '状态', value: (row) => row.status_dictText },
  ],
  listMaterials,
);
