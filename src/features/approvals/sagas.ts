// The pending-approval count of the menu and the bell: read only by users who hold the 审批中心 (no 403 for the
// others); a failed read shows 0 rather than a stale count.
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import type { Envelope } from '../../../common/contract';
import { getPendingCount } from '../../api/approvals';
import { selectPermissionCodes } from '../permissions/selectors';
import { APPROVAL_CENTER_PERMISSION } from './selectors';
import { PENDING_COUNT_TRIGGERS, pendingCountLoaded } from './slice';

export function* loadPendingCount(): SagaIterator {
  const codes: ReadonlySet<string> = yield select(selectPermissionCodes);
  if (!codes.has(APPROVAL_CENTER_PERMISSION)) {
    yield put(pendingCountLoaded(0));
    return;
  }
  try {
    const answer: Envelope<{ pending: number }> = yield call(getPendingCount);
    yield put(pendingCountLoaded(answer.success ? answer.result.pending : 0));
  } catch {
    // The HTTP layer has shown the failure.
    yield put(pendingCountLoaded(0));
  }
}

export function* approvalsSaga(): SagaIterator {
  yield takeLatest(PENDING_COUNT_TRIGGERS, loadPendingCount);
}
