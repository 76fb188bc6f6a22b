// The first and second gates of every request (docs/api.md "Malformed requests"): what Node's HTTP
// parser lets through but no page or API can answer sensibly is refused with a 4xx here, before
// Express's router, the tenant or Remix could fail on it with a 5xx.
//
// protocolGuard (first, before the tenant is known):
// - an absolute-form target (`GET http://host/path`, RFC 9112 §3.2.2) is accepted as the origin-form
//   path, its host replacing the Host header, as the RFC asks of servers;
// - the asterisk form (`*`) is only for OPTIONS (answered 204 with Allow); any other target that is
//   not a path answers 400;
// - a Host header that is not a host name or address with a port of 1–65535 answers 400;
// - a response that is sent while the request's body is still arriving, after something began to
//   read it (a body cut off at its size cap), closes the connection (`Connection: close`) and
//   discards the rest, so a kept-alive connection never carries the rest of a body into the next
//   request; Node itself drains bodies nobody began to read.
// pathGuard (after the tenant, so that its answer wears the tenant's colours and language):
// - a path whose percent-encoding is malformed (`/chats/%ZZ`) or that decodes to a control character
//   (`/x/%00`) answers 400: JSON on /api, the themed status page elsewhere, and nothing in the log.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Locale } from '~/shared/locales';
import type { Tenant } from '../tenants/schema';
import { sendRefusal } from './status-page';
import { answerRefusedFields, refusedQueryField, withoutUnstorableQuery } from './input-guard';
import { siteOf } from './locals';

/** The methods any path may be asked with at all (OPTIONS * answers with these). */
const SERVER_METHODS = 'GET, HEAD, POST, PUT, DELETE, OPTIONS';

// A host name (letters, digits, hyphens, dots, underscores) or an IPv4 or bracketed IPv6 address,
// then an optional port of 1–5 digits.
const HOST_HEADER = /^(?:[a-z0-9_](?:[a-z0-9_.-]{0,251}[a-z0-9_])?|\[[0-9a-f:.]{2,45}\])(?::(\d{1,5}))?$/i;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Whether a Host header names a host this server could be (any name; a valid port). */
export function isValidHostHeader(value: string): boolean {
  const match = HOST_HEADER.exec(value);
  if (!match) return false;
  const port = match[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

/** The origin-form of an absolute-form request target, with its host; null when it is not one. */
export function absoluteTarget(target: string): { path: string; host: string } | null {
  if (!/^https?:\/\//i.test(target)) return null;
  try {
    const url = new URL(target);
    return { path: `${url.pathname}${url.search}`, host: url.host };
  } catch {
    return null;
  }
}

/** The decoded path, or null when its percent-encoding is malformed or it decodes to a control character. */
export function decodedPath(path: string): string | null {
  try {
    const decoded = decodeURIComponent(path);
    return CONTROL.test(decoded) ? null : decoded;
  } catch {
    return null;
  }
}

/** The plain 400 of a request no tenant can be known for (no theme, no language). */
export function plainBadRequest(res: Response): void {
  res.status(400).set({ 'Cache-Control': 'no-store', Connection: 'close' }).type('text/plain').send('Bad Request\n');
}

export function protocolGuard(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const absolute = absoluteTarget(req.url);
    if (absolute) {
      req.url = absolute.path;
      req.originalUrl = absolute.path;
      req.headers.host = absolute.host;
    } else if (req.url === '*') {
      if (req.method === 'OPTIONS') return void res.status(204).set('Allow', SERVER_METHODS).end();
      return plainBadRequest(res);
    } else if (!req.url.startsWith('/')) {
      return plainBadRequest(res);
    }
    const host = req.headers.host;
    if (host !== undefined && !isValidHostHeader(host)) return plainBadRequest(res);
    keepConnectionsClean(req, res);
    next();
  };
}

/** See the file's comment: a body cut off mid-way never leaks into the next request on the connection. */
function keepConnectionsClean(req: Request, res: Response): void {
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (!hasBody) return;
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (!req.complete && req.readableFlowing !== null && !this.headersSent) this.setHeader('Connection', 'close');
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as typeof res.writeHead;
  res.on('finish', () => {
    if (req.complete) return;
    req.unpipe();
    req.resume();
  });
}

export function pathGuard(localeOf: (req: Request, tenant: Tenant) => Locale): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const tenant = siteOf(res);
    if (decodedPath(req.path) === null) return sendRefusal(req, res, tenant, localeOf(req, tenant), { status: 400, code: 'bad_request', messageId: 'api.error.badRequest' });
    // A query value the database could not store (docs/decisions/0061): the API refuses it, naming the
    // parameter; a page leaves it out, as it leaves out any parameter it cannot use, and carries on.
    if (req.path.toLowerCase().startsWith('/api/')) {
      const field = refusedQueryField(req.originalUrl);
      return field === null ? next() : answerRefusedFields(req, res, localeOf(req, tenant), [field]);
    }
    const kept = withoutUnstorableQuery(req.originalUrl);
    if (kept !== null) req.url = req.originalUrl = kept;
    next();
  };
}
