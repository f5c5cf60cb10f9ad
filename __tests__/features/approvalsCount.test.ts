// The pending-approval count of the menu and the bell: loaded with the menu and whenever asked (a push, a step
// taken in the 审批中心); only for users who hold the 审批中心, and 0 rather than stale when the read fails.
import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import type { Envelope } from '../../common/contract';
import { getPendingCount } from '../../src/api/approvals';
import { approvalsSaga, loadPendingCount } from '../../src/features/approvals/sagas';
import {
  approvalsReducer,
  PENDING_COUNT_TRIGGERS,
  pendingCountLoaded,
  pendingCountRequested,
} from '../../src/features/approvals/slice';
import { selectPermissionCodes } from '../../src/features/permissions/selectors';
import { menuLoaded } from '../../src/features/permissions/slice';
import { loggedOut } from '../../src/features/session/slice';

const answer = (pending: number, success = true): Envelope<{ pending: number }> => ({
  success,
  message: success ? '' : '操作失败',
  code: success ? 200 : 500,
  result: { pending },
  timestamp: 0,
});
const holding = (codes: string[]): StaticProvider => [matchers.select(selectPermissionCodes), new Set(codes)];

describe('the pending-approval count', () => {
  it('loads on the menu and on every request, the latest winning', () => {
    expect(PENDING_COUNT_TRIGGERS).toEqual([menuLoaded.type, pendingCountRequested.type]);
    testSaga(approvalsSaga).next().takeLatest(PENDING_COUNT_TRIGGERS, loadPendingCount).next().isDone();
  });

  it('reads the count of a user who holds the 审批中心', () =>
    expectSaga(approvalsSaga)
      .withReducer(approvalsReducer)
      .provide([holding(['approval:center']), [matchers.call.fn(getPendingCount), answer(3)]])
      .put(pendingCountLoaded(3))
      .dispatch(pendingCountRequested())
      .hasFinalState({ pending: 3 })
      .run({ timeout: 50, silenceTimeout: true }));

  it('asks nothing for a user without it', () =>
    expectSaga(loadPendingCount)
      .provide([holding(['customer:list'])])
      .not.call.fn(getPendingCount)
      .put(pendingCountLoaded(0))
      .run());

  it('shows 0 when the read is refused or fails, and after logout', async () => {
    await expectSaga(loadPendingCount)
      .provide([holding(['approval:center']), [matchers.call.fn(getPendingCount), answer(5, false)]])
      .put(pendingCountLoaded(0))
      .run();
    await expectSaga(loadPendingCount)
      .provide([
        holding(['approval:center']),
        [matchers.call.fn(getPendingCount), throwError(new Error('HTTP 500'))],
      ])
      .put(pendingCountLoaded(0))
      .run();
    expect(approvalsReducer({ pending: 4 }, loggedOut())).toEqual({ pending: 0 });
  });
});
