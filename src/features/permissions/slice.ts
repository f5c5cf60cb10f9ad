// What the signed-in user may see and do (API.md §3.4, §7.3–7.4): the menu tree, fetched after every
// page load and never stored, and the button-level lists, kept in sessionStorage as raw JSON under
// LOGIN_USER_BUTTON_AUTH and SYS_BUTTON_AUTH.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { STORAGE_KEYS } from '../../../common/constants';
import type { MenuNode } from '../../api/permissions';
import { type PersistedFields } from '../../store/persistence';
import { loggedOut, tokenInvalidated } from '../session/slice';

export interface ButtonAuth {
  /** Permission code, possibly several joined by commas. */
  action: string;
  /** '1' show/hide control, '2' enable/disable control. */
  type: string;
  /** '1' active rule, '0' inactive (only in the system-wide list). */
  status?: string;
  describe?: string;
}

/** Where the user goes once the permissions are loaded; the access gate asks for the load. */
export interface PermissionLoadRequest {
  /** The path, query and hash the user asked for. */
  fullPath: string;
  /** The `redirect` query value the user came with, if any: it wins over fullPath. */
  redirect: string | null;
}

export interface PermissionsState {
  /** The menu tree; null until loaded for this page load. */
  menu: MenuNode[] | null;
  /** A load is under way. */
  loading: boolean;
  /** Where the access gate takes the user once the menu is loaded; null when they have arrived. */
  landing: string | null;
  /** The user's own buttons (`auth`). */
  userButtonAuth: ButtonAuth[];
  /** Every button rule of the system (`allAuth`). */
  sysButtonAuth: ButtonAuth[];
}

const initialState: PermissionsState = {
  menu: null,
  loading: false,
  landing: null,
  userButtonAuth: [],
  sysButtonAuth: [],
};

export const permissionsPersistedFields: PersistedFields<PermissionsState> = {
  userButtonAuth: { key: STORAGE_KEYS.userButtonAuth },
  sysButtonAuth: { key: STORAGE_KEYS.sysButtonAuth },
};

const permissionsSlice = createSlice({
  name: 'permissions',
  initialState,
  reducers: {
    loadRequested(state, _action: PayloadAction<PermissionLoadRequest>) {
      state.loading = true;
    },
    menuLoaded(state, action: PayloadAction<{ menu: MenuNode[]; landing: string }>) {
      state.menu = action.payload.menu;
      state.landing = action.payload.landing;
      state.loading = false;
    },
    /** The router has reached the landing path. */
    landed(state) {
      state.landing = null;
    },
    /** The load failed; the message says why (for instance the empty-menu error of spec §8). */
    loadFailed(state, _action: PayloadAction<string>) {
      state.loading = false;
    },
    buttonAuthLoaded(state, action: PayloadAction<{ auth: ButtonAuth[]; allAuth: ButtonAuth[] }>) {
      state.userButtonAuth = action.payload.auth;
      state.sysButtonAuth = action.payload.allAuth;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState).addCase(tokenInvalidated, () => initialState);
  },
});

export const { loadRequested, menuLoaded, landed, loadFailed, buttonAuthLoaded } = permissionsSlice.actions;
export const permissionsReducer = permissionsSlice.reducer;
