import { gatewayApi } from '../api/gatewayApi';
import { sessionApi } from '../features/session/api';
import { SSO_KEPT_KEY, ssoCookie } from '../shared/cookies';
import { menuCleared } from '../state/menu';
import type { AppDispatch, AppStore } from './store';

/**
 * How long an answer to login info asked at start stands in for the first login check of the frame
 * (SessionGate): the check runs after the frame's first render, by when the answer is usually there.
 */
export const START_ANSWER_MS = 10_000;

/**
 * Compares the SSO value kept in session storage with the login cookie; a difference means the login
 * changed behind the portal's back (another tab logged out or in as someone else): everything built
 * for the previous login (menu, cached answers) is dropped and the login state is checked anew.
 * Answers whether the login changed.
 */
export function checkSsoChange(dispatch: AppDispatch): boolean {
  const current = ssoCookie();
  const kept = window.sessionStorage.getItem(SSO_KEPT_KEY);
  if (kept === current) return false;
  window.sessionStorage.setItem(SSO_KEPT_KEY, current);
  if (kept === null) return false; // first sight in this tab: nothing to compare with
  dispatch(menuCleared());
  dispatch(gatewayApi.util.resetApiState());
  return true;
}

/**
 * The calls the frame waits for, asked when the store exists instead of after the frame's first render:
 * login info, then the menu and its hide flag (which used to wait for the first render too). Only for a
 * browser holding a login (the SSO cookie): without one, SessionGate's check sends to the login page.
 * SessionGate asks the same calls; RTK Query answers it from these (in flight or just answered) rather
 * than asking twice. A failure is shown once, by login info (the menu is not asked then).
 */
export function askAtStart(store: AppStore): void {
  // A login changed since this tab last looked is noticed before asking (SessionGate looks again).
  checkSsoChange(store.dispatch);
  if (!ssoCookie()) return;
  const { getLoginInfo, getMenus, getHideMenu } = sessionApi.endpoints;
  store
    .dispatch(getLoginInfo.initiate(undefined, { subscribe: false }))
    .unwrap()
    .then(() => {
      void store.dispatch(getMenus.initiate(undefined, { subscribe: false }));
      void store.dispatch(getHideMenu.initiate(undefined, { subscribe: false }));
    })
    .catch(() => undefined);
}
