import type { Locale } from '../shared/i18n';
import { gatewayApi } from '../api/gatewayApi';
import { setLocale } from '../state/ui';
import type { AppDispatch, RootState } from './store';

type Refetchable = { initiate: (arg: unknown, options: { subscribe: boolean; forceRefetch: boolean }) => unknown };

/**
 * Switches the portal's language everywhere at once: the portal's own texts follow the store, and
 * every answer the gateway wrote in the old language (statuses, names, timelines) is asked for again
 * in the new one. The choice is remembered (persisted, and written to the locale cookie by the store).
 */
export const switchLocale = (locale: Locale) => (dispatch: AppDispatch, getState: () => RootState) => {
  if (getState().ui.locale === locale) return;
  dispatch(setLocale(locale));
  const endpoints = gatewayApi.endpoints as unknown as Record<string, Refetchable | undefined>;
  for (const query of Object.values(getState()[gatewayApi.reducerPath].queries)) {
    if (!query || query.status !== 'fulfilled') continue;
    const endpoint = endpoints[query.endpointName];
    if (endpoint) dispatch(endpoint.initiate(query.originalArgs, { subscribe: false, forceRefetch: true }) as never);
  }
};
