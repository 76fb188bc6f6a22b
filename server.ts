// Composition root (DESIGN §2): configuration, database, tenants, then one Express app that sets
// headers and a CSP nonce, compresses, serves static files and media, resolves the tenant once per
// request and hands everything to Remix through getLoadContext. Stops gracefully on SIGTERM/SIGINT.
import './app/.server/observability/server-log-level';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import compression from 'compression';
import express, { type Request } from 'express';
import helmet from 'helmet';
import { sql } from 'kysely';
import type { ViteDevServer } from 'vite';
import './app/.server/context';
import { isLoopbackHost, loadConfig } from './app/.server/config';
import { migrateToLatest, openDatabase } from './app/.server/db/database';
import { visitorCountry } from './app/.server/geo/visitor-country';
import { hasSessionCookie, remixHandler } from './app/.server/http/remix-adapter';
import { cachedPageLane } from './app/.server/http/page-lane';
import { pageCacheKey, RenderCache } from './app/.server/http/render-cache';
import { mapCentre } from './app/.server/landers/lander-profiles';
import { effectiveCountry } from './app/.server/geo/selected-country';
import { now } from './app/.server/clock';
import { pathGuard, protocolGuard } from './app/.server/http/request-guard';
import { forwardedGuard, requestedAt, requestHost, storedOrigin, tenantHome, tenantOrigin, type OriginPolicy } from './app/.server/http/origin';
import { clientAddressGuard } from './app/.server/http/client-address';
import { admissionGate, startLoadMonitor } from './app/.server/http/admission';
import { securityHeaders } from './app/.server/http/security-headers';
import { unknownHostResponse } from './app/.server/http/unknown-host';
import { serverMessage } from './app/.server/i18n/messages';
import { catalogueHandler } from './app/.server/i18n/catalogue-handler';
import { landerLanguage } from './app/.server/i18n/lander-language';
import { memberLocale, negotiateLocale } from './app/.server/i18n/negotiate';
import { unsubscribePageMember } from './app/.server/notifications/unsubscribe';
import { createSessionCache } from './app/.server/accounts/session-cache';
import { apiRouter } from './app/.server/http/api-router';
import { operatorForSession } from './app/.server/operators/sessions';
import { createRateLimits } from './app/.server/http/rate-limits';
import { createLocalBus } from './app/.server/events/bus';
import { createRedisBus } from './app/.server/events/redis-bus';
import { createStreamRegistry, SSE_HEADERS } from './app/.server/events/sse';
import { providerFor } from './app/.server/payments/providers';
import { startJobQueue } from './app/.server/jobs/queue';
import { startScheduledJobs } from './app/.server/jobs/scheduled';
import { reweighSplits } from './app/.server/splits/optimise';
import { startPostbackWorker } from './app/.server/postbacks/worker';
import { startMailWorker } from './app/.server/mail/mail';
import { startSmsWorker } from './app/.server/directdebit/sms';
import { mediaHandler } from './app/.server/media/media-handler';
import { localMediaDir, openMediaStorage } from './app/.server/media/open-storage';
import { DEMO_PASSWORD, seedDemoAccounts } from './app/.server/seed/demo-accounts';
import { seedDemoHistory } from './app/.server/seed/demo-history';
import { isDatabaseEmpty, seedDemoProfiles } from './app/.server/seed/demo-profiles';
import { searchIndexOf } from './app/.server/members/search-index';
import { productionWarnings } from './app/.server/tenants/check';
import { TenantRegistry } from './app/.server/tenants/registry';
import { visitRecorder } from './app/.server/tracking/visit-recorder';
import { cachedVisibility, landingProfileVisible } from './app/.server/landers/landing-profile';
import { isLandingPath } from './app/.server/landers/resolve';
import type { Tenant } from './app/.server/tenants/schema';
import { logFunction, moduleLogger } from './app/.server/observability/logger';
import { registerGauges, requestLogging, requestMetrics, startMetricsServer } from './app/.server/observability/http';
import { cachedCheck, readinessProbe } from './app/.server/observability/readiness';
import { Redis } from 'ioredis';
import { networkConsole } from './app/.server/network/http';
import { networkWizard } from './app/.server/network/wizard-http';
import { errorAnswer, installProcessNet, requestContext } from './app/.server/http/error-net';

