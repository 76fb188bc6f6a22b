// Issue 48 (round 3 of defects), helper i48c's items over HTTP against the built server with the demo
// data, each written from the issue's words: the fictional warning of a list with one fictional
// profile (item 10), one text for the swipe game's limit (item 11), the marketer's console for a
// visitor (item 17) and Rainbow Hearts' signup choices (item 26).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpMember, type TestMember } from '../support/members';
import { BROWSER_UA, request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let n = 0;
const host = (tenant = 'flirtlokaal') => `${tenant}.localhost:${server.port}`;
const origin = (tenant = 'flirtlokaal') => `http://${host(tenant)}`;

const call = (method: string, path: string, who: TestMember | null, body?: unknown, tenant = 'flirtlokaal') =>
  request(server.port, host(tenant), path, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'content-type': 'application/json', origin: origin(tenant), cookie: `locale=en${who ? `; ${who.session}` : ''}`, 'user-agent': BROWSER_UA },
  });

const member = () => {
  n++;
  return signUpMember(server, 'flirtlokaal', { name: `Defectc${n}`, country: 'NL', gender: 'male', seeking: 'female', ip: `10.48.4.${n}` });
};

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: 'loopback', DEMO: '1' });
});
afterAll(async () => {
  await server?.stop();
});

/** The disclaimer's text in a page as served. */
const disclaimer = (html: string) => /data-testid="disclaimer"[^>]*>[\s\S]*?<p>([^<]*)<\/p>/.exec(html)?.[1];

describe('item 10: a list with exactly one fictional profile', () => {
  const singular = 'This profile is fictional and is run by an operator of our chat service.';
  const plural = 'Profiles marked with this icon are fictional and are run by operators of our chat service. You cannot meet these profiles in person.';

  it('shows the singular fictional warning on /likes/sent with one fictional card, the plural with two', async () => {
    const he = await member();
    const search = await call('GET', '/api/members.php?gender=female', he);
    const fictional = search.json<{ results: { id: number; fictional: boolean }[] }>().results.filter((card) => card.fictional);
    expect(fictional.length).toBeGreaterThanOrEqual(2);
    expect((await call('POST', '/api/like.php', he, { profile: fictional[0]!.id })).status).toBe(200);
    const one = await call('GET', '/likes/sent', he);
    expect(one.status).toBe(200);
    expect(one.text).toContain(`href="/likes/m/${fictional[0]!.id}"`);
    expect(disclaimer(one.text)).toBe(singular);
    expect((await call('POST', '/api/like.php', he, { profile: fictional[1]!.id })).status).toBe(200);
    expect(disclaimer((await call('GET', '/likes/sent', he)).text)).toBe(plural);
    // A page of the site without profiles keeps the general (plural) notice.
    expect(disclaimer((await call('GET', '/pages/faq', he)).text)).toBe(plural);
  });
});

