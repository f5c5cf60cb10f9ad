import type { SagaIterator } from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import { httpErrorsSaga } from '../features/httpErrors/sagas';
import { permissionsSaga } from '../features/permissions/sagas';
import { sessionSaga } from '../features/session/sagas';
import { thirdPartyLoginSaga } from '../features/thirdPartyLogin/sagas';
import { workplaceSaga } from '../features/workplace/sagas';

export function* rootSaga(): SagaIterator {
  yield all([
    fork(httpErrorsSaga),
    fork(sessionSaga),
    fork(permissionsSaga),
    fork(workplaceSaga),
    fork(thirdPartyLoginSaga),
  ]);
}
