// The request rules every route shares (docs/api.md "Input rules", docs/decisions/0012): ids, text,
// one schema per method, the error contract, and inline failures in page forms.
import type { AppLoadContext } from '@remix-run/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { apiJson } from '~/.server/contract/api';
import { logger } from '~/.server/observability/logger';
import { formAction } from '~/.server/contract/form-action';
import { cleanStrings, idSchema, parseId, text } from '~/shared/request-rules';
import { safeRedirectPath } from '~/.server/i18n/language-choice';

const context = (user: unknown = null) => ({ locale: 'en', user, requestId: 'req-1' }) as unknown as AppLoadContext;
const call = (route: ReturnType<typeof apiRoute>, method: string, body?: unknown, ctx = context()) => {
  const request = new Request('http://x/api/t.php?', {
    method,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  return (method === 'GET' ? route.loader : route.action)({ request, context: ctx, params: {} });
};

afterEach(() => vi.restoreAllMocks());

describe('ids', () => {
  it('are integers 1 … 2,147,483,647 as a number or a string of digits', () => {
    for (const good of [1, '42', 2147483647, '2147483647']) expect(idSchema.safeParse(good).success, String(good)).toBe(true);
    expect(idSchema.parse('42')).toBe(42);
  });

  it('refuses everything else, the lax coercions of the old code included', () => {
    for (const bad of [0, -1, 1.5, '0x1F', true, false, null, '2147483648', 2147483648, '1e3', ' 1', '01', '', [1], { id: 1 }, Number.NaN]) {
      expect(idSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(parseId('1e99')).toBeNull();
    expect(parseId('99999999999999999999')).toBeNull();
    expect(parseId('7')).toBe(7);
  });
});

describe('text in a request', () => {
  it('folds \\r\\n to \\n and normalises to NFC', () => {
    expect(cleanStrings({ about: 'a\r\nb', name: 'Rene\u0301' }).value).toEqual({ about: 'a\nb', name: 'René' });
  });

  it('refuses NUL and other control characters wherever they are, keys too; tab and newline pass', () => {
    expect(cleanStrings({ a: 'x\u0000', b: ['ok', 'e\u001b[31m'], c: { d: '\u007f' }, 'k\u0001': 'v', tab: 'a\tb\nc' }).refused).toEqual([['a'], ['b', '1'], ['c', 'd'], ['k\u0001']]);
  });

  it('bounds lengths with a message naming the limit', () => {
    const result = text(5).safeParse('toolong');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('validation.tooLong');
  });
});

describe('apiRoute', () => {
  const route = apiRoute({
    GET: endpoint({ handle: () => apiJson({ ok: true }) }),
    POST: endpoint({ member: true, body: z.object({ profile: idSchema }), handle: ({ body }) => apiJson(body) }),
    PUT: endpoint({
      handle: () => {
        throw new Error('database down');
      },
    }),
  });

  it('answers a method it does not take with 405 and Allow', async () => {
    const res = await call(route, 'DELETE', {});
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('GET, HEAD, POST, PUT');
    expect(route.loader.methods).toEqual(['GET', 'HEAD', 'POST', 'PUT']);
  });

  it('answers a visitor on a member endpoint with 403 authentication_required before reading the body', async () => {
    const res = await call(route, 'POST', '{');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'authentication_required' });
  });

  it('answers input that fails the schema with 400 validation and a text per field', async () => {
    const res = await call(route, 'POST', { profile: '0x1F' }, context({ id: 1 }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'validation', message: 'Please check the highlighted fields', fields: { profile: 'This is not a valid number' } });
    const broken = await call(route, 'POST', '{"profile":', context({ id: 1 }));
    expect(await broken.json()).toMatchObject({ fields: { body: 'The request body is not valid JSON' } });
    const missing = await call(route, 'POST', {}, context({ id: 1 }));
    expect(await missing.json()).toMatchObject({ fields: { profile: 'This field is required' } });
  });

  it('passes parsed input to the handler', async () => {
    const res = await call(route, 'POST', { profile: '31' }, context({ id: 1 }));
    expect(await res.json()).toEqual({ profile: 31 });
  });

  it('answers an unexpected failure with 500 server_error, logged with the request id', async () => {
    // The structured log (pino, docs/decisions/0045) carries the request id as a field and in the text.
    const log = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const res = await call(route, 'PUT', {});
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'server_error', message: 'An error occured, please try again later', request_id: 'req-1' });
    expect(log.mock.calls[0]?.[0]).toMatchObject({ reqId: 'req-1' });
    expect(String(log.mock.calls[0]?.[1])).toContain('req-1');
  });
});

describe('formAction', () => {
  const action = formAction({
    body: z.object({ intent: z.literal('save'), name: text(20) }),
    failure: ({ message, fields }): { ok: boolean; message: string | null; fields: Record<string, string> } => ({ ok: false, message, fields }),
    handle: ({ body }) => {
      if (body.name === 'boom') throw new Error('database down');
      return { ok: true, message: null, fields: {} };
    },
  });
  const post = (fields: Record<string, string>) =>
    action({ request: new Request('http://x/profile', { method: 'POST', body: new URLSearchParams(fields) }), context: context(), params: {} });

  it('shows SPEC\'s error text inline in the form when the action fails unexpectedly', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = (await post({ intent: 'save', name: 'boom' })) as unknown as { data: unknown; init: { status: number } };
    expect(result.init.status).toBe(500);
    expect(result.data).toEqual({ ok: false, message: 'An error occured, please try again later', fields: {} });
  });

  it('answers a form that fails its schema with 400 and the field texts', async () => {
    const result = (await post({ intent: 'save', name: 'x'.repeat(30) })) as unknown as { data: unknown; init: { status: number } };
    expect(result.init.status).toBe(400);
    expect(result.data).toEqual({ ok: false, message: 'Please check the highlighted fields', fields: { name: 'Use at most 20 characters' } });
  });

  it('refuses a control character in a form field', async () => {
    const result = (await post({ intent: 'save', name: 'a\u0000' })) as unknown as { data: { fields: Record<string, string> } };
    expect(result.data.fields).toEqual({ name: 'This text contains characters that are not allowed' });
  });
});

describe('safeRedirectPath (issue 21: no open redirect from /lang-config)', () => {
  it('keeps same-site paths, normalised, with their query and fragment', () => {
    expect(safeRedirectPath('/members?page=2#top')).toBe('/members?page=2#top');
    expect(safeRedirectPath('/a/../members')).toBe('/members');
    expect(safeRedirectPath('/members?city=Den Haag')).toBe('/members?city=Den%20Haag');
  });

  it('sends everything a browser could read as another site home', () => {
    for (const value of ['/\t/evil.example', '/\n/evil.example', '/\r\n/evil.example', '//evil.example', '/\\evil.example', '/%2F/evil.example', 'https://evil.example', 'evil.example', '', null, undefined, '/%ZZ', `/${'a'.repeat(2001)}`]) {
      expect(safeRedirectPath(value), String(value)).toBe('/');
    }
  });
});

describe('cleanStrings and prototype keys (issue 21)', () => {
  it('leaves reserved keys out and names their paths', () => {
    const { value, refused } = cleanStrings(JSON.parse('{"a":"x","__proto__":{"gender":"male"},"b":{"constructor":{"prototype":1}}}'));
    expect(refused).toEqual([['__proto__'], ['b', 'constructor']]);
    expect((value as Record<string, unknown>).gender).toBeUndefined();
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });
});
