// Member search and profiles over HTTP against the production build, with the seeded demo data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA, request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
const get = (host: string, path: string, headers: Record<string, string> = {}) => request(server.port, host, path, { headers });

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

interface Search {
  results: { id: number; name: string; age: number; gender: string; country: string; main_image: { thumb_filename: string } | null; fictional: boolean; distance: number | null }[];
  numResults: number;
  pageNumber: number;
  similar: unknown[];
}

describe('GET /api/members.php', () => {
  it('answers visitors where the tenant allows it, with the SPEC shape', async () => {
    const res = await get('flirtlokaal.nl', '/api/members.php?gender=female&country=NL&min_age=25&max_age=40&page=1');
    expect(res.status).toBe(200);
    const body = res.json<Search>();
    expect(body.pageNumber).toBe(1);
    expect(body.numResults).toBeGreaterThan(0);
    for (const card of body.results) {
      expect(card).toMatchObject({ gender: 'female', country: 'NL', fictional: true });
      expect(card.age).toBeGreaterThanOrEqual(25);
      expect(card.age).toBeLessThanOrEqual(40);
      expect(card.main_image?.thumb_filename).toMatch(/^\/media\/demo\//);
    }
  });

  it('pages through results without repeating a profile', async () => {
    const one = (await get('flirtlokaal.nl', '/api/members.php?page=1')).json<Search>();
    const two = (await get('flirtlokaal.nl', '/api/members.php?page=2')).json<Search>();
    expect(two.pageNumber).toBe(2);
    const ids = new Set(one.results.map((r) => r.id));
    expect(two.results.some((r) => ids.has(r.id))).toBe(false);
  });

  it('refuses visitors where logged-out search is off (403), and answers them once a traffic source came along', async () => {
    const closed = await get('solvhjerter.dk', '/api/members.php', { cookie: 'locale=en' });
    expect(closed.status).toBe(403);
    expect(closed.json()).toMatchObject({ error: 'login_required' });
    expect((await get('herzklopfen.de', '/api/members.php')).status).toBe(403);
    const landing = await get('herzklopfen.de', '/?network=partner&ref=7', { 'user-agent': BROWSER_UA });
    const tracking = String(landing.headers['set-cookie']).match(/rdv_visit=[^;]+/)![0];
    expect((await get('herzklopfen.de', '/api/members.php', { cookie: tracking })).status).toBe(200);
  });

  it('puts the distance on each card when the browser shared its location, and none otherwise', async () => {
    const plain = (await get('flirtlokaal.nl', '/api/members.php?country=NL')).json<Search>();
    expect(plain.results.every((r) => r.distance === null)).toBe(true);
    const located = (await get('flirtlokaal.nl', '/api/members.php?country=NL', { cookie: 'rdv_geo=52.37,4.89' })).json<Search>();
    expect(located.results.length).toBeGreaterThan(0);
    for (const card of located.results) {
      // Anywhere in the Netherlands is within 350 km of Amsterdam; coordinates never leave the server.
      expect(card.distance).toBeGreaterThanOrEqual(1);
      expect(card.distance).toBeLessThan(350);
      expect(card).not.toHaveProperty('latitude');
    }
    const forged = (await get('flirtlokaal.nl', '/api/members.php?country=NL', { cookie: 'rdv_geo=999,4' })).json<Search>();
    expect(forged.results.every((r) => r.distance === null)).toBe(true);
  });

  it('shows each tenant its own pool: the gay site men, the mature site people 55 and over', async () => {
    const gay = (await get('rainbowhearts.co.uk', '/api/members.php')).json<Search>();
    expect(gay.results.every((r) => r.gender === 'male' && ['GB', 'IE'].includes(r.country))).toBe(true);
  });
});

describe('the member pages', () => {
  it('/members lists profiles with the tenant\'s filters, linking to each profile', async () => {
    const page = await get('flirtlokaal.nl', '/members?gender=male', { cookie: 'locale=en' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="member-filters"');
    const href = /href="(\/members\/\d+)"/.exec(page.text)?.[1];
    expect(href).toBeTruthy();
    const profile = await get('flirtlokaal.nl', href!, { cookie: 'locale=en' });
    expect(profile.status).toBe(200);
    expect(profile.text).toContain('data-testid="profile"');
    expect(profile.text).toContain('This profile is fictional');
  });

  it('/members links Next to the page after the last profile shown, and that page is the API\'s page 2', async () => {
    const page = await get('flirtlokaal.nl', '/members?gender=male', { cookie: 'locale=en' });
    const ids = [...page.text.matchAll(/href="\/members\/(\d+)"/g)].map((m) => Number(m[1]));
    const next = /<a[^>]*rel="next"[^>]*href="\/members\?([^"]+)"/.exec(page.text)![1]!.replaceAll('&amp;', '&');
    expect(new URLSearchParams(next).get('after')).toBe(String(ids.at(-1)));
    const two = (await get('flirtlokaal.nl', `/api/members.php?${next}`)).json<Search>();
    const byOffset = (await get('flirtlokaal.nl', '/api/members.php?gender=male&page=2')).json<Search>();
    expect(two.results.map((r) => r.id)).toEqual(byOffset.results.map((r) => r.id));
  });

  it('/members shows the signup prompt to visitors who may not search', async () => {
    const page = await get('solvhjerter.dk', '/members');
    expect(page.text).toContain('data-testid="login-required"');
  });

  it('/likes/m/{id} is the same profile screen', async () => {
    const { results } = (await get('flirtlokaal.nl', '/api/members.php')).json<Search>();
    const res = await get('flirtlokaal.nl', `/likes/m/${results[0]!.id}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-testid="profile"');
  });

  it('a profile outside the tenant\'s pool is a 404', async () => {
    const { results } = (await get('rainbowhearts.co.uk', '/api/members.php')).json<Search>();
    expect((await get('flirtlokaal.nl', `/members/${results[0]!.id}`)).status).toBe(404);
    expect((await get('flirtlokaal.nl', '/members/abc')).status).toBe(404);
  });
});

describe('/api/photos.php', () => {
  it('uploads a photo as multipart form data and refuses a text file with a clear message', async () => {
    const host = 'flirtlokaal.nl';
    const signup = await request(server.port, host, '/api/signup.php', {
      method: 'POST',
      body: JSON.stringify({ email: 'pics@example.com', name: 'Pics', password: 'a good password', date_of_birth: '1990-01-01', gender: 'female', seeking: 'male', country: 'NL', terms: true, orientation_consent: true }),
      headers: { 'content-type': 'application/json', origin: `http://${host}` },
    });
    const cookie = `${String(signup.headers['set-cookie']).split(';')[0]}; locale=en`;
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#1b2440' } }).png().toBuffer();
    const upload = async (bytes: Buffer, type: string, name: string) => {
      const form = new FormData();
      form.append('photo', new Blob([new Uint8Array(bytes)], { type }), name);
      return fetch(`http://127.0.0.1:${server.port}/api/photos.php`, {
        method: 'POST',
        body: form,
        headers: { cookie, 'x-rendezvous-tenant': 'flirtlokaal', origin: `http://127.0.0.1:${server.port}` },
      });
    };
    const ok = await upload(png, 'image/png', 'me.png');
    expect(ok.status).toBe(201);
    const { photo } = (await ok.json()) as { photo: { filename: string } };
    expect(photo.filename).toMatch(/^\/media\/u\/\d+\/[\w-]+\.webp$/);
    const image = await request(server.port, host, photo.filename);
    expect(image.headers['content-type']).toBe('image/webp');
    const text = await upload(Buffer.from('just some text'), 'image/png', 'fake.png');
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({ error: 'not_image', message: 'This file is not a photo. Upload a JPEG, PNG or WebP image.' });
    const list = await request(server.port, host, '/api/photos.php', { headers: { cookie } });
    // Flirtlokaal moderates before (decision 0029): the photo waits for approval and becomes the main one then.
    expect(list.json<{ photos: { main: boolean }[] }>().photos).toEqual([expect.objectContaining({ main: false, review: 'pending', public: false })]);
  });
});

