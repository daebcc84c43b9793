import { calls, type CallName, type CallSpec } from '@contract/calls';
import { Status } from '@contract/envelope';

/** Every way a call can fail, normalised by the baseQuery. */
export type GatewayError =
  | { kind: 'status'; status: string; statusText: string; data?: unknown }
  | { kind: 'http'; httpStatus: number }
  | { kind: 'timeout' }
  | { kind: 'network' }
  | { kind: 'parse' };

/** The texts of the error catalogue (docs/SPEC.md §8), by key; the catalogue of app/messages.ts words them. */
type ErrorText = 'notFound' | 'serverError' | 'unavailable' | 'loginAgain' | 'busy' | 'timeout' | 'noResponse';

export type ErrorAction =
  | { type: 'toast'; text: string }
  | { type: 'toastKey'; key: ErrorText }
  | { type: 'login'; url: string }
  | { type: 'route'; to: string }
  | { type: 'silent' };

export interface ErrorContext {
  /** window.location.hash and .search: flag=legal in either marks the corporate entry. */
  hash: string;
  search: string;
  /** Where the user is, to come back after logging in. */
  here: string;
  identityProvider: string;
  mainPortal: string;
  /**
   * The browser still holds the login's SSO cookie: the user was logged in and the session ended
   * (expired or ended elsewhere), so the login page says "Your session has expired" (reason=expired).
   */
  hadSession?: boolean;
}

const RESTRICTION_ROUTE = '/limit/tips1/';

function withRedirect(url: string, params: Record<string, string>): string {
  const [base, query = ''] = url.split('?');
  const search = new URLSearchParams(query);
  for (const [k, v] of Object.entries(params)) search.set(k, v);
  return `${base}?${search}`;
}

/** One row of docs/SPEC.md §8 per case: what the portal does when a call fails. */
export function actionFor(error: GatewayError, call: CallName, ctx: ErrorContext): ErrorAction {
  const spec: CallSpec = calls[call];
  switch (error.kind) {
    case 'status':
      if (error.status === Status.notLoggedIn) {
        const corporate = /(^|[?#&])flag=legal(&|$)/.test(ctx.hash) || /(^|[?&])flag=legal(&|$)/.test(ctx.search);
        const reason: Record<string, string> = ctx.hadSession ? { reason: 'expired' } : {};
        if (corporate)
          return {
            type: 'login',
            url: withRedirect(ctx.identityProvider, { flag: 'legal', redirect: ctx.here, ...reason }),
          };
        const main =
          ctx.mainPortal === ctx.identityProvider
            ? withRedirect(ctx.mainPortal, { redirect: ctx.here, ...reason })
            : ctx.mainPortal;
        return { type: 'login', url: main };
      }
      if (error.status === Status.restricted) return { type: 'route', to: RESTRICTION_ROUTE };
      // ERR_0003, ERR_0007 and every other business refusal: the gateway's sentence, as it is.
      return error.statusText ? { type: 'toast', text: error.statusText } : { type: 'toastKey', key: 'busy' };
    case 'http':
      if (error.httpStatus === 404) return { type: 'toastKey', key: 'notFound' };
      if (error.httpStatus === 500) return { type: 'toastKey', key: 'serverError' };
      if (error.httpStatus === 502 || error.httpStatus === 503) return { type: 'toastKey', key: 'unavailable' };
      if (error.httpStatus === 401) return { type: 'toastKey', key: 'loginAgain' };
      return { type: 'toastKey', key: 'busy' };
    case 'timeout':
      return spec.timeout === 'correction' ? { type: 'silent' } : { type: 'toastKey', key: 'timeout' };
    case 'network':
      return { type: 'toastKey', key: 'noResponse' };
    case 'parse':
    default:
      return { type: 'toastKey', key: 'busy' };
  }
}
