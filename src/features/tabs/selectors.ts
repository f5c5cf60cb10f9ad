import type { RootState } from '../../store';

export const selectTabs = (state: RootState) => state.tabs.tabs;
export const selectActiveTabKey = (state: RootState) => state.tabs.activeKey;
