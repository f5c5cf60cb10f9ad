import type { SagaIterator } from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import { approvalsSaga } from '../features/approvals/sagas';
import { dashboardSaga } from '../features/dashboard/sagas';
import { failedOrdersSaga } from '../features/failedOrders/sagas';
import { httpErrorsSaga } from '../features/httpErrors/sagas';
import { jobsSaga } from '../features/jobs/sagas';
import { layoutSaga } from '../features/layout/sagas';
import { userMenuSaga } from '../features/layout/userMenuSagas';
import { noticesSaga } from '../features/notices/sagas';
import { ordersSaga } from '../features/orders/sagas';
import { permissionsSaga } from '../features/permissions/sagas';
import { sessionSaga } from '../features/session/sagas';
import { thirdPartyLoginSaga } from '../features/thirdPartyLogin/sagas';
import { tabsSaga } from '../features/tabs/sagas';
import { workplaceSaga } from '../features/workplace/sagas';

export function* rootSaga(): SagaIterator {
  yield all([
    fork(httpErrorsSaga),
    fork(sessionSaga),
    fork(permissionsSaga),
    fork(workplaceSaga),
    fork(dashboardSaga),
    fork(thirdPartyLoginSaga),
    fork(layoutSaga),
    fork(userMenuSaga),
    fork(tabsSaga),
    fork(noticesSaga),
    fork(ordersSaga),
    fork(failedOrdersSaga),
    fork(approvalsSaga),
    fork(jobsSaga),
  ]);
}
