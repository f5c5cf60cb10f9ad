import { ERP_FAILURE_LIST_PATH } from '../../../common/erpSync';
import type { RootState } from '../../store';

export const selectFailOrder0 = (state: RootState) => state.failedOrders.failOrder0;
export const selectFailOrder1 = (state: RootState) => state.failedOrders.failOrder1;
export const selectFailOrderTotal = (state: RootState) =>
  state.failedOrders.failOrder0 + state.failedOrders.failOrder1;

/**
 * The menu path of the failed-order list (ERP集成 › 同步失败订单): the side menu marks it, and the menu
 * levels above it, with a red dot while the failed count is above 0 (spec §2).
 */
export const FAILED_ORDER_LIST_PATHS: readonly string[] = [ERP_FAILURE_LIST_PATH];
