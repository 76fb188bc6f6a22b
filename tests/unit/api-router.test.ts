// Issue 32 item 1 (docs/decisions/0041): the JSON API off the page path — one registry that the
// server's own router serves without Remix's route matching and without a web Request per call, and
// the session lookup cached per instance, dropped on every instance when a session ends.
import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type * as Sessions from '~/.server/accounts/sessions';

vi.mock('~/.server/accounts/sessions', async (importOriginal) => ({
  ...(await importOriginal<typeof Sessions>()),
  sessionOf: vi.fn(),
  activeMember: vi.fn(),
}));

const { API_ROUTES } = await import('~/.server/api/registry');
const { apiRoute, endpoint } = await import('~/.server/http/api-route');
const { apiJson } = await import('~/.server/contract/api');
const { apiRouter } = await import('~/.server/http/api-router');
const { createSessionCache } = await import('~/.server/accounts/session-cache');
const { createLocalBus, sessionsChannel } = await import('~/.server/events/bus');
const { announceSessionEnd } = await import('~/.server/events/member-events');
const sessions = await import('~/.server/accounts/sessions');

const context = (user: unknown = null) => ({ locale: 'en', user, requestId: 'req-1' }) as unknown as AppLoadContext;

describe('the registry', () => {
  it('lists every /api/<name>.php route file, and nothing else (the route files are thin)', () => {
    const files = fs
      .readdirSync('app/routes')
      .map((file) => /^api\.([\w-]+)\[\.\]php\.ts$/.exec(file)?.[1])
      .filter((name): name is string => Boolean(name))
      .map((name) => `/api/${name}.php`);
    expect(Object.keys(API_ROUTES).sort()).toEqual(files.sort());
    for (const file of fs.readdirSync('app/routes').filter((name) => name.startsWith('api.'))) {
      expect(fs.readFileSync(`app/routes/${file}`, 'utf8').trim().split('\n').length, file).toBeLessThanOrEqual(2);
    }
    for (const [path, route] of Object.entries(API_ROUTES)) expect(route.methods.length, path).toBeGreaterThan(0);
  });

  it('answers a GET without ever making a web Request when the handler does not read it', async () => {
    const route = apiRoute({ GET: endpoint({ query: z.object({ a: z.string() }), handle: ({ query }) => apiJson(query) }) });
    const refuse = () => {
      throw new Error('a Request was made');
    };
    const res = await route.serve({ method: 'GET', search: 'a=1', request: refuse }, context());
    expect(await res.json()).toEqual({ a: '1' });
  });
});

describe('the API router', () => {
  let server: http.Server;
  let port = 0;
  const served: string[] = [];
  const loadContext = vi.fn(async () => context());
  beforeAll(async () => {
    const route = apiRoute({
      GET: endpoint({ handle: ({ context: ctx }) => (served.push(ctx.requestId), apiJson({ ok: true })) }),
      POST: endpoint({ body: z.object({ n: z.number() }), handle: ({ body }) => apiJson(body, { status: 201 }) }),
    });
    const build = { entry: { module: { API_ROUTES: { '/api/t.php': route } } } } as unknown as ServerBuild;
    const app = express();
    app.use((_req, res, next) => ((res.locals.tenant = { id: 't', settings: { languages: ['en'] } }), (res.locals.requestId = 'req-1'), next()));
    app.use(apiRouter({ build, getLoadContext: loadContext, localeOf: () => 'en' }));
    app.use((_req, res) => res.status(418).send('Remix'));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const call = async (path: string, init: RequestInit = {}) => fetch(`http://127.0.0.1:${port}${path}`, init);

  it('serves registry routes itself (any case, a trailing slash) and never hands /api/ to Remix', async () => {
    expect((await call('/api/t.php')).status).toBe(200);
    expect((await call('/API/T.php/')).status).toBe(200);
    expect(served).toHaveLength(2);
    const unknown = await call('/api/nothing.php');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'not_found' });
    expect((await call('/pricing')).status).toBe(418);
  });

  it('keeps the contract: 405 with Allow, 413 unread, 400 validation, bodies parsed', async () => {
    const put = await call('/api/t.php', { method: 'PUT' });
    expect([put.status, put.headers.get('allow')]).toEqual([405, 'GET, HEAD, POST']);
    const big = await call('/api/t.php', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(70_000) });
    expect(big.status).toBe(413);
    const bad = await call('/api/t.php', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":"x"}' });
    expect([bad.status, ((await bad.json()) as { error: string }).error]).toEqual([400, 'validation']);
    const good = await call('/api/t.php', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":2}' });
    expect([good.status, await good.json()]).toEqual([201, { n: 2 }]);
  });
});

describe('the session cache', () => {
  const tenant = { id: 'flirtlokaal' } as Parameters<typeof sessions.sessionOf>[1];
  const db = {} as Parameters<typeof sessions.sessionOf>[0];
  const member = { id: 7, tenant_id: 'flirtlokaal' } as unknown as Awaited<ReturnType<typeof sessions.activeMember>>;
  const cookie = 'rdv_session=token-a';
  const setUp = () => {
    vi.mocked(sessions.sessionOf).mockReset().mockResolvedValue({ id: 'hash', user: member!, expiresAt: new Date(Date.now() + 3_600_000) });
    vi.mocked(sessions.activeMember).mockReset().mockResolvedValue(member);
  };

  it('looks a session up once for a few seconds, and reads the member fresh on every request', async () => {
    setUp();
    let now = 1_000;
    const cache = createSessionCache({ ttlMs: 5_000, clock: () => now });
    for (let i = 0; i < 3; i++) expect(await cache.userFor(db, tenant, cookie)).toBe(member);
    expect(sessions.sessionOf).toHaveBeenCalledTimes(1);
    expect(sessions.activeMember).toHaveBeenCalledTimes(2);
    now += 5_001;
    await cache.userFor(db, tenant, cookie);
    expect(sessions.sessionOf).toHaveBeenCalledTimes(2);
    // A member suspended or deleted meanwhile is nobody at once.
    vi.mocked(sessions.activeMember).mockResolvedValue(null);
    expect(await cache.userFor(db, tenant, cookie)).toBeNull();
  });

  it('drops a session that ended here at once, and one that ended on another instance as the bus tells', async () => {
    setUp();
    const shared = createLocalBus();
    const here = createSessionCache();
    const there = createSessionCache();
    const busHere = here.watch(shared);
    there.watch(shared);
    await here.userFor(db, tenant, cookie);
    await there.userFor(db, tenant, cookie);
    expect([here.size, there.size]).toEqual([1, 1]);
    await announceSessionEnd(busHere, tenant.id, 7);
    expect([here.size, there.size]).toEqual([0, 0]);
    // Another tenant's member of the same id is not this one.
    await here.userFor(db, tenant, cookie);
    await busHere.publish(sessionsChannel('herzklopfen'), { type: 'session', data: { user: 7 } });
    expect(here.size).toBe(1);
    await shared.close();
  });
});
