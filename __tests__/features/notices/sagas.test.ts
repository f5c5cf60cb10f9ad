import { channel, END, type EventChannel } from 'redux-saga';
import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import type { UserAnnouncementLists } from '../../../common/announcements';
import { NOTICE_POLL_INTERVAL_MS } from '../../../common/constants';
import type { Envelope } from '../../../common/contract';
import type { PushFrame } from '../../../common/push';
import { listByUser, markAnnouncementRead, queryAnnouncement } from '../../../src/api/announcements';
import { createPushChannel, pushSocketUrl, type PushEvent } from '../../../src/features/notices/pushChannel';
import {
  handlePush,
  loadNotices,
  noticesSaga,
  NOTICE_TEXTS,
  openAnnouncement,
  pollNotices,
  PUSHED_POLL_TICKS,
  watchPush,
  watchViews,
  whileSignedIn,
} from '../../../src/features/notices/sagas';
import { selectNoticesStatus, selectPushConnected } from '../../../src/features/notices/selectors';
import { jobPushed } from '../../../src/features/jobs/slice';
import {
  announcementOpened,
  announcementShown,
  detailClosed,
  noticesCleared,
  noticesLoaded,
  noticesPollRequested,
  noticesReducer,
  noticesReloadRequested,
  NOTICES_STATUS_TITLE,
  pushConnectionChanged,
  statusReported,
} from '../../../src/features/notices/slice';
import { pendingCountRequested } from '../../../src/features/approvals/slice';
import { menuLoaded } from '../../../src/features/permissions/slice';
import { registerNavigator } from '../../../src/router/navigator';
import { selectToken, selectUserInfo } from '../../../src/features/session/selectors';
import { loggedOut, tokenInvalidated } from '../../../src/features/session/slice';
import type { RootState } from '../../../src/store';
import { notify, notifyWithAction } from '../../../src/utils/notifier';
import { announcement } from '../../support/announcements';

function envelope<T>(result: T, success = true, message = ''): Envelope<T> {
  return { success, message, code: success ? 200 : 500, result, timestamp: 0 };
}

const lists: UserAnnouncementLists = {
  anntMsgList: [announcement('a1')],
  anntMsgTotal: 1,
  sysMsgList: [],
  sysMsgTotal: 0,
};

const loading = statusReported({ title: NOTICES_STATUS_TITLE, status: 'loading' });

describe('loadNotices', () => {
  it('stores the lists and clears its status entry', () => {
    testSaga(loadNotices)
      .next()
      .put(loading)
      .next()
      .call(listByUser)
      .next(envelope(lists))
      .put(noticesLoaded(lists))
      .next()
      .put(statusReported({ title: NOTICES_STATUS_TITLE, status: 'success' }))
      .next()
      .returns(true);
  });

  it('a refused answer leaves an error entry with the server message and answers false', () => {
    testSaga(loadNotices)
      .next()
      .put(loading)
      .next()
      .call(listByUser)
      .next(envelope(null, false, '数据库暂不可用'))
      .put(statusReported({ title: NOTICES_STATUS_TITLE, status: 'error', message: '数据库暂不可用' }))
      .next()
      .returns(false);
  });

  it('a failed request does the same (the error replaces the loading entry in the state)', async () => {
    const { returnValue, storeState } = await expectSaga(loadNotices)
      .withReducer((state: { notices: ReturnType<typeof noticesReducer> } | undefined, action) => ({
        notices: noticesReducer(state?.notices, action),
      }))
      .provide([[matchers.call.fn(listByUser), throwError(new Error('Network Error'))]])
      .run();
    expect(returnValue).toBe(false);
    expect(selectNoticesStatus(storeState as RootState)).toEqual({
      title: NOTICES_STATUS_TITLE,
      status: 'error',
      message: 'Network Error',
    });
  });
});

