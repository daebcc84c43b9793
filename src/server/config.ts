/**
 * The gateway's configuration, read from the environment through a schema (README, Configuration):
 * a variable that is set but wrong (PORT=abc, SESSION_IDLE_MINUTES=-1, DEFAULT_LOCALE=fr) stops the
 * gateway at start with a sentence naming it, instead of running on a value nobody chose.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import Format from 'typebox/format';
import type { PortalConfig } from '@contract/portalConfig';
import { PROMISES } from '@common/insurer';
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
  /** How long the audit trail keeps a row (docs/audit.md): days. */
  auditRetentionDays: number;
  /**
   * How often the embedded insurer's routine runs (services/insurerRun.ts: claims reviewed and paid,
   * refunds confirmed on their promised days, the activity log's expired rows removed): minutes; 0
   * when the insurer's own systems do it.
   */
  insurerRunMinutes: number;
  /** A group policy's renewal is prepared these days before its end (PROMISES.groupRenewBeforeDays by default). */
  groupRenewBeforeDays: number;
  logLevel: string;
  /** Swagger UI at <GATEWAY_PREFIX>/docs (development); the OpenAPI document is always served. */
  apiDocs: boolean;
  portal: PortalConfig;
}

const root = projectRoot;

const TRUE_WORDS = ['1', 'true', 'yes', 'on'];
const FALSE_WORDS = ['0', 'false', 'no', 'off'];

/** TRUST_PROXY: unset or false, true, a hop count, or a comma-separated list of addresses and CIDR ranges. */
export function trustProxyOf(value: string | undefined): boolean | number | string[] {
  const text = (value ?? '').trim();
  if (text === '' || FALSE_WORDS.includes(text.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(text.toLowerCase())) return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** An address (IPv4 or IPv6) or a CIDR range of them. */
function isAddressOrRange(text: string): boolean {
  const [address = '', bits, ...rest] = text.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}
Format.Set('trust-proxy', (text) => {
  const value = trustProxyOf(text);
  return !Array.isArray(value) || (value.length > 0 && value.every(isAddressOrRange));
});

/** The LINK_* variables: each replaces one of the portal's links. */
const LINKS = [
  'LINK_MAIN_PORTAL',
  'LINK_MAIN_SITE',
  'LINK_IDENTITY_PROVIDER',
  'LINK_PRODUCTS',
  'LINK_WEALTH',
  'LINK_SERVICE_CENTER',
  'LINK_CLAIMS_CENTER',
  'LINK_ABOUT',
  'LINK_HELP_CENTER',
  'LINK_PRIVACY',
  'LINK_CONTACT',
  'LINK_ASSISTANT',
  'LINK_QUESTIONNAIRE',
  'LINK_LEGAL_HELP_CENTER',
  'LINK_NEW_CAR',
  'LINK_REGISTER',
  'LINK_MEMBER_CENTER',
] as const;

const Flag = (description: string) =>
  Type.Boolean({ description: `${description}: true or false (also 1/0, yes/no, on/off)` });
const Link = () =>
  Type.String({ pattern: '^(/|https?://)\\S*$', description: 'a path on this site (/...) or an http(s):// address' });
const PathPrefix = (description: string) =>
  Type.String({ pattern: '^/?[A-Za-z0-9._~/-]*$', description: `${description}: a path such as /legal/` });
const Name = (description: string) =>
  Type.String({ maxLength: 60, description: `${description}, at most 60 characters` });

/** The environment the gateway reads, each variable with what it must be. Empty means unset. */
const Environment = Type.Object({
  HOST: Type.Optional(
    Type.String({ pattern: '^[A-Za-z0-9.:\\[\\]-]+$', description: 'the address or host name to listen on' }),
  ),
  PORT: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 65535, description: 'the port to listen on, a whole number from 0 to 65535' }),
  ),
  DATA_DIR: Type.Optional(Type.String()),
  DIST_DIR: Type.Optional(Type.String()),
  DATABASE_URL: Type.Optional(
    Type.String({
      pattern: '^postgres(ql)?://\\S+$',
      description: 'a PostgreSQL address, postgres://user:password@host:5432/database',
    }),
  ),
  SEED_DEMO: Type.Optional(Flag('whether to seed the demo world into an empty database')),
  ROUTER_BASE: Type.Optional(PathPrefix("the portal's path")),
  GATEWAY_PREFIX: Type.Optional(PathPrefix("the API's path")),
  PORTAL_NAME: Type.Optional(Name("the portal's English name")),
  PORTAL_NAME_ZH: Type.Optional(Name("the portal's Chinese name")),
  DEFAULT_LOCALE: Type.Optional(
    Type.Union([Type.Literal('en-US'), Type.Literal('zh-CN')], { description: 'the default language, en-US or zh-CN' }),
  ),
  SHOW_CHROME: Type.Optional(Flag('whether to show the top bar, header, footer and fixed navigation')),
  SECURE_COOKIES: Type.Optional(Flag('whether the gateway is behind HTTPS')),
  TRUST_PROXY: Type.Optional(
    Type.String({
      format: 'trust-proxy',
      description: 'true, false, a hop count, or addresses and CIDR ranges separated by commas (10.0.0.5,10.1.0.0/16)',
    }),
  ),
  SESSION_IDLE_MINUTES: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 525_600,
      description: 'the minutes a session lasts without a call, a whole number from 1 to 525600',
    }),
  ),
  AUDIT_RETENTION_DAYS: Type.Optional(
    Type.Integer({
      minimum: 30,
      maximum: 36_500,
      description: 'the days the audit trail keeps a row, a whole number from 30 to 36500',
    }),
  ),
  INSURER_RUN_MINUTES: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1_440,
      description:
        "the minutes between two runs of the embedded insurer's routine, a whole number from 0 (never) to 1440",
    }),
  ),
  GROUP_RENEW_BEFORE_DAYS: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 180,
      description: "the days before a group policy's end its renewal is prepared, a whole number from 1 to 180",
    }),
  ),
  LOG_LEVEL: Type.Optional(
    Type.Union(
      [
        Type.Literal('fatal'),
        Type.Literal('error'),
        Type.Literal('warn'),
        Type.Literal('info'),
        Type.Literal('debug'),
        Type.Literal('trace'),
        Type.Literal('silent'),
      ],
      { description: 'one of fatal, error, warn, info, debug, trace, silent' },
    ),
  ),
  API_DOCS: Type.Optional(Flag('whether to serve Swagger UI at <GATEWAY_PREFIX>/docs')),
  ...(Object.fromEntries(LINKS.map((name) => [name, Type.Optional(Link())])) as Record<
    (typeof LINKS)[number],
    ReturnType<typeof Type.Optional<ReturnType<typeof Link>>>
  >),
});
type Environment = Static<typeof Environment>;
const checkEnvironment = Compile(Environment);

