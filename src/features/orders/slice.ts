// 订单列表's state beyond the table (the table's query lives in the URL): the count per status tab, the
// order in the detail drawer, what the dialogs show (approval data, FEFO plan, a return's lines), the sheets
// being printed, and the one command in flight with the server's refusal, so a dialog stays open with
// what was typed and says why.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  OrderApprovalData,
  OrderDeliverPlan,
  OrderDetail,
  OrderPrintData,
  OrderStatusCounts,
  ReturnDetail,
  SwapDetail,
} from '../../../common/orders';
import type { OrderCommandKind, OrderCommandPayloads, OrderSyncTask, PrintKind } from '../../api/orders';
import type { ListParams } from '../../api/systemTypes';
import { loggedOut, tokenInvalidated } from '../session/slice';

/** A dialog's data while it loads; null when it could not be loaded (the reason was shown). */
export const LOADING = 'loading' as const;
export type Loadable<T> = T | typeof LOADING | null;

/** A return or an exchange that a dialog moves on (入库, 执行换货). */
export type DocumentKind = 'return' | 'swap';
export type OrderDocument = { kind: 'return'; detail: ReturnDetail } | { kind: 'swap'; detail: SwapDetail };

export type CommandStatus = 'idle' | 'running' | 'done' | 'refused';

export type CommandRequest = {
  [K in OrderCommandKind]: { kind: K; payload: OrderCommandPayloads[K] };
}[OrderCommandKind];

export interface OrdersState {
  counts: Partial<OrderStatusCounts>;
  detailId: string | null;
  detail: OrderDetail | null;
  detailLoading: boolean;
  /** The open order's ERP sync tasks (for users who may see them). */
  syncRecord: Loadable<OrderSyncTask[]>;
  /** One entry per order of the audit dialog; null while loading. */
  approval: OrderApprovalData[] | null;
  deliverPlan: Loadable<OrderDeliverPlan>;
  /** The order a dialog works on (签收's lines, 收款's amounts). */
  dialogOrder: Loadable<OrderDetail>;
  /** The return or exchange a dialog works on, with its lines. */
  dialogDocument: Loadable<OrderDocument>;
  /** The sheets of the print dialog; null while loading. */
  print: { kind: PrintKind; sheets: OrderPrintData[] | null } | null;
  command: { kind: OrderCommandKind | null; status: CommandStatus; refusal: string | null };
  /** Bumped after every change of orders (a command, a print): the list reloads. */
  listVersion: number;
}

const initialState: OrdersState = {
  counts: {},
  detailId: null,
  detail: null,
  detailLoading: false,
  syncRecord: null,
  approval: null,
  deliverPlan: null,
  dialogOrder: null,
  dialogDocument: null,
  print: null,
  command: { kind: null, status: 'idle', refusal: null },
  listVersion: 0,
};

const ordersSlice = createSlice({
  name: 'orders',
  initialState,
  reducers: {
    /** The list's filters changed (or an order did): the tab counts are loaded under the same filters. */
    countsRequested: {
      reducer() {},
      prepare: (filters: ListParams = {}) => ({ payload: filters }),
    },
    countsLoaded(state, action: PayloadAction<Partial<OrderStatusCounts>>) {
      state.counts = action.payload;
    },
    detailOpened(state, action: PayloadAction<string>) {
      state.detailId = action.payload;
      state.detail = null;
      state.detailLoading = true;
    },
    /** The open order changed: loaded again while the drawer keeps showing it. */
    detailReloadRequested(state) {
      state.detailLoading = state.detailId !== null;
    },
    detailLoaded(state, action: PayloadAction<OrderDetail>) {
      if (action.payload.id !== state.detailId) return;
      state.detail = action.payload;
      state.detailLoading = false;
    },
    /** The failure has been shown; the drawer keeps what it had. */
    detailLoadFailed(state) {
      state.detailLoading = false;
    },
    detailClosed(state) {
      state.detailId = null;
      state.detail = null;
      state.detailLoading = false;
      state.syncRecord = null;
    },
    syncRecordRequested(state, _action: PayloadAction<string>) {
      // A reload keeps showing the tasks it has.
      if (state.syncRecord === null) state.syncRecord = LOADING;
    },
    syncRecordLoaded(state, action: PayloadAction<OrderSyncTask[] | null>) {
      state.syncRecord = action.payload;
    },
    approvalRequested(state, _action: PayloadAction<{ ids: string[]; warehouseId?: string }>) {
      state.approval = null;
    },
    approvalLoaded(state, action: PayloadAction<OrderApprovalData[]>) {
      state.approval = action.payload;
    },
    deliverPlanRequested(state, _action: PayloadAction<{ id: string; warehouseId?: string }>) {
      state.deliverPlan = LOADING;
    },
    deliverPlanLoaded(state, action: PayloadAction<OrderDeliverPlan | null>) {
      state.deliverPlan = action.payload;
    },
    dialogOrderRequested(state, _action: PayloadAction<string>) {
      state.dialogOrder = LOADING;
    },
    dialogOrderLoaded(state, action: PayloadAction<OrderDetail | null>) {
      state.dialogOrder = action.payload;
    },
    dialogDocumentRequested(state, _action: PayloadAction<{ kind: DocumentKind; id: string }>) {
      state.dialogDocument = LOADING;
    },
    dialogDocumentLoaded(state, action: PayloadAction<OrderDocument | null>) {
      state.dialogDocument = action.payload;
    },
    printRequested(state, action: PayloadAction<{ ids: string[]; kind: PrintKind }>) {
      state.print = { kind: action.payload.kind, sheets: null };
    },
    printLoaded(state, action: PayloadAction<OrderPrintData[]>) {
      if (state.print) state.print.sheets = action.payload;
    },
    printClosed(state) {
      state.print = null;
    },
    commandRequested(state, action: PayloadAction<CommandRequest>) {
      state.command = { kind: action.payload.kind, status: 'running', refusal: null };
    },
    commandSucceeded(state) {
      state.command.status = 'done';
    },
    /** The server said no (its Chinese message), or the transport failed (null: already shown). */
    commandRefused(state, action: PayloadAction<string | null>) {
      state.command.status = 'refused';
      state.command.refusal = action.payload;
    },
    /** A dialog opened or closed: the previous command's outcome no longer applies. */
    commandReset(state) {
      state.command = initialState.command;
    },
    ordersChanged(state) {
      state.listVersion += 1;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState).addCase(tokenInvalidated, () => initialState);
  },
});

export const {
  countsRequested,
  countsLoaded,
  detailOpened,
  detailReloadRequested,
  detailLoaded,
  detailLoadFailed,
  detailClosed,
  syncRecordRequested,
  syncRecordLoaded,
  approvalRequested,
  approvalLoaded,
  deliverPlanRequested,
  deliverPlanLoaded,
  dialogOrderRequested,
  dialogOrderLoaded,
  dialogDocumentRequested,
  dialogDocumentLoaded,
  printRequested,
  printLoaded,
  printClosed,
  commandRequested,
  commandSucceeded,
  commandRefused,
  commandReset,
  ordersChanged,
} = ordersSlice.actions;
export const ordersReducer = ordersSlice.reducer;
