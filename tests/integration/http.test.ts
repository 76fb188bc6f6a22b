// HTTP tests against the started production build: two tenants' hosts and an unknown host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGION_LABEL_COUNTRIES } from '~/shared/catalogue';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
const get = (host: string, path: string, headers: Record<string, string> = {}) => request(server.port, host, path, { headers });

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

describe('GET /api/settings.php', () => {
  it('answers each host with its own tenant, fields named as in docs/product.md §3', async () => {
    const nl = await get('flirtlokaal.nl', '/api/settings.php');
    const uk = await get('www.rainbowhearts.co.uk:443', '/api/settings.php');
    expect(nl.status).toBe(200);
    expect(nl.headers['content-type']).toMatch(/application\/json/);
    const a = nl.json<Record<string, unknown>>();
    const b = uk.json<Record<string, unknown>>();
    expect(a).toMatchObject({ name: 'FlirtLokaal', domain: 'flirtlokaal.nl', niche: 1, domain_language: 'nl_NL', countries: ['NL', 'BE'] });
    expect(b).toMatchObject({ name: 'Rainbow Hearts', domain: 'rainbowhearts.co.uk', niche: 7, enable_site_entry_popup: 'no' });
    for (const field of [
      'name', 'domain', 'domain_language', 'cdn_prefix', 'niche', 'geoip_country', 'geoip_selected_country', 'signups',
      'logged_out_search', 'logged_out_search_trafficsource', 'push_public_key', 'minimum_message_costs', 'support_phone',
      'support_email', 'fictional_icon', 'fictional_warning', 'enable_site_entry_popup', 'description', 'index_title',
      'countries', 'visible_profile_fields', 'visible_profile_notes', 'message_credits', 'signup_credits', 'photo_credits',
      'gift_credits', 'message_length', 'search_fields', 'refund_days', 'member_resell', 'company_id', 'mail_name',
      'interests', 'region_data',
    ]) {
      expect(a, field).toHaveProperty(field);
    }
  });

  it('gives tenant texts in the visitor\'s language: domain language first, the locale cookie after', async () => {
    const dutch = (await get('flirtlokaal.nl', '/api/settings.php')).json<{ index_title: string }>();
    const english = (await get('flirtlokaal.nl', '/api/settings.php', { cookie: 'locale=en' })).json<{ index_title: string }>();
    expect(dutch.index_title).toBe('Flirten en daten bij jou in de buurt');
    expect(english.index_title).toBe('Flirting and dating near you');
  });

  it('uses the host, never a domain passed in the query', async () => {
    const settings = (await get('flirtlokaal.nl', '/api/settings.php?domain=rainbowhearts.co.uk')).json<{ name: string }>();
    expect(settings.name).toBe('FlirtLokaal');
  });

  it('falls back to the tenant\'s first country for a local visitor and keeps a valid own choice', async () => {
    const settings = (await get('herzklopfen.de', '/api/settings.php', { cookie: 'country=AT' })).json<Record<string, unknown>>();
    expect(settings.geoip_country).toBe('DE');
    expect(settings.geoip_selected_country).toBe('AT');
    const foreign = (await get('herzklopfen.de', '/api/settings.php', { cookie: 'country=US' })).json<Record<string, unknown>>();
    expect(foreign.geoip_selected_country).toBeNull();
  });

  it('answers a wrong method with 405 JSON', async () => {
    const res = await request(server.port, 'flirtlokaal.nl', '/api/settings.php', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.json()).toEqual({ error: 'method_not_allowed', message: expect.any(String) });
  });
});

describe('GET /api/companyinfo.php', () => {
  it('answers the company of the host\'s tenant', async () => {
    const nl = (await get('flirtlokaal.nl', '/api/companyinfo.php')).json<Record<string, unknown>>();
    const de = (await get('herzklopfen.de', '/api/companyinfo.php')).json<Record<string, unknown>>();
    expect(Object.keys(nl).sort()).toEqual(
      ['added', 'address', 'city', 'country', 'delete_discount', 'kvk', 'name', 'support_phone', 'tradenames', 'vat_numbers'],
    );
    expect(nl).toMatchObject({ name: 'Lokaal Media B.V.', kvk: '81234567', country: 'NL' });
    expect(de).toMatchObject({ name: 'Herzklopfen Online GmbH', country: 'DE' });
  });

  it('answers DELETE with 405', async () => {
    expect((await request(server.port, 'herzklopfen.de', '/api/companyinfo.php', { method: 'DELETE' })).status).toBe(405);
  });
});

