// Issue 22 items 1–2 over HTTP: the message catalogue is a cached script, not page data, and
// anonymous pages come from the render cache with a nonce of their own; members never see one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpMember, type TestMember } from '../support/members';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let tenantsDir: string;
let member: TestMember;
const HOST = 'flirtlokaal.localhost';
const get = (pathname: string, headers: Record<string, string> = {}) => request(server.port, HOST, pathname, { headers });
const nonceOf = (html: string) => /<script[^>]* nonce="([^"]+)"/.exec(html)?.[1];

beforeAll(async () => {
  tenantsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-tenants-'));
  fs.cpSync('tenants', tenantsDir, { recursive: true });
  server = await startServer({ SKIP_SEED: '1', TENANTS_DIR: tenantsDir });
  member = await signUpMember(server, 'flirtlokaal', { name: 'Cachetester', country: 'NL' });
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(tenantsDir, { recursive: true, force: true });
});

describe('messages off the wire', () => {
  it('sends no message catalogue in the page, but a hashed script of the page language, cached for good', async () => {
    const page = await get('/pages/terms', { cookie: 'locale=en' });
    expect(page.text).not.toContain('nav.language');
    // A sleeping page (decision 0042) keeps it as a lazy script, loaded when the app wakes.
    const src = /<script [^>]*id="rdv-messages" src="(\/i18n\/en\.[0-9a-f]{12}\.js)"/.exec(page.text)?.[1];
    expect(src).toBeDefined();
    const script = await get(src!);
    expect(script.status).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.text).toContain('Language');
    expect(script.text).not.toContain('Taal');
  });

  it('gives an outdated catalogue name today’s texts without keeping them for good', async () => {
    const script = await get('/i18n/de.000000000000.js');
    expect(script.status).toBe(200);
    expect(script.headers['cache-control']).toContain('max-age=0');
    expect((await get('/i18n/xx.000000000000.js')).status).toBe(404);
  });
});