describe('pollNotices', () => {
  it('loads, waits 6 s, loads again for as long as loading works', () => {
    testSaga(pollNotices)
      .next()
      .select(selectPushConnected)
      .next(false)
      .call(loadNotices)
      .next(true)
      .delay(NOTICE_POLL_INTERVAL_MS)
      .next()
      .select(selectPushConnected)
      .next(false)
      .call(loadNotices);
  });

  it('loads once a minute while the push socket is open, and every 6 s again once it is down', () => {
    let saga = testSaga(pollNotices)
      .next()
      .select(selectPushConnected)
      .next(true)
      .call(loadNotices)
      .next(true);
    for (let tick = 1; tick < PUSHED_POLL_TICKS; tick += 1)
      saga = saga.delay(NOTICE_POLL_INTERVAL_MS).next().select(selectPushConnected).next(true);
    saga
      .delay(NOTICE_POLL_INTERVAL_MS)
      .next()
      .select(selectPushConnected)
      .next(true)
      .call(loadNotices)
      .next(true)
      .delay(NOTICE_POLL_INTERVAL_MS)
      .next()
      .select(selectPushConnected)
      .next(false)
      .call(loadNotices);
  });

  it('stops when a load fails', () => {
    testSaga(pollNotices)
      .next()
      .select(selectPushConnected)
      .next(false)
      .call(loadNotices)
      .next(false)
      .isDone();
  });
});

describe('openAnnouncement', () => {
  it('a bell item (already at hand) is marked read, then the lists reload', () => {
    const item = announcement('a1');
    testSaga(openAnnouncement, announcementOpened({ id: 'a1', announcement: item }))
      .next()
      .call(markAnnouncementRead, 'a1')
      .next(envelope(null))
      .put(noticesReloadRequested())
      .next()
      .isDone();
  });

  it('by id (查看详情 of a push): fetched and shown, marked read, reloaded', () => {
    const item = announcement('a2');
    testSaga(openAnnouncement, announcementOpened({ id: 'a2' }))
      .next()
      .call(queryAnnouncement, 'a2')
      .next(envelope(item))
      .put(announcementShown(item))
      .next()
      .call(markAnnouncementRead, 'a2')
      .next(envelope(null))
      .put(noticesReloadRequested())
      .next()
      .isDone();
  });

  it('one the user may not see: the server message as a warning, the modal closes, nothing is marked', () => {
    testSaga(openAnnouncement, announcementOpened({ id: 'gone' }))
      .next()
      .call(queryAnnouncement, 'gone')
      .next(envelope(null, false, '未找到对应实体'))
      .call(notify, 'warning', '未找到对应实体')
      .next()
      .put(detailClosed())
      .next()
      .isDone();
  });

  it('a failed fetch closes the modal (the HTTP layer has said why)', () => {
    testSaga(openAnnouncement, announcementOpened({ id: 'a3' }))
      .next()
      .call(queryAnnouncement, 'a3')
      .throw(new Error('Network Error'))
      .put(detailClosed())
      .next()
      .isDone();
  });

  it('a failed mark-read still reloads', () => {
    testSaga(openAnnouncement, announcementOpened({ id: 'a1', announcement: announcement('a1') }))
      .next()
      .call(markAnnouncementRead, 'a1')
      .throw(new Error('Network Error'))
      .put(noticesReloadRequested())
      .next()
      .isDone();
  });
});

