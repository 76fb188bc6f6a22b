// The network console over HTTP (issue 35, docs/decisions/0050) against the production build with the
// demo data, on the admin host (admin.localhost unless ADMIN_HOST says otherwise): the demo network
// account logs in in two steps, reading its code from the admin host's development outbox; the
// overview lists every demo site with signups and revenue and answers CSV (each export audited), the
// series by bucket, and names a from/to that is no day, where the page falls back; the console page draws
// its charts in the staff member's language; a member's and a site operator's session get 403 from
// the API and the login page instead of the console. A network admin's new brand with a niche of 9
// is refused naming the field as `npm run tenant:check` does; a valid one is stored in the database (docs/decisions/0066)
// (a copy here) and its host answers with its name; an analyst may not add brands.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '~/.server/network/totp';
import { loadTenants } from '~/.server/tenants/registry';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
const tenants = loadTenants('tenants');
const admin = () => `admin.localhost:${server.port}`;
const site = (tenant = 'flirtlokaal') => `${tenant}.localhost:${server.port}`;
const DEMO = { email: 'network@rendezvous.example', password: 'rendezvous-demo' };

const tenantsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-network-tenants-'));

beforeAll(async () => {
  for (const name of fs.readdirSync('tenants')) fs.copyFileSync(path.join('tenants', name), path.join(tenantsDir, name));
  server = await startServer({ DEMO: '1', TENANTS_DIR: tenantsDir, TRUST_PROXY: 'loopback' });
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(tenantsDir, { recursive: true, force: true });
});

