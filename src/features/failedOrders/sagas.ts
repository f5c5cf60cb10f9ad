import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import { FAILED_ORDER_PAGE_SIZE } from '../../../common/constants';
import { getFailedOrders, type FailedOrderPage, type SyncDirection } from '../../api/failedOrders';
import type { Envelope } from '../../../common/contract';
import { countsLoaded, countsRequested } from './slice';

/** The number of failed syncs in one direction; 0 when the call fails, so a count never blocks the caller. */
export function* fetchFailedOrderTotal(direction: SyncDirection): SagaIterator<number> {
  try {
    const response: Envelope<FailedOrderPage | null> = yield call(getFailedOrders, {
      direction,
      pageNumber: 0,
      size: FAILED_ORDER_PAGE_SIZE,
      includeIgnore: false,
    });
    return response.success ? (response.result?.total ?? 0) : 0;
  } catch {
    return 0;
  }
}

/** Loads both counters (after sign-in, with the permissions). */
export function* loadFailedOrderCounts(): SagaIterator {
  const [failOrder0, failOrder1]: number[] = yield all([
    call(fetchFailedOrderTotal, 0),
    call(fetchFailedOrderTotal, 1),
  ]);
  yield put(countsLoaded({ failOrder0, failOrder1 }));
}

/** Reloads the counters whenever a page asks (the latest request wins). */
export function* failedOrdersSaga(): SagaIterator {
  yield takeLatest(countsRequested.type, loadFailedOrderCounts);
}
