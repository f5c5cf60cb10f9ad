import { expectSaga, testSaga } from 'redux-saga-test-plan';
import type { Envelope } from '../../common/contract';
import { getFailedOrders } from '../../src/api/failedOrders';
import { getUserPermissionByToken, type PermissionPayload } from '../../src/api/permissions';
import { fetchFailedOrderTotal, loadFailedOrderCounts } from '../../src/features/failedOrders/sagas';
import {
  selectFailOrder0,
  selectFailOrder1,
  selectFailOrderTotal,
} from '../../src/features/failedOrders/selectors';
import { countsLoaded, failedOrdersReducer } from '../../src/features/failedOrders/slice';
import { EMPTY_MENU_ERROR, loadPermissions, permissionsSaga } from '../../src/features/permissions/sagas';
import { selectPermissionCodes } from '../../src/features/permissions/selectors';
import {
  buttonAuthLoaded,
  landed,
  loadFailed,
  loadRequested,
  menuLoaded,
  permissionsReducer,
} from '../../src/features/permissions/slice';
import { selectToken } from '../../src/features/session/selectors';
import { endSession } from '../../src/features/session/sagas';
import { loggedOut } from '../../src/features/session/slice';
import { navigateTo } from '../../src/router/navigator';
import type { RootState } from '../../src/store';
import { menuNode, seededMenu } from '../support/menu';

function envelope<T>(result: T, success = true): Envelope<T> {
  return {
    success,
    message: success ? '查询成功' : '操作失败',
    code: success ? 200 : 500,
    result,
    timestamp: 0,
  };
}

const auth = [{ action: 'user:add,user:edit', type: '1', describe: '新增用户' }];
const allAuth = [{ action: 'user:add', type: '1', status: '1', describe: '新增用户' }];
const payload = (menu: PermissionPayload['menu']): Envelope<PermissionPayload> =>
  envelope({ menu, auth, allAuth });

const deepRequest = loadRequested({ fullPath: '/isystem/user?tab=2', redirect: null });

describe('loadPermissions', () => {
  it('success: stores the button lists, loads the counters, then the menu with the current path to land on', () => {
    testSaga(loadPermissions, deepRequest)
      .next()
      .call(getUserPermissionByToken)
      .next(payload(seededMenu()))
      .put(buttonAuthLoaded({ auth, allAuth }))
      .next()
      .call(loadFailedOrderCounts)
      .next()
      .put(menuLoaded({ menu: seededMenu(), landing: '/isystem/user?tab=2' }))
      .next()
      .isDone();
  });

  it('lands on the redirect query value rather than the current path when there is one', () => {
    testSaga(loadPermissions, loadRequested({ fullPath: '/dashboard/workplace', redirect: '/order/42?x=1' }))
      .next()
      .call(getUserPermissionByToken)
      .next(payload(seededMenu()))
      .put(buttonAuthLoaded({ auth, allAuth }))
      .next()
      .call(loadFailedOrderCounts)
      .next()
      .put(menuLoaded({ menu: seededMenu(), landing: '/order/42?x=1' }))
      .next()
      .isDone();
  });

  it('hides a top-level menu whose children are all hidden before storing it', () => {
    const menu = [
      menuNode('/dashboard/analysis', '首页'),
      menuNode('/secret', '隐藏', { children: [menuNode('/secret/a', '甲', { hidden: true })] }),
    ];
    testSaga(loadPermissions, deepRequest)
      .next()
      .next(payload(menu))
      .next()
      .next()
      .put(menuLoaded({ menu: [menu[0], { ...menu[1], hidden: true }], landing: '/isystem/user?tab=2' }));
  });

  it.each([
    ['an empty menu', payload([])],
    ['a null menu', payload(null)],
    ['a failed answer', envelope(null, false)],
  ])(
    "%s fails with 'getPermissionList: permissions must be a non-null array !', logs out and opens the login",
    (_case, answer) => {
      expect(EMPTY_MENU_ERROR).toBe('getPermissionList: permissions must be a non-null array !');
      testSaga(loadPermissions, deepRequest)
        .next()
        .call(getUserPermissionByToken)
        .next(answer)
        .put(loadFailed('getPermissionList: permissions must be a non-null array !'))
        .next()
        .select(selectToken)
        .next('tok-1')
        .call(endSession)
        .next()
        .call(navigateTo, '/user/login?redirect=%2Fisystem%2Fuser%3Ftab%3D2', { replace: true })
        .next()
        .isDone();
    },
  );

  it('a failed fetch logs out and redirects to the login with the full path', () => {
    testSaga(loadPermissions, deepRequest)
      .next()
      .call(getUserPermissionByToken)
      .throw(new Error('Network Error'))
      .put(loadFailed('Network Error'))
      .next()
      .select(selectToken)
      .next('tok-1')
      .call(endSession)
      .next()
      .call(navigateTo, '/user/login?redirect=%2Fisystem%2Fuser%3Ftab%3D2', { replace: true })
      .next()
      .isDone();
  });

  it('after a refused token (the session already ended, resetLogin kept) it only redirects', () => {
    testSaga(loadPermissions, deepRequest)
      .next()
      .throw(new Error('Token失效，请重新登录'))
      .put(loadFailed('Token失效，请重新登录'))
      .next()
      .select(selectToken)
      .next(null)
      .call(navigateTo, '/user/login?redirect=%2Fisystem%2Fuser%3Ftab%3D2', { replace: true })
      .next()
      .isDone();
  });
});

