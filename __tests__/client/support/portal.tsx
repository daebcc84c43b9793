/**
 * Page tests render the whole portal (store, router, layout, the page's chunk) in jsdom against a
 * real gateway listening on a loopback port, over real HTTP: nothing is mocked.
 */
import { callPath, calls, type CallName } from '@contract/calls';
import { portalConfig } from '@client/config';
import { act, render, screen, type RenderResult } from '@testing-library/react';
import type { FastifyInstance } from 'fastify';
import { App } from '@client/app/App';
import { loadAntdScope } from '@client/shared/AntdBoundary';
import { createStore, takeFirstAnswers, type AppStore } from '@client/app/store';
import { buildApp } from '@server/app';
import { loadConfig, type GatewayConfig } from '@server/config';
import { openDatabase } from '@server/db/database';
import { registerUploadFetch } from '@client/api/uploadProgress';
import { LOCALE_COOKIE } from '@contract/locale';

export const DEMO_PASSWORD = 'Demo@2026';

export interface ClientGateway {
  app: FastifyInstance;
  url: string;
  config: GatewayConfig;
  /** Logs in through the identity provider; the session cookie goes into the test's cookie jar. */
  login(username: string, password?: string): Promise<void>;
  /** Forgets every cookie (as a logout in another tab would). */
  forget(): void;
  close(): Promise<void>;
}

declare global {
  var __cookieJar: Map<string, string>;
}

export async function startClientGateway(env: Record<string, string> = {}): Promise<ClientGateway> {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: '', ...env });
  const database = openDatabase({ databaseUrl: null, dataDir: '/tmp', file: ':memory:' });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const url = `http://127.0.0.1:${port}`;
  window.__PORTAL_CONFIG__ = { ...config.portal, gatewayPrefix: `${url}${config.portal.gatewayPrefix}` };
  // jsdom's XMLHttpRequest has its own cookies and origin: uploads go through the test's fetch and its cookie jar.
  registerUploadFetch((input, init) => fetch(input, init));
  const forget = () => {
    globalThis.__cookieJar.clear();
    for (const c of document.cookie.split(';')) {
      const name = c.split('=')[0].trim();
      if (name) document.cookie = `${name}=; path=/; max-age=0`;
    }
  };
  return {
    app,
    url,
    config,
    async login(username, password = DEMO_PASSWORD) {
      const user = await database.db
        .selectFrom('app_user')
        .select('legal_flag')
        .where('username', '=', username)
        .executeTakeFirst();
      const body = new URLSearchParams({
        username,
        password,
        privacy: '1',
        flag: user?.legal_flag === 1 ? 'legal' : '',
      });
      const res = await fetch(`${url}/idprovider/login`, {
        method: 'POST',
        body: body.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        redirect: 'manual',
      });
      if (res.status !== 303) throw new Error(`login of ${username} failed with ${res.status}`);
    },
    forget,
    async close() {
      forget();
      // Keep-alive sockets of the test's fetches would hold app.close() open.
      app.server.closeAllConnections();
      await app.close();
    },
  };
}

export interface RenderedPortal extends RenderResult {
  store: AppStore;
}

/** Renders the portal at a path below the router base, e.g. '/legal/index'. */
export async function renderPortal(path: string): Promise<RenderedPortal> {
  window.history.pushState({}, '', path);
  window.localStorage.clear();
  // Every render starts in the install's language: the language chosen by an earlier test is forgotten.
  document.cookie = `${LOCALE_COOKIE}=; path=/; max-age=0`;
  const { store, persistor } = createStore();
  // As src/client/main.tsx: the answers the gateway wrote into index.html, when a test put them there.
  takeFirstAnswers(store);
  // antd's scope loads in its own chunk in the browser, preloaded with the page; here its modules are
  // read before the render, as the first load's were, so a page's wait measures the page.
  await loadAntdScope();
  let result!: RenderResult;
  await act(async () => {
    result = render(<App store={store} persistor={persistor} basename="/legal/" />);
  });
  return { ...result, store };
}

/**
 * A call's answer for the logged-in user, asked as the portal's baseQuery asks it (GET with the values in
 * the query, POST with them in a form): what the gateway writes into index.html as the first answers.
 */
export async function callAnswer<T = never>(call: CallName): Promise<T> {
  const url = callPath(call, portalConfig().gatewayPrefix);
  const channel = new URLSearchParams({ channelType: '1' });
  const res =
    calls[call].method === 'GET'
      ? await fetch(`${url}?${channel}`)
      : await fetch(url, { method: 'POST', body: channel });
  return ((await res.json()) as { data: T }).data;
}

export { screen };
