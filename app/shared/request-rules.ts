// The rules every request value meets before any domain code sees it (docs/api.md "Input rules"),
// shared by the server's request schemas and the browser's forms.
import { z } from 'zod';

/** Ids are PostgreSQL integers: 1 … 2,147,483,647, nothing else (no 0, no 1.5, no "0x1F", no true). */
export const ID_MAX = 2_147_483_647;

const DIGITS = /^[1-9][0-9]{0,9}$/;

/** An id as a JSON number or a string of decimal digits (forms and query strings carry strings). */
export const idSchema = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const id = typeof value === 'number' ? value : DIGITS.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(id) || id < 1 || id > ID_MAX) {
    ctx.addIssue({ code: 'custom', message: 'validation.id' });
    return z.NEVER;
  }
  return id;
});

/** The id in a route parameter (/members/{id}), or null when it is not one. */
export function parseId(value: string | undefined): number | null {
  const parsed = idSchema.safeParse(value ?? '');
  return parsed.success ? parsed.data : null;
}

/** Control characters other than tab and newline (carriage returns are folded into newlines first). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value);
}

/** A text a person may type and the database can store: well-formed Unicode without control characters (tab and line breaks allowed). */
export function isStorableText(value: string): boolean {
  return value.isWellFormed() && !CONTROL.test(value.replace(/\r\n?/g, '\n'));
}

/**
 * JSON text as a value, or undefined when it is no JSON or nests deeper than `maxDepth` — checked on the
 * text before parsing, so that no recursive walk (structuredClone, a schema) ever meets 5,000 levels.
 */
export function parseJsonShallow(text: string, maxDepth = MAX_NESTING * 2): unknown {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > maxDepth) return undefined;
    } else if (c === 125 || c === 93) depth--;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** How deep a request value may nest (objects and arrays), on every host: docs/api.md "Input rules". */
export const MAX_NESTING = 16;

/**
 * Names that must never become keys of an object built from a request: assigning `__proto__` would
 * change the prototype (for `a[__proto__][x]=1`, Object.prototype itself, for the whole process),
 * and `constructor`/`prototype` are the way there. Requests that use them are refused whole.
 */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export function isReservedKey(key: string): boolean {
  return RESERVED_KEYS.has(key);
}

/**
 * Every string of a request, wherever it sits: line breaks as \n (browsers send \r\n from text
 * areas), NFC-normalised so that "é" is one letter however it was typed. Returns the cleaned value
 * and the paths of strings that carry other control characters (they are refused, never stored).
 * Files and other non-plain objects pass as they are. A
 * reserved key (RESERVED_KEYS) is left out and refused with its path.
 */
export function cleanStrings(value: unknown, path: string[] = [], refused: string[][] = []): { value: unknown; refused: string[][] } {
  if (typeof value === 'string') {
    // A lone surrogate is no text: PostgreSQL refuses it in json, and it garbles as UTF-8 (issue 43).
    if (!value.isWellFormed()) {
      refused.push(path);
      return { value, refused };
    }
    const cleaned = value.replace(/\r\n?/g, '\n').normalize('NFC');
    if (hasControlCharacters(cleaned)) refused.push(path);
    return { value: cleaned, refused };
  }
  // No form or API takes values nested deeper than this: deeper is refused, never walked (issue 43).
  if (path.length >= MAX_NESTING && value !== null && typeof value === 'object') {
    refused.push(path);
    return { value: undefined, refused };
  }
  if (Array.isArray(value)) {
    return { value: value.map((item, index) => cleanStrings(item, [...path, String(index)], refused).value), refused };
  }
  if (value && typeof value === 'object' && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacters(key) || isReservedKey(key)) {
        refused.push([...path, key]);
        continue;
      }
      out[key] = cleanStrings(item, [...path, key], refused).value;
    }
    return { value: out, refused };
  }
  return { value, refused };
}

/** A text field of at most `max` characters, trimmed. */
export const text = (max: number) => z.string().trim().max(max, { message: 'validation.tooLong' });

/** Documented length limits of the free-text fields (docs/api.md). */
export const TEXT_LIMITS = {
  email: 254,
  name: 20,
  password: 200,
  city: 80,
  about: 2000,
  lookingFor: 1000,
  signupMessage: 500,
  comment: 1000,
  token: 200,
  region: 20,
} as const;
