import { Spin } from 'antd';
import { useSelector } from 'react-redux';
import { Navigate, useLocation } from 'react-router-dom';
import { menuRoutes } from '../state/menu';
import { RegistryPage } from './RegistryPage';
import { paths } from './routes';
import type { RootState } from './store';

/**
 * A path that is not a fixed route: reachable only when the user's server menu names it (default
 * deny); anything else goes to the hidden 404 page.
 */
export function MenuRoute() {
  const location = useLocation();
  const entries = useSelector((s: RootState) => s.menu.entries);
  if (!entries) {
    return (
      <div className="mc-page-loading">
        <Spin />
      </div>
    );
  }
  const path = location.pathname.replace(/\/+$/, '') || '/';
  const route = menuRoutes(entries).find((r) => r.path === path);
  if (!route) return <Navigate to={paths.notFound} replace />;
  return <RegistryPage component={route.component} title={route.title} />;
}
