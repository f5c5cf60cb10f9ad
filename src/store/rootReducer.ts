import { combineReducers } from '@reduxjs/toolkit';
import { approvalsReducer } from '../features/approvals/slice';
import { dashboardReducer } from '../features/dashboard/slice';
import { failedOrdersReducer } from '../features/failedOrders/slice';
import { jobsReducer } from '../features/jobs/slice';
import { layoutPersistedFields, layoutReducer } from '../features/layout/slice';
import { userMenuReducer } from '../features/layout/userMenuSlice';
import { noticesReducer } from '../features/notices/slice';
import { ordersReducer } from '../features/orders/slice';
import { permissionsPersistedFields, permissionsReducer } from '../features/permissions/slice';
import { accountReducer } from '../features/session/accountSlice';
import { sessionPersistedFields, sessionReducer } from '../features/session/slice';
import { verificationReducer } from '../features/session/verificationSlice';
import { thirdPartyLoginReducer } from '../features/thirdPartyLogin/slice';
import { tabsReducer } from '../features/tabs/slice';
import { workplaceReducer } from '../features/workplace/slice';
import { persistFields, sessionJsonArea } from './persistence';

export const rootReducer = combineReducers({
  session: persistFields('session', sessionReducer, sessionPersistedFields),
  permissions: persistFields('permissions', permissionsReducer, permissionsPersistedFields, sessionJsonArea),
  failedOrders: failedOrdersReducer,
  notices: noticesReducer,
  workplace: workplaceReducer,
  dashboard: dashboardReducer,
  verification: verificationReducer,
  account: accountReducer,
  thirdPartyLogin: thirdPartyLoginReducer,
  layout: persistFields('layout', layoutReducer, layoutPersistedFields),
  userMenu: userMenuReducer,
  tabs: tabsReducer,
  orders: ordersReducer,
  approvals: approvalsReducer,
  jobs: jobsReducer,
});
