// The signed-in session: token, user and the "reopen the login modal" flag, persisted under the
// spec's keys for 7 days; plus the state of a login in progress (the submit button, the department picker).
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { SESSION_TTL_MS, STORAGE_KEYS } from '../../../common/constants';
import type { Depart, EncryptedString, LoginRole } from '../../api/auth';
import type { PersistedFields } from '../../store/persistence';

/** Session user info (spec §3, API.md §3.2). */
export interface UserInfo {
  id: string;
  username: string;
  realname: string;
  avatar?: string | null;
  email?: string | null;
  phone?: string | null;
  sex?: number | null;
  status?: number | null;
  /** The current department. */
  orgCode?: string | null;
  /** Company code: the tenant identity ('admin' when absent). */
  cpycod?: string | null;
  tenantName?: string | null;
  /** MES_ZG marks a production-system user, MES_WXG one who may not log in with one department. */
  roleEnum?: string | null;
}

/** The production-system flag (spec §4): 1 for the MES roles, else 0. */
export type MesSystemFlag = 0 | 1;

export interface DepartPicker {
  open: boolean;
  departs: Depart[];
  /** The choice is being sent. */
  submitting: boolean;
}

export interface SessionState {
  token: string | null;
  username: string | null;
  userInfo: UserInfo | null;
  /** Set when the server invalidated the token: after the reload the login modal opens. */
  resetLogin: boolean;
  /** The first role of the login result (spec §4). */
  loginLevel: LoginRole | null;
  mesSystem: MesSystemFlag | null;
  encryptedString: EncryptedString | null;
  /** From submitting a login until the flow has landed (or failed): the department choice is part of it. */
  loginPending: boolean;
  departPicker: DepartPicker;
}

const closedDepartPicker: DepartPicker = { open: false, departs: [], submitting: false };

const initialState: SessionState = {
  token: null,
  username: null,
  userInfo: null,
  resetLogin: false,
  loginLevel: null,
  mesSystem: null,
  encryptedString: null,
  loginPending: false,
  departPicker: closedDepartPicker,
};

export const sessionPersistedFields: PersistedFields<SessionState> = {
  token: { key: STORAGE_KEYS.accessToken, ttlMs: SESSION_TTL_MS },
  username: { key: STORAGE_KEYS.username, ttlMs: SESSION_TTL_MS },
  userInfo: { key: STORAGE_KEYS.userInfo, ttlMs: SESSION_TTL_MS },
  resetLogin: { key: STORAGE_KEYS.resetLogin },
  // They describe the session, so they live as long as it does.
  loginLevel: { key: STORAGE_KEYS.loginLevel, ttlMs: SESSION_TTL_MS },
  mesSystem: { key: STORAGE_KEYS.mesSystem, ttlMs: SESSION_TTL_MS },
  encryptedString: { key: STORAGE_KEYS.encryptedString, ttlMs: SESSION_TTL_MS },
};

export interface PasswordLoginRequest {
  username: string;
  password: string;
  rememberMe: boolean;
  /** The graphic code, when the form shows it (the server asks for it after failed logins). */
  captcha?: string;
}

export interface PhoneLoginRequest {
  mobile: string;
  smsCode: string;
  rememberMe: boolean;
}

function startLogin(state: SessionState) {
  state.loginPending = true;
}

const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    loginRequested: (state, _action: PayloadAction<PasswordLoginRequest>) => startLogin(state),
    phoneLoginRequested: (state, _action: PayloadAction<PhoneLoginRequest>) => startLogin(state),
    /** A login flow succeeded. */
    loggedIn(
      state,
      action: PayloadAction<{
        token: string;
        username: string;
        userInfo: UserInfo;
        loginLevel?: LoginRole | null;
        mesSystem?: MesSystemFlag;
      }>,
    ) {
      const { token, username, userInfo, loginLevel = null, mesSystem = null } = action.payload;
      state.token = token;
      state.username = username;
      state.userInfo = userInfo;
      state.loginLevel = loginLevel;
      state.mesSystem = mesSystem;
      state.resetLogin = false;
    },
    /** multi_depart 2: the user must pick the department of this session. */
    departPickerOpened(state, action: PayloadAction<Depart[]>) {
      state.departPicker = { open: true, departs: action.payload, submitting: false };
    },
    departChosen(state, _action: PayloadAction<{ orgCode: string }>) {
      state.departPicker.submitting = true;
    },
    /** The server switched the session to the chosen department and answered the updated user. */
    departSelected(state, action: PayloadAction<UserInfo>) {
      state.userInfo = action.payload;
      state.departPicker = closedDepartPicker;
    },
    /** The login flow has landed on the dashboard. */
    loginCompleted(state) {
      state.loginPending = false;
    },
    /**
     * The session ended: the user logged out, a login failed or the server refused the token (401).
     * The encryption key is not the user's: it stays cached.
     */
    loggedOut: (state) => ({ ...initialState, encryptedString: state.encryptedString }),
    /** The server answered 'Token失效，请重新登录': drop the token, reopen the login after reload. */
    tokenInvalidated(state) {
      state.token = null;
      state.resetLogin = true;
    },
    /**
     * The login modal opened: the stored token is removed (spec §4) but not the username, which the
     * modal offers again; the resetLogin flag has done its job.
     */
    loginModalOpened(state) {
      state.token = null;
      state.resetLogin = false;
    },
    encryptedStringLoaded(state, action: PayloadAction<EncryptedString>) {
      state.encryptedString = action.payload;
    },
  },
});

/** The user confirmed the logout. */
export const logoutRequested = createAction('session/logoutRequested');

export const {
  loginRequested,
  phoneLoginRequested,
  loggedIn,
  departPickerOpened,
  departChosen,
  departSelected,
  loginCompleted,
  loggedOut,
  tokenInvalidated,
  loginModalOpened,
  encryptedStringLoaded,
} = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
