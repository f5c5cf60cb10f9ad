// How many orders failed to synchronise with the ERP, per direction (spec §3): the menu marks
// the failed-order lists with a red dot while a count is above 0.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut, tokenInvalidated } from '../session/slice';

export interface FailedOrdersState {
  /** Failed syncs of direction 0. */
  failOrder0: number;
  /** Failed syncs of direction 1. */
  failOrder1: number;
}

const initialState: FailedOrdersState = { failOrder0: 0, failOrder1: 0 };

const failedOrdersSlice = createSlice({
  name: 'failedOrders',
  initialState,
  reducers: {
    countsLoaded: (_state, action: PayloadAction<FailedOrdersState>) => action.payload,
    /** A failed sync was retried, ignored or settled by hand: the counters (and the red dot) load again. */
    countsRequested: (state) => state,
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState).addCase(tokenInvalidated, () => initialState);
  },
});

export const { countsLoaded, countsRequested } = failedOrdersSlice.actions;
export const failedOrdersReducer = failedOrdersSlice.reducer;
