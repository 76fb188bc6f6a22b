// The member shell in Chromium: the navigation on a phone and at the breakpoints, its menus, the
// signup modal's steps, the client's refresh of the member, the language change, the progress bar
// and the profile-photo alert.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit, wakeApp } from '../support/browser';
import { sessionCookie, signUpMember, type TestMember } from '../support/members';
import { request, startServer, type RunningServer } from '../support/server';
import { waitForLiveEvents } from '../support/live';

let server: RunningServer;
let browser: Browser;
const url = (tenant: string, path = '/') => `http://${tenant}.localhost:${server.port}${path}`;
const members: Record<string, TestMember> = {};

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SKIP_SEED: '1' }), launchBrowser()]);
  members.flirtlokaal = await signUpMember(server, 'flirtlokaal', { name: 'Navanna', country: 'NL' });
  members.solvhjerter = await signUpMember(server, 'solvhjerter', { name: 'Navbirgitte', country: 'DK' });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A context past the entry warning; logged in as `member` when given. */
async function contextFor(tenant: string, width: number, options: { member?: TestMember; locale?: string } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  await context.addCookies([
    { name: 'entry_warning_dismissed', value: String(Date.now()), url: url(tenant) },
    ...(options.locale ? [{ name: 'locale', value: options.locale, url: url(tenant) }] : []),
    ...(options.member ? [sessionCookie(server, tenant, options.member)] : []),
  ]);
  return context;
}

