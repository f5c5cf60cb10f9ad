// The home dashboard's figures for the chosen period: the summary cards, the sales trend and the rankings.
// Loaded together whenever the page opens or the period changes; not persisted.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { HomePeriodQuery, HomeRankings, HomeSummary, HomeTrend } from '../../../common/home';
import { loggedOut, tokenInvalidated } from '../session/slice';

export interface DashboardFigures {
  summary: HomeSummary;
  trend: HomeTrend;
  rankings: HomeRankings;
}

export interface DashboardState {
  query: HomePeriodQuery;
  figures: DashboardFigures | null;
  loading: boolean;
  /** The server's message when the last load failed; the figures shown are then the previous ones. */
  error: string | null;
}

const initialState: DashboardState = {
  query: { period: 'month' },
  figures: null,
  loading: false,
  error: null,
};

const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState,
  reducers: {
    /** The page opened (or asks again): reload the figures of the current period. */
    dashboardOpened(state) {
      state.loading = true;
    },
    periodChanged(state, action: PayloadAction<HomePeriodQuery>) {
      state.query = action.payload;
      state.loading = true;
    },
    figuresLoaded(state, action: PayloadAction<DashboardFigures>) {
      state.figures = action.payload;
      state.loading = false;
      state.error = null;
    },
    figuresLoadFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState).addCase(tokenInvalidated, () => initialState);
  },
});

export const { dashboardOpened, periodChanged, figuresLoaded, figuresLoadFailed } = dashboardSlice.actions;
export const dashboardReducer = dashboardSlice.reducer;
