// The rest of trust and safety over HTTP on the demo server (issue 25 items 2–5, decision 0029):
// photo moderation on a `pre` tenant (a member's new photo reaches nobody else — profile page, chats,
// the photo API — until the moderator approves it in /operator/photos; a rejected one is gone and
// its owner reads why in their language; answering operators and members get 403/404, another
// tenant's moderator sees nothing); the Report action on a received message with the message
// attached; the safety tip on the event stream; and the data export's immediate path.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../support/event-stream';
import { buyCredits, signUpMember, type TestMember } from '../support/members';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
const TENANT = 'flirtlokaal';
const host = (tenant = TENANT) => `${tenant}.localhost:${server.port}`;
const origin = (tenant = TENANT) => `http://${host(tenant)}`;
let n = 0;

beforeAll(async () => {
  server = await startServer({ DEMO: '1', TRUST_PROXY: 'loopback' });
});

afterAll(async () => {
  await server?.stop();
});

const call = (method: string, path: string, cookie: string, body?: unknown, tenant = TENANT) =>
  request(server.port, host(tenant), path, {
    method,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    headers: { 'content-type': 'application/json', accept: 'application/json', origin: origin(tenant), cookie },
  });
const form = (path: string, cookie: string, body: Record<string, string>, tenant = TENANT) =>
  request(server.port, host(tenant), path, { method: 'POST', body: new URLSearchParams(body).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: origin(tenant), cookie } });
const cookieOf = (res: { headers: Record<string, unknown> }, name: string) => [res.headers['set-cookie']].flat().map(String).find((c) => c.startsWith(`${name}=`))!.split(';')[0]!;
const operator = async (local: string, tenant = TENANT) => cookieOf(await form('/operator/login', '', { email: `${local}@${tenant}.example`, password: 'rendezvous-demo' }, tenant), 'rdv_operator');

async function member(name: string, gender: 'male' | 'female' = 'female'): Promise<TestMember> {
  n++;
  return signUpMember(server, TENANT, { name: `${name}${n}`, country: 'NL', gender, seeking: gender === 'female' ? 'male' : 'female', ip: `10.25.3.${n}` });
}

