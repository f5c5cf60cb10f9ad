// The workbench's state: today's plan, the last fix, the visit the rep is in and the upload queue. The visit,
// the queue and what the server answered for queued items (visit ids, attachment ids) are persisted
// (store.ts), so a reload or a dead battery offline loses nothing.
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_VISIT_STEPS, type StepType } from '../../common/visits';
import type { PaymentMethod } from '../../common/orders';
import type { PromotionPreview } from '../../common/promotions';
import type { Fix, LocalVisit, Mine, OrderLine, QueuedPhoto, QueueItem, Today } from './types';

export type CheckInPhase =
  | { phase: 'idle' }
  | { phase: 'locating'; customerId: string }
  | { phase: 'needsReason'; customerId: string; distanceM: number; radiusM: number }
  | { phase: 'refused'; customerId: string; message: string };

/** The server's price preview of the order being written in the visit's 下单 step. */
export type OrderPreview =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'ready'; preview: PromotionPreview }
  | { phase: 'failed'; message: string };

export interface WorkbenchState {
  today: Today | null;
  loading: boolean;
  loadError: string | null;
  mine: Mine | null;
  fix: Fix | null;
  online: boolean;
  checkIn: CheckInPhase;
  checkOutError: string | null;
  orderPreview: OrderPreview;
  notice: string | null;
  visit: LocalVisit | null;
  queue: QueueItem[];
  /** Why the queue waits (no network, server unreachable), or null while it flows. */
  queueStalled: string | null;
  /** Check-in client id → the server's visit id. */
  visitIds: Record<string, string>;
  /** Photo client id → the server's attachment id. */
  photoIds: Record<string, string>;
}

export const initialState: WorkbenchState = {
  today: null,
  loading: false,
  loadError: null,
  mine: null,
  fix: null,
  online: true,
  checkIn: { phase: 'idle' },
  checkOutError: null,
  orderPreview: { phase: 'idle' },
  notice: null,
  visit: null,
  queue: [],
  queueStalled: null,
  visitIds: {},
  photoIds: {},
};

/** The rep taps 签到; reason and photo come with a second tap when out of range. */
export const checkInRequested = createAction<{
  customerId: string;
  reason?: string;
  photo?: QueuedPhoto;
}>('workbench/checkInRequested');
export const checkOutRequested = createAction<{ photo?: QueuedPhoto; remark?: string }>(
  'workbench/checkOutRequested',
);
/** The rep asks the server's prices for the order written so far. */
export const orderPreviewRequested = createAction<{ lines: OrderLine[] }>('workbench/orderPreviewRequested');
/** The rep submits the order: it waits in the queue like a step. */
export const orderRequested = createAction<{ lines: OrderLine[]; paymentMethod: PaymentMethod }>(
  'workbench/orderRequested',
);
export const loadToday = createAction('workbench/loadToday');
export const loadMine = createAction('workbench/loadMine');
/** Something may be sendable now (network back, a timer, a new item). */
export const queueKick = createAction('workbench/queueKick');

