// No request of any shape, on any host, gets a 5xx or ends the process (issue 43, docs/decisions/0061).
// Every route of every host — each tenant's pages and API (from the Remix build's route table, the
// operator and marketer consoles included), the network console and its brand wizard on the admin
// host (the console's build and the routers still in front of it) — gets each hostile shape: NUL bytes and lone surrogates in every query
// parameter and body field, 5,000-deep JSON (also inside a form field), invalid UTF-8, a 3 MB body,
// 200 KB strings, impossible dates and numbers, odd paths; as a visitor, a member, an operator and a
// network admin or analyst. Then fast-check mixes them at random. The process must live and answer
// /healthz; nothing may answer 5xx. A route added later is covered without anyone listing it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkPreview } from '../../app/.server/http/network-preview';
import type { RouteEntry } from '../../app/.server/http/route-list';
import { adminHost, networkSession, siteSession } from '../support/network';
import { request, startServer, type RunningServer } from '../support/server';

const SITE = 'flirtlokaal.localhost';
let server: RunningServer;
let tenantsDir: string;
const sessions: { site: Record<string, string>; admin: Record<string, string> } = { site: {}, admin: {} };

/** Field names of every form and API body of both hosts, and the query keys the routes read. */
const FIELDS = ['email', 'password', 'new_password', 'code', 'token', 'step', 'name', 'role', 'roles', 'file', 'from', 'to', 'bucket', 'format', 'id', 'domains', 'domain_language', 'niche', 'countries', 'languages', 'lander', 'variant', 'reason', 'secret', 'status', 'profile', 'like', 'photo', 'text', 'gift', 'comment', 'date_of_birth', 'gender', 'seeking', 'country', 'region', 'signup_message', 'terms', 'package', 'method', 'discountcode', 'payment', 'iban', 'phone', 'otp', 'conversation', 'client_id', 'language', 'note', 'decision', 'tenant', 'page', 'after', 'q', 'lat', 'lon', 'min_age', 'max_age', 'created', 'saved', 'redirectTo'];

const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const form = (value: string) => new URLSearchParams(Object.fromEntries(FIELDS.map((field) => [field, value]))).toString();
const json = (value: unknown) => JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, value])));

interface Shape {
  name: string;
  method: 'GET' | 'POST';
  /** Appended to the route's path (odd paths) and its query. */
  suffix?: string;
  query?: string;
  type?: string;
  body?: string | Buffer;
}

const nulQuery = FIELDS.map((field) => `${field}=a%00b`).join('&');
const SHAPES: Shape[] = [
  { name: 'NUL in every query parameter', method: 'GET', query: nulQuery },
  { name: 'broken escapes, impossible dates and numbers in the query', method: 'GET', query: 'x=%E0%A4%A&from=0000-01-01&to=0000-01-02&bucket=%00&id=99999999999&page=1e99&lat=NaN' },
  { name: 'odd path: NUL', method: 'GET', suffix: '/%00' },
  { name: 'odd path: traversal', method: 'GET', suffix: '/..%2f..%2fapi%2fuser.php' },
  { name: 'odd path: broken escape', method: 'GET', suffix: '%E0%A4%A' },
  { name: 'NUL in every form field', method: 'POST', type: 'application/x-www-form-urlencoded', body: form('a\u0000b') },
  { name: 'NUL in every JSON field', method: 'POST', type: 'application/json', body: json('a\u0000b') },
  { name: 'lone surrogate in every JSON field', method: 'POST', type: 'application/json', body: json('\ud800x') },
  { name: '5,000-deep JSON', method: 'POST', type: 'application/json', body: `{"a":${deep(5000)}}` },
  { name: '5,000-deep JSON inside the text fields', method: 'POST', type: 'application/x-www-form-urlencoded', body: new URLSearchParams({ file: `{"a":${deep(5000)}}`, name: deep(5000), text: deep(5000) }).toString() },
  { name: 'invalid UTF-8', method: 'POST', type: 'application/x-www-form-urlencoded; charset=utf-8', body: Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x3d, 0xc3, 0x28, 0xff, 0xfe]) },
  { name: '3 MB body', method: 'POST', type: 'application/x-www-form-urlencoded', body: `name=${'a'.repeat(3 * 1024 * 1024)}` },
  { name: '200 KB strings', method: 'POST', type: 'application/json', body: JSON.stringify({ name: 'x'.repeat(200_000), email: `${'a'.repeat(100_000)}@b.c`, file: 'y'.repeat(200_000) }) },
  { name: 'impossible dates and numbers in every field', method: 'POST', type: 'application/json', body: json('0000-01-01') },
  { name: 'numbers out of range in every field', method: 'POST', type: 'application/json', body: json(1e20) },
];

interface Target {
  host: 'site' | 'admin';
  path: string;
}

