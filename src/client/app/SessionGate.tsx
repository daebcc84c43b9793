import { Spin } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation } from 'react-router-dom';
import { useLazyGetHideMenuQuery, useLazyGetLoginInfoQuery, useLazyGetMenusQuery } from '../features/session/api';
import { menuLoaded } from '../state/menu';
import { loggedIn } from '../state/session';
import type { AppDispatch, RootState } from './store';

/**
 * Every route requires login: login info is fetched on start and on every route change (a failure
 * with ERR_1004 is sent to the login page by the error handler); the menu is fetched once per session.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const dispatch = useDispatch<AppDispatch>();
  const location = useLocation();
  const status = useSelector((s: RootState) => s.session.status);
  const menu = useSelector((s: RootState) => s.menu.entries);
  const [fetchLoginInfo] = useLazyGetLoginInfoQuery();
  const [fetchMenus] = useLazyGetMenusQuery();
  const [fetchHideMenu] = useLazyGetHideMenuQuery();

  useEffect(() => {
    let cancelled = false;
    fetchLoginInfo(undefined, false)
      .unwrap()
      .then((info) => {
        if (!cancelled) dispatch(loggedIn(info));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [location.pathname, location.search, dispatch, fetchLoginInfo]);

  useEffect(() => {
    if (status !== 'loggedIn' || menu) return;
    Promise.all([fetchMenus(undefined, true).unwrap(), fetchHideMenu(undefined, true).unwrap()])
      .then(([entries, settings]) => dispatch(menuLoaded({ entries, hideMenu: settings.hide_menu })))
      .catch(() => undefined);
  }, [status, menu, dispatch, fetchMenus, fetchHideMenu]);

  if (status !== 'loggedIn') {
    return (
      <div className="mc-fullpage">
        <Spin size="large" />
      </div>
    );
  }
  return <>{children}</>;
}
