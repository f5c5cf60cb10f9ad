// The permission load of the access gate (spec §4, API.md §7.2–7.3): after every page load of a
// signed-in user the menu and button permissions are fetched, the failed-order counters loaded,
// and the user is sent where they were heading; if it fails, the session ends and the login opens.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLeading } from 'redux-saga/effects';
import type { Envelope } from '../../../common/contract';
import { getUserPermissionByToken, type PermissionPayload } from '../../api/permissions';
import { navigateTo } from '../../router/navigator';
import { loginPathFor } from '../accessGate/decision';
import { loadFailedOrderCounts } from '../failedOrders/sagas';
import { selectToken } from '../session/selectors';
import { endSession } from '../session/sagas';
import { hideParentsWithoutVisibleChildren } from './menu';
import { buttonAuthLoaded, loadFailed, loadRequested, menuLoaded, type PermissionLoadRequest } from './slice';

/** Spec §8: a user without any menu cannot use the app. */
export const EMPTY_MENU_ERROR = 'getPermissionList: permissions must be a non-null array !';

export function* loadPermissions({
  payload: { fullPath, redirect },
}: PayloadAction<PermissionLoadRequest>): SagaIterator {
  try {
    const response: Envelope<PermissionPayload | null> = yield call(getUserPermissionByToken);
    const menu = response.result?.menu;
    if (!Array.isArray(menu) || menu.length === 0) throw new Error(EMPTY_MENU_ERROR);
    yield put(
      buttonAuthLoaded({ auth: response.result?.auth ?? [], allAuth: response.result?.allAuth ?? [] }),
    );
    yield call(loadFailedOrderCounts);
    // The gate takes the user there (replacing the entry) before it shows any route.
    yield put(menuLoaded({ menu: hideParentsWithoutVisibleChildren(menu), landing: redirect ?? fullPath }));
  } catch (error) {
    yield put(loadFailed(error instanceof Error ? error.message : String(error)));
    // A refused token has already ended the session (httpErrors), keeping its "reopen the login" flag.
    const stillSignedIn: string | null = yield select(selectToken);
    if (stillSignedIn) yield call(endSession);
    yield call(navigateTo, loginPathFor(fullPath), { replace: true });
  }
}

export function* permissionsSaga(): SagaIterator {
  // The gate may ask again while a load runs (re-renders, StrictMode): one load at a time.
  yield takeLeading(loadRequested.type, loadPermissions);
}
