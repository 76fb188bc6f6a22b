// No request of any shape gets a 5xx (issue 10, docs/architecture.md §12): fast-check sends generated bad bodies,
// queries, ids and methods to every /api route of the built server, as a visitor and as a member,
// and every answer must be below 500, and JSON with an error code whenever it is an error.
import fs from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
const HOST = 'flirtlokaal.nl';
const ORIGIN = `http://${HOST}`;
let member = '';
let n = 0;

async function newMember(): Promise<string> {
  n++;
  const signup = await request(server.port, HOST, '/api/signup.php', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ email: `fuzz${n}@example.com`, name: `Fuzzy${n}`, password: 'a good password', date_of_birth: '1990-01-01', gender: 'male', seeking: 'female', country: 'NL', terms: true, orientation_consent: true }),
  });
  expect(signup.status).toBe(201);
  return String(signup.headers['set-cookie']).split(';')[0]!;
}

/** Every API route, from the route files, so that a new route is fuzzed without anyone listing it. */
const API_PATHS = fs
  .readdirSync('app/routes')
  .map((file) => /^api\.([\w-]+)\[\.\]php\.ts$/.exec(file)?.[1])
  .filter((name): name is string => Boolean(name))
  .map((name) => `/api/${name}.php`);

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'];
const FIELDS = ['profile', 'like', 'photo', 'email', 'password', 'password_confirm', 'old_password', 'token', 'language', 'disabled', 'reason', 'comment', 'name', 'date_of_birth', 'gender', 'seeking', 'country', 'region', 'signup_message', 'terms', 'orientation_consent', 'tracking', 'website', 'package', 'method', 'discountcode', 'payment', 'id', 'account_holder', 'iban', 'street', 'house_number', 'zip', 'city', 'phone', 'authorised', 'otp', 'text', 'gift', 'client_id', 'conversation'];
/** Keys that reach an object's prototype if a parser lets them (issue 21): every place that builds objects from a request gets them. */
const PROTOTYPE_KEYS = ['__proto__', '__proto__[query]', '__proto__[gender]', 'constructor', 'constructor[prototype]', 'prototype', 'tracking[__proto__]'];
const QUERY_KEYS = ['after', 'page', 'gender', 'country', 'countryregion', 'min_age', 'max_age', 'lat', 'lon', 'welcome', 'push', 'id', 'conversation', 'profile', 'before', 'lastEventId', 'code'];

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('\u0000', 'a\u0000b', '\u001b[31m', '0x1F', '1e99', '-1', '0', '2147483648', '99999999999', '1.5', 'NaN', 'true', '%00', '../../etc/passwd', '<script>', ' ', 'e\u0301'),
  fc.integer(),
  fc.double(),
  fc.constantFrom(2147483648, -1, 0, 1.5, 1e99, Number.MAX_SAFE_INTEGER),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.oneof(nasty, fc.array(nasty, { maxLength: 3 }), fc.dictionary(fc.constantFrom(...FIELDS, 'x', '__proto__', 'constructor'), nasty, { maxKeys: 3 }));
const jsonBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 }),
  fc.jsonValue(),
  fc.constantFrom('{', '{"profile":', '[1,2]', '1.5', '2147483648', '"x"', 'null', '{"__proto__":{"x":1}}', '{"__proto__":{"gender":"male"}}', '{"constructor":{"prototype":{"query":1}}}', '{"tracking":{"__proto__":{"network":"x"}}}'),
);

/** Sent as they are: a NUL and a broken escape. */
const RAW = ['%00', '%E0%A4%A'];
const query = fc
  .dictionary(fc.constantFrom(...QUERY_KEYS, ...PROTOTYPE_KEYS, 'x'), fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('%00', '99999999999', '-5', '1e99', '%E0%A4%A', '')), { maxKeys: 4 })
  .map((entries) => Object.entries(entries).map(([k, v]) => `${k}=${RAW.includes(v) ? v : encodeURIComponent(v)}`).join('&'));

const body = fc.oneof(
  jsonBody.map((b) => ({ type: 'application/json', text: typeof b === 'string' ? b : JSON.stringify(b) })),
  fc.dictionary(fc.constantFrom(...FIELDS, ...PROTOTYPE_KEYS), fc.string({ maxLength: 20 }), { maxKeys: 5 }).map((b) => ({ type: 'application/x-www-form-urlencoded', text: new URLSearchParams(b).toString() })),
  fc.string({ maxLength: 40 }).map((text) => ({ type: 'multipart/form-data; boundary=x', text: `--x\r\n${text}` })),
  fc.string({ maxLength: 40 }).map((text) => ({ type: 'text/plain', text })),
  fc.constant({ type: '', text: '' }),
);