describe('the render cache', () => {
  it('answers a repeated anonymous visit from memory, each answer with its own nonce matching its CSP', async () => {
    const first = await get('/pages/privacy');
    const second = await get('/pages/privacy');
    expect(first.headers['x-render-cache']).toBe('miss');
    expect(second.headers['x-render-cache']).toBe('hit');
    const [a, b] = [nonceOf(first.text), nonceOf(second.text)];
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
    expect(String(second.headers['content-security-policy'])).toContain(`'nonce-${b}'`);
    expect(second.text).not.toContain(a!);
    expect(second.text.replaceAll(b!, 'N')).toBe(first.text.replaceAll(a!, 'N'));
  });

  it('answers a cached page past the stack (decision 0060) exactly as the whole stack answers it: headers, nonce, compression, log line', async () => {
    // A query sends a request down the whole stack (it may carry a traffic source); a plain path takes the lane.
    await get('/pages/service');
    await get('/pages/service?via=stack');
    const lane = await get('/pages/service');
    const stack = await get('/pages/service?via=stack');
    expect([lane.headers['x-render-cache'], stack.headers['x-render-cache']]).toEqual(['hit', 'hit']);
    const comparable = (res: typeof lane) => {
      const nonce = nonceOf(res.text)!;
      const { date: _date, 'x-request-id': _id, 'content-length': _length, ...rest } = res.headers;
      return JSON.parse(JSON.stringify(rest).replaceAll(nonce, 'N')) as Record<string, unknown>;
    };
    expect(comparable(lane)).toEqual(comparable(stack));
    expect(comparable(lane)).toMatchObject({ 'content-type': 'text/html; charset=utf-8', 'x-content-type-options': 'nosniff', vary: 'Accept-Encoding' });
    expect(String(lane.headers['content-security-policy'])).toContain(`'nonce-${nonceOf(lane.text)}'`);
    expect(lane.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    expect(lane.headers['x-request-id']).not.toBe(stack.headers['x-request-id']);

    const gzipped = await get('/pages/service', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const html = zlib.gunzipSync(gzipped.body).toString('utf8');
    expect(html.replaceAll(nonceOf(html)!, 'N')).toBe(lane.text.replaceAll(nonceOf(lane.text)!, 'N'));

    // Its log line names the route pattern and the tenant, as every request's does.
    const requestId = String(lane.headers['x-request-id']);
    await expect.poll(() => server.output().split('\n').find((line) => line.includes(`"reqId":"${requestId}"`)) ?? '').toContain('"route":"/pages/:token"');
    const line = JSON.parse(server.output().split('\n').find((entry) => entry.includes(`"reqId":"${requestId}"`))!) as Record<string, unknown>;
    expect(line).toMatchObject({ module: 'http', tenant: 'flirtlokaal', status: 200, req: { method: 'GET' } });
  });

  it('keeps no error page, and gives it its real nonce', async () => {
    const missing = await get('/pages/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.headers['x-render-cache']).toBe('bypass');
    expect(String(missing.headers['content-security-policy'])).toContain(`'nonce-${nonceOf(missing.text)}'`);
    expect((await get('/pages/no-such-page')).headers['x-render-cache']).toBe('bypass');
  });

  it('tells shared caches to keep nothing of a page (its nonce is per answer)', async () => {
    expect((await get('/pricing')).headers['cache-control']).toBe('private, no-cache');
  });

  it('keeps languages and countries apart', async () => {
    await get('/pages/faq', { cookie: 'locale=de' });
    const english = await get('/pages/faq', { cookie: 'locale=en' });
    expect(english.text).toContain('<html lang="en"');
    await get('/pricing', { cookie: 'country=NL' });
    expect((await get('/pricing', { cookie: 'country=NL' })).headers['x-render-cache']).toBe('hit');
    expect((await get('/pricing', { cookie: 'country=BE' })).headers['x-render-cache']).toBe('miss');
  });

  it('never answers a member from the cache, and never keeps a member’s page', async () => {
    await get('/');
    const own = await get('/', { cookie: member.session });
    expect(own.headers['x-render-cache']).toBeUndefined();
    expect(own.text).toContain('Cachetester');
    const anonymous = await get('/');
    expect(anonymous.headers['x-render-cache']).toBe('hit');
    expect(anonymous.text).not.toContain('Cachetester');
  });

  it('keeps one page per lander for all the clicks of a campaign: tracking parameters are not in its key, each click still counted', async () => {
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36' };
    const first = await get('/landers/iconslanding?network=net1&ref=a&sub1=x&utm_source=mail&gclid=abc', browser);
    expect(first.status).toBe(200);
    expect(first.headers['x-render-cache']).toBe('miss');
    const second = await get('/landers/iconslanding?network=net2&ref=b&sub2=y&sub3=z&fbclid=def&msclkid=g&utm_campaign=c', browser);
    expect(second.headers['x-render-cache']).toBe('hit');
    expect(second.text.replaceAll(nonceOf(second.text)!, 'N')).toBe(first.text.replaceAll(nonceOf(first.text)!, 'N'));
    // The visit recorder ran before the cache: the second click is a visit of its own, with its own cookie.
    const visitOf = (res: typeof first) => /rdv_visit=([\w-]+)/.exec(String(res.headers['set-cookie']))?.[1];
    expect(visitOf(second)).toBeTruthy();
    expect(visitOf(second)).not.toBe(visitOf(first));
    expect((await get('/landers/iconslanding')).headers['x-render-cache']).toBe('hit');
    // Other parameters still make a page of their own.
    expect((await get('/landers/iconslanding?signup=1&network=net3')).headers['x-render-cache']).toBe('miss');
  });

  it('renders again when the tenant file changes', async () => {
    await get('/pages/cookies');
    expect((await get('/pages/cookies')).headers['x-render-cache']).toBe('hit');
    const file = path.join(tenantsDir, 'flirtlokaal.json');
    const tenant = JSON.parse(fs.readFileSync(file, 'utf8')) as { settings: { name: string } };
    tenant.settings.name = 'Flirt Renamed';
    fs.writeFileSync(file, JSON.stringify(tenant, null, 2));
    await expect.poll(async () => (await get('/pages/cookies')).text, { timeout: 10_000 }).toContain('Flirt Renamed');
  });
});
