// Answers a member gets over HTTP (issue 26 items 13, 16, 18, 19, 20), on PGlite and PostgreSQL:
// the right text for each right refusal (a premium member's full photo album, a number out of range,
// the 10 MB photo limit, another member's conversation, a language the site does not show), the
// member's saved language on a new device, 403 for a blocked member on the blocker's profile,
// /settings and a bare /directdebit, and the titles of the home, premium and pricing pages.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyCredits, MEMBER_PASSWORD, signUpMember, type TestMember } from '../support/members';
import { databaseKinds } from '../support/databases';
import { request, startServer, type RunningServer } from '../support/server';

const TENANT = 'flirtlokaal';
const INVISIBLE_TEXT = 'Members who are invisible make the first move';

describe.each(databaseKinds)('on $name', (kind) => {
  let server: RunningServer;
  let host = '';
  let origin = '';
  let n = 0;

  beforeAll(async () => {
    // PGlite: an empty DATABASE_URL makes the server use its embedded database.
    server = await startServer({ SKIP_SEED: '1', TRUST_PROXY: 'loopback', ...(kind.name === 'pglite' ? { DATABASE_URL: '' } : {}) });
    host = `${TENANT}.localhost:${server.port}`;
    origin = `http://${host}`;
  });

  afterAll(async () => {
    await server?.stop();
  });

  const ip = () => `10.26.${Math.floor(n / 200)}.${n % 200}`;
  const member = async (name: string, options: { credits?: boolean } = {}): Promise<TestMember> => {
    n++;
    const m = await signUpMember(server, TENANT, { name: `${name}${n}${kind.name === 'pglite' ? 'p' : 'q'}`, country: 'NL', gender: 'female', seeking: 'both', ip: ip() });
    if (options.credits) await buyCredits(server, TENANT, m);
    return m;
  };
  const call = (method: string, path: string, who?: TestMember, body?: unknown, cookie = 'locale=en') =>
    request(server.port, host, path, {
      method,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': ip(), cookie: [cookie, who?.session].filter(Boolean).join('; ') },
    });
  const upload = (who: TestMember, data: Buffer, type = 'image/png') => {
    const boundary = `----rdv${Date.now()}${Math.random().toString(36).slice(2)}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.png"\r\nContent-Type: ${type}\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return request(server.port, host, '/api/photos.php', { method: 'POST', body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin, cookie: `locale=en; ${who.session}` } });
  };
  const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&amp;/g, '&');

  describe('wrong texts for right refusals (item 13)', () => {
    it("refuses a premium member's 26th photo as a full album, not as a premium feature; a free member's 4th stays premium-only", async () => {
      const png = await sharp({ create: { width: 40, height: 50, channels: 3, background: '#c36' } }).png().toBuffer();
      const premium = await member('Album', { credits: true });
      for (let i = 0; i < 25; i++) expect((await upload(premium, png)).status, `photo ${i + 1}`).toBe(201);
      const refused = await upload(premium, png);
      expect(refused.status).toBe(403);
      expect(refused.json()).toEqual({ error: 'photo_limit', message: 'Your profile already has as many photos as it can have. Delete a photo to add another.' });

      const free = await member('Free');
      for (let i = 0; i < 3; i++) expect((await upload(free, png)).status).toBe(201);
      const fourth = await upload(free, png);
      expect(fourth.status).toBe(403);
      expect(fourth.json()).toMatchObject({ error: 'premium_only', message: 'This feature is only available for premium members' });
    });

    it('holds photos to 10 MB as the text says it (10,000,000 bytes), with the photo text', async () => {
      const someone = await member('Big');
      // Over 10 MB, under 10 MiB: a JPEG start and padding.
      const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10_010_000)]);
      const res = await upload(someone, big, 'image/jpeg');
      expect(res.status).toBe(413);
      expect(res.json()).toMatchObject({ error: 'too_large', message: 'This photo is too large. Upload a photo of at most 10 MB.' });
    });

    it('says a number is out of range as a number (max_age=100 is "at most 99", not 99 characters)', async () => {
      const someone = await member('Ages');
      const high = await call('GET', '/api/members.php?max_age=100', someone);
      expect(high.status).toBe(400);
      expect(high.json()).toMatchObject({ fields: { max_age: 'Enter at most 99' } });
      const low = await call('GET', '/api/members.php?min_age=17', someone);
      expect(low.json()).toMatchObject({ fields: { min_age: 'Enter at least 18' } });
    });

    it("answers another member's conversation id as no such conversation, not with the invisible-member text", async () => {
      const writer = await member('Writer', { credits: true });
      const reader = await member('Reader');
      const stranger = await member('Stranger');
      const sent = await call('POST', '/api/message.php', writer, { profile: reader.profileId, text: 'Hello there' });
      expect(sent.status).toBe(201);
      const conversation = sent.json<{ conversation: number }>().conversation;
      expect((await call('GET', `/api/chat.php?conversation=${conversation}`, reader)).status).toBe(200);
      for (const id of [conversation, 2_000_000_000]) {
        const res = await call('GET', `/api/chat.php?conversation=${id}`, stranger);
        expect(res.status).toBe(404);
        expect(res.json()).toEqual({ error: 'not_found', message: 'This conversation does not exist.' });
        expect(res.text).not.toContain(INVISIBLE_TEXT);
      }
    });

    it('PUT /api/user.php gives one top-level message for every language it cannot take', async () => {
      const someone = await member('Lang');
      const unknown = await call('PUT', '/api/user.php', someone, { language: 'xx' });
      const hidden = await call('PUT', '/api/user.php', someone, { language: 'de' }); // not shown by FlirtLokaal (nl, en)
      expect(unknown.status).toBe(400);
      expect(hidden.status).toBe(400);
      const [a, b] = [unknown.json<{ error: string; message: string; fields: Record<string, string> }>(), hidden.json<{ error: string; message: string; fields: Record<string, string> }>()];
      expect(b.error).toBe(a.error);
      expect(b.message).toBe(a.message);
      expect(b.fields.language).toBe(a.fields.language);
    });
  });

  describe("the member's language on a new device (item 16)", () => {
    it('sets the locale cookie from the saved language when a browser without one logs in (page and API)', async () => {
      const someone = await member('Device');
      expect((await call('PUT', '/api/user.php', someone, { language: 'en' })).status).toBe(200);
      const form = new URLSearchParams({ email: someone.email, password: MEMBER_PASSWORD }).toString();
      const page = await request(server.port, host, '/login', { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded', origin, 'x-forwarded-for': ip() } });
      expect(page.status).toBe(302);
      expect(String(page.headers['set-cookie'])).toMatch(/(^|,)\s*locale=en;/);
      const api = await request(server.port, host, '/api/user.php', { method: 'POST', body: JSON.stringify({ email: someone.email, password: MEMBER_PASSWORD }), headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': ip() } });
      expect(api.status).toBe(200);
      expect(String(api.headers['set-cookie'])).toMatch(/(^|,)\s*locale=en;/);
      // The home page of that new device speaks English although FlirtLokaal's own language is Dutch.
      const cookies = (api.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
      expect(await request(server.port, host, '/', { headers: { cookie: cookies } }).then((r) => /<html lang="(\w+)"/.exec(r.text)?.[1])).toBe('en');
    });

    it("keeps a device's own choice: a browser with a locale cookie gets none from the login", async () => {
      const someone = await member('Kept');
      await call('PUT', '/api/user.php', someone, { language: 'en' });
      const res = await request(server.port, host, '/api/user.php', { method: 'POST', body: JSON.stringify({ email: someone.email, password: MEMBER_PASSWORD }), headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': ip(), cookie: 'locale=nl' } });
      expect(res.status).toBe(200);
      expect(String(res.headers['set-cookie'])).not.toContain('locale=');
    });
  });

  describe('access answers (item 18)', () => {
    it("answers a blocked member on the blocker's profile 403 with the blocked text", async () => {
      const blocker = await member('Blocker');
      const blocked = await member('Blocked');
      expect((await call('POST', '/api/block.php', blocker, { profile: blocked.profileId })).status).toBe(200);
      for (const path of [`/members/${blocker.profileId}`, `/likes/m/${blocker.profileId}`]) {
        const res = await call('GET', path, blocked);
        expect(res.status, path).toBe(403);
        expect(res.text).toContain('You&#x27;re blocked by');
      }
      // The blocker still opens the profile they blocked (to unblock it).
      expect((await call('GET', `/members/${blocked.profileId}`, blocker)).status).toBe(200);
    });
  });

  describe('routes (item 19)', () => {
    it('serves the settings page on /settings (visitors go to log in)', async () => {
      const someone = await member('Settings');
      const res = await call('GET', '/settings', someone);
      expect(res.status).toBe(200);
      expect(res.text).toContain('name="intent" value="notifications"');
      expect(titleOf(res.text)).toMatch(/^Settings – /);
      const visitor = await call('GET', '/settings');
      expect(visitor.status).toBe(302);
      expect(visitor.headers.location).toBe('/login');
    });

    it('saves a settings form posted to /settings', async () => {
      const someone = await member('SettingsSave');
      const body = new URLSearchParams({ intent: 'notifications', enabled: 'like' }).toString();
      const res = await request(server.port, host, '/settings', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie: `locale=en; ${someone.session}` } });
      expect(res.status).toBe(200);
      const me = (await call('GET', '/api/user.php', someone)).json<{ user: { notifications_disabled: string[] } }>();
      expect(me.user.notifications_disabled).toContain('new_messages');
      expect(me.user.notifications_disabled).not.toContain('like');
    });

    it('sends a member on a bare /directdebit to /credits', async () => {
      const someone = await member('Debit');
      const res = await call('GET', '/directdebit', someone);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/credits');
    });
  });

  describe('titles (item 20)', () => {
    it("titles the home page with SPEC's index_title alone", async () => {
      const res = await call('GET', '/');
      expect(titleOf(res.text)).toBe('Flirting and dating near you');
    });

    it('names the premium page in its title', async () => {
      const res = await call('GET', '/premium');
      expect(titleOf(res.text)).toBe('Premium membership – FlirtLokaal');
    });

    it('ends /pricing with the way to credits for a member, and with signing up for a visitor', async () => {
      const someone = await member('Pricing');
      // The page's last call to action (the messages sent along to the browser hold every text, so look at the link itself).
      const cta = (html: string) => /<a [^>]*data-testid="pricing-cta"[^>]*>([\s\S]*?)<\/a>/.exec(html);
      const forMember = cta((await call('GET', '/pricing', someone)).text);
      expect(forMember?.[0]).toContain('href="/credits"');
      expect(forMember?.[1]).toBe('Buy credits');
      const forVisitor = cta((await call('GET', '/pricing')).text);
      expect(forVisitor?.[0]).toContain('href="/signup"');
      expect(forVisitor?.[1]).toBe('Sign up for free');
    });
  });
});
