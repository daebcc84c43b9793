import { createListenerMiddleware, isRejectedWithValue } from '@reduxjs/toolkit';
import { actionFor, type GatewayError } from '../api/errors';
import type { GatewayMeta } from '../api/baseQuery';
import { portalConfig } from '../config';
import { notify } from '../shared/notify';
import { ssoCookie } from '../shared/cookies';
import { leaveTo, navigateTo } from '../shared/navigation';
import type { Locale } from '../shared/i18n';
import { shellMessages } from './messages';

/**
 * The one place that shows a failed call (docs/SPEC.md §8): every rejected gateway call comes through
 * here unless its page asked to handle the error itself (`silent`).
 */
export const errorListener = createListenerMiddleware();

errorListener.startListening({
  matcher: isRejectedWithValue,
  effect: (action, api) => {
    const meta = (action.meta as { baseQueryMeta?: GatewayMeta }).baseQueryMeta;
    if (!meta || meta.silent) return;
    const error = action.payload as GatewayError;
    // A call that ends after the page went away (tab closed, test torn down) has nobody to tell.
    if (typeof window === 'undefined' || !window.document) return;
    const config = portalConfig();
    const decision = actionFor(error, meta.call, {
      hash: window.location.hash,
      search: window.location.search,
      here: `${window.location.pathname}${window.location.search}`,
      identityProvider: config.links.identityProvider,
      mainPortal: config.links.mainPortal,
      hadSession: ssoCookie() !== '',
    });
    const locale = (api.getState() as { ui: { locale: Locale } }).ui.locale;
    switch (decision.type) {
      case 'toast':
        notify.error(decision.text);
        break;
      case 'toastKey':
        notify.error(shellMessages[locale][decision.key]);
        break;
      case 'login':
        leaveTo(decision.url);
        break;
      case 'route':
        navigateTo(decision.to);
        break;
      case 'silent':
        break;
    }
  },
});
