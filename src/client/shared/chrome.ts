import { portalConfig } from '../config';

/**
 * The "development-check helper" of docs/SPEC.md §2: whether the top bar, header, footer, quick-service
 * panel and fixed side navigation show. One place decides, from the runtime configuration.
 */
export function showChrome(): boolean {
  return portalConfig().showChrome;
}
