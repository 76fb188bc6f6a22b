// The operator console over HTTP (issue 15, docs/decisions/0021), on a server with the demo data:
// its own login and session cookie, the CSRF check on that cookie, no member e-mail addresses in any
// console page, tenant isolation by host and by conversation, the console's language on the account,
// the live stream of queue changes, and `npm run operator:add` on both databases.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPasswordTokenOwner } from '~/.server/operators/accounts';
import { loadTenants } from '~/.server/tenants/registry';
import { openDatabase } from '~/.server/db/database';
import { databaseKinds } from '../support/databases';
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

async function logIn(tenant = 'flirtlokaal', email = `operator@${tenant}.example`): Promise<string> {
  const res = await request(server.port, host(tenant), '/operator/login', {
    method: 'POST',
    body: new URLSearchParams({ email, password: 'rendezvous-demo' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: origin(tenant) },
  });
  expect(res.status).toBe(302);
  return String(res.headers['set-cookie']).split(';')[0]!;
}

function post(tenant: string, pathname: string, cookie: string, form: Record<string, string>, headers: Record<string, string> = { origin: origin(tenant) }) {
  return request(server.port, host(tenant), pathname, {
    method: 'POST',
    body: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...headers },
  });
}

const queueIds = (html: string) => [...html.matchAll(/data-testid="queue-item-(\d+)"/g)].map((m) => Number(m[1]));

