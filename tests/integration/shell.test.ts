// The branded shell over HTTP: static pages per tenant and language, language choice, manifest,
// icons, the error page and the Origin check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
const get = (host: string, path: string, headers: Record<string, string> = {}) => request(server.port, host, path, { headers });
const post = (host: string, path: string, body: string, headers: Record<string, string> = {}) =>
  request(server.port, host, path, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });

beforeAll(async () => {
  server = await startServer({ SKIP_SEED: '1' });
});

afterAll(async () => {
  await server?.stop();
});

describe('static pages', () => {
  it.each(['terms', 'privacy', 'cookies', 'faq', 'return-policy', 'service', 'ban', 'complaints'])(
    '/pages/%s is complete and tenant-specific',
    async (token) => {
      const res = await get('herzklopfen.de', `/pages/${token}`);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<html lang="de"');
      const article = /<article[^>]*>([\s\S]*?)<\/article>/.exec(res.text)?.[1] ?? '';
      expect(article.length).toBeGreaterThan(1500);
      expect(article).toMatch(/<h[23]/);
      expect(article).not.toMatch(/\{[a-z_]+\}/);
    },
  );

  it('the terms name the company, its registration and VAT numbers, in the visitor\'s language', async () => {
    const de = await get('herzklopfen.de', '/pages/privacy');
    expect(de.text).toContain('Herzklopfen Online GmbH');
    expect(de.text).toContain('HRB 214587 B');
    const nl = await get('flirtlokaal.nl', '/pages/privacy');
    expect(nl.text).toContain('Lokaal Media B.V.');
    expect(nl.text).not.toContain('Herzklopfen');
  });

  it('the return policy uses the tenant\'s refund days', async () => {
    expect((await get('solvhjerter.dk', '/pages/return-policy')).text).toContain('30');
  });

  it('service links the phone number without dashes and spaces', async () => {
    expect((await get('flirtlokaal.nl', '/pages/service')).text).toContain('href="tel:+31203084410"');
  });

  it('/complaints is the complaints procedure and /pricing shows message prices', async () => {
    expect((await get('rainbowhearts.co.uk', '/complaints')).status).toBe(200);
    const pricing = await get('rainbowhearts.co.uk', '/pricing');
    expect(pricing.status).toBe(200);
    // Decision 0017's rule (issue 34 item 1): one credit of the biggest bundle, 250 for £129.00 → £0.516.
    expect(pricing.text).toContain('£0.52');
  });

  it('an unknown page token is a 404 inside the shell', async () => {
    const res = await get('flirtlokaal.nl', '/pages/nothing');
    expect(res.status).toBe(404);
    expect(res.text).toContain('Deze pagina kon niet worden gevonden');
    expect(res.text).toContain('href="/"');
  });
});

describe('choosing a language', () => {
  it('sets the locale cookie for 365 days and returns to the page', async () => {
    const res = await post('flirtlokaal.nl', '/lang-config', 'locale=en&redirectTo=%2Fpages%2Fterms', { origin: 'http://flirtlokaal.nl' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/pages/terms');
    expect(String(res.headers['set-cookie'])).toMatch(/^locale=en; Max-Age=31536000; Path=\/; SameSite=Lax/);
    const page = await get('flirtlokaal.nl', '/pages/terms', { cookie: 'locale=en' });
    expect(page.text).toContain('<html lang="en"');
  });

  it('refuses a language the tenant does not show, and redirects only within the site', async () => {
    const hidden = await post('flirtlokaal.nl', '/lang-config', 'locale=de&redirectTo=%2F');
    expect(hidden.headers['set-cookie']).toBeUndefined();
    const offsite = await post('flirtlokaal.nl', '/lang-config', 'locale=en&redirectTo=%2F%2Fevil.example');
    expect(offsite.headers.location).toBe('/');
  });

  it('ignores a locale cookie for a hidden language', async () => {
    expect((await get('rainbowhearts.co.uk', '/', { cookie: 'locale=de' })).text).toContain('<html lang="en"');
  });

  it('offers the language menu only when the tenant shows more than one language', async () => {
    expect((await get('bellacurva.es', '/')).text).toContain('data-testid="language-menu"');
    expect((await get('rainbowhearts.co.uk', '/')).text).not.toContain('data-testid="language-menu"');
  });
});

describe('security of mutations', () => {
  it('refuses a form post from another site, with a translated message', async () => {
    const res = await post('flirtlokaal.nl', '/lang-config', 'locale=en', { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ error: 'cross_origin', message: expect.stringMatching(/\S/) });
  });
});

describe('web app manifest and icons', () => {
  it('is per tenant, with its name, colours and generated icons', async () => {
    const res = await get('herzklopfen.de', '/manifest.webmanifest');
    expect(res.headers['content-type']).toMatch(/application\/manifest\+json/);
    const manifest = res.json<{ name: string; theme_color: string; display: string; icons: { src: string }[] }>();
    expect(manifest).toMatchObject({ name: 'Herzklopfen', display: 'standalone', start_url: '/' });
    const other = (await get('rainbowhearts.co.uk', '/manifest.webmanifest')).json<{ name: string }>();
    expect(other.name).toBe('Rainbow Hearts');
    for (const icon of manifest.icons.filter((i) => i.src.endsWith('.png'))) {
      const png = await get('herzklopfen.de', icon.src);
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.body.subarray(1, 4).toString('ascii')).toBe('PNG');
    }
    expect((await get('herzklopfen.de', '/icons/64.png')).status).toBe(404);
  });

  it('is linked from every page', async () => {
    for (const path of ['/', '/pages/faq', '/pricing', '/lang-config']) {
      expect((await get('bellacurva.es', path)).text).toContain('rel="manifest" href="/manifest.webmanifest"');
    }
  });
});

describe('the default layout', () => {
  it('has the navigation, the disclaimer with the tenant\'s fictional warning, and the full footer', async () => {
    const res = await get('flirtlokaal.nl', '/pages/faq');
    expect(res.text).toContain('data-layout="default"');
    expect(res.text).toContain('data-testid="disclaimer"');
    expect(res.text).toContain('Profielen met dit icoon zijn fictief');
    for (const href of ['/pages/terms', '/pages/privacy', '/pages/cookies', '/pages/ban', '/pricing', '/complaints', '/pages/return-policy', '/pages/faq', '/pages/service']) {
      expect(res.text, href).toContain(`href="${href}"`);
    }
    expect(res.text).toContain('href="/login"');
  });

  it('shows the US notice in the footer to no English reader outside the US (issue 11; the US case: member-search-http)', async () => {
    expect((await get('flirtlokaal.nl', '/', { cookie: 'locale=en' })).text).not.toContain('data-testid="us-notice"');
    expect((await get('flirtlokaal.nl', '/')).text).not.toContain('data-testid="us-notice"');
  });
});

describe('the Origin check', () => {
  it('refuses a post from an opaque origin ("null") with 403 rather than failing', async () => {
    const res = await post('flirtlokaal.nl', '/lang-config', 'locale=en', { origin: 'null' });
    expect(res.status).toBe(403);
  });

  it('accepts a post from the page\'s own origin', async () => {
    const res = await post('flirtlokaal.nl', '/lang-config', 'locale=en', { origin: 'http://flirtlokaal.nl' });
    expect(res.status).toBe(303);
  });
});
