// The refreshes' ETags (issue 46 item 2, docs/api.md "Refreshes and ETags", docs/decisions/0067):
// GET /api/user.php, /api/chats.php and /api/likes.php answer a member 304 while nothing they show
// changed, and the next refresh after each kind of change is a 200 with the change — a message, a
// like, a credit purchase, a block, a profile change, an operator's reply, a conversation read, and
// a change made on another instance (PostgreSQL and Redis: two instances share both).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyCredits, signUpMember, type TestMember } from '../support/members';
import { request, startServer, type RunningServer } from '../support/server';

const TENANT = 'flirtlokaal';
let server: RunningServer;
const host = (s: RunningServer = server) => `${TENANT}.localhost:${s.port}`;
const origin = (s: RunningServer = server) => `http://${host(s)}`;
let n = 0;

type Refresh = '/api/user.php' | '/api/chats.php' | '/api/likes.php';
const REFRESHES: Refresh[] = ['/api/user.php', '/api/chats.php', '/api/likes.php'];

const get = (path: string, cookie: string, headers: Record<string, string> = {}, s: RunningServer = server) =>
  request(s.port, host(s), path, { headers: { accept: 'application/json', cookie, ...headers } });
const send = (method: string, path: string, cookie: string, body: unknown, s: RunningServer = server) =>
  request(s.port, host(s), path, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json', origin: origin(s), cookie } });
const form = (path: string, cookie: string, fields: Record<string, string>) =>
  request(server.port, host(), path, { method: 'POST', body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: origin(), cookie } });

async function member(gender: 'male' | 'female' = 'male'): Promise<TestMember> {
  n++;
  return signUpMember(server, TENANT, { name: `Etag${n}`, country: 'NL', gender, seeking: gender === 'male' ? 'female' : 'male', ip: `10.67.0.${n}` });
}

/** The member's current ETag of a refresh, checked to be answered 304 while nothing changes. */
async function settled(path: Refresh, m: TestMember, s: RunningServer = server): Promise<string> {
  const first = await get(path, m.session, {}, s);
  expect(first.status, path).toBe(200);
  const etag = String(first.headers.etag);
  expect(etag, path).toMatch(/^"[\w-]{22}"$/);
  const again = await get(path, m.session, { 'if-none-match': etag }, s);
  expect(again.status, path).toBe(304);
  expect(again.text, path).toBe('');
  expect(again.headers.etag, path).toBe(etag);
  return etag;
}

/** The next refresh after a change: a 200 (with a new ETag) and its answer. */
async function changed<T>(path: Refresh, m: TestMember, etag: string, s: RunningServer = server): Promise<T> {
  const res = await get(path, m.session, { 'if-none-match': etag }, s);
  expect(res.status, path).toBe(200);
  expect(res.headers.etag, path).not.toBe(etag);
  return res.json<T>();
}

interface ChatsAnswer {
  chats: { conversation: { id: number }; profile: { id: number }; num_unread_messages: number; last_message: { text?: string | null } | null }[];
}
interface UserAnswer {
  user: { credits: number; profile: { name: string } };
}
interface LikesAnswer {
  profiles: { id: number }[];
  liked_by: { id: number; like_new: boolean }[];
}

/** A demo profile run by the operators (a member's message to it waits in their queue). */
async function fictionalProfile(cookie: string): Promise<number> {
  const res = await get('/api/members.php', cookie);
  return res.json<{ results: { id: number; fictional: boolean }[] }>().results.find((profile) => profile.fictional)!.id;
}

beforeAll(async () => {
  server = await startServer({ DEMO: '1', TRUST_PROXY: 'loopback' });
});

afterAll(async () => {
  await server?.stop();
});

describe('ETag and 304', () => {
  it('answers each refresh 200 with an ETag, then 304 while nothing changed; another ETag, another member or a visitor get the answer', async () => {
    const a = await member();
    const b = await member('female');
    for (const path of REFRESHES) {
      const etag = await settled(path, a);
      expect((await get(path, a.session, { 'if-none-match': '"something-else"' })).status, path).toBe(200);
      expect((await get(path, a.session, { 'if-none-match': `W/${etag}, "x"` })).status, path).toBe(304);
      // The same ETag is another member's answer: theirs in full.
      const other = await get(path, b.session, { 'if-none-match': etag });
      expect(other.status, path).toBe(200);
      expect(other.headers.etag, path).not.toBe(etag);
      // Another language of texts is another answer.
      expect((await get(path, `${a.session}; locale=de`, { 'if-none-match': etag })).status, path).toBe(200);
    }
    const visitor = await get('/api/user.php', '', { 'if-none-match': '*' });
    expect(visitor.status).toBe(200);
    expect(visitor.json()).toEqual({ user: null });
    expect(visitor.headers.etag).toBeUndefined();
    // A session that ended is never answered 304.
    const etag = await settled('/api/user.php', b);
    expect((await send('POST', '/api/logout.php', b.session, {})).status).toBe(200);
    const out = await get('/api/user.php', b.session, { 'if-none-match': etag });
    expect(out.status).toBe(200);
    expect(out.json()).toEqual({ user: null });
  });
});

