// The bell's life while a user is signed in (spec §2, §4, §7 Announcements; DESIGN "Data flow"): from the
// first menu load until logout, the lists are loaded, then every 6 s (every minute while the push socket is open;
// the poll stops when a load fails), after every push, and once when the socket comes back after a drop; a push shows a bottom-right notice whose 查看详情 opens the announcement; opening
// one marks it read and reloads. Logout cancels all of it and closes the socket.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { channel, type Channel, type EventChannel } from 'redux-saga';
import {
  call,
  cancel,
  delay,
  fork,
  put,
  select,
  take,
  takeEvery,
  takeLatest,
  takeLeading,
} from 'redux-saga/effects';
import type { Announcement, UserAnnouncementLists } from '../../../common/announcements';
import { NOTICE_POLL_INTERVAL_MS } from '../../../common/constants';
import type { Envelope } from '../../../common/contract';
import { APPROVAL_PUSH_KIND } from '../../../common/approvals';
import type { PushFrame } from '../../../common/push';
import { listByUser, markAnnouncementRead, queryAnnouncement } from '../../api/announcements';
import { navigateTo } from '../../router/navigator';
import { notify, notifyWithAction } from '../../utils/notifier';
import { APPROVAL_CENTER_PATH } from '../approvals/selectors';
import { pendingCountRequested } from '../approvals/slice';
import { jobPushed } from '../jobs/slice';
import { menuLoaded } from '../permissions/slice';
import { selectToken, selectUserInfo } from '../session/selectors';
import { loggedOut, loginModalOpened, tokenInvalidated, type UserInfo } from '../session/slice';
import { createPushChannel, pushSocketUrl, type PushEvent } from './pushChannel';
import { selectPushConnected } from './selectors';
import {
  announcementOpened,
  announcementShown,
  detailClosed,
  noticesCleared,
  pushConnectionChanged,
  noticesLoaded,
  noticesPollRequested,
  noticesReloadRequested,
  NOTICES_STATUS_TITLE,
  statusReported,
} from './slice';

export const NOTICE_TEXTS = {
  pushTitle: '新消息',
  view: '查看详情',
  loadFailed: '消息加载失败',
  approvalTitle: '新的待审批',
  approve: '去审批',
} as const;

/** The actions that end a session. */
const SESSION_ENDS = [loggedOut.type, tokenInvalidated.type, loginModalOpened.type];

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** One load of the lists; true when it worked. */
export function* loadNotices(): SagaIterator<boolean> {
  yield put(statusReported({ title: NOTICES_STATUS_TITLE, status: 'loading' }));
  try {
    const envelope: Envelope<UserAnnouncementLists> = yield call(listByUser);
    if (!envelope.success) throw new Error(envelope.message || NOTICE_TEXTS.loadFailed);
    yield put(noticesLoaded(envelope.result));
    yield put(statusReported({ title: NOTICES_STATUS_TITLE, status: 'success' }));
    return true;
  } catch (error) {
    yield put(statusReported({ title: NOTICES_STATUS_TITLE, status: 'error', message: errorMessage(error) }));
    return false;
  }
}

/**
 * While the push socket is open, the poll loads once in this many ticks: pushes bring each change, and the rare
 * load still reaches a user whose instance does not hear the others' pushes (several instances without Redis).
 */
export const PUSHED_POLL_TICKS = 10;

/**
 * Loads now and every 6 s after — every minute only while the push socket is open (issue #23: an open tab then
 * costs the server next to nothing between pushes); a failed load ends the poll (the bell offers to start it
 * again).
 */
export function* pollNotices(): SagaIterator {
  for (let tick = 0; ; tick += 1) {
    const pushed: boolean = yield select(selectPushConnected);
    if (!pushed || tick % PUSHED_POLL_TICKS === 0) {
      const loaded: boolean = yield call(loadNotices);
      if (!loaded) return;
    }
    yield delay(NOTICE_POLL_INTERVAL_MS);
  }
}

