// Issue 11 (member experience) over HTTP against the production build with the demo data: empty
// search parameters are no filter, bad values never reach the database, each tenant's search_fields
// are offered on /members, translated, and honoured; region labels per country and none for a
// country without regions; region data, the visitor's country choice and signups "others" in
// settings; the US footer notice; one full stop after a company name.
// A trusted country header stands in for GeoIP, and a test tenant in Portugal (PT has no region
// label) and one with signups "others" join the demo tenants.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA, request, startServer, type RunningServer } from '../support/server';
import { fitsNicheOfHost } from '../support/niche';

let server: RunningServer;
const get = (host: string, path: string, headers: Record<string, string> = {}) => request(server.port, host, path, { headers });
const messages = (locale: string) => JSON.parse(fs.readFileSync(`locales/${locale}.json`, 'utf8')) as Record<string, string>;
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

interface Search {
  results: { id: number; gender: string; country: string; region: string | null }[];
  numResults: number;
  pageNumber: number;
}

const COUNTRY_HEADER = 'x-test-country';

beforeAll(async () => {
  const tenantsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-tenants-'));
  for (const file of fs.readdirSync('tenants')) fs.copyFileSync(path.join('tenants', file), path.join(tenantsDir, file));
  const pt = JSON.parse(fs.readFileSync('tenants/flirtlokaal.json', 'utf8')) as { id: string; domains: string[]; settings: Record<string, unknown> };
  pt.id = 'flirtportugal';
  pt.domains = ['flirtportugal.pt'];
  Object.assign(pt.settings, {
    domain: 'flirtportugal.pt',
    countries: ['PT', 'NL'],
  });
  fs.writeFileSync(path.join(tenantsDir, 'flirtportugal.json'), JSON.stringify(pt));
  const closed = JSON.parse(fs.readFileSync('tenants/flirtlokaal.json', 'utf8')) as typeof pt;
  closed.id = 'invitedflirt';
  closed.domains = ['invitedflirt.nl'];
  Object.assign(closed.settings, { domain: 'invitedflirt.nl', signups: 'others' });
  fs.writeFileSync(path.join(tenantsDir, 'invitedflirt.json'), JSON.stringify(closed));
  server = await startServer({ TENANTS_DIR: tenantsDir, TRUST_PROXY: 'loopback', COUNTRY_HEADER });
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
    body: JSON.stringify({ email: `search-${host}@example.com`, name: `Searcher${country}`, password: 'a good password', date_of_birth: '1960-01-01', gender: 'female', seeking: 'male', country, terms: true, orientation_consent: true, ...fitsNicheOfHost(host) }),
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
      const landing = await get(host, '/?network=partner&ref=7', { 'user-agent': BROWSER_UA });
      cookie += `; ${String(landing.headers['set-cookie']).match(/rdv_visit=[^;]+/)![0]}`;
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
    // "distance" is listed by every demo tenant but Sølvhjerter: only they offer distances.
    expect(page.text.includes('data-testid="distance-control"')).toBe(host !== 'solvhjerter.dk');
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

describe('regions', () => {
  it("labels the region field as each country names its regions, in the page's language", async () => {
    const landing = await get('herzklopfen.de', '/?network=partner&ref=7', { 'user-agent': BROWSER_UA });
    const tracking = String(landing.headers['set-cookie']).match(/rdv_visit=[^;]+/)![0];
    const label = (html: string, id: string) => new RegExp(`<label for="${id}">([^<]*)</label>`).exec(html)?.[1];
    expect(label((await get('flirtlokaal.nl', '/members?country=NL', { cookie: 'locale=nl' })).text, 'countryregion')).toBe('Provincie');
    expect(label((await get('flirtlokaal.nl', '/members?country=BE', { cookie: 'locale=en' })).text, 'countryregion')).toBe('Province');
    expect(label((await get('bellacurva.es', '/members?country=ES')).text, 'countryregion')).toBe('Comunidad autónoma');
    expect(label((await get('bellacurva.es', '/members?country=PL', { cookie: 'locale=pl' })).text, 'countryregion')).toBe('Województwo');
    expect(label((await get('rainbowhearts.co.uk', '/members?country=GB')).text, 'countryregion')).toBe('Nation');
    // Several countries at once: each label once, or the general word beyond two (groups name each country's).
    expect(label((await get('herzklopfen.de', '/members', { cookie: `locale=de; ${tracking}` })).text, 'countryregion')).toBe('Bundesland / Kanton');
    const bella = (await get('bellacurva.es', '/members', { cookie: 'locale=fr' })).text;
    expect(label(bella, 'countryregion')).toBe('Région');
    expect(bella).toContain('<optgroup label="Pologne – Voïvodie">');
    expect(label((await get('flirtlokaal.nl', '/signup')).text, 'region')).toBe('Provincie');
  });

  it('labels the region among the facts of a profile', async () => {
    const nl = (await get('flirtlokaal.nl', '/api/members.php?country=NL')).json<Search>().results[0]!;
    const page = await get('flirtlokaal.nl', `/members/${nl.id}`, { cookie: 'locale=en' });
    expect(page.text).toContain('<dt>Province</dt>');
    expect(page.text).not.toContain('<dt>Region</dt>');
  });

  it('shows no region field for a country without regions (PT)', async () => {
    const signup = await get('flirtportugal.pt', '/signup', { cookie: 'locale=en' });
    expect(signup.status).toBe(200);
    expect(signup.text).toMatch(/<option value="PT" selected/);
    expect(signup.text).not.toContain('id="region"');
    const members = await get('flirtportugal.pt', '/members?country=PT', { cookie: 'locale=en' });
    expect(members.text).not.toContain('id="countryregion"');
    expect((await get('flirtportugal.pt', '/members?country=NL', { cookie: 'locale=en' })).text).toContain('<label for="countryregion">Province</label>');
  });
});

describe('settings', () => {
  it('serves the regions of the tenant\'s countries under region_data, with their label', async () => {
    const settings = (await get('herzklopfen.de', '/api/settings.php')).json<{ region_data: Record<string, { label: string; label_text: string; regions: { code: string; name: string }[] }> }>();
    expect(Object.keys(settings.region_data).sort()).toEqual(['AT', 'CH', 'DE']);
    expect(settings.region_data.DE).toMatchObject({ label: 'federal_state', label_text: 'Bundesland' });
    expect(settings.region_data.CH).toMatchObject({ label: 'canton', label_text: 'Kanton' });
    expect(settings.region_data.DE!.regions).toContainEqual({ code: 'DE-BY', name: 'Bayern' });
    expect(settings.region_data.DE!.regions).toHaveLength(16);
    const pt = (await get('flirtportugal.pt', '/api/settings.php', { cookie: 'locale=en' })).json<{ region_data: Record<string, { label_text: string }> }>();
    expect(Object.keys(pt.region_data)).toEqual(['NL']);
    expect(pt.region_data.NL!.label_text).toBe('Province');
  });

  it('serves the entry warning countries per layout, defaults filled in', async () => {
    const settings = (await get('flirtlokaal.nl', '/api/settings.php')).json<{ entry_warning_countries: unknown }>();
    expect(settings.entry_warning_countries).toEqual({ default: ['NL', 'BE'], chat: ['NL', 'DE'] });
  });

  it('accepts signups "others", which closes signups', async () => {
    expect((await get('invitedflirt.nl', '/api/settings.php')).json<{ signups: string }>().signups).toBe('others');
    expect((await get('invitedflirt.nl', '/signup', { cookie: 'locale=en' })).text).toContain('data-testid="signup-closed"');
    const signup = await request(server.port, 'invitedflirt.nl', '/api/signup.php', {
      method: 'POST',
      body: JSON.stringify({ email: 'closed@example.com', name: 'Closed', password: 'a good password', date_of_birth: '1990-01-01', gender: 'female', seeking: 'male', country: 'PT', terms: true, orientation_consent: true }),
      headers: { 'content-type': 'application/json', origin: 'http://invitedflirt.nl' },
    });
    expect(signup.status).toBe(403);
    expect(signup.json()).toMatchObject({ error: 'signups_closed' });
  });

  it("lets a visitor choose one of the tenant's countries on /lang-config (geoip_selected_country)", async () => {
    const page = await get('flirtlokaal.nl', '/lang-config', { cookie: 'locale=nl' });
    expect(page.text).toContain('data-testid="country-choice"');
    expect(page.text).toContain('>Land</h2>');
    expect(page.text).toContain('>België</button>');
    const chosen = await request(server.port, 'flirtlokaal.nl', '/lang-config', {
      method: 'POST',
      body: 'country=BE&redirectTo=%2Fmembers',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://flirtlokaal.nl' },
    });
    expect(chosen.status).toBe(303);
    expect(chosen.headers.location).toBe('/members');
    const cookie = String(chosen.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toBe('country=BE');
    const settings = (await get('flirtlokaal.nl', '/api/settings.php', { cookie })).json<{ geoip_selected_country: string | null }>();
    expect(settings.geoip_selected_country).toBe('BE');
    expect((await get('flirtlokaal.nl', '/', { cookie: `${cookie}; locale=en` })).text).toContain('Belgium · English');

    const foreign = await request(server.port, 'flirtlokaal.nl', '/lang-config', {
      method: 'POST',
      body: 'country=US',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://flirtlokaal.nl' },
    });
    expect(foreign.status).toBe(303);
    expect(foreign.headers['set-cookie']).toBeUndefined();
  });
});

describe('footer', () => {
  it('shows the US notice only to visitors in the US reading English', async () => {
    const notice = 'data-testid="us-notice"';
    expect((await get('flirtlokaal.nl', '/', { cookie: 'locale=en', [COUNTRY_HEADER]: 'US' })).text).toContain(notice);
    expect((await get('flirtlokaal.nl', '/', { cookie: 'locale=en', [COUNTRY_HEADER]: 'NL' })).text).not.toContain(notice);
    expect((await get('flirtlokaal.nl', '/', { cookie: 'locale=en' })).text).not.toContain(notice);
    expect((await get('flirtlokaal.nl', '/', { cookie: 'locale=nl', [COUNTRY_HEADER]: 'US' })).text).not.toContain(notice);
  });

  it('writes "Lokaal Media B.V." with one full stop in the footer and the terms', async () => {
    for (const locale of ['nl', 'en']) {
      const terms = await get('flirtlokaal.nl', '/pages/terms', { cookie: `locale=${locale}` });
      expect(terms.text).toContain('Lokaal Media B.V.');
      expect(terms.text, locale).not.toContain('B.V..');
    }
  });
});
