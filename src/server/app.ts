import { clearInterval, setInterval } from 'node:timers';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { Status } from '@contract/envelope';
import type { GatewayConfig } from './config';
import type { Database } from './db/database';
import { migrateToLatest } from './db/migrate';
import { withStartupLock } from './db/startupLock';
import { DatabaseSignals } from './db/signals';
import { SESSION_CHANNEL } from './db/migrations/0570_session_signals';
import { seedDemo } from './demo/seed';
import type { Services } from './http/context';
import { registerCompression } from './http/compression';
import { registerSecurityHeaders } from './http/securityHeaders';
import { validatorCompiler } from './http/decode';
import { registerApiDocs } from './http/apiDocs';
import { requestLogger } from './http/requestLog';
import { clientErrorHandler, registerHardening } from './http/hardening';
import {
  BODY_LIMIT,
  clientErrorKey,
  clientErrorStatus,
  LIMIT_PARAMS,
  registerMultipart,
  UPLOAD_LIMIT,
} from './http/unreadable';
import { DomainError } from './services/errors';
import { requestLocale } from './http/locale';
import { translate, type MessageKey, type MessageParams } from './messages/catalogue';
import { captchaRoutes } from './routes/captcha';
import { commonRoutes } from './routes/common';
import { claimRoutes } from './routes/claim';
import { documentRoutes } from './routes/documents';
import { policyRoutes } from './routes/policy';
import { recordRoutes } from './routes/record';
import { auditRoutes } from './routes/audit';
import { usersRoutes } from './routes/users';
import { personalRoutes } from './routes/personal';
import { employeeRoutes } from './routes/employee';
import { insuredRoutes } from './routes/insured';
import { cashierRoutes } from './routes/cashier';
import { OrderPayments } from './services/personal/orderPayments';
import { PolicyPayments } from './services/policy/policyPayments';
import { GroupRenewals } from './services/policy/groupRenewals';
import { PaymentDesk } from './services/payments/subjectPayments';
import { createCorrections } from './services/corrections/corrections';
import { Certificates } from './services/certificates/certificates';
import { CertificateZips } from './services/certificates/certificateZip';
import { accountRoutes } from './routes/account';
import { invoiceRoutes } from './routes/invoice';
import { opinionRoutes } from './routes/opinion';
import { identityRoutes } from './routes/identity';
import { portalRoutes } from './routes/portal';
import { siteRoutes } from './routes/site';
import { Captcha } from './services/captcha';
import { Crypto } from './services/crypto';
import { Identity } from './services/identity';
import { MemberAccounts } from './services/memberAccounts';
import { Menus } from './services/menus';
import { OutboxSmsSender, SmsCodes } from './services/sms';
import { Verifications } from './services/verification';
import { Accounts } from './services/account';
import { CommonData } from './services/common';
import { Invoices } from './services/invoice';
import { Opinions } from './services/opinion';
import { systemClock, type Clock } from './services/clock';
import { Products } from './services/products';
import { Site } from './services/site';
import { Policies, POLICY_LIST_CACHE } from './services/policy/policies';
import { MemoryCache } from './services/memoryCache';
import type { LegalPolicyPage } from '@contract/io/policy';
import { ClaimQueries } from './services/policy/claims/queries';
import { ClaimReporting } from './services/policy/claims/reporting';
import { ClaimProgress } from './services/policy/claimProgress';
import { InsurerRun } from './services/insurerRun';
import { Invitations } from './services/invitations';
import { Records } from './services/policy/records';
import { AuditTrail } from './services/audit';
import { CompanyUsers } from './services/companyUsers';
import { PolicyDocuments } from './services/policy/documents';
import { Orders } from './services/personal/orders';
import { Renewals } from './services/personal/renewals';
import { ClubPoints } from './services/personal/club/points';
import { ClubBookings } from './services/personal/club/bookings';
import { ClubFavourites } from './services/personal/club/favourites';
import { ClubActivities } from './services/personal/club/activities';
import { Assets } from './services/personal/assets';
import { PolicyBinding } from './services/personal/binding';
import { Profiles } from './services/personal/profile';

export interface BuildOptions {
  config: GatewayConfig;
  database: Database;
  /** Fastify's logger: true for structured JSON request logs, false in tests. */
  logger?: boolean | object;
  /** The gateway's clock (tests may hold or move time). */
  clock?: Clock;
  /** The monotonic milliseconds the memory caches count by (performance.now; tests move their own). */
  cacheClock?: () => number;
}

