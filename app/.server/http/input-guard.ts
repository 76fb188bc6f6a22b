// The edge rule for every host (docs/decisions/0061, docs/api.md "Input rules"): a query or body value
// that the database cannot store — a NUL byte or another control character, a lone surrogate — or a
// value nested deeper than MAX_NESTING is refused with a 400 that names the field, before any route
// runs. The tenants' API and page forms apply the same rule while reading their bodies
// (request-input.ts); this module applies it to query strings on every host and to the bodies that
// Express's own parsers read (the network console).
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Locale } from '~/shared/locales';
import { cleanStrings, isReservedKey, isStorableText, MAX_NESTING } from '~/shared/request-rules';
import { serverMessage } from '../i18n/messages';
import { escapeHtml } from './status-page';

/** The first query parameter whose name or value is no storable text, or null. */
export function refusedQueryField(url: string): string | null {
  const at = url.indexOf('?');
  if (at < 0) return null;
  for (const [key, value] of new URLSearchParams(url.slice(at + 1))) {
    if (!isStorableText(key) || !isStorableText(value)) return isStorableText(key) ? key : 'query';
  }
  return null;
}

/**
 * `url` without the query parameters whose name or value is no storable text, or null when every
 * parameter is storable. A page treats a parameter it cannot use as absent (docs/decisions/0061's
 * addendum), so a page address keeps working with what is left of it.
 */
export function withoutUnstorableQuery(url: string): string | null {
  const at = url.indexOf('?');
  if (at < 0) return null;
  const params = [...new URLSearchParams(url.slice(at + 1))];
  const kept = params.filter(([key, value]) => isStorableText(key) && isStorableText(value));
  if (kept.length === params.length) return null;
  const query = new URLSearchParams(kept).toString();
  return url.slice(0, at) + (query ? `?${query}` : '');
}

/** The paths of a parsed body's refused values (control characters, lone surrogates, reserved names, too deep), and the cleaned body. */
export function checkBody(body: unknown): { value: unknown; refused: string[] } {
  const { value, refused } = cleanStrings(body);
  return { value, refused: refused.map((path) => (path.length ? path.join('.') : 'body')) };
}

/** The 400 of a refused field: JSON `validation` with the field named on /api, a short translated page elsewhere. */
export function answerRefusedFields(req: Request, res: Response, locale: Locale, fields: string[], reservedKey = false): void {
  const text = serverMessage(locale, reservedKey ? 'validation.reservedName' : 'validation.controlCharacters');
  res.status(400).set('Cache-Control', 'no-store');
  const body = { error: 'validation', message: serverMessage(locale, 'signup.error.check'), fields: Object.fromEntries(fields.map((field) => [field, text])) };
  if (req.path.toLowerCase().startsWith('/api/') || !req.accepts('html')) res.json(body);
  else res.type('html').send(`<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>400</title></head><body style="font-family:system-ui,sans-serif;padding:24px"><h1>${escapeHtml(body.message)}</h1><ul>${fields.map((field) => `<li><b>${escapeHtml(field)}</b>: ${escapeHtml(text)}</li>`).join('')}</ul><p><a href="/">${escapeHtml(serverMessage(locale, 'error.backHome'))}</a></p></body></html>`);
}


/**
 * Whether a refused body path is about the body's shape — nested too deep, a reserved or unprintable
 * key — rather than about a text value: `cleanStrings` refuses both kinds.
 */
export function isShapeRefusal(path: string): boolean {
  const parts = path.split('.');
  const key = parts.at(-1) ?? '';
  return parts.length >= MAX_NESTING || parts.some(isReservedKey) || !isStorableText(key);
}

/**
 * For routers whose bodies Express parses (the network console): refuses a query value the database
 * could not store and a body of the wrong shape (too deep, a reserved key) before any route runs, and
 * hands the routes the cleaned body. A form's text value with a control character or a lone
 * surrogate is refused here too (a 400 page naming the field); on the JSON API (/api/…) it is left to
 * the route's own rules, which name the field their way (the tenant-file rules); a route that misses
 * one meets the database's refusal, answered 400 by the last error handler (error-net.ts), never a
 * 500 (docs/decisions/0061's addendum).
 */
export function parsedInputGuard(localeOf: (req: Request) => Locale): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const queryField = refusedQueryField(req.originalUrl);
    if (queryField) return answerRefusedFields(req, res, localeOf(req), [queryField]);
    if (req.body !== undefined) {
      const { value, refused } = checkBody(req.body);
      // The console's JSON API leaves text values to the route's rules; its forms refuse them here.
      const shape = req.path.toLowerCase().startsWith('/api/') ? refused.filter(isShapeRefusal) : refused;
      if (shape.length) return answerRefusedFields(req, res, localeOf(req), shape, shape.some((field) => field.split('.').some(isReservedKey)));
      req.body = value;
    }
    next();
  };
}
