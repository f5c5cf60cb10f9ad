// The third-party flows' state: the parties' addresses, the QR panel with its company search, and whether a
// flow (an install, a jump to a party's page) is under way.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CorpSummary, ThirdPartySettings } from '../../api/thirdParty';

export interface ThirdPartyLoginState {
  settings: ThirdPartySettings | null;
  qrPanelOpen: boolean;
  /** The companies found; null before a search. */
  corps: CorpSummary[] | null;
  searching: boolean;
  busy: boolean;
}

const initialState: ThirdPartyLoginState = {
  settings: null,
  qrPanelOpen: false,
  corps: null,
  searching: false,
  busy: false,
};

/** The landing route's address: its query and the page URL without it (origin and path). */
export interface LandingAddress {
  search: string;
  pageUrl: string;
}

const slice = createSlice({
  name: 'thirdPartyLogin',
  initialState,
  reducers: {
    landingQueryReceived: (_state, _action: PayloadAction<LandingAddress>) => undefined,
    /** The parties' addresses are needed (a QR panel shows). */
    settingsRequested: (_state) => undefined,
    settingsLoaded(state, { payload }: PayloadAction<ThirdPartySettings>) {
      state.settings = payload;
    },
    qrPanelOpened(state) {
      state.qrPanelOpen = true;
    },
    qrPanelClosed(state) {
      state.qrPanelOpen = false;
      state.corps = null;
    },
    companySearchRequested(state, _action: PayloadAction<string>) {
      state.searching = true;
    },
    companySearchSettled(state, { payload }: PayloadAction<CorpSummary[] | null>) {
      state.searching = false;
      state.corps = payload;
    },
    /** Leave for WeCom's install page; `redirectUri` is where WeCom comes back with auth_code. */
    installRequested(state, _action: PayloadAction<{ redirectUri: string }>) {
      state.busy = true;
    },
    /** Leave for WeCom's page that registers a company and installs the app. */
    registerCodeRequested(state) {
      state.busy = true;
    },
    /** Leave for the CAS login page, which comes back to `service` with a ticket. */
    casLoginRequested(state, _action: PayloadAction<{ service: string }>) {
      state.busy = true;
    },
    flowSettled(state) {
      state.busy = false;
    },
    /** Inside WeChat or WeCom: sign `url` and set the share content. */
    shareSetupRequested: (_state, _action: PayloadAction<{ url: string }>) => undefined,
  },
});

export const {
  landingQueryReceived,
  settingsRequested,
  settingsLoaded,
  qrPanelOpened,
  qrPanelClosed,
  companySearchRequested,
  companySearchSettled,
  installRequested,
  registerCodeRequested,
  casLoginRequested,
  flowSettled,
  shareSetupRequested,
} = slice.actions;

export const thirdPartyLoginReducer = slice.reducer;