async function upload(who: TestMember): Promise<{ id: number; filename: string; thumb_filename: string }> {
  const image = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#3a7bd5' } }).png().toBuffer();
  const boundary = `----trust${Date.now()}`;
  const body = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`), image, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const res = await request(server.port, host(), '/api/photos.php', { method: 'POST', body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: origin(), cookie: `locale=en; ${who.session}` } });
  expect(res.status).toBe(201);
  return res.json<{ photo: { id: number; filename: string; thumb_filename: string } }>().photo;
}

describe('photo moderation over HTTP (flirtlokaal moderates before: pre)', () => {
  it('shows a new photo to its owner only, until the moderator approves it; members and answering operators have no queue, another tenant\'s moderator sees nothing', async () => {
    const owner = await member('Pre', 'female');
    const other = await member('Peer', 'male');
    await buyCredits(server, TENANT, owner);
    const photo = await upload(owner);
    const name = photo.filename.split('/').pop()!.replace('.webp', '');
    // The owner's own list says it waits; no one else gets it anywhere.
    const own = await call('GET', '/api/photos.php', owner.session);
    expect(own.json<{ photos: unknown[] }>().photos).toEqual([expect.objectContaining({ id: photo.id, review: 'pending', public: false, main: false })]);
    expect((await call('GET', `/members/${owner.profileId}`, owner.session)).text).toContain(name);
    expect((await call('POST', '/api/message.php', owner.session, { profile: other.profileId, text: 'Hello there, nice to meet you' })).status).toBe(201);
    for (const path of [`/members/${owner.profileId}`, '/api/chats.php', `/api/chat.php?profile=${owner.profileId}`, '/chats']) {
      const seen = await call('GET', path, other.session);
      expect(seen.status, path).toBe(200);
      expect(seen.text, path).not.toContain(name);
    }

    // Only the moderation role of this tenant has the queue.
    expect((await request(server.port, host(), '/operator/photos', { headers: { cookie: other.session } })).status).toBe(404);
    expect((await request(server.port, host(), '/operator/photos', { headers: { cookie: await operator('operator') } })).status).toBe(403);
    const elsewhere = await operator('moderator', 'herzklopfen');
    const theirs = await request(server.port, host('herzklopfen'), '/operator/photos', { headers: { cookie: elsewhere } });
    expect(theirs.status).toBe(200);
    expect(theirs.text).not.toContain(`data-testid="photo-${photo.id}"`);
    const refused = await form('/operator/photos', elsewhere, { intent: 'approve', photo: String(photo.id) }, 'herzklopfen');
    expect(refused.text).toContain('Dieses Foto wartet nicht mehr auf Prüfung.');
    expect((await call('GET', '/api/photos.php', owner.session)).json<{ photos: { public: boolean }[] }>().photos[0]!.public).toBe(false);

    const moderator = await operator('moderator');
    const queue = await request(server.port, host(), '/operator/photos', { headers: { cookie: moderator } });
    expect(queue.text).toContain(`data-testid="photo-${photo.id}"`);
    expect((await form('/operator/photos', moderator, { intent: 'approve', photo: String(photo.id) })).text).toContain('De foto is goedgekeurd en voor iedereen zichtbaar.');
    for (const path of [`/members/${owner.profileId}`, '/api/chats.php']) expect((await call('GET', path, other.session)).text, path).toContain(name);
  });

  it("deletes a rejected photo, serves it to nobody, and tells its owner why in the owner's language", async () => {
    const owner = await member('Rejected', 'female');
    const photo = await upload(owner);
    const url = (await call('GET', '/api/photos.php', owner.session)).json<{ photos: { filename: string }[] }>().photos[0]!.filename;
    expect((await request(server.port, host(), url)).status).toBe(200);
    const moderator = await operator('moderator');
    const bad = await form('/operator/photos', moderator, { intent: 'reject', photo: String(photo.id), reason: 'not-a-reason' });
    expect(bad.status).toBe(400);
    expect((await form('/operator/photos', moderator, { intent: 'reject', photo: String(photo.id), reason: 'contact_details' })).text).toContain('De foto is afgewezen en verwijderd');
    expect((await request(server.port, host(), url)).status).toBe(404);
    expect((await call('GET', '/api/photos.php', owner.session)).json<{ photos: unknown[] }>().photos).toEqual([]);
    const page = await request(server.port, host(), '/profile', { headers: { cookie: `locale=nl; ${owner.session}` } });
    expect(page.text).toContain('data-testid="photo-rejections"');
    expect(page.text).toContain('Contactgegevens, links of reclame');
    // Dismissed, the notice goes.
    await form('/profile', `locale=nl; ${owner.session}`, { intent: 'dismiss' });
    expect((await request(server.port, host(), '/profile', { headers: { cookie: `locale=nl; ${owner.session}` } })).text).not.toContain('data-testid="photo-rejections"');
  });
});

describe('photo screening on the demo server (docs/decisions/0065)', () => {
  it("gives a new member's photo its scores in /operator/photos within seconds", async () => {
    const owner = await member('Screened', 'female');
    const photo = await upload(owner);
    const moderator = await operator('moderator');
    const card = async () => {
      const page = await request(server.port, host(), '/operator/photos', { headers: { cookie: moderator } });
      return new RegExp(`data-testid="photo-${photo.id}"[^]*?(?=data-testid="photo-\\d|$)`).exec(page.text)?.[0] ?? '';
    };
    await expect.poll(card, { timeout: 30_000, interval: 250 }).toContain('data-state="passed"');
    const text = await card();
    // In the console's language, the tenant's until the moderator picks another.
    for (const label of ['Porno', 'Hentai', 'Sexy', 'Tekening', 'Neutraal']) expect(text).toContain(`>${label}</dt>`);
    expect(text).toContain('Gescreend: onder de drempels van deze site');
    // FlirtLokaal moderates before: screening passing it shows it to nobody yet.
    expect((await call('GET', '/api/photos.php', owner.session)).json<{ photos: { public: boolean }[] }>().photos[0]!.public).toBe(false);
  });

  it('shows a photo on Herzklopfen, which requires screening, only once the model passed it', async () => {
    n++;
    const owner = await signUpMember(server, 'herzklopfen', { name: `Gescreent${n}`, country: 'DE', gender: 'female', seeking: 'male', ip: `10.25.4.${n}` });
    const image = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#3a7bd5' } }).png().toBuffer();
    const boundary = `----screen${Date.now()}`;
    const body = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`), image, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const res = await request(server.port, host('herzklopfen'), '/api/photos.php', { method: 'POST', body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: origin('herzklopfen'), cookie: owner.session } });
    expect(res.status).toBe(201);
    const visible = async () => (await call('GET', '/api/photos.php', owner.session, undefined, 'herzklopfen')).json<{ photos: { public: boolean }[] }>().photos[0]!.public;
    await expect.poll(visible, { timeout: 30_000, interval: 250 }).toBe(true);
  });
});

describe('the Report action on a received message', () => {
  it('files the message with its text into the moderation queue, blocks the sender when asked, and refuses a message the member sent', async () => {
    const sender = await member('Sender', 'male');
    const recipient = await member('Recipient', 'female');
    await buyCredits(server, TENANT, sender);
    const sent = await call('POST', '/api/message.php', sender.session, { profile: recipient.profileId, text: 'Answer me or you will regret it' });
    expect(sent.status).toBe(201);
    const message = sent.json<{ message: { id: number } }>().message.id;
    const own = await call('POST', '/api/report.php', sender.session, { profile: recipient.profileId, message, reason: 'harassment' });
    expect(own.status).toBe(404);
    const report = await call('POST', '/api/report.php', recipient.session, { profile: sender.profileId, message, reason: 'harassment', text: 'Threatens me', block: true });
    expect(report.status).toBe(200);
    const { reference, blocked } = report.json<{ reference: string; blocked: boolean }>();
    expect(blocked).toBe(true);
    const queue = await request(server.port, host(), '/operator/complaints', { headers: { cookie: await operator('moderator') } });
    const card = new RegExp(`${reference}[^]*?(?=data-testid="complaint-|$)`).exec(queue.text)?.[0] ?? '';
    expect(card).toContain('Answer me or you will regret it');
    // Blocked: the sender's chat page says so, with 403.
    expect((await call('GET', `/members/${recipient.profileId}/chat`, sender.session)).status).toBe(403);
  });
});

