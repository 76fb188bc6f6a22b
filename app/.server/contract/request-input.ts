// Reading a request's query and body into plain values for a zod schema, and the one answer for
// input that fails it. Every string is cleaned first (app/shared/request-rules.ts): line breaks as
// \n, NFC, and other control characters refused, whatever the field.
import type { Locale } from '~/shared/locales';
import { cleanStrings, isReservedKey } from '~/shared/request-rules';
import { serverMessage } from '../i18n/messages';
import { apiJson } from './api';

export interface InputIssue {
  code: string;
  path: string[];
  message: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  /** zod's kind of value for too_big/too_small: 'string', 'number', 'array', … */
  origin?: string;
  /** The whole raw input, to tell a missing value from a wrong one. */
  input?: unknown;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; issues: InputIssue[] };
export type RawBody = Parsed<unknown> | { ok: false; status: 413 | 415 };

/** Thrown into a request body stream that grows past the server's cap (server.ts request gate). */
export class BodyTooLargeError extends Error {
  readonly code = 'body_too_large';
}

function cleaned(value: unknown): Parsed<unknown> {
  const { value: out, refused } = cleanStrings(value);
  if (refused.length) return { ok: false, issues: refused.map((path) => ({ code: 'custom', path, message: path.some(isReservedKey) ? 'validation.reservedName' : 'validation.controlCharacters' })) };
  return { ok: true, value: out };
}

/** Entries as an object, or the reserved names (`__proto__`, …) they use: such a request is refused whole. */
function fromEntries(entries: Iterable<[string, FormDataEntryValue]>): Parsed<unknown> {
  const list = [...entries];
  const reserved = list.map(([key]) => key).filter((key) => keyParts(key).some(isReservedKey));
  if (reserved.length) return { ok: false, issues: reserved.map((key) => ({ code: 'custom', path: [key], message: 'validation.reservedName' })) };
  return cleaned(entriesToObject(list));
}

/** A query string (without '?') as an object; a repeated key becomes an array. */
export function readQueryString(search: string): Parsed<unknown> {
  return fromEntries(search ? new URLSearchParams(search).entries() : []);
}

/** A JSON or form body as a value (JSON may be any value; the schema decides), or why it cannot be read. */
export async function readRequestBody(request: Request): Promise<RawBody> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  try {
    if (type === 'application/json' || type.endsWith('+json')) {
      const text = await request.text();
      if (!text.trim()) return { ok: true, value: {} };
      try {
        return cleaned(JSON.parse(text));
      } catch {
        return { ok: false, issues: [{ code: 'custom', path: [], message: 'validation.json' }] };
      }
    }
    if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') {
      const form = await request.formData();
      return fromEntries(form.entries());
    }
    const text = request.body ? await request.text() : '';
    return text.length === 0 ? { ok: true, value: {} } : { ok: false, status: 415 };
  } catch (error) {
    if (isTooLarge(error)) return { ok: false, status: 413 };
    // A malformed multipart or urlencoded body.
    return { ok: false, issues: [{ code: 'custom', path: [], message: 'validation.invalid' }] };
  }
}

export function isTooLarge(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e instanceof BodyTooLargeError || e.code === 'body_too_large') return true;
  }
  return false;
}

const NESTED_KEY = /^(\w+)\[(\w+)\]$/;

/** The names a key writes to: `tracking[network]` → tracking, network. */
function keyParts(key: string): string[] {
  const nested = NESTED_KEY.exec(key);
  return nested ? [nested[1]!, nested[2]!] : [key];
}

/**
 * Form or query entries as an object: `tracking[network]` nests, a repeated key is an array, files
 * stay files. Reserved names (`__proto__`, …) never get here: fromEntries refuses them first.
 */
function entriesToObject(entries: Iterable<[string, FormDataEntryValue]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const put = (target: Record<string, unknown>, key: string, value: unknown) => {
    const current = Object.hasOwn(target, key) ? target[key] : undefined;
    target[key] = current === undefined ? value : Array.isArray(current) ? [...current, value] : [current, value];
  };
  for (const [key, value] of entries) {
    const nested = NESTED_KEY.exec(key);
    if (nested) {
      const group = Object.hasOwn(out, nested[1]!) ? out[nested[1]!] : undefined;
      const target = group && typeof group === 'object' && !Array.isArray(group) ? (group as Record<string, unknown>) : ({});
      out[nested[1]!] = target;
      put(target, nested[2]!, value);
    } else put(out, key, value);
  }
  return out;
}

function valueAt(input: unknown, path: string[]): unknown {
  let at = input;
  for (const key of path) {
    if (!at || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** The translated text of one issue: our own message ids pass through, zod's codes map to ours. */
export function issueText(locale: Locale, issue: InputIssue): string {
  if (/^[a-z]+\.[\w.]+$/.test(issue.message) && serverMessage(locale, issue.message) !== issue.message) {
    return serverMessage(locale, issue.message, { max: Number(issue.maximum ?? 0), min: Number(issue.minimum ?? 0) });
  }
  // A number out of range is not a text too long (max_age=100 is "at most 99", not "99 characters").
  if (issue.origin === 'number' && (issue.code === 'too_big' || issue.code === 'too_small')) {
    return serverMessage(locale, issue.code === 'too_big' ? 'validation.numberMax' : 'validation.numberMin', { max: Number(issue.maximum ?? 0), min: Number(issue.minimum ?? 0) });
  }
  if (issue.code === 'too_big' && issue.maximum !== undefined) return serverMessage(locale, 'validation.tooLong', { max: Number(issue.maximum) });
  if (issue.path.length && valueAt(issue.input, issue.path) === undefined) return serverMessage(locale, 'validation.required');
  if (issue.code === 'too_small' && Number(issue.minimum) <= 1) return serverMessage(locale, 'validation.required');
  return serverMessage(locale, 'signup.error.invalid');
}

/** 400 { error: "validation", message, fields: { <field path>: <text> } }; issues about the whole input are under `where`. */
export function validationError(locale: Locale, issues: InputIssue[], where: 'query' | 'body'): Response {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.join('.') : where;
    fields[key] ??= issueText(locale, issue);
  }
  return apiJson({ error: 'validation', message: serverMessage(locale, 'signup.error.check'), fields }, { status: 400 });
}
