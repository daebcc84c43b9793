import { useDeferredValue, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { Provider, useSelector, useStore } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import type { Persistor } from 'redux-persist';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { sessionApi } from '../features/session/api';
import { AntdBoundary } from '../shared/AntdBoundary';
import { registerAnalyticsSender } from '../shared/analytics';
import { PersistorContext } from './persistor';
import { LoadingOverlay } from './LoadingOverlay';
import { ReauthHost } from './reauth/ReauthHost';
import { PortalRoutes, routerBasename } from './router';
import type { AppStore, RootState } from './store';

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
  // The frame is plain markup; antd's configuration is the pages' own (shared/AntdScope.tsx). The
  // toasts' host lives as long as the portal (a toast outlives the page that showed it), in antd's
  // scope loaded after the first paint.
  return (
    <>
      <AntdBoundary notifier />
      <BrowserRouter basename={routerBasename(basename)}>
        <PortalRoutes />
      </BrowserRouter>
      <LoadingOverlay />
      <ReauthHost />
    </>
  );
}

/**
 * The portal once the saved session is read back, as redux-persist's PersistGate, but the first render
 * of the whole portal is a transition that yields to the browser: PersistGate's setState, made when
 * the reading ends, rendered the portal in one task that did not yield (about 150 ms here).
 */
function Rehydrated({ persistor, children }: { persistor: Persistor; children: ReactNode }) {
  // Once shown, the portal stays (as PersistGate, which stops listening when it lifts).
  const lifted = useRef(false);
  const bootstrapped = useSyncExternalStore(
    persistor.subscribe,
    () => (lifted.current ||= persistor.getState().bootstrapped),
  );
  const ready = useDeferredValue(bootstrapped);
  return ready ? children : null;
}

export function App({ store, persistor, basename }: { store: AppStore; persistor: Persistor; basename: string }) {
  return (
    <Provider store={store}>
      <Rehydrated persistor={persistor}>
        <PersistorContext.Provider value={persistor}>
          <Localised basename={basename} />
        </PersistorContext.Provider>
      </Rehydrated>
    </Provider>
  );
}
