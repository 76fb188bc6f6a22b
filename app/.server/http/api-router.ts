// The JSON API's own router (issue 32 item 1, docs/decisions/0041): /api/* is answered here, from the
// one registry (app/.server/api/registry.ts), without Remix's route matching and without turning
// every request into a web Request. The request gate of remix-adapter.ts applies the same way: an
// unknown path answers 404 not_found, a method the route does not take 405 with Allow, a body over
// the cap 413 unread; an unexpected failure answers 500 server_error with the request id. The load
// context is the one pages get (server.ts), so sessions, CSRF (the middleware before this one),
// the tenant and the language are decided exactly as for a page.
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import type { Locale } from '~/shared/locales';
import { serverMessage } from '../i18n/messages';
import { apiJsonText } from '../contract/api';
import type { Tenant } from '../tenants/schema';
import type { ApiCall, ApiRoute } from './api-route';
import { bodyLimitOf, clientGone, isApiRouterPath, remixRequest, sendRemixResponse } from './remix-adapter';
import { sendRefusal } from './status-page';
import { moduleLogger } from '../observability/logger';
import type { RefreshVersions } from '../events/refresh-versions';
import { etagMatches, REFRESH_PATHS, refreshEtag } from './refresh-etag';
import { requestLocals } from './locals';

const log = moduleLogger('http');

type Build = ServerBuild | (() => Promise<ServerBuild>);
export type ApiRoutes = Readonly<Record<string, ApiRoute>>;

interface Options {
  /** The server build: its entry module exports the registry (app/entry.server.tsx), so the API shares the pages' modules. */
  build: Build;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => Promise<AppLoadContext>;
  /** The language of the router's own answers, before the load context exists. */
  /** The answer's language: a site's rules on a tenant host; the console's on ADMIN_HOST, where there is no tenant. */
  localeOf: (req: ExpressRequest, tenant: Tenant | undefined) => Locale;
  /**
   * The refreshes' ETags and 304s (docs/decisions/0067): the member a session cookie names without a
   * database read (the session cache's peek) and the members' refresh versions.
   */
  refresh?: { peek: (tenant: Tenant, cookieHeader: string | undefined) => number | null; versions: RefreshVersions };
  /** After a route answered and before the answer is sent (server.ts: a member's write moves their refresh version). */
  beforeSend?: (req: ExpressRequest, context: AppLoadContext, response: Response) => Promise<void>;
}

/** 304: the member's copy of the answer is still the answer. */
function notModified(res: ExpressResponse, etag: string): void {
  res.status(304);
  res.set({ ETag: etag, 'Cache-Control': 'private, no-store' });
  res.end();
}

/** The registry a server build carries (app/entry.server.tsx exports it). */
export function apiRoutesOf(build: ServerBuild): ApiRoutes {
  const routes = (build.entry.module as { API_ROUTES?: ApiRoutes }).API_ROUTES;
  if (!routes) throw new Error('The server build exports no API_ROUTES (app/entry.server.tsx)');
  return routes;
}

/** The registry's key of a request path: lower case, without trailing slashes or a single-fetch `.data`. */
export function apiPathOf(path: string): string {
  return path.toLowerCase().replace(/\/+$/, '').replace(/\.data$/, '');
}

