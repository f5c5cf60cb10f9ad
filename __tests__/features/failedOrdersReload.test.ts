// The failed-order counters load again when a page asks (after a retry, an ignore, a fixed mapping), so the
// side menu's red dot follows the ERP failure list.
import { expectSaga, testSaga } from 'redux-saga-test-plan';
import type { Envelope } from '../../common/contract';
import { getFailedOrders, type FailedOrderPage } from '../../src/api/failedOrders';
import { failedOrdersSaga, loadFailedOrderCounts } from '../../src/features/failedOrders/sagas';
import { FAILED_ORDER_LIST_PATHS } from '../../src/features/failedOrders/selectors';
import { countsLoaded, countsRequested, failedOrdersReducer } from '../../src/features/failedOrders/slice';

const envelope = (total: number): Envelope<FailedOrderPage> => ({
  success: true,
  message: '',
  code: 200,
  result: { total, records: [] },
  timestamp: 0,
});

describe('reloading the failed-order counters', () => {
  it('listens for every request, the latest one winning', () => {
    testSaga(failedOrdersSaga).next().takeLatest(countsRequested.type, loadFailedOrderCounts).next().isDone();
  });

  it('a request loads both counters again', () =>
    expectSaga(failedOrdersSaga)
      .withReducer(failedOrdersReducer)
      .provide({
        call: (effect, next) =>
          effect.fn === getFailedOrders ? envelope(effect.args[0].direction === 0 ? 1 : 0) : next(),
      })
      .put(countsLoaded({ failOrder0: 1, failOrder1: 0 }))
      .dispatch(countsRequested())
      .run({ timeout: 50, silenceTimeout: true })
      .then(({ storeState }) => {
        expect(storeState).toEqual({ failOrder0: 1, failOrder1: 0 });
      }));

  it('a request that fails leaves the counter at 0 rather than stale', () =>
    expectSaga(failedOrdersSaga)
      .withReducer(failedOrdersReducer, { failOrder0: 3, failOrder1: 1 })
      .provide({
        call: (effect, next) => {
          if (effect.fn !== getFailedOrders) return next();
          throw new Error('HTTP 500');
        },
      })
      .put(countsLoaded({ failOrder0: 0, failOrder1: 0 }))
      .dispatch(countsRequested())
      .run({ timeout: 50, silenceTimeout: true }));

  it('asking changes nothing by itself', () => {
    const state = { failOrder0: 4, failOrder1: 1 };
    expect(failedOrdersReducer(state, countsRequested())).toEqual(state);
  });

  it('marks the menu path of the ERP failure list', () => {
    expect(FAILED_ORDER_LIST_PATHS).toEqual(['/kingdee/sync/orders']);
  });
});
