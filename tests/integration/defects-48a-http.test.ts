// Issue 48 (round 3 of defects), helper i48a's items over HTTP against the built server: each test
// is written from the issue's words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpMember, type TestMember } from '../support/members';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let n = 0;
const TENANT = 'flirtlokaal';
const host = () => `${TENANT}.localhost:${server.port}`;
const origin = () => `http://${host()}`;

const call = (method: string, path: string, who: TestMember | null, body?: unknown, headers: Record<string, string> = {}) =>
  request(server.port, host(), path, {
    method,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', origin: origin(), cookie: `locale=en${who ? `; ${who.session}` : ''}`, ...headers },
  });

const member = (gender: 'male' | 'female') => {
  n++;
  return signUpMember(server, TENANT, { name: `Defect${gender}${n}`, country: 'NL', gender, seeking: gender === 'male' ? 'female' : 'male', ip: `10.48.0.${n}` });
};

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: 'loopback', SKIP_SEED: '1' });
});
afterAll(async () => {
  await server?.stop();
});

describe('item 4: POST /api/message.php answers as the other endpoints do', () => {
  it('answers a text/plain body with the documented 415 unsupported_media_type, not a photo text', async () => {
    const [writer, reader] = [await member('male'), await member('female')];
    const res = await call('POST', '/api/message.php', writer, `profile=${reader.profileId}&text=hi`, { 'content-type': 'text/plain' });
    expect(res.status).toBe(415);
    expect(res.json<{ error: string }>().error).toBe('unsupported_media_type');
    const other = await call('PUT', '/api/user.php', writer, 'language=en', { 'content-type': 'text/plain' });
    expect(res.json()).toEqual(other.json());
  });

  it('answers an empty or over-long text to a member with 0 credits with the 400, and a real text with 402', async () => {
    const [writer, reader] = [await member('male'), await member('female')];
    const me = await call('GET', '/api/user.php', writer);
    expect(me.json<{ user: { credits: number } }>().user.credits).toBe(0);
    for (const text of ['   ', 'x'.repeat(1001)]) {
      const res = await call('POST', '/api/message.php', writer, { profile: reader.profileId, text });
      expect(res.status, `${text.length} characters`).toBe(400);
    }
    const real = await call('POST', '/api/message.php', writer, { profile: reader.profileId, text: 'Hello there' });
    expect(real.status).toBe(402);
  });
});

describe('item 12: blocked by a member, every action on them answers the same', () => {
  it("answers a like, a swipe, a message and a gift with 403 \"You're blocked by {name}…\"", async () => {
    const [blocker, blocked] = [await member('female'), await member('male')];
    expect((await call('POST', '/api/block.php', blocker, { profile: blocked.profileId })).status).toBe(200);
    const name = (await call('GET', '/api/user.php', blocker)).json<{ user: { profile: { name: string } } }>().user.profile.name;
    const expected = { error: 'blocked', message: `You're blocked by ${name}. You do not have access to this page.` };
    const answers = [
      await call('POST', '/api/like.php', blocked, { profile: blocker.profileId }),
      await call('POST', '/api/swipe.php', blocked, { profile: blocker.profileId, like: true }),
      await call('POST', '/api/message.php', blocked, { profile: blocker.profileId, text: 'Hello' }),
      await call('POST', '/api/message.php', blocked, { profile: blocker.profileId, gift: 'rose' }),
    ];
    for (const [i, res] of answers.entries()) {
      expect(res.status, `action ${i}`).toBe(403);
      expect(res.json(), `action ${i}`).toEqual(expected);
    }
  });
});

describe('item 22: Secure cookies only over https', () => {
  it('sets rdv_vid and rdv_visit without Secure on a plain-http request, with Secure through a trusted https proxy', async () => {
    const path = '/landers/video?network=demo&ref=r1';
    const plain = await request(server.port, host(), path, { headers: { 'x-forwarded-for': '10.48.1.1', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' } });
    const plainCookies = ([] as string[]).concat(plain.headers['set-cookie'] ?? []);
    expect(plainCookies.some((c) => c.startsWith('rdv_vid='))).toBe(true);
    expect(plainCookies.some((c) => c.startsWith('rdv_visit='))).toBe(true);
    for (const cookie of plainCookies) expect(cookie).not.toMatch(/;\s*Secure/i);
    const https = await request(server.port, host(), path, { headers: { 'x-forwarded-for': '10.48.1.2', 'x-forwarded-proto': 'https', 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' } });
    const httpsCookies = ([] as string[]).concat(https.headers['set-cookie'] ?? []);
    expect(httpsCookies.filter((c) => /^rdv_(vid|visit)=/.test(c))).toHaveLength(2);
    for (const cookie of httpsCookies.filter((c) => /^rdv_(vid|visit)=/.test(c))) expect(cookie).toMatch(/;\s*Secure/);
  });
});