/** The environment is not one the gateway can run with: the message names every variable at fault. */
export class ConfigError extends Error {}

/**
 * The variables the gateway reads, as their schema types them: empty ones left out, numbers and
 * flags read from their text; refused with one line per variable that is wrong.
 */
function readEnvironment(env: NodeJS.ProcessEnv): Environment {
  const properties = Environment.properties as Record<string, { type?: string; description?: string }>;
  const values: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(properties)) {
    const text = env[name];
    if (text === undefined || text === '') continue;
    const word = text.trim().toLowerCase();
    if (schema.type === 'integer') values[name] = /^-?\d+$/.test(word) ? Number(word) : text;
    else if (schema.type === 'boolean')
      values[name] = TRUE_WORDS.includes(word) ? true : FALSE_WORDS.includes(word) ? false : text;
    else values[name] = text;
  }
  if (checkEnvironment.Check(values)) return values;
  const wrong = new Map<string, string>();
  for (const error of checkEnvironment.Errors(values)) {
    const name = error.instancePath.split('/')[1];
    if (!name || wrong.has(name)) continue;
    wrong.set(
      name,
      `${name}=${JSON.stringify(env[name])} is not valid: ${properties[name]?.description ?? error.message}.`,
    );
  }
  throw new ConfigError(`The environment cannot be used:\n  ${[...wrong.values()].join('\n  ')}`);
}

function slashes(value: string): string {
  const trimmed = value.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

/** The gateway's configuration from the environment, checked (a ConfigError names what is wrong). */
export function loadConfig(processEnv: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const env = readEnvironment(processEnv);
  const routerBase = slashes(env.ROUTER_BASE ?? '/legal/');
  const gatewayPrefix = slashes(env.GATEWAY_PREFIX ?? '/gateway').replace(/\/$/, '');
  const login = env.LINK_IDENTITY_PROVIDER ?? '/idprovider/login';
  return {
    host: env.HOST ?? '127.0.0.1',
    port: env.PORT ?? 8080,
    dataDir: path.resolve(root, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL ?? null,
    distDir: path.resolve(root, env.DIST_DIR ?? 'dist'),
    publicDir: path.resolve(root, 'public'),
    fixturesDir: path.resolve(root, 'fixtures'),
    seedDemo: env.SEED_DEMO ?? true,
    secureCookies: env.SECURE_COOKIES ?? false,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    sessionIdleMinutes: env.SESSION_IDLE_MINUTES ?? 120,
    auditRetentionDays: env.AUDIT_RETENTION_DAYS ?? 1_825,
    insurerRunMinutes: env.INSURER_RUN_MINUTES ?? 60,
    groupRenewBeforeDays: env.GROUP_RENEW_BEFORE_DAYS ?? PROMISES.groupRenewBeforeDays,
    logLevel: env.LOG_LEVEL ?? 'info',
    apiDocs: env.API_DOCS ?? false,
    portal: {
      routerBase,
      gatewayPrefix,
      portalName: { 'en-US': env.PORTAL_NAME ?? 'Member Center', 'zh-CN': env.PORTAL_NAME_ZH ?? '会员中心' },
      defaultLocale: env.DEFAULT_LOCALE ?? 'en-US',
      showChrome: env.SHOW_CHROME ?? true,
      links: {
        mainPortal: env.LINK_MAIN_PORTAL ?? login,
        mainSite: env.LINK_MAIN_SITE ?? '/site/',
        products: env.LINK_PRODUCTS ?? '/site/products',
        wealth: env.LINK_WEALTH ?? '/site/wealth',
        serviceCenter: env.LINK_SERVICE_CENTER ?? '/site/service',
        claimsCenter: env.LINK_CLAIMS_CENTER ?? '/site/claims',
        about: env.LINK_ABOUT ?? '/site/about',
        helpCenter: env.LINK_HELP_CENTER ?? '/site/help',
        privacy: env.LINK_PRIVACY ?? '/site/privacy',
        contact: env.LINK_CONTACT ?? '/site/contact',
        assistant: env.LINK_ASSISTANT ?? '/site/assistant',
        questionnaire: env.LINK_QUESTIONNAIRE ?? '/site/questionnaire',
        legalHelpCenter: env.LINK_LEGAL_HELP_CENTER ?? '/help/legal.html',
        newCarValueAdded: env.LINK_NEW_CAR ?? '/help/new-car.html',
        identityProvider: login,
        register: env.LINK_REGISTER ?? '/idprovider/register',
        memberCenter: env.LINK_MEMBER_CENTER ?? routerBase,
      },
    },
  };
}
