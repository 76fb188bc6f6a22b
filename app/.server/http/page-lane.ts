// The cached-page lane (issue 32, docs/decisions/0060): an anonymous GET of a page the render cache
// holds is answered right after the request guards, without the rest of the stack — the static
// mounts, the consoles, the tenant middleware, the language and path gates, admission control, the
// visit recorder, the media mount, the CSRF check, the API router and the Remix adapter each cost a
// little on every request, and together more than the answer itself.
//
// It answers only what the whole stack would answer from the cache with the same bytes:
// - a GET without a query (a query may carry a traffic source, which is a counted visit, or a lander's
//   ?lang=) of a cacheable path that is not a lander or member landing (each of their views is
//   counted by the visit recorder, decision 0027), without a member's or an operator's session
//   cookie, on a tenant's host, with the page in the cache under the key the Remix adapter uses;
// - not while the server is overloaded or draining: admission control and `Connection: close` then
//   apply as to any request.
// The answer passes through the very middleware instances of the whole stack that every answer
// passes (request id and nonce, the log line, the metrics, the security headers, compression), in
// the same order; anything else steps aside to the whole stack, which renders and fills the cache.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { isLandingPath } from '../landers/resolve';
import type { Tenant } from '../tenants/schema';
import type { RenderCache } from './render-cache';
import { hasSessionCookie, sendCachedPage } from './remix-adapter';

export interface PageLaneOptions {
  cache: RenderCache;
  /** The tenant of the request's host, as the tenant middleware resolves it; null: no tenant's host. */
  tenantOf: (req: Request) => Tenant | null;
  /** The render cache key of the request (server.ts: the same function the Remix adapter is given). */
  keyOf: (req: Request, res: Response, tenant: Tenant) => string;
  /** While this holds the lane answers nothing (overload, draining). */
  stepAside: () => boolean;
  /** The middleware every answer passes, in the stack's order; each must call next at once. */
  through: RequestHandler[];
}

export function cachedPageLane(options: PageLaneOptions): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' || req.originalUrl.includes('?') || options.stepAside()) return next();
    const path = req.path;
    if (!options.cache.isCacheablePath(path) || isLandingPath(path) || hasSessionCookie(req.headers.cookie)) return next();
    const tenant = options.tenantOf(req);
    if (!tenant) return next();
    const page = options.cache.get(options.keyOf(req, res, tenant));
    if (!page) return next();
    res.locals.tenant = tenant;
    res.locals.route = page.route;
    runThrough(options.through, req, res);
    sendCachedPage(res, page, 'hit');
  };
}

/** Runs middleware that set headers and hooks and go on at once; one that does not is a programming error. */
function runThrough(handlers: RequestHandler[], req: Request, res: Response): void {
  for (const handler of handlers) {
    let done = false;
    const next: NextFunction = (error?: unknown) => {
      if (error) throw error;
      done = true;
    };
    void handler(req, res, next);
    if (!done) throw new Error('cachedPageLane: a middleware of the lane did not go on at once');
  }
}
