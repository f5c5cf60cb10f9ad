import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import 'antd/dist/reset.css';
import './utils/moment';
import { AppProviders } from './AppProviders';
import { AccessGate } from './features/accessGate/AccessGate';
import { AppRoutes } from './router/AppRoutes';
import { NavigatorBridge } from './router/NavigatorBridge';
import { ScrollToTop } from './router/ScrollToTop';
import { configureAppStore } from './store';

const { store, persistor } = configureAppStore();

const container = document.getElementById('app');
if (!container) throw new Error('index.html has no #app element');

createRoot(container).render(
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
