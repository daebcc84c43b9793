import { StatusResult } from '../shared/StatusResult';
import { useEffect, useEffectEvent } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useMessages } from '../shared/i18n';
import { Spinner } from '../shared/Spinner';
import '../shared/buttons.css';
import { ASSETS_MENU, isSeniorOnly, menuRoutes } from '../state/menu';
import { isSenior } from '../state/session';
import { useRefuseNonSenior } from './layout/senior';
import { useMenuTitle } from './menuMessages';
import { shellMessages } from './messages';
import { RegistryPage } from './RegistryPage';
import { paths } from '../shared/paths';
import type { RootState } from './store';

/**
 * A path that is not a fixed route: reachable only when the user's server menu names it (default
 * deny); anything else goes to the hidden 404 page.
 */
function MenuRoute() {
  const location = useLocation();
  const entries = useSelector((s: RootState) => s.menu.entries);
  const menuTitle = useMenuTitle();
  const m = useMessages(shellMessages);
  if (!entries) {
    return (
      <div className="mc-page-loading">
        <Spinner label={m.loading} />
      </div>
    );
  }
  const path = location.pathname.replace(/\/+$/, '') || '/';
  const route = menuRoutes(entries).find((r) => r.path === path);
  if (!route) return <Navigate to={paths.notFound.path} replace />;
  return (
    <RegistryPage component={route.component} title={menuTitle({ name: route.name, meta: { title: route.title } })} />
  );
}

/** A non-senior member who reaches a club or asset route (by typing it, say) is refused (docs/SPEC.md §5). */
function SeniorOnly({ kind, children }: { kind: 'club' | 'assets'; children: React.ReactNode }) {
  const info = useSelector((s: RootState) => s.session.info);
  const refuse = useRefuseNonSenior();
  const m = useMessages(shellMessages);
  const navigate = useNavigate();
  const senior = isSenior(info);
  const refused = useEffectEvent((k: typeof kind) => refuse(k));
  useEffect(() => {
    if (!senior) refused(kind);
  }, [senior, kind]);
  if (senior) return <>{children}</>;
  return (
    <StatusResult
      status="403"
      title={m.refusedTitle}
      subTitle={kind === 'assets' ? m.notSeniorAssets : m.notSenior}
      data-testid="senior-refused"
      extra={
        <div className="mc-btn-row">
          <button type="button" className="mc-btn mc-btn-primary" onClick={() => navigate(paths.personalInfo.href())}>
            {m.completeInfo}
          </button>
          <button type="button" className="mc-btn mc-btn-default" onClick={() => navigate(paths.home.href())}>
            {m.backHome}
          </button>
        </div>
      }
    />
  );
}

/** The menu route with the senior rule in front of the club and asset pages. */
export function GuardedMenuRoute() {
  const location = useLocation();
  const path = location.pathname.replace(/\/+$/, '');
  if (isSeniorOnly(path))
    return (
      <SeniorOnly kind="club">
        <MenuRoute />
      </SeniorOnly>
    );
  if (path.startsWith(`/${ASSETS_MENU}/`))
    return (
      <SeniorOnly kind="assets">
        <MenuRoute />
      </SeniorOnly>
    );
  return <MenuRoute />;
}