describe('the operator console over HTTP', () => {
  it('sends a visitor to the console login; a logged-in member gets 404, not a hint that the console is there', async () => {
    const visitor = await request(server.port, host(), '/operator');
    expect(visitor.status).toBe(302);
    expect(visitor.headers.location).toBe('/operator/login');
    const member = await request(server.port, host(), '/login', {
      method: 'POST',
      body: new URLSearchParams({ email: 'member@flirtlokaal.example', password: 'rendezvous-demo' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: origin() },
    });
    const memberCookie = String(member.headers['set-cookie']).split(';')[0]!;
    expect(memberCookie).toMatch(/^rdv_session=/);
    const stats = await request(server.port, host(), '/operator/stats', { headers: { cookie: memberCookie } });
    expect(stats.status).toBe(404);
    expect(stats.headers.location).toBeUndefined();
    expect((await request(server.port, host(), '/operator/events', { headers: { cookie: memberCookie } })).status).toBe(403);
  });

  it('logs the demo operator in with its own host-only, HttpOnly, SameSite=Strict cookie (Secure only over https); a wrong password fails', async () => {
    const wrong = await post('flirtlokaal', '/operator/login', '', { email: 'operator@flirtlokaal.example', password: 'wrong password' });
    expect(wrong.status).toBe(200);
    expect(wrong.text).toContain('role="alert"');
    const res = await request(server.port, host(), '/operator/login', {
      method: 'POST',
      body: new URLSearchParams({ email: 'operator@flirtlokaal.example', password: 'rendezvous-demo' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: origin() },
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^rdv_operator=[\w-]+; Max-Age=43200; Path=\/; HttpOnly; SameSite=Strict$/);
    expect(cookie).not.toMatch(/Domain=/i);
    // A member of the same tenant with the operator's address would not be let in either way round.
    const asMember = await post('flirtlokaal', '/login', '', { email: 'operator@flirtlokaal.example', password: 'rendezvous-demo' });
    expect(String(asMember.headers['set-cookie'] ?? '')).not.toContain('rdv_session=');
  });

  it('refuses a cross-site mutation that carries the operator cookie', async () => {
    const cookie = await logIn();
    const id = queueIds((await request(server.port, host(), '/operator', { headers: { cookie } })).text)[0]!;
    const forged = await post('flirtlokaal', `/operator/conversations/${id}`, cookie, { intent: 'claim' }, { origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    expect(forged.json()).toMatchObject({ error: 'cross_origin' });
    const noOrigin = await post('flirtlokaal', `/operator/conversations/${id}`, cookie, { intent: 'release' }, {});
    expect(noOrigin.status).toBe(403);
    const sameSite = await post('flirtlokaal', '/operator/logout', cookie, {}, { 'sec-fetch-site': 'same-origin' });
    expect(sameSite.status).toBe(302);
  });

  it('shows the queue, a conversation and the statistics without any member e-mail address', async () => {
    const cookie = await logIn();
    const queue = await request(server.port, host(), '/operator', { headers: { cookie } });
    expect(queue.status).toBe(200);
    const ids = queueIds(queue.text);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    const pages = [queue.text];
    for (const id of ids) pages.push((await request(server.port, host(), `/operator/conversations/${id}`, { headers: { cookie } })).text);
    pages.push((await request(server.port, host(), '/operator/stats?days=30', { headers: { cookie } })).text);
    for (const html of pages) {
      expect(html).not.toMatch(/(member|premium)@flirtlokaal\.example/);
      expect(html).not.toMatch(/"credits"|paid_user|"payments?"/);
    }
    expect(pages[1]).toContain('data-testid="member-card"');
    expect(pages[1]).toContain('data-testid="persona-card"');
    expect(pages.at(-1)).toContain('data-testid="stats-operators"');
  });

  it('keeps an operator to their tenant: another tenant\'s conversation is 404, and the cookie counts on its own host only', async () => {
    const flirt = await logIn('flirtlokaal');
    const herz = await logIn('herzklopfen');
    const herzIds = queueIds((await request(server.port, host('herzklopfen'), '/operator', { headers: { cookie: herz } })).text);
    expect(herzIds.length).toBeGreaterThan(0);
    expect(queueIds((await request(server.port, host(), '/operator', { headers: { cookie: flirt } })).text)).not.toContain(herzIds[0]);
    expect((await request(server.port, host(), `/operator/conversations/${herzIds[0]}`, { headers: { cookie: flirt } })).status).toBe(404);
    expect((await post('flirtlokaal', `/operator/conversations/${herzIds[0]}`, flirt, { intent: 'claim' })).status).toBe(404);
    // The Flirtlokaal operator's cookie sent to Herzklopfen's host is nobody there.
    expect((await request(server.port, host('herzklopfen'), '/operator', { headers: { cookie: flirt } })).headers.location).toBe('/operator/login');
    // Nor can the Flirtlokaal operator log in on Herzklopfen.
    const elsewhere = await post('herzklopfen', '/operator/login', '', { email: 'operator@flirtlokaal.example', password: 'rendezvous-demo' }, { origin: origin('herzklopfen') });
    expect(elsewhere.status).toBe(200);
    expect(String(elsewhere.headers['set-cookie'] ?? '')).not.toContain('rdv_operator=');
  });

  it('answers in the operator\'s own language, saved on the account', async () => {
    const cookie = await logIn('solvhjerter');
    expect((await request(server.port, host('solvhjerter'), '/operator', { headers: { cookie } })).text).toContain('Ventende medlemmer');
    const changed = await post('solvhjerter', '/operator/language', cookie, { language: 'de' }, { origin: origin('solvhjerter'), referer: `${origin('solvhjerter')}/operator/stats` });
    expect(changed.status).toBe(302);
    expect(changed.headers.location).toBe('/operator/stats');
    const page = await request(server.port, host('solvhjerter'), '/operator', { headers: { cookie: `${cookie}; locale=fr` } });
    expect(page.text).toContain('Wartende Mitglieder');
    expect(page.text).toContain('<html lang="de"');
    // The members' pages of the same host keep their own language.
    expect((await request(server.port, host('solvhjerter'), '/login', { headers: { cookie: `${cookie}; locale=da` } })).text).toContain('<html lang="da"');
  });

  it('streams queue changes of the operator\'s tenant to an open console', async () => {
    const cookie = await logIn('bellacurva');
    const id = queueIds((await request(server.port, host('bellacurva'), '/operator', { headers: { cookie } })).text)[0]!;
    const events = await new Promise<string>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port: server.port, path: '/operator/events', headers: { host: host('bellacurva'), cookie, accept: 'text/event-stream' } }, (res) => {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes('retry:') && !text.includes('event: queue')) void post('bellacurva', `/operator/conversations/${id}`, cookie, { intent: 'claim' }, { origin: origin('bellacurva') });
          if (text.includes('event: queue')) {
            req.destroy();
            resolve(text);
          }
        });
      });
      req.on('error', (error) => (error.message.includes('aborted') ? undefined : reject(error)));
    });
    const data = /event: queue\ndata: (.+)\n/.exec(events)![1]!;
    expect(JSON.parse(data)).toEqual({ conversation: id, change: 'claimed', tenant: 'bellacurva' });
  });

  it('claims and answers a waiting member: the conversation leaves the queue and the answer is in the thread', async () => {
    const cookie = await logIn('rainbowhearts');
    const before = queueIds((await request(server.port, host('rainbowhearts'), '/operator', { headers: { cookie } })).text);
    const id = before[0]!;
    const unclaimed = await post('rainbowhearts', `/operator/conversations/${id}`, cookie, { intent: 'reply', kind: 'text', text: 'Hello!' }, { origin: origin('rainbowhearts') });
    expect(unclaimed.text).toContain('Claim the conversation first');
    await post('rainbowhearts', `/operator/conversations/${id}`, cookie, { intent: 'claim' }, { origin: origin('rainbowhearts') });
    const empty = await post('rainbowhearts', `/operator/conversations/${id}`, cookie, { intent: 'reply', kind: 'text', text: '   ' }, { origin: origin('rainbowhearts') });
    expect(empty.text).toContain('Write the answer first.');
    const sent = await post('rainbowhearts', `/operator/conversations/${id}`, cookie, { intent: 'reply', kind: 'text', text: 'What a lovely question — the beach, always!' }, { origin: origin('rainbowhearts') });
    expect(sent.status).toBe(200);
    expect(sent.text).toContain('Sent. The member sees it at once.');
    expect(sent.text).toContain('What a lovely question — the beach, always!');
    expect(queueIds((await request(server.port, host('rainbowhearts'), '/operator', { headers: { cookie } })).text)).not.toContain(id);
  });

  it('answers bad console input with a clear message, never a server error', async () => {
    const cookie = await logIn();
    const id = queueIds((await request(server.port, host(), '/operator', { headers: { cookie } })).text)[0]!;
    for (const form of [{ intent: 'nonsense' }, { intent: 'reply', kind: 'video' }, { intent: 'reply', kind: 'photo', photo: '0x1F' }, { intent: 'flag', reason: 'spam' }, { intent: 'resolve', flag: '99999999999' }, { intent: 'note', note: 'x'.repeat(3000) }] as Record<string, string>[]) {
      const res = await post('flirtlokaal', `/operator/conversations/${id}`, cookie, form);
      expect(res.status, JSON.stringify(form)).toBeLessThan(500);
    }
    for (const pathname of ['/operator/conversations/0', '/operator/conversations/abc', '/operator/conversations/99999999999', '/operator?tenant=%00&profile=-1', '/operator/stats?days=9999']) {
      expect((await request(server.port, host(), pathname, { headers: { cookie } })).status, pathname).toBeLessThan(500);
    }
    expect((await request(server.port, host(), '/operator/set-password?token=nope', { headers: { cookie: 'locale=en' } })).text).toContain('This link is no longer valid.');
  });
});

