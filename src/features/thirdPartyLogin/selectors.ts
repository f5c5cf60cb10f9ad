import type { RootState } from '../../store';

export const selectThirdPartySettings = (state: RootState) => state.thirdPartyLogin.settings;
export const selectQrPanelOpen = (state: RootState) => state.thirdPartyLogin.qrPanelOpen;
export const selectCorps = (state: RootState) => state.thirdPartyLogin.corps;
export const selectCorpSearching = (state: RootState) => state.thirdPartyLogin.searching;
export const selectThirdPartyBusy = (state: RootState) => state.thirdPartyLogin.busy;
