import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { registerNavigate } from '../shared/navigation';
import { Layout } from './layout/Layout';
import { GuardedMenuRoute } from './MenuRoute';
import { RegistryPage } from './RegistryPage';
import { useMessages } from '../shared/i18n';
import { useMay } from '../shared/useMay';
import { paths } from '../shared/paths';
import { routeTitleMessages } from './messages';
import { fixedRoutes, type FixedRoute } from './routes';
import { SessionGate } from './SessionGate';

const NotFound = lazy(() => import('./pages/NotFound'));
const Restricted = lazy(() => import('./pages/Restricted'));
const RoleRestricted = lazy(() => import('./pages/RoleRestricted'));
const LegalHelpCenter = lazy(() => import('./pages/LegalHelpCenter'));

/** A fixed route's page, titled in the user's language. */
function FixedRoutePage({ route }: { route: FixedRoute }) {
  const titles = useMessages(routeTitleMessages);
  const allowed = useMay(route.right ?? 'read');
  if (!allowed)
    return (
      <Suspense fallback={null}>
        <RoleRestricted />
      </Suspense>
    );
  return <RegistryPage component={route.component} title={titles[route.title]} />;
}

const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <SessionGate>
        <Layout />
      </SessionGate>
    ),
    children: [
      { index: true, element: <Navigate to={paths.home.path} replace /> },
      { path: 'index', element: <RegistryPage component="Home" /> },
      {
        path: '404',
        element: (
          <Suspense fallback={null}>
            <NotFound />
          </Suspense>
        ),
      },
      {
        path: 'limit/tips1',
        element: (
          <Suspense fallback={null}>
            <Restricted />
          </Suspense>
        ),
      },
      {
        path: paths.legalHelpCenter.path.slice(1),
        element: (
          <Suspense fallback={null}>
            <LegalHelpCenter />
          </Suspense>
        ),
      },
      ...fixedRoutes.map((r) => ({
        path: r.path.slice(1),
        element: <FixedRoutePage route={r} />,
      })),
      { path: '*', element: <GuardedMenuRoute /> },
    ],
  },
];

/** The router's base name for the router base (default /legal/ -> /legal). */
export const routerBasename = (routerBase: string) => routerBase.replace(/\/$/, '') || '/';

/**
 * The portal's routes, inside a <BrowserRouter>. The declarative router: the portal loads no data
 * through the router, and the data router's code would add a fifth to the first load.
 */
export function PortalRoutes() {
  const navigate = useNavigate();
  useEffect(() => {
    // Code outside components (the error handler, machines) navigates through shared/navigation.
    registerNavigate((to) => navigate(to));
    return () => registerNavigate(null);
  }, [navigate]);
  return useRoutes(routes);
}
