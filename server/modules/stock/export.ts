// 导出 of the stock lists (库存明细, 库存流水, 经销商库存, 仓库管理, 临期预警): what their filters select, with the lists' own
// column names (a two-line column of the screen is two columns here, named by its halves).
import { formatQuantity } from '../../../common/quantity';
import { defineListExport, type ExportColumn } from '../shared/excel';
import { handlingText } from './expiryHandling';
import { listNearExpiry } from './nearExpiry';
import { dealerStock, listMovements, listWarehouses, stockDetail } from './service';

type RecordOf<F extends (...args: never[]) => Promise<{ records: unknown[] }>> = Awaited<
  ReturnType<F>
>['records'][number];

type Lot = RecordOf<typeof stockDetail>;
const packOf = (lot: Lot) => ({
  unitsPerCase: lot.unitsPerCase,
  caseUnit: lot.saleUnit,
  baseUnit: lot.baseUnit,
});

export const STOCK_LOT_EXPORT_COLUMNS: ExportColumn<Lot>[] = [
  { header: '仓库', width: 20, value: (lot) => lot.warehouseName },
  { header: '商品', width: 28, value: (lot) => lot.skuName },
  { header: '商品编码', value: (lot) => lot.skuCode },
  { header: '批次号', value: (lot) => lot.batchNo },
  { header: '生产日期', value: (lot) => lot.productionDate },
  { header: '到期日期', value: (lot) => lot.expiryDate },
  { header: '库龄（天）', value: (lot) => lot.stockAgeDays },
  { header: '库龄段', value: (lot) => lot.ageBucket_dictText },
  { header: '效期', value: (lot) => lot.freshness_dictText },
  { header: '剩余天数', value: (lot) => lot.remainingDays },
  { header: '库存', value: (lot) => formatQuantity(lot.qtyOnHand, packOf(lot)) },
  { header: '可用', value: (lot) => formatQuantity(lot.qtyAvailable, packOf(lot)) },
  { header: '金额', value: (lot) => (lot.amount == null ? null : Number(lot.amount)) },
  { header: '批次状态', value: (lot) => lot.lotStatus_dictText },
];

type Movement = RecordOf<typeof listMovements>;

export const STOCK_MOVEMENT_EXPORT_COLUMNS: ExportColumn<Movement>[] = [
  { header: '流水号', width: 22, value: (row) => row.movementNo },
  { header: '时间', width: 20, value: (row) => row.occurredAt },
  { header: '类型', value: (row) => row.movementType_dictText },
  { header: '仓库', width: 20, value: (row) => row.warehouseName },
  { header: '商品', width: 28, value: (row) => row.skuName },
  { header: '商品编码', value: (row) => row.skuCode },
  { header: '批次', value: (row) => row.batchNo },
  { header: '生产日期', value: (row) => row.productionDate },
  { header: '数量', value: (row) => `${row.direction === 'IN' ? '+' : '−'}${row.baseQtyText}` },
  { header: '结存', value: (row) => row.balanceAfterText },
  { header: '单号', width: 22, value: (row) => row.sourceDocNo },
  { header: '备注', width: 24, value: (row) => row.remark },
  { header: '操作人', value: (row) => row.operatorName },
];

type DealerRow = RecordOf<typeof dealerStock>;

export const DEALER_STOCK_EXPORT_COLUMNS: ExportColumn<DealerRow>[] = [
  { header: '经销商', width: 28, value: (row) => row.dealerName },
  { header: '经销商编码', value: (row) => row.dealerCode },
  { header: '商品', width: 28, value: (row) => row.skuName },
  { header: '商品编码', value: (row) => row.skuCode },
  { header: '库存', value: (row) => row.qtyOnHandText },
  { header: '批次数', value: (row) => row.lots },
  { header: '最早生产日期', value: (row) => row.oldestProductionDate },
  { header: '最大库龄（天）', value: (row) => row.maxStockAgeDays },
  { header: '临期/过期', value: (row) => row.nearExpiryQtyText },
];

export const STOCK_LOT_EXPORT = defineListExport(
  'stockLots',
  '库存明细',
  STOCK_LOT_EXPORT_COLUMNS,
  stockDetail,
);
export const STOCK_MOVEMENT_EXPORT = defineListExport(
  'stockMovements',
  '库存流水',
  STOCK_MOVEMENT_EXPORT_COLUMNS,
  listMovements,
);
export const DEALER_STOCK_EXPORT = defineListExport(
  'dealerStock',
  '经销商库存',
  DEALER_STOCK_EXPORT_COLUMNS,
  dealerStock,
);

export const WAREHOUSE_EXPORT_COLUMNS: ExportColumn<RecordOf<typeof listWarehouses>>[] = [
  { header: '仓库编码', width: 16, value: (row) => row.code },
  { header: '仓库名称', width: 24, value: (row) => row.name },
  { header: '类型', value: (row) => row.ownerType_dictText },
  { header: '所属', width: 24, value: (row) => row.ownerName },
  { header: '储存条件', value: (row) => row.storageType_dictText },
  { header: '地址', width: 32, value: (row) => row.address },
  { header: 'ERP仓库编码', width: 16, value: (row) => row.erpWarehouseCode },
  { header: '状态', value: (row) => row.status_dictText },
  { header: '创建时间', width: 20, value: (row) => row.createTime },
];
export const WAREHOUSE_EXPORT = defineListExport(
  'warehouses',
  '仓库列表',
  WAREHOUSE_EXPORT_COLUMNS,
  listWarehouses,
);

type NearExpiryRow = RecordOf<typeof listNearExpiry>;

export const NEAR_EXPIRY_EXPORT_COLUMNS: ExportColumn<NearExpiryRow>[] = [
  { header: '来源', value: (row) => row.source_dictText },
  { header: '商品', width: 28, value: (row) => row.skuName },
  { header: '商品编码', value: (row) => row.skuCode },
  { header: '仓库/门店', width: 24, value: (row) => row.placeName },
  { header: '经销商', width: 24, value: (row) => row.dealerName },
  { header: '批次号', value: (row) => row.batchNo },
  { header: '拜访单号', width: 20, value: (row) => row.visitNo },
  { header: '检查日期', value: (row) => row.checkedOn },
  { header: '生产日期', value: (row) => row.productionDate },
  { header: '到期日期', value: (row) => row.expiryDate },
  { header: '剩余天数', value: (row) => row.remainingDays },
  { header: '剩余保质期（%）', value: (row) => row.remainingPercent },
  { header: '效期', value: (row) => row.freshness_dictText },
  { header: '数量', value: (row) => row.qtyText },
  { header: '建议处理', value: (row) => row.action_dictText },
  { header: '调往仓库', width: 20, value: (row) => row.transferToName },
  { header: '处理单据', width: 30, value: (row) => handlingText(row) },
];
export const NEAR_EXPIRY_EXPORT = defineListExport(
  'nearExpiry',
  '临期预警',
  NEAR_EXPIRY_EXPORT_COLUMNS,
  listNearExpiry,
);
