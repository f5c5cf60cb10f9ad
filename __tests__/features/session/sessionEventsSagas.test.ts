// Session events across browser tabs (issue #15): what this tab announces and how it follows the others.
import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { channel } from 'redux-saga';
import { selectToken } from '../../../src/features/session/selectors';
import {
  publishSessionEvent,
  SESSION_EVENTS_NAME,
  subscribeSessionEvents,
  type SessionEvent,
} from '../../../src/features/session/sessionEvents';
import {
  announceSessionEvent,
  followSessionEvent,
  sessionEventChannel,
  sessionEventsSaga,
} from '../../../src/features/session/sessionEventsSagas';
import { loggedOut } from '../../../src/features/session/slice';
import { navigateTo } from '../../../src/router/navigator';
import { flushPersistedState } from '../../../src/store/persistence';
import { reloadPage } from '../../../src/utils/browser';

describe('announceSessionEvent', () => {
  it('writes the stored session first, then tells the other tabs', () => {
    testSaga(announceSessionEvent, 'login')
      .next()
      .call(flushPersistedState)
      .next()
      .call(publishSessionEvent, { type: 'login' })
      .next()
      .isDone();
  });
});

describe('followSessionEvent', () => {
  it('logout elsewhere: a signed-in tab ends its session locally and goes where its own logout goes', () => {
    testSaga(followSessionEvent, { type: 'logout' })
      .next()
      .select(selectToken)
      .next('tok-1')
      .put(loggedOut())
      .next()
      .call(navigateTo, '/')
      .next()
      .isDone();
  });

  it('logout elsewhere: a tab without a session has nothing to end (and calls no server logout)', () => {
    testSaga(followSessionEvent, { type: 'logout' }).next().select(selectToken).next(null).isDone();
  });

  it.each(['login', 'depart'] as const)('%s elsewhere: the page reloads from the stored session', (type) => {
    testSaga(followSessionEvent, { type }).next().call(reloadPage).next().isDone();
  });
});

describe('sessionEventsSaga', () => {
  it('follows each event of the other tabs, one after another', () => {
    const events = channel<SessionEvent>();
    events.put({ type: 'logout' });
    events.put({ type: 'depart' });
    return expectSaga(sessionEventsSaga)
      .provide([
        [matchers.call.fn(sessionEventChannel), events],
        [matchers.select(selectToken), 'tok-1'],
        [matchers.call.fn(navigateTo), undefined],
        [matchers.call.fn(reloadPage), undefined],
      ])
      .put(loggedOut())
      .call(navigateTo, '/')
      .call(reloadPage)
      .silentRun(50);
  });

  it('closes the channel when it is cancelled', () => {
    const events = channel<SessionEvent>();
    const close = jest.spyOn(events, 'close');
    testSaga(sessionEventsSaga)
      .next()
      .call(sessionEventChannel)
      .next(events)
      .take(events)
      .finish()
      .cancelled()
      .next(true)
      .isDone();
    expect(close).toHaveBeenCalled();
  });
});

describe('the session-events channel', () => {
  const listener = jest.fn();
  let unsubscribe: () => void = () => undefined;

  afterEach(() => {
    unsubscribe();
    listener.mockReset();
  });

  describe('with BroadcastChannel', () => {
    const NodeBroadcastChannel = jest.requireActual<typeof import('node:worker_threads')>(
      'node:worker_threads',
    ).BroadcastChannel as unknown as typeof BroadcastChannel;
    let otherTab: BroadcastChannel;

    beforeEach(() => {
      Object.assign(globalThis, { BroadcastChannel: NodeBroadcastChannel });
      otherTab = new NodeBroadcastChannel(SESSION_EVENTS_NAME);
    });

    afterEach(() => {
      otherTab.close();
      delete (globalThis as { BroadcastChannel?: unknown }).BroadcastChannel;
    });

    function received(target: BroadcastChannel): Promise<unknown> {
      return new Promise((resolve) => {
        target.onmessage = (message: MessageEvent) => resolve(message.data);
      });
    }

    it("hears another tab's events, and only session events", async () => {
      const heard = new Promise((resolve) => listener.mockImplementation(resolve));
      unsubscribe = subscribeSessionEvents(listener);
      otherTab.postMessage({ type: 'unknown' });
      otherTab.postMessage({ type: 'logout' });
      await expect(heard).resolves.toEqual({ type: 'logout' });
      expect(listener).toHaveBeenCalledTimes(1);
    });

    it('publishes to the other tabs but not to itself', async () => {
      unsubscribe = subscribeSessionEvents(listener);
      const inOtherTab = received(otherTab);
      publishSessionEvent({ type: 'depart' });
      await expect(inOtherTab).resolves.toEqual({ type: 'depart' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(listener).not.toHaveBeenCalled();
    });

    it('publishes with nobody listening in this tab', async () => {
      const inOtherTab = received(otherTab);
      publishSessionEvent({ type: 'login' });
      await expect(inOtherTab).resolves.toEqual({ type: 'login' });
    });
  });

  describe('without BroadcastChannel: the storage event', () => {
    it('hears the key written by another tab', () => {
      expect(typeof BroadcastChannel).toBe('undefined');
      unsubscribe = subscribeSessionEvents(listener);
      const write = (key: string, newValue: string | null) =>
        window.dispatchEvent(new StorageEvent('storage', { key, newValue }));
      write('pro__Access-Token', '{}');
      write(SESSION_EVENTS_NAME, null);
      write(SESSION_EVENTS_NAME, 'not json');
      write(SESSION_EVENTS_NAME, JSON.stringify({ type: 'login', at: 1 }));
      expect(listener).toHaveBeenCalledTimes(1);
      expect(listener).toHaveBeenCalledWith({ type: 'login' });
      unsubscribe();
      write(SESSION_EVENTS_NAME, JSON.stringify({ type: 'logout', at: 2 }));
      expect(listener).toHaveBeenCalledTimes(1);
    });

    it('publishes by writing a new value each time and leaves no key behind', () => {
      const setItem = jest.spyOn(Storage.prototype, 'setItem');
      publishSessionEvent({ type: 'logout' });
      publishSessionEvent({ type: 'logout' });
      const written = setItem.mock.calls
        .filter(([key]) => key === SESSION_EVENTS_NAME)
        .map(([, value]) => value);
      setItem.mockRestore();
      expect(written).toHaveLength(2);
      expect(written[0]).not.toBe(written[1]);
      expect(JSON.parse(written[0])).toMatchObject({ type: 'logout' });
      expect(localStorage.getItem(SESSION_EVENTS_NAME)).toBeNull();
    });
  });
});
