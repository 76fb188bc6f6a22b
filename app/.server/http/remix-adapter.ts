// Express → Remix, with the request gate in front (docs/api.md "Methods, sizes and errors"). The JSON
// API (/api/) is not Remix's: the API router (api-router.ts) answers it before this handler, with
// the same gate (bodyLimitOf, clientGone, remixRequest and sendRemixResponse are shared).
// - a method a page does not take answers 405 before Remix sees it (a themed page with Allow),
//   TRACE and other exotic methods included;
// - bodies are capped: Content-Length over the cap answers 413 at once, and a body without a length
//   is cut off when it grows past the cap (the route then answers 413);
// - an unexpected failure answers 500 (a themed page) and is logged with the request id.
// - an anonymous GET of a cacheable page is answered from the render cache (render-cache.ts) when it
//   can be, before the load context is built; per-request hooks that must see every page view (a
//   lander visit) therefore run as Express middleware before this handler (server.ts). Most cached
//   pages never reach it: the cached-page lane (page-lane.ts) answers them right after the guards.
// It replaces @remix-run/express's createRequestHandler, which it follows for headers and responses.
import { Transform, type TransformCallback } from 'node:stream';
import { createReadableStreamFromReadable, createRequestHandler, writeReadableStreamToWritable, type AppLoadContext, type ServerBuild } from '@remix-run/node';
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import { MAX_UPLOAD_BYTES } from '../members/photos';
import type { Locale } from '~/shared/locales';
import type { Tenant } from '../tenants/schema';
import { SESSION_COOKIE } from '../accounts/sessions';
import { OPERATOR_SESSION_COOKIE } from '../operators/sessions';
import { requestHost } from './origin';
import { BodyTooLargeError } from '../contract/request-input';
import { pageBody, type CachedPage, type RenderCache } from './render-cache';
import { sendRefusal } from './status-page';
import { routeLabeler } from './route-label';
import { moduleLogger } from '../observability/logger';
import { requestLocals } from './locals';

const log = moduleLogger('http');

/**
 * The paths the API router answers (api-router.ts): every /api/ path but a page fetcher's single-fetch
 * data request (`/api/x.php.data`), which Remix encodes through the thin route files (decision 0041).
 */
export function isApiRouterPath(path: string): boolean {
  return /^\/api\//i.test(path) && !/\.data$/i.test(path);
}

/**
 * Body caps: JSON and form bodies 64 KiB; multipart (photo uploads) the photo limit plus room for the
 * form; a mail provider's bounce or complaint report (it may carry the returned mail) 1 MiB; the
 * network console's brand wizard (its form carries a whole tenant file, up to network/wizard.ts
 * MAX_FILE_CHARS) 256 KiB.
 */
export const BODY_LIMITS = { form: 64 * 1024, multipart: MAX_UPLOAD_BYTES + 64 * 1024, report: 1024 * 1024, wizard: 256 * 1024 } as const;
const REPORT_PATHS = new Set(['/api/mail-feedback.php']);
const WIZARD_PATHS = /^\/(?:tenants\/(?:new|[^/]+\/edit)|api\/network\/drafts\.php)$/i;

/** Pages take GET and HEAD, and POST where they have a form action (Remix answers 405 where not). */
export const PAGE_METHODS = ['GET', 'HEAD', 'POST'];

type Build = ServerBuild | (() => Promise<ServerBuild>);

interface Options {
  build: Build;
  mode: 'development' | 'production';
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => Promise<AppLoadContext>;
  /** The language of the gate's own answers, before the load context exists (`tenant`: the site's, none on ADMIN_HOST). */
  localeOf: (req: ExpressRequest, res: ExpressResponse) => Locale;
  /** The render cache of anonymous pages, and the key of a request (docs/decisions/0025). */
  renderCache?: { cache: RenderCache; keyOf: (req: ExpressRequest, res: ExpressResponse, tenant: Tenant) => string } | null;
  /** After Remix answered and before the answer is sent (server.ts: a member's write moves their refresh version, docs/decisions/0067). */
  beforeSend?: (req: ExpressRequest, context: AppLoadContext, response: Response) => Promise<void>;
}

