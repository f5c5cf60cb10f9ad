// The signed-in session: token, user and the "reopen the login modal" flag, persisted under the
// spec's keys for 7 days. The sign-in flows extend this slice with their own events.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { SESSION_TTL_MS, STORAGE_KEYS } from '../../../common/constants';
import type { PersistedFields } from '../../store/persistence';

/** Session user info (spec §3). */
export interface UserInfo {
  id: string;
  username: string;
  realname: string;
  avatar?: string;
  /** Company code: the tenant identity ('admin' when absent). */
  cpycod?: string;
  roleEnum?: string;
}

export interface SessionState {
  token: string | null;
  username: string | null;
  userInfo: UserInfo | null;
  /** Set when the server invalidated the token: after the reload the login modal opens. */
  resetLogin: boolean;
}

const initialState: SessionState = { token: null, username: null, userInfo: null, resetLogin: false };

export const sessionPersistedFields: PersistedFields<SessionState> = {
  token: { key: STORAGE_KEYS.accessToken, ttlMs: SESSION_TTL_MS },
  username: { key: STORAGE_KEYS.username, ttlMs: SESSION_TTL_MS },
  userInfo: { key: STORAGE_KEYS.userInfo, ttlMs: SESSION_TTL_MS },
  resetLogin: { key: STORAGE_KEYS.resetLogin },
};

const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** A login flow succeeded. */
    loggedIn(state, action: PayloadAction<{ token: string; username: string; userInfo: UserInfo }>) {
      const { token, username, userInfo } = action.payload;
      state.token = token;
      state.username = username;
      state.userInfo = userInfo;
      state.resetLogin = false;
    },
    /** The session ended: the user logged out or the server refused the token (401). */
    loggedOut: () => initialState,
    /** The server answered 'Token失效，请重新登录': drop the token, reopen the login after reload. */
    tokenInvalidated(state) {
      state.token = null;
      state.resetLogin = true;
    },
  },
});

export const { loggedIn, loggedOut, tokenInvalidated } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
