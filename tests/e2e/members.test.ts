// Member search and profiles in Chromium: filter, open a profile, block a member — who then finds
// the blocker's profile closed to them.
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit, wakeApp } from '../support/browser';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
const HOST = 'flirtlokaal.localhost';
const base = () => `http://${HOST}:${server.port}`;

/** Signs a member up over the API and follows the activation link from the outbox. */
async function activeMember(name: string, gender: 'male' | 'female', seeking: 'male' | 'female') {
  const email = `${name.toLowerCase()}@e2e.example`;
  const host = `${HOST}:${server.port}`;
  const res = await request(server.port, host, '/api/signup.php', {
    method: 'POST',
    body: JSON.stringify({ email, name, password: 'member password 1', date_of_birth: '1991-03-03', gender, seeking, country: 'NL', terms: true, orientation_consent: true }),
    headers: { 'content-type': 'application/json', origin: base() },
  });
  expect(res.status).toBe(201);
  const outbox = await request(server.port, host, '/dev/outbox');
  const link = new RegExp(`data-to="${email}"[\\s\\S]*?href="[^"]*(/activate\\?token=[\\w-]+)"`).exec(outbox.text)![1]!;
  await request(server.port, host, link);
  const me = await request(server.port, host, '/api/user.php', { headers: { cookie: String(res.headers['set-cookie']).split(';')[0]! } });
  return { email, profileId: me.json<{ user: { profile: { id: number } } }>().user.profile.id };
}

/** A browser context in English with the adults-only notice already accepted. */
async function englishContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, ...options });
  await context.addCookies([
    { name: 'locale', value: 'en', url: base() },
    { name: 'entry_warning_dismissed', value: String(Date.now()), url: base() },
  ]);
  return context;
}

