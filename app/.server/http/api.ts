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
