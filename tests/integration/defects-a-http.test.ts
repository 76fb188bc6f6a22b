// Issue 26 items 2, 7, 8, 10 and 14 over HTTP against the built server: offers on the direct-debit
// page, the visitors' search limit and the distance filter on /members and GET /api/members.php, a
// region of another country refused (400 with a field error) on signup and /profile, and a
// mail-change link that also confirms the account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEO_COOKIE, geoCookieValue } from '~/shared/geo';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
const HOST = 'flirtlokaal.nl';
const ORIGIN = `http://${HOST}`;
let n = 0;

const json = (method: string, path: string, body: unknown, cookie = '') =>
  request(server.port, HOST, path, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: `locale=en${cookie ? `; ${cookie}` : ''}`, 'x-forwarded-for': `10.26.0.${n}` } });
const get = (path: string, cookie = '') => request(server.port, HOST, path, { headers: { cookie: `locale=en${cookie ? `; ${cookie}` : ''}` } });
const form = (path: string, fields: Record<string, string>, cookie = '') =>
  request(server.port, HOST, path, { method: 'POST', body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, cookie: `locale=en${cookie ? `; ${cookie}` : ''}` } });

const signup = (over: Record<string, unknown> = {}) => ({
  email: `http26-${++n}@example.com`, name: `Httpdefect${n}`, password: 'a good password', date_of_birth: '1985-01-01', gender: 'male', seeking: 'female',
  country: 'NL', terms: true, orientation_consent: true, ...over,
});
async function member(over: Record<string, unknown> = {}): Promise<string> {
  const res = await json('POST', '/api/signup.php', signup(over));
  expect(res.status).toBe(201);
  return String(res.headers['set-cookie']).split(';')[0]!;
}

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: 'loopback' });
});
afterAll(async () => {
  await server?.stop();
});

describe('item 8: a region of another country', () => {
  it('is refused at signup with 400 and a field error, and nothing is created', async () => {
    const res = await json('POST', '/api/signup.php', signup({ region: 'DE-BE' }));
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', fields: { region: 'Choose a region of the country you live in' } });
    const page = await form('/signup', { ...signup({ region: 'DE-BE' }), terms: 'on', orientation_consent: 'on' } as Record<string, string>);
    expect(page.status).toBe(400);
    expect(page.text).toMatch(/id="region-error"[^>]*>Choose a region of the country you live in/);
  });

  it('is refused on /profile the same way, and the profile keeps its region', async () => {
    const cookie = await member({ region: 'NL-UT' });
    const fields = { intent: 'profile', name: `Httpdefect${n}`, city: '', hair_colour: '', eye_colour: '', body_type: '', relationship_status: '', tattoos: '', about: '', looking_for: '' };
    const refused = await form('/profile', { ...fields, region: 'DE-BE' }, cookie);
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/id="region-error"[^>]*>Choose a region of the country you live in/);
    expect(refused.text).not.toContain('Province DE-BE');
    const saved = await form('/profile', { ...fields, region: 'NL-NH', sexuality: 'bi' }, cookie);
    expect(saved.status).toBe(200);
    const page = await get('/profile', cookie);
    expect(page.text).toMatch(/<option value="NL-NH" selected/);
    expect(page.text).toMatch(/<option value="bi" selected/);
    expect(page.text).toContain('Gender, country and date of birth are set at signup');
  });
});

describe('item 14: the mail-change link', () => {
  it('confirms a member who had not confirmed their address yet', async () => {
    const cookie = await member();
    expect((await get('/api/user.php', cookie)).json<{ user: { status: string } }>().user.status).toBe('not_confirmed');
    const address = `changed-${n}@example.com`;
    expect((await json('POST', '/api/mail-change.php', { email: address }, cookie)).status).toBe(200);
    const outbox = await request(server.port, HOST, '/dev/outbox');
    const token = new RegExp(`data-to="${address}"[\\s\\S]*?/mail-change/do\\?token=([\\w-]+)`).exec(outbox.text)![1]!;
    await form(`/mail-change/do?token=${token}`, { token });
    const user = (await get('/api/user.php', cookie)).json<{ user: { status: string; email: string } }>().user;
    expect(user.status).toBe('confirmed');
  });
});

describe('item 7: the visitors\' search limit', () => {
  it('answers page 4 with 403 and the limit\'s text, and says so on the page', async () => {
    expect((await get('/api/members.php?page=3')).status).toBe(200);
    const refused = await get('/api/members.php?page=4');
    expect(refused.status).toBe(403);
    expect(refused.json()).toEqual({ error: 'login_required', message: 'Visitors see the first 3 pages (72 profiles). Sign up for free to see every member.', max_page: 3 });
    const page = await get('/members');
    expect(page.text).toContain('data-testid="visitor-limit"');
    expect(page.text).toContain('Visitors see the first 3 pages (72 profiles).');
    expect(page.text).not.toMatch(/aria-label="Page 4 of/);
    const deep = await get('/members?page=4');
    expect(deep.text).toContain('data-testid="login-required"');
    const cookie = await member();
    expect((await get('/api/members.php?page=4', cookie)).status).toBe(200);
    expect((await get('/members', cookie)).text).not.toContain('data-testid="visitor-limit"');
  });
});

describe('item 10: the distance filter', () => {
  it('is offered once the location is known, and keeps results within it', async () => {
    expect((await get('/members')).text).not.toContain('id="distance"');
    const geo = `${GEO_COOKIE}=${geoCookieValue({ lat: 52.37, lon: 4.9 })}`;
    const offered = await get('/members', geo);
    expect(offered.text).toContain('id="distance"');
    expect(offered.text).toContain('Within 50 km');
    const near = await get('/api/members.php?distance=50', geo);
    expect(near.status).toBe(200);
    const body = near.json<{ results: { distance: number | null }[]; numResults: number }>();
    const everyone = (await get('/api/members.php', geo)).json<{ numResults: number }>();
    expect(body.numResults).toBeLessThan(everyone.numResults);
    expect(body.results.length).toBeGreaterThan(0);
    for (const card of body.results) expect(card.distance).toBeLessThanOrEqual(50);
    expect((await get('/api/members.php?distance=0', geo)).status).toBe(400);
  });
});

describe('item 2: offers on the direct-debit page', () => {
  it('carries the welcome bonus from checkout to /directdebit and its total', async () => {
    const cookie = await member();
    const checkout = await get('/credits/starter/sdd?country=NL', cookie);
    expect(checkout.text).toContain('name="discountcode" value="TIMEBONUS25"');
    const sent = await form('/credits/starter/sdd?country=NL', { method: 'sdd', country: 'NL', consent: 'on', discountcode: 'TIMEBONUS25' }, cookie);
    expect(sent.status).toBe(302);
    expect(sent.headers.location).toBe('/directdebit?package=starter&country=NL&code=TIMEBONUS25');
    const page = await get(sent.headers.location!, cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="directdebit-discount"');
    expect(page.text).toMatch(/data-testid="directdebit-total"[^>]*>€14\.96/);
    expect(page.text).toContain('name="discountcode" value="TIMEBONUS25"');
    // The trial too.
    expect((await get('/directdebit?package=trial&country=NL', cookie)).text).toMatch(/data-testid="directdebit-total"[^>]*>€2\.99/);
  });
});
