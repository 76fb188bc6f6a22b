// Issue 34, items 1–10 (decision 0047) over HTTP against the built server: the price of a message
// by decision 0017's rule, the price the checkout will charge in the first answer, visitors' `after`
// held to the 72-profile limit, a member's search starting from whom they seek, every refused
// profile value marked, and no upload form for a member at their photo limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
const HOST = 'flirtlokaal.nl';
const ORIGIN = `http://${HOST}`;
let n = 0;

const withLocale = (cookie: string) => `locale=en${cookie ? `; ${cookie}` : ''}`;
const json = (method: string, path: string, body: unknown, cookie = '', host = HOST) =>
  request(server.port, host, path, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json', origin: `http://${host}`, cookie: withLocale(cookie), 'x-forwarded-for': `10.34.0.${n}` } });
const get = (path: string, cookie = '', host = HOST) => request(server.port, host, path, { headers: { cookie: withLocale(cookie) } });
const form = (path: string, fields: Record<string, string>, cookie = '') =>
  request(server.port, HOST, path, { method: 'POST', body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, cookie: withLocale(cookie) } });

const signup = (over: Record<string, unknown> = {}) => ({
  email: `issue34a-${++n}@example.com`, name: `Issuefour${n}`, password: 'a good password', date_of_birth: '1985-01-01', gender: 'male', seeking: 'female',
  country: 'NL', terms: true, orientation_consent: true, ...over,
});
async function member(over: Record<string, unknown> = {}, host = HOST): Promise<string> {
  const res = await json('POST', '/api/signup.php', signup(over), '', host);
  expect(res.status).toBe(201);
  return String(res.headers['set-cookie']).split(';')[0]!;
}
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: 'loopback' });
});
afterAll(async () => {
  await server?.stop();
});

describe('item 1: the price of a message', () => {
  it('is one credit of the biggest bundle times message_credits, on /pricing and in settings.php', async () => {
    // flirtlokaal: 250 credits for €149.00, 1 credit a message → €0.596 → €0.60.
    const pricing = text((await get('/pricing')).text);
    expect(pricing).toContain('Netherlands from €0.60');
    expect(pricing).toContain('Belgium from €0.60');
    expect(pricing).not.toContain('€0.25');
    const settings = (await get('/api/settings.php')).json<{ minimum_message_costs: Record<string, unknown> }>();
    expect(settings.minimum_message_costs).toEqual({ NL: { costs: 60, currency: 'EUR' }, BE: { costs: 60, currency: 'EUR' } });
    // solvhjerter: 250 credits for 1,119.00 kr → 4.476 kr → 4.48 kr.
    const nordic = (await get('/api/settings.php', '', 'solvhjerter.dk')).json<{ minimum_message_costs: Record<string, { costs: number }> }>();
    expect(nordic.minimum_message_costs.DK).toEqual({ costs: 448, currency: 'DKK' });
  });
});