describe('GET /api/geocode.php', () => {
  it('reverse-geocodes offline, and answers { geocode: false } for bad input', async () => {
    const res = await get('flirtlokaal.nl', '/api/geocode.php?lat=51.9225&lon=4.4792');
    expect(res.json()).toEqual({ geocode: expect.objectContaining({ country: 'NL', region: 'Zuid-Holland', city: 'Rotterdam' }) });
    expect((await get('flirtlokaal.nl', '/api/geocode.php?lat=x')).json()).toEqual({ geocode: false });
  });
});

describe('/api/block.php', () => {
  it('needs an account', async () => {
    const res = await request(server.port, 'flirtlokaal.nl', '/api/block.php', {
      method: 'POST',
      body: JSON.stringify({ profile: 1 }),
      headers: { 'content-type': 'application/json', origin: 'http://flirtlokaal.nl' },
    });
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ error: 'authentication_required' });
  });
});

describe('/api/like.php and /api/likes.php', () => {
  const host = 'flirtlokaal.nl';
  const send = (method: string, body: unknown, cookie = '') => {
    const json = JSON.stringify(body);
    // Node's client sends a DELETE body without a length unless told; browsers always send one.
    const headers = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(json)), origin: `http://${host}`, cookie };
    return request(server.port, host, '/api/like.php', { method, body: json, headers });
  };

  it('needs an account', async () => {
    expect((await send('POST', { profile: 1 })).json()).toMatchObject({ error: 'authentication_required' });
    const likes = await get(host, '/api/likes.php');
    expect(likes.status).toBe(403);
    expect(likes.json()).toMatchObject({ error: 'authentication_required' });
  });

  it('likes a profile, lists it, refuses liking oneself with a translated message, and takes the like back', async () => {
    const signup = await request(server.port, host, '/api/signup.php', {
      method: 'POST',
      body: JSON.stringify({ email: 'likes@example.com', name: 'Liker', password: 'a good password', date_of_birth: '1990-01-01', gender: 'male', seeking: 'female', country: 'NL', terms: true, orientation_consent: true }),
      headers: { 'content-type': 'application/json', origin: `http://${host}` },
    });
    const cookie = `${String(signup.headers['set-cookie']).split(';')[0]}; locale=nl`;
    const target = (await get(host, '/api/members.php?gender=female&country=NL')).json<Search>().results[0]!.id;
    const liked = await send('POST', { profile: target }, cookie);
    expect(liked.status).toBe(200);
    expect(liked.json()).toEqual({ state: 'liked' });
    const list = (await get(host, '/api/likes.php', { cookie })).json<{ profiles: { id: number }[]; liked: number[]; liked_by: unknown[] }>();
    expect(list.liked).toEqual([target]);
    expect(list.profiles.map((p) => p.id)).toEqual([target]);
    expect(list.liked_by).toEqual([]);
    const me = (await get(host, '/api/user.php', { cookie })).json<{ user: { profile: { id: number } } }>().user.profile.id;
    const self = await send('POST', { profile: me }, cookie);
    expect(self.status).toBe(400);
    expect(self.json()).toEqual({ error: 'self', message: 'Je kunt jezelf niet liken' });
    expect((await send('POST', { profile: 99_999_999 }, cookie)).status).toBe(404);
    expect((await send('DELETE', { profile: target }, cookie)).json()).toEqual({ state: 'none' });
  });
});