/** Shows the announcement (fetching it when only its id is known), marks it read, reloads the lists. */
export function* openAnnouncement({
  payload: { id, announcement },
}: PayloadAction<{ id: string; announcement?: Announcement }>): SagaIterator {
  if (!announcement) {
    try {
      const envelope: Envelope<Announcement> = yield call(queryAnnouncement, id);
      if (!envelope.success) {
        yield call(notify, 'warning', envelope.message);
        yield put(detailClosed());
        return;
      }
      yield put(announcementShown(envelope.result));
    } catch {
      // The HTTP layer has shown the failure.
      yield put(detailClosed());
      return;
    }
  }
  try {
    yield call(markAnnouncementRead, id);
  } catch {
    // Shown by the HTTP layer; the announcement is open all the same and stays unread.
  }
  yield put(noticesReloadRequested());
}

/** A push: the bottom-right notice with 查看详情 (answered through `views`), then a reload. */
export function* handlePush(frame: PushFrame, views: Channel<string>): SagaIterator {
  // A job's progress is the jobs saga's.
  if (frame.cmd === 'job' && frame.job) yield put(jobPushed(frame.job));
  if (frame.cmd !== 'topic' && frame.cmd !== 'user') return;
  if (frame.kind === APPROVAL_PUSH_KIND) {
    // A new approval task: 去审批 opens the 审批中心, and the menu's and bell's count follow.
    yield call(notifyWithAction, NOTICE_TEXTS.approvalTitle, frame.msgTxt, NOTICE_TEXTS.approve, () =>
      navigateTo(APPROVAL_CENTER_PATH),
    );
    yield put(pendingCountRequested());
    return;
  }
  const id = frame.msgId;
  yield call(
    notifyWithAction,
    NOTICE_TEXTS.pushTitle,
    frame.msgTxt,
    NOTICE_TEXTS.view,
    id ? () => views.put(id) : undefined,
  );
  yield put(noticesReloadRequested());
}

/**
 * The socket's events until the session ends; the channel (and so the socket) is closed on the way out. Pushes
 * sent while the socket was down are lost, so a reconnection reloads the lists.
 */
export function* watchPush(pushes: EventChannel<PushEvent>, views: Channel<string>): SagaIterator {
  let dropped = false;
  try {
    while (true) {
      const event: PushEvent = yield take(pushes);
      if ('frame' in event) {
        yield call(handlePush, event.frame, views);
        continue;
      }
      yield put(pushConnectionChanged(event.connected));
      if (event.connected && dropped) yield put(noticesReloadRequested());
      dropped = !event.connected;
    }
  } finally {
    pushes.close();
  }
}

/** 查看详情 clicks of push notices, as opening the announcement by id. */
export function* watchViews(views: Channel<string>): SagaIterator {
  while (true) {
    const id: string = yield take(views);
    yield put(announcementOpened({ id }));
  }
}

/** Everything the bell does while one user is signed in. */
export function* whileSignedIn(): SagaIterator {
  yield takeLeading(noticesPollRequested.type, pollNotices);
  yield takeLatest(noticesReloadRequested.type, loadNotices);
  yield takeEvery(announcementOpened.type, openAnnouncement);
  yield put(noticesPollRequested());
  const user: UserInfo | null = yield select(selectUserInfo);
  const token: string | null = yield select(selectToken);
  if (!user?.id || !token) return;
  const views: Channel<string> = yield call(channel);
  yield fork(watchViews, views);
  const pushes: EventChannel<PushEvent> = yield call(createPushChannel, pushSocketUrl(user.id), token);
  yield fork(watchPush, pushes, views);
}

export function* noticesSaga(): SagaIterator {
  while (true) {
    // The access gate loads the menu once per page load of a signed-in user: the session is live.
    yield take(menuLoaded.type);
    const task = yield fork(whileSignedIn);
    yield take(SESSION_ENDS);
    yield cancel(task);
    yield put(noticesCleared());
  }
}