describe('the safety tip on the event stream', () => {
  it('reaches the recipient of a flagged message live, and not the sender', async () => {
    const sender = await member('Scam', 'male');
    const recipient = await member('Target', 'female');
    await buyCredits(server, TENANT, sender);
    const theirs = await openEventStream(server.port, host(), { cookie: recipient.session });
    const mine = await openEventStream(server.port, host(), { cookie: sender.session });
    await theirs.next('ready');
    await mine.next('ready');
    expect((await call('POST', '/api/message.php', sender.session, { profile: recipient.profileId, text: 'Please send me money via Western Union' })).status).toBe(201);
    const received = await theirs.next<{ safety_tip?: boolean }>('message');
    const echoed = await mine.next<{ safety_tip?: boolean }>('message');
    expect(received.data.safety_tip).toBe(true);
    expect(echoed.data.safety_tip).toBeUndefined();
    // An everyday message carries no tip.
    expect((await call('POST', '/api/message.php', sender.session, { profile: recipient.profileId, text: 'How was your weekend?' })).status).toBe(201);
    expect((await theirs.next<{ safety_tip?: boolean }>('message')).data.safety_tip).toBeUndefined();
    theirs.close();
    mine.close();
  });
});

describe('the data export over HTTP', () => {
  it('streams a small export at once, to the member alone', async () => {
    const who = await member('Export', 'female');
    const asked = await form('/account/export', who.session, {});
    expect(asked.status).toBe(200);
    const link = /href="(\/account\/export\/[\w-]+)"/.exec(asked.text)![1]!;
    const stranger = await member('Stranger', 'male');
    expect((await call('GET', link, stranger.session)).status).toBe(404);
    expect((await call('GET', link, '')).status).toBe(404);
    const zip = await call('GET', link, who.session);
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
  });
});
