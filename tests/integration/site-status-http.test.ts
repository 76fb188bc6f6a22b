// Pause, resume and archive a site from the network console (issue 44 item 2, docs/decisions/0066)
// against the built server with the demo data: admins only, audited; a paused site answers its pages
// and API with 503, Retry-After and "closed for now" in the visitor's language, and comes back as it
// was; an archived site answers 410 but still lets its members sign in, take their data and delete
// their account (the privacy policy and the member API stay), stays archived, and keeps its row in the
// network's overview, its CSV and site health, marked archived.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHost, networkSession } from '../support/network';
import { request, startServer, withServerDatabase, type RunningServer } from '../support/server';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ DEMO: '1' });
});
afterAll(async () => {
  await server?.stop();
});

describe('a site paused, resumed and archived from the console', () => {
  const site = (path: string, headers: Record<string, string> = {}) => request(server.port, `flirtlokaal.localhost:${server.port}`, path, { headers });
  const setStatus = (cookie: string, status: string, extra: Record<string, string> = {}) =>
    request(server.port, adminHost(server), '/tenants/flirtlokaal/status', {
      method: 'POST',
      body: new URLSearchParams({ status, ...extra }).toString(),
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: `http://${adminHost(server)}` },
    });

  it('pauses with 503 and Retry-After in the visitor language, resumes as it was, archives for good with the account paths open, all audited', async () => {
    const before = await site('/', { cookie: 'locale=en' });
    expect(before.status).toBe(200);
    const analyst = await networkSession(server, 'analyst@rendezvous.example');
    expect((await setStatus(analyst, 'paused')).status).toBe(403);
    expect((await site('/')).status).toBe(200);

    const admin = await networkSession(server);
    const paused = await setStatus(admin, 'paused');
    expect(paused.status).toBe(303);
    expect(paused.headers.location).toBe('/tenants?status=flirtlokaal');
    const page = await site('/', { cookie: 'locale=en' });
    expect(page.status).toBe(503);
    expect(page.headers['retry-after']).toBe('3600');
    expect(page.text).toContain('This site is closed for now');
    const api = await site('/api/settings.php', { cookie: 'locale=en' });
    expect(api.status).toBe(503);
    expect(api.headers['retry-after']).toBe('3600');
    expect(api.json()).toMatchObject({ error: 'site_paused' });
    // No signup and no payment: every path of the site answers the same.
    for (const path of ['/signup', '/api/user.php', '/credits', '/api/payment.php']) expect((await site(path)).status, path).toBe(503);
    // The other sites are untouched.
    expect((await request(server.port, `herzklopfen.localhost:${server.port}`, '/')).status).toBe(200);
    const list = await request(server.port, adminHost(server), '/tenants?status=flirtlokaal', { headers: { cookie: admin, 'accept-language': 'en' } });
    expect(list.text).toContain('FlirtLokaal is paused');
    expect(list.text).toMatch(/data-site="flirtlokaal"[^]*?data-status="paused"/);

    expect((await setStatus(admin, 'active')).status).toBe(303);
    const after = await site('/', { cookie: 'locale=en' });
    expect(after.status).toBe(200);
    // The same page as before the pause (each response has its own script nonce).
    const unnonced = (html: string) => html.replace(/nonce="[^"]*"/g, '');
    expect(unnonced(after.text)).toBe(unnonced(before.text));

    // Archiving needs its box ticked; then the site is closed for good.
    expect((await setStatus(admin, 'archived')).headers.location).toBe('/tenants?refused=flirtlokaal');
    expect((await site('/')).status).toBe(200);
    expect((await setStatus(admin, 'archived', { confirm: 'yes' })).status).toBe(303);
    const gone = await site('/', { cookie: 'locale=nl' });
    expect(gone.status).toBe(410);
    expect(gone.text).toContain('Deze site is gesloten');
    expect((await site('/signup')).status).toBe(410);
    // What a member needs to take their data and leave still answers.
    expect((await site('/login', { cookie: 'locale=en' })).status).toBe(200);
    expect((await site('/pages/privacy', { cookie: 'locale=en' })).status).toBe(200);
    expect((await site('/api/settings.php')).status).toBe(200);
    // An archived site stays archived.
    expect((await setStatus(admin, 'active')).headers.location).toBe('/tenants?refused=flirtlokaal');
    expect((await site('/')).status).toBe(410);
    // The overview keeps it, marked archived.
    const overview = await request(server.port, adminHost(server), '/api/network/overview.php', { headers: { cookie: admin } });
    expect(overview.status).toBe(200);
    expect(JSON.stringify(overview.json())).toMatch(/"id":"flirtlokaal","name":"FlirtLokaal","status":"archived"/);
    // …and so do its CSV (a status column) and site health (a badge on its card).
    const csv = await request(server.port, adminHost(server), '/api/network/overview.php?format=csv', { headers: { cookie: admin } });
    expect(csv.status).toBe(200);
    expect(csv.text.split('\r\n')[0]).toMatch(/^site,name,status,visits,/);
    expect(csv.text.split('\r\n')).toContainEqual(expect.stringMatching(/^flirtlokaal,FlirtLokaal,archived,/));
    expect(csv.text.split('\r\n')).toContainEqual(expect.stringMatching(/^bellacurva,BellaCurva,active,/));
    const health = await request(server.port, adminHost(server), '/health', { headers: { cookie: admin } });
    expect(health.status).toBe(200);
    // The health page is the console's Remix page (its cards carry their styled-components classes).
    expect(health.text).toMatch(/<section [^>]*data-site="flirtlokaal"[^>]*><h2>FlirtLokaal<span [^>]*data-status="archived"[^>]*>archived<\/span><\/h2>/);
    expect(health.text).toMatch(/<section [^>]*data-site="bellacurva"[^>]*><h2>BellaCurva<\/h2>/);

    let actions: unknown;
    ({ server, result: actions } = await withServerDatabase(server, (db) => db.selectFrom('network_audit').select(['action', 'detail']).where('action', 'like', 'tenant_%').orderBy('id').execute()));
    expect(actions).toEqual([
      { action: 'tenant_pause', detail: { tenant: 'flirtlokaal', from: 'active', to: 'paused' } },
      { action: 'tenant_resume', detail: { tenant: 'flirtlokaal', from: 'paused', to: 'active' } },
      { action: 'tenant_archive', detail: { tenant: 'flirtlokaal', from: 'active', to: 'archived' } },
    ]);
    // A restart keeps it archived (the database's status, not the folder's file).
    server = await server.restart();
    expect((await site('/')).status).toBe(410);
  }, 120_000);

  it('lets a member of the archived site sign in, take their data and delete the account (the privacy policy’s promise)', async () => {
    const origin = `http://flirtlokaal.localhost:${server.port}`;
    expect((await site('/')).status).toBe(410);
    const login = await request(server.port, `flirtlokaal.localhost:${server.port}`, '/api/user.php', {
      method: 'POST',
      body: JSON.stringify({ email: 'member@flirtlokaal.example', password: 'rendezvous-demo' }),
      headers: { 'content-type': 'application/json', origin },
    });
    expect(login.status).toBe(200);
    const session = [login.headers['set-cookie']].flat().map(String).map((cookie) => cookie.split(';')[0]!).join('; ');
    const form = (path: string, body: Record<string, string>) =>
      request(server.port, `flirtlokaal.localhost:${server.port}`, path, { method: 'POST', body: new URLSearchParams(body).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie: `${session}; locale=en` } });
    const asked = await form('/account/export', {});
    expect(asked.status).toBe(200);
    const link = /href="(\/account\/export\/[\w-]+)"/.exec(asked.text)![1]!;
    const zip = await site(link, { cookie: session });
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const deleted = await form('/account-delete', { reason: 'not_looking', comment: 'The site closed' });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.location).toBe('/account-deleted');
    expect((await site('/account-deleted', { cookie: 'locale=en' })).status).toBe(200);
    expect((await site('/api/user.php', { cookie: session })).json()).toEqual({ user: null });
  }, 120_000);
});
