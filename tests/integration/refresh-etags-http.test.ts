// Issue 46 item 2 (docs/decisions/0067, docs/api.md "Refresh calls"): the refresh answers
// (GET /api/user.php, chats.php, likes.php) carry an ETag; the same request with If-None-Match is a
// 304 while nothing they show changed, and after each kind of change the next refresh is a 200 with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyCredits, signUpMember, type TestMember } from '../support/members';
import { request, startServer, type RunningServer } from '../support/server';

const TENANT = 'flirtlokaal';
let server: RunningServer;
let n = 0;
const host = (s = server) => `${TENANT}.localhost:${s.port}`;

beforeAll(async () => {
  server = await startServer({ DEMO: '1', REDIS_URL: process.env.REDIS_URL, TRUST_PROXY: 'loopback' });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

const call = (method: string, path: string, member: TestMember, body?: unknown, s = server) =>
  request(s.port, host(s), path, {
    method,
    headers: { cookie: member.session, origin: `http://${host(s)}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });

/** A refresh as the app sends it: the last tag of this member and path as If-None-Match. */
const tags = new Map<string, string>();
async function refresh(member: TestMember, path: string, s = server) {
  const key = `${member.session} ${path}`;
  const tag = tags.get(key);
  const res = await request(s.port, host(s), path, { headers: { cookie: member.session, ...(tag ? { 'if-none-match': tag } : {}) } });
  if (res.status === 200) tags.set(key, String(res.headers.etag));
  return res;
}

/** A fresh member whose three refreshes are at rest: each answered once (200) and then 304. */
async function memberAtRest(name = 'Etag'): Promise<TestMember> {
  const member = await signUpMember(server, TENANT, { name: `${name}${++n}${Date.now() % 100000}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!), country: 'NL', gender: n % 2 ? 'female' : 'male', seeking: n % 2 ? 'male' : 'female', ip: `203.0.113.${n}` });
  for (const path of ['/api/user.php', '/api/chats.php', '/api/likes.php']) {
    expect((await refresh(member, path)).status).toBe(200);
    expect((await refresh(member, path)).status).toBe(304);
  }
  return member;
}

const fictionalProfile = async (member: TestMember) => (await call('GET', '/api/members.php', member)).json<{ results: { id: number; fictional: boolean }[] }>().results.find((r) => r.fictional)!.id;

describe('refresh answers with ETags', () => {
  it('answers 304 with an empty body and the same tag while nothing changed, and 200 to a tag that is not the current one', async () => {
    const member = await memberAtRest();
    const first = await call('GET', '/api/user.php', member);
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^"m\d+\.[\w-]{22}"$/);
    const again = await request(server.port, host(), '/api/user.php', { headers: { cookie: member.session, 'if-none-match': tag } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(tag);
    // Another tag (a forged mac, another member's id) is answered in full.
    const forged = tag.replace(/\.[\w-]{22}"/, `.${'A'.repeat(22)}"`);
    expect((await request(server.port, host(), '/api/user.php', { headers: { cookie: member.session, 'if-none-match': forged } })).status).toBe(200);
    // The same tag with another session is not the same answer: 200 (or 403 without one).
    const other = await memberAtRest();
    expect((await request(server.port, host(), '/api/user.php', { headers: { cookie: other.session, 'if-none-match': tag } })).status).toBe(200);
    expect((await request(server.port, host(), '/api/chats.php', { headers: { 'if-none-match': tag } })).status).toBe(403);
  });

  it('a message: the sender\'s and the recipient\'s chats refresh is a 200 with it', async () => {
    const sender = await memberAtRest('Sender');
    const recipient = await memberAtRest('Recipient');
    await buyCredits(server, TENANT, sender);
    await refresh(sender, '/api/chats.php');
    expect((await refresh(sender, '/api/chats.php')).status).toBe(304);
    expect((await call('POST', '/api/message.php', sender, { profile: recipient.profileId, text: 'Hello from the etag test' })).status).toBe(201);
    const mine = await refresh(sender, '/api/chats.php');
    expect(mine.status).toBe(200);
    expect(mine.text).toContain('Hello from the etag test');
    const theirs = await refresh(recipient, '/api/chats.php');
    expect(theirs.status).toBe(200);
    expect(theirs.json<{ total_unread: number }>().total_unread).toBe(1);
  });

  it('a like: the liker\'s and the liked member\'s likes refresh is a 200 with it', async () => {
    const liker = await memberAtRest('Liker');
    const liked = await memberAtRest('Liked');
    expect((await call('POST', '/api/like.php', liker, { profile: liked.profileId })).status).toBe(200);
    const mine = await refresh(liker, '/api/likes.php');
    expect(mine.status).toBe(200);
    expect(mine.json<{ liked: number[] }>().liked).toContain(liked.profileId);
    const theirs = await refresh(liked, '/api/likes.php');
    expect(theirs.status).toBe(200);
    expect(theirs.json<{ liked_by: { id: number }[] }>().liked_by.map((l) => l.id)).toContain(liker.profileId);
  });

  it('a credit purchase: the user refresh is a 200 with the new balance', async () => {
    const member = await memberAtRest('Buyer');
    const before = (await call('GET', '/api/user.php', member)).json<{ user: { credits: number } }>().user.credits;
    await buyCredits(server, TENANT, member);
    const after = await refresh(member, '/api/user.php');
    expect(after.status).toBe(200);
    expect(after.json<{ user: { credits: number; paid_user: boolean } }>().user.credits).toBeGreaterThan(before);
  });

  it('a block: the chats refresh is a 200 without the blocked member\'s chat', async () => {
    const blocker = await memberAtRest('Blocker');
    const other = await memberAtRest('Blocked');
    await buyCredits(server, TENANT, other);
    expect((await call('POST', '/api/message.php', other, { profile: blocker.profileId, text: 'Hi there' })).status).toBe(201);
    expect((await refresh(blocker, '/api/chats.php')).json<{ chats: unknown[] }>().chats).toHaveLength(1);
    expect((await refresh(blocker, '/api/chats.php')).status).toBe(304);
    expect((await call('POST', '/api/block.php', blocker, { profile: other.profileId })).status).toBe(200);
    const after = await refresh(blocker, '/api/chats.php');
    expect(after.status).toBe(200);
    expect(after.json()).toEqual({ chats: [], total_unread: 0 });
  });

  it('a profile change (a page form): the user refresh is a 200 with the new name', async () => {
    const member = await memberAtRest('Renamed');
    const name = `Newname${'abcdefghij'[n % 10]}`;
    const fields = { intent: 'profile', name, region: '', city: '', hair_colour: '', eye_colour: '', body_type: '', relationship_status: '', tattoos: '', about: '', looking_for: '' };
    const saved = await request(server.port, host(), '/profile', {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: member.session, origin: `http://${host()}` },
    });
    expect(saved.status).toBeLessThan(400);
    const after = await refresh(member, '/api/user.php');
    expect(after.status).toBe(200);
    expect(after.json<{ user: { profile: { name: string } } }>().user.profile.name).toBe(name);
  });

  it('an operator\'s reply: the member\'s chats refresh is a 200 with it', async () => {
    const member = await memberAtRest('Asker');
    await buyCredits(server, TENANT, member);
    const profile = await fictionalProfile(member);
    expect((await call('POST', '/api/message.php', member, { profile, text: 'Do you like the beach?' })).status).toBe(201);
    const chats = await refresh(member, '/api/chats.php');
    const conversation = chats.json<{ chats: { conversation: { id: number } }[] }>().chats[0]!.conversation.id;
    expect((await refresh(member, '/api/chats.php')).status).toBe(304);
    const login = await request(server.port, host(), '/operator/login', {
      method: 'POST',
      body: new URLSearchParams({ email: `operator@${TENANT}.example`, password: 'rendezvous-demo' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host()}` },
    });
    const operator = String(login.headers['set-cookie']).split(';')[0]!;
    const form = (fields: Record<string, string>) =>
      request(server.port, host(), `/operator/conversations/${conversation}`, { method: 'POST', body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: operator, origin: `http://${host()}` } });
    await form({ intent: 'claim' });
    const sent = await form({ intent: 'reply', kind: 'text', text: 'The beach, always!' });
    expect(sent.status).toBe(200);
    expect(sent.text).toContain('The beach, always!');
    const after = await refresh(member, '/api/chats.php');
    expect(after.status).toBe(200);
    expect(after.text).toContain('The beach, always!');
  });

  it('a logout: the old tag no longer answers 304 (403 instead)', async () => {
    const member = await memberAtRest('Leaver');
    const tag = tags.get(`${member.session} /api/chats.php`)!;
    expect((await call('POST', '/api/logout.php', member)).status).toBeLessThan(400);
    expect((await request(server.port, host(), '/api/chats.php', { headers: { cookie: member.session, 'if-none-match': tag } })).status).toBe(403);
  });

  it.skipIf(!process.env.REDIS_URL || !process.env.DATABASE_URL)('a change made on another instance: the next refresh on this one is a 200 with it', async () => {
    const other = await startServer({ DEMO: '1', REDIS_URL: process.env.REDIS_URL, TRUST_PROXY: 'loopback', DATABASE_URL: server.databaseUrl });
    try {
      const member = await memberAtRest('Roamer');
      await buyCredits(server, TENANT, member);
      await refresh(member, '/api/chats.php');
      expect((await refresh(member, '/api/chats.php')).status).toBe(304);
      const profile = await fictionalProfile(member);
      expect((await call('POST', '/api/message.php', member, { profile, text: 'Sent through the other instance' }, other)).status).toBe(201);
      const after = await refresh(member, '/api/chats.php');
      expect(after.status).toBe(200);
      expect(after.text).toContain('Sent through the other instance');
    } finally {
      await other.stop('SIGTERM', { keepData: true });
    }
  }, 180_000);
});
