// The rules of closing tabs (spec §2 Tab mode, §8) and the tabs saga, every branch.
import { testSaga } from 'redux-saga-test-plan';
import { planClose, TAB_TEXTS, type Tab } from '../../../src/features/tabs/closing';
import { closeTabs } from '../../../src/features/tabs/sagas';
import { selectActiveTabKey, selectTabs } from '../../../src/features/tabs/selectors';
import { closeRequested, pageShown, tabsClosed, tabsReducer } from '../../../src/features/tabs/slice';
import { settingsChanged } from '../../../src/features/layout/slice';
import { loggedOut } from '../../../src/features/session/slice';
import { navigateTo } from '../../../src/router/navigator';
import { toast } from '../../../src/utils/notifier';

const home: Tab = { key: '/dashboard/analysis', url: '/dashboard/analysis', title: '首页' };
const user: Tab = { key: '/isystem/user', url: '/isystem/user', title: '用户管理' };
const role: Tab = { key: '/isystem/role', url: '/isystem/role?roleName=admin', title: '角色管理' };
const dict: Tab = { key: '/isystem/dict', url: '/isystem/dict?type=1', title: '数据字典' };
const tabs = [home, user, role, dict];

describe('planClose', () => {
  it("refuses the home tab: '首页不能关闭!'", () => {
    expect(planClose(tabs, user.key, home.key, 'self')).toEqual({
      type: 'refused',
      message: '首页不能关闭!',
    });
    expect(planClose(tabs, user.key, '/dashboard/analysis?x=1', 'self')).toEqual({
      type: 'close',
      keys: [],
      nextActive: user.key,
    });
  });

  it("refuses the last tab: '这是最后一页，不能再关闭了啦'", () => {
    expect(planClose([user], user.key, user.key, 'self')).toEqual({
      type: 'refused',
      message: TAB_TEXTS.lastTab,
    });
    expect(TAB_TEXTS.lastTab).toBe('这是最后一页，不能再关闭了啦');
  });

  it('closing the shown tab shows its right neighbour, or the last tab', () => {
    expect(planClose(tabs, role.key, role.key, 'self')).toEqual({
      type: 'close',
      keys: [role.key],
      nextActive: dict.key,
    });
    expect(planClose(tabs, dict.key, dict.key, 'self')).toEqual({
      type: 'close',
      keys: [dict.key],
      nextActive: role.key,
    });
  });

  it('closing a hidden tab keeps the shown one', () => {
    expect(planClose(tabs, dict.key, user.key, 'self')).toEqual({
      type: 'close',
      keys: [user.key],
      nextActive: dict.key,
    });
  });

  it('close left keeps the home tab; the shown tab, if closed, becomes the chosen one', () => {
    expect(planClose(tabs, user.key, role.key, 'left')).toEqual({
      type: 'close',
      keys: [user.key],
      nextActive: role.key,
    });
    expect(planClose(tabs, dict.key, role.key, 'left')).toEqual({
      type: 'close',
      keys: [user.key],
      nextActive: dict.key,
    });
  });

  it('close right', () => {
    expect(planClose(tabs, dict.key, user.key, 'right')).toEqual({
      type: 'close',
      keys: [role.key, dict.key],
      nextActive: user.key,
    });
    expect(planClose(tabs, home.key, user.key, 'right')).toEqual({
      type: 'close',
      keys: [role.key, dict.key],
      nextActive: home.key,
    });
  });

  it('close others keeps the home tab and the chosen one', () => {
    expect(planClose(tabs, user.key, role.key, 'others')).toEqual({
      type: 'close',
      keys: [user.key, dict.key],
      nextActive: role.key,
    });
    expect(planClose(tabs, home.key, home.key, 'others')).toEqual({
      type: 'close',
      keys: [user.key, role.key, dict.key],
      nextActive: home.key,
    });
  });

  it('an unknown tab closes nothing', () => {
    expect(planClose(tabs, user.key, '/gone', 'others')).toEqual({
      type: 'close',
      keys: [],
      nextActive: user.key,
    });
  });
});