describe('GET /api/interests.php', () => {
  it('lists every interest tag with its name in the visitor\'s language', async () => {
    const { interests } = (await get('herzklopfen.de', '/api/interests.php')).json<{ interests: { id: string; name: string; offered: boolean }[] }>();
    expect(interests.length).toBeGreaterThan(40);
    const travel = interests.find((i) => i.id === 'travelling');
    expect(travel).toEqual({ id: 'travelling', name: 'Reisen', offered: true });
    expect(interests.find((i) => i.id === 'beer')?.offered).toBe(false);
  });
});

describe('GET /api/regions.php', () => {
  it('has real region names for all 19 region-label countries', async () => {
    const { regions } = (await get('flirtlokaal.nl', '/api/regions.php')).json<{ regions: Record<string, { code: string; name: string }[]> }>();
    expect(Object.keys(regions).sort()).toEqual([...REGION_LABEL_COUNTRIES].sort());
    const names = (country: string) => regions[country]!.map((r) => r.name);
    expect(names('NL')).toContain('Noord-Holland');
    expect(names('DE')).toContain('Bayern');
    expect(names('GB')).toContain('Scotland');
    expect(names('US')).toContain('California');
  });

  it('narrows to one country', async () => {
    const { regions } = (await get('flirtlokaal.nl', '/api/regions.php?country=dk')).json<{ regions: Record<string, unknown[]> }>();
    expect(Object.keys(regions)).toEqual(['DK']);
  });
});

describe('unknown hosts and paths', () => {
  it('gives an unknown host a plain 404 page with no tenant\'s brand', async () => {
    const res = await get('nobody.example', '/');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('This page could not be found');
    for (const brand of ['FlirtLokaal', 'Herzklopfen', 'Rainbow Hearts', 'Sølvhjerter', 'BellaCurva']) expect(res.text).not.toContain(brand);
  });

  it('speaks the visitor\'s language on that page', async () => {
    const res = await get('nobody.example', '/', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(res.text).toContain('<html lang="de"');
  });

  it('gives an unknown host 404 JSON on /api', async () => {
    const res = await get('nobody.example', '/api/settings.php');
    expect(res.status).toBe(404);
    expect(res.json()).toMatchObject({ error: 'unknown_site' });
  });

  it('answers an unknown path of a known tenant with the 404 error page', async () => {
    const res = await get('flirtlokaal.nl', '/no-such-page');
    expect(res.status).toBe(404);
    expect(res.text).toContain('FlirtLokaal');
  });

  it('answers an unknown API path with 404 JSON', async () => {
    const res = await get('flirtlokaal.nl', '/api/nothing.php');
    expect(res.status).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('the home page', () => {
  it('renders the tenant\'s name, title and description server-side, with styles in the HTML', async () => {
    const res = await get('herzklopfen.localhost:3000', '/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="de"');
    expect(res.text).toContain('Herzklopfen');
    expect(res.text).toContain('Die Dating-Seite für Frauen, die Frauen lieben');
    expect(res.text).toMatch(/<style[^>]*data-styled/);
    expect(res.text).toContain('#c2185b'); // niche 2 primary colour, in the server-sent CSS
  });

  it('sends a CSP whose nonce the page\'s scripts carry', async () => {
    const res = await get('flirtlokaal.localhost', '/');
    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.text).toContain(`nonce="${nonce}"`);
    const again = /'nonce-([^']+)'/.exec(String((await get('flirtlokaal.localhost', '/')).headers['content-security-policy']))?.[1];
    expect(again).not.toBe(nonce);
  });

  it('compresses responses', async () => {
    const res = await get('flirtlokaal.localhost', '/', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('media and assets', () => {
  it('draws a demo profile picture on first request and serves it as WebP', async () => {
    const home = await get('flirtlokaal.localhost', '/');
    const src = /src="(\/media\/demo\/[^"]+)"/.exec(home.text)?.[1];
    expect(src).toBeTruthy();
    const image = await get('flirtlokaal.localhost', src!);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.body.subarray(8, 12).toString('ascii')).toBe('WEBP');
    expect(image.headers['cache-control']).toMatch(/immutable/);
  });

  it('does not invent pictures for profiles that do not exist', async () => {
    expect((await get('flirtlokaal.localhost', '/media/demo/99999999-1.webp')).status).toBe(404);
    expect((await get('flirtlokaal.localhost', '/media/../session-secret')).status).toBe(404);
  });

  it('serves hashed assets as immutable', async () => {
    const home = await get('flirtlokaal.localhost', '/');
    const asset = /(\/assets\/[^"]+\.js)/.exec(home.text)?.[1];
    const res = await get('flirtlokaal.localhost', asset!);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toMatch(/immutable/);
  });
});

describe('GET /healthz', () => {
  it('checks the database', async () => {
    const res = await get('localhost', '/healthz');
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });
});
