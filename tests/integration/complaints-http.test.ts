// Complaints over HTTP on the demo server (issue 25, decision 0029): a visitor files a complaint about
// a profile on /complaints (two tenants, two languages) and gets a reference on the page and by mail;
// a member reports a profile through /api/report.php and blocks it; the demo moderator claims and
// decides in /operator/complaints and the complainant's statement of reasons is in the outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
const host = (tenant: string) => `${tenant}.localhost:${server.port}`;
const origin = (tenant: string) => `http://${host(tenant)}`;

beforeAll(async () => {
  server = await startServer({ DEMO: '1' });
});

afterAll(async () => {
  await server?.stop();
});

function form(tenant: string, pathname: string, cookie: string, body: Record<string, string>) {
  return request(server.port, host(tenant), pathname, {
    method: 'POST',
    body: new URLSearchParams(body).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, origin: origin(tenant) },
  });
}

const cookieOf = (res: { headers: Record<string, unknown> }, name: string) => [res.headers['set-cookie']].flat().map(String).find((c) => c.startsWith(`${name}=`))!.split(';')[0]!;

async function someProfile(tenant: string): Promise<number> {
  // A profile the search shows a member (some tenants keep the search to members).
  const member = cookieOf(await form(tenant, '/login', '', { email: `member@${tenant}.example`, password: 'rendezvous-demo' }), 'rdv_session');
  const res = await request(server.port, host(tenant), '/api/members.php', { headers: { accept: 'application/json', cookie: member } });
  return (JSON.parse(res.text) as { results: { id: number }[] }).results[0]!.id;
}

describe('complaints over HTTP', () => {
  it.each([
    ['flirtlokaal', 'nl', 'Je klacht heeft kenmerk'],
    ['herzklopfen', 'de', 'Deine Beschwerde hat die Referenz'],
  ])('lets a visitor of %s (%s) file a complaint about a profile and shows the reference', async (tenant, locale, thanks) => {
    const profile = await someProfile(tenant);
    const page = await request(server.port, host(tenant), `/complaints?profile=${profile}`, { headers: { cookie: `locale=${locale}` } });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`name="profile" value="${profile}"`);
    const bad = await form(tenant, `/complaints?profile=${profile}`, `locale=${locale}`, { category: 'fake_profile', description: 'short', email: '' });
    expect(bad.status).toBe(400);
    const res = await form(tenant, `/complaints?profile=${profile}`, `locale=${locale}`, { category: 'fake_profile', profile: String(profile), description: 'These photos belong to someone else.', email: `visitor-${tenant}@example.org` });
    expect(res.status).toBe(200);
    expect(res.text).toContain(thanks);
    const reference = /R-[A-Z2-9]{8}/.exec(res.text)![0];
    const outbox = await request(server.port, host(tenant), '/dev/outbox');
    expect(outbox.text).toContain(reference);
  });

  it('takes a member report with a block, and lets the moderator decide it with reasons the member receives', async () => {
    const login = await form('flirtlokaal', '/login', '', { email: 'member@flirtlokaal.example', password: 'rendezvous-demo' });
    const member = cookieOf(login, 'rdv_session');
    const profile = await someProfile('flirtlokaal');
    const report = await request(server.port, host('flirtlokaal'), '/api/report.php', {
      method: 'POST',
      body: JSON.stringify({ profile, reason: 'spam', text: 'Only advertises a website.', block: true }),
      headers: { 'content-type': 'application/json', cookie: member, origin: origin('flirtlokaal') },
    });
    expect(report.status).toBe(200);
    const { reference, blocked } = JSON.parse(report.text) as { reference: string; blocked: boolean };
    expect(blocked).toBe(true);
    // A visitor cannot report through the API; bad input is a 400, never a 5xx.
    const visitor = await request(server.port, host('flirtlokaal'), '/api/report.php', { method: 'POST', body: JSON.stringify({ profile, reason: 'spam' }), headers: { 'content-type': 'application/json' } });
    expect(visitor.status).toBe(403);
    const bad = await request(server.port, host('flirtlokaal'), '/api/report.php', { method: 'POST', body: JSON.stringify({ profile: 'x', reason: 'nope' }), headers: { 'content-type': 'application/json', cookie: member, origin: origin('flirtlokaal') } });
    expect(bad.status).toBe(400);

    const moderator = cookieOf(await form('flirtlokaal', '/operator/login', '', { email: 'moderator@flirtlokaal.example', password: 'rendezvous-demo' }), 'rdv_operator');
    const home = await request(server.port, host('flirtlokaal'), '/operator', { headers: { cookie: moderator } });
    expect(home.status).toBe(302);
    expect(home.headers.location).toBe('/operator/complaints');
    const queue = await request(server.port, host('flirtlokaal'), '/operator/complaints', { headers: { cookie: moderator } });
    expect(queue.status).toBe(200);
    expect(queue.text).toContain(reference);
    expect(queue.text).not.toContain('member@flirtlokaal.example');
    const id = new RegExp(`data-testid="complaint-(\\d+)"[^]*?${reference}`).exec(queue.text)![1]!;
    expect((await form('flirtlokaal', '/operator/complaints', moderator, { intent: 'claim', complaint: id })).status).toBe(200);
    const decided = await form('flirtlokaal', '/operator/complaints', moderator, { intent: 'decide', complaint: id, decision: 'no_action', action: 'none', reasons: 'The profile shows no advertising; nothing breaks our rules.' });
    expect(decided.status).toBe(200);
    expect(decided.text).toContain('data-testid="moderation-result"');
    const outbox = await request(server.port, host('flirtlokaal'), '/dev/outbox');
    expect(outbox.text).toContain('The profile shows no advertising; nothing breaks our rules.');
    // The answering operator has no moderation queue.
    const answerer = cookieOf(await form('flirtlokaal', '/operator/login', '', { email: 'operator@flirtlokaal.example', password: 'rendezvous-demo' }), 'rdv_operator');
    expect((await request(server.port, host('flirtlokaal'), '/operator/complaints', { headers: { cookie: answerer } })).status).toBe(403);
  });

  it("hands the member's data export to that member only", async () => {
    const member = cookieOf(await form('flirtlokaal', '/login', '', { email: 'member@flirtlokaal.example', password: 'rendezvous-demo' }), 'rdv_session');
    const other = cookieOf(await form('flirtlokaal', '/login', '', { email: 'premium@flirtlokaal.example', password: 'rendezvous-demo' }), 'rdv_session');
    const page = await form('flirtlokaal', '/account/export', member, {});
    expect(page.status).toBe(200);
    const link = /href="(\/account\/export\/[\w-]+)"/.exec(page.text)![1]!;
    expect((await request(server.port, host('flirtlokaal'), link)).status).toBe(404);
    expect((await request(server.port, host('flirtlokaal'), link, { headers: { cookie: other } })).status).toBe(404);
    const zip = await request(server.port, host('flirtlokaal'), link, { headers: { cookie: member } });
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.text.startsWith('PK')).toBe(true);
    expect(zip.text).toContain('data.json');
  });
});