describe('the next refresh after a change is a 200 with the change', () => {
  it('a message the member sends: chats.php has it, user.php the balance after it', async () => {
    const a = await member();
    await buyCredits(server, TENANT, a);
    const profile = await fictionalProfile(a.session);
    const chats = await settled('/api/chats.php', a);
    const user = await settled('/api/user.php', a);
    const before = (await get('/api/user.php', a.session)).json<UserAnswer>().user.credits;
    expect((await send('POST', '/api/message.php', a.session, { profile, text: 'Is the sea warm today?' })).status).toBe(201);
    const list = await changed<ChatsAnswer>('/api/chats.php', a, chats);
    expect(list.chats.find((chat) => chat.profile.id === profile)?.last_message?.text).toBe('Is the sea warm today?');
    expect((await changed<UserAnswer>('/api/user.php', a, user)).user.credits).toBeLessThan(before);
  });

  it('a like the member receives, and a block of the liker', async () => {
    const a = await member();
    const b = await member('female');
    const likes = await settled('/api/likes.php', a);
    expect((await send('POST', '/api/like.php', b.session, { profile: a.profileId })).status).toBe(200);
    const liked = await changed<LikesAnswer>('/api/likes.php', a, likes);
    expect(liked.liked_by).toEqual([{ id: b.profileId, like_new: true }]);
    // Opening the liker's profile clears like_new (a page view, no write request).
    const seen = await settled('/api/likes.php', a);
    expect((await request(server.port, host(), `/members/${b.profileId}`, { headers: { cookie: a.session } })).status).toBe(200);
    expect((await changed<LikesAnswer>('/api/likes.php', a, seen)).liked_by).toEqual([{ id: b.profileId, like_new: false }]);
    // A blocks B: B is gone from A's likes.
    const blocking = await settled('/api/likes.php', a);
    expect((await send('POST', '/api/block.php', a.session, { profile: b.profileId })).status).toBe(200);
    const after = await changed<LikesAnswer>('/api/likes.php', a, blocking);
    expect(after.profiles.map((card) => card.id)).not.toContain(b.profileId);
  });

  it('a credit purchase', async () => {
    const a = await member();
    const etag = await settled('/api/user.php', a);
    const before = (await get('/api/user.php', a.session)).json<UserAnswer>().user.credits;
    await buyCredits(server, TENANT, a);
    expect((await changed<UserAnswer>('/api/user.php', a, etag)).user.credits).toBeGreaterThan(before);
  });

  it('a profile change', async () => {
    const a = await member();
    const etag = await settled('/api/user.php', a);
    const fields = { intent: 'profile', name: `Renamed${n}`, region: '', city: '', hair_colour: '', eye_colour: '', body_type: '', relationship_status: '', tattoos: '', about: '', looking_for: '' };
    expect((await form('/profile', a.session, fields)).status).toBe(200);
    expect((await changed<UserAnswer>('/api/user.php', a, etag)).user.profile.name).toBe(`Renamed${n}`);
  });

  it("an operator's reply, then the member reading it", async () => {
    const a = await member();
    await buyCredits(server, TENANT, a);
    const profile = await fictionalProfile(a.session);
    expect((await send('POST', '/api/message.php', a.session, { profile, text: 'Anyone there?' })).status).toBe(201);
    const conversation = (await get('/api/chats.php', a.session)).json<ChatsAnswer>().chats.find((chat) => chat.profile.id === profile)!.conversation.id;
    const etag = await settled('/api/chats.php', a);
    const login = await request(server.port, host(), '/operator/login', {
      method: 'POST',
      body: new URLSearchParams({ email: `operator@${TENANT}.example`, password: 'rendezvous-demo' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: origin() },
    });
    const operator = [login.headers['set-cookie']].flat().map(String).find((cookie) => cookie.startsWith('rdv_operator='))!.split(';')[0]!;
    expect((await form(`/operator/conversations/${conversation}`, operator, { intent: 'claim' })).status).toBe(200);
    const sent = await form(`/operator/conversations/${conversation}`, operator, { intent: 'reply', kind: 'text', text: 'Right here, hello!' });
    expect(sent.status).toBe(200);
    const replied = await changed<ChatsAnswer>('/api/chats.php', a, etag);
    const chat = replied.chats.find((entry) => entry.conversation.id === conversation)!;
    expect(chat.last_message?.text).toBe('Right here, hello!');
    expect(chat.num_unread_messages).toBe(1);
    // Opening the conversation reads it (a GET): the unread count in the next refresh is 0.
    const unread = await settled('/api/chats.php', a);
    expect((await get(`/api/chat.php?conversation=${conversation}`, a.session)).status).toBe(200);
    expect((await changed<ChatsAnswer>('/api/chats.php', a, unread)).chats.find((entry) => entry.conversation.id === conversation)!.num_unread_messages).toBe(0);
  });
});

describe('two instances', () => {
  it.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)('answers 304 on either for the same ETag, and a change made on the other shows on the next refresh', async () => {
    const second = await startServer({ SKIP_SEED: '1', TRUST_PROXY: 'loopback', DATABASE_URL: server.databaseUrl });
    try {
      const a = await member();
      const b = await member('female');
      const etag = await settled('/api/likes.php', a);
      expect((await get('/api/likes.php', a.session, { 'if-none-match': etag }, second)).status).toBe(304);
      expect((await send('POST', '/api/like.php', b.session, { profile: a.profileId }, second)).status).toBe(200);
      expect((await changed<LikesAnswer>('/api/likes.php', a, etag)).liked_by).toEqual([{ id: b.profileId, like_new: true }]);
    } finally {
      await second.stop();
    }
  });
});