const slice = createSlice({
  name: 'workbench',
  initialState,
  reducers: {
    todayLoading(state) {
      state.loading = true;
      state.loadError = null;
    },
    todayLoaded(state, { payload }: PayloadAction<Today>) {
      state.loading = false;
      state.today = payload;
      const open = payload.openVisit;
      if (open) {
        state.visitIds[open.clientId] = open.id;
        // The server's open visit; steps queued on the device count as done too.
        const local = state.visit?.key === open.clientId ? state.visit.stepsDone : [];
        state.visit = {
          key: open.clientId,
          customerId: open.customerId,
          customerName: open.customerName,
          customerCode: open.customerCode,
          address: open.address,
          checkInAt: open.checkInAt,
          rule: open.rule,
          steps: open.rule.steps ?? [...DEFAULT_VISIT_STEPS],
          stepsDone: [...new Set([...open.steps.map((step) => step.stepType), ...local])],
        };
      } else if (
        state.visit &&
        !state.queue.some((item) => item.kind === 'checkIn' || item.kind === 'step' || item.kind === 'order')
      ) {
        // Nothing of it waits on the device and the server has no open visit: it was closed meanwhile.
        const waiting = state.queue.some(
          (item) => item.kind === 'checkOut' && state.visit && item.visitKey === state.visit.key,
        );
        if (!waiting && state.visitIds[state.visit.key]) state.visit = null;
      }
    },
    todayFailed(state, { payload }: PayloadAction<string>) {
      state.loading = false;
      state.loadError = payload;
    },
    mineLoaded(state, { payload }: PayloadAction<Mine>) {
      state.mine = payload;
    },
    fixed(state, { payload }: PayloadAction<Fix>) {
      state.fix = payload;
    },
    onlineChanged(state, { payload }: PayloadAction<boolean>) {
      state.online = payload;
    },
    checkInLocating(state, { payload }: PayloadAction<string>) {
      state.checkIn = { phase: 'locating', customerId: payload };
    },
    checkInNeedsReason(
      state,
      { payload }: PayloadAction<{ customerId: string; distanceM: number; radiusM: number }>,
    ) {
      state.checkIn = { phase: 'needsReason', ...payload };
    },
    checkInRefused(state, { payload }: PayloadAction<{ customerId: string; message: string }>) {
      state.checkIn = { phase: 'refused', ...payload };
    },
    checkInCancelled(state) {
      state.checkIn = { phase: 'idle' };
    },
    /** The check-in (and its photo) wait in the queue; the rep is in the outlet from now on. */
    checkInQueued(state, { payload }: PayloadAction<{ visit: LocalVisit; items: QueueItem[] }>) {
      state.checkIn = { phase: 'idle' };
      state.visit = payload.visit;
      state.queue.push(...payload.items);
    },
    /** A step done on the device: its photos and the step itself wait in the queue. */
    stepQueued(state, { payload }: PayloadAction<{ stepType: StepType; items: QueueItem[] }>) {
      if (!state.visit) return;
      if (!state.visit.stepsDone.includes(payload.stepType)) state.visit.stepsDone.push(payload.stepType);
      state.queue.push(...payload.items);
    },
    orderPreviewLoading(state) {
      state.orderPreview = { phase: 'loading' };
    },
    orderPreviewLoaded(state, { payload }: PayloadAction<PromotionPreview>) {
      state.orderPreview = { phase: 'ready', preview: payload };
    },
    orderPreviewFailed(state, { payload }: PayloadAction<string>) {
      state.orderPreview = { phase: 'failed', message: payload };
    },
    /** The order changed or was submitted: the preview no longer says its price. */
    orderPreviewCleared(state) {
      state.orderPreview = { phase: 'idle' };
    },
    checkOutRefused(state, { payload }: PayloadAction<string>) {
      state.checkOutError = payload;
    },
    checkOutQueued(state, { payload }: PayloadAction<QueueItem[]>) {
      state.checkOutError = null;
      state.visit = null;
      state.notice = '已签退';
      state.queue.push(...payload);
    },
    itemSent(state, { payload }: PayloadAction<{ id: string; serverId?: string }>) {
      const item = state.queue.find((each) => each.id === payload.id);
      state.queue = state.queue.filter((each) => each.id !== payload.id);
      state.queueStalled = null;
      if (!item || !payload.serverId) return;
      if (item.kind === 'photo') state.photoIds[item.photo.clientId] = payload.serverId;
      if (item.kind === 'checkIn') state.visitIds[item.body.clientId] = payload.serverId;
    },
    /** The server refused an item for good: it leaves the queue, with what depends on it. */
    itemRefused(state, { payload }: PayloadAction<{ id: string; message: string }>) {
      const item = state.queue.find((each) => each.id === payload.id);
      state.queue = state.queue.filter((each) => each.id !== payload.id);
      state.notice = payload.message;
      if (item?.kind === 'checkIn') {
        const key = item.body.clientId;
        state.queue = state.queue.filter((each) => !('visitKey' in each) || each.visitKey !== key);
        if (state.visit?.key === key) state.visit = null;
      }
    },
    queueStalled(state, { payload }: PayloadAction<string>) {
      state.queueStalled = payload;
    },
    noticeShown(state, { payload }: PayloadAction<string | null>) {
      state.notice = payload;
    },
  },
});

export const {
  todayLoading,
  todayLoaded,
  todayFailed,
  mineLoaded,
  fixed,
  onlineChanged,
  checkInLocating,
  checkInNeedsReason,
  checkInRefused,
  checkInCancelled,
  checkInQueued,
  stepQueued,
  orderPreviewLoading,
  orderPreviewLoaded,
  orderPreviewFailed,
  orderPreviewCleared,
  checkOutRefused,
  checkOutQueued,
  itemSent,
  itemRefused,
  queueStalled,
  noticeShown,
} = slice.actions;

export const workbenchReducer = slice.reducer;

export interface WorkbenchRoot {
  workbench: WorkbenchState;
}

export const selectWorkbench = (state: WorkbenchRoot) => state.workbench;
export const selectQueue = (state: WorkbenchRoot) => state.workbench.queue;
export const selectVisit = (state: WorkbenchRoot) => state.workbench.visit;
export const selectRefs = (state: WorkbenchRoot) => ({
  visitIds: state.workbench.visitIds,
  photoIds: state.workbench.photoIds,
});
export const selectOutlet = (customerId: string) => (state: WorkbenchRoot) =>
  state.workbench.today?.outlets.find((outlet) => outlet.customerId === customerId);
export const selectRepName = (state: WorkbenchRoot) => state.workbench.today?.repName ?? '';