export function apiRouter(options: Options): RequestHandler {
  let builtFrom: ServerBuild | null = null;
  let routes: ApiRoutes = {};
  return async (req, res, next) => {
    // A single-fetch data request (`/api/x.php.data`, a client fetcher's load or submit) wants Remix's
    // turbo-stream encoding, not plain JSON: the thin route files answer it through Remix.
    if (!isApiRouterPath(req.path)) return next();
    const tenant = requestLocals(res).tenant; // none on ADMIN_HOST (http/console-host.ts)
    const requestId = requestLocals(res).requestId ?? '';
    const reject = (status: number, code: string, messageId: string, headers: Record<string, string> = {}) =>
      sendRefusal(req, res, tenant, options.localeOf(req, tenant), { status, code, messageId, headers });
    try {
      const build = typeof options.build === 'function' ? await options.build() : options.build;
      if (build !== builtFrom) {
        routes = apiRoutesOf(build);
        builtFrom = build;
      }
      const key = apiPathOf(req.path);
      const route = Object.hasOwn(routes, key) ? routes[key] : undefined;
      // The route label of the log line and metrics (docs/decisions/0045): the registry's path, bounded.
      requestLocals(res).route = route ? key : 'unmatched';
      if (!route) return reject(404, 'not_found', 'api.error.notFound');
      if (!route.methods.includes(req.method)) return reject(405, 'method_not_allowed', 'api.error.methodNotAllowed', { Allow: route.methods.join(', ') });
      const limit = bodyLimitOf(req);
      if (Number(req.get('content-length') ?? 0) > limit) return reject(413, 'too_large', 'api.error.tooLarge', { Connection: 'close' });

      const query = req.originalUrl.indexOf('?');
      const search = query < 0 ? '' : req.originalUrl.slice(query + 1);
      // A refresh whose If-None-Match is still the answer: 304 from the session cache and the member's version alone.
      const refresh = tenant && options.refresh && req.method === 'GET' && REFRESH_PATHS.has(key) ? options.refresh : null;
      const etagOf = (userId: number, version: string) => refreshEtag({ path: key, search, version, userId, cookieHeader: req.get('cookie'), build: build.assets.version, now: Date.now() });
      const ifNoneMatch = req.get('if-none-match');
      if (tenant && refresh && ifNoneMatch) {
        const userId = refresh.peek(tenant, req.get('cookie'));
        const version = userId === null ? null : await refresh.versions.current(tenant.id, userId);
        if (userId !== null && version !== null) {
          const etag = etagOf(userId, version);
          requestLocals(res).memberId = userId;
          if (etagMatches(ifNoneMatch, etag)) return notModified(res, etag);
        }
      }

      const context: AppLoadContext = { ...(await options.getLoadContext(req, res)), documentRequest: false, serverOnly: new Map() };
      // The version is read before the answer: a change that commits meanwhile moves it past this ETag.
      const version = tenant && refresh && context.user ? await refresh.versions.current(tenant.id, context.user.id) : null;
      const etag = version !== null && context.user ? etagOf(context.user.id, version) : null;
      if (etag && etagMatches(ifNoneMatch, etag)) return notModified(res, etag);
      const made: { request: Request | null } = { request: null };
      const call: ApiCall = {
        method: req.method,
        search,
        request: () => (made.request ??= remixRequest(req, res, limit)),
      };
      let response = await route.serve(call, context);
      if (made.request?.signal.aborted || res.destroyed) return clientGone(req, requestId);
      if (response.status >= 500 && !/json/.test(response.headers.get('content-type') ?? '')) {
        log.error({ reqId: requestId, route: key }, `request ${requestId}: ${req.method} ${key} answered ${response.status}`);
        response = Response.json({ error: 'server_error', message: serverMessage(context.locale, 'api.error.internal'), request_id: requestId }, { status: 500 });
      }
      if (etag && response.status === 200) response.headers.set('ETag', etag);
      await options.beforeSend?.(req, context, response);
      await sendApiResponse(res, response);
    } catch (error) {
      if (res.destroyed) return clientGone(req, requestId);
      log.error({ reqId: requestId, route: requestLocals(res).route, err: error }, `request ${requestId} failed: ${req.method} ${requestLocals(res).route ?? 'unmatched'}`);
      if (res.headersSent) return void res.end();
      reject(500, 'server_error', 'api.error.internal');
    }
  };
}

/** A JSON answer in one write; an event stream (GET /api/events.php) chunk by chunk. */
async function sendApiResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (/text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')) return sendRemixResponse(res, response);
  const text = apiJsonText(response);
  const body = text !== null ? text : response.body ? Buffer.from(await response.arrayBuffer()) : null;
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  res.end(body);
}
