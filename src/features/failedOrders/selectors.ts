import type { RootState } from '../../store';

export const selectFailOrder0 = (state: RootState) => state.failedOrders.failOrder0;
export const selectFailOrder1 = (state: RootState) => state.failedOrders.failOrder1;
export const selectFailOrderTotal = (state: RootState) =>
  state.failedOrders.failOrder0 + state.failedOrders.failOrder1;

/**
 * The menu paths of the failed-order lists (the ERP sync workbench): the side menu marks them, and
 * the menu levels above them, with a red dot while the failed count is above 0 (spec §2).
 */
export const FAILED_ORDER_LIST_PATHS: readonly string[] = ['/kingdee/sync/orders', '/eOrder/listFail'];
