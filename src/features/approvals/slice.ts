// The caller's pending approval tasks: the count on the 审批中心 menu entry and in the bell. Loaded after the
// permissions, on every approval push and whenever a page asks (after an approval step).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { menuLoaded } from '../permissions/slice';
import { loggedOut, tokenInvalidated } from '../session/slice';

export interface ApprovalsState {
  pending: number;
}

const initialState: ApprovalsState = { pending: 0 };

const approvalsSlice = createSlice({
  name: 'approvals',
  initialState,
  reducers: {
    pendingCountLoaded: (state, action: PayloadAction<number>) => {
      state.pending = action.payload;
    },
    /** Something changed the caller's tasks: load the count again. */
    pendingCountRequested: (state) => state,
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState).addCase(tokenInvalidated, () => initialState);
  },
});

export const { pendingCountLoaded, pendingCountRequested } = approvalsSlice.actions;
export const approvalsReducer = approvalsSlice.reducer;
/** Loading starts with the menu. */
export const PENDING_COUNT_TRIGGERS = [menuLoaded.type, pendingCountRequested.type];
