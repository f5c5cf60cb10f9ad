// The open tabs of multi-tab mode (spec §2 Tab mode): one per opened page, in opening order, the home
// tab first. Not persisted: a reload starts again with the home tab and the current page.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut, tokenInvalidated } from '../session/slice';
import { settingsChanged } from '../layout/slice';
import type { CloseScope, Tab } from './closing';

export interface TabsState {
  tabs: Tab[];
  activeKey: string | null;
}

const initialState: TabsState = { tabs: [], activeKey: null };

const tabsSlice = createSlice({
  name: 'tabs',
  initialState,
  reducers: {
    /**
     * The router shows `tab`'s page: its tab is added (after `home`, which is always first when the
     * user has the home page) or its title and address refreshed, and it becomes the active one.
     */
    pageShown(state, action: PayloadAction<{ tab: Tab; home: Tab | null }>) {
      const { tab, home } = action.payload;
      if (home && !state.tabs.some((open) => open.key === home.key)) state.tabs.unshift({ ...home });
      const open = state.tabs.find((existing) => existing.key === tab.key);
      if (open) Object.assign(open, tab);
      else state.tabs.push({ ...tab });
      state.activeKey = tab.key;
    },
    /** The user asked to close a tab or its neighbours (tab bar, context menu); the tabs saga decides. */
    closeRequested(_state, _action: PayloadAction<{ key: string; scope: CloseScope }>) {},
    tabsClosed(state, action: PayloadAction<{ keys: string[]; nextActive: string }>) {
      state.tabs = state.tabs.filter((tab) => !action.payload.keys.includes(tab.key));
      state.activeKey = action.payload.nextActive;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialState)
      .addCase(tokenInvalidated, () => initialState)
      // Turning multi-tab mode off releases every tab.
      .addCase(settingsChanged, (state, action) =>
        action.payload.multipage === false ? initialState : state,
      );
  },
});

export const { pageShown, closeRequested, tabsClosed } = tabsSlice.actions;
export const tabsReducer = tabsSlice.reducer;
