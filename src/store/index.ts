import { configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistStore } from 'redux-persist';
import createSagaMiddleware from 'redux-saga';
import { configureHttp, type HttpOptions } from '../api/http';
import { selectToken } from '../features/session/selectors';
import { PERSISTOR_CONTEXT } from './persistence';
import { rootReducer } from './rootReducer';
import { rootSaga } from './rootSaga';

export type RootState = ReturnType<typeof rootReducer>;

/**
 * Builds the store, starts persistence (rehydration from storage) and the sagas, and connects the
 * HTTP layer: it reads the token from this store and reports failures to it as actions.
 */
export function configureAppStore(http: Pick<HttpOptions, 'baseURL'> = {}) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: false,
        // redux-persist's own actions carry callbacks.
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(sagaMiddleware),
  });
  const persistor = persistStore(store);
  configureHttp({ ...http, getToken: () => selectToken(store.getState()), onEvent: store.dispatch });
  sagaMiddleware.setContext({ [PERSISTOR_CONTEXT]: persistor });
  // Tests cancel it when they end: the sagas' timers (the notice poll) must not outlive the test.
  const sagaTask = sagaMiddleware.run(rootSaga);
  return { store, persistor, sagaTask };
}

export type AppStore = ReturnType<typeof configureAppStore>['store'];
export type AppDispatch = AppStore['dispatch'];
