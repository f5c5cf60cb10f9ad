import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import type { Envelope } from '../../../common/contract';
import { getCurrentUserDeparts, type Depart } from '../../api/auth';
import { getCurrentUser, type CurrentUser } from '../../api/user';
import { profileLoaded, profileLoadFailed, workplaceOpened } from './slice';

export function* loadWorkplaceProfile(): SagaIterator {
  try {
    const [departs, user]: [Envelope<{ list: Depart[]; orgCode: string }>, Envelope<CurrentUser>] = yield all(
      [call(getCurrentUserDeparts), call(getCurrentUser)],
    );
    if (!departs.success || !user.success) {
      yield put(profileLoadFailed());
      return;
    }
    const { list, orgCode } = departs.result;
    const current = list.find((depart) => depart.orgCode === orgCode);
    yield put(
      profileLoaded({
        departName: current?.departName ?? null,
        roleNames: user.result.roles.map((role) => role.roleName),
      }),
    );
  } catch {
    yield put(profileLoadFailed());
  }
}

export function* workplaceSaga(): SagaIterator {
  yield takeLatest(workplaceOpened.type, loadWorkplaceProfile);
}
