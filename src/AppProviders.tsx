// Everything a screen needs around it: the store (rehydrated before the first render), antd in
// Chinese with the default primary colour, antd's App context and the notifier's access to it.
import type { ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { NotifierBridge } from './components/NotifierBridge';
import type { AppStore } from './store';

// antd's date pickers work with dayjs.
dayjs.locale('zh-cn');

const PRIMARY_COLOR = '#1890FF';

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
        <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: PRIMARY_COLOR } }}>
          <App>
            <NotifierBridge />
            {children}
          </App>
        </ConfigProvider>
      </PersistGate>
    </Provider>
  );
}
