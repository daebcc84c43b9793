import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { Layout } from './layout/Layout';
import { GuardedMenuRoute } from './MenuRoute';
import { RegistryPage } from './RegistryPage';
import { paths } from '../shared/paths';
import { fixedRoutes } from './routes';
import { SessionGate } from './SessionGate';

const NotFound = lazy(() => import('./pages/NotFound'));
const Restricted = lazy(() => import('./pages/Restricted'));
const LegalHelpCenter = lazy(() => import('./pages/LegalHelpCenter'));

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
        element: <RegistryPage component={r.component} title={r.title} />,
      })),
      { path: '*', element: <GuardedMenuRoute /> },
    ],
  },
];

/** The router under the router base (default /legal/). */
export function createRouter(basename: string) {
  return createBrowserRouter(routes, { basename: basename.replace(/\/$/, '') || '/' });
}