describe('handlePush', () => {
  const frame: PushFrame = { cmd: 'topic', msgId: 'a9', msgTxt: '停电通知' };

  it('shows the bottom-right notice with 查看详情, then reloads; the button asks to open the announcement', async () => {
    const views = channel<string>();
    let onView: (() => void) | undefined;
    await expectSaga(handlePush, frame, views)
      .provide([
        [
          matchers.call.fn(notifyWithAction),
          dynamic((effect: { args: unknown[] }) => {
            onView = effect.args[3] as () => void;
          }),
        ],
      ])
      .call.like({ fn: notifyWithAction, args: [NOTICE_TEXTS.pushTitle, '停电通知', NOTICE_TEXTS.view] })
      .put(noticesReloadRequested())
      .run();
    const clicked: string[] = [];
    views.take((id) => clicked.push(id as string));
    onView?.();
    expect(clicked).toEqual(['a9']);
  });

  it('a new approval task shows 去审批, which opens the 审批中心, and reloads the pending count', async () => {
    let onApprove: (() => void) | undefined;
    await expectSaga(
      handlePush,
      { cmd: 'user', kind: 'approval', msgId: 'i1', msgTxt: '待审批：新建门店：阿强便利店' },
      channel<string>(),
    )
      .provide([
        [
          matchers.call.fn(notifyWithAction),
          dynamic((effect: { args: unknown[] }) => {
            onApprove = effect.args[3] as () => void;
          }),
        ],
      ])
      .call.like({
        fn: notifyWithAction,
        args: [NOTICE_TEXTS.approvalTitle, '待审批：新建门店：阿强便利店', NOTICE_TEXTS.approve],
      })
      .put(pendingCountRequested())
      .not.put(noticesReloadRequested())
      .run();
    const navigated: string[] = [];
    const unregister = registerNavigator((to) => navigated.push(to));
    onApprove?.();
    unregister();
    expect(navigated).toEqual(['/approval/center']);
  });

  it('a targeted push does the same; a heartbeat answer does nothing', async () => {
    await expectSaga(handlePush, { cmd: 'user', msgId: 'a1', msgTxt: '给你' }, channel<string>())
      .provide([[matchers.call.fn(notifyWithAction), undefined]])
      .put(noticesReloadRequested())
      .run();
    testSaga(handlePush, { cmd: 'heartcheck', msgTxt: '心跳响应' }, channel<string>()).next().isDone();
  });

  it("hands a job's progress to the jobs saga, without a notice or a reload", () => {
    const job = {
      id: 'j1',
      category: 'EXPORT',
      title: '客户列表',
      status: 'RUNNING',
      done: 5,
      total: 9,
    } as const;
    testSaga(handlePush, { cmd: 'job', msgTxt: '客户列表', job }, channel<string>())
      .next()
      .put(jobPushed(job))
      .next()
      .isDone();
  });
});

describe('watchPush and watchViews', () => {
  it('hands every frame of the socket to handlePush', async () => {
    const pushes = channel<PushEvent>();
    const views = channel<string>();
    const first: PushFrame = { cmd: 'topic', msgId: 'a1', msgTxt: '一' };
    const second: PushFrame = { cmd: 'user', msgId: 'a2', msgTxt: '二' };
    const run = expectSaga(watchPush, pushes as unknown as EventChannel<PushEvent>, views)
      .provide([[matchers.call.fn(handlePush), undefined]])
      .call(handlePush, first, views)
      .call(handlePush, second, views)
      .silentRun(50);
    pushes.put({ frame: first });
    pushes.put({ frame: second });
    await run;
  });

  it('records the connection, and reloads the lists when the socket comes back after a drop', () => {
    const pushes = channel<PushEvent>() as unknown as EventChannel<PushEvent>;
    testSaga(watchPush, pushes, channel<string>())
      .next()
      .take(pushes)
      .next({ connected: true })
      .put(pushConnectionChanged(true))
      .next()
      .take(pushes)
      .next({ connected: false })
      .put(pushConnectionChanged(false))
      .next()
      .take(pushes)
      .next({ connected: true })
      .put(pushConnectionChanged(true))
      .next()
      .put(noticesReloadRequested())
      .next()
      .take(pushes);
  });

  it('closes the socket channel when cancelled (logout)', () => {
    const pushes = {
      take: jest.fn(),
      flush: jest.fn(),
      close: jest.fn(),
    } as unknown as EventChannel<PushEvent>;
    testSaga(watchPush, pushes, channel<string>()).next().take(pushes).finish().next().isDone();
    expect(pushes.close).toHaveBeenCalled();
  });

  it('turns a 查看详情 click into opening the announcement', () => {
    const views = channel<string>();
    testSaga(watchViews, views)
      .next()
      .take(views)
      .next('a5')
      .put(announcementOpened({ id: 'a5' }))
      .next()
      .take(views);
  });
});

