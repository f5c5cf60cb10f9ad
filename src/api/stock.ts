// Warehouse stock of the business core (docs/business-api.md "Warehouse stock").
import type { Page } from '../../common/contract';
import { downloadFile, getAction, httpAction, postAction, putAction } from './http';
import type { ListParams } from './systemTypes';

export interface Warehouse {
  id: string;
  code: string;
  name: string;
  ownerType: string;
  ownerType_dictText: string;
  ownerId: string | null;
  ownerName: string | null;
  storageType: string;
  storageType_dictText: string;
  address: string | null;
  orgCode: string;
  erpWarehouseCode: string | null;
  status: string;
  status_dictText: string;
  createTime: string;
}

export type WarehousePayload = Pick<Warehouse, 'code' | 'name' | 'ownerType'> &
  Partial<Pick<Warehouse, 'ownerId' | 'storageType' | 'address' | 'erpWarehouseCode' | 'status'>> & {
    id?: string;
  };

/** A quantity as typed: whole cases and loose base units. */
export interface CasesUnits {
  cases?: number | null;
  units?: number | null;
}

export interface StockInPayload extends CasesUnits {
  warehouseId: string;
  skuId: string;
  batchNo: string;
  productionDate: string;
  unitCost?: number | null;
  movementType?: 'PURCHASE_IN' | 'RETURN_IN';
  sourceDocNo?: string | null;
  remark?: string | null;
}

/** NEAR_EXPIRY: a command started from 临期预警, which shows its movement as the lot's 处理单据. */
export type NearExpirySource = 'NEAR_EXPIRY';

export interface StockOutPayload extends CasesUnits {
  warehouseId: string;
  skuId: string;
  lotId?: string;
  movementType: string;
  sourceDocNo?: string | null;
  sourceDocType?: NearExpirySource;
  remark?: string | null;
}

export interface TransferPayload extends CasesUnits {
  lotId: string;
  toWarehouseId: string;
  sourceDocType?: NearExpirySource;
  remark?: string | null;
}

export interface AdjustPayload {
  lotId: string;
  countedCases: number;
  countedUnits: number;
  reason: string;
}

export interface AgeBucket {
  code: string;
  label: string;
  minDays: number;
  maxDays: number | null;
  color: string;
}

export interface StockMovement {
  id: string;
  movementNo: string;
  warehouseName: string;
  skuCode: string;
  skuName: string;
  lotId: string;
  batchNo: string;
  productionDate: string;
  direction: 'IN' | 'OUT';
  movementType: string;
  movementType_dictText: string;
  baseQty: number;
  baseQtyText: string;
  balanceAfter: number;
  balanceAfterText: string;
  sourceDocNo: string | null;
  remark: string | null;
  operatorName: string | null;
  occurredAt: string;
}

export interface DealerStockRow {
  dealerId: string;
  dealerCode: string;
  dealerName: string;
  skuId: string;
  skuCode: string;
  skuName: string;
  qtyOnHand: number;
  qtyOnHandText: string;
  lots: number;
  oldestProductionDate: string;
  maxStockAgeDays: number;
  nearExpiryQty: number;
  nearExpiryQtyText: string;
}

/** One lot of the stock detail; quantities in base units. */
export interface StockLot {
  id: string;
  warehouseId: string;
  warehouseName: string;
  ownerType: string;
  /** The dealer owning the warehouse; null for the brand's own warehouses. */
  dealerId: string | null;
  dealerName: string | null;
  skuId: string;
  skuCode: string;
  skuName: string;
  brandName: string;
  unitsPerCase: number;
  baseUnit: string;
  saleUnit: string;
  shelfLifeDays: number;
  batchNo: string;
  productionDate: string;
  expiryDate: string;
  firstInboundDate: string;
  stockAgeDays: number;
  remainingDays: number;
  remainingPercent: number;
  ageBucket: string;
  ageBucket_dictText: string;
  freshness: string;
  freshness_dictText: string;
  qtyOnHand: number;
  qtyLocked: number;
  qtyAvailable: number;
  unitCost: string | null;
  amount: string | null;
  lotStatus: string;
  lotStatus_dictText: string;
}

export interface StockTotals {
  lots: number;
  qtyOnHand: number;
  qtyLocked: number;
  qtyAvailable: number;
  cases: number;
  amount: string;
}

export interface AgeBucketSummary {
  code: string;
  label: string;
  minDays: number;
  maxDays: number | null;
  color: string;
  lots: number;
  cases: number;
  amount: string;
  percent: number;
}

