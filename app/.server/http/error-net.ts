// The process-level net (docs/decisions/0061): no request of any shape, on any host, ends the process
// or leaves it without an answer.
// - Every request runs inside a request context (AsyncLocalStorage) that knows its id and response,
//   so that whatever fails later on its behalf — a rejected promise nobody awaited, an exception thrown
//   from a timer or a stream callback — is logged with its request id and answered 500.
// - `errorAnswer` is the app's last Express error handler (Express 5 hands it every rejected async
//   handler): a body the parser refused answers its 4xx, a value PostgreSQL refuses as a data exception
//   (SQLSTATE class 22: a NUL byte, a date out of range that slipped past a schema) answers 400, anything
//   else 500 — JSON `{ error, message }` on /api, the site's error page elsewhere, never a stack.
// - `installProcessNet` logs `unhandledRejection` and `uncaughtException` instead of dying; only a
//   burst of uncaught exceptions (the process may then be in a state nobody can reason about) drains
//   the instance and ends it on purpose, through the normal shutdown.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import { localeFromAcceptLanguage, negotiateLocale } from '../i18n/negotiate';
import { serverMessage } from '../i18n/messages';
import type { Logger } from '../observability/logger';
import { plainPage, statusPage } from './status-page';
import { requestLocals } from './locals';

export interface RequestContext {
  requestId: string;
  req: Request;
  res: Response;
}

const context = new AsyncLocalStorage<RequestContext>();

/** The request the current code runs for, if any. */
export function currentRequest(): RequestContext | undefined {
  return context.getStore();
}

/** Runs the rest of the middleware chain inside the request's context (after res.locals.requestId is set). */
export function requestContext(): RequestHandler {
  return (req, res, next) => context.run({ requestId: requestLocals(res).requestId ?? '', req, res }, next);
}

interface Failure {
  status: number;
  code: string;
  messageId: string;
  /** How loud the log line is: a client's mistake is no server error. */
  level: 'info' | 'warn' | 'error';
}

/** What an error thrown while answering means for its answer. */
export function classifyFailure(error: unknown): Failure {
  const e = (error ?? {}) as { type?: unknown; status?: unknown; statusCode?: unknown; code?: unknown; expose?: unknown; name?: unknown };
  // body-parser's refusals (express.json / express.urlencoded): they carry a 4xx and a type.
  if (typeof e.type === 'string') {
    if (e.type === 'entity.too.large' || e.type === 'parameters.too.many') return { status: 413, code: 'too_large', messageId: 'api.error.tooLarge', level: 'info' };
    if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') return { status: 415, code: 'unsupported_media_type', messageId: 'api.error.unsupportedType', level: 'info' };
    if (e.type === 'entity.parse.failed') return { status: 400, code: 'validation', messageId: 'validation.json', level: 'info' };
  }
  const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : 0;
  if (status >= 400 && status < 500 && e.expose !== false) return { status, code: status === 413 ? 'too_large' : 'bad_request', messageId: status === 413 ? 'api.error.tooLarge' : 'api.error.badRequest', level: 'info' };
  // A malformed percent-encoding that reached a router's decodeURIComponent.
  if (e.name === 'URIError') return { status: 400, code: 'bad_request', messageId: 'api.error.badRequest', level: 'info' };
  // PostgreSQL's data exceptions: the request carried a value the database cannot store or compare.
  if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return { status: 400, code: 'invalid_value', messageId: 'api.error.invalidValue', level: 'warn' };
  return { status: 500, code: 'server_error', messageId: 'api.error.internal', level: 'error' };
}

/** The neutral error page of a host no tenant themes (the network console's, an unknown host's). */

/** Answers a failed request once: JSON on /api (and to HEAD), the site's themed page elsewhere. */
export function answerFailure(req: Request, res: Response, failure: Failure): void {
  if (res.headersSent || res.writableEnded) {
    // Half an answer is already on its way: the client must see it broken, not complete.
    res.destroy();
    return;
  }
  const tenant = requestLocals(res).tenant;
  const locale = tenant ? negotiateLocale(req.get('cookie'), tenant) : localeFromAcceptLanguage(req.get('accept-language'));
  const message = serverMessage(locale, failure.messageId);
  res.status(failure.status).set({ 'Cache-Control': 'no-store' });
  if (req.path.toLowerCase().startsWith('/api/') || req.method === 'HEAD' || !req.accepts('html')) res.json({ error: failure.code, message });
  else res.type('html').send(tenant ? statusPage(tenant, locale, failure.status, message) : plainPage(locale, failure.status, message));
}

/** The app's last error handler: see the file's comment. */
export function errorAnswer(log: Logger): ErrorRequestHandler {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const failure = classifyFailure(error);
    const requestId = requestLocals(res).requestId ?? null;
    const route = requestLocals(res).route ?? 'unmatched';
    if (failure.level === 'error') log.error({ reqId: requestId, route, err: error }, `request ${requestId} failed: ${req.method} ${route}`);
    else log[failure.level]({ reqId: requestId, route, status: failure.status, code: failure.code }, `request ${requestId} refused: ${req.method} ${route}: ${failure.code}`);
    answerFailure(req, res, failure);
  };
}

export interface ProcessNetOptions {
  log: Logger;
  /** Drains and stops the instance (server.ts's shutdown); called at most once. */
  stop: (reason: string) => void;
  /** Uncaught exceptions within `windowMs` that make the process stop itself (default 10 in 60 s). */
  maxUncaught?: number;
  windowMs?: number;
}

/**
 * Keeps one request's failure from ending the process (see the file's comment). Returns a function
 * that removes the handlers (tests).
 */
export function installProcessNet(options: ProcessNetOptions): () => void {
  const { log } = options;
  const maxUncaught = options.maxUncaught ?? 10;
  const windowMs = options.windowMs ?? 60_000;
  let recent: number[] = [];
  let stopped = false;

  const answerItsRequest = () => {
    const request = currentRequest();
    if (request && !request.res.headersSent && !request.res.writableEnded) answerFailure(request.req, request.res, { status: 500, code: 'server_error', messageId: 'api.error.internal', level: 'error' });
    return request?.requestId ?? null;
  };
  const onRejection = (reason: unknown) => {
    const reqId = answerItsRequest();
    log.error({ reqId, err: reason }, `unhandled rejection${reqId ? ` in request ${reqId}` : ''}: ${reason instanceof Error ? reason.message : String(reason)}`);
  };
  const onException = (error: Error) => {
    const reqId = answerItsRequest();
    const at = Date.now();
    recent = [...recent.filter((t) => at - t < windowMs), at];
    log.error({ reqId, err: error }, `uncaught exception${reqId ? ` in request ${reqId}` : ''}: ${error.message}`);
    if (recent.length >= maxUncaught && !stopped) {
      stopped = true;
      log.fatal({ count: recent.length }, `${recent.length} uncaught exceptions within ${windowMs / 1000} s: draining and stopping this instance`);
      options.stop('uncaught exceptions');
    }
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}