beforeAll(async () => {
  server = await startServer({ SKIP_SEED: '1' });
  member = await newMember();
});

afterAll(async () => {
  if (process.env.FUZZ_LOG) fs.writeFileSync(process.env.FUZZ_LOG, server?.output() ?? '');
  await server?.stop();
});

describe('every API route under generated bad input', () => {
  it('knows the API routes', () => {
    expect(API_PATHS).toEqual(expect.arrayContaining(['/api/block.php', '/api/like.php', '/api/photos.php', '/api/user.php', '/api/members.php']));
  });

  it('never answers 5xx, and answers errors as JSON { error, message }', async () => {
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...API_PATHS, '/api/nothing.php', '/api/'),
        fc.constantFrom(...METHODS),
        query,
        body,
        fc.boolean(),
        async (path, method, search, sent, asMember) => {
          const headers: Record<string, string> = { origin: ORIGIN };
          if (sent.type) headers['content-type'] = sent.type;
          if (asMember) headers.cookie = member;
          const withBody = method !== 'GET' && method !== 'HEAD';
          const res = await request(server.port, HOST, `${path}${search ? `?${search}` : ''}`, { method, headers, body: withBody ? sent.text : undefined });
          const label = `${method} ${path}?${search} ${withBody ? sent.text.slice(0, 80) : ''} → ${res.status} ${res.text.slice(0, 120)}`;
          if (res.status >= 500) failures.push(label);
          if (res.status >= 400 && method !== 'HEAD') {
            expect(res.headers['content-type'], label).toMatch(/application\/json/);
            expect(typeof res.json<{ error: unknown }>().error, label).toBe('string');
            expect(typeof res.json<{ message: unknown }>().message, label).toBe('string');
          }
          expect(failures).toEqual([]);
        },
      ),
      { numRuns: 600 },
    );
    // Whatever came in, the process is as it was: no key reached a prototype (settings read `query`, search reads `gender`).
    const settings = await request(server.port, HOST, '/api/settings.php');
    expect(settings.status).toBe(200);
    expect(settings.json<Record<string, unknown>>()).not.toHaveProperty('query');
    expect((await request(server.port, 'bellacurva.it', '/api/companyinfo.php')).status).toBe(200);
  });

  it('refuses each malformed id of the issue with 400 validation, naming the field', async () => {
    const member = await newMember();
    for (const sent of ['{}', '{"profile":"abc"}', '1.5', '[1,2]', '2147483648', '{"profile":2147483648}', '{"profile":true}', '{"profile":"0x1F"}', '{"profile":0}']) {
      for (const method of ['POST', 'DELETE']) {
        for (const path of ['/api/block.php', '/api/like.php']) {
          const res = await request(server.port, HOST, path, { method, body: sent, headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: `${member}; locale=en` } });
          expect(res.status, `${method} ${path} ${sent}`).toBe(400);
          expect(res.json(), `${method} ${path} ${sent}`).toMatchObject({ error: 'validation', message: 'Please check the highlighted fields' });
        }
      }
    }
    const photo = await request(server.port, HOST, '/api/photos.php', { method: 'PUT', body: '{"photo":"1e99"}', headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: `${member}; locale=en` } });
    expect(photo.json()).toEqual({ error: 'validation', message: 'Please check the highlighted fields', fields: { photo: 'This is not a valid number' } });
  });

  it('answers the cases found in the issue without a server error', async () => {
    const cases: [string, string, string?][] = [
      ['GET', '/api/members.php?after=99999999999'],
      ['GET', '/api/members.php?countryregion=%00'],
      ['GET', '/api/members.php?page=1e99&min_age=-1'],
      ['POST', '/api/user.php', '{"email":"a\\u0000b@example.com","password":"x"}'],
      ['POST', '/api/password-reset.php', '{"email":"a\\u0000b@example.com"}'],
      ['POST', '/api/signup.php', '{"region":"\\u0000","signup_message":"hi\\u0000"}'],
      ['TRACE', '/api/user.php'],
      ['GET', '/api/password.php'],
    ];
    for (const [method, path, sent] of cases) {
      const res = await request(server.port, HOST, path, { method, body: sent, headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: member } });
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.json<{ error: string }>().error, `${method} ${path}`).toMatch(/^[a-z_]+$/);
    }
  });
});