const SESSION = new RegExp(`(?:^|;\\s*)(?:${SESSION_COOKIE}|${OPERATOR_SESSION_COOKIE})=`);

/** Whether a Cookie header carries a member's or an operator's session cookie (never a cached page then). */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SESSION.test(cookieHeader);
}

/** Shared caches may keep nothing of a page (its nonce is per response); the browser may, revalidating. */
const PAGE_CACHE_CONTROL = 'private, no-cache';

export function remixHandler(options: Options): RequestHandler {
  let handler: ReturnType<typeof createRequestHandler> | null = null;
  let builtFrom: ServerBuild | null = null;
  let routeOf: (pathname: string) => string = () => 'unmatched';

  return async (req, res) => {
    // None on ADMIN_HOST: the network console's app (http/console-host.ts).
    const tenant = requestLocals(res).tenant;
    const requestId = requestLocals(res).requestId ?? '';
    const locale = options.localeOf(req, res);
    const reject = (status: number, code: string, messageId: string, headers: Record<string, string> = {}) =>
      sendRefusal(req, res, tenant, locale, { status, code, messageId, headers });
    try {
      const build = typeof options.build === 'function' ? await options.build() : options.build;
      if (build !== builtFrom) {
        handler = createRequestHandler(build, options.mode);
        routeOf = routeLabeler(build);
        builtFrom = build;
      }
      // The route pattern for the request's log line and metrics (server.ts reads it when the response ends).
      requestLocals(res).route = routeOf(req.path);

      // /api/ is the API router's (api-router.ts, mounted before this handler), but for the single-fetch
      // data requests of the page's own fetchers (`/api/x.php.data`): Remix encodes those (the thin route
      // files serve the same endpoints), and the route answers 405 for a method it does not take.
      if (isApiRouterPath(req.path)) return reject(404, 'not_found', 'api.error.notFound');
      const apiData = /^\/api\//i.test(req.path);
      if (!apiData && !PAGE_METHODS.includes(req.method)) return reject(405, 'method_not_allowed', 'api.error.methodNotAllowed', { Allow: PAGE_METHODS.join(', ') });

      const limit = bodyLimitOf(req);
      // A page's form reads up to the cap and says so inline (the API router refuses an oversize body unread).

      const renderCache = options.renderCache;
      // Only a GET of a cacheable page with no session cookie at all: a member never gets a cached page.
      const cacheKey =
        renderCache && req.method === 'GET' && tenant && renderCache.cache.isCacheablePath(req.path) && !hasSessionCookie(req.headers.cookie)
          ? renderCache.keyOf(req, res, tenant)
          : null;
      if (cacheKey) {
        const hit = renderCache!.cache.get(cacheKey);
        if (hit) return sendCachedPage(res, hit, 'hit');
      }

      const request = remixRequest(req, res, limit);
      let context: AppLoadContext = { ...(await options.getLoadContext(req, res)), documentRequest: !/\.data$/.test(req.path), serverOnly: new Map() };
      // Rendered with the placeholder nonce, which sendCachedPage replaces with this response's own.
      if (cacheKey && !context.user && !context.operator) context = { ...context, nonce: renderCache!.cache.placeholderNonce };
      const response = await handler!(request, context);
      // A client that hung up is not a server failure: Remix reports its aborted request as a 500.
      if (request.signal.aborted || res.destroyed) return clientGone(req, requestId);
      if (cacheKey && context.nonce === renderCache!.cache.placeholderNonce && /^text\/html/i.test(response.headers.get('content-type') ?? '')) {
        const html = Buffer.from(await response.arrayBuffer());
        const headers = [...response.headers.entries()];
        // Only a plain success that sets nothing for this visitor is kept; anything else still gets its real nonce.
        const keep = response.status === 200 && !response.headers.has('set-cookie');
        const route = requestLocals(res).route ?? 'unmatched';
        const page = keep ? renderCache!.cache.set(cacheKey, response.status, headers, html, route) : { status: response.status, headers, parts: [html], bytes: html.length, storedAt: 0, route };
        if (!keep) page.parts = html.toString('utf8').split(renderCache!.cache.placeholderNonce).map((part) => Buffer.from(part));
        return sendCachedPage(res, page, keep ? 'miss' : 'bypass', response.statusText);
      }
      await options.beforeSend?.(req, context, response);
      await sendRemixResponse(res, response);
    } catch (error) {
      if (res.destroyed) return clientGone(req, requestId);
      log.error({ reqId: requestId, route: requestLocals(res).route, err: error }, `request ${requestId} failed: ${req.method} ${requestLocals(res).route ?? 'unmatched'}`);
      if (res.headersSent) return void res.end();
      reject(500, 'server_error', 'api.error.internal');
    }
  };
}

