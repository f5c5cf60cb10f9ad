// The session events of the other tabs (issue #15), as sagas: this tab announces its own logout,
// login and department switch, and follows the others' so it never acts on a dead or different session.
import type { SagaIterator } from 'redux-saga';
import { eventChannel, type EventChannel } from 'redux-saga';
import { call, cancelled, put, select, take } from 'redux-saga/effects';
import { navigateTo } from '../../router/navigator';
import { flushPersistedState } from '../../store/persistence';
import { reloadPage } from '../../utils/browser';
import { selectToken } from './selectors';
import {
  publishSessionEvent,
  subscribeSessionEvents,
  type SessionEvent,
  type SessionEventType,
} from './sessionEvents';
import { loggedOut } from './slice';

/**
 * Tells the other tabs what happened to the session. The stored session is written first: a tab that
 * takes up the new session reloads and reads it from storage.
 */
export function* announceSessionEvent(type: SessionEventType): SagaIterator {
  yield call(flushPersistedState);
  yield call(publishSessionEvent, { type });
}

export function sessionEventChannel(): EventChannel<SessionEvent> {
  return eventChannel<SessionEvent>((emit) => subscribeSessionEvents(emit));
}

/** What this tab does when another tab changed the shared session. */
export function* followSessionEvent({ type }: SessionEvent): SagaIterator {
  if (type === 'logout') {
    // That tab has revoked the token on the server already: here it ends locally, as a logout does.
    const token: string | null = yield select(selectToken);
    if (!token) return;
    yield put(loggedOut());
    yield call(navigateTo, '/');
    return;
  }
  // Another user or another department: the page starts again from the stored session, loading that
  // session's user, permissions and menu, without writing this tab's old state over it.
  yield call(reloadPage);
}

export function* sessionEventsSaga(): SagaIterator {
  const channel: EventChannel<SessionEvent> = yield call(sessionEventChannel);
  try {
    while (true) {
      const event: SessionEvent = yield take(channel);
      yield call(followSessionEvent, event);
    }
  } finally {
    if (yield cancelled()) channel.close();
  }
}
