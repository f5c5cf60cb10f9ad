import { combineReducers } from '@reduxjs/toolkit';
import { permissionsPersistedFields, permissionsReducer } from '../features/permissions/slice';
import { sessionPersistedFields, sessionReducer } from '../features/session/slice';
import { persistFields, sessionJsonArea } from './persistence';

export const rootReducer = combineReducers({
  session: persistFields('session', sessionReducer, sessionPersistedFields),
  permissions: persistFields('permissions', permissionsReducer, permissionsPersistedFields, sessionJsonArea),
});
