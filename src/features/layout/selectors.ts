import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../store';
import type { LayoutSettings } from './slice';

export const selectLayout = (state: RootState) => state.layout;
export const selectThemeColor = (state: RootState) => state.layout.color;
export const selectNavTheme = (state: RootState) => state.layout.theme;
export const selectColorWeak = (state: RootState) => state.layout.weak;
export const selectSidebarOpened = (state: RootState) => state.layout.sidebarOpened;
export const selectDevice = (state: RootState) => state.layout.device;
export const selectIsMobile = (state: RootState) => state.layout.device === 'mobile';
export const selectSettingsOpen = (state: RootState) => state.layout.settingsOpen;
export const selectThemeApplying = (state: RootState) => state.layout.themeApplying;

/** The drawer's settings, as one object for the drawer itself. */
export const selectLayoutSettings = createSelector(
  [selectLayout],
  ({
    theme,
    layout,
    contentWidth,
    fixedHeader,
    fixSiderbar,
    autoHideHeader,
    color,
    weak,
    multipage,
  }): LayoutSettings => ({
    theme,
    layout,
    contentWidth,
    fixedHeader,
    fixSiderbar,
    autoHideHeader,
    color,
    weak,
    multipage,
  }),
);

/** Multi-tab mode is on and the device is not a phone (spec §2: disabled on mobile). */
export const selectTabsActive = (state: RootState) =>
  state.layout.multipage && state.layout.device !== 'mobile';

/**
 * Tablets and phones (up to 1087.99 px) get the menu in a 200 px drawer: a fixed side bar would take
 * a quarter of a portrait tablet (spec §2 "a drawer on mobile", §9 breakpoints).
 */
export const selectDrawerMenu = (state: RootState) => state.layout.device !== 'desktop';

/** The top menu is in use (on a tablet or phone the menu is in the drawer instead). */
export const selectTopMenu = (state: RootState) =>
  state.layout.layout === 'topmenu' && state.layout.device === 'desktop';
