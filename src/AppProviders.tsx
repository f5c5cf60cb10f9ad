// Everything a screen needs around it: the store (rehydrated before the first render), antd in
// Chinese with the chosen theme colour, antd's App context and the notifier's access to it.
import type { ReactNode } from 'react';
import { App } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { NotifierBridge } from './components/NotifierBridge';
import { ThemeProvider } from './features/layout/ThemeProvider';
import type { AppStore } from './store';

// antd's date pickers work with dayjs.
dayjs.locale('zh-cn');

export function AppProviders({
  store,
  persistor,
  children,
}: {
  store: AppStore;
  persistor: Persistor;
  children: ReactNode;
}) {
  return (
    <Provider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <ThemeProvider>
          <App>
            <NotifierBridge />
            {children}
          </App>
        </ThemeProvider>
      </PersistGate>
    </Provider>
  );
}