/** The body cap of a request (BODY_LIMITS): by its path and content type. */
export function bodyLimitOf(req: ExpressRequest): number {
  if (REPORT_PATHS.has(req.path.toLowerCase())) return BODY_LIMITS.report;
  if (WIZARD_PATHS.test(req.path)) return BODY_LIMITS.wizard;
  return /^multipart\/form-data/i.test(req.get('content-type') ?? '') ? BODY_LIMITS.multipart : BODY_LIMITS.form;
}

export function clientGone(req: ExpressRequest, requestId: string): void {
  log.info({ reqId: requestId }, `request ${requestId}: ${req.method} ${(req.res ? requestLocals(req.res).route : undefined) ?? 'unmatched'}: the client disconnected`);
}

/** As @remix-run/express builds it, with the body passed through a counter that stops at `limit` bytes. */
export function remixRequest(req: ExpressRequest, res: ExpressResponse, limit: number): Request {
  // The host the request was addressed to (a trusted proxy's X-Forwarded-Host with its own port).
  const url = new URL(`${req.protocol}://${requestHost(req) ?? 'localhost'}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers: remixHeaders(req.headers), signal: controller.signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req.pipe(byteLimit(limit)));
    init.duplex = 'half';
  }
  res.on('finish', () => (controller = null));
  res.on('close', () => controller?.abort());
  return new Request(url.href, init);
}

function byteLimit(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) callback(new BodyTooLargeError(`request body over ${limit} bytes`));
      else callback(null, chunk);
    },
  });
}

function remixHeaders(incoming: ExpressRequest['headers']): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(incoming)) {
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else if (values) headers.set(key, values);
  }
  return headers;
}

export function sendCachedPage(res: ExpressResponse, page: CachedPage, state: 'hit' | 'miss' | 'bypass', statusText?: string): void {
  if (statusText) res.statusMessage = statusText;
  res.status(page.status);
  for (const [key, value] of page.headers) res.append(key, value);
  if (!res.get('Cache-Control')) res.set('Cache-Control', PAGE_CACHE_CONTROL);
  res.set('X-Render-Cache', state);
  res.end(pageBody(page, requestLocals(res).nonce ?? ''));
}

export async function sendRemixResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (/text\/event-stream/i.test(response.headers.get('Content-Type') ?? '') && response.body) return sendEventStream(res, response.body);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/**
 * An event stream (app/.server/events/sse.ts) goes out chunk by chunk, and is cancelled when the
 * client goes away: the request's abort signal alone is not enough, since undici holds the
 * AbortController behind a Request's signal weakly and a collected one no longer passes the abort on.
 */
async function sendEventStream(res: ExpressResponse, body: ReadableStream<Uint8Array>): Promise<void> {
  res.flushHeaders();
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => {});
  res.on('close', cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await drained(res);
      if (res.destroyed) break;
    }
  } finally {
    res.off('close', cancel);
    if (res.destroyed) cancel();
    res.end();
  }
}

/** Resolves when a full socket buffer emptied, or the socket closed. */
function drained(res: ExpressResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
}
