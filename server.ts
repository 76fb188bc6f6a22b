// The composition root (README "Layout", docs/decisions/0072): configuration, storage, the database
// and its sites, the shared services, then one Express app whose middleware list is the order every
// request passes, and the listener with its graceful stop. Each piece lives in the module that owns
// it (app/.server/start/, http/, observability/); this file only wires them.
import './app/.server/observability/server-log-level';
import type { Server } from 'node:http';
import express, { type Request } from 'express';
import compression from 'compression';
import { sql } from 'kysely';
import './app/.server/http/context';
import { isLoopbackHost, loadConfig, type Config } from './app/.server/config';
import { hasSessionCookie, remixHandler } from './app/.server/http/remix-adapter';
import { cachedPageLane } from './app/.server/http/page-lane';
import { RenderCache } from './app/.server/http/render-cache';
import { pageKeyOf } from './app/.server/http/page-key';
import { pathGuard, protocolGuard } from './app/.server/http/request-guard';
import { forwardedGuard, type OriginPolicy } from './app/.server/http/origin';
import { clientAddressGuard } from './app/.server/http/client-address';
import { admissionGate, startLoadMonitor } from './app/.server/http/admission';
import { contentSecurity, securityHeaders } from './app/.server/http/security-headers';
import { requestIdentity } from './app/.server/http/request-identity';
import { sameOriginGuard } from './app/.server/http/same-origin';
import { tenantHost } from './app/.server/http/tenant-host';
import { siteOf } from './app/.server/http/locals';
import { loadContextBuilder } from './app/.server/http/load-context';
import { apiRouter } from './app/.server/http/api-router';
import { errorAnswer, installProcessNet, requestContext } from './app/.server/http/error-net';
import { requestVisitor } from './app/.server/geo/visitor-country';
import { catalogueHandler } from './app/.server/i18n/catalogue-handler';
import { landerLanguage } from './app/.server/http/lander-language';
import { negotiateLocale } from './app/.server/i18n/negotiate';
import { SSE_HEADERS } from './app/.server/events/sse';
import { mediaHandler } from './app/.server/http/media-handler';
import { localMediaDir, openMediaStorage } from './app/.server/media/open-storage';
import { searchIndexOf } from './app/.server/members/search-index';
import { visitRecorder } from './app/.server/http/visit-recorder';
import { cachedVisibility, landingProfileVisible } from './app/.server/landers/landing-profile';
import { logFunction, moduleLogger } from './app/.server/observability/logger';
import { registerGauges, requestLogging, requestMetrics, startMetricsServer } from './app/.server/http/observability';
import { healthRoutes, instanceReadiness } from './app/.server/observability/readiness';
import { now } from './app/.server/clock';
import { prepareDatabase } from './app/.server/start/prepare';
import { startServices } from './app/.server/start/services';
import { consoleApp, sitesApp } from './app/.server/start/remix-apps';
import { networkConsoleHost } from './app/.server/start/network-console';
import { gracefulShutdown, type Shutdown } from './app/.server/start/shutdown';
import { demoBlock, listeningLines, ownOriginOf, trustProxySetting } from './app/.server/start/banner';

type Log = (message: string) => void;

/** Everything a start opens before it builds its HTTP app. */
async function boot(config: Config, log: Log, policy: { port: number; ownOrigin: string | null }) {
  // Members' uploads: the local disk, or an S3-compatible store shared by a fleet (docs/decisions/0026).
  const media = openMediaStorage(config);
  await media.check();
  log(`media: ${config.MEDIA_S3 ? `S3 bucket ${config.MEDIA_S3.bucket}${config.MEDIA_S3.endpoint ? ` at ${config.MEDIA_S3.endpoint}` : ''}` : localMediaDir(config)}`);
  const { database, sites } = await prepareDatabase(config, media, log);
  sites.watchFolder();
  if (!config.realProduction && !isLoopbackHost(config.HOST)) {
    log(`WARNING: listening on ${config.HOST} (DEMO_LISTEN_PUBLIC): anyone who reaches it can read reset links on /dev/outbox and settle sandbox payments`);
  }
  // The in-memory search index loads in the background; searches ask the database alone until then.
  const searchIndex = searchIndexOf(database.db);
  searchIndex.enabled = !config.SEARCH_INDEX_OFF;
  if (searchIndex.enabled) void searchIndex.ready().then(() => log(`search index: ${searchIndex.size} listed profiles`), (error: Error) => log(`search index failed to load: ${error.message}`));
  // Links go to the tenant's own hosts only (docs/decisions/0036): the demo's <id>.localhost on the port it listens on.
  const originPolicy: OriginPolicy = { devHosts: !config.realProduction, port: () => policy.port };
  const services = await startServices({ config, database, sites, media, originPolicy, ownOrigin: () => policy.ownOrigin, log });
  registerGauges({ db: database.db, poolUse: database.poolUse, openStreams: () => services.streams.registry.size, queueStats: () => services.jobs.stats(), now, searchIndex: () => ({ profiles: searchIndex.size, bytes: searchIndex.bytes }) });
  return { media, database, sites, originPolicy, services };
}

