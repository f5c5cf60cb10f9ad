// The app: store, antd, router, access gate and routes. The lean entry (index.tsx) loads it as its
// own chunk: at once for every page but the landing page, and on the landing page when the visitor
// asks for something only the app can do (log in, the third-party flows).
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import 'antd/dist/reset.css';
import { AppProviders } from './AppProviders';
import { AccessGate } from './features/accessGate/AccessGate';
import { AppRoutes } from './router/AppRoutes';
import { NavigatorBridge } from './router/NavigatorBridge';
import { ScrollToTop } from './router/ScrollToTop';
import { configureAppStore } from './store';

export function mountApp(root: Root): void {
  const { store, persistor } = configureAppStore();
  root.render(
    <StrictMode>
      <AppProviders store={store} persistor={persistor}>
        <BrowserRouter basename="/">
          <ScrollToTop />
          <NavigatorBridge />
          <AccessGate>
            <AppRoutes />
          </AccessGate>
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}