/** A concrete path for a route pattern; route parameters get a real-looking value (the shapes add the hostile ones). */
function samplePath(pattern: string): string {
  return pattern
    .replace(/\/:[\w]+\?/g, '/x')
    .replace(/:[\w]+/g, '1')
    .replace(/\{\*[\w]+\}/g, 'x.webp')
    .replace(/\/\*$/, '/x');
}

/** Concrete paths for the admin host's regular-expression routes; a new one the table cannot reach fails the test. */
function sampleForRegExp(pattern: RegExp): string {
  const candidates = [`/preview/${'a'.repeat(24)}/`, `/preview/${'a'.repeat(24)}/members`, '/wake/0123456789ab.js'];
  const found = candidates.find((candidate) => pattern.test(candidate));
  if (!found) throw new Error(`the fuzz test has no sample path for ${pattern}: add one`);
  return found;
}

type BuildRoutes = { routes: Record<string, { path?: string; parentId?: string }>; entry: { module: { API_ROUTES?: Record<string, unknown> } } };

/** Every route of a server build's route table, as concrete paths, and its API registry's paths. */
async function buildTargets(file: string, host: Target['host']): Promise<Target[]> {
  const build = (await import(path.resolve(file))) as BuildRoutes;
  const full = (id: string): string => {
    const route = build.routes[id]!;
    const own = route.path ?? '';
    const parent = route.parentId ? full(route.parentId) : '';
    return [parent, own].filter(Boolean).join('/');
  };
  const paths = new Set([...Object.keys(build.routes).map((id) => `/${samplePath(full(id))}`.replace(/\/+/g, '/')), ...Object.keys(build.entry.module.API_ROUTES ?? {})]);
  return [...paths].map((p) => ({ host, path: p }));
}

/** Every Remix route of a tenant's host, from the production build's route table (pages, consoles, API). */
const siteTargets = () => buildTargets('build/server/index.js', 'site');

/** Every route of the admin host: the console's Remix app (build/network, its API registry) and the routers that still answer some paths before it. */
async function adminTargets(): Promise<Target[]> {
  const options = { adminHost: 'admin.localhost', devOutbox: true, tenants: () => [], secure: () => false, pokeMail: () => {}, tenantsDir: os.tmpdir(), reloadTenants: () => ({ refused: new Map() }), siteHome: () => '' } as never;
  const entries: RouteEntry[] = [...networkPreview({ ...(options as object), renderPage: () => {}, demoMedia: () => {} } as never).routes()];
  const routers = entries.map((entry) => ({ host: 'admin' as const, path: typeof entry.path === 'string' ? samplePath(entry.path) : sampleForRegExp(entry.path) }));
  return [...(await buildTargets('build/network/server/index.js', 'admin')), ...routers];
}

let targets: Target[] = [];

beforeAll(async () => {
  // The wizard writes brand files: a copy of the demo's, never the repository's.
  tenantsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-fuzz-tenants-'));
  fs.cpSync('tenants', tenantsDir, { recursive: true });
  server = await startServer({ DEMO: '1', TENANTS_DIR: tenantsDir });
  sessions.site.member = await siteSession(server, SITE, '/login', 'member@flirtlokaal.example', 'rdv_session');
  sessions.site.operator = await siteSession(server, SITE, '/operator/login', 'admin@flirtlokaal.example', 'rdv_operator');
  sessions.site['member and operator'] = `${sessions.site.member}; ${sessions.site.operator}`;
  sessions.admin['network admin'] = await networkSession(server);
  sessions.admin.analyst = await networkSession(server, 'analyst@rendezvous.example');
  sessions.admin['site member'] = sessions.site.member;
  targets = [...(await siteTargets()), ...(await adminTargets())];
});

afterAll(async () => {
  if (process.env.FUZZ_LOG) fs.writeFileSync(process.env.FUZZ_LOG, server?.output() ?? '');
  await server?.stop();
  fs.rmSync(tenantsDir, { recursive: true, force: true });
});

/** One request of a shape to a target as a session; its status (0: no answer at all). */
async function send(target: Target, shape: Shape, who: string): Promise<{ status: number; label: string }> {
  const host = target.host === 'site' ? `${SITE}:${server.port}` : adminHost(server);
  const cookie = who === 'visitor' ? undefined : sessions[target.host][who];
  const url = `${target.path}${shape.suffix ?? ''}${shape.query ? `${target.path.includes('?') ? '&' : '?'}${shape.query}` : ''}`;
  const headers: Record<string, string> = { origin: `http://${host}`, 'sec-fetch-site': 'same-origin', accept: 'text/html,application/json' };
  if (cookie) headers.cookie = cookie;
  if (shape.type) headers['content-type'] = shape.type;
  const label = `${shape.method} ${target.host} ${url.slice(0, 120)} (${shape.name}, as ${who})`;
  try {
    const res = await request(server.port, host, url, { method: shape.method, headers, body: shape.body });
    return { status: res.status, label: `${label} → ${res.status} ${res.text.slice(0, 160)}` };
  } catch (error) {
    // A body over a cap (64 KiB on the tenants' hosts) is refused unread: the socket may close before the client finished sending it.
    if (Buffer.byteLength(shape.body ?? '') > 64 * 1024 && /EPIPE|ECONNRESET/.test(String(error))) return { status: 413, label };
    return { status: 0, label: `${label} → ${String(error)}` };
  }
}

