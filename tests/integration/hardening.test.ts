// Issue 10 over HTTP against the built server: methods and sizes, the cross-site rule, cookies,
// media, profile name rules, reset links, confirming by POST and the signup limit.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
const HOST = 'flirtlokaal.nl';
const ORIGIN = `http://${HOST}`;
let n = 0;

const json = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  request(server.port, HOST, path, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: 'locale=en', ...headers } });
const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  request(server.port, HOST, path, { method: 'POST', body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...headers } });

async function newMember(): Promise<{ cookie: string; email: string }> {
  n++;
  const email = `hard${n}@example.com`;
  const res = await json('POST', '/api/signup.php', { email, name: `Hardy${n}`, password: 'a good password', date_of_birth: '1990-01-01', gender: 'male', seeking: 'female', country: 'NL', terms: true, orientation_consent: true }, { 'x-forwarded-for': `10.0.0.${n}` });
  expect(res.status).toBe(201);
  return { cookie: `${String(res.headers['set-cookie']).split(';')[0]!}; locale=en`, email };
}

/** The tokens of the links to `path` mailed to `to`, newest first. */
async function outboxLinks(path: string, to: string): Promise<string[]> {
  const page = await request(server.port, HOST, '/dev/outbox');
  const mails = page.text.split('data-to="').slice(1).filter((mail) => mail.startsWith(`${to}"`));
  return mails.flatMap((mail) => [...mail.matchAll(new RegExp(`${path}\\?token=([\\w-]+)`, 'g'))].map((m) => m[1]!).slice(0, 1));
}

beforeAll(async () => {
  // X-Forwarded-For from loopback is believed, so each test member comes from an address of its own.
  server = await startServer({ SKIP_SEED: '1', TRUST_PROXY: 'loopback' });
});

afterAll(async () => {
  await server?.stop();
});

describe('methods and sizes', () => {
  it('answers a method an API route does not take with 405 JSON and Allow, before Remix runs', async () => {
    const res = await request(server.port, HOST, '/api/password.php', { headers: { cookie: 'locale=en' } });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json()).toEqual({ error: 'method_not_allowed', message: 'This request method is not allowed here' });
    const trace = await request(server.port, HOST, '/api/user.php', { method: 'TRACE' });
    expect(trace.status).toBe(405);
    expect(trace.headers.allow).toBe('GET, HEAD, DELETE, POST, PUT');
  });

  it('answers TRACE and PUT on a page with the themed 405 page', async () => {
    for (const method of ['TRACE', 'PUT', 'DELETE']) {
      const res = await request(server.port, HOST, '/', { method, headers: { cookie: 'locale=en' } });
      expect(res.status, method).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD, POST');
      expect(res.text).toContain('FlirtLokaal');
      expect(res.text).toContain('This request method is not allowed here');
    }
  });

  it('refuses a JSON body over 64 KiB with 413 without reading it', async () => {
    const res = await json('POST', '/api/user.php', { email: 'x'.repeat(70 * 1024), password: 'x' });
    expect(res.status).toBe(413);
    expect(res.json()).toEqual({ error: 'too_large', message: 'This request is too large' });
  });

  it('answers an unknown API path with a JSON 404 for any method', async () => {
    for (const method of ['GET', 'POST', 'TRACE']) {
      const res = await request(server.port, HOST, '/api/nothing.php', { method, headers: { origin: ORIGIN } });
      expect(res.status, method).toBe(404);
      expect(res.json<{ error: string }>().error).toBe('not_found');
    }
  });

  it('shows the 404 page for a profile id out of range', async () => {
    for (const path of ['/members/2147483648', '/members/1e99', '/likes/m/99999999999999999999', '/members/0', '/members/-3']) {
      const res = await request(server.port, HOST, path);
      expect(res.status, path).toBe(404);
      expect(res.text).toContain('data-testid="error-page"');
    }
  });
});