/** Fails the test on console errors and page errors (hydration warnings included). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

describe.each(['flirtlokaal', 'solvhjerter'])('the member navigation of %s on a 375 px phone', (tenant) => {
  it('fits the screen on every member page, with both menus on-screen', async () => {
    const context = await contextFor(tenant, 375, { member: members[tenant] });
    const page = await context.newPage();
    const errors = watchErrors(page);
    for (const path of ['/', '/members', '/profile', '/notifications']) {
      await visit(page, url(tenant, path));
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
      for (const link of ['/members', '/chats', '/likes', '/premium']) {
        const box = await page.locator(`[data-testid="member-tabs"] a[href="${link}"]`).boundingBox();
        expect(box, `${path} ${link}`).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      }
    }
    for (const menu of ['language-menu', 'account-menu']) {
      const details = page.locator(`[data-testid="${menu}"]`);
      await details.locator('summary').click();
      const box = (await details.locator('ul').boundingBox())!;
      expect(box.x, menu).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, menu).toBeLessThanOrEqual(375);
      await page.keyboard.press('Escape');
      expect(await details.evaluate((d) => (d as HTMLDetailsElement).open), menu).toBe(false);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the account menu', () => {
  it('closes after an item is chosen, and on a tap outside it', async () => {
    const context = await contextFor('flirtlokaal', 375, { member: members.flirtlokaal, locale: 'en' });
    const page = await context.newPage();
    await visit(page, url('flirtlokaal', '/'));
    const menu = page.locator('[data-testid="account-menu"]');
    await menu.locator('summary').click();
    await menu.getByRole('link', { name: 'My profile' }).click();
    await page.waitForURL(url('flirtlokaal', '/profile'));
    expect(await menu.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await menu.locator('ul').isVisible()).toBe(false);
    await menu.locator('summary').click();
    expect(await menu.locator('ul').isVisible()).toBe(true);
    await page.mouse.click(180, 600);
    expect(await menu.locator('ul').isVisible()).toBe(false);
    await context.close();
  });
});

describe('the navigation at the 1200 px breakpoint', () => {
  it('shows the member\'s name in the account menu from 1200 px, and labels beside the icons from 992 px', async () => {
    const context = await contextFor('flirtlokaal', 1280, { member: members.flirtlokaal, locale: 'en' });
    const page = await context.newPage();
    await visit(page, url('flirtlokaal', '/members'));
    const name = page.locator('[data-testid="account-name"]');
    expect(await name.isVisible()).toBe(true);
    expect(await name.innerText()).toBe('Navanna');
    await page.setViewportSize({ width: 1199, height: 800 });
    expect(await name.isVisible()).toBe(false);
    // The short tab label (aria-hidden; the full one is the link's name either way).
    const search = page.locator('[data-testid="member-tabs"] a[href="/members"]');
    const short = search.locator('span[aria-hidden="true"]');
    expect(await short.isVisible()).toBe(false);
    expect(await search.getAttribute('aria-label')).toBeNull();
    await page.setViewportSize({ width: 991, height: 800 });
    expect(await short.isVisible()).toBe(true);
    expect(await short.innerText()).toBe('Search');
    await context.close();
  });
});

describe('the signup modal', () => {
  it('opens from the home page\'s "Sign up for free" without leaving the page', async () => {
    const context = await contextFor('flirtlokaal', 375, { locale: 'en' });
    const page = await context.newPage();
    await visit(page, url('flirtlokaal', '/'));
    await page.locator('[data-testid="hero-signup"]').click();
    const modal = page.locator('[data-testid="signup-modal"]');
    await expect.poll(() => modal.locator('[data-testid="signup-form"]').isVisible()).toBe(true);
    expect(page.url()).toBe(url('flirtlokaal', '/'));
    await context.close();
  });

  it('is not offered to a member', async () => {
    const context = await contextFor('flirtlokaal', 375, { member: members.flirtlokaal, locale: 'en' });
    const page = await context.newPage();
    await visit(page, url('flirtlokaal', '/'));
    expect(await page.locator('[data-testid="hero-signup"]').count()).toBe(0);
    expect(await page.getByText('Sign up for free').count()).toBe(0);
    await context.close();
  });

  it('stops Next on an incomplete step, and cannot be closed by Escape or the backdrop once started', async () => {
    const context = await contextFor('rainbowhearts', 375);
    const page = await context.newPage();
    await visit(page, url('rainbowhearts', '/?signup=1'));
    await wakeApp(page);
    const modal = page.locator('[data-testid="signup-modal"]');
    const form = modal.locator('[data-testid="signup-form"]');
    await expect.poll(() => form.isVisible()).toBe(true);
    const next = modal.locator('[data-testid="signup-next"]');
    await next.click();
    expect(await form.getAttribute('data-step')).toBe('0');
    expect(await modal.locator('#gender-error').innerText()).toBe('Please make a choice');
    await modal.locator('label:has(input[name="gender"][value="male"])').click();
    await modal.locator('label:has(input[name="seeking"][value="male"])').click();
    await next.click();
    expect(await form.getAttribute('data-step')).toBe('1');
    await next.click();
    expect(await modal.locator('#date_of_birth-error').innerText()).toBe('Enter your date of birth (18+)');
    // Typed as a person does, field by field.
    await modal.locator('#date_of_birth').click();
    await page.keyboard.type('01201985');
    expect(await modal.locator('#date_of_birth').inputValue()).toBe('1985-01-20');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    expect(await modal.isVisible()).toBe(true);
    await page.mouse.click(4, 4);
    expect(await modal.isVisible()).toBe(true);
    await next.click();
    expect(await form.getAttribute('data-step')).toBe('2');
    await next.click();
    expect(await form.getAttribute('data-step')).toBe('3');
    // The did-you-mean address shows when the e-mail field is left, and a click applies it.
    await modal.locator('#name').fill('Typoman');
    await modal.locator('#email').fill('typoman@gmial.com');
    await page.keyboard.press('Tab');
    const suggestion = modal.locator('[data-testid="email-suggestion"]');
    await expect.poll(() => suggestion.isVisible()).toBe(true);
    expect(await suggestion.innerText()).toBe('Did you mean typoman@gmail.com?');
    await suggestion.click();
    expect(await modal.locator('#email').inputValue()).toBe('typoman@gmail.com');
    await context.close();
  });
});

describe('the client\'s refresh of the member', () => {
  it('shows the visitor\'s navigation once the session is revoked elsewhere (told by the live stream); member pages then go to login', async () => {
    const member = await signUpMember(server, 'flirtlokaal', { name: 'Revoked', country: 'NL' });
    const context = await contextFor('flirtlokaal', 375, { member, locale: 'en' });
    await context.clock.install();
    const page = await context.newPage();
    const calls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/user.php')) calls.push(req.method());
    });
    // 'load', not 'networkidle': the refresh's 5 s start at hydration, and a new member's page keeps
    // the network busy for a while (the welcome bonus call, route manifests), which would eat the margin.
    await page.goto(url('flirtlokaal', '/members'), { waitUntil: 'load' });
    expect(await page.locator('[data-testid="account-menu"]').isVisible()).toBe(true);
    await waitForLiveEvents(page);
    // Logged out from another device: the session is gone on the server, and the page's live event
    // stream says so at once (GET /api/events.php, `logout`): the page asks who is logged in without
    // waiting for its 5-second refresh.
    await request(server.port, `flirtlokaal.localhost:${server.port}`, '/api/logout.php', { headers: { cookie: member.session } });
    await expect.poll(() => calls).toEqual(['GET']);
    await expect.poll(() => page.locator('header a[href="/login"]').isVisible()).toBe(true);
    expect(await page.locator('[data-testid="account-menu"]').count()).toBe(0);
    expect(await page.locator('[data-testid="member-tabs"]').count()).toBe(0);
    await page.goto(url('flirtlokaal', '/profile'));
    await page.waitForURL(url('flirtlokaal', '/login'));
    await context.close();
  });

  it('refreshes every 60 s after the first 5 s', async () => {
    const context = await contextFor('flirtlokaal', 375, { member: members.flirtlokaal, locale: 'en' });
    await context.clock.install();
    // Only runFor moves the clock: a loaded machine's real seconds cannot pass the 5 s mark early.
    await context.clock.pauseAt(Date.now() + 1_000);
    const page = await context.newPage();
    let answered = 0;
    page.on('requestfinished', (req) => {
      if (req.url().includes('/api/user.php')) answered++;
    });
    await visit(page, url('flirtlokaal', '/'));
    await page.clock.runFor(4_900);
    expect(answered).toBe(0);
    await page.clock.runFor(200);
    await expect.poll(() => answered).toBe(1);
    await page.clock.runFor(59_000);
    expect(answered).toBe(1);
    await page.clock.runFor(1_500);
    await expect.poll(() => answered).toBe(2);
    expect(await page.locator('[data-testid="account-menu"]').isVisible()).toBe(true);
    await context.close();
  });
});

describe('a language change while logged in', () => {
  it('is saved with PUT /api/user.php { language } and shows the page in the new language', async () => {
    const member = await signUpMember(server, 'solvhjerter', { name: 'Languagelis', country: 'DK' });
    const context = await contextFor('solvhjerter', 375, { member });
    const page = await context.newPage();
    const puts: unknown[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/user.php') && req.method() === 'PUT') puts.push(req.postDataJSON());
    });
    await visit(page, url('solvhjerter', '/notifications'));
    expect(await page.locator('html').getAttribute('lang')).toBe('da');
    await page.locator('[data-testid="language-menu"] summary').click();
    await page.getByRole('button', { name: 'Svenska' }).click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('sv');
    expect(page.url()).toBe(url('solvhjerter', '/notifications'));
    expect(puts).toEqual([{ language: 'sv' }]);
    const me = await request(server.port, `solvhjerter.localhost:${server.port}`, '/api/user.php', { headers: { cookie: member.session } });
    expect(me.json<{ user: { language: string } }>().user.language).toBe('sv');
    await context.close();
  });
});

describe('the navigation progress bar', () => {
  it('shows while a page loads and hides once it has loaded', async () => {
    const context = await contextFor('flirtlokaal', 1280, { member: members.flirtlokaal, locale: 'en' });
    const page = await context.newPage();
    await visit(page, url('flirtlokaal', '/'));
    const bar = page.locator('[data-testid="navigation-progress"]');
    expect(await bar.getAttribute('data-state')).toBe('hidden');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.data(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.locator('[data-testid="account-menu"] summary').click();
    await page.locator('[data-testid="account-menu"] a[href="/notifications"]').click();
    await expect.poll(() => bar.getAttribute('data-state')).toBe('loading');
    expect(await bar.getAttribute('role')).toBe('progressbar');
    release();
    await page.waitForURL(url('flirtlokaal', '/notifications'));
    await expect.poll(() => bar.getAttribute('data-state')).toBe('hidden');
    await context.close();
  });
});

describe('the profile-photo alert', () => {
  it('asks a member without a photo for one; dismissed, it stays away', async () => {
    const member = await signUpMember(server, 'flirtlokaal', { name: 'Nophoto', country: 'NL' });
    const context = await contextFor('flirtlokaal', 375, { member, locale: 'en' });
    const page = await context.newPage();
    await visit(page, url('flirtlokaal', '/members'));
    const alert = page.locator('[data-testid="photo-alert"]');
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await alert.locator('a').getAttribute('href')).toBe('/profile');
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    expect(await alert.count()).toBe(0);
    const stored = await page.evaluate(() => window.localStorage.getItem('rdv_alert_profile_photo'));
    expect(Number(stored)).toBeGreaterThan(Date.now() - 60_000);
    await page.reload({ waitUntil: 'networkidle' });
    expect(await alert.count()).toBe(0);
    await context.close();
  });
});

describe("a member's navigation (docs/decisions/0067)", () => {
  it("fetches only the page's own data, and the shell's again once a live event came", async () => {
    const member = await signUpMember(server, 'flirtlokaal', { name: 'Navroot', country: 'NL' });
    const liker = await signUpMember(server, 'flirtlokaal', { name: 'Navliker', country: 'NL', gender: 'male', seeking: 'female' });
    const context = await contextFor('flirtlokaal', 375, { member, locale: 'en' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const data: URL[] = [];
    page.on('request', (req) => {
      const target = new URL(req.url());
      if (target.pathname.endsWith('.data')) data.push(target);
    });
    // Single fetch names the routes to load in `_routes` when some are skipped; none named: all of them.
    const loadsRoot = (target: URL) => {
      const routes = target.searchParams.get('_routes');
      return routes === null || routes.split(',').includes('root');
    };
    await visit(page, url('flirtlokaal', '/members'));
    await waitForLiveEvents(page);
    type Router = { navigate: (to: string) => Promise<void>; state: { navigation: { state: string }; revalidation: string } };
    const go = async (path: string) => {
      // After any reload the live event asked for: a navigation that interrupts one makes the router
      // abort its fetch (remix-run/react-router#14203), which this test is not about.
      await page.waitForFunction(() => {
        const router = (window as unknown as { __remixRouter: Router }).__remixRouter;
        return router.state.navigation.state === 'idle' && router.state.revalidation === 'idle';
      });
      const before = data.length;
      // The router's own navigation, as a tab's link makes it (a modal the like opened may cover the tabs).
      await page.evaluate((to) => (window as unknown as { __remixRouter: Router }).__remixRouter.navigate(to), path);
      await page.waitForURL(url('flirtlokaal', path));
      await expect.poll(() => data.length).toBeGreaterThan(before);
      return data[data.length - 1]!;
    };
    const likes = await go('/likes');
    expect(likes.pathname).toBe('/likes.data');
    expect(loadsRoot(likes)).toBe(false);
    expect(loadsRoot(await go('/premium'))).toBe(false);
    // A like arrives over the live stream: the shell (its badges) is loaded again — by the reload the
    // likes layer asks for at once, else by the next navigation.
    const mark = data.length;
    const liked = await request(server.port, `flirtlokaal.localhost:${server.port}`, '/api/like.php', {
      method: 'POST',
      body: JSON.stringify({ profile: member.profileId }),
      headers: { 'content-type': 'application/json', origin: url('flirtlokaal', ''), cookie: liker.session },
    });
    expect(liked.status).toBe(200);
    await page.locator('[data-testid="member-tabs"] [data-testid="likes-badge"]').waitFor();
    await go('/likes');
    expect(data.slice(mark).some(loadsRoot)).toBe(true);
    // And only that one: the navigation after it is the page's own again.
    expect(loadsRoot(await go('/premium'))).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