/** Runs the sends a few at a time. */
async function inTurns<T>(items: T[], each: (item: T) => Promise<void>, width = 4): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await each(items[next++]!);
  }));
}

/** The session kinds of a host, a logout never among them (it would end the session for the rest). */
const whoFor = (target: Target) => ['visitor', ...Object.keys(sessions[target.host])];
const isLogout = (target: Target) => /logout/i.test(target.path);

describe('every route of every host under hostile input', () => {
  it('knows the routes of both hosts', () => {
    const paths = targets.map((t) => `${t.host} ${t.path}`);
    expect(paths).toEqual(expect.arrayContaining(['site /members', 'site /api/user.php', 'site /operator', 'site /operator/marketing', 'admin /', 'admin /api/network/drafts.php', 'admin /api/network/login.php', 'admin /login', 'admin /dev/outbox', 'admin /tenants/1/edit', 'admin /staff/invite']));
    expect(targets.length).toBeGreaterThan(140);
  });

  it('answers each shape on each route below 500, as each kind of visitor, and the process lives', async () => {
    const failures: string[] = [];
    const jobs = targets.flatMap((target, t) => SHAPES.map((shape, s) => ({ target, shape, who: isLogout(target) ? 'visitor' : whoFor(target)[(t + s) % whoFor(target).length]! })));
    await inTurns(jobs, async ({ target, shape, who }) => {
      const { status, label } = await send(target, shape, who);
      if (status >= 500 || status === 0) failures.push(label);
    });
    expect(server.process.exitCode, server.output().slice(-4000)).toBeNull();
    expect(failures).toEqual([]);
    expect((await request(server.port, SITE, '/healthz')).status).toBe(200);
    expect((await request(server.port, adminHost(server), '/healthz')).status).toBe(200);
    // About 3,000 requests: 25 s on a quiet machine, more than the default minute beside two other
    // server files on two cores (not a time asserted, a time allowed).
  }, 240_000);

  it('stays below 500 under random mixes of routes, shapes and sessions', async () => {
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.constantFrom(...SHAPES), fc.nat(), async (t, shape, w) => {
        const target = targets[t % targets.length]!;
        const who = isLogout(target) ? 'visitor' : whoFor(target)[w % whoFor(target).length]!;
        const { status, label } = await send(target, shape, who);
        if (status >= 500 || status === 0) failures.push(label);
      }),
      { numRuns: 300, seed: 43 },
    );
    expect(failures).toEqual([]);
    expect(server.process.exitCode).toBeNull();
  });

  it('answers the requests of the issue with a 4xx, and the process lives', async () => {
    const admin = adminHost(server);
    const origin = { origin: `http://${admin}` };
    const cases: [string, string, Record<string, string>, string?][] = [
      ['POST', '/api/network/drafts.php', { 'content-type': 'application/x-www-form-urlencoded', ...origin }, `file=${encodeURIComponent(`{"a":${deep(5000)}}`)}`],
      ['POST', '/api/network/login.php', { 'content-type': 'application/json', ...origin }, '{"email":"\\u0000","password":"x"}'],
      ['POST', '/login', { 'content-type': 'application/x-www-form-urlencoded', ...origin }, 'email=a%00@b.c&password=x'],
      ['GET', '/api/network/overview.php?from=0000-01-01&to=0000-01-02', { cookie: sessions.admin.analyst! }],
      ['POST', '/staff/invite', { 'content-type': 'application/x-www-form-urlencoded', ...origin, cookie: sessions.admin['network admin']! }, 'name=a%00b&email=new%40example.com&role=analyst'],
      ['POST', '/api/network/drafts.php', { 'content-type': 'application/x-www-form-urlencoded', ...origin, cookie: sessions.admin['network admin']! }, 'name=a%00b&id=nulsite'],
    ];
    for (const [method, url, headers, body] of cases) {
      const res = await request(server.port, admin, url, { method, headers, body });
      expect(res.status, `${method} ${url}: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${url}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
    }
    expect(server.process.exitCode).toBeNull();
    expect((await request(server.port, admin, '/healthz')).status).toBe(200);
  });
});
