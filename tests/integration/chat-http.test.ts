// The chat over HTTP against the built server (docs/api.md "Chat"): members only, the shapes of
// chats.php, chat.php, message.php and gifts.php, 402 without credits and the way to buy, a retried
// send charged once, unread counts and read receipts, photos only for the two sides, removal for one
// side, validation, the rules' refusals (blocked, unconfirmed e-mail), the message rate limit, and the
// chat pages in the bare chat layout.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyCredits, signUpMember, type TestMember } from '../support/members';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
const TENANT = 'flirtlokaal';
let host = '';
let origin = '';
let n = 0;

const call = (method: string, path: string, member?: TestMember, body?: unknown) =>
  request(server.port, host, path, {
    method,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    headers: { 'content-type': 'application/json', origin, cookie: `locale=en${member ? `; ${member.session}` : ''}` },
  });

async function multipart(path: string, member: TestMember, fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) {
  const boundary = `----rdv${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return request(server.port, host, path, { method: 'POST', body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin, cookie: `locale=en; ${member.session}` } });
}

async function member(name: string, options: { credits?: boolean; activate?: boolean; gender?: 'male' | 'female' } = {}): Promise<TestMember> {
  n++;
  const m = await signUpMember(server, TENANT, { name: `${name}${n}`, country: 'NL', gender: options.gender ?? 'female', seeking: 'both', activate: options.activate, ip: `10.14.${Math.floor(n / 200)}.${n % 200}` });
  if (options.credits) await buyCredits(server, TENANT, m);
  return m;
}

interface MessageJson {
  id: number;
  conversation: number;
  sender: number;
  kind: string;
  text: string | null;
  gift: { id: string; name: string; image: string; credits: number } | null;
  photo: { url: string; thumb: string; width: number; height: number } | null;
  credits: number;
  client_id: string | null;
}

beforeAll(async () => {
  server = await startServer({ SKIP_SEED: '1', TRUST_PROXY: 'loopback' });
  host = `${TENANT}.localhost:${server.port}`;
  origin = `http://${host}`;
});

afterAll(async () => {
  await server?.stop();
});

describe('members only', () => {
  it.each([
    ['GET', '/api/chats.php'],
    ['GET', '/api/chat.php?conversation=1'],
    ['PUT', '/api/chat.php'],
    ['DELETE', '/api/chat.php'],
    ['POST', '/api/message.php'],
    ['GET', '/api/gifts.php'],
  ])('%s %s answers a visitor 403 authentication_required', async (method, path) => {
    const res = await call(method, path, undefined, method === 'GET' ? undefined : { conversation: 1, profile: 1, text: 'hi' });
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ error: 'authentication_required' });
  });

  it('sends a visitor from the chat pages to the login page (marked as coming from a chat: the chat layout\'s entry warning applies there, issue 34 item 19)', async () => {
    for (const path of ['/chats', '/chats/1', '/members/1/chat']) {
      const res = await call('GET', path);
      expect(res.status, path).toBe(302);
      expect(res.headers.location).toBe('/login?from=chat');
    }
  });
});

describe('gifts', () => {
  it('lists at least 8 illustrated gifts with names in the member\'s language and the tenant\'s gift price', async () => {
    const anna = await member('Anna');
    const res = await request(server.port, host, '/api/gifts.php', { headers: { cookie: `locale=nl; ${anna.session}` } });
    const { gifts } = res.json<{ gifts: { id: string; name: string; image: string; credits: number }[] }>();
    expect(gifts.length).toBeGreaterThanOrEqual(8);
    expect(gifts[0]).toEqual({ id: 'rose', name: 'Roos', image: '/gifts/rose.svg', credits: 5 });
    const image = await call('GET', gifts[1]!.image);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.text).toContain('<svg');
    expect((await call('GET', '/gifts/unknown.svg')).status).toBe(404);
  });
});

