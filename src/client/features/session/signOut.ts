import Cookies from 'js-cookie';
import { useDispatch, useStore } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { gatewayApi } from '@client/api/gatewayApi';
import { portalConfig } from '@client/config';
import { leaveTo } from '@client/shared/navigation';
import { notify } from '@client/shared/notify';
import { menuCleared } from '@client/state/menu';
import { LEGAL_COOKIE } from '@contract/cookies';
import { SSO_KEPT_KEY } from '@client/shared/cookies';
import { isCorporate, loggedOut, type SessionState } from '@client/state/session';

/** Why the user left: the login page shows the matching notice in its language (reason=...). */
export type SignOutReason = 'logout' | 'authClosed';

/**
 * The identity provider's login page; corporate users land on its corporate tab (flag=legal), and the
 * page is told why, so the toast's words are still there after the page load.
 */
function loginPageUrl(corporate: boolean, reason: SignOutReason): string {
  const url = portalConfig().links.identityProvider;
  const params = `${corporate ? 'flag=legal&' : ''}reason=${reason}`;
  return `${url}${url.includes('?') ? '&' : '?'}${params}`;
}

/**
 * What "logged out" means on this side: every cached answer dropped
 * (`gatewayApi.util.resetApiState()`), the persisted slices purged, the session and menu cleared,
 * the toast, then the identity provider's login page, which says it again (the toast leaves with the page).
 */
export function useSignOut(persistor: Persistor | null) {
  const dispatch = useDispatch();
  const store = useStore<{ session: SessionState }>();
  return async (toast: string, reason: SignOutReason) => {
    const corporate = isCorporate(store.getState().session.info);
    dispatch(gatewayApi.util.resetApiState());
    dispatch(loggedOut());
    dispatch(menuCleared());
    window.sessionStorage.removeItem(SSO_KEPT_KEY);
    Cookies.remove(LEGAL_COOKIE, { path: '/' });
    try {
      await persistor?.purge();
    } catch {
      // nothing secret is persisted; a failed purge must not keep the user here
    }
    notify.success(toast);
    leaveTo(loginPageUrl(corporate, reason));
  };
}
