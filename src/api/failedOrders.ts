// Orders whose synchronisation with the ERP failed (spec §3 failed-order counters).
import { getAction } from './http';

/** 0 and 1: the two sync directions between the platform and the ERP. */
export type SyncDirection = 0 | 1;

export interface FailedOrderQuery {
  direction: SyncDirection;
  /** 0-based. */
  pageNumber: number;
  size: number;
  /** Whether orders an operator chose to ignore are listed too. */
  includeIgnore: boolean;
  startDate?: string | null;
  endDate?: string | null;
  keyword?: string | null;
}

export interface FailedOrderPage {
  total: number;
  records: unknown[];
}

export function getFailedOrders(query: FailedOrderQuery) {
  return getAction<FailedOrderPage | null>('/kingdee/sync/orders/status', { ...query });
}