async function loggedIn(email: string): Promise<BrowserContext> {
  const context = await englishContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await visit(page, `${base()}/login`);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill('member password 1');
  await page.locator('main button[type="submit"]').click();
  await page.waitForURL(`${base()}/`);
  await page.close();
  return context;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('members', () => {
  it('searches with filters and opens a profile', async () => {
    const context = await englishContext();
    const page = await context.newPage();
    await visit(page, `${base()}/members`);
    await page.locator('#gender').selectOption('male');
    await page.locator('#country').selectOption('BE');
    await page.locator('#min_age').selectOption('30');
    await page.locator('#max_age').selectOption('50');
    await page.locator('[data-testid="member-filters"] button[type="submit"]').click();
    await page.waitForURL(/gender=male&country=BE/);
    // The grid shows the new results once the first card is the API's first match for these filters.
    const expected = await request(server.port, `${HOST}:${server.port}`, '/api/members.php?gender=male&country=BE&min_age=30&max_age=50');
    const firstId = expected.json<{ results: { id: number }[] }>().results[0]!.id;
    await expect.poll(() => page.locator('[data-testid="profile-card"] a').first().getAttribute('href')).toBe(`/members/${firstId}`);
    const first = page.locator('[data-testid="profile-card"] a').first();
    const caption = await first.locator('strong').innerText();
    const age = Number(/, (\d+)/.exec(caption)![1]);
    expect(age).toBeGreaterThanOrEqual(30);
    expect(age).toBeLessThanOrEqual(50);
    await first.click();
    await page.waitForURL(/\/members\/\d+$/);
    expect(await page.locator('[data-testid="profile"] h1').innerText()).toContain(caption.split(',')[0]!);
    // A visitor trying to chat gets the login-required message and the signup modal.
    await page.getByRole('button', { name: 'Send a message' }).click();
    await expect.poll(() => page.locator('[data-testid="login-required"]').isVisible()).toBe(true);
    await expect.poll(() => page.locator('[data-testid="signup-modal"]').isVisible()).toBe(true);
    await context.close();
  });

  it('pages through results by number, to the last page and back, as the API pages them', async () => {
    const context = await englishContext();
    const page = await context.newPage();
    await visit(page, `${base()}/members?gender=female`);
    const pager = page.getByRole('navigation', { name: 'Result pages' });
    expect(await pager.locator('[aria-current="page"]').innerText()).toBe('1');
    const pages = Number(/Page 1 of (\d+)/.exec(await pager.innerText())![1]);
    // A visitor's search ends at its third page (docs/product.md §6 limited search; docs/decisions/0031).
    expect(pages).toBe(3);

    await pager.getByRole('link', { name: `Page ${pages} of ${pages}` }).click();
    await page.waitForURL(new RegExp(`page=${pages}`));
    await expect.poll(() => pager.locator('[aria-current="page"]').innerText()).toBe(String(pages));
    const last = await request(server.port, `${HOST}:${server.port}`, `/api/members.php?gender=female&page=${pages}`);
    const lastIds = last.json<{ results: { id: number }[] }>().results.map((r) => `/members/${r.id}`);
    expect(lastIds.length).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[data-testid="profile-card"] a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(lastIds);
    expect(await pager.getByRole('link', { name: 'Next' }).count()).toBe(0);

    await pager.getByRole('link', { name: 'Previous' }).click();
    await page.waitForURL(new RegExp(`page=${pages - 1}`));
    await expect.poll(() => pager.locator('[aria-current="page"]').innerText()).toBe(String(pages - 1));
    await context.close();
  });

  it('shows distances once the browser shares its location, and more profiles beside a profile', async () => {
    const context = await englishContext({ geolocation: { latitude: 52.3731, longitude: 4.8922 }, permissions: ['geolocation'] });
    const page = await context.newPage();
    await visit(page, `${base()}/members?country=NL`);
    await wakeApp(page);
    // The visitor's search page sleeps until the visitor acts (decision 0042); woken, with the
    // permission granted before, the page locates at once, geocodes offline and reloads the results.
    await expect.poll(() => page.locator('[data-testid="distance-control"]').innerText(), { timeout: 15_000 }).toContain('Distances from Amsterdam');
    const distance = await page.locator('[data-testid="distance"]').first().innerText();
    expect(distance).toMatch(/^\d+ km away$/);
    const firstCard = page.locator('[data-testid="profile-card"] a').first();
    const secondHref = await page.locator('[data-testid="profile-card"] a').nth(1).getAttribute('href');
    await firstCard.click();
    await page.waitForURL(/\/members\/\d+$/);
    // The next result of the search comes first among the other profiles, without another search.
    await expect.poll(() => page.locator('[data-testid="other-profiles"] a').first().getAttribute('href')).toBe(secondHref);
    await context.close();
  });

  it("filters by the tenant's extra fields and goes back from a profile to the kept results without searching again", async () => {
    const context = await englishContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await visit(page, `${base()}/members?gender=female`);
    await page.locator('#body_type').selectOption('curvy');
    await page.getByLabel('Only profiles with a photo').check();
    await page.locator('[data-testid="member-filters"] button[type="submit"]').click();
    await page.waitForURL(/body_type=curvy&with_photo=1/);
    const api = await request(server.port, `${HOST}:${server.port}`, '/api/members.php?gender=female&body_type=curvy&with_photo=1');
    const { numResults, results } = api.json<{ numResults: number; results: { id: number }[] }>();
    expect(numResults).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[data-testid="num-results"]').innerText()).toBe(`${numResults.toLocaleString('en')} profiles found`);
    const hrefs = () => page.locator('[data-testid="profile-card"] a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    await expect.poll(hrefs).toEqual(results.map((r) => `/members/${r.id}`));
    const shown = await hrefs();

    // Data requests that would search again (the root's own data, e.g. the user, may reload: `_routes=root`).
    const searches: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      const search = url.pathname === '/members.data' && url.searchParams.get('_routes') !== 'root';
      if (search || url.pathname === '/api/members.php') searches.push(req.url());
    });
    await page.locator('[data-testid="profile-card"] a').nth(2).click();
    await page.waitForURL(/\/members\/\d+$/);
    await page.locator('[data-testid="profile"] h1').waitFor();
    await page.goBack();
    await page.waitForURL(/\/members\?.*body_type=curvy/);
    await expect.poll(hrefs).toEqual(shown);
    expect(await page.locator('#body_type').inputValue()).toBe('curvy');
    await page.waitForLoadState('networkidle');
    expect(searches).toEqual([]);
    await context.close();
  });

  it('likes a member, who sees the like and makes it a match', async () => {
    const hanna = await activeMember('Hanna', 'female', 'male');
    const ids = await activeMember('Ids', 'male', 'female');
    const hannaContext = await loggedIn(hanna.email);
    const page = await hannaContext.newPage();
    await visit(page, `${base()}/members/${ids.profileId}`);
    await page.locator('[data-testid="like"]').click();
    await expect.poll(() => page.locator('[data-testid="like"]').getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('[data-testid="like"]').innerText()).toContain('Liked');

    const idsContext = await loggedIn(ids.email);
    const idsPage = await idsContext.newPage();
    await visit(idsPage, `${base()}/members/${hanna.profileId}`);
    expect(await idsPage.locator('[data-testid="like-state"]').innerText()).toBe('Hanna likes you. Like back to make it a match.');
    await idsPage.locator('[data-testid="like"]').click();
    await expect.poll(() => idsPage.locator('[data-testid="like-state"]').innerText()).toBe("It's a match! You and Hanna like each other.");
    await hannaContext.close();
    await idsContext.close();
  });

  it('blocks a member, who then cannot open the blocker\'s profile', async () => {
    const fleur = await activeMember('Fleur', 'female', 'male');
    const gijs = await activeMember('Gijs', 'male', 'female');
    const fleurContext = await loggedIn(fleur.email);
    const page = await fleurContext.newPage();
    // Fleur adds a photo on My profile; Flirtlokaal moderates before (decision 0029), so it waits for review, seen by her alone.
    await visit(page, `${base()}/profile`);
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#e6317a' } }).png().toBuffer();
    await page.locator('#file').setInputFiles({ name: 'fleur.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => page.locator('[data-testid="photo-pending"]').count()).toBe(1);
    await visit(page, `${base()}/members/${gijs.profileId}`);
    await page.locator('[data-testid="block"]').click();
    await expect.poll(() => page.locator('[data-testid="block"]').innerText()).toContain('Unblock');

    const gijsContext = await loggedIn(gijs.email);
    const gijsPage = await gijsContext.newPage();
    await visit(gijsPage, `${base()}/members/${fleur.profileId}`);
    expect(await gijsPage.locator('[data-testid="blocked"]').innerText()).toBe("You're blocked by Fleur. You do not have access to this page.");
    await fleurContext.close();
    await gijsContext.close();
  });
});
