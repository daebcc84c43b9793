import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useMemo } from 'react';
import { Provider, useSelector, useStore } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { sessionApi } from '../features/session/api';
import { registerAnalyticsSender } from '../shared/analytics';
import { registerNavigate } from '../shared/navigation';
import { NotifierHost } from '../shared/NotifierHost';
import { PersistorContext } from './persistor';
import { LoadingOverlay } from './LoadingOverlay';
import { createRouter } from './router';
import type { AppStore, RootState } from './store';

function Localised({ basename }: { basename: string }) {
  const locale = useSelector((s: RootState) => s.ui.locale);
  const store = useStore() as AppStore;
  const router = useMemo(() => createRouter(basename), [basename]);
  useEffect(() => {
    // Analytics go to the gateway's collector; the call is silent (failures never disturb the user).
    registerAnalyticsSender((events) =>
      store.dispatch(sessionApi.endpoints.collectAnalytics.initiate({ events })).unwrap(),
    );
    return () => registerAnalyticsSender(null);
  }, [store]);
  useEffect(() => {
    registerNavigate((to) => router.navigate(to));
    return () => registerNavigate(null);
  }, [router]);
  useEffect(() => {
    dayjs.locale(locale === 'zh-CN' ? 'zh-cn' : 'en');
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <ConfigProvider
      locale={locale === 'zh-CN' ? zhCN : enUS}
      theme={{ token: { colorPrimary: '#0b5ed7', borderRadius: 6 } }}
    >
      <AntApp>
        <NotifierHost />
        <RouterProvider router={router} />
        <LoadingOverlay />
      </AntApp>
    </ConfigProvider>
  );
}

export function App({ store, persistor, basename }: { store: AppStore; persistor: Persistor; basename: string }) {
  return (
    <Provider store={store}>
      <PersistGate persistor={persistor} loading={null}>
        <PersistorContext.Provider value={persistor}>
          <Localised basename={basename} />
        </PersistorContext.Provider>
      </PersistGate>
    </Provider>
  );
}