describe('item 2: the price the checkout charges is in its first answer', () => {
  it('shows a new member\'s welcome bonus on /credits as the page arrives', async () => {
    const cookie = await member();
    const page = await get('/credits', cookie);
    // €19.95 less 25% = €14.96, rendered by the server (no wait for the welcome call).
    expect(page.text).toMatch(/data-testid="bundle-starter"[\s\S]*?data-testid="discounted-price"[^>]*>€14\.96/);
    expect(page.text).toContain('data-testid="offer-strip"');
  });

  it('carries an applied code (its cookie) into /credits and the checkout, in the URL and in the total', async () => {
    const cookie = await member();
    // /members?code=LIEFDE20 applies the code: the browser keeps it in the rdv_discountcode cookie.
    // A new member's 25 % welcome bonus still runs, and the member gets the best single discount
    // (issue 48 item 2, decision 0069): the kept code travels in the URL and the field, the bonus prices.
    const applied = `${cookie}; rdv_discountcode=LIEFDE20`;
    const credits = await get('/credits', applied);
    expect(credits.text).toMatch(/data-testid="bundle-popular"[\s\S]*?data-testid="discounted-price"[^>]*>€33\.71/);
    expect(credits.text).toMatch(/href="\/credits\/popular\?country=NL/);
    const checkout = await get('/credits/popular', applied);
    expect(checkout.text).toContain('name="discountcode" value="TIMEBONUS25"');
    expect(text(checkout.text)).toContain('Pay €33.71');
    expect(text(checkout.text)).not.toContain('Pay €35.96');
    // The URL's code wins over the cookie's, and an empty one means no code: the bonus alone.
    expect(text((await get('/credits/popular?code=', applied)).text)).toContain('Pay €33.71');
  });
});

describe('item 6: visitors and ?after=', () => {
  it('never pages a visitor past the first 72 profiles', async () => {
    const seen = new Set<number>();
    let after: number | undefined;
    for (let call = 0; call < 10; call++) {
      const res = await get(`/api/members.php${after ? `?after=${after}` : ''}`);
      if (res.status !== 200) break;
      const { results } = res.json<{ results: { id: number }[] }>();
      if (!results.length) break;
      for (const card of results) seen.add(card.id);
      after = results.at(-1)!.id;
    }
    expect(seen.size).toBeLessThanOrEqual(72);
    // The page too: the fourth page's `after` shows no profile beyond the limit.
    const third = (await get('/api/members.php?page=3')).json<{ results: { id: number }[] }>().results;
    const beyond = await get(`/members?after=${third.at(-1)!.id}`);
    const ids = [...beyond.text.matchAll(/href="\/members\/(\d+)"/g)].map((m) => Number(m[1]));
    const allowed = new Set<number>();
    for (const page of [1, 2, 3]) for (const card of (await get(`/api/members.php?page=${page}`)).json<{ results: { id: number }[] }>().results) allowed.add(card.id);
    for (const id of ids) expect(allowed.has(id)).toBe(true);
  });
});

describe('item 7: a man seeking women', () => {
  it('is shown women after signup and on /members, which starts at "women"', async () => {
    const cookie = await member({ gender: 'male', seeking: 'female' });
    const matches = await get('/signup-matches', cookie);
    expect(matches.status).toBe(200);
    const women = new Set((await get('/api/members.php?gender=female', cookie)).json<{ results: { name: string }[] }>().results.map((c) => c.name));
    const men = new Set((await get('/api/members.php?gender=male', cookie)).json<{ results: { name: string }[] }>().results.map((c) => c.name));
    expect(men.size).toBeGreaterThan(0);
    expect(women.size).toBeGreaterThan(0);
    const members = await get('/members', cookie);
    expect(members.text).toMatch(/<select id="gender" name="gender">[\s\S]*?<option value="female" selected/);
    const api = (await get('/api/members.php', cookie)).json<{ results: { gender: string }[] }>().results;
    expect(api.length).toBeGreaterThan(0);
    for (const card of api) expect(card.gender).toBe('female');
    // "Everyone" stays a choice: an empty gender searches both.
    const everyone = (await get('/api/members.php?gender=', cookie)).json<{ results: { gender: string }[] }>().results;
    expect(new Set(everyone.map((c) => c.gender)).size).toBe(2);
    // The signup page's form (no JS) gives the same.
    const page = await form('/signup', { ...signup({ gender: 'male', seeking: 'female' }), sexuality: '', region: '', signup_message: '', terms: 'on', orientation_consent: 'on' } as Record<string, string>);
    expect(page.headers.location).toBe('/signup-matches');
    const pageCookie = String(page.headers['set-cookie']).split(';')[0]!;
    const shown = text((await get('/signup-matches', pageCookie)).text);
    expect((await get('/api/members.php', pageCookie)).json<{ results: { gender: string }[] }>().results.every((c) => c.gender === 'female')).toBe(true);
    expect(shown).toContain('People you may like');
  });
});

describe('item 8: a refused profile value', () => {
  const base = { intent: 'profile', city: '', hair_colour: '', eye_colour: '', body_type: '', relationship_status: '', tattoos: '', about: '', looking_for: '' };
  it.each([
    ['hair_colour', 'purple'],
    ['eye_colour', 'purple'],
    ['relationship_status', 'complicated'],
    ['tattoos', 'many'],
  ])('marks %s=%s on /profile', async (field, value) => {
    const cookie = await member();
    const res = await form('/profile', { ...base, name: `Issuefour${n}`, [field]: value }, cookie);
    expect(res.status).toBe(400);
    expect(res.text).toContain('Please check the highlighted fields');
    expect(res.text).toMatch(new RegExp(`id="${field}-error"`));
    expect(res.text).toMatch(new RegExp(`<select[^>]*id="${field}"[^>]*aria-invalid="true"|<select[^>]*aria-invalid="true"[^>]*id="${field}"`));
  });
});

describe('item 9: a free member at 3 of 3 photos', () => {
  it('is not offered an upload, but told why and where premium is', async () => {
    const cookie = await member();
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#1b2440' } }).png().toBuffer();
    const upload = () => {
      const body = new FormData();
      body.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
      return fetch(`http://127.0.0.1:${server.port}/api/photos.php`, { method: 'POST', body, headers: { cookie, 'x-rendezvous-tenant': 'flirtlokaal', origin: `http://127.0.0.1:${server.port}` } });
    };
    expect((await get('/profile', cookie)).text).toContain('id="file"');
    for (let i = 0; i < 3; i++) expect((await upload()).status).toBe(201);
    const page = await get('/profile', cookie);
    expect(page.text).not.toContain('id="file"');
    expect(text(page.text)).toContain('This feature is only available for premium members');
    expect(page.text).toMatch(/data-testid="photo-limit"[\s\S]*?href="\/credits"/);
  });
});

describe('item 10: a username equal to the e-mail address', () => {
  it('is told so, also for an address longer than 20 characters', async () => {
    const email = `a-rather-long-address-${++n}@example.com`;
    const res = await json('POST', '/api/signup.php', signup({ email, name: email }));
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ fields: { name: 'Username may not be the same as your e-mail address' } });
  });
});