describe('sending and reading', () => {
  it('refuses a send without credits with 402, the text and a way to buy, storing nothing', async () => {
    const bea = await member('Bea');
    const carl = await member('Carl', { gender: 'male' });
    const res = await call('POST', '/api/message.php', bea, { profile: carl.profileId, text: 'Hello' });
    expect(res.status).toBe(402);
    expect(res.json()).toEqual({ error: 'not_enough_credits', message: 'You do not have enough credits', credits: 0, buy: '/credits' });
    expect((await call('GET', '/api/chats.php', carl)).json()).toEqual({ chats: [], total_unread: 0 });
  });

  it('stores a text for credits, charges a retry with the same client_id once, counts it unread until opened and reports the read', async () => {
    const dana = await member('Dana', { credits: true });
    const emil = await member('Emil', { gender: 'male' });
    const first = await call('POST', '/api/message.php', dana, { profile: emil.profileId, text: 'Hi Emil!', client_id: 'abc-1' });
    expect(first.status).toBe(201);
    const sent = first.json<{ message: MessageJson; credits: number; conversation: number }>();
    expect(sent).toMatchObject({ credits: 49, message: { kind: 'text', text: 'Hi Emil!', sender: dana.profileId, credits: 1, client_id: 'abc-1', fictional: false } });
    const again = await call('POST', '/api/message.php', dana, { profile: emil.profileId, text: 'Hi Emil!', client_id: 'abc-1' });
    expect(again.status).toBe(200);
    expect(again.json()).toMatchObject({ credits: 49, message: { id: sent.message.id } });

    const list = (await call('GET', '/api/chats.php', emil)).json<{ chats: { conversation: { id: number }; profile: { id: number; name: string; fictional: boolean }; num_unread_messages: number; last_message: MessageJson }[]; total_unread: number }>();
    expect(list.total_unread).toBe(1);
    expect(list.chats[0]).toMatchObject({ conversation: { id: sent.conversation }, profile: { id: dana.profileId, fictional: false }, num_unread_messages: 1, last_message: { id: sent.message.id } });

    const opened = await call('GET', `/api/chat.php?conversation=${sent.conversation}`, emil);
    expect(opened.status).toBe(200);
    expect(opened.json()).toMatchObject({ conversation: { id: sent.conversation }, profile: { id: dana.profileId }, messages: [{ id: sent.message.id, text: 'Hi Emil!' }], has_more: false });
    expect((await call('GET', '/api/chats.php', emil)).json()).toMatchObject({ total_unread: 0, chats: [{ num_unread_messages: 0 }] });
    const hers = (await call('GET', `/api/chat.php?profile=${emil.profileId}`, dana)).json<{ conversation: { read_by_other: number } }>();
    expect(hers.conversation.read_by_other).toBe(sent.message.id);

    // A gift, and the reply goes the other way.
    const gift = await call('POST', '/api/message.php', dana, { profile: emil.profileId, gift: 'teddy' });
    expect(gift.status).toBe(201);
    expect(gift.json()).toMatchObject({ credits: 44, message: { kind: 'gift', gift: { id: 'teddy', name: 'Teddy bear', image: '/gifts/teddy.svg' }, credits: 5 } });
    const reply = await call('POST', '/api/message.php', emil, { profile: dana.profileId, text: 'Thank you!' });
    expect(reply.json()).toMatchObject({ error: 'not_enough_credits' });
  });

  it('delivers a photo re-encoded, visible to the two members of the conversation only', async () => {
    const fay = await member('Fay', { credits: true });
    const gus = await member('Gus', { gender: 'male' });
    const stranger = await member('Hal', { gender: 'male' });
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a86ff' } }).png().toBuffer();
    const res = await multipart('/api/message.php', fay, { profile: String(gus.profileId), client_id: 'photo-1' }, { name: 'beach.png', type: 'image/png', data: png });
    expect(res.status).toBe(201);
    const { message, credits } = res.json<{ message: MessageJson; credits: number }>();
    expect(credits).toBe(48);
    expect(message.photo).toMatchObject({ width: 640, height: 480 });
    expect(message.photo!.url).toMatch(/^\/media\/c\/\d+\/[\w-]+\.webp$/);
    for (const who of [fay, gus]) {
      const file = await request(server.port, host, message.photo!.url, { headers: { cookie: who.session } });
      expect(file.status).toBe(200);
      expect(file.headers['cache-control']).toContain('private');
      expect((await sharp(file.body).metadata()).format).toBe('webp');
    }
    expect((await request(server.port, host, message.photo!.thumb, { headers: { cookie: stranger.session } })).status).toBe(404);
    expect((await request(server.port, host, message.photo!.url)).status).toBe(404);
    const notImage = await multipart('/api/message.php', fay, { profile: String(gus.profileId) }, { name: 'x.png', type: 'image/png', data: Buffer.from('not an image') });
    expect(notImage.status).toBe(415);
    expect(notImage.json()).toMatchObject({ error: 'not_image' });
  });

  it('removes a conversation for one member only; another member\'s conversation is not found', async () => {
    const ida = await member('Ida', { credits: true });
    const jon = await member('Jon', { gender: 'male' });
    const sent = (await call('POST', '/api/message.php', ida, { profile: jon.profileId, text: 'Hoi' })).json<{ conversation: number }>();
    const stranger = await member('Kai');
    expect((await call('DELETE', '/api/chat.php', stranger, { conversation: sent.conversation })).status).toBe(404);
    expect((await call('GET', `/api/chat.php?conversation=${sent.conversation}`, stranger)).status).toBe(404);
    expect((await call('DELETE', '/api/chat.php', jon, { conversation: sent.conversation })).json()).toEqual({ ok: true });
    expect((await call('GET', '/api/chats.php', jon)).json()).toEqual({ chats: [], total_unread: 0 });
    expect((await call('GET', '/api/chats.php', ida)).json<{ chats: unknown[] }>().chats).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('answers bad input with 400 validation and the field', async () => {
    const lea = await member('Lea', { credits: true });
    const mo = await member('Mo', { gender: 'male' });
    const both = await call('POST', '/api/message.php', lea, { profile: mo.profileId, text: 'x', gift: 'rose' });
    expect(both.status).toBe(400);
    expect(both.json()).toMatchObject({ error: 'validation', fields: { text: 'Send either a text or a gift' } });
    const long = await call('POST', '/api/message.php', lea, { profile: mo.profileId, text: 'x'.repeat(1001) });
    expect(long.json()).toMatchObject({ error: 'validation', fields: { text: 'Use at most 1000 characters' } });
    const empty = await call('POST', '/api/message.php', lea, { profile: mo.profileId, text: '   ' });
    expect(empty.json()).toMatchObject({ error: 'validation', fields: { text: 'Write a message first' } });
    const gift = await call('POST', '/api/message.php', lea, { profile: mo.profileId, gift: 'yacht' });
    expect(gift.json()).toMatchObject({ error: 'validation', fields: { gift: 'This gift is not available' } });
    expect((await call('POST', '/api/message.php', lea, { profile: 0, text: 'x' })).json()).toMatchObject({ error: 'validation', fields: { profile: expect.any(String) } });
    expect((await call('POST', '/api/message.php', lea, { profile: 2_000_000_000, text: 'x' })).status).toBe(404);
    expect((await call('POST', '/api/message.php', lea, { profile: lea.profileId, text: 'x' })).json()).toMatchObject({ error: 'self' });
    expect((await call('GET', '/api/chat.php', lea)).json()).toMatchObject({ error: 'validation' });
    expect((await call('GET', '/api/chats.php', lea)).json<{ chats: unknown[] }>().chats).toEqual([]);
  });

  it('refuses the reply to a member whose e-mail is unconfirmed, and a message from someone they blocked', async () => {
    const nell = await member('Nell', { credits: true, activate: false });
    const otto = await member('Otto', { gender: 'male', credits: true });
    expect((await call('POST', '/api/message.php', nell, { profile: otto.profileId, text: 'Hi, new here' })).status).toBe(201);
    const reply = await call('POST', '/api/message.php', otto, { profile: nell.profileId, text: 'Welcome' });
    expect(reply.status).toBe(403);
    expect(reply.json()).toEqual({ error: 'unconfirmed_email', message: 'Messages blocked by unconfirmed e-mail' });

    const pia = await member('Pia', { credits: true });
    expect((await call('POST', '/api/message.php', otto, { profile: pia.profileId, text: 'Hello Pia' })).status).toBe(201);
    expect((await call('POST', '/api/block.php', pia, { profile: otto.profileId })).status).toBe(200);
    expect((await call('GET', '/api/chats.php', pia)).json()).toEqual({ chats: [], total_unread: 0 });
    const blocked = await call('POST', '/api/message.php', otto, { profile: pia.profileId, text: 'Hello?' });
    expect(blocked.status).toBe(403);
    expect(blocked.json<{ error: string; message: string }>()).toEqual({ error: 'blocked', message: expect.stringMatching(/^You're blocked by Pia\d+\. You do not have access to this page\.$/) });
  });

  it('answers /members/{id}/chat and /chats/{id} across a block as the rule says: the blocked member 403 with the text, the blocker 404', async () => {
    const vera = await member('Vera', { credits: true });
    const wim = await member('Wim', { gender: 'male', credits: true });
    const sent = (await call('POST', '/api/message.php', wim, { profile: vera.profileId, text: 'Hello Vera' })).json<MessageJson>();
    expect((await call('POST', '/api/block.php', vera, { profile: wim.profileId })).status).toBe(200);
    const blocked = await call('GET', `/members/${vera.profileId}/chat`, wim);
    expect(blocked.status).toBe(403);
    expect(blocked.text).toMatch(/You(?:&#x27;|')re blocked by Vera\d+\. You do not have access to this page\./);
    expect((await call('GET', `/chats/${sent.conversation}`, wim)).status).toBe(403);
    expect((await call('GET', `/members/${wim.profileId}/chat`, vera)).status).toBe(404);
  });

  it('limits how fast one member sends (429 with Retry-After)', async () => {
    const quinn = await member('Quinn', { credits: true });
    const rosa = await member('Rosa');
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await call('POST', '/api/message.php', quinn, { profile: rosa.profileId, text: `Message ${i}` })).status);
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    const last = await call('POST', '/api/message.php', quinn, { profile: rosa.profileId, text: 'Again' });
    expect(last.json()).toMatchObject({ error: 'too_many_requests' });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('pages', () => {
  it('serves /chats, /chats/{id} and /members/{id}/chat in the bare chat layout; another member\'s conversation is a 404', async () => {
    const sara = await member('Sara', { credits: true });
    const tom = await member('Tom', { gender: 'male' });
    const sent = (await call('POST', '/api/message.php', sara, { profile: tom.profileId, text: 'Page test' })).json<{ conversation: number }>();
    const list = await call('GET', '/chats', tom);
    expect(list.status).toBe(200);
    expect(list.text).toContain('data-layout="chat"');
    expect(list.text).toContain('Page test');
    const open = await call('GET', `/chats/${sent.conversation}`, tom);
    expect(open.status).toBe(200);
    expect(open.text).toContain('data-testid="thread"');
    expect((await call('GET', '/api/chats.php', tom)).json()).toMatchObject({ total_unread: 0 });
    const fresh = await call('GET', `/members/${tom.profileId}/chat?text=${encodeURIComponent('Write to Tom')}`, await member('Uma', { credits: true }));
    expect(fresh.status).toBe(200);
    expect(fresh.text).toMatch(/<textarea[^>]*>Write to Tom<\/textarea>/);
    const stranger = await member('Vic');
    expect((await call('GET', `/chats/${sent.conversation}`, stranger)).status).toBe(404);
    expect((await call('GET', '/chats/abc', stranger)).status).toBe(404);
  });
});
