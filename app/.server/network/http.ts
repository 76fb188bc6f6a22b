// The network console's HTTP surface (issue 35, docs/decisions/0050), served on ADMIN_HOST only and
// mounted before the tenant resolution: that host belongs to no tenant, and nothing else answers on
// it. JSON API under /api/network/*.php; server-rendered pages for people (/, /login); the network's
// own development outbox at /dev/outbox outside real production. Routes stay thin: permissions and
// queries are in the domain modules beside this one.
import { parsedInputGuard } from '../http/input-guard';
import { routesOf, type RouteEntry } from '../http/route-list';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/schema';
import type { RateLimits } from '../http/rate-limits';
import { localeFromAcceptLanguage } from '../i18n/negotiate';
import { serverMessage } from '../i18n/messages';
import { malformedRangeFields, reportRange } from '../marketing/range';
import type { ReloadReport } from '../tenants/registry';
import type { Tenant } from '../tenants/schema';
import type { Locale } from '~/shared/locales';
import { mountAdminRoutes } from './admin-http';
import { enqueueNetworkCode, networkOutbox } from './mail';
import { networkOverview, networkSeries, overviewCsv, type Bucket } from './overview';
import { createTenantFile } from './tenants';
import { consolePage, loginPage, outboxPage } from './page';
import { audit, clearNetworkSessionCookie, NETWORK_SESSION_COOKIE, networkActorForSession, networkLogin, networkLogout, networkSessionCookie, type Client, type NetworkActor } from './staff';

export interface NetworkConsoleOptions {
  db: Kysely<DB>;
  /** The host (without port) the console answers on. */
  adminHost: string;
  tenants: () => Tenant[];
  secure: (req: Request) => boolean;
  /** Serves /dev/outbox with the network's mails (never in a real production start). */
  devOutbox: boolean;
  /** Asks the mail worker to send now. */
  pokeMail: () => void;
  /** TENANTS_DIR, where a new brand's file goes, and the registry's reload of it on this instance. */
  tenantsDir: string;
  reloadTenants: () => ReloadReport;
  /** A site's own origin, for links to its console (site health; http/origin.ts tenantHome). */
  siteHome: (tenant: Tenant) => string;
  /** The shared limiter: the password step's limits (docs/decisions/0068). */
  limits: RateLimits;
  /** The console's own origin (scheme, ADMIN_HOST and, in development, the port): links in its mails. */
  adminOrigin: () => string;
}

const Code = z.string().trim().regex(/^\d{6}$/);
const Login = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
  code: Code.optional().or(z.literal('').transform(() => undefined)),
});
/** The login form's second step: the pending login's token instead of the password. */
const LoginToken = z.object({ token: z.string().min(20).max(100), code: Code });

const localeOf = (req: Request): Locale => localeFromAcceptLanguage(req.get('accept-language'));
const clientOf = (req: Request): Client => ({ ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null });
const BUCKETS: readonly Bucket[] = ['day', 'week', 'month'];

/** A mutation must come from the console's own pages: a foreign Origin, or the session cookie without a same-origin sign, is refused. */
function sameOrigin(req: Request): boolean {
  const origin = req.get('origin');
  if (origin !== undefined) return origin.toLowerCase() === `${req.protocol}://${(req.get('host') ?? '').toLowerCase()}`;
  const withSession = new RegExp(`(?:^|;\\s*)${NETWORK_SESSION_COOKIE}=`).test(req.get('cookie') ?? '');
  return !withSession || req.get('sec-fetch-site') === 'same-origin';
}

/** Nothing of the console is cached; a mutation from another origin is refused (also the brand wizard's, wizard-http.ts). */
export function networkGuard(req: Request, res: Response, next: NextFunction): void {
  res.set('Cache-Control', 'no-store');
  if (req.method !== 'GET' && req.method !== 'HEAD' && !sameOrigin(req)) {
    res.status(403).json({ error: 'cross_origin', message: serverMessage(localeOf(req), 'api.error.crossOrigin') });
    return;
  }
  next();
}

