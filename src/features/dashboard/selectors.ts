import type { RootState } from '../../store';

export const selectDashboardQuery = (state: RootState) => state.dashboard.query;
export const selectDashboardFigures = (state: RootState) => state.dashboard.figures;
export const selectDashboardLoading = (state: RootState) => state.dashboard.loading;
export const selectDashboardError = (state: RootState) => state.dashboard.error;
