import { StatusResult } from '../shared/StatusResult';
import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation } from 'react-router-dom';
import { Status } from '@contract/envelope';
import { gatewayApi } from '../api/gatewayApi';
import {
  useLazyGetHideMenuQuery,
  useLazyGetLoginInfoQuery,
  useLazyGetMenusQuery,
  useLazyGetUnreadQuery,
} from '../features/session/api';
import { menuCleared, menuLoaded } from '../state/menu';
import { SSO_KEPT_KEY, ssoCookie } from '../shared/cookies';
import { isCorporate, loggedIn } from '../state/session';
import { unreadChecked } from '../state/unread';
import type { GatewayError } from '../api/errors';
import { showChrome } from '../shared/chrome';
import { useMessages } from '../shared/i18n';
import { Spinner } from '../shared/Spinner';
import '../shared/buttons.css';
import { TopBar } from './layout/TopBar';
import { shellMessages } from './messages';
import type { AppDispatch, RootState } from './store';

/** flag=legal in the hash or the query marks a corporate page (docs/SPEC.md §2). */
function corporateFlagPage(hash: string, search: string): boolean {
  return /(^|[?#&])flag=legal(&|$)/.test(hash) || /(^|[?&])flag=legal(&|$)/.test(search);
}

/**
 * Compares the SSO value kept in session storage with the login cookie; a difference means the login
 * changed behind the portal's back (another tab logged out or in as someone else): everything built
 * for the previous login (menu, cached answers) is dropped and the login state is checked anew.
 * Answers whether the login changed.
 */
function checkSsoChange(dispatch: AppDispatch): boolean {
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
 * Every route requires login: login info is fetched on start and on every route change (a failure
 * with ERR_1004 is sent to the login page by the error handler); the menu is fetched once per session;
 * the complaint entry's unread indicator is checked on load and on each route change for corporate users.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const dispatch = useDispatch<AppDispatch>();
  const location = useLocation();
  const status = useSelector((s: RootState) => s.session.status);
  const info = useSelector((s: RootState) => s.session.info);
  const menu = useSelector((s: RootState) => s.menu.entries);
  const [fetchLoginInfo, loginInfo] = useLazyGetLoginInfoQuery();
  const [fetchMenus] = useLazyGetMenusQuery();
  const [fetchHideMenu] = useLazyGetHideMenuQuery();
  const [fetchUnread, unread] = useLazyGetUnreadQuery();
  const m = useMessages(shellMessages);
  // The login check failed for a reason other than "not logged in" (that one leaves for the login page).
  const [attempt, setAttempt] = useState(0);
  // Which check failed: a new route or a retry is a new check, and hides the old failure.
  const check = `${location.pathname}${location.search}${location.hash}#${attempt}`;
  const [failedCheck, setFailedCheck] = useState<string | null>(null);
  const checkFailed = failedCheck === check;

  useEffect(() => {
    let cancelled = false;
    checkSsoChange(dispatch);
    fetchLoginInfo(undefined, false)
      .unwrap()
      .then((answer) => {
        if (cancelled) return;
        dispatch(loggedIn(answer));
        window.sessionStorage.setItem(SSO_KEPT_KEY, ssoCookie());
      })
      .catch((error: GatewayError) => {
        if (cancelled || (error.kind === 'status' && error.status === Status.notLoggedIn)) return;
        setFailedCheck(check);
      });
    return () => {
      cancelled = true;
    };
  }, [check, dispatch, fetchLoginInfo]);

  // A change that invalidates the session (a true name verified, a phone changed) has login info asked
  // again without a navigation: the frame follows the answer (a member just made senior opens My assets).
  const refreshed = loginInfo.data;
  useEffect(() => {
    if (refreshed && status === 'loggedIn') dispatch(loggedIn(refreshed));
  }, [refreshed, status, dispatch]);

  const corporate = status === 'loggedIn' && (isCorporate(info) || corporateFlagPage(location.hash, location.search));
  useEffect(() => {
    if (!corporate) return;
    fetchUnread(undefined, false);
  }, [corporate, location.pathname, location.search, fetchUnread]);
  // Also after a page that marked replies read invalidated 'Unread' (the query is asked again).
  const unreadFlag = unread.data?.userReadFlag;
  useEffect(() => {
    if (unreadFlag !== undefined) dispatch(unreadChecked(unreadFlag));
  }, [unreadFlag, unread.fulfilledTimeStamp, dispatch]);

  useEffect(() => {
    if (status !== 'loggedIn' || menu) return;
    Promise.all([fetchMenus(undefined, true).unwrap(), fetchHideMenu(undefined, true).unwrap()])
      .then(([entries, settings]) => dispatch(menuLoaded({ entries, hideMenu: settings.hide_menu })))
      .catch(() => undefined);
  }, [status, menu, dispatch, fetchMenus, fetchHideMenu]);

  // The frame and the page render in a transition once the login is known (React yields to the
  // browser between components) rather than in one task when the answer lands.
  const ready = useDeferredValue(status === 'loggedIn');
  if (!ready) {
    // Nobody is logged in yet: the top bar offers login and register while the check runs.
    return (
      <>
        {showChrome() && <TopBar />}
        <div className="mc-fullpage">
          {checkFailed && status === 'unknown' ? (
            <StatusResult
              status="warning"
              title={m.loginCheckFailedTitle}
              subTitle={m.loginCheckFailedText}
              extra={
                <button type="button" className="mc-btn mc-btn-primary" onClick={() => setAttempt((n) => n + 1)}>
                  {m.retry}
                </button>
              }
            />
          ) : (
            <Spinner size="large" label={m.loading} />
          )}
        </div>
      </>
    );
  }
  return <>{children}</>;
}