export function networkConsole(options: NetworkConsoleOptions): express.RequestHandler & { routes: () => RouteEntry[] } {
  const { db } = options;
  const router = express.Router();
  const from = `"Rendezvous network" <noreply@${options.adminHost}>`;
  const actorOf = async (req: Request, res: Response): Promise<NetworkActor | null> => {
    const actor = await networkActorForSession(db, req.get('cookie'));
    if (actor) res.locals.networkStaffId = actor.id;
    return actor;
  };
  const refuse = (req: Request, res: Response) => res.status(403).json({ error: 'forbidden', message: serverMessage(localeOf(req), 'network.error.forbidden') });
  const range = (req: Request) => {
    const query = new URLSearchParams(req.url.split('?')[1] ?? '');
    const bucket = BUCKETS.find((b) => b === query.get('bucket')) ?? 'day';
    return { query, range: reportRange(query), bucket };
  };

  router.use(express.json({ limit: '512kb' }));
  router.use(express.urlencoded({ extended: false, limit: '16kb' }));
  router.use(networkGuard);
  // NUL bytes, control characters, lone surrogates, deep nesting: refused here with the field named (decision 0061).
  router.use(parsedInputGuard(localeOf));

  /** Both steps of the login; `form` renders the page again instead of answering JSON (its second step carries the pending login's token, never the password). */
  const login = async (req: Request, res: Response, form: boolean) => {
    const locale = localeOf(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const byToken = form && typeof body.token === 'string';
    const parsed = byToken ? LoginToken.safeParse(body) : Login.safeParse(body);
    if (!parsed.success) {
      const fields = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), serverMessage(locale, 'network.error.field')]));
      if (byToken) return res.status(400).type('html').send(loginPage(locale, { step: body.step === 'totp' ? 'totp' : 'code', token: String(body.token).slice(0, 100), error: serverMessage(locale, 'network.error.invalidCode') }));
      if (form) return res.status(400).type('html').send(loginPage(locale, { step: 'password', error: serverMessage(locale, 'network.error.invalid') }));
      return res.status(400).json({ error: 'validation', fields, message: serverMessage(locale, 'network.error.badRequest') });
    }
    const result = await networkLogin(db, parsed.data, clientOf(req), options.limits);
    if (!result.ok && result.error === 'too_many') {
      const message = result.throttled ? serverMessage(locale, 'login.error.throttled', { seconds: result.seconds }) : serverMessage(locale, 'api.error.tooMany', { minutes: Math.ceil(result.seconds / 60) });
      res.status(429).set('Retry-After', String(result.seconds));
      if (form) return res.type('html').send(loginPage(locale, { step: 'password', email: 'email' in parsed.data ? parsed.data.email : '', error: message }));
      return res.json({ error: 'too_many_requests', retry_after: result.seconds, message });
    }
    if (!result.ok) {
      const message = serverMessage(locale, result.error === 'invalid' ? 'network.error.invalid' : result.error === 'locked' ? 'network.error.locked' : 'network.error.invalidCode');
      if (form) {
        const step: 'code' | 'totp' = body.step === 'totp' ? 'totp' : 'code';
        const again = 'token' in parsed.data && result.error === 'invalid_code' ? { step, token: parsed.data.token } : { step: 'password' as const, email: 'email' in parsed.data ? parsed.data.email : '' };
        return res.status(result.error === 'locked' ? 429 : 401).type('html').send(loginPage(locale, { ...again, error: message }));
      }
      return res.status(result.error === 'locked' ? 429 : 401).json({ error: result.error, message });
    }
    if (result.step === 'code' || result.step === 'totp') {
      if (result.step === 'code') {
        await enqueueNetworkCode(db, { ...result.mail, locale, from });
        options.pokeMail();
      }
      if (form) return res.type('html').send(loginPage(locale, { step: result.step, token: result.token }));
      return res.json({ step: result.step });
    }
    res.set('Set-Cookie', networkSessionCookie(result.token, options.secure(req)));
    if (form) return res.redirect(303, '/');
    return res.json({ step: 'done', staff: { name: result.actor.name, role: result.actor.role } });
  };

  router.post('/api/network/login.php', (req, res) => login(req, res, false));
  router.post('/login', (req, res) => login(req, res, true));

  router.post(['/api/network/logout.php', '/logout'], async (req, res) => {
    const actor = await actorOf(req, res);
    if (actor) await networkLogout(db, actor, req.get('cookie'), clientOf(req));
    res.set('Set-Cookie', clearNetworkSessionCookie(options.secure(req)));
    if (req.path === '/logout') return res.redirect(303, '/login');
    res.json({ ok: true });
  });

  /** A given `from`/`to` that is no day: 400 naming it (the pages fall back to the default range instead). */
  const badRange = (req: Request, res: Response): boolean => {
    const fields = malformedRangeFields(range(req).query);
    if (!fields.length) return false;
    res.status(400).json({ error: 'validation', message: serverMessage(localeOf(req), 'network.error.badRequest'), fields: Object.fromEntries(fields.map((field) => [field, serverMessage(localeOf(req), 'network.error.field')])) });
    return true;
  };

  router.get('/api/network/overview.php', async (req, res) => {
    if (badRange(req, res)) return;
    const actor = await actorOf(req, res);
    const { query, range: days } = range(req);
    const result = await networkOverview(db, actor, { tenants: options.tenants(), range: days });
    if (!result.ok) return refuse(req, res);
    if (query.get('format') === 'csv') {
      await audit(db, actor!.id, 'export', clientOf(req), { report: 'overview', ...days });
      return res
        .type('text/csv; charset=utf-8')
        .set('Content-Disposition', `attachment; filename="network-overview-${days.from}-${days.to}.csv"`)
        .send(overviewCsv(result.value));
    }
    res.json({ range: days, sites: result.value });
  });

  router.get('/api/network/series.php', async (req, res) => {
    if (badRange(req, res)) return;
    const { range: days, bucket } = range(req);
    const result = await networkSeries(db, await actorOf(req, res), { tenants: options.tenants(), range: days, bucket });
    if (!result.ok) return refuse(req, res);
    res.json({ range: days, bucket, points: result.value });
  });

  router.post('/api/network/tenants.php', async (req, res) => {
    const actor = await actorOf(req, res);
    const result = await createTenantFile(db, actor, { file: req.body, folder: { dir: options.tenantsDir, tenants: options.tenants, reload: options.reloadTenants } }, clientOf(req));
    if (!result.ok && result.error === 'forbidden') return refuse(req, res);
    if (!result.ok) return res.status(400).json({ error: 'validation', fields: result.fields, problems: result.problems, message: serverMessage(localeOf(req), 'network.error.badRequest') });
    // This instance answers on the new hosts already (createTenantFile); others load it from their watcher.
    res.status(201).json({ id: result.id });
  });

  router.get('/login', async (req, res) => {
    if (await actorOf(req, res)) return res.redirect(303, '/');
    res.type('html').send(loginPage(localeOf(req), { step: 'password' }));
  });

  router.get('/', async (req, res) => {
    const actor = await actorOf(req, res);
    if (!actor) return res.redirect(303, '/login');
    const { range: days, bucket } = range(req);
    const [overview, series] = await Promise.all([
      networkOverview(db, actor, { tenants: options.tenants(), range: days }),
      networkSeries(db, actor, { tenants: options.tenants(), range: days, bucket }),
    ]);
    if (!overview.ok || !series.ok) return res.redirect(303, '/login');
    res.type('html').send(consolePage(localeOf(req), { actor, range: days, bucket, sites: overview.value, series: series.value }));
  });

  // Site health, staff, audit log, TOTP enrolment, set-password (docs/decisions/0051, 0052).
  mountAdminRoutes(router, { db, tenants: options.tenants, siteHome: options.siteHome, from, adminOrigin: options.adminOrigin, pokeMail: options.pokeMail, localeOf, clientOf, actorOf, refuse });

  if (options.devOutbox) {
    router.get('/dev/outbox', async (req, res) => {
      res.type('html').send(outboxPage(localeOf(req), await networkOutbox(db)));
    });
  }

  // Nothing else lives on the admin host: no tenant's page, API or media.
  router.use((req, res) => {
    const message = serverMessage(localeOf(req), 'error.notFound');
    if (req.path.startsWith('/api/')) return res.status(404).json({ error: 'not_found', message });
    res.status(404).type('text/plain').send(message);
  });
  // Malformed JSON or an oversized body: a 400 in the visitor's language, never a 5xx.
  router.use((error: Error & { status?: number; type?: string }, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) return next(error);
    res.status(status).json({ error: 'bad_request', message: serverMessage(localeOf(req), 'network.error.badRequest') });
  });

  const handler: express.RequestHandler = (req, res, next) => {
    if (req.hostname.toLowerCase() !== options.adminHost) return next();
    router(req, res, next);
  };
  return Object.assign(handler, { routes: () => routesOf(router) });
}
