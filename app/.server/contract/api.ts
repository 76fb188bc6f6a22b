// JSON answers for the /api/*.php resource routes (docs/architecture.md §5): data as-is, errors as
// { error: <code>, message: <translated text> } with a fitting status.
import type { Locale } from '~/shared/locales';
import { serverMessage } from '../i18n/messages';

/**
 * The JSON text of answers made by apiJson: the API router sends it as it is instead of reading the
 * Response's body stream back (docs/decisions/0060); anyone else reads the Response as usual.
 */
const jsonTexts = new WeakMap<Response, string>();

export function apiJson(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'private, no-store');
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  const text = JSON.stringify(data);
  const response = new Response(text, { ...init, headers });
  jsonTexts.set(response, text);
  return response;
}

/** The JSON text of an unread apiJson answer, else null. */
export function apiJsonText(response: Response): string | null {
  return response.bodyUsed ? null : (jsonTexts.get(response) ?? null);
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

/** 429 with the wait in minutes, for the abuse limits. */
export function tooManyRequests(locale: Locale, seconds: number): Response {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return apiJson(
    { error: 'too_many_requests', message: serverMessage(locale, 'api.error.tooMany', { minutes }) },
    { status: 429, headers: { 'Retry-After': String(seconds) } },
  );
}

/** 500 server_error: an unexpected failure, logged under the request id that the answer carries too. */
export function serverError(locale: Locale, requestId: string): Response {
  return apiJson({ error: 'server_error', message: serverMessage(locale, 'api.error.internal'), request_id: requestId }, { status: 500 });
}

/** 403 authentication_required (docs/product.md §8): the client then treats the user as logged out. */
export function authenticationRequired(locale: Locale): Response {
  return apiError(403, 'authentication_required', locale, 'api.error.authRequired');
}