const post = (host: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  request(server.port, host, path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', origin: `http://${host}`, ...headers } });
const get = (host: string, path: string, cookie = '', headers: Record<string, string> = {}) => request(server.port, host, path, { headers: { cookie, ...headers } });
const cookieOf = (headers: Record<string, unknown>, name: string) =>
  [headers['set-cookie']]
    .flat()
    .map(String)
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];

async function networkSession(email = DEMO.email, password = DEMO.password): Promise<string> {
  const first = await post(admin(), '/api/network/login.php', { email, password });
  expect(first.status).toBe(200);
  expect(first.json()).toEqual({ step: 'code' });
  const outbox = await get(admin(), '/dev/outbox');
  const code = new RegExp(`data-to="${email}"[\\s\\S]*?<pre>(\\d{6})`).exec(outbox.text)?.[1];
  expect(code, 'the code is in the admin host outbox').toBeDefined();
  const second = await post(admin(), '/api/network/login.php', { email, password, code });
  expect(second.status).toBe(200);
  const cookie = cookieOf(second.headers, 'rdv_network');
  expect(cookie).toBeDefined();
  expect(String(second.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
  return cookie!;
}

async function siteLogin(path: string, email: string, name: string): Promise<string> {
  const res = await request(server.port, site(), path, {
    method: 'POST',
    body: new URLSearchParams({ email, password: 'rendezvous-demo' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${site()}` },
  });
  expect(res.status, `${email} logs in`).toBe(302);
  return cookieOf(res.headers, name)!;
}

describe('network console', () => {
  it('logs the demo network account in in two steps and refuses a wrong password and a wrong code', async () => {
    expect((await post(admin(), '/api/network/login.php', { ...DEMO, password: 'not the password' })).status).toBe(401);
    expect((await post(admin(), '/api/network/login.php', { email: DEMO.email })).status).toBe(400);
    expect((await post(admin(), '/api/network/login.php', DEMO, { origin: 'http://evil.example' })).status).toBe(403);
    await post(admin(), '/api/network/login.php', DEMO);
    const wrong = await post(admin(), '/api/network/login.php', { ...DEMO, code: '12345x' });
    expect(wrong.status).toBe(400);
    const cookie = await networkSession();
    const page = await get(admin(), '/', cookie, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html lang="de"');
    expect(page.text).toContain('Netzwerkkonsole');
    expect(page.text).toContain('<svg');
    for (const tenant of tenants) expect(page.text).toContain(`data-site="${tenant.id}"`);
  });

  it('meets 40 wrong passwords from one address with a 429, as an operator\'s login does, and keeps other addresses out of it (issue 43 item 3)', async () => {
    const from = { 'x-forwarded-for': '198.51.100.9' };
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof post>> | null = null;
    for (let i = 0; i < 40; i++) {
      const res = await post(admin(), '/api/network/login.php', { email: DEMO.email, password: `wrong ${i}` }, from);
      statuses.push(res.status);
      if (res.status === 429) limited ??= res;
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
    expect(limited!.json()).toMatchObject({ error: 'too_many_requests' });
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits on that address, and the form says so too.
    expect((await post(admin(), '/api/network/login.php', DEMO, from)).status).toBe(429);
    const form = await request(server.port, admin(), '/login', {
      method: 'POST',
      body: new URLSearchParams(DEMO).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${admin()}`, ...from },
    });
    expect(form.status).toBe(429);
    expect(form.text).toContain('Too many attempts');
    // Another address of the same account is not locked out.
    expect((await post(admin(), '/api/network/login.php', DEMO, { 'x-forwarded-for': '198.51.100.10' })).status).toBe(200);
  });

  it('lists every demo site with signups and revenue, and answers CSV', async () => {
    const cookie = await networkSession();
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    const res = await get(admin(), `/api/network/overview.php?from=${from}&to=${today}`, cookie);
    expect(res.status).toBe(200);
    const { sites } = res.json<{ sites: { id: string; name: string; signups: number; revenue: Record<string, number> }[] }>();
    expect(sites.map((s) => s.id).sort()).toEqual(tenants.map((t) => t.id).sort());
    for (const s of sites) {
      expect(s.signups, s.id).toBeGreaterThanOrEqual(2);
      expect(Object.values(s.revenue).reduce((a, b) => a + b, 0), s.id).toBeGreaterThan(0);
    }
    const csv = await get(admin(), `/api/network/overview.php?from=${from}&to=${today}&format=csv`, cookie);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.text.split('\r\n')[0]).toMatch(/^site,name,status,visits,signups,confirmed,first_purchases,purchases,paying_members,chargebacks,signup_rate,purchase_rate,revenue_/);
    expect(csv.text.split('\r\n').filter(Boolean)).toHaveLength(tenants.length + 1);
  });

  it('answers the series by bucket, names a from or to that is no day where the page falls back, and audits each CSV export', async () => {
    const cookie = await networkSession();
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    const series = await get(admin(), `/api/network/series.php?from=${from}&to=${today}&bucket=week`, cookie);
    expect(series.status).toBe(200);
    const { range, bucket, points } = series.json<{ range: { from: string; to: string }; bucket: string; points: { site: string; period: string; signups: number }[] }>();
    expect(range).toEqual({ from, to: today });
    expect(bucket).toBe('week');
    expect(points.length).toBeGreaterThan(0);
    // Weeks start on Monday.
    for (const point of points) expect(new Date(`${point.period}T00:00:00Z`).getUTCDay(), point.period).toBe(1);
    expect(new Set(points.map((point) => point.site))).toEqual(new Set(tenants.map((tenant) => tenant.id)));

    for (const path of ['/api/network/overview.php', '/api/network/series.php']) {
      const bad = await get(admin(), `${path}?from=2026-02-30&to=yesterday`, cookie);
      expect(bad.status, path).toBe(400);
      expect(bad.json(), path).toEqual({ error: 'validation', message: 'The request is not valid', fields: { from: 'Missing or not valid', to: 'Missing or not valid' } });
    }
    // The page shows the default range instead, and takes the bucket.
    const page = await get(admin(), '/?from=2026-02-30&bucket=week', cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`value="${today}"`);
    expect(page.text).toMatch(/<option value="week" selected="">/);
    expect(page.text).toContain(`href="/api/network/overview.php?from=${from}&amp;to=${today}&amp;bucket=week&amp;format=csv"`);

    const exports = async () => (await get(admin(), '/api/network/audit.php?action=export', cookie)).json<{ entries: { detail: { report?: string; from?: string } }[] }>().entries.filter((entry) => entry.detail.report === 'overview');
    const before = (await exports()).length;
    const csv = await get(admin(), `/api/network/overview.php?from=${from}&to=${today}&format=csv`, cookie);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="network-overview-${from}-${today}.csv"`);
    const after = await exports();
    expect(after).toHaveLength(before + 1);
    expect(after.map((entry) => entry.detail)).toContainEqual({ report: 'overview', from, to: today });
    // JSON is no export.
    await get(admin(), `/api/network/overview.php?from=${from}&to=${today}`, cookie);
    expect(await exports()).toHaveLength(before + 1);
  });

  it("gives a member's and a site operator's session nothing", async () => {
    const member = await siteLogin('/login', 'member@flirtlokaal.example', 'rdv_session');
    const operator = await siteLogin('/operator/login', 'operator@flirtlokaal.example', 'rdv_operator');
    for (const cookie of ['', member, operator, `${member}; ${operator}`]) {
      const api = await get(admin(), '/api/network/overview.php', cookie);
      expect(api.status, cookie || 'no cookie').toBe(403);
      expect(api.json()).toMatchObject({ error: 'forbidden' });
      const page = await get(admin(), '/', cookie);
      expect(page.status).toBe(303);
      expect(page.headers.location).toBe('/login');
    }
    // Nor does the admin host serve any site's pages, and no site serves the console.
    expect((await get(admin(), '/login')).text).toContain('name="password"');
    expect((await get(admin(), '/search')).status).toBe(404);
    expect((await get(site(), '/api/network/overview.php')).status).not.toBe(200);
  });

  it('refuses a new brand with a niche of 9 naming the field, writes a valid one whose host then answers, and lets no analyst add one', async () => {
    const cookie = await networkSession();
    const brand = JSON.parse(fs.readFileSync('tenants/flirtlokaal.json', 'utf8')) as { id: string; domains: string[]; settings: { name: string; niche: number } };
    const origin = { origin: `http://${admin()}`, cookie };
    const bad = await post(admin(), '/api/network/tenants.php', { ...brand, id: 'networkbrand', domains: ['networkbrand.example'], settings: { ...brand.settings, niche: 9 } }, origin);
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation', fields: { 'settings.niche': 'must be a niche from 1 to 7' } });
    const taken = await post(admin(), '/api/network/tenants.php', { ...brand, id: 'networkbrand' }, origin);
    expect(taken.json()).toMatchObject({ error: 'validation', fields: { 'domains.0': '"flirtlokaal.nl" is already used by flirtlokaal' } });
    expect(fs.existsSync(path.join(tenantsDir, 'networkbrand.json'))).toBe(false);
    // A body that is no JSON, or nests deeper than any tenant file: 400, nothing stored.
    const raw = (body: string) => request(server.port, admin(), '/api/network/tenants.php', { method: 'POST', body, headers: { 'content-type': 'application/json', ...origin } });
    expect((await raw('{"id":')).json()).toMatchObject({ error: 'bad_request' });
    const deep = await raw(`{"id":"networkbrand","a":${'['.repeat(20)}${']'.repeat(20)}}`);
    expect(deep.status).toBe(400);
    expect(deep.json()).toMatchObject({ error: 'validation' });
    // Every rule of the start (issue 43 item 5): a domain twice, another site's demo host, ADMIN_HOST, admin as the id, a lone surrogate.
    const own = { ...brand, id: 'networkbrand', settings: { ...brand.settings, domain: 'networkbrand.example' } };
    const refusals: [unknown, string, RegExp][] = [
      [{ ...own, domains: ['networkbrand.example', 'networkbrand.example'] }, 'domains.1', /used twice/],
      [{ ...own, domains: ['networkbrand.example', 'herzklopfen.localhost'] }, 'domains.1', /demo host of herzklopfen/],
      [{ ...own, domains: ['networkbrand.example', 'admin.localhost'] }, 'domains.1', /ADMIN_HOST/],
      [{ ...own, id: 'admin', domains: ['networkbrand.example'] }, 'id', /ADMIN_HOST/],
      [{ ...own, domains: ['networkbrand.example'], settings: { ...own.settings, name: 'Bad\ud800' } }, 'settings.name', /not valid Unicode/],
    ];
    for (const [file, field, message] of refusals) {
      const refused = await post(admin(), '/api/network/tenants.php', file, origin);
      expect(refused.status, field).toBe(400);
      expect(refused.json<{ fields: Record<string, string> }>().fields[field]).toMatch(message);
    }
    expect(fs.readdirSync(tenantsDir).filter((name) => name.endsWith('.json')).sort()).toEqual(tenants.map((t) => `${t.id}.json`).sort());
    // Every site keeps serving after the refusals.
    for (const tenant of tenants) expect((await get(site(tenant.id), '/')).status, tenant.id).toBe(200);

    const good = { ...brand, id: 'networkbrand', domains: ['networkbrand.example'], settings: { ...brand.settings, name: 'NetworkBrand', domain: 'networkbrand.example' } };
    const analyst = await networkSession('analyst@rendezvous.example');
    expect((await post(admin(), '/api/network/tenants.php', good, { origin: `http://${admin()}`, cookie: analyst })).status).toBe(403);
    const created = await post(admin(), '/api/network/tenants.php', good, origin);
    expect(created.status).toBe(201);
    expect(created.json()).toEqual({ id: 'networkbrand' });
    // Stored as the site's first version in the database (docs/decisions/0066): the release's folder is never written.
    expect(fs.existsSync(path.join(tenantsDir, 'networkbrand.json'))).toBe(false);
    const home = await get(`networkbrand.localhost:${server.port}`, '/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('NetworkBrand');
    expect((await post(admin(), '/api/network/tenants.php', good, origin)).json()).toMatchObject({ fields: { id: '"networkbrand" is already a tenant' } });
  });

  const form = (path: string, body: Record<string, string>, cookie = '') =>
    request(server.port, admin(), path, { method: 'POST', body: new URLSearchParams(body).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${admin()}`, cookie } });
  const latestMail = async (to: string) => new RegExp(`data-to="${to}"[\\s\\S]*?<pre>([\\s\\S]*?)</pre>`).exec((await get(admin(), '/dev/outbox')).text)?.[1] ?? '';

  it("signs in through the form with a pending-login token in the code step, never the password", async () => {
    const first = await form('/login', DEMO);
    expect(first.status).toBe(200);
    expect(first.text).not.toContain(DEMO.password);
    expect(first.text).not.toContain('name="password"');
    const token = /name="token" value="([^"]+)"/.exec(first.text)?.[1];
    expect(token).toBeDefined();
    const code = /^(\d{6})/.exec(await latestMail(DEMO.email))?.[1];
    const wrong = await form('/login', { token: token!, step: 'code', code: code === '000000' ? '000001' : '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain(`value="${token}"`);
    const done = await form('/login', { token: token!, step: 'code', code: code! });
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe('/');
    expect(cookieOf(done.headers, 'rdv_network')).toBeDefined();
    // The token is spent.
    expect((await form('/login', { token: token!, step: 'code', code: code! })).status).toBe(401);
  });

  it('shows site health per site with links to each site console on its own host, as JSON and as a page', async () => {
    const analyst = await networkSession('analyst@rendezvous.example');
    expect((await get(admin(), '/api/network/health.php')).status).toBe(403);
    const res = await get(admin(), '/api/network/health.php', analyst);
    expect(res.status).toBe(200);
    const { sites } = res.json<{ sites: { id: string; figures: Record<string, number>; links: Record<string, string> }[] }>();
    expect(sites.map((s) => s.id)).toEqual(expect.arrayContaining(tenants.map((t) => t.id)));
    for (const s of sites) {
      expect(Object.keys(s.figures).sort()).toEqual(['complaints_overdue', 'mail_bounces', 'photos_pending', 'postback_failures', 'push_failures', 'queue_oldest_seconds', 'reconciliation_lag_seconds', 'spam_complaints']);
      expect(s.links.complaints_overdue).toBe(`http://${s.id}.localhost:${server.port}/operator/complaints`);
      expect(s.links.photos_pending).toBe(`http://${s.id}.localhost:${server.port}/operator/photos`);
    }
    const page = await get(admin(), '/health', analyst, { 'accept-language': 'fr' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('État des sites');
    expect(page.text).toContain(`href="http://flirtlokaal.localhost:${server.port}/operator/photos"`);
  });

  it('lets only admins manage staff and read the audit log; an invitee sets their own password and signs in', async () => {
    const analyst = await networkSession('analyst@rendezvous.example');
    for (const path of ['/staff', '/audit']) expect((await get(admin(), path, analyst)).status, path).toBe(403);
    expect((await get(admin(), '/api/network/audit.php', analyst)).status).toBe(403);
    expect((await form('/staff/invite', { name: 'Sneaky', email: 'sneaky@rendezvous.example', role: 'network_admin' }, analyst)).status).toBe(403);

    const cookie = await networkSession();
    const staff = await get(admin(), '/staff', cookie);
    expect(staff.status).toBe(200);
    expect(staff.text).toContain('data-staff="analyst@rendezvous.example"');
    const invited = await form('/staff/invite', { name: 'Invited Colleague', email: 'invitee@rendezvous.example', role: 'network_analyst' }, cookie);
    expect(invited.status).toBe(303);
    expect(invited.headers.location).toBe('/staff?done=invited');
    const link = /(http:\/\/admin\.localhost:\d+\/set-password\?token=[\w-]+)/.exec(await latestMail('invitee@rendezvous.example'))?.[1];
    expect(link, 'the invitation carries a set-password link').toBeDefined();
    // The link is built from ADMIN_HOST, never from the Host header (issue 43 item 6): a request naming another port gets the console's own.
    const spoofed = await request(server.port, 'admin.localhost:1', '/staff/invite', {
      method: 'POST',
      body: new URLSearchParams({ name: 'Second Colleague', email: 'second@rendezvous.example', role: 'network_analyst' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://admin.localhost:1', cookie },
    });
    expect(spoofed.status).toBe(303);
    expect(await latestMail('second@rendezvous.example')).toContain(`http://admin.localhost:${server.port}/set-password?token=`);
    // Names with control or text-direction characters are refused (U+202E shows letters reversed):
    // a control character by the edge rule (a 400 with the staff page naming the field beside it,
    // decision 0061), U+202E by the staff rules (back to the form with its error).
    const bell = await form('/staff/invite', { name: 'Bell\u0007Name', email: 'rtl@rendezvous.example', role: 'network_analyst' }, cookie);
    expect(bell.status).toBe(400);
    expect(bell.text).toMatch(/<input name="name"[^>]*aria-invalid="true"[^>]*aria-describedby="invite-name-error"/);
    expect(bell.text).toContain('name: This text contains characters that are not allowed');
    const rtl = await form('/staff/invite', { name: 'nimda\u202Eadmin', email: 'rtl@rendezvous.example', role: 'network_analyst' }, cookie);
    expect(rtl.headers.location).toBe('/staff?error=invalid');
    const token = new URL(link!).searchParams.get('token')!;
    expect((await get(admin(), `/set-password?token=${token}`)).text).toContain('invitee@rendezvous.example');
    expect((await form('/set-password', { token, password: 'short' })).status).toBe(400);
    const set = await form('/set-password', { token, password: 'a long enough password' });
    expect(set.status).toBe(303);
    const login = await post(admin(), '/api/network/login.php', { email: 'invitee@rendezvous.example', password: 'a long enough password' });
    expect(login.json()).toEqual({ step: 'code' });

    // Their own row offers no way to disable or demote themselves.
    const ownRow = /<tr data-staff="network@rendezvous\.example">[\s\S]*?<\/tr>/.exec((await get(admin(), '/staff', cookie)).text)?.[0] ?? '';
    expect(ownRow).toContain('Network Admin');
    expect(ownRow).not.toMatch(/\/disable"|\/role"/);
    const audit = await get(admin(), '/audit?action=staff_invite', cookie);
    expect(audit.status).toBe(200);
    expect(audit.text).toContain('data-action="staff_invite"');
    expect(audit.text).not.toContain('data-action="login"');
    const csv = await get(admin(), '/api/network/audit.php?action=staff_invite&format=csv', cookie);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.text).toContain('invitee@rendezvous.example');
  });

  it('answers the admin pages and their form posts as the console always did, without script (decision 0072)', async () => {
    // No session: every page and form post goes to the login; a set-password link needs none.
    for (const path of ['/health', '/staff', '/audit', '/security']) {
      const page = await get(admin(), path);
      expect(page.status, path).toBe(303);
      expect(page.headers.location, path).toBe('/login');
    }
    for (const path of ['/staff/invite', '/staff/2/role', '/staff/2/disable', '/security/totp/start']) {
      const posted = await form(path, { role: 'network_admin' });
      expect(posted.status, path).toBe(303);
      expect(posted.headers.location, path).toBe('/login');
    }
    const unknown = await get(admin(), '/set-password?token=not-a-token-of-anyone-at-all');
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('This link is not valid any more.');

    // An analyst: the admin-only pages and posts answer 403 with the console's words; their own pages 200.
    const analyst = await networkSession('analyst@rendezvous.example');
    for (const [path, answer] of [
      ['/staff', await get(admin(), '/staff', analyst)],
      ['/audit', await get(admin(), '/audit?action=login', analyst)],
      ['/staff/1/disable', await form('/staff/1/disable', {}, analyst)],
      ['/staff/x/role', await form('/staff/x/role', { role: 'network_analyst' }, analyst)],
    ] as const) {
      expect(answer.status, path).toBe(403);
      expect(answer.text, path).toContain('This part of the console is for network admins.');
    }
    expect((await get(admin(), '/security', analyst)).status).toBe(200);
    expect((await get(admin(), '/api/network/audit.php?format=csv', analyst)).json()).toMatchObject({ error: 'forbidden' });

    // An admin: each plain form post answers 303 back to /staff saying what happened, and the page says it.
    const cookie = await networkSession();
    const staff = (await get(admin(), '/staff', cookie)).text;
    const analystId = /action="\/staff\/(\d+)\/disable"[^>]*><button[^>]*aria-label="Disable Network Analyst"/.exec(staff)?.[1];
    expect(analystId, 'the analyst row has a disable form').toBeDefined();
    const steps: [string, Record<string, string>, string][] = [
      [`/staff/${analystId}/role`, { role: 'network_analyst' }, '/staff?done=role'],
      [`/staff/${analystId}/role`, { role: 'owner' }, '/staff?error=invalid'],
      [`/staff/${analystId}/disable`, {}, '/staff?done=disabled'],
      [`/staff/${analystId}/enable`, {}, '/staff?done=enabled'],
      ['/staff/999999/disable', {}, '/staff?error=not_found'],
      ['/staff/0/disable', {}, '/staff?error=invalid'],
    ];
    for (const [path, body, location] of steps) {
      const posted = await form(path, body, cookie);
      expect(posted.status, path).toBe(303);
      expect(posted.headers.location, path).toBe(location);
    }
    const disabled = await get(admin(), '/staff?done=disabled', cookie);
    expect(disabled.text).toContain('Account disabled. Its sessions have ended.');
    expect((await get(admin(), '/staff?error=last_admin', cookie)).text).toContain('The network must keep at least one active network admin.');
    // A GET of a form-post address changes nothing.
    const peek = await get(admin(), `/staff/${analystId}/disable`, cookie);
    expect(peek.status).toBe(303);
    expect(peek.headers.location).toBe('/staff');
    expect((await get(admin(), '/staff', cookie)).text).toContain(`action="/staff/${analystId}/disable"`);
    // Disabling ended the analyst's session; enabling again does not bring it back.
    expect((await get(admin(), '/health', analyst)).headers.location).toBe('/login');

    // A form post from another origin is refused before any of it runs.
    const crossOrigin = await request(server.port, admin(), `/staff/${analystId}/disable`, {
      method: 'POST',
      body: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://evil.example', cookie },
    });
    expect(crossOrigin.status).toBe(403);
    expect(crossOrigin.json()).toMatchObject({ error: 'cross_origin' });
    expect((await get(admin(), '/staff', cookie)).text).toContain(`action="/staff/${analystId}/disable"`);

    // The audit API: JSON pages, filters it cannot use left out, the CSV to download, its export audited.
    const log = await get(admin(), '/api/network/audit.php?action=staff_disable&staff=abc&page=0', cookie);
    expect(log.status).toBe(200);
    const body = log.json<{ entries: { action: string; detail: Record<string, unknown> }[]; page: number; more: boolean; actions: string[] }>();
    expect(body.page).toBe(1);
    expect(body.entries.length).toBeGreaterThan(0);
    expect(body.entries.every((entry) => entry.action === 'staff_disable')).toBe(true);
    expect(body.actions).toEqual(expect.arrayContaining(['staff_disable', 'staff_enable', 'staff_role']));
    const csv = await get(admin(), '/api/network/audit.php?action=staff_role&format=csv', cookie);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="network-audit.csv"');
    expect(csv.text.split('\r\n')[0]).toBe('id,at,staff_id,staff_email,action,ip,detail');
    const exported = await get(admin(), '/api/network/audit.php?action=export', cookie);
    expect(exported.json<{ entries: { detail: Record<string, unknown> }[] }>().entries[0]!.detail).toEqual({ report: 'audit', staff_id: null, action: 'staff_role' });
    const page = await get(admin(), '/audit?action=staff_disable&staff=abc', cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('href="/api/network/audit.php?action=staff_disable&amp;format=csv"');
  });

  it('enrols TOTP from the security page, after which the API asks for the TOTP step', async () => {
    const cookie = await networkSession('invitee@rendezvous.example', 'a long enough password');
    const started = await form('/security/totp/start', {}, cookie);
    expect(started.status).toBe(303);
    const page = await get(admin(), '/security', cookie);
    const key = /data-testid="totp-key">([A-Z2-7 ]+)</.exec(page.text)?.[1]?.replace(/ /g, '');
    expect(page.text).toMatch(/otpauth:\/\/totp\//);
    expect((await form('/security/totp/confirm', { code: '000000' === totpCode(key!, new Date()) ? '111111' : '000000' }, cookie)).headers.location).toBe('/security?error=invalid_code');
    expect((await form('/security/totp/confirm', { code: totpCode(key!, new Date()) }, cookie)).headers.location).toBe('/security?done=totp_enabled');
    const first = await post(admin(), '/api/network/login.php', { email: 'invitee@rendezvous.example', password: 'a long enough password' });
    expect(first.json()).toEqual({ step: 'totp' });
  });
});