type Parts = Awaited<ReturnType<typeof boot>>;

/** The sites' load context, their language, and what a member's write does before it is answered. */
function sitesContext(config: Config, { database, sites, media, originPolicy, services }: Parts) {
  const getLoadContext = loadContextBuilder(
    { db: database.db, tenants: sites.registry, sessions: services.sessions, originPolicy, jobs: services.jobs, mail: services.mail, sms: services.sms, limits: services.limits, events: services.events, streams: services.streams, media },
    { isDev: config.NODE_ENV === 'development', devOutbox: !config.realProduction, countryHeader: config.COUNTRY_HEADER, smsAvailable: Boolean(config.SMS_URL) || !config.realProduction, render: { abortMs: config.RENDER_ABORT_MS, retryAfterS: config.OVERLOAD_RETRY_AFTER_S }, mailFeedbackSecret: config.MAIL_FEEDBACK_SECRET ?? null },
  );
  const localeOf = (req: Request, tenant = siteOf(req.res!)) => negotiateLocale(req.get('cookie'), tenant);
  // A member's write moves the member's refresh version once it has committed, before it is answered (docs/decisions/0067).
  const beforeSend = async (req: Request, context: Awaited<ReturnType<typeof getLoadContext>>) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && context.user) await services.refreshVersions.bump(context.tenant.id, context.user.id);
  };
  return { getLoadContext, beforeSend, localeOf };
}

/** The HTTP app: the middleware list is the order every request passes (docs/architecture.md). */
async function httpApp(config: Config, parts: Parts, log: Log, draining: () => boolean, ready: ReturnType<typeof instanceReadiness>['ready']) {
  const { database, sites, media, originPolicy, services } = parts;
  const development = config.NODE_ENV === 'development';
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxySetting(config.TRUST_PROXY));
  // req.query through node:querystring (objects without a prototype), never qs's nesting.
  app.set('query parser', 'simple');
  // Malformed targets, Host headers, forwarded values and client addresses answer 400 first (docs/api.md).
  app.use(protocolGuard(), forwardedGuard(), clientAddressGuard());
  const load = startLoadMonitor({ maxDelayMs: config.OVERLOAD_DELAY_MS, forcedDelayMs: config.OVERLOAD_TEST_DELAY_MS });
  const tenantOf = (req: Request) => sites.registry.resolve(req.hostname, { override: req.get('x-rendezvous-tenant') ?? null, allowOverride: config.NODE_ENV === 'test' });
  const renderCache = config.RENDER_CACHE === 'on' && !development ? { cache: new RenderCache(), keyOf: pageKeyOf({ originPolicy, countryHeader: config.COUNTRY_HEADER }) } : null;
  // What every answer passes: its id and nonce, its log line and timing, its security headers, compression (never of an event stream).
  const through = [
    requestIdentity(),
    requestLogging(),
    requestMetrics(),
    contentSecurity({ development }),
    securityHeaders({ production: config.NODE_ENV === 'production' }),
    compression({ filter: (req, res) => !String(res.getHeader('Content-Type') ?? '').startsWith(SSE_HEADERS['Content-Type'].split(';')[0]!) && compression.filter(req, res) }),
  ];
  // A cached anonymous page is answered here, through the middleware every answer passes (docs/decisions/0060); a paused site never is.
  if (renderCache) app.use(cachedPageLane({ ...renderCache, tenantOf: (req) => { const tenant = tenantOf(req); return tenant && sites.status(tenant.id) === 'active' ? tenant : null; }, stepAside: () => draining() || load.overloaded(), through }));
  // The request context (a late failure answered with its id), then the rest; while draining each answer asks its client to hang up.
  app.use(through[0]!, requestContext(), ...through.slice(1), (_req, res, next) => {
    if (draining()) res.set('Connection', 'close');
    next();
  });
  app.use(healthRoutes({ database: async () => void (await sql`select 1`.execute(database.db)), kind: database.kind, ready }));
  const sitesRemix = await sitesApp(development);
  const consoleRemix = config.ADMIN_HOST ? await consoleApp(development) : null;
  const adminHost = config.ADMIN_HOST;
  // The admin host's modules come from the console's own Vite server (networkConsoleHost below).
  app.use((req, res, next) => (adminHost && req.hostname.toLowerCase() === adminHost ? next() : sitesRemix.files(req, res, next)));
  // Message catalogues: precomputed scripts, before tenant resolution and admission control.
  app.use(catalogueHandler);
  const { getLoadContext, beforeSend, localeOf } = sitesContext(config, parts);
  const page = { build: sitesRemix.build, mode: development ? ('development' as const) : ('production' as const), localeOf: (req: Request) => localeOf(req), getLoadContext, beforeSend };
  // The network console on ADMIN_HOST, which no tenant owns: its own Remix app, before the tenant resolution.
  if (adminHost && consoleRemix) app.use(networkConsoleHost({ config, adminHost, database, sites, media, originPolicy, services, app: consoleRemix, renderDraft: remixHandler(page) }));
  // The site of the Host (unknown host, paused or archived site answered here); ?lang= on a lander URL; malformed paths.
  app.use(tenantHost({ tenantOf, status: (id) => sites.status(id) }), landerLanguage({ secure: (req) => req.secure }), pathGuard((req, tenant) => negotiateLocale(req.get('cookie'), tenant)));
  // Media only on a tenant's host, before admission control: a picture of a page that was served is never shed (issue 48 item 16).
  app.use('/media', mediaHandler({ storage: media, demoDir: localMediaDir(config), db: database.db }));
  // The bound on the work (docs/decisions/0071): requests in flight and a short queue with a deadline.
  app.use(admissionGate(load, config.admission, { retryAfterS: config.OVERLOAD_RETRY_AFTER_S, localeOf, warn: logFunction(moduleLogger('admission'), 'warn') }));
  // Visits (docs/decisions/0027): counted before Remix and the render cache; a split's variant is picked here.
  const profileVisible = cachedVisibility((tenant, id) => landingProfileVisible(database.db, tenant, id));
  app.use(visitRecorder({ db: database.db, salt: config.SESSION_SECRET, secure: (req) => req.secure, country: (req) => requestVisitor(req, config.COUNTRY_HEADER).country, profileVisible, log }));
  // Mutations only from our own pages (http/same-origin.ts).
  app.use(sameOriginGuard({ hasSession: hasSessionCookie, localeOf: (req, res) => negotiateLocale(req.get('cookie'), siteOf(res)) }));
  // The JSON API (/api/*.php, docs/api.md): its own router over the one registry, without Remix (docs/decisions/0041).
  app.use(apiRouter({ build: sitesRemix.build, getLoadContext, localeOf, beforeSend, refresh: { peek: (tenant, cookie) => services.sessions.peek(tenant, cookie), versions: services.refreshVersions } }));
  app.all('/{*splat}', remixHandler({ ...page, renderCache }));
  // Whatever a handler above throws or rejects with (Express 5 passes both here): its 4xx, or a logged 500.
  app.use(errorAnswer(moduleLogger('http')));
  return { app, stopLoad: () => load.stop(), closeApps: () => Promise.all([sitesRemix.close(), consoleRemix?.close()]) };
}