describe('item 4: the sandbox', () => {
  it('shows a refund on its payment page and can make the saved card decline a repeat order', async () => {
    const cookie = await member();
    const created = await json('POST', '/api/payment.php', { package: 'starter', method: 'creditcard', country: 'NL' }, cookie);
    expect(created.status).toBe(201);
    const { payment } = created.json<{ payment: { id: number; checkout_url: string } }>();
    const page = new URL(payment.checkout_url).pathname;
    expect((await form(page, { outcome: 'paid' }, cookie)).status).toBe(302);
    expect((await json('POST', '/api/refund.php', { payment: payment.id }, cookie)).status).toBe(201);
    const sandbox = await get(page, cookie);
    expect(sandbox.text).toContain('data-testid="sandbox-refunded"');
    expect(text(sandbox.text)).toMatch(/Refunded: €19\.95 ?\./);
    // A second purchase saves a card; the sandbox then makes it decline.
    const again = (await json('POST', '/api/payment.php', { package: 'starter', method: 'creditcard', country: 'NL' }, cookie)).json<{ payment: { checkout_url: string } }>().payment;
    const againPage = new URL(again.checkout_url).pathname;
    await form(againPage, { outcome: 'paid' }, cookie);
    expect((await get(againPage, cookie)).text).toContain('data-testid="outcome-decline_card"');
    await form(againPage, { outcome: 'decline_card' }, cookie);
    expect(text((await get(againPage, cookie)).text)).toContain('The saved card declines repeat orders.');
    const repeated = await json('POST', '/api/repeat-order.php', {}, cookie);
    expect(repeated.json()).toMatchObject({ charged: true, payment: { status: 'failed' } });
  });
});
