// The bell (spec §2 notice popover): the signed-in user's unread notices and system messages, the
// announcement shown in the detail modal, and the status list of the loads (spec §4).
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Announcement, UserAnnouncementLists } from '../../../common/announcements';
import { applyStatus, type StatusEntry } from './statusList';

export interface AnnouncementDetail {
  open: boolean;
  /** Null while it is being fetched (opened from a push). */
  announcement: Announcement | null;
}

export interface NoticesState {
  lists: UserAnnouncementLists;
  /** The first load has answered. */
  loaded: boolean;
  statusList: StatusEntry[];
  detail: AnnouncementDetail;
  /** The push socket is open: pushes bring every change, so the poll rests. */
  pushConnected: boolean;
}

/** The status-list title of the bell's loads. */
export const NOTICES_STATUS_TITLE = '通知列表';

const emptyLists: UserAnnouncementLists = {
  anntMsgList: [],
  anntMsgTotal: 0,
  sysMsgList: [],
  sysMsgTotal: 0,
};
const closedDetail: AnnouncementDetail = { open: false, announcement: null };

const initialState: NoticesState = {
  lists: emptyLists,
  loaded: false,
  statusList: [],
  detail: closedDetail,
  pushConnected: false,
};

const noticesSlice = createSlice({
  name: 'notices',
  initialState,
  reducers: {
    noticesLoaded(state, action: PayloadAction<UserAnnouncementLists>) {
      state.lists = action.payload;
      state.loaded = true;
    },
    statusReported(state, action: PayloadAction<StatusEntry>) {
      state.statusList = applyStatus(state.statusList, action.payload);
    },
    /** Opens the modal; with the announcement when the caller has it (a bell item), else it is fetched. */
    announcementOpened(state, action: PayloadAction<{ id: string; announcement?: Announcement }>) {
      state.detail = { open: true, announcement: action.payload.announcement ?? null };
    },
    announcementShown(state, action: PayloadAction<Announcement>) {
      if (state.detail.open) state.detail.announcement = action.payload;
    },
    detailClosed(state) {
      state.detail = closedDetail;
    },
    pushConnectionChanged(state, action: PayloadAction<boolean>) {
      state.pushConnected = action.payload;
    },
    /** The session ended: nothing of the last user stays. */
    noticesCleared: () => initialState,
  },
});

/** Reload the lists now (after a push, after marking one read). */
export const noticesReloadRequested = createAction('notices/reloadRequested');
/** (Re)start the 6-second poll; ignored while it runs. */
export const noticesPollRequested = createAction('notices/pollRequested');

export const {
  noticesLoaded,
  statusReported,
  announcementOpened,
  announcementShown,
  detailClosed,
  pushConnectionChanged,
  noticesCleared,
} = noticesSlice.actions;
export const noticesReducer = noticesSlice.reducer;
