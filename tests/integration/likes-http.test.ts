// Likes, the swipe game, auto-like and the match finder over HTTP against the built server (issue
// 12): the answers' shapes, members only, the daily swipe limit under parallel requests, the
// translated refusals, the pages and their 404s, and the likes badge in the page as served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
const HOST = 'flirtlokaal.nl';
const ORIGIN = `http://${HOST}`;
let n = 0;

const call = (method: string, path: string, cookie: string, body?: unknown) =>
  request(server.port, HOST, path, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'content-type': 'application/json', origin: ORIGIN, cookie },
  });

/** A confirmed member (activated through the mailed link), with English texts. */
async function member(gender: 'male' | 'female' = 'male', extra: Record<string, unknown> = {}): Promise<{ cookie: string; profile: number }> {
  n++;
  const email = `likes${n}@example.com`;
  const seeking = gender === 'male' ? 'female' : 'male';
  const res = await call('POST', '/api/signup.php', 'locale=en', { email, name: `Liker${n}`, password: 'a good password', date_of_birth: '1990-01-01', gender, seeking, country: 'NL', terms: true, orientation_consent: true, ...extra });
  expect(res.status).toBe(201);
  const cookie = `${String(res.headers['set-cookie']).split(';')[0]!}; locale=en`;
  const outbox = await request(server.port, HOST, '/dev/outbox');
  const token = new RegExp(`data-to="${email}"[\\s\\S]*?/activate\\?token=([\\w-]+)`).exec(outbox.text)![1]!;
  await request(server.port, HOST, `/activate?token=${token}`);
  const me = await call('GET', '/api/user.php', cookie);
  return { cookie, profile: me.json<{ user: { profile: { id: number } } }>().user.profile.id };
}

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: 'loopback' });
});

afterAll(async () => {
  await server?.stop();
});

describe('members only', () => {
  it('answers a visitor 403 authentication_required on auto-like, swipe and likes', async () => {
    for (const [method, path] of [['GET', '/api/auto-like.php'], ['GET', '/api/swipe.php'], ['POST', '/api/swipe.php'], ['GET', '/api/likes.php']] as const) {
      const res = await call(method, path, 'locale=en', method === 'POST' ? { profile: 1, like: true } : undefined);
      expect(res.status, path).toBe(403);
      expect(res.json(), path).toEqual({ error: 'authentication_required', message: 'Please log in to continue' });
    }
  });

  it('sends a visitor from the likes pages, the swipe game and the match finder to the login page', async () => {
    for (const path of ['/likes', '/likes/sent', '/swipe-game', '/match-finder']) {
      const res = await request(server.port, HOST, path, { headers: { cookie: 'locale=en' } });
      expect(res.status, path).toBe(302);
      expect(res.headers.location, path).toBe('/login');
    }
  });
});

