// The member shell over HTTP against the production build: the signup pages (traffic source on the
// first view, /members/{id}/signup, login offers), page titles and descriptions, and markup rules
// (one <main>, unique ids).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA, request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
const HOST = 'flirtlokaal.nl';
const get = (path: string, headers: Record<string, string> = {}, host = HOST) => request(server.port, host, path, { headers });
const json = (method: string, path: string, body: unknown, headers: Record<string, string> = {}, host = HOST) =>
  request(server.port, host, path, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json', origin: `http://${host}`, ...headers } });
const form = (path: string, body: Record<string, string>, headers: Record<string, string> = {}, host = HOST) =>
  request(server.port, host, path, {
    method: 'POST',
    body: new URLSearchParams(body).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}`, ...headers },
  });
const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie'] ?? '').split(';')[0]!;
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];

const signup = {
  password: 'a good password',
  date_of_birth: '1990-02-03',
  gender: 'female',
  seeking: 'male',
  country: 'NL',
  terms: true,
  orientation_consent: true,
};

/** A member over the API, activated from the outbox unless told otherwise: their profile id and session. */
async function member(name: string, options: { activate?: boolean } = {}) {
  const email = `${name.toLowerCase()}@example.com`;
  const res = await json('POST', '/api/signup.php', { ...signup, email, name });
  expect(res.status).toBe(201);
  const session = cookieOf(res);
  if (options.activate !== false) {
    const outbox = await get('/dev/outbox');
    const link = new RegExp(`data-to="${email}"[\\s\\S]*?href="[^"]*(/activate\\?token=[\\w-]+)"`).exec(outbox.text)![1]!;
    await get(link);
  }
  const me = await get('/api/user.php', { cookie: session });
  return { email, session, profileId: me.json<{ user: { profile: { id: number } } }>().user.profile.id };
}

// Signups are limited per tenant and address (10 an hour): the members are made once.
let anna: Awaited<ReturnType<typeof member>>;
let other: Awaited<ReturnType<typeof member>>;
let hidden: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  server = await startServer({ SKIP_SEED: '1' });
  anna = await member('Annacard');
  other = await member('Otherone');
  hidden = await member('Hiddenbea', { activate: false });
});

afterAll(async () => {
  await server?.stop();
});

describe('/signup with a traffic source', () => {
  it('is open on the very first view of /signup?network=…&ref=… where signups need a traffic source', async () => {
    const closed = await get('/signup', { cookie: 'locale=en' }, 'herzklopfen.de');
    expect(closed.text).toContain('data-testid="signup-closed"');
    // No cookie yet: the response itself sets it; the visit recorded by this very request opens signups.
    const first = await get('/signup?network=partner&ref=summer', { cookie: 'locale=en', 'user-agent': BROWSER_UA }, 'herzklopfen.de');
    expect(first.status).toBe(200);
    expect(first.text).not.toContain('data-testid="signup-closed"');
    expect(first.text).toContain('data-testid="signup-form"');
    expect(String(first.headers['set-cookie'])).toContain('rdv_visit=');
  });
});

