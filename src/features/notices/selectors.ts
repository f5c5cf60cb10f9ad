import type { RootState } from '../../store';
import { NOTICES_STATUS_TITLE } from './slice';

export const selectNoticeLists = (state: RootState) => state.notices.lists;
export const selectNoticesLoaded = (state: RootState) => state.notices.loaded;
export const selectUnreadCount = (state: RootState) =>
  state.notices.lists.anntMsgTotal + state.notices.lists.sysMsgTotal;
export const selectPushConnected = (state: RootState) => state.notices.pushConnected;
export const selectAnnouncementDetail = (state: RootState) => state.notices.detail;
/** The bell's own load status: loading, or the failure that stopped the poll. */
export const selectNoticesStatus = (state: RootState) =>
  state.notices.statusList.find((entry) => entry.title === NOTICES_STATUS_TITLE);