async function main() {
  const config = loadConfig();
  // JSON lines on stdout (docs/decisions/0045); the start and stop lines (which tests and scripts read) at any LOG_LEVEL.
  const serverLog = moduleLogger('server');
  if (!serverLog.isLevelEnabled('info')) serverLog.level = 'info';
  const log = logFunction(serverLog);
  log(`Rendezvous on Node ${process.version} (${config.NODE_ENV}${config.DEMO ? ', demo' : ''})`);
  // One request's failure never ends the process (docs/decisions/0061); a burst of uncaught exceptions drains and stops the instance.
  let shutdown: Shutdown | null = null;
  installProcessNet({ log: moduleLogger('process'), stop: (reason) => (shutdown ? shutdown.fail(reason) : process.exit(1)) });
  const policy = { port: config.PORT, ownOrigin: null as string | null };
  const parts = await boot(config, log, policy);
  const draining = () => shutdown?.draining() ?? false;
  // Readiness (GET /readyz): the database, Redis when configured, and the media store; false while draining.
  const readiness = instanceReadiness({ database: async () => void (await sql`select 1`.execute(parts.database.db)), redisUrl: config.REDIS_URL, store: () => parts.media.check(), draining });
  const metrics = config.METRICS_PORT === undefined ? null : startMetricsServer(config.METRICS_PORT, config.METRICS_HOST, { ready: readiness.ready, onListening: (port) => log(`metrics on http://${config.METRICS_HOST}:${port}/metrics`) });
  const { app, stopLoad, closeApps } = await httpApp(config, parts, log, draining, readiness.ready);
  const server: Server = app.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    policy.port = typeof address === 'object' && address ? address.port : config.PORT;
    if (!config.realProduction) policy.ownOrigin = ownOriginOf(address, policy.port);
    for (const line of listeningLines(config, parts.database.kind, parts.sites.registry.all(), policy.port)) log(line);
    if (config.DEMO || config.NODE_ENV === 'development') log(demoBlock(policy.port, config.ADMIN_HOST));
  });
  shutdown = gracefulShutdown({
    server: () => server,
    drainMs: config.DRAIN_DELAY_MS,
    // Open event streams end now: their clients reconnect (to another instance) and resume.
    beforeClose: () => parts.services.streams.registry.closeAll(),
    // Running jobs finish (up to 10 s) before the workers and the database close.
    stops: [() => parts.sites.close(), stopLoad, ...parts.services.stops, closeApps, () => metrics?.close(), readiness.close, () => parts.database.close()],
    log,
  });
  process.on('SIGTERM', () => shutdown?.('SIGTERM'));
  process.on('SIGINT', () => shutdown?.('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
