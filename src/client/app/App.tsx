import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect } from 'react';
import { Provider, useSelector, useStore } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { sessionApi } from '../features/session/api';
import { registerAnalyticsSender } from '../shared/analytics';
import { NotifierHost } from '../shared/NotifierHost';
import { PersistorContext } from './persistor';
import { LoadingOverlay } from './LoadingOverlay';
import { PortalRoutes, routerBasename } from './router';
import type { AppStore, RootState } from './store';
// One theme for the portal and the stylesheet the build writes from it (webpack.config.js): the same
// tokens give the same class names, so antd skips generating at run time what the stylesheet holds.
import portalTheme from './theme.json';

/** antd's locales with the product's one wording of an empty list (every table and list says it). */
const antdLocales = {
  'en-US': { ...enUS, Empty: { description: 'No records yet' } },
  'zh-CN': { ...zhCN, Empty: { description: '暂无记录' } },
};

function Localised({ basename }: { basename: string }) {
  const locale = useSelector((s: RootState) => s.ui.locale);
  const store = useStore() as AppStore;
  useEffect(() => {
    // Analytics go to the gateway's collector; the call is silent (failures never disturb the user).
    registerAnalyticsSender((events) =>
      store.dispatch(sessionApi.endpoints.collectAnalytics.initiate({ events })).unwrap(),
    );
    return () => registerAnalyticsSender(null);
  }, [store]);
  useEffect(() => {
    dayjs.locale(locale === 'zh-CN' ? 'zh-cn' : 'en');
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <ConfigProvider locale={antdLocales[locale === 'zh-CN' ? 'zh-CN' : 'en-US']} theme={portalTheme}>
      <NotifierHost />
      <BrowserRouter basename={routerBasename(basename)}>
        <PortalRoutes />
      </BrowserRouter>
      <LoadingOverlay />
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
