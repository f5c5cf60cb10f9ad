import type { RootState } from '../../store';

export const selectOrderCounts = (state: RootState) => state.orders.counts;
export const selectDetailId = (state: RootState) => state.orders.detailId;
export const selectDetail = (state: RootState) => state.orders.detail;
export const selectDetailLoading = (state: RootState) => state.orders.detailLoading;
export const selectApproval = (state: RootState) => state.orders.approval;
export const selectDeliverPlan = (state: RootState) => state.orders.deliverPlan;
export const selectPrint = (state: RootState) => state.orders.print;
export const selectCommand = (state: RootState) => state.orders.command;
export const selectListVersion = (state: RootState) => state.orders.listVersion;
export const selectDialogOrder = (state: RootState) => state.orders.dialogOrder;
export const selectSyncRecord = (state: RootState) => state.orders.syncRecord;
export const selectDialogDocument = (state: RootState) => state.orders.dialogDocument;