describe('/members/{id}/signup', () => {
  it('shows the profile\'s card beside the signup form, titled after the profile', async () => {
    const res = await get(`/members/${anna.profileId}/signup`, { cookie: 'locale=en' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-testid="signup-profile"');
    expect(res.text).toContain('Annacard');
    expect(res.text).toContain('data-testid="signup-form"');
    expect(res.text).toContain(`action="/members/${anna.profileId}/signup"`);
    expect(titleOf(res.text)).toBe('Sign up for free to meet Annacard – FlirtLokaal');
  });

  it('is the 404 page for an id that does not exist, is not a number, or a profile this visitor may not see', async () => {
    for (const [path, host] of [
      ['/members/99999999/signup', HOST],
      ['/members/abc/signup', HOST],
      [`/members/${hidden.profileId}/signup`, HOST],
      // A woman in the Netherlands is not on the gay men's site of the UK and Ireland.
      [`/members/${anna.profileId}/signup`, 'rainbowhearts.co.uk'],
    ] as const) {
      const res = await get(path, { cookie: 'locale=en' }, host);
      expect(res.status, path).toBe(404);
      expect(res.text, path).toContain('data-testid="error-page"');
    }
  });

  it('sends a member on to the profile itself', async () => {
    const res = await get(`/members/${anna.profileId}/signup`, { cookie: other.session });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/members/${anna.profileId}`);
  });

  it('signs up from the profile\'s context and lands in that profile\'s chat (issue 23)', async () => {
    const res = await form(`/members/${anna.profileId}/signup`, {
      gender: 'male',
      seeking: 'female',
      date_of_birth: '1985-01-01',
      country: 'NL',
      name: 'Contextman',
      email: 'contextman@example.com',
      password: 'a good password',
      terms: 'on',
      orientation_consent: 'on',
    });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/members/${anna.profileId}/chat`);
    expect(cookieOf(res)).toMatch(/^rdv_session=/);
  });
});

describe('signup and login messages', () => {
  it('the duplicate-address message links to /login with the address filled in', async () => {
    const fields = Object.fromEntries(Object.entries(signup).map(([k, v]) => [k, v === true ? 'on' : String(v)]));
    const res = await form('/signup', { ...fields, name: 'Dupe', email: anna.email }, { cookie: 'locale=en' });
    expect(res.text).toContain('An account with this e-mail address already exists');
    expect(res.text).toContain('href="/login?email=annacard%40example.com"');
    const login = await get('/login?email=annacard%40example.com', { cookie: 'locale=en' });
    expect(login.text).toMatch(/<input[^>]*id="email"[^>]*value="annacard@example.com"/);
  });

  it('the pending-deletion message on login links to customer service', async () => {
    const leaving = await member('Leaver');
    await json('POST', '/api/account-delete.php', { reason: 'time' }, { cookie: leaving.session });
    const res = await form('/login', { email: leaving.email, password: signup.password }, { cookie: 'locale=en' });
    expect(res.text).toContain('This account is pending deletion');
    expect(res.text).toMatch(/<a[^>]*href="\/pages\/service"[^>]*>contact customer service<\/a>/);
    const nl = await form('/login', { email: leaving.email, password: signup.password }, { cookie: 'locale=nl' });
    expect(nl.text).toMatch(/<a[^>]*href="\/pages\/service"[^>]*>neem contact op met de klantenservice<\/a>/);
  });
});

describe('page titles and descriptions', () => {
  it.each([
    ['/members', 'Search members – FlirtLokaal', 'Meet the members of FlirtLokaal'],
    ['/login', 'Log in – FlirtLokaal', 'Log in to FlirtLokaal'],
    ['/signup', 'Sign up for free – FlirtLokaal', 'Create your free account at FlirtLokaal'],
    ['/pages/terms', 'Terms and conditions – FlirtLokaal', 'These terms and conditions apply to every use of FlirtLokaal'],
    ['/pages/faq', 'Frequently asked questions – FlirtLokaal', ''],
    ['/pricing', 'Pricing – FlirtLokaal', 'What FlirtLokaal costs'],
    ['/no/such/page', 'This page could not be found – FlirtLokaal', ''],
  ])('%s is "%s" with its own description', async (path, title, description) => {
    const res = await get(path, { cookie: 'locale=en' });
    expect(titleOf(res.text)).toBe(title);
    const content = descriptionOf(res.text) ?? '';
    expect(content.length).toBeGreaterThan(40);
    expect(content).toContain(description);
  });

  it('are translated', async () => {
    const res = await get('/members', { cookie: 'locale=nl' });
    expect(titleOf(res.text)).toBe('Leden zoeken – FlirtLokaal');
    expect(descriptionOf(res.text)).toContain('Ontmoet de leden van FlirtLokaal');
    expect(titleOf((await get('/pages/terms', { cookie: 'locale=de' }, 'herzklopfen.de')).text)).toBe('Allgemeine Geschäftsbedingungen – Herzklopfen');
  });

  it('a profile is titled by name and age, My profile and Settings by their names', async () => {
    const profile = await get(`/members/${anna.profileId}`, { cookie: 'locale=en' });
    expect(titleOf(profile.text)).toMatch(/^Annacard, \d+ – FlirtLokaal$/);
    expect(titleOf((await get('/profile', { cookie: `${anna.session}; locale=en` })).text)).toBe('My profile – FlirtLokaal');
    expect(titleOf((await get('/notifications', { cookie: `${anna.session}; locale=en` })).text)).toBe('Settings – FlirtLokaal');
  });
});

describe('markup', () => {
  const ids = (html: string) => [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
  const duplicates = (html: string) => ids(html).filter((id, i, all) => all.indexOf(id) !== i);

  it('the home page has exactly one <main>', async () => {
    const res = await get('/', { cookie: 'locale=en' });
    expect(res.text.match(/<main[\s>]/g)).toHaveLength(1);
  });

  it('/profile, /notifications and /members have no duplicate ids', async () => {
    for (const path of ['/profile', '/notifications', '/members', '/']) {
      const res = await get(path, { cookie: `${anna.session}; locale=en` });
      expect(res.status, path).toBe(200);
      expect(duplicates(res.text), path).toEqual([]);
    }
  });

  it('the home page offers visitors the signup, and members the search instead', async () => {
    const visitor = await get('/', { cookie: 'locale=en' });
    expect(visitor.text).toContain('data-testid="hero-signup"');
    const memberHome = await get('/', { cookie: `${anna.session}; locale=en` });
    expect(memberHome.text).not.toContain('data-testid="hero-signup"');
    expect(memberHome.text).not.toContain('>Sign up for free<');
    expect(memberHome.text).toContain('data-testid="hero-members"');
  });
});

describe('the profile-photo alert in the page the server sends (docs/product.md §4)', () => {
  it('is in the HTML of a member without a photo, and not once its dismissal cookie is sent', async () => {
    const page = await get('/members', { cookie: `${anna.session}; locale=en` });
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="photo-alert"');
    expect(page.text).toContain('Add a profile photo');
    const dismissed = await get('/members', { cookie: `${anna.session}; locale=en; rdv_alert_profile_photo=${Date.now()}` });
    expect(dismissed.status).toBe(200);
    expect(dismissed.text).not.toContain('data-testid="photo-alert"');
  });

  it('is never in a visitor\'s page, and a malformed cookie counts as not dismissed', async () => {
    expect((await get('/members', { cookie: 'locale=en; rdv_alert_profile_photo=1' })).text).not.toContain('data-testid="photo-alert"');
    const malformed = await get('/members', { cookie: `${anna.session}; locale=en; rdv_alert_profile_photo=soon` });
    expect(malformed.status).toBe(200);
    expect(malformed.text).toContain('data-testid="photo-alert"');
  });
});