const TENANT_OVERRIDE_HEADER = 'x-rendezvous-tenant';

async function main() {
  const config = loadConfig();
  const isDev = config.NODE_ENV === 'development';
  // JSON lines on stdout (docs/decisions/0045-observability.md); each module writes through a child.
  // Start and stop lines (the address included, which tests and scripts read) are written at any LOG_LEVEL.
  const serverLog = moduleLogger('server');
  if (!serverLog.isLevelEnabled('info')) serverLog.level = 'info';
  const log = logFunction(serverLog);
  log(`Rendezvous on Node ${process.version} (${config.NODE_ENV}${config.DEMO ? ', demo' : ''})`);
  const logOf = (module: string) => logFunction(moduleLogger(module), 'warn');
  // One request's failure never ends the process (docs/decisions/0061); a burst of uncaught
  // exceptions drains and stops the instance through the shutdown below.
  let stopInstance: (reason: string) => void = () => process.exit(1);
  installProcessNet({ log: moduleLogger('process'), stop: (reason) => stopInstance(reason) });

  // Refuses to start on an invalid tenant file, naming file and field.
  const tenants = TenantRegistry.load(config.TENANTS_DIR, logFunction(moduleLogger('tenants'), 'error'));
  tenants.watch();
  // The sandbox settles payments for whoever presses its buttons: never in a real production start.
  const onSandbox = tenants.all().filter((tenant) => tenant.payments.provider === 'sandbox');
  if (config.realProduction && onSandbox.length) {
    throw new Error(
      `Refusing a production start: ${onSandbox.map((tenant) => `tenants/${tenant.id}.json`).join(', ')} ${onSandbox.length === 1 ? 'uses' : 'use'} the sandbox payment provider (payments.provider); set "mollie" with its key, or start the demo with DEMO=1`,
    );
  }
  // What this start will not send, in the words tenant:check warns with (issue 48 item 23).
  if (config.realProduction) {
    const warn = logOf('tenants');
    for (const tenant of tenants.all()) for (const warning of productionWarnings(tenant, { adminHost: config.ADMIN_HOST ?? null, realProduction: true })) warn(`tenants/${tenant.id}.json: ${warning}`);
  }
  if (!config.realProduction && !isLoopbackHost(config.HOST)) {
    log(`WARNING: listening on ${config.HOST} (DEMO_LISTEN_PUBLIC): anyone who reaches it can read reset links on /dev/outbox and settle sandbox payments`);
  }

  // Members' uploads: the local disk, or an S3-compatible store shared by a fleet (docs/decisions/0026).
  // A store that does not answer stops the start with the setting named.
  const media = openMediaStorage(config);
  await media.check();
  log(`media: ${config.MEDIA_S3 ? `S3 bucket ${config.MEDIA_S3.bucket}${config.MEDIA_S3.endpoint ? ` at ${config.MEDIA_S3.endpoint}` : ''}` : localMediaDir(config)}`);

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS === 'on',
    dataDir: path.join(config.DATA_DIR, 'pglite'),
  });
  await migrateToLatest(database.db);
  if (!config.SKIP_SEED && (await isDatabaseEmpty(database.db))) {
    log('empty database: seeding demo profiles…');
    const seeded = await seedDemoProfiles(database.db);
    log(`seeded ${seeded.profiles} profiles with ${seeded.photos} photos`);
  }
  // Demo accounts (README) for the demo and development only, never a real production start.
  if (!config.SKIP_SEED && (config.DEMO || isDev)) {
    const created = await seedDemoAccounts(database.db, tenants.all());
    if (created) log(`created ${created} demo accounts (password ${DEMO_PASSWORD})`);
    // Sixty days of each demo site's life, so that the consoles have something to show (decision 0049);
    // test servers start without it unless asked (their tests count the demo accounts' own rows).
    const history = (config.DEMO_HISTORY ?? (config.NODE_ENV === 'test' ? 'off' : 'on')) === 'off' ? { tenants: 0, visits: 0, signups: 0, purchases: 0 } : await seedDemoHistory(database.db, tenants.all(), { salt: config.SESSION_SECRET, media, origin: (tenant) => `http://${tenant.id}.localhost:${config.PORT}` });
    if (history.tenants) log(`demo history: ${history.visits} visits, ${history.signups} signups, ${history.purchases} purchases on ${history.tenants} sites`);
  }
  // The in-memory search index loads in the background; searches ask the database alone until then.
  const searchIndex = searchIndexOf(database.db);
  searchIndex.enabled = !config.SEARCH_INDEX_OFF;
  if (searchIndex.enabled) {
    void searchIndex
      .ready()
      .then(() => log(`search index: ${searchIndex.size} listed profiles`))
      .catch((error: Error) => log(`search index failed to load: ${error.message}`));
  }

  const devOutbox = !config.realProduction;
  // Links go to the tenant's own hosts only (docs/decisions/0036): the demo's <id>.localhost on the
  // port it listens on (known once it does), production domains from the tenant files.
  let listeningPort = config.PORT;
  const originPolicy: OriginPolicy = { devHosts: devOutbox, port: () => listeningPort };
  // Scheduled and retried work (docs/decisions/0023-job-queue.md): pg-boss in our database.
  const jobs = await startJobQueue(database.db, { log: logOf('jobs') });
  const mail = await startMailWorker(database.db, jobs, { smtpUrl: config.SMTP_URL, log: logOf('mail') });
  const sms = await startSmsWorker(database.db, jobs, { smsUrl: config.SMS_URL, log: logOf('sms') });
  if (!config.SMS_URL && !devOutbox) log('SMS_URL is not set: direct debit (it needs an SMS code) is not available');
  // One key space per deployment in Redis, shared by its instances and kept across restarts: the
  // events namespace (EVENTS_NAMESPACE, else derived from the database). Rate limits count there too
  // (docs/decisions/0044); without REDIS_URL they are counted in this process.
  const namespace = config.EVENTS_NAMESPACE ?? (await eventsNamespace(database, config.DATA_DIR));
  const limits = createRateLimits({ redisUrl: config.REDIS_URL, prefix: `${namespace}:limits` });
  // Live events (GET /api/events.php, docs/decisions/0018): Redis pub/sub across instances when
  // REDIS_URL is set, in-process otherwise. Instances on one database share a namespace in Redis.
  // Which member a session belongs to, cached for a few seconds per instance and dropped on every
  // instance when the session ends (docs/decisions/0041); the bus carries those ends.
  const sessions = createSessionCache();
  const events = sessions.watch(config.REDIS_URL ? createRedisBus(config.REDIS_URL, { namespace, log: logOf('events') }) : createLocalBus());
  const streams = { registry: createStreamRegistry(), heartbeatMs: config.EVENTS_HEARTBEAT_MS };
  // Postbacks to affiliate networks (docs/decisions/0028); the demo network's /dev/postbacks
  // templates go to this server itself, which is known once it listens (and only outside production).
  let ownOrigin: string | null = null;
  const postbacks = await startPostbackWorker(database.db, jobs, { tenant: (id) => tenants.get(id), selfOrigin: () => ownOrigin, log: logOf('postbacks') });
  await startScheduledJobs(jobs, {
    db: database.db,
    tenant: (id) => tenants.get(id),
    tenants: () => tenants.all(),
    providerFor: (tenant) => providerFor({ db: database.db, tenant, origin: tenantHome(tenant, originPolicy), sandboxAllowed: devOutbox }),
    events,
    media,
    // Links in notifications go to the host the member signed up on while it is one of the tenant's,
    // else the tenant's home (the demo's own *.localhost host, where the demo runs).
    originOf: (tenant, user) => storedOrigin(tenant, user.signup_host, originPolicy),
    log: logFunction(moduleLogger('scheduled')),
  });
  // The splits' weights at start, before the first visitor (docs/decisions/0064): each split under its
  // database lock, so instances starting together make one change; then the round every 5 minutes.
  const weighed = await reweighSplits(database.db, tenants.all(), { reason: 'start', log: logOf('splits') });
  if (weighed.changed) log(`splits: weighed ${weighed.splits}, new weights for ${weighed.changed}`);

  // Readiness (GET /readyz): the database, Redis when configured, and the media store; false while draining.
  let draining = false;
  const redisProbe = config.REDIS_URL ? new Redis(config.REDIS_URL, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectionName: 'rendezvous-readyz' }) : null;
  redisProbe?.on('error', () => {}); // each failed check says so in its answer
  const ready = readinessProbe(
    {
      database: async () => void (await sql`select 1`.execute(database.db)),
      ...(redisProbe
        ? {
            redis: async () => {
              if (redisProbe.status === 'wait' || redisProbe.status === 'end') await redisProbe.connect();
              await redisProbe.ping();
            },
          }
        : {}),
      store: cachedCheck(() => media.check()),
    },
    () => draining,
  );
  registerGauges({
    db: database.db,
    poolUse: database.poolUse,
    openStreams: () => streams.registry.size,
    queueStats: () => jobs.stats(),
    now,
    searchIndex: () => ({ profiles: searchIndex.size, bytes: searchIndex.bytes }),
  });
  const metricsServer =
    config.METRICS_PORT === undefined
      ? null
      : startMetricsServer(config.METRICS_PORT, config.METRICS_HOST, { ready, onListening: (port) => log(`metrics on http://${config.METRICS_HOST}:${port}/metrics`) });

  // `Secure` exactly when the request came over https, directly or through a trusted proxy (TRUST_PROXY,
  // X-Forwarded-Proto): a plain-http demo keeps its cookies in every browser (issue 48 item 22,
  // docs/decisions/0069, which replaces 0012's "Secure everywhere").
  const secureCookies = (req: Request) => req.secure;

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', parseTrustProxy(config.TRUST_PROXY));
  // req.query through node:querystring (objects without a prototype), never qs's nesting.
  app.set('query parser', 'simple');
  // Malformed targets and Host headers answer 400 before anything else sees them (docs/api.md).
  app.use(protocolGuard());
  // A trusted proxy's X-Forwarded-Proto other than http/https, or an X-Forwarded-Host that is no host: 400.
  app.use(forwardedGuard());
  // req.ip only ever a valid address (X-Forwarded-For may say anything).
  app.use(clientAddressGuard());

  const identity: express.RequestHandler = (req, res, next) => {
    res.locals.nonce = crypto.randomBytes(16).toString('base64');
    // Behind a trusted proxy its request id is kept (nginx's $request_id, deploy/nginx.conf.template), so one id names the request in both logs.
    const proxyId = app.get('trust proxy') ? req.get('x-request-id') : undefined;
    res.locals.requestId = proxyId && /^[\w-]{8,128}$/.test(proxyId) ? proxyId : crypto.randomUUID();
    res.set('X-Request-Id', res.locals.requestId as string);
    next();
  };
  // The rest of the request runs in its context: a late failure on its behalf is answered and logged with its id.
  const inContext = requestContext();
  // One JSON line per request, and its duration by route pattern and tenant (docs/decisions/0045).
  const logging = requestLogging();
  const timing = requestMetrics();
  const securityHeaderSet = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.nonce as string}'`, "'strict-dynamic'"],
        // styled-components inserts <style> elements at run time; see docs/decisions/0005-csp.md.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: isDev ? ["'self'", 'ws:'] : ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Landers may be framed by the site itself: the marketer's gallery previews them (decision 0028).
        frameAncestors: [(req) => (isLandingPath((req as Request).path) ? "'self'" : "'none'")],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Browsers then send a real Origin on same-site form posts (no-referrer makes it "null").
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only over HTTPS, in securityHeaders below.
    strictTransportSecurity: false,
  });
  // Strict-Transport-Security on HTTPS requests of a production start; a Permissions-Policy that
  // allows only what the site uses (docs/decisions/0005).
  const moreSecurityHeaders = securityHeaders({ production: config.NODE_ENV === 'production' });
  // Event streams are never compressed: each event must leave at once (and a zlib stream per open
  // stream would cost memory for nothing).
  const compress = compression({ filter: (req, res) => !String(res.getHeader('Content-Type') ?? '').startsWith(SSE_HEADERS['Content-Type'].split(';')[0]!) && compression.filter(req, res) });

  // Admission control (docs/decisions/0039): a saturated event loop answers 503 with Retry-After
  // before any work starts (the gate is below, once the tenant is known); /healthz is never refused.
  const load = startLoadMonitor({ maxDelayMs: config.OVERLOAD_DELAY_MS, forcedDelayMs: config.OVERLOAD_TEST_DELAY_MS });
  // Tenant by host, once per request; an unknown host never sees another tenant's content.
  const tenantOfRequest = (req: Request) => tenants.resolve(req.hostname, { override: req.get(TENANT_OVERRIDE_HEADER) ?? null, allowOverride: config.NODE_ENV === 'test' });
  const renderCache = config.RENDER_CACHE === 'on' && !isDev ? new RenderCache() : null;
  // Everything that changes an anonymous page's bytes (docs/decisions/0025).
  const pageKeyOf = (req: Request, res: express.Response, tenant: Tenant) =>
    pageCacheKey({
      tenant,
      origin: tenantOrigin(tenant, requestedAt(req), originPolicy),
      locale: negotiateLocale(req.get('cookie'), tenant),
      country: effectiveCountry(tenant, visitorOf(req, config.COUNTRY_HEADER).country, req.get('cookie')),
      url: req.originalUrl,
      year: now().getUTCFullYear(),
      landing: landingKey(res.locals.landing as AppLoadContext['landing'], tenant, req.ip ?? null),
    });
  // A cached anonymous page is answered here, past the guards, through the middleware every answer
  // passes and nothing else (docs/decisions/0060); anything else goes on down the whole stack.
  if (renderCache) {
    app.use(cachedPageLane({ cache: renderCache, tenantOf: tenantOfRequest, keyOf: pageKeyOf, stepAside: () => draining || load.overloaded(), through: [identity, logging, timing, securityHeaderSet, moreSecurityHeaders, compress] }));
  }
  app.use(identity);
  app.use(inContext);
  app.use(logging);
  app.use(timing);
  // While draining, each answer asks its client to hang up, so keep-alive clients move on.
  app.use((_req, res, next) => {
    if (draining) res.set('Connection', 'close');
    next();
  });
  app.use(securityHeaderSet);
  app.use(moreSecurityHeaders);
  app.use(compress);

  app.get('/healthz', async (_req, res) => {
    try {
      await sql`select 1`.execute(database.db);
      res.json({ status: 'ok', database: database.kind });
    } catch (error) {
      res.status(503).json({ status: 'unavailable', error: (error as Error).message });
    }
  });

  // Readiness for load balancers: 503 while draining or while a dependency does not answer.
  app.get('/readyz', async (_req, res) => {
    const readiness = await ready();
    res.status(readiness.ready ? 200 : 503).set('Cache-Control', 'no-store').json(readiness);
  });

  let viteDevServer: ViteDevServer | undefined;
  if (isDev) {
    const vite = await import('vite');
    viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(viteDevServer.middlewares);
  } else {
    // Hashed file names: cache for good.
    app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }));
    // Other public files only where one exists: a file-system stat on every page and API request
    // cost more than it served (docs/decisions/0025).
    const publicFiles = new Set(fs.readdirSync('build/client').filter((name) => name !== 'assets' && !name.startsWith('.')));
    const servePublic = express.static('build/client', { maxAge: '1h' });
    if (publicFiles.size) app.use((req, res, next) => (publicFiles.has(req.path.split('/')[1] ?? '') ? servePublic(req, res, next) : next()));
  }

  // Message catalogues: precomputed scripts, before tenant resolution and admission control.
  app.use(catalogueHandler);

  // The brand wizard's preview of a draft tenant: the app without the render cache (assigned once the build is loaded).
  let renderDraft: express.RequestHandler = (_req, _res, next) => next();
  // The network console (docs/decisions/0050) on ADMIN_HOST, which no tenant owns: before the tenant resolution.
  if (config.ADMIN_HOST) {
    const claimed = tenants.resolve(config.ADMIN_HOST, { override: null, allowOverride: false });
    if (claimed) throw new Error(`ADMIN_HOST: ${config.ADMIN_HOST} is a host of tenants/${claimed.id}.json; the network console needs a host of its own`);
    // The brand wizard (docs/decisions/0053) on the same host; its preview renders the app through renderDraft, set below.
    app.use(networkWizard({ db: database.db, adminHost: config.ADMIN_HOST, tenants: () => tenants.all(), tenantsDir: config.TENANTS_DIR, reloadTenants: () => tenants.reload(), renderPage: (req, res, next) => renderDraft(req, res, next), demoMedia: mediaHandler({ storage: media, demoDir: localMediaDir(config), db: database.db }) }));
    app.use(networkConsole({ db: database.db, adminHost: config.ADMIN_HOST, tenants: () => tenants.all(), secure: secureCookies, devOutbox, pokeMail: () => mail.poke(), tenantsDir: config.TENANTS_DIR, reloadTenants: () => tenants.reload(), siteHome: (tenant) => tenantHome(tenant, originPolicy), limits, adminOrigin: () => (originPolicy.devHosts ? `http://${config.ADMIN_HOST}:${originPolicy.port()}` : `https://${config.ADMIN_HOST}`) }));
  }

  app.use((req, res, next) => {
    const tenant = tenantOfRequest(req);
    if (!tenant) {
      const page = unknownHostResponse(req.path, req.get('accept-language'));
      res.status(page.status).type(page.type).set('Cache-Control', 'no-store').send(page.body);
      return;
    }
    res.locals.tenant = tenant;
    next();
  });
  // ?lang= on a lander URL: that language for this request (and the visitor's cookie); before
  // anything reads the language (docs/decisions/0028).
  app.use(landerLanguage({ secure: secureCookies }));
  app.use(pathGuard((req, tenant) => negotiateLocale(req.get('cookie'), tenant)));
  // Media only on a tenant's host; a member's photo only on the hosts of the tenant that shows it.
  // Before admission control: like the static files, a picture of a page that was served is never
  // shed (issue 48 item 16).
  app.use('/media', mediaHandler({ storage: media, demoDir: localMediaDir(config), db: database.db }));
  app.use(admissionGate(load, { retryAfterS: config.OVERLOAD_RETRY_AFTER_S, localeOf: (req, tenant) => negotiateLocale(req.get('cookie'), tenant), warn: logOf('admission') }));

  // Visits (docs/decisions/0027): every lander and member landing URL, and any page opened with a
  // traffic source, is counted here — before Remix and before any render cache, so a lander served
  // from a cache still counts. It also picks a split's variant (res.locals.landing → context.landing).
  app.use(
    visitRecorder({
      db: database.db,
      salt: config.SESSION_SECRET,
      secure: secureCookies,
      country: (req) => visitorOf(req, config.COUNTRY_HEADER).country,
      profileVisible: cachedVisibility((tenant, id) => landingProfileVisible(database.db, tenant, id)),
      log,
    }),
  );


  // Mutations only from our own pages (DESIGN §10): an Origin must be this very scheme and host; a
  // mutation that carries a session cookie — a member's or an operator's — must prove it is
  // same-origin (Origin, or Sec-Fetch-Site: same-origin). Calls without either cookie and without an
  // Origin (provider webhooks, scripts) are not a cross-site forgery and pass.
  app.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    const origin = req.get('origin');
    const host = (requestHost(req) ?? '').toLowerCase();
    const own = `${req.protocol}://${host}`;
    const withSession = hasSessionCookie(req.headers.cookie);
    const sameOrigin = origin !== undefined ? origin.toLowerCase() === own : !withSession || req.get('sec-fetch-site') === 'same-origin';
    if (!sameOrigin) {
      const locale = negotiateLocale(req.get('cookie'), res.locals.tenant as Tenant);
      res.status(403).json({ error: 'cross_origin', message: serverMessage(locale, 'api.error.crossOrigin') });
      return;
    }
    next();
  });

  const build = viteDevServer
    ? () => viteDevServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
    : ((await import(path.resolve('build/server/index.js'))) as ServerBuild);

  // Per-request hooks that must see every page view, also those the render cache answers (e.g.
  // recording a lander visit), go here, as middleware before remixHandler: the cache lookup is inside
  // it. Most cached pages are answered earlier, by the cached-page lane, which such a hook must join
  // (its `through` list) or make step aside for the requests it needs (as landers do; decision 0060).

  const getLoadContext = async (req: Request, res: express.Response): Promise<AppLoadContext> => {
    const tenant = res.locals.tenant as Tenant;
    const user = await sessions.userFor(database.db, tenant, req.get('cookie'));
    // The request's log line names the member (never the session).
    if (user) res.locals.memberId = user.id;
    // The operator console (/operator…) speaks the operator's own language, whatever the tenant's.
    const operator = /^\/operator(?:\/|\.data$|$)/i.test(req.path) ? await operatorForSession(database.db, tenant, req.get('cookie')) : null;
    if (operator) res.locals.operatorId = operator.id;
    // A member's saved language when the browser has no choice of its own (issue 34 item 14); the
    // unsubscribe page of a mail is about a member without a session.
    const member = user ?? (await unsubscribePageMember(database.db, tenant, req.path));
    const cookieLocale = operator?.language ?? memberLocale(req.get('cookie'), tenant, member);
    return {
      requestId: res.locals.requestId as string,
      tenant,
      locale: cookieLocale,
      nonce: res.locals.nonce as string,
      db: database.db,
      tenants,
      visitor: visitorOf(req, config.COUNTRY_HEADER),
      isDev,
      user,
      operator,
      origin: tenantOrigin(tenant, requestedAt(req), originPolicy),
      secure: secureCookies(req),
      userAgent: req.get('user-agent') ?? null,
      jobs,
      mail,
      sms,
      smsAvailable: Boolean(config.SMS_URL) || devOutbox,
      limits,
      events,
      streams,
      media,
      devOutbox,
      render: { abortMs: config.RENDER_ABORT_MS, retryAfterS: config.OVERLOAD_RETRY_AFTER_S },
      mailFeedbackSecret: config.MAIL_FEEDBACK_SECRET ?? null,
      landing: res.locals.landing as AppLoadContext['landing'],
      clickId: (res.locals.clickId as string | null | undefined) ?? null,
    };
  };
  const localeOf = (req: Request, tenant: Tenant) => negotiateLocale(req.get('cookie'), tenant);

  // The JSON API (/api/*.php, docs/api.md): its own router over the one registry, without Remix (docs/decisions/0041).
  app.use(apiRouter({ build, getLoadContext, localeOf }));

  renderDraft = remixHandler({ build, mode: isDev ? 'development' : 'production', localeOf, getLoadContext });
  app.all(
    '/{*splat}',
    remixHandler({
      build,
      mode: isDev ? 'development' : 'production',
      localeOf,
      // Everything that changes an anonymous page's bytes (docs/decisions/0025).
      renderCache: renderCache && { cache: renderCache, keyOf: pageKeyOf },
      getLoadContext,
    }),
  );
  // Whatever a handler above throws or rejects with (Express 5 passes both here): its 4xx, or a logged 500.
  app.use(errorAnswer(moduleLogger('http')));

  const server = app.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    listeningPort = port;
    if (devOutbox) ownOrigin = `http://${typeof address === 'object' && address && !['0.0.0.0', '::'].includes(address.address) ? (address.family === 'IPv6' ? `[${address.address}]` : address.address) : '127.0.0.1'}:${port}`;
    log(`${database.kind} database, ${tenants.all().length} tenants, listening on http://localhost:${port} (address ${config.HOST})`);
    for (const tenant of tenants.all()) log(`  ${tenant.settings.name}: http://${tenant.id}.localhost:${port}/`);
    if (config.DEMO || isDev) log(demoBlock(port, config.ADMIN_HOST));
  });

  let stopping = false;
  let exitCode = 0;
  stopInstance = (reason) => {
    exitCode = 1;
    shutdown(reason);
  };
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Readiness turns false at once; with DRAIN_DELAY_MS requests are still served that long, so that
    // a load balancer notices before the listener closes.
    draining = true;
    log(`${signal}: draining${config.DRAIN_DELAY_MS ? ` for ${config.DRAIN_DELAY_MS} ms` : ''}, then finishing in-flight requests…`);
    setTimeout(() => close(), config.DRAIN_DELAY_MS);
  };
  const close = () => {
    // Open event streams end now: their clients reconnect (to another instance) and resume.
    streams.registry.closeAll();
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    force.unref();
    // Keep-alive sockets become idle once their response is sent: close them as they do.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    sweep.unref();
    server.close(async () => {
      clearInterval(sweep);
      tenants.close();
      load.stop();
      // Running jobs finish (up to 10 s) before the workers and the database close.
      await jobs.stop();
      await postbacks.stop();
      await mail.stop();
      await sms.stop();
      await limits.close();
      await events.close();
      await viteDevServer?.close();
      metricsServer?.close();
      redisProbe?.disconnect();
      await database.close();
      log('stopped');
      process.exit(exitCode);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/** What a newcomer needs after `npm start`: the demo accounts and the consoles (README, "Demo accounts"). */
function demoBlock(port: number, adminHost: string | undefined): string {
  return [
    `demo accounts (password ${DEMO_PASSWORD}), <site> being flirtlokaal, herzklopfen, rainbowhearts, solvhjerter or bellacurva:`,
    `  members    member@<site>.example, premium@<site>.example — http://<site>.localhost:${port}/login`,
    `  operators  operator@, moderator@, marketer@, admin@<site>.example — http://<site>.localhost:${port}/operator/login`,
    ...(adminHost ? [`  network    network@rendezvous.example, analyst@rendezvous.example — http://${adminHost}:${port}/ (codes on http://${adminHost}:${port}/dev/outbox)`] : []),
    `  mails      http://<site>.localhost:${port}/dev/outbox`,
  ].join('\n');
}

/** The Redis namespace of this installation's events: one per database, so that instances on it meet and others never do. */
async function eventsNamespace(database: Awaited<ReturnType<typeof openDatabase>>, dataDir: string): Promise<string> {
  // An embedded database belongs to its data folder (and to one process); a server's by its name.
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db);
  const identity = database.kind === 'pglite' ? `pglite:${dataDir}` : `postgres:${rows[0]?.name ?? ''}`;
  return `rdv:${crypto.createHash('sha256').update(identity).digest('hex').slice(0, 12)}`;
}

/** The part of a lander's cache key that the visitor recorder chose: lander, variant, profile. */
/** A lander's part of the render cache key: lander, variant, landing profile, and the map lander's centre (a city's point). */
function landingKey(landing: AppLoadContext['landing'], tenant: Tenant, ip: string | null): string {
  if (!landing) return '';
  const centre = landing.lander === 'maplanding' ? mapCentre(tenant, ip) : null;
  return `${landing.lander}:${landing.variant.slug}:${landing.profileId ?? ''}${centre ? `:${centre.lat},${centre.lon}` : ''}`;
}

function visitorOf(req: Request, countryHeader: string | undefined) {
  const ip = req.ip ?? null;
  // A proxy's country header counts only when that proxy is trusted (Express then believes it for req.ip too).
  const trusted = req.app.get('trust proxy') !== false && countryHeader;
  return { ip, country: visitorCountry({ ip, headerCountry: trusted ? req.get(countryHeader) : null }) };
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
