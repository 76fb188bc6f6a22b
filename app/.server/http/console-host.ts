// ADMIN_HOST's one request path (docs/decisions/0050, 0072): which code answers a request on the
// console's host. Its own static files and (in development) its own Vite server, the same-origin
// guard, the brand wizard's and the older console routers for the paths they still own, then the
// console's Remix app (app/network-console) for everything else. A tenant host never gets here.
import express, { type Request, type RequestHandler, type Response } from 'express';
import type { ServerBuild } from '@remix-run/node';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { apiRouter } from './api-router';
import { remixHandler } from './remix-adapter';
import type { RateLimits } from '../limits/rate-limits';
import { localeFromAcceptLanguage } from '../i18n/negotiate';
import type { Tenant } from '../tenants/schema';
import type { SiteStatus } from '../tenants/store';
import { asLoadContext, type ConsoleContext } from '../network/console-context';
import { networkGuard } from './network-guard';
import { networkActorForSession, type NetworkActor } from '../network/staff';
import type { TenantSource } from '../network/tenants';
import { requestLocals } from './locals';

export interface ConsoleHostOptions {
  db: Kysely<DB>;
  adminHost: string;
  /** The console's build (build/network) or, in development, a loader of it from its Vite server. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** In development: the console's Vite dev server's middlewares (vite.network.config.ts). */
  devMiddlewares?: RequestHandler;
  mode: 'development' | 'production';
  sites: TenantSource & { status: (id: string) => SiteStatus };
  siteHome: (tenant: Tenant) => string;
  limits: RateLimits;
  secure: (req: Request) => boolean;
  adminOrigin: () => string;
  pokeMail: () => void;
  devOutbox: boolean;
  render: { abortMs: number; retryAfterS: number };
  /** Routers that answer some of the host's paths themselves and pass the rest on (the wizard's preview frames, http/network-preview.ts). */
  routers: RequestHandler[];
}

/** The staff member's language: Accept-Language, else English (decision 0050). */
export const consoleLocaleOf = (req: Request) => localeFromAcceptLanguage(req.get('accept-language'));

export function consoleHost(options: ConsoleHostOptions): RequestHandler & { isAdminHost: (req: Request) => boolean } {
  const { db } = options;
  const from = `"Rendezvous network" <noreply@${options.adminHost}>`;
  const context = (req: Request, actor: NetworkActor | null): ConsoleContext => {
    const res = (req as Request & { res?: Response }).res;
    return {
      requestId: (res ? requestLocals(res).requestId : undefined) ?? '',
      locale: consoleLocaleOf(req),
      nonce: (res ? requestLocals(res).nonce : undefined) ?? '',
      db,
      actor,
      client: { ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null },
      secure: options.secure(req),
      sites: options.sites,
      siteHome: options.siteHome,
      adminOrigin: options.adminOrigin(),
      from,
      pokeMail: options.pokeMail,
      limits: options.limits,
      devOutbox: options.devOutbox,
      render: options.render,
    };
  };

  const router = express.Router();
  if (options.devMiddlewares) router.use(options.devMiddlewares);
  else router.use('/assets', express.static('build/network/client/assets', { immutable: true, maxAge: '1y' }));
  router.use(networkGuard);
  for (const handler of options.routers) router.use(handler);
  const loadContext = async (req: Request, res: Response) => {
    const actor = await networkActorForSession(db, req.get('cookie'));
    if (actor) requestLocals(res).networkStaffId = actor.id;
    const network = context(req, actor);
    return asLoadContext({ requestId: network.requestId, locale: network.locale, nonce: network.nonce, network });
  };
  // The console's JSON API (api/network/registry.ts): any other /api/ path answers 404 not_found.
  router.use(apiRouter({ build: options.build, getLoadContext: loadContext, localeOf: (req) => consoleLocaleOf(req) }));
  router.all(
    '/{*splat}',
    remixHandler({
      build: options.build,
      mode: options.mode,
      localeOf: (req) => consoleLocaleOf(req),
      getLoadContext: loadContext,
    }),
  );

  const isAdminHost = (req: Request) => req.hostname.toLowerCase() === options.adminHost;
  const handler: RequestHandler = (req, res, next) => (isAdminHost(req) ? router(req, res, next) : next());
  return Object.assign(handler, { isAdminHost });
}
