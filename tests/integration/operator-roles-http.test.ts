// Operator roles over HTTP (issue 25 item 6, docs/decisions/0029), on a server with the demo data:
// a member's session gets 403 or 404 — never a redirect — from every console page and call (the
// list comes from the route files, so a new console page is covered by itself); each demo operator
// reaches the parts of the console their roles open and gets 403 elsewhere; the admin invites an
// operator from the web, and the invitation's link works.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
const host = (tenant = 'flirtlokaal') => `${tenant}.localhost:${server.port}`;
const origin = (tenant = 'flirtlokaal') => `http://${host(tenant)}`;

beforeAll(async () => {
  server = await startServer({ DEMO: '1' });
});

afterAll(async () => {
  await server?.stop();
});

function form(tenant: string, pathname: string, cookie: string, body: Record<string, string | string[]>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) for (const v of [value].flat()) params.append(key, v);
  return request(server.port, host(tenant), pathname, {
    method: 'POST',
    body: params.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, origin: origin(tenant) },
  });
}

async function cookieOf(res: { status: number; headers: Record<string, unknown> }, name: string): Promise<string> {
  expect(res.status).toBe(302);
  const cookie = [res.headers['set-cookie']].flat().map(String).find((c) => c.startsWith(`${name}=`));
  expect(cookie).toBeDefined();
  return cookie!.split(';')[0]!;
}

const logInMember = async (tenant = 'flirtlokaal') => cookieOf(await form(tenant, '/login', '', { email: `member@${tenant}.example`, password: 'rendezvous-demo' }), 'rdv_session');
const logInOperator = async (local: string, tenant = 'flirtlokaal') =>
  cookieOf(await form(tenant, '/operator/login', '', { email: `${local}@${tenant}.example`, password: 'rendezvous-demo' }), 'rdv_operator');

/** Every console address, from the route files: operator.conversations.$id.tsx → /operator/conversations/1. */
function consolePaths(): string[] {
  return fs
    .readdirSync('app/routes')
    .filter((file) => /^operator[._]/.test(file) || /^operator\.tsx$/.test(file))
    .map((file) =>
      file
        .replace(/\.tsx?$/, '')
        .replace(/_\./g, '.')
        .replace(/\._index$/, '')
        .replace(/\$\w+/g, '1')
        .replace(/\[\.\]/g, '.')
        .split('.')
        .join('/'),
    )
    .map((p) => `/${p}`);
}

describe('a member in the console', () => {
  it('gets 404 or 403 and no redirect from every console page, its data and its forms', async () => {
    const member = await logInMember();
    const paths = consolePaths();
    expect(paths).toEqual(expect.arrayContaining(['/operator', '/operator/stats', '/operator/team', '/operator/events', '/operator/login', '/operator/conversations/1']));
    for (const path of paths) {
      for (const target of [path, `${path === '/operator' ? '/operator/_root' : path}.data`, `${path}?token=x`]) {
        const get = await request(server.port, host(), target, { headers: { cookie: member } });
        expect([403, 404], `GET ${target}`).toContain(get.status);
        expect(get.headers.location, `GET ${target}`).toBeUndefined();
      }
      const post = await form('flirtlokaal', path, member, { intent: 'claim', email: 'operator@flirtlokaal.example', password: 'rendezvous-demo', language: 'de' });
      expect([403, 404, 405], `POST ${path}`).toContain(post.status);
      expect(post.headers.location, `POST ${path}`).toBeUndefined();
      expect(String(post.headers['set-cookie'] ?? '')).not.toContain('rdv_operator=');
    }
  });

  it('sees the same page for the console as for any unknown address', async () => {
    const member = await logInMember();
    const unknown = await request(server.port, host(), '/no-such-page', { headers: { cookie: member } });
    const console = await request(server.port, host(), '/operator', { headers: { cookie: member } });
    const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
    expect(console.status).toBe(unknown.status);
    expect(title(console.text)).toBe(title(unknown.text));
  });
});

describe('the demo operators and their roles', () => {
  it('opens the queue to the answering operator and the team page to nobody but the admin', async () => {
    const answerer = await logInOperator('operator');
    expect((await request(server.port, host(), '/operator', { headers: { cookie: answerer } })).status).toBe(200);
    expect((await request(server.port, host(), '/operator/team', { headers: { cookie: answerer } })).status).toBe(403);
    const invite = await form('flirtlokaal', '/operator/team', answerer, { intent: 'invite', email: 'sneaky@staff.example', language: 'en', roles: 'admin' });
    expect(invite.status).toBe(403);

    for (const local of ['moderator', 'marketer']) {
      const cookie = await logInOperator(local);
      const queue = await request(server.port, host(), '/operator', { headers: { cookie } });
      expect(queue.status === 403 || (queue.status === 302 && queue.headers.location !== '/operator/login'), `${local} on /operator`).toBe(true);
      expect((await request(server.port, host(), '/operator/team', { headers: { cookie } })).status).toBe(403);
      const conversation = await request(server.port, host(), '/operator/conversations/1', { headers: { cookie } });
      expect(conversation.status).toBe(403);
      expect(conversation.text).not.toContain('data-testid="queue-item-');
    }
  });

  it("lets the admin invite an operator with roles from the web; the mailed link sets the password and the console opens to those roles only", async () => {
    const admin = await logInOperator('admin');
    const page = await request(server.port, host(), '/operator/team', { headers: { cookie: admin } });
    expect(page.status).toBe(200);
    for (const local of ['operator', 'moderator', 'marketer', 'admin']) expect(page.text).toContain(`${local}@flirtlokaal.example`);
    expect(page.text).not.toContain('@herzklopfen.example');

    const invited = await form('flirtlokaal', '/operator/team', admin, { intent: 'invite', email: 'mona@staff.example', name: 'Mona', language: 'nl', roles: ['moderation'] });
    expect(invited.status).toBe(200);
    expect(invited.text).toContain('Uitnodiging verstuurd naar mona@staff.example.');
    expect(invited.text).not.toMatch(/set-password\?token=/);
    const outbox = await request(server.port, host(), '/dev/outbox');
    const link = new RegExp(`http://${host()}(/operator/set-password\\?token=[\\w-]+)`).exec(outbox.text)?.[1];
    expect(link).toBeDefined();
    const token = new URL(link!, 'http://x').searchParams.get('token')!;
    const set = await form('flirtlokaal', '/operator/set-password', '', { token, password: 'a long password 1' });
    const mona = await cookieOf(set, 'rdv_operator');
    expect((await request(server.port, host(), '/operator/conversations/1', { headers: { cookie: mona } })).status).toBe(403);
    expect((await request(server.port, host(), '/operator/team', { headers: { cookie: mona } })).status).toBe(403);

    // Roles without any role at all are refused with a message, and nothing changes.
    const none = await form('flirtlokaal', '/operator/team', admin, { intent: 'invite', email: 'nobody@staff.example', language: 'en' });
    expect(none.text).toContain('Kies minstens één rol.');
    // Bad input never earns a server error.
    const bad: Record<string, string>[] = [{ intent: 'roles', operator: '99999999999', roles: 'admin' }, { intent: 'roles', operator: '1', roles: 'owner' }, { intent: 'remove', operator: 'x' }, { intent: 'nope' }];
    for (const body of bad) {
      const res = await form('flirtlokaal', '/operator/team', admin, body);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
    }
  });
});