describe('closeTabs saga', () => {
  it('a refusal is a warning and changes nothing', () => {
    testSaga(closeTabs, closeRequested({ key: home.key, scope: 'self' }))
      .next()
      .select(selectTabs)
      .next(tabs)
      .select(selectActiveTabKey)
      .next(user.key)
      .call(planClose, tabs, user.key, home.key, 'self')
      .next({ type: 'refused', message: TAB_TEXTS.homeNotClosable })
      .call(toast, 'warning', TAB_TEXTS.homeNotClosable)
      .next()
      .isDone();
  });

  it('closing the shown tab goes to the next one, at the address it last showed', () => {
    const plan = { type: 'close', keys: [dict.key], nextActive: role.key };
    testSaga(closeTabs, closeRequested({ key: dict.key, scope: 'self' }))
      .next()
      .select(selectTabs)
      .next(tabs)
      .select(selectActiveTabKey)
      .next(dict.key)
      .call(planClose, tabs, dict.key, dict.key, 'self')
      .next(plan)
      .put(tabsClosed({ keys: [dict.key], nextActive: role.key }))
      .next()
      .call(navigateTo, role.url)
      .next()
      .isDone();
  });

  it('closing hidden tabs stays where it is', () => {
    const plan = { type: 'close', keys: [role.key, dict.key], nextActive: user.key };
    testSaga(closeTabs, closeRequested({ key: user.key, scope: 'right' }))
      .next()
      .select(selectTabs)
      .next(tabs)
      .select(selectActiveTabKey)
      .next(user.key)
      .call(planClose, tabs, user.key, user.key, 'right')
      .next(plan)
      .put(tabsClosed({ keys: [role.key, dict.key], nextActive: user.key }))
      .next()
      .isDone();
  });

  it('nothing to close does nothing', () => {
    testSaga(closeTabs, closeRequested({ key: dict.key, scope: 'right' }))
      .next()
      .select(selectTabs)
      .next(tabs)
      .select(selectActiveTabKey)
      .next(dict.key)
      .call(planClose, tabs, dict.key, dict.key, 'right')
      .next({ type: 'close', keys: [], nextActive: dict.key })
      .isDone();
  });
});

describe('tabs slice', () => {
  it('adds a tab per page, the home tab first, and refreshes a title', () => {
    let state = tabsReducer(undefined, pageShown({ tab: user, home }));
    state = tabsReducer(state, pageShown({ tab: role, home }));
    state = tabsReducer(state, pageShown({ tab: { ...user, title: '用户' }, home }));
    expect(state).toEqual({ tabs: [home, { ...user, title: '用户' }, role], activeKey: user.key });
  });

  it("a search on a page (its query) stays in the page's tab and is where the tab goes back to", () => {
    let state = tabsReducer(undefined, pageShown({ tab: user, home }));
    state = tabsReducer(state, pageShown({ tab: { ...user, url: '/isystem/user?username=li*' }, home }));
    expect(state).toEqual({
      tabs: [home, { ...user, url: '/isystem/user?username=li*' }],
      activeKey: user.key,
    });
  });

  it('a user without the home page gets no home tab', () => {
    expect(tabsReducer(undefined, pageShown({ tab: user, home: null })).tabs).toEqual([user]);
  });

  it('releases closed tabs, and every tab at logout or when multi-tab mode is turned off', () => {
    const state = tabsReducer(
      tabsReducer(undefined, pageShown({ tab: user, home })),
      pageShown({ tab: role, home }),
    );
    expect(tabsReducer(state, tabsClosed({ keys: [role.key], nextActive: user.key }))).toEqual({
      tabs: [home, user],
      activeKey: user.key,
    });
    expect(tabsReducer(state, loggedOut())).toEqual({ tabs: [], activeKey: null });
    expect(tabsReducer(state, settingsChanged({ multipage: false }))).toEqual({ tabs: [], activeKey: null });
    expect(tabsReducer(state, settingsChanged({ weak: true }))).toBe(state);
  });
});
