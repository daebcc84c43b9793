import path from 'node:path';
import type { PortalConfig } from '@contract/portalConfig';
import { projectRoot } from './root';

export interface GatewayConfig {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  distDir: string;
  /** Static pages served as they are (help pages at /help/). */
  publicDir: string;
  fixturesDir: string;
  /** Seed the demo world into an empty database. */
  seedDemo: boolean;
  /** Secure cookies (behind HTTPS); also turns on Strict-Transport-Security. */
  secureCookies: boolean;
  /**
   * Which proxies' X-Forwarded-For / -Proto / -Host to believe (Fastify's trustProxy): false (the
   * default) believes none, so the client's address is the connection's and a forged header changes
   * nothing; addresses or CIDR ranges of the load balancers; a hop count; or true for every hop.
   */
  trustProxy: boolean | number | string[];
  sessionIdleMinutes: number;
  logLevel: string;
  portal: PortalConfig;
}

const root = projectRoot;

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

/** TRUST_PROXY: unset or false, true, a hop count, or a comma-separated list of addresses and CIDR ranges. */
export function trustProxyOf(value: string | undefined): boolean | number | string[] {
  const text = (value ?? '').trim();
  if (text === '' || ['0', 'false', 'no', 'off'].includes(text.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(text.toLowerCase())) return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function slashes(value: string): string {
  const trimmed = value.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const host = env.HOST || '127.0.0.1';
  const port = Number(env.PORT || 8080);
  const routerBase = slashes(env.ROUTER_BASE || '/legal/');
  const gatewayPrefix = slashes(env.GATEWAY_PREFIX || '/gateway').replace(/\/$/, '');
  const login = env.LINK_IDENTITY_PROVIDER || '/idprovider/login';
  return {
    host,
    port,
    dataDir: path.resolve(root, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || null,
    distDir: path.resolve(root, env.DIST_DIR || 'dist'),
    publicDir: path.resolve(root, 'public'),
    fixturesDir: path.resolve(root, 'fixtures'),
    seedDemo: bool(env.SEED_DEMO, true),
    secureCookies: bool(env.SECURE_COOKIES, false),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    sessionIdleMinutes: Number(env.SESSION_IDLE_MINUTES || 120),
    logLevel: env.LOG_LEVEL || 'info',
    portal: {
      routerBase,
      gatewayPrefix,
      portalName: { 'en-US': env.PORTAL_NAME || 'Member Center', 'zh-CN': env.PORTAL_NAME_ZH || '会员中心' },
      defaultLocale: env.DEFAULT_LOCALE === 'zh-CN' ? 'zh-CN' : 'en-US',
      showChrome: bool(env.SHOW_CHROME, true),
      links: {
        mainPortal: env.LINK_MAIN_PORTAL || login,
        products: env.LINK_PRODUCTS || '/site/products',
        wealth: env.LINK_WEALTH || '/site/wealth',
        serviceCenter: env.LINK_SERVICE_CENTER || '/site/service',
        claimsCenter: env.LINK_CLAIMS_CENTER || '/site/claims',
        about: env.LINK_ABOUT || '/site/about',
        helpCenter: env.LINK_HELP_CENTER || '/site/help',
        privacy: env.LINK_PRIVACY || '/site/privacy',
        contact: env.LINK_CONTACT || '/site/contact',
        assistant: env.LINK_ASSISTANT || '/site/assistant',
        questionnaire: env.LINK_QUESTIONNAIRE || '/site/questionnaire',
        legalHelpCenter: env.LINK_LEGAL_HELP_CENTER || '/help/legal.html',
        newCarValueAdded: env.LINK_NEW_CAR || '/help/new-car.html',
        identityProvider: login,
        register: env.LINK_REGISTER || '/idprovider/register',
        memberCenter: env.LINK_MEMBER_CENTER || routerBase,
      },
    },
  };
}