/** A row of 临期预警: a warehouse lot (source LOT) or an outlet's latest stock check (source OUTLET). */
export interface NearExpiryRow {
  id: string;
  source: 'LOT' | 'OUTLET';
  source_dictText: string;
  skuId: string;
  skuCode: string;
  skuName: string;
  brandId: string;
  categoryId: string | null;
  shelfLifeDays: number;
  unitsPerCase: number;
  saleUnit: string;
  baseUnit: string;
  /** The warehouse of a lot, the outlet of a check. */
  placeName: string;
  warehouseId: string | null;
  dealerId: string | null;
  dealerName: string | null;
  customerId: string | null;
  customerCode: string | null;
  visitId: string | null;
  visitNo: string | null;
  checkedOn: string | null;
  employeeName: string | null;
  batchNo: string | null;
  productionDate: string;
  expiryDate: string;
  remainingDays: number;
  remainingPercent: number;
  freshness: 'NEAR_EXPIRY' | 'EXPIRED';
  freshness_dictText: string;
  qty: number;
  qtyText: string;
  /** A lot's stock not held for orders; null for a check. */
  qtyAvailable: number | null;
  lotStatus: string | null;
  lotStatus_dictText: string | null;
  action: 'PROMOTE' | 'TRANSFER' | 'EXCHANGE' | 'RETURN' | 'DESTROY';
  action_dictText: string;
  transferToId: string | null;
  transferToName: string | null;
  soldHereText: string | null;
  soldElsewhereText: string | null;
  /**
   * 处理单据: the document that handled the row — a lot's 调拨 or 报损 started here (its movement type and number), a
   * check's 退单 or 换货单 of that batch (RETURN / EXCHANGE, with its status and order); all null before.
   */
  handledDocType: string | null;
  handledDocType_dictText: string | null;
  handledDocNo: string | null;
  handledDocStatus_dictText: string | null;
  handledOrderNo: string | null;
  handledAt: string | null;
}

export const listWarehouses = (params: ListParams) =>
  getAction<Page<Warehouse>>('/eprod/warehouse/list', params);
export const listStockLots = (params: ListParams) =>
  getAction<Page<StockLot> & { totals: StockTotals }>('/eprod/prodStockWhlist', params);
export const stockAgeSummary = (params: ListParams) =>
  getAction<AgeBucketSummary[]>('/eprod/stockAge/summary', params);
export const saveWarehouse = (body: WarehousePayload) =>
  httpAction<{ id: string }>(
    body.id ? '/eprod/warehouse/edit' : '/eprod/warehouse/add',
    body,
    body.id ? 'put' : 'post',
  );
export const stockIn = (body: StockInPayload) =>
  postAction<{ movementNo: string; lotId: string; balanceText: string }>('/eprod/stock/in', body);
export const stockOut = (body: StockOutPayload) => postAction<unknown>('/eprod/stock/out', body);
export const transferStock = (body: TransferPayload) => postAction<unknown>('/eprod/stock/transfer', body);
export const adjustStock = (body: AdjustPayload) => postAction<unknown>('/eprod/stock/adjust', body);
export const changeLotStatus = (id: string, status: 'NORMAL' | 'FROZEN') =>
  putAction<null>('/eprod/stockLot/changeStatus', { id, status });
export const ageBuckets = () => getAction<AgeBucket[]>('/eprod/stockAge/buckets');
export const saveAgeBuckets = (buckets: AgeBucket[]) =>
  putAction<null>('/eprod/stockAge/buckets', { buckets });
export const listMovements = (params: ListParams) =>
  getAction<Page<StockMovement>>('/eprod/stockMovement/list', params);
export const listDealerStock = (params: ListParams) =>
  getAction<Page<DealerStockRow>>('/eCustStock/list', params);
export const exportStockLots = (params: ListParams) =>
  downloadFile('/eprod/prodStockWhlist/exportXls', '库存明细.xlsx', params);
export const exportMovements = (params: ListParams) =>
  downloadFile('/eprod/stockMovement/exportXls', '库存流水.xlsx', params);
export const exportWarehouses = (params: ListParams) =>
  downloadFile('/eprod/warehouse/exportXls', '仓库列表.xlsx', params);
export const listNearExpiry = (params: ListParams) =>
  getAction<Page<NearExpiryRow>>('/eprod/nearExpiry/list', params);
export const exportNearExpiry = (params: ListParams) =>
  downloadFile('/eprod/nearExpiry/exportXls', '临期预警.xlsx', params);
export const exportDealerStock = (params: ListParams) =>
  downloadFile('/eCustStock/exportXls', '经销商库存.xlsx', params);
