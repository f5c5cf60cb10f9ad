import type { SagaIterator } from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import { httpErrorsSaga } from '../features/httpErrors/sagas';

export function* rootSaga(): SagaIterator {
  yield all([fork(httpErrorsSaga)]);
}
