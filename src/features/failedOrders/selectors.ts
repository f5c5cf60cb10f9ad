import type { RootState } from '../../store';

export const selectFailOrder0 = (state: RootState) => state.failedOrders.failOrder0;
export const selectFailOrder1 = (state: RootState) => state.failedOrders.failOrder1;
export const selectFailOrderTotal = (state: RootState) =>
  state.failedOrders.failOrder0 + state.failedOrders.failOrder1;
