// Button-level permission lists of the signed-in user (API.md §3.4, §7.4), kept in sessionStorage
// as raw JSON under LOGIN_USER_BUTTON_AUTH and SYS_BUTTON_AUTH.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { STORAGE_KEYS } from '../../../common/constants';
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

export interface PermissionsState {
  /** The user's own buttons (`auth`). */
  userButtonAuth: ButtonAuth[];
  /** Every button rule of the system (`allAuth`). */
  sysButtonAuth: ButtonAuth[];
}

const initialState: PermissionsState = { userButtonAuth: [], sysButtonAuth: [] };

export const permissionsPersistedFields: PersistedFields<PermissionsState> = {
  userButtonAuth: { key: STORAGE_KEYS.userButtonAuth },
  sysButtonAuth: { key: STORAGE_KEYS.sysButtonAuth },
};

const permissionsSlice = createSlice({
  name: 'permissions',
  initialState,
  reducers: {
    buttonAuthLoaded(state, action: PayloadAction<{ auth: ButtonAuth[]; allAuth: ButtonAuth[] }>) {
      state.userButtonAuth = action.payload.auth;
      state.sysButtonAuth = action.payload.allAuth;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState).addCase(tokenInvalidated, () => initialState);
  },
});

export const { buttonAuthLoaded } = permissionsSlice.actions;
export const permissionsReducer = permissionsSlice.reducer;
