import { combineReducers, configureStore } from '@reduxjs/toolkit';
import Cookies from 'js-cookie';
import { FLUSH, PAUSE, PERSIST, persistReducer, persistStore, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import { keepPageAnswers } from '../api/firstPage';
import { gatewayApi } from '../api/gatewayApi';
import { menuLoaded, menuSlice } from '../state/menu';
import { loggedIn, sessionSlice } from '../state/session';
import { uiSlice } from '../state/ui';
import { unreadSlice } from '../state/unread';
import { LOCALE_COOKIE } from '@contract/locale';
import { errorListener } from './errorHandler';

const rootReducer = combineReducers({
  [gatewayApi.reducerPath]: gatewayApi.reducer,
  // Only nickName and showApp survive a reload (docs/SPEC.md §3); nothing secret is persisted.
  session: persistReducer({ key: 'mc-session', storage, whitelist: ['nickName', 'showApp'] }, sessionSlice.reducer),
  // The language is remembered in its cookie (state/ui.ts), which the gateway's own pages share.
  ui: uiSlice.reducer,
  menu: menuSlice.reducer,
  unread: unreadSlice.reducer,
});

export function createStore(preloadedState?: Partial<ReturnType<typeof rootReducer>>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as ReturnType<typeof rootReducer> | undefined,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } })
        .prepend(errorListener.middleware)
        .concat(gatewayApi.middleware),
  });
  const persistor = persistStore(store);
  // The gateway's own pages (login, cashier) speak the language chosen here: it goes in a cookie.
  let written = '';
  const writeLocale = () => {
    const { locale } = store.getState().ui;
    if (locale === written) return;
    written = locale;
    Cookies.set(LOCALE_COOKIE, locale, { path: '/', sameSite: 'lax', expires: 365 });
  };
  writeLocale();
  store.subscribe(writeLocale);
  return { store, persistor };
}

/**
 * Takes the shell's first answers the gateway wrote into index.html (contract/portalConfig.ts): the
 * login and the menu are known before any call, so the frame and the page start at once; the first
 * page's answers wait for the page (api/firstPage.ts). Taken once:
 * a later login in the same tab asks for its own.
 */
export function takeFirstAnswers(store: AppStore): void {
  const first = window.__FIRST_ANSWERS__;
  if (!first) return;
  delete window.__FIRST_ANSWERS__;
  store.dispatch(loggedIn(first.loginInfo));
  store.dispatch(menuLoaded({ entries: first.menus, hideMenu: first.hideMenu.hide_menu }));
  keepPageAnswers(first.page);
}

export type AppStore = ReturnType<typeof createStore>['store'];
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