describe('cross-site requests and cookies', () => {
  it('refuses a mutation with the session cookie and no Origin, or an Origin of another scheme', async () => {
    const { cookie } = await newMember();
    const headers = { 'content-type': 'application/json', cookie };
    const bare = await request(server.port, HOST, '/api/user.php', { method: 'PUT', body: '{"language":"en"}', headers });
    expect(bare.status).toBe(403);
    expect(bare.json<{ error: string }>().error).toBe('cross_origin');
    const https = await request(server.port, HOST, '/api/user.php', { method: 'PUT', body: '{"language":"en"}', headers: { ...headers, origin: `https://${HOST}` } });
    expect(https.status).toBe(403);
    const fetchSite = await request(server.port, HOST, '/api/user.php', { method: 'PUT', body: '{"language":"en"}', headers: { ...headers, 'sec-fetch-site': 'same-origin' } });
    expect(fetchSite.status).toBe(200);
    const origin = await request(server.port, HOST, '/api/user.php', { method: 'PUT', body: '{"language":"en"}', headers: { ...headers, origin: ORIGIN } });
    expect(origin.status).toBe(200);
  });

  it('lets a call without the session cookie and without an Origin through (webhooks, scripts)', async () => {
    const res = await request(server.port, HOST, '/api/user.php', { method: 'POST', body: '{"email":"nobody@example.com","password":"whatever"}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(401);
  });

  // Issue 48 item 22 (docs/decisions/0069): only a browser that treats localhost as secure keeps a Secure cookie sent over http.
  it('marks the session cookie Secure when the request came over https through the trusted proxy, and not over plain HTTP', async () => {
    const body = { password: 'a good password', date_of_birth: '1990-01-01', gender: 'male', seeking: 'female', country: 'NL', terms: true, orientation_consent: true };
    const https = await json('POST', '/api/signup.php', { ...body, email: 'secure@example.com', name: 'Securo' }, { 'x-forwarded-for': '10.1.0.1', 'x-forwarded-proto': 'https', origin: `https://${HOST}` });
    expect(String(https.headers['set-cookie'])).toMatch(/rdv_session=[\w-]+;.*HttpOnly; SameSite=Lax; Secure/);
    const plain = await json('POST', '/api/signup.php', { ...body, email: 'plain@example.com', name: 'Plano' }, { 'x-forwarded-for': '10.1.0.2' });
    expect(String(plain.headers['set-cookie'])).toMatch(/rdv_session=[\w-]+;.*HttpOnly; SameSite=Lax/);
    expect(String(plain.headers['set-cookie'])).not.toMatch(/Secure/);
  });
});

describe('member photos', () => {
  async function upload(cookie: string) {
    const image = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#3366aa' } }).png().toBuffer();
    const boundary = `b${Math.random().toString(16).slice(2)}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return request(server.port, HOST, '/api/photos.php', { method: 'POST', body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: ORIGIN, cookie } });
  }

  it('keeps a free member at 3 photos when 8 uploads arrive at the same moment', async () => {
    const { cookie } = await newMember();
    const results = await Promise.all(Array.from({ length: 8 }, () => upload(cookie)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 403).map((r) => r.json<{ error: string }>().error)).toEqual(Array(5).fill('premium_only'));
    const list = await request(server.port, HOST, '/api/photos.php', { headers: { cookie } });
    expect(list.json<{ photos: unknown[] }>().photos).toHaveLength(3);
  });

  it('serves a photo privately on its tenant\'s hosts only, and 404 once deleted', async () => {
    const { cookie } = await newMember();
    const created = (await upload(cookie)).json<{ photo: { id: number; filename: string } }>().photo;
    const own = await request(server.port, HOST, created.filename);
    expect(own.status).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-cache');
    expect((await request(server.port, 'rainbowhearts.co.uk', created.filename)).status).toBe(404);
    expect((await request(server.port, 'nowhere.example', created.filename)).status).toBe(404);
    await json('DELETE', '/api/photos.php', { photo: created.id }, { cookie });
    expect((await request(server.port, HOST, created.filename)).status).toBe(404);
  });

  it('revalidates a photo with 304 and no bytes, and answers HEAD with its size only', async () => {
    const { cookie } = await newMember();
    const created = (await upload(cookie)).json<{ photo: { filename: string } }>().photo;
    const full = await request(server.port, HOST, created.filename);
    expect(full.headers.etag).toBeTruthy();
    expect(Number(full.headers['content-length'])).toBe(full.body.byteLength);
    const again = await request(server.port, HOST, created.filename, { headers: { 'if-none-match': String(full.headers.etag) } });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    const head = await request(server.port, HOST, created.filename, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(full.body.byteLength));
    expect(head.body.byteLength).toBe(0);
  });
});

describe('accounts', () => {
  it('refuses the own e-mail address and a leading @ as the public name, with docs/product.md §5\'s texts', async () => {
    const { cookie } = await newMember();
    // Every field of the form, as a browser sends it (empty selects included).
    const fields = { intent: 'profile', region: '', city: '', hair_colour: '', eye_colour: '', body_type: '', relationship_status: '', tattoos: '', about: '', looking_for: '' };
    const short = `x${n}@ex.io`;
    expect((await json('POST', '/api/mail-change.php', { email: short }, { cookie })).status).toBe(200);
    const [token] = await outboxLinks('/mail-change/do', short);
    await form(`/mail-change/do?token=${token}`, { token: token! });
    const asEmail = await form('/profile', { ...fields, name: short.toUpperCase() }, { cookie });
    expect(asEmail.text).toContain('id="name-error"');
    expect(asEmail.text).toMatch(/id="name-error"[^>]*>Username may not be the same as your e-mail address/);
    const at = await form('/profile', { ...fields, name: '@anna' }, { cookie });
    expect(at.text).toMatch(/id="name-error"[^>]*>Username may not start with @/);
    const saved = await form('/profile', { ...fields, name: 'Anna', city: 'Utrecht' }, { cookie });
    expect(saved.text).toContain('Your settings have been saved.');
  });

  it('revokes the older reset link when a new one is mailed', async () => {
    const { email } = await newMember();
    await json('POST', '/api/password-reset.php', { email });
    await json('POST', '/api/password-reset.php', { email });
    const [newest, older] = await outboxLinks('/reset-password/do', email);
    expect(older).toBeDefined();
    const first = await json('POST', '/api/password-reset.php', { token: older, password: 'another password', password_confirm: 'another password' });
    expect(first.status).toBe(410);
    const second = await json('POST', '/api/password-reset.php', { token: newest, password: 'another password', password_confirm: 'another password' });
    expect(second.status).toBe(200);
  });

  it('changes the e-mail address only when the page\'s button posts, not when the link is fetched', async () => {
    const { cookie } = await newMember();
    const moved = `moved${n}@example.com`;
    expect((await json('POST', '/api/mail-change.php', { email: moved }, { cookie })).status).toBe(200);
    const [token] = await outboxLinks('/mail-change/do', moved);
    const opened = await request(server.port, HOST, `/mail-change/do?token=${token}`);
    expect(opened.status).toBe(200);
    expect((await json('POST', '/api/user.php', { email: moved, password: 'a good password' })).status).toBe(401);
    const confirmed = await form(`/mail-change/do?token=${token}`, { token: token! });
    expect(confirmed.status).toBe(200);
    expect((await json('POST', '/api/user.php', { email: moved, password: 'a good password' })).status).toBe(200);
  });

  it('counts accounts created per address for the signup limit, not failed attempts', async () => {
    for (let i = 0; i < 15; i++) {
      const typo = await json('POST', '/api/signup.php', { email: 'not an address', name: 'Typo', password: 'x' }, { 'x-forwarded-for': '10.9.9.9' });
      expect(typo.status).toBe(400);
    }
  });
});
