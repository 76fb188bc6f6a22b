// Issue 11, member search over HTTP against the production build with the demo data: empty
// parameters are no filter, bad values never reach the database, and each tenant's search_fields
// are offered on /members, translated, and honoured.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
const get = (host: string, path: string, headers: Record<string, string> = {}) => request(server.port, host, path, { headers });
const messages = (locale: string) => JSON.parse(fs.readFileSync(`locales/${locale}.json`, 'utf8')) as Record<string, string>;
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

interface Search {
  results: { id: number; gender: string; country: string; region: string | null }[];
  numResults: number;
  pageNumber: number;
}

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

async function count(host: string, query: string, headers: Record<string, string> = {}): Promise<number> {
  const res = await get(host, `/api/members.php?${query}`, headers);
  expect(res.status, query).toBe(200);
  return res.json<Search>().numResults;
}

/** A logged-in member of a tenant (signup answers with the session cookie). */
async function memberCookie(host: string, country: string, locale: string): Promise<string> {
  const signup = await request(server.port, host, '/api/signup.php', {
    method: 'POST',
    body: JSON.stringify({ email: `search-${host}@example.com`, name: `Searcher${country}`, password: 'a good password', date_of_birth: '1960-01-01', gender: 'female', seeking: 'male', country, terms: true, orientation_consent: true }),
    headers: { 'content-type': 'application/json', origin: `http://${host}` },
  });
  expect(signup.status, signup.text).toBeLessThan(300);
  return `${String(signup.headers['set-cookie']).split(';')[0]}; locale=${locale}`;
}

describe('search parameters', () => {
  it('takes an empty parameter as no filter: countryregion= no longer finds 0 profiles', async () => {
    const plain = await count('flirtlokaal.nl', 'gender=female');
    expect(plain).toBeGreaterThan(24);
    expect(await count('flirtlokaal.nl', 'gender=female&countryregion=')).toBe(plain);
    const everyFieldEmpty = 'gender=female&country=&countryregion=&min_age=&max_age=&page=&after=&body_type=&hair_colour=&eye_colour=&relationship_status=&tattoos=&with_photo=&interests=';
    expect(await count('flirtlokaal.nl', everyFieldEmpty)).toBe(plain);
  });

  it('never answers 500 for an id beyond the integer range or a control character in any parameter', async () => {
    const bad = [
      'after=99999999999',
      'after=2147483648',
      'after=-1',
      'countryregion=%00',
      'country=N%00',
      'gender=%00',
      'min_age=%0930',
      'page=%7F',
      'body_type=%00',
      'interests=music%00',
      'tattoos=%1F',
      'with_photo=%00',
    ];
    for (const query of bad) {
      for (const path of ['/api/members.php', '/members']) {
        const res = await get('flirtlokaal.nl', `${path}?${query}`);
        expect(res.status, `${path}?${query}`).toBeLessThan(500);
      }
    }
    expect(server.output()).not.toMatch(/22021|22003|invalid byte sequence|out of range for type integer/);
    // The largest id is still a valid keyset.
    expect((await get('flirtlokaal.nl', '/api/members.php?after=2147483647')).status).toBe(200);
  });

  it('/members shows the count of the search the form sends (empty fields included), not 0', async () => {
    const expected = await count('flirtlokaal.nl', 'gender=female');
    const page = await get('flirtlokaal.nl', '/members?gender=female&country=&countryregion=&min_age=&max_age=', { cookie: 'locale=en' });
    expect(page.status).toBe(200);
    const shown = /data-testid="num-results">([^<]*)</.exec(page.text)?.[1] ?? '';
    expect(shown).toBe(`${expected.toLocaleString('en')} profiles found`);
  });

  it('/members leaves a bad field out, says so, and still shows results', async () => {
    const page = await get('flirtlokaal.nl', '/members?gender=female&countryregion=%00&after=99999999999', { cookie: 'locale=en' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="filters-dropped"');
    expect(page.text).not.toContain('>0 profiles found<');
    expect(page.text).toMatch(/href="\/members\/\d+"/);
  });
});

describe("each tenant's search_fields", () => {
  const cases = [
    { host: 'flirtlokaal.nl', locale: 'nl', fields: ['body_type', 'with_photo'] },
    { host: 'herzklopfen.de', locale: 'de', fields: ['interests'] },
    { host: 'rainbowhearts.co.uk', locale: 'en', fields: ['body_type', 'tattoos', 'with_photo'] },
    { host: 'solvhjerter.dk', locale: 'da', fields: ['relationship_status'] },
    { host: 'bellacurva.es', locale: 'es', fields: ['body_type', 'hair_colour', 'with_photo'] },
  ];
  const labelOf: Record<string, string> = {
    body_type: 'profile.field.body_type',
    hair_colour: 'profile.field.hair_colour',
    relationship_status: 'profile.field.relationship_status',
    tattoos: 'profile.field.tattoos',
    interests: 'profile.field.interests',
    with_photo: 'members.filter.withPhoto',
  };

  it.each(cases)('$host offers $fields on /members, labelled in its language', async ({ host, locale, fields }) => {
    let cookie = `locale=${locale}`;
    if (host === 'herzklopfen.de') {
      const landing = await get(host, '/?network=partner&ref=7');
      cookie += `; ${String(landing.headers['set-cookie']).match(/rdv_tracking=[^;]+/)![0]}`;
    }
    if (host === 'solvhjerter.dk') cookie = await memberCookie(host, 'DK', locale);
    const page = await get(host, '/members', { cookie });
    expect(page.status).toBe(200);
    const text = messages(locale);
    for (const field of fields) {
      if (field === 'with_photo') expect(page.text).toMatch(/<input[^>]*type="checkbox"[^>]*name="with_photo"/);
      else expect(page.text, field).toMatch(new RegExp(`<select[^>]*id="${field}"`));
      expect(page.text, `${field} label`).toContain(escapeHtml(text[labelOf[field]!]!));
    }
  });

  it('honours each filter: fewer profiles, and those found have the trait', async () => {
    const all = await count('bellacurva.es', '');
    for (const query of ['body_type=curvy', 'hair_colour=red', 'with_photo=1', 'eye_colour=green', 'relationship_status=single', 'tattoos=yes', 'tattoos=no', 'interests=music']) {
      const n = await count('bellacurva.es', query);
      expect(n, query).toBeGreaterThan(0);
      expect(n, query).toBeLessThanOrEqual(all);
    }
    expect((await count('bellacurva.es', 'tattoos=yes')) + (await count('bellacurva.es', 'tattoos=no'))).toBeLessThanOrEqual(all);
    expect(await count('flirtlokaal.nl', 'body_type=curvy')).toBeLessThan(await count('flirtlokaal.nl', ''));

    const curvy = (await get('flirtlokaal.nl', '/api/members.php?body_type=curvy&hair_colour=red')).json<Search>();
    expect(curvy.results.length).toBeGreaterThan(0);
    const profile = await get('flirtlokaal.nl', `/members/${curvy.results[0]!.id}`, { cookie: 'locale=en' });
    expect(profile.text).toContain('Curvy');
    expect(profile.text).toContain('Red');
  });
});
