// JSON answers for the /api/*.php resource routes (DESIGN §5): data as-is, errors as
// { error: <code>, message: <translated text> } with a fitting status.
import type { Locale } from '~/shared/locales';
import { serverMessage } from '../i18n/messages';

export function apiJson(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'private, no-store');
  return Response.json(data, { ...init, headers });
}

export function apiError(
  status: number,
  code: string,
  locale: Locale,
  messageId: string,
  extra: Record<string, unknown> = {},
  headers: HeadersInit = {},
): Response {
  return apiJson({ error: code, message: serverMessage(locale, messageId), ...extra }, { status, headers });
}

/** 405 for a method a route does not take; `allow` lists those it does. */
export function methodNotAllowed(locale: Locale, allow: string[]): Response {
  return apiError(405, 'method_not_allowed', locale, 'api.error.methodNotAllowed', {}, { Allow: allow.join(', ') });
}

export function notFound(locale: Locale): Response {
  return apiError(404, 'not_found', locale, 'api.error.notFound');
}

/** A request body as an object: JSON or a form (nested keys like tracking[network] become objects). */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.includes('application/json')) {
      const body: unknown = await request.json();
      return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    }
    const form = await request.formData();
    const out: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) {
      if (typeof value !== 'string') continue;
      const nested = /^(\w+)\[(\w+)\]$/.exec(key);
      if (nested) {
        const group = (out[nested[1]!] ??= {}) as Record<string, string>;
        group[nested[2]!] = value;
      } else out[key] = value;
    }
    return out;
  } catch {
    return {};
  }
}

/** 429 with the wait in minutes, for the abuse limits. */
export function tooManyRequests(locale: Locale, seconds: number): Response {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return apiJson(
    { error: 'too_many_requests', message: serverMessage(locale, 'api.error.tooMany', { minutes }) },
    { status: 429, headers: { 'Retry-After': String(seconds) } },
  );
}

/** 403 authentication_required (SPEC §8): the client then treats the user as logged out. */
export function authenticationRequired(locale: Locale): Response {
  return apiError(403, 'authentication_required', locale, 'api.error.authRequired');
}
