// The layout settings of spec §3 (sidebar, device, theme drawer choices), persisted under the pro__
// keys of API.md §7.7, with the defaults of spec §9. The rules of the theme drawer (Fluid only with
// the top menu, auto-hide only with a fixed header, a fixed side menu only with the side menu) are
// applied here, so no caller can store a combination the drawer would not allow.
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PersistedFields } from '../../store/persistence';

export type NavTheme = 'dark' | 'light';
export type LayoutMode = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fixed' | 'Fluid';
/** desktop above 1087.99 px, tablet up to it, mobile up to 767.99 px (spec §9). */
export type Device = 'desktop' | 'tablet' | 'mobile';

/** What the theme drawer sets. */
export interface LayoutSettings {
  theme: NavTheme;
  layout: LayoutMode;
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  fixSiderbar: boolean;
  autoHideHeader: boolean;
  /** The primary colour, one of THEME_COLORS. */
  color: string;
  weak: boolean;
  multipage: boolean;
}

export interface LayoutState extends LayoutSettings {
  /** The side menu is open (not collapsed). */
  sidebarOpened: boolean;
  device: Device;
  /** The theme drawer is shown. */
  settingsOpen: boolean;
  /** A colour change is being applied ('正在编译主题！'). */
  themeApplying: boolean;
}

/** The eight theme colours of the drawer (ant-design-pro's list); the first is the default (spec §9). */
export const THEME_COLORS = [
  { key: '拂晓蓝（默认）', color: '#1890FF' },
  { key: '薄暮', color: '#F5222D' },
  { key: '火山', color: '#FA541C' },
  { key: '日暮', color: '#FAAD14' },
  { key: '明青', color: '#13C2C2' },
  { key: '极光绿', color: '#52C41A' },
  { key: '极客蓝', color: '#2F54EB' },
  { key: '酱紫', color: '#722ED1' },
] as const;

/** Spec §9. */
export const DEFAULT_LAYOUT_SETTINGS: LayoutSettings = {
  theme: 'dark',
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: true,
  fixSiderbar: true,
  autoHideHeader: false,
  color: THEME_COLORS[0].color,
  weak: false,
  multipage: false,
};

const initialState: LayoutState = {
  ...DEFAULT_LAYOUT_SETTINGS,
  sidebarOpened: true,
  device: 'desktop',
  settingsOpen: false,
  themeApplying: false,
};

/** The storage keys of API.md §7.7 (stored as `pro__<key>`, never expiring). */
export const layoutPersistedFields: PersistedFields<LayoutState> = {
  sidebarOpened: { key: 'SIDEBAR_TYPE' },
  theme: { key: 'DEFAULT_THEME' },
  layout: { key: 'DEFAULT_LAYOUT_MODE' },
  color: { key: 'DEFAULT_COLOR' },
  weak: { key: 'DEFAULT_COLOR_WEAK' },
  fixedHeader: { key: 'DEFAULT_FIXED_HEADER' },
  fixSiderbar: { key: 'DEFAULT_FIXED_SIDEMENU' },
  autoHideHeader: { key: 'DEFAULT_FIXED_HEADER_HIDDEN' },
  contentWidth: { key: 'DEFAULT_CONTENT_WIDTH_TYPE' },
  multipage: { key: 'DEFAULT_MULTI_PAGE' },
};

/** The settings after `change`, with the drawer's rules applied. */
export function withLayoutRules(current: LayoutSettings, change: Partial<LayoutSettings>): LayoutSettings {
  const next = { ...current, ...change };
  // Fluid is a top-menu choice: the side menu always fills the width.
  if (next.layout === 'sidemenu') next.contentWidth = 'Fixed';
  // A header that is not fixed scrolls away by itself: there is nothing to hide.
  if (!next.fixedHeader) next.autoHideHeader = false;
  // There is no side menu to fix with the top menu.
  if (next.layout === 'topmenu') next.fixSiderbar = false;
  return next;
}

const layoutSlice = createSlice({
  name: 'layout',
  initialState,
  reducers: {
    /** A drawer switch other than the colour (the colour goes through colorRequested). */
    settingsChanged(state, action: PayloadAction<Partial<Omit<LayoutSettings, 'color'>>>) {
      Object.assign(state, withLayoutRules(state, action.payload));
    },
    sidebarToggled(state) {
      state.sidebarOpened = !state.sidebarOpened;
    },
    deviceChanged(state, action: PayloadAction<Device>) {
      state.device = action.payload;
    },
    settingsDrawerToggled(state, action: PayloadAction<boolean>) {
      state.settingsOpen = action.payload;
    },
    /** The user picked a colour; the theme saga applies it. */
    colorRequested(state, _action: PayloadAction<string>) {
      state.themeApplying = true;
    },
    /** The colour is set; the theme provider re-renders with it. */
    colorChanged(state, action: PayloadAction<string>) {
      state.color = action.payload;
    },
    /** The theme provider has rendered `color` (or the change failed). */
    themeSettled(state) {
      state.themeApplying = false;
    },
  },
});

/** The theme provider committed a render with this colour. */
export const themeRendered = createAction<string>('layout/themeRendered');

export const {
  settingsChanged,
  sidebarToggled,
  deviceChanged,
  settingsDrawerToggled,
  colorRequested,
  colorChanged,
  themeSettled,
} = layoutSlice.actions;
export const layoutReducer = layoutSlice.reducer;
