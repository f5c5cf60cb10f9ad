// The rep's mobile workbench entry (/mobile/visit): loaded alone, without the back office (store, antd, router),
// from src/index.tsx. Without a session it sends the rep to the login page, which comes back here.
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { STORAGE_KEYS } from '../../common/constants';
import { configureHttp, requestFailed } from '../api/http';
import { loginPathFor } from '../features/accessGate/decision';
import { vueLsArea } from '../store/storageArea';
import { createWorkbenchStore } from './store';
import { WorkbenchApp } from './WorkbenchApp';

const tokenOf = () => {
  const value = vueLsArea.read(STORAGE_KEYS.accessToken)?.value;
  return typeof value === 'string' && value ? value : null;
};

function userKeyOf(): string {
  const user = vueLsArea.read(STORAGE_KEYS.userInfo)?.value as { id?: string; username?: string } | undefined;
  return user?.id ?? user?.username ?? 'me';
}

export function mountWorkbench(root: Root): void {
  if (!tokenOf()) {
    window.location.replace(loginPathFor(`${window.location.pathname}${window.location.search}`));
    return;
  }
  configureHttp({
    getToken: tokenOf,
    onEvent: (event) => {
      // The session ended: sign in again, then come back (the queue stays on the device).
      if (requestFailed.match(event) && event.payload.status === 401 && event.payload.hadToken)
        window.location.replace(loginPathFor(window.location.pathname));
    },
  });
  const { store, persistor } = createWorkbenchStore(userKeyOf());
  root.render(
    <StrictMode>
      <Provider store={store}>
        <PersistGate loading={null} persistor={persistor}>
          <WorkbenchApp />
        </PersistGate>
      </Provider>
    </StrictMode>,
  );
}