export async function buildApp({
  config,
  database,
  logger,
  clock = systemClock,
  cacheClock,
}: BuildOptions): Promise<FastifyInstance> {
  const log = logger === undefined ? requestLogger(config.logLevel) : null;
  const app = Fastify({
    // Structured JSON logs, one line per request (http/requestLog.ts); tests pass their own.
    logger: log?.logger ?? logger,
    ...(log ? { logController: log.logController } : {}),
    bodyLimit: BODY_LIMIT,
    // X-Forwarded-* only from the proxies TRUST_PROXY names: otherwise a forged header would pick the
    // address every per-client limit counts.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    clientErrorHandler: clientErrorHandler(config.portal.defaultLocale),
    genReqId: () => Math.random().toString(36).slice(2, 10),
  });

  // Gateways started together on one database take turns: the first migrates and seeds, the others find it done.
  await withStartupLock(database, async () => {
    await migrateToLatest(database);
    if (config.seedDemo) await seedDemo(database.db, database.dialect, config.fixturesDir, () => clock.now());
  });

  const { dialect } = database;
  const identity = new Identity(database.db, config.sessionIdleMinutes, clock, cacheClock);
  // Every service writes through one handle: a write to sessions or users empties the identity's session
  // cache, a write to policies the corporate policy lists kept in memory (services/memoryCache.ts).
  const legalPolicyLists = new MemoryCache<LegalPolicyPage>({ ...POLICY_LIST_CACHE, now: cacheClock });
  // On PostgreSQL the database tells every gateway at once of sessions ended or changed anywhere; while
  // it cannot (the listening connection dropped), a kept session lasts its second, as on SQLite.
  const sessionSignals =
    database.dialect === 'postgres' && config.databaseUrl
      ? new DatabaseSignals(config.databaseUrl, SESSION_CHANNEL, {
          message: () => identity.forgetSessions(),
          listening: () => identity.forgetSessions(),
        })
      : undefined;
  await sessionSignals?.start();
  if (sessionSignals) {
    // An answer after this gateway ended or changed sessions waits (briefly) for the database's word of
    // it to come back: the other gateways hear it at the same moment, so the client's next request,
    // wherever it goes, is answered as it should be.
    const startedAt = new WeakMap<object, number>();
    app.addHook('onRequest', async (request) => {
      startedAt.set(request, performance.now());
    });
    app.addHook('onSend', async (request) => {
      const written = identity.sessionsWrittenAt;
      if (written >= (startedAt.get(request) ?? Infinity)) await sessionSignals.heardSince(written, 250);
    });
  }
  const db = identity.db.withPlugin(legalPolicyLists.watch);
  // The activity log records money that moved without a user's request, in the transaction that moved it.
  const audit = new AuditTrail(db, clock, config.auditRetentionDays);
  const corrections = createCorrections(db, clock, { moneyLog: audit.money });
  const certificateZips = new CertificateZips();
  const verifications = new Verifications(db, clock);
  const products = new Products(db, clock);
  const crypto = new Crypto(db, clock);
  const orderPayments = new OrderPayments(db, clock);
  const policyPayments = new PolicyPayments(db, clock, { log: audit.money });
  const groupRenewals = new GroupRenewals(db, clock, products, {
    beforeDays: config.groupRenewBeforeDays,
    log: audit.money,
  });
  const claimQueries = new ClaimQueries(db, products);
  const orders = new Orders(db, clock, products, orderPayments);
  const smsSender = new OutboxSmsSender(db, app.log, clock);
  const sms = new SmsCodes(db, smsSender, { now: () => clock.now() });
  const services: Services = {
    config,
    clock,
    db,
    dialect: database.dialect,
    identity,
    sessionSignals,
    menus: new Menus(db, () => clock.now().getTime()),
    common: new CommonData(db, clock),
    captcha: new Captcha(db, undefined, clock),
    crypto,
    corrections,
    orderPayments,
    sms,
    memberAccounts: new MemberAccounts(db, sms, clock),
    verifications,
    accounts: new Accounts(db, verifications, clock, sms, config.portal.defaultLocale),
    invoices: new Invoices(db, clock, products),
    opinions: new Opinions(db, clock),
    products,
    site: new Site(db, clock, products, config.fixturesDir),
    policies: new Policies(db, clock, products, legalPolicyLists),
    claimQueries,
    claimReporting: new ClaimReporting(db, clock, products, claimQueries),
    claimProgress: new ClaimProgress(db, clock),
    insurerRun: new InsurerRun(db, clock, audit, groupRenewals),
    records: new Records(db, dialect, clock, products),
    audit,
    companyUsers: new CompanyUsers(db),
    invitations: new Invitations(db, smsSender, clock),
    policyDocuments: new PolicyDocuments(db, clock, products),
    certificates: new Certificates(db, clock, products, certificateZips),
    policyPayments,
    groupRenewals,
    payments: new PaymentDesk(db, [
      orderPayments,
      policyPayments,
      corrections.payments.attempts,
      groupRenewals.payments,
    ]),
    orders,
    renewals: new Renewals(db, clock, products, orders),
    clubPoints: new ClubPoints(db, dialect, clock),
    clubBookings: new ClubBookings(db, clock),
    clubFavourites: new ClubFavourites(db),
    clubActivities: new ClubActivities(db, dialect, clock),
    assets: new Assets(db, clock),
    policyBinding: new PolicyBinding(db, clock, products),
    profiles: new Profiles(db, clock, crypto),
  };
  // The personal centre checks the bound-phone change's SMS code with the SMS service.
  services.phoneCodes = services.sms;
  app.decorate('services', services);

  await registerSecurityHeaders(app, { hsts: config.secureCookies });
  await registerCompression(app);
  await app.register(cookie);
  // After the cookie plugin: a refusal is said in the language of the locale cookie.
  registerHardening(app, config);
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  await registerMultipart(app, {
    attachFieldsToBody: true,
    limits: { fileSize: UPLOAD_LIMIT, files: 10, fields: 50, fieldSize: 64 * 1024, parts: 60 },
    throwFileSizeLimit: true,
  });
  await app.register(rateLimit, { global: false });
  // The calls' request schemas are checked by the contract's decoder (form strings to typed values).
  app.setValidatorCompiler(validatorCompiler);
  app.decorateRequest('call', null);
  // Before the routes: the OpenAPI document is made from the routes' schemas as they register.
  await registerApiDocs(app, config);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A refusal is the envelope with its own data, not the answer the route's schema describes.
    reply.serializer(JSON.stringify).type('application/json; charset=utf-8');
    const locale = requestLocale(request, config.portal.defaultLocale);
    const say = (status: string, key: MessageKey, params?: MessageParams) =>
      reply.code(200).send({ status, statusText: translate(locale, key, params), data: null });
    if (error instanceof DomainError) {
      return reply.code(200).send({ status: error.status, statusText: error.text(locale), data: error.data });
    }
    const code = clientErrorStatus(request, error);
    if (code === 429) return say(Status.business, 'common.tooManyRequests');
    if (code !== null) {
      request.log.info({ err: { code: error.code, message: error.message } }, 'request refused');
      // A body that is not a body at all (a malformed multipart) is a bad request; the others are refusals the portal shows.
      if (code === 400 && !error.statusCode)
        return reply
          .code(400)
          .send({ status: Status.business, statusText: translate(locale, 'common.unreadable'), data: null });
      return say(Status.business, clientErrorKey(error, code), LIMIT_PARAMS);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({
      status: 'ERR_0500',
      statusText: translate(locale, 'common.serviceProblem'),
      data: null,
    });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404);
    if (request.url.startsWith(config.portal.gatewayPrefix)) {
      const locale = requestLocale(request, config.portal.defaultLocale);
      return reply.send({ status: 'ERR_0404', statusText: translate(locale, 'common.noSuchCall'), data: null });
    }
    return reply.type('text/plain; charset=utf-8').send('Not found');
  });

  await app.register(async (scope) => {
    await identityRoutes(scope, services);
    await captchaRoutes(scope, services);
    await commonRoutes(scope, services);
    await policyRoutes(scope, services);
    await documentRoutes(scope, services);
    await recordRoutes(scope, services);
    await auditRoutes(scope, services);
    await usersRoutes(scope, services);
    await claimRoutes(scope, services);
    await personalRoutes(scope, services);
    await employeeRoutes(scope, services);
    await insuredRoutes(scope, services);
    await cashierRoutes(scope, services);
    await invoiceRoutes(scope, services);
    await opinionRoutes(scope, services);
    await accountRoutes(scope, services);
    await portalRoutes(scope, services);
    await siteRoutes(scope, services);
    // The help pages in the user's language (the portal's language cookie, else the browser's): a
    // Chinese page from help/zh-CN/ where there is one, else the page as it is.
    const helpDir = path.join(config.publicDir, 'help');
    const localizedHelp = new Set(
      (await fs.promises.readdir(path.join(helpDir, 'zh-CN')).catch(() => [] as string[])).filter((f) =>
        f.endsWith('.html'),
      ),
    );
    for (const name of localizedHelp)
      scope.get(`/help/${name}`, async (request, reply) => {
        const locale = requestLocale(request, config.portal.defaultLocale);
        const file = locale === 'zh-CN' ? path.join(helpDir, 'zh-CN', name) : path.join(helpDir, name);
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', 'Cookie, Accept-Language')
          .send(await fs.promises.readFile(file));
      });
    await scope.register(fastifyStatic, {
      root: helpDir,
      prefix: '/help/',
      decorateReply: false,
    });
  });

  // The insurer's icon for every page's tab (browsers ask for /favicon.ico unless a page names another).
  const favicon = await fs.promises.readFile(path.join(config.publicDir, 'icons', 'favicon.svg'));
  for (const url of ['/favicon.ico', '/favicon.svg'])
    app.get(url, (_request, reply) =>
      reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400').send(favicon),
    );

  // The embedded insurer's routine: caught up before the gateway answers, then every INSURER_RUN_MINUTES.
  let insurerTimer: NodeJS.Timeout | undefined;
  let insurerRunning: Promise<void> = Promise.resolve();
  if (config.insurerRunMinutes > 0) {
    const runInsurer = () =>
      (insurerRunning = services.insurerRun.run().then(
        (done) => app.log.info({ insurerRun: done }, 'insurer routine'),
        (error: unknown) => app.log.error({ err: error }, 'insurer routine failed'),
      ));
    app.addHook('onReady', async () => {
      await runInsurer();
      insurerTimer = setInterval(() => void runInsurer(), config.insurerRunMinutes * 60_000).unref();
    });
  }

  app.addHook('onClose', async () => {
    clearInterval(insurerTimer);
    await insurerRunning;
    await sessionSignals?.close();
    await corrections.close();
    await certificateZips.close();
    await database.destroy();
    log?.flush();
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