describe("item 11: the swipe game's limit", () => {
  it("says on the screen what POST /api/swipe.php answers (docs/api.md's text)", async () => {
    const he = await member();
    const deck = (await call('GET', '/api/swipe.php', he)).json<{ profiles: { id: number }[]; remaining: number }>();
    expect(deck.remaining).toBe(4);
    expect(deck.profiles.length).toBeGreaterThanOrEqual(5);
    for (const profile of deck.profiles.slice(0, 4)) expect((await call('POST', '/api/swipe.php', he, { profile: profile.id, like: true })).status).toBe(200);
    const refused = await call('POST', '/api/swipe.php', he, { profile: deck.profiles[4]!.id, like: true });
    expect(refused.status).toBe(429);
    const { message } = refused.json<{ message: string }>();
    expect(message).toBe("You have used today's 4 likes in the swipe game. Come back tomorrow for more.");
    const page = await call('GET', '/swipe-game', he);
    expect(page.status).toBe(200);
    const shown = /data-testid="swipe-limit"[^>]*>([^<]*)</.exec(page.text)?.[1];
    expect(shown?.replace(/&#x27;|&#39;/g, "'")).toBe(message);
    expect(page.text).not.toContain('Come back tomorrow for 4 more');
  });
});

describe('item 17: the marketer console for a visitor', () => {
  const PAGES = ['/operator/marketing', '/operator/marketing/funnel', '/operator/marketing/splits', '/operator/marketing/funnel.csv', '/operator/marketing/bursts.csv', '/operator/marketing/funnel.csv?from=2026-01-01&to=2026-12-31'];
  const get = (path: string, cookie = '') => request(server.port, host(), path, { headers: { cookie, 'user-agent': BROWSER_UA } });

  it('redirects a visitor to /operator/login, as every other operator route does', async () => {
    const other = await get('/operator/team');
    expect(other.status).toBe(302);
    expect(other.headers.location).toBe('/operator/login');
    for (const path of PAGES) {
      const res = await get(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.location, path).toBe('/operator/login');
    }
    // The client router's data requests answer as the other console pages' do.
    const otherData = await get('/operator/team.data');
    for (const path of ['/operator/marketing.data', '/operator/marketing/funnel.data', '/operator/marketing/splits.data']) {
      const res = await get(path);
      expect(res.status, path).toBe(otherData.status);
      expect(res.headers['x-remix-redirect'] ?? res.text, path).toBe(otherData.headers['x-remix-redirect'] ?? otherData.text);
    }
    // A visitor's form post goes to the login page too, and changes nothing.
    const post = await request(server.port, host(), '/operator/marketing/splits', {
      method: 'POST',
      body: new URLSearchParams({ intent: 'fixed', split: 'spring' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: origin(), 'user-agent': BROWSER_UA },
    });
    expect(post.status).toBe(302);
    expect(post.headers.location).toBe('/operator/login');
  });

  it('keeps 404 for a member and 403 for staff of another role', async () => {
    const logIn = async (path: string, email: string, cookieName: string) => {
      const res = await request(server.port, host(), path, {
        method: 'POST',
        body: new URLSearchParams({ email, password: 'rendezvous-demo' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: origin() },
      });
      return [res.headers['set-cookie']].flat().map(String).find((c) => c.startsWith(`${cookieName}=`))!.split(';')[0]!;
    };
    const memberCookie = await logIn('/login', 'member@flirtlokaal.example', 'rdv_session');
    const staff = await logIn('/operator/login', 'operator@flirtlokaal.example', 'rdv_operator');
    for (const path of PAGES) {
      const asMember = await get(path, memberCookie);
      expect(asMember.status, path).toBe(404);
      expect(asMember.headers.location).toBeUndefined();
      const asStaff = await get(path, staff);
      expect(asStaff.status, path).toBe(403);
      expect(asStaff.headers.location).toBeUndefined();
    }
  });
});

describe('item 26: the signup on Rainbow Hearts (niche 7, men seeking men)', () => {
  const values = (html: string, name: string) => [...html.matchAll(new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`, 'g'))].map((match) => match[1]);
  const options = (html: string, id: string) => {
    const select = new RegExp(`<select[^>]*id="${id}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? '';
    return [...select.matchAll(/<option[^>]*value="([^"]*)"/g)].map((match) => match[1]);
  };

  it('offers only what the niche allows: a man, seeking men or both, gay or bi — in the modal and on /signup', async () => {
    const modal = await call('GET', '/?signup=1', null, undefined, 'rainbowhearts');
    expect(modal.status).toBe(200);
    expect(modal.text).toContain('data-testid="signup-modal"');
    expect(values(modal.text, 'gender')).toEqual(['male']);
    expect(values(modal.text, 'seeking')).toEqual(['male', 'both']);
    const page = await call('GET', '/signup', null, undefined, 'rainbowhearts');
    expect(values(page.text, 'gender')).toEqual(['male']);
    expect(values(page.text, 'seeking')).toEqual(['male', 'both']);
    expect(options(page.text, 'sexuality')).toEqual(['', 'gay', 'bi']);
    // A site for everyone offers everything.
    const general = await call('GET', '/signup', null);
    expect(values(general.text, 'gender')).toEqual(['female', 'male']);
    expect(values(general.text, 'seeking')).toEqual(['female', 'male', 'both']);
    expect(options(general.text, 'sexuality')).toEqual(['', 'hetero', 'gay', 'lesbian', 'bi']);
  });
});
