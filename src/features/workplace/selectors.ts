import type { RootState } from '../../store';

export const selectWorkplaceProfile = (state: RootState) => state.workplace.profile;
export const selectWorkplaceLoading = (state: RootState) => state.workplace.loading;
