import { combineReducers } from '@reduxjs/toolkit';
import { failedOrdersReducer } from '../features/failedOrders/slice';
import { permissionsPersistedFields, permissionsReducer } from '../features/permissions/slice';
import { accountReducer } from '../features/session/accountSlice';
import { sessionPersistedFields, sessionReducer } from '../features/session/slice';
import { verificationReducer } from '../features/session/verificationSlice';
import { thirdPartyLoginReducer } from '../features/thirdPartyLogin/slice';
import { workplaceReducer } from '../features/workplace/slice';
import { persistFields, sessionJsonArea } from './persistence';

export const rootReducer = combineReducers({
  session: persistFields('session', sessionReducer, sessionPersistedFields),
  permissions: persistFields('permissions', permissionsReducer, permissionsPersistedFields, sessionJsonArea),
  failedOrders: failedOrdersReducer,
  workplace: workplaceReducer,
  verification: verificationReducer,
  account: accountReducer,
  thirdPartyLogin: thirdPartyLoginReducer,
});