describe('permissionsSaga', () => {
  it('runs one load at a time: a request while a load runs is dropped', () => {
    testSaga(permissionsSaga).next().takeLeading(loadRequested.type, loadPermissions).next().isDone();
  });
});

describe('permissions slice', () => {
  it('marks the load, stores the menu and the landing path, and forgets everything at logout', () => {
    let state = permissionsReducer(undefined, deepRequest);
    expect(state).toMatchObject({ loading: true, menu: null });
    state = permissionsReducer(state, menuLoaded({ menu: seededMenu(), landing: '/isystem/user' }));
    expect(state).toMatchObject({ loading: false, menu: seededMenu(), landing: '/isystem/user' });
    expect(permissionsReducer(state, landed())).toMatchObject({ menu: seededMenu(), landing: null });
    state = permissionsReducer(state, buttonAuthLoaded({ auth, allAuth }));
    expect(permissionsReducer(state, loggedOut())).toEqual({
      menu: null,
      loading: false,
      landing: null,
      userButtonAuth: [],
      sysButtonAuth: [],
    });
  });

  it('a failed load ends the loading state without a menu', () => {
    const state = permissionsReducer(
      permissionsReducer(undefined, deepRequest),
      loadFailed(EMPTY_MENU_ERROR),
    );
    expect(state).toMatchObject({ loading: false, menu: null });
  });

  it("the user's permission codes are the auth actions, comma-separated ones split", () => {
    const permissions = permissionsReducer(undefined, buttonAuthLoaded({ auth, allAuth }));
    const codes = selectPermissionCodes({ permissions } as RootState);
    expect([...codes]).toEqual(['user:add', 'user:edit']);
  });
});

describe('failed-order counters', () => {
  const query = (direction: 0 | 1) => ({ direction, pageNumber: 0, size: 10, includeIgnore: false });

  it('fetchFailedOrderTotal asks for the first page of failed syncs and answers the total', () => {
    testSaga(fetchFailedOrderTotal, 1)
      .next()
      .call(getFailedOrders, query(1))
      .next(envelope({ total: 7, records: [] }))
      .returns(7);
  });

  it('a failed call counts 0', () => {
    testSaga(fetchFailedOrderTotal, 0)
      .next()
      .call(getFailedOrders, query(0))
      .throw(new Error('boom'))
      .returns(0);
  });

  it('a failed answer counts 0', () => {
    testSaga(fetchFailedOrderTotal, 0)
      .next()
      .call(getFailedOrders, query(0))
      .next(envelope(null, false))
      .returns(0);
  });

  it('loadFailedOrderCounts stores both directions and their sum', () =>
    expectSaga(loadFailedOrderCounts)
      .withReducer((state: Pick<RootState, 'failedOrders'> | undefined, action) => ({
        failedOrders: failedOrdersReducer(state?.failedOrders, action),
      }))
      .provide({
        call: (effect, next) =>
          effect.fn === getFailedOrders
            ? envelope({ total: effect.args[0].direction === 0 ? 3 : 4, records: [] })
            : next(),
      })
      .put(countsLoaded({ failOrder0: 3, failOrder1: 4 }))
      .run()
      .then(({ storeState }) => {
        const state = storeState as RootState;
        expect([selectFailOrder0(state), selectFailOrder1(state), selectFailOrderTotal(state)]).toEqual([
          3, 4, 7,
        ]);
      }));

  it('one direction failing leaves that counter at 0 and does not stop the other', () =>
    expectSaga(loadFailedOrderCounts)
      .provide({
        call: (effect, next) => {
          if (effect.fn !== getFailedOrders) return next();
          if (effect.args[0].direction === 0) throw new Error('HTTP 500');
          return envelope({ total: 2, records: [] });
        },
      })
      .put(countsLoaded({ failOrder0: 0, failOrder1: 2 }))
      .run());

  it('the counters reset at logout', () => {
    const state = failedOrdersReducer(undefined, countsLoaded({ failOrder0: 1, failOrder1: 2 }));
    expect(failedOrdersReducer(state, loggedOut())).toEqual({ failOrder0: 0, failOrder1: 0 });
  });
});
