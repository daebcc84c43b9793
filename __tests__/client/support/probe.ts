/** A probe endpoint that hands any GatewayArgs to the baseQuery, and recorders for toasts and exits. */
import { gatewayApi } from '@client/api/gatewayApi';
import { downloadQueryFn } from '@client/api/download';
import type { GatewayArgs } from '@client/api/request';
import { registerLeave, registerNavigate, registerReload } from '@client/shared/navigation';
import { setNotifier } from '@client/shared/notify';

export const probeApi = gatewayApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.mutation<unknown, GatewayArgs>({ query: (args) => args }),
    probeDownload: build.mutation<{ filename: string }, Record<string, unknown>>({
      queryFn: downloadQueryFn('blocLegal/policyDownload/download'),
    }),
  }),
  overrideExisting: true,
});

export interface Toast {
  level: 'error' | 'success' | 'info' | 'warning';
  content: string;
  duration: number | undefined;
}

/** Records every toast, every exit from the portal, every route push and reload. */
export function recorders() {
  const toasts: Toast[] = [];
  const left: string[] = [];
  const pushed: string[] = [];
  let reloads = 0;
  const record = (level: Toast['level']) => (config: unknown) => {
    const c = config as { content: string; duration?: number };
    toasts.push({ level, content: c.content, duration: c.duration });
    return Object.assign(Promise.resolve(true), {}) as never;
  };
  setNotifier({ error: record('error'), success: record('success'), info: record('info'), warning: record('warning') });
  registerLeave((url) => left.push(url));
  registerNavigate((to) => pushed.push(to));
  registerReload(() => {
    reloads += 1;
  });
  return {
    toasts,
    left,
    pushed,
    reloads: () => reloads,
    clear() {
      toasts.length = 0;
      left.length = 0;
      pushed.length = 0;
      reloads = 0;
    },
  };
}
