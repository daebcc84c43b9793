import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Menu component names (and the fixed routes' pages) to lazily loaded pages: one route chunk each.
 * A name that is not here is not reachable: the route answers the hidden 404 page.
 */
export const pageRegistry: Record<string, LazyExoticComponent<ComponentType>> = {
  Home: lazy(() => import('../features/home/pages/Home')),
  EmployeeCorrection: lazy(() => import('../features/correction/pages/EmployeeCorrection')),
  InsuredCorrection: lazy(() => import('../features/correction/pages/InsuredCorrection')),
  CorrectRecord: lazy(() => import('../features/correction/pages/CorrectRecord')),
};

export function hasPage(component: string): boolean {
  return Object.prototype.hasOwnProperty.call(pageRegistry, component);
}
