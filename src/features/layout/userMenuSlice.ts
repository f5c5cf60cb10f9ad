// The dialogs of the header's user menu (spec §2 Header user area, §4): change password and switch
// department. Sagas open them only when they can be used ('当前系统无登陆用户!', '您尚未设置部门信息!').
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Depart } from '../../api/auth';
import { loggedOut, tokenInvalidated } from '../session/slice';

export interface PasswordChangeForm {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

export interface UserMenuState {
  password: { open: boolean; submitting: boolean };
  depart: {
    /** The departments are being fetched before the dialog opens. */
    loading: boolean;
    open: boolean;
    submitting: boolean;
    departs: Depart[];
    /** The current department's code. */
    current: string | null;
  };
}

const initialState: UserMenuState = {
  password: { open: false, submitting: false },
  depart: { loading: false, open: false, submitting: false, departs: [], current: null },
};

const userMenuSlice = createSlice({
  name: 'userMenu',
  initialState,
  reducers: {
    passwordDialogRequested() {},
    passwordDialogOpened(state) {
      state.password = { open: true, submitting: false };
    },
    passwordSubmitted(state, _action: PayloadAction<PasswordChangeForm>) {
      state.password.submitting = true;
    },
    /** The server refused the change: the dialog stays open with the input. */
    passwordRefused(state) {
      state.password.submitting = false;
    },
    passwordDialogClosed(state) {
      state.password = initialState.password;
    },
    departDialogRequested(state) {
      state.depart.loading = true;
    },
    departDialogOpened(state, action: PayloadAction<{ departs: Depart[]; current: string | null }>) {
      state.depart = { ...initialState.depart, open: true, ...action.payload };
    },
    departSwitchSubmitted(state, _action: PayloadAction<{ orgCode: string }>) {
      state.depart.submitting = true;
    },
    departSwitchRefused(state) {
      state.depart.submitting = false;
    },
    departDialogClosed(state) {
      state.depart = initialState.depart;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState).addCase(tokenInvalidated, () => initialState);
  },
});

export const {
  passwordDialogRequested,
  passwordDialogOpened,
  passwordSubmitted,
  passwordRefused,
  passwordDialogClosed,
  departDialogRequested,
  departDialogOpened,
  departSwitchSubmitted,
  departSwitchRefused,
  departDialogClosed,
} = userMenuSlice.actions;
export const userMenuReducer = userMenuSlice.reducer;
