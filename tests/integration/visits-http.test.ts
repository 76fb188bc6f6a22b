// Visits over HTTP against the production build (issue 23 item 4, docs/decisions/0027): the request
// hook in front of Remix counts every lander and landing URL and any page with a traffic source,
// sets the first-party cookies, and the signup that follows is attributed to that visit.
import { fitsNicheOfHost } from '../support/niche';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA, request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
const HOST = 'herzklopfen.de';
const get = (path: string, headers: Record<string, string> = {}, host = HOST) => request(server.port, host, path, { headers: { 'user-agent': BROWSER_UA, ...headers } });
const cookiesOf = (res: { headers: Record<string, unknown> }) => {
  const all = res.headers['set-cookie'];
  return (Array.isArray(all) ? all : all ? [String(all)] : []).map((cookie: string) => cookie.split(';')[0]!);
};
const signup = (cookie: string, email: string) =>
  request(server.port, HOST, '/api/signup.php', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://${HOST}`, cookie, 'user-agent': BROWSER_UA },
    body: JSON.stringify({ email, name: 'Lena', password: 'a good password', date_of_birth: '1992-03-04', gender: 'female', seeking: 'male', country: 'DE', region: 'DE-BY', terms: true, orientation_consent: true, ...fitsNicheOfHost(HOST) }),
  });

async function visitsInDatabase(): Promise<Record<string, unknown>[] | null> {
  if (!server.databaseUrl) return null;
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    return (await client.query('select v.*, u.email from visits v left join users u on u.visit_id = v.id order by v.id')).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  server = await startServer({ SKIP_SEED: '1' });
});

afterAll(async () => {
  await server?.stop();
});

describe('the visit recorder', () => {
  it('sets a first-party visit cookie with a click id of ours on a lander URL with a traffic source, and the signup is attributed to it', async () => {
    const landing = await get('/landers/video?network=adnet&ref=77&sub1=spring&sub2=b&sub3=c');
    const cookies = cookiesOf(landing);
    expect(cookies.find((cookie) => cookie.startsWith('rdv_visit='))).toMatch(/^rdv_visit=[A-Za-z0-9_-]{22}$/);
    expect(cookies.find((cookie) => cookie.startsWith('rdv_vid='))).toMatch(/^rdv_vid=[A-Za-z0-9_-]{22}$/);
    expect(String(landing.headers['set-cookie'])).toMatch(/rdv_visit=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax/);
    // herzklopfen.de opens signups only with a traffic source: the recorded visit is it.
    expect((await signup('', 'nobody@example.com')).status).toBe(403);
    expect((await signup(cookies.join('; '), 'lena@example.com')).status).toBe(201);
    const rows = await visitsInDatabase();
    if (rows) expect(rows).toEqual([expect.objectContaining({ network: 'adnet', ref: '77', sub1: 'spring', sub2: 'b', sub3: 'c', lander: 'video', path: '/landers/video', email: 'lena@example.com' })]);
  });

  it('counts a reload as the same visit and keeps the cookie', async () => {
    const first = await get('/landers/gallery?network=adnet&ref=88');
    const cookies = cookiesOf(first);
    const reload = await get('/landers/gallery?network=adnet&ref=88', { cookie: cookies.join('; ') });
    expect(cookiesOf(reload)).toEqual([]);
    const rows = await visitsInDatabase();
    if (rows) expect(rows.filter((row) => row.ref === '88')).toEqual([expect.objectContaining({ hits: 2 })]);
  });

  it('counts no bot and sets it no cookie', async () => {
    const bot = await get('/landers/video?network=adnet&ref=99', { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' });
    expect(cookiesOf(bot).filter((cookie) => cookie.startsWith('rdv_'))).toEqual([]);
    const rows = await visitsInDatabase();
    if (rows) expect(rows.filter((row) => row.ref === '99')).toEqual([]);
  });

  it('counts no visit on a lander URL that is a 404 (a slug where none is taken, an unknown lander)', async () => {
    for (const path of ['/landers/tinderswipe/x?network=adnet&ref=5', '/landers/nosuchlander?network=adnet&ref=5']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(cookiesOf(res).filter((cookie) => cookie.startsWith('rdv_visit'))).toEqual([]);
    }
  });

  it('records a visit for any page opened with a traffic source (signups open from the very first view)', async () => {
    const first = await get('/signup?network=partner&ref=summer', { cookie: 'locale=en' });
    expect(first.text).toContain('data-testid="signup-form"');
    expect(cookiesOf(first).some((cookie) => cookie.startsWith('rdv_visit='))).toBe(true);
  });
});
