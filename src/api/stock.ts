// Warehouse stock of the business core (docs/business-api.md "Warehouse stock").
import type { Page } from '../../common/contract';
import { getAction } from './http';
import type { ListParams } from './systemTypes';

export interface Warehouse {
  id: string;
  code: string;
  name: string;
  ownerType: string;
  ownerType_dictText: string;
  status: string;
}

/** One lot of the stock detail; quantities in base units. */
export interface StockLot {
  id: string;
  warehouseId: string;
  warehouseName: string;
  ownerType: string;
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

export const listWarehouses = (params: ListParams) =>
  getAction<Page<Warehouse>>('/eprod/warehouse/list', params);
export const listStockLots = (params: ListParams) =>
  getAction<Page<StockLot> & { totals: StockTotals }>('/eprod/prodStockWhlist', params);
export const stockAgeSummary = (params: ListParams) =>
  getAction<AgeBucketSummary[]>('/eprod/stockAge/summary', params);
