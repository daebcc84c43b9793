import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { Layout } from './layout/Layout';
import { GuardedMenuRoute } from './MenuRoute';
import { RegistryPage } from './RegistryPage';
import { useMessages } from '../shared/i18n';
import { paths } from '../shared/paths';
import { routeTitleMessages } from './messages';
import { fixedRoutes, type FixedRoute } from './routes';
import { SessionGate } from './SessionGate';

const NotFound = lazy(() => import('./pages/NotFound'));
const Restricted = lazy(() => import('./pages/Restricted'));
const LegalHelpCenter = lazy(() => import('./pages/LegalHelpCenter'));

/** A fixed route's page, titled in the user's language. */
function FixedRoutePage({ route }: { route: FixedRoute }) {
  const titles = useMessages(routeTitleMessages);
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

/** The router under the router base (default /legal/). */
export function createRouter(basename: string) {
  return createBrowserRouter(routes, { basename: basename.replace(/\/$/, '') || '/' });
}