describe.each(databaseKinds)('npm run operator:add on $name', (kind) => {
  it('creates the operator and prints a one-time link that the set-password page accepts', async () => {
    const flirt = loadTenants('tenants').find((t) => t.id === 'flirtlokaal')!;
    const created = await kind.create();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-operator-add-'));
    try {
      // PORT 1: no server answers there, so the embedded database is free to open.
      const env = { ...process.env, NODE_ENV: 'test' as const, DATA_DIR: dataDir, PORT: '1', DATABASE_URL: created.url ?? '' };
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/operator-add.ts', 'flirtlokaal', 'Lena@Staff.example', '--name', 'Lena', '--role', 'moderation', '--role', 'marketer,admin'], { env });
      expect(stdout).toContain('Created operator lena@staff.example for FlirtLokaal with the roles: moderation, marketing, admin.');
      const token = /set-password\?token=([\w-]+)/.exec(stdout)![1]!;
      const database = created.url ? await created.open() : await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      try {
        expect(await setPasswordTokenOwner(database.db, flirt, token)).toEqual({ name: 'Lena', email: 'lena@staff.example' });
        expect(await database.db.selectFrom('operator_tenants').select(['tenant_id', 'roles']).execute()).toEqual([{ tenant_id: 'flirtlokaal', roles: ['moderation', 'marketing', 'admin'] }]);
      } finally {
        await database.close();
      }
    } finally {
      await created.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // A CLI under tsx that opens and migrates an embedded database: ~15 s alone, past 60 s beside
    // three loaded files (seen in a fresh-clone run); the assertions, not the clock, judge it.
  }, 180_000);
});

describe('npm run operator:add with a wrong role', () => {
  it('refuses an unknown role and names the roles there are', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-operator-add-'));
    try {
      const env = { ...process.env, NODE_ENV: 'test' as const, DATA_DIR: dataDir, PORT: '1', DATABASE_URL: '' };
      const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/operator-add.ts', 'flirtlokaal', 'x@staff.example', '--role', 'owner'], { env });
      await expect(run).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('unknown role "owner"') });
      await expect(run).rejects.toMatchObject({ stderr: expect.stringContaining('answering, moderation, marketing, admin') });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
