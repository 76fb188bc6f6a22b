// Mutations only from our own pages (docs/decisions/0050 for the console, docs/api.md "Errors" for
// the sites): an Origin must be this very scheme and host; a mutation that carries a session cookie
// must prove it is same-origin (Origin, or Sec-Fetch-Site: same-origin). Calls without a session
// cookie and without an Origin (provider webhooks, scripts) are not a cross-site forgery and pass.
// One rule for every host: the sites' guard and the network console's (http/network-guard.ts) call it.
import type { Request, RequestHandler, Response } from 'express';
import type { Locale } from '~/shared/locales';
import { serverMessage } from '../i18n/messages';
import { requestHost } from './origin';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request may change something: a safe method, or it comes from this very origin. */
export function mayMutate(req: Request, withSession: boolean): boolean {
  if (SAFE.has(req.method)) return true;
  const origin = req.get('origin');
  if (origin !== undefined) return origin.toLowerCase() === `${req.protocol}://${(requestHost(req) ?? '').toLowerCase()}`;
  return !withSession || req.get('sec-fetch-site') === 'same-origin';
}

/** 403 cross_origin in the request's language for a mutation from elsewhere. */
export function sameOriginGuard(options: { hasSession: (cookie: string | undefined) => boolean; localeOf: (req: Request, res: Response) => Locale }): RequestHandler {
  return (req, res, next) => {
    if (mayMutate(req, options.hasSession(req.headers.cookie))) return next();
    res.status(403).json({ error: 'cross_origin', message: serverMessage(options.localeOf(req, res), 'api.error.crossOrigin') });
  };
}