describe('GET /api/auto-like.php', () => {
  it('answers a new member { profile: null, next_at } (the first auto-like waits 10 minutes)', async () => {
    const { cookie } = await member();
    const res = await call('GET', '/api/auto-like.php', cookie);
    expect(res.status).toBe(200);
    const body = res.json<{ profile: unknown; next_at: string }>();
    expect(body.profile).toBeNull();
    expect(new Date(body.next_at).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
  });
});

describe('the swipe game', () => {
  it('deals cards with { profiles, remaining, resets_at }, takes likes and passes, and refuses the 5th like with 429', async () => {
    const { cookie } = await member();
    const deck = await call('GET', '/api/swipe.php', cookie);
    expect(deck.status).toBe(200);
    const { profiles, remaining, resets_at } = deck.json<{ profiles: { id: number; name: string; age: number; city: string; fictional: boolean; main_image: { filename: string } }[]; remaining: number; resets_at: string }>();
    expect(remaining).toBe(4);
    expect(new Date(resets_at).getTime()).toBeGreaterThan(Date.now());
    expect(profiles.length).toBe(10);
    expect(profiles[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), age: expect.any(Number), fictional: true, main_image: { filename: expect.stringMatching(/^\/media\/demo\//) } });

    expect((await call('POST', '/api/swipe.php', cookie, { profile: profiles[0]!.id, like: false })).json()).toEqual({ state: 'none', remaining: 4 });
    for (let i = 1; i <= 4; i++) {
      const res = await call('POST', '/api/swipe.php', cookie, { profile: profiles[i]!.id, like: true });
      expect(res.json()).toEqual({ state: 'liked', remaining: 4 - i });
    }
    const fifth = await call('POST', '/api/swipe.php', cookie.replace('locale=en', 'locale=nl'), { profile: profiles[5]!.id, like: 'true' });
    expect(fifth.status).toBe(429);
    expect(fifth.json()).toEqual({ error: 'daily_limit', message: 'Je hebt de 4 likes van vandaag in het swipespel gebruikt. Kom morgen terug voor nieuwe.', remaining: 0 });
    // Form bodies work too; a pass is still allowed.
    const pass = await request(server.port, HOST, '/api/swipe.php', { method: 'POST', body: `profile=${profiles[6]!.id}&like=0`, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, cookie } });
    expect(pass.json()).toEqual({ state: 'none', remaining: 0 });
    const sent = await call('GET', '/api/likes.php', cookie);
    expect(sent.json<{ liked: number[] }>().liked.sort()).toEqual(profiles.slice(1, 5).map((p) => p.id).sort());
  });

  it('lets only 4 of 8 parallel likes through', async () => {
    const { cookie } = await member();
    const { profiles } = (await call('GET', '/api/swipe.php', cookie)).json<{ profiles: { id: number }[] }>();
    const answers = await Promise.all(profiles.slice(0, 8).map((p) => call('POST', '/api/swipe.php', cookie, { profile: p.id, like: true })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
    expect((await call('GET', '/api/swipe.php', cookie)).json<{ remaining: number }>().remaining).toBe(0);
  });

  it('refuses bad input with 400, a cross-site POST with 403, oneself with 400 and an unseen profile with 404', async () => {
    const { cookie, profile } = await member();
    for (const body of [{}, { profile: 1 }, { profile: 'x', like: true }, { profile: 1, like: 'maybe' }, { profile: 2147483648, like: true }]) {
      const res = await call('POST', '/api/swipe.php', cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json<{ error: string }>().error).toBe('validation');
    }
    const crossSite = await request(server.port, HOST, '/api/swipe.php', { method: 'POST', body: JSON.stringify({ profile: 1, like: true }), headers: { 'content-type': 'application/json', cookie, origin: 'http://evil.example' } });
    expect(crossSite.status).toBe(403);
    expect((await call('POST', '/api/swipe.php', cookie, { profile, like: true })).json<{ error: string }>().error).toBe('self');
    const unseen = await call('POST', '/api/swipe.php', cookie, { profile: 2147483647, like: true });
    expect(unseen.status).toBe(404);
  });
});

describe('likes between members', () => {
  it('refuses a first like to an invisible member with the documented text; after their like, a like back is a match', async () => {
    const hidden = await member('female');
    const other = await member('male');
    // Invisible mode, as the settings page sets it.
    const set = await request(server.port, HOST, '/notifications', { method: 'POST', body: 'intent=privacy&invisible=on', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, cookie: hidden.cookie } });
    expect(set.status).toBeLessThan(400);
    const refused = await call('POST', '/api/like.php', other.cookie, { profile: hidden.profile });
    expect(refused.status).toBe(404);
    expect(refused.json()).toEqual({
      error: 'not_found',
      message: 'This profile cannot be liked. Members who are invisible make the first move: once they like you, you can like them back.',
    });
    expect((await call('POST', '/api/like.php', hidden.cookie, { profile: other.profile })).json()).toEqual({ state: 'liked' });
    const likes = (await call('GET', '/api/likes.php', other.cookie)).json<{ profiles: { id: number }[]; liked: number[]; liked_by: { id: number; like_new: boolean }[] }>();
    expect(likes.liked_by).toEqual([{ id: hidden.profile, like_new: true }]);
    expect(likes.profiles.map((p) => p.id)).toEqual([hidden.profile]);
    expect((await call('POST', '/api/like.php', other.cookie, { profile: hidden.profile })).json()).toEqual({ state: 'match' });
  });

  it('shows the likes badge, the tabs with their counts and the new flag in the served page; unknown tabs are 404', async () => {
    const liked = await member('female');
    const liker = await member('male');
    await call('POST', '/api/like.php', liker.cookie, { profile: liked.profile });
    const page = await request(server.port, HOST, '/likes', { headers: { cookie: liked.cookie } });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/data-testid="likes-badge"[^>]*>1</);
    expect(page.text).toContain('data-testid="likes-page" data-tab="received"');
    expect(page.text).toContain('data-testid="new-like"');
    expect(page.text).toContain(`href="/likes/m/${liker.profile}"`);
    expect(page.text).toMatch(/<title>\(1\) Likes – FlirtLokaal<\/title>|<title>Likes – FlirtLokaal<\/title>/);
    for (const tab of ['sent', 'matches']) expect((await request(server.port, HOST, `/likes/${tab}`, { headers: { cookie: liked.cookie } })).status).toBe(200);
    for (const path of ['/likes/foo', '/likes/m', '/likes/m/abc', '/likes/m/0']) {
      const res = await request(server.port, HOST, path, { headers: { cookie: liked.cookie } });
      expect(res.status, path).toBe(404);
    }
    // Opening the liker's profile clears the flag: the badge is gone.
    const profile = await request(server.port, HOST, `/likes/m/${liker.profile}`, { headers: { cookie: liked.cookie } });
    expect(profile.status).toBe(200);
    const after = await request(server.port, HOST, '/likes', { headers: { cookie: liked.cookie } });
    expect(after.text).not.toContain('data-testid="likes-badge"');
    expect(after.text).not.toContain('data-testid="new-like"');
  });
});

describe('pages', () => {
  it('serves the swipe game and the match finder, whatever the choices in the address', async () => {
    const { cookie } = await member();
    const game = await request(server.port, HOST, '/swipe-game', { headers: { cookie } });
    expect(game.status).toBe(200);
    expect(game.text).toContain('data-testid="swipe-card"');
    expect(game.text).toContain('4 of 4 likes left today');
    for (const query of ['', '?min_age=30&max_age=40&area=all&photo=0', '?min_age=abc&area=%00&photo=2', '?t=2']) {
      const finder = await request(server.port, HOST, `/match-finder${query}`, { headers: { cookie } });
      expect(finder.status, query).toBe(200);
      expect(finder.text, query).toContain('data-testid="match-score"');
    }
  });
});
