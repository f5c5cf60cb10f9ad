// The workbench's own small store (its entry loads none of the back office's): one slice, its sagas, and the
// visit and the queue persisted in IndexedDB through redux-persist.
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  persistStore,
  PURGE,
  REGISTER,
  REHYDRATE,
} from 'redux-persist';
import { workbenchStorage } from './idbStorage';
import { workbenchSaga } from './sagas';
import { workbenchReducer } from './slice';

/** Per user: a shared phone never sends one rep's queue under another's session. */
export function createWorkbenchStore(userKey: string) {
  const saga = createSagaMiddleware();
  const reducer = combineReducers({
    workbench: persistReducer(
      {
        key: `workbench:${userKey}`,
        storage: workbenchStorage,
        whitelist: ['visit', 'queue', 'visitIds', 'photoIds'],
      },
      workbenchReducer,
    ),
  });
  const store = configureStore({
    reducer,
    middleware: (defaults) =>
      defaults({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
        immutableCheck: false,
      }).concat(saga),
  });
  saga.run(workbenchSaga);
  const persistor = persistStore(store);
  return { store, persistor };
}

export type WorkbenchStore = ReturnType<typeof createWorkbenchStore>['store'];
export type WorkbenchDispatch = WorkbenchStore['dispatch'];
