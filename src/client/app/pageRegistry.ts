import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Menu component names (and the fixed routes' pages) to lazily loaded pages: one route chunk each.
 * A name that is not here is not reachable: the route answers the hidden 404 page.
 */
export const pageRegistry: Record<string, LazyExoticComponent<ComponentType>> = {
  Home: lazy(() => import('../features/home/pages/Home')),
  MyInvoice: lazy(() => import('../features/invoice/pages/MyInvoice')),
  LegalComplaintList: lazy(() => import('../features/opinion/pages/LegalComplaintList')),
  MyComplaintList: lazy(() => import('../features/opinion/pages/MyComplaintList')),
  LegalAccountInfo: lazy(() => import('../features/account/pages/LegalAccountInfo')),
  LegalAccountChange: lazy(() => import('../features/account/pages/LegalAccountChange')),
  LegalAccountCancel: lazy(() => import('../features/account/pages/LegalAccountCancel')),
};

export function hasPage(component: string): boolean {
  return Object.prototype.hasOwnProperty.call(pageRegistry, component);
}