describe('whileSignedIn', () => {
  const userInfo = { id: 'u1', username: 'admin', realname: '管理员' };

  it('starts the poll and opens the socket of the signed-in user with the token', () => {
    const views = channel<string>();
    const pushes = channel<PushFrame>();
    testSaga(whileSignedIn)
      .next()
      .takeLeading(noticesPollRequested.type, pollNotices)
      .next()
      .takeLatest(noticesReloadRequested.type, loadNotices)
      .next()
      .takeEvery(announcementOpened.type, openAnnouncement)
      .next()
      .put(noticesPollRequested())
      .next()
      .select(selectUserInfo)
      .next(userInfo)
      .select(selectToken)
      .next('tok-1')
      .call(channel)
      .next(views)
      .fork(watchViews, views)
      .next()
      .call(createPushChannel, pushSocketUrl('u1'), 'tok-1')
      .next(pushes)
      .fork(watchPush, pushes, views)
      .next()
      .isDone();
  });

  it('reloads once per push, and once when the socket comes back after a drop, end to end', async () => {
    const pushes = channel<PushEvent>();
    let loads = 0;
    const run = expectSaga(whileSignedIn)
      .withState({ session: { userInfo, token: 'tok-1' }, notices: noticesReducer(undefined, { type: '' }) })
      .provide([
        [matchers.call.fn(createPushChannel), pushes],
        [matchers.call.fn(notifyWithAction), undefined],
        {
          call(effect, next) {
            if (effect.fn === listByUser) {
              loads += 1;
              return envelope(lists);
            }
            return next();
          },
        },
      ])
      .put(noticesLoaded(lists))
      .silentRun(200);
    pushes.put({ connected: true });
    pushes.put({ frame: { cmd: 'topic', msgId: 'a1', msgTxt: '推送' } });
    pushes.put({ connected: false });
    pushes.put({ connected: true });
    await run;
    // The first load of the poll, the reload after the push and the one after the reconnection; the next poll
    // is 6 s away.
    expect(loads).toBe(3);
  });

  it('without a signed-in user it polls but opens no socket', () => {
    testSaga(whileSignedIn)
      .next()
      .next()
      .next()
      .next()
      .put(noticesPollRequested())
      .next()
      .select(selectUserInfo)
      .next(null)
      .select(selectToken)
      .next(null)
      .isDone();
  });
});

describe('noticesSaga', () => {
  it('runs from the menu load until the session ends, then clears the bell; and again at the next login', () => {
    const saga = testSaga(noticesSaga);
    saga.next().take(menuLoaded.type);
    saga.next(menuLoaded({ menu: [], landing: '/' })).fork(whileSignedIn);
    const task = { id: 1 };
    saga.next(task).take([loggedOut.type, tokenInvalidated.type, 'session/loginModalOpened']);
    saga.next(loggedOut()).cancel(task as never);
    saga.next().put(noticesCleared());
    saga.next().take(menuLoaded.type);
  });

  it('closes the socket at logout', async () => {
    const close = jest.fn();
    const pushes = Object.assign(channel<PushFrame>(), { close });
    await expectSaga(noticesSaga)
      .withState({ session: { userInfo: { id: 'u1' }, token: 'tok-1' } })
      .provide([
        [matchers.call.fn(createPushChannel), pushes],
        [matchers.call.fn(listByUser), envelope(lists)],
      ])
      .dispatch(menuLoaded({ menu: [], landing: '/' }))
      .dispatch(loggedOut())
      .put(noticesCleared())
      .silentRun(100);
    expect(close).toHaveBeenCalled();
    pushes.put(END as never);
  });
});
