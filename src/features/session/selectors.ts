import type { RootState } from '../../store';

export const selectToken = (state: RootState) => state.session.token;
