// The lander browser tests' shared part (tests/e2e/landers*.test.ts): a seeded server and Chromium per
// file, a page opened as a visitor in a tenant's language, and every lander and member landing of one
// tenant walked at 375 and 1280 px. The walk is split over files, one tenant each, so that the two
// long walks run side by side instead of one after the other (docs/decisions/0041, "The suite").
import fs from 'node:fs';
import { seriousViolations } from './axe';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docScreenshot, hydrated, launchBrowser, visit, watchConsole } from './browser';
import { request, startServer, type RunningServer } from './server';

export const LANDERS = ['alonetonight', 'collagelanding', 'gallery', 'iconslanding', 'maplanding', 'socialnetwork', 'transitionsvideolanding', 'video', 'tinderswipe'];
export const LANDINGS = ['landing', 'landing2', 'landing3'];

export interface LanderCase {
  tenant: string;
  locale: string;
  /** A lander slug of the tenant. */
  slug: string;
  /** The widths screenshots are taken at, into docs/screenshots/landers/. */
  shots: number[];
}

export interface LanderFixture {
  url: (tenant: string, path?: string) => string;
  /** Opens a page as a fresh visitor; in `reuse`, a tab of an earlier call, when given. */
  open: (tenant: string, locale: string, width: number, path: string, reuse?: Page) => Promise<{ page: Page; problems: string[] }>;
  /** The first profile of the tenant's member list. */
  profileOf: (tenant: string) => number;
}

/** A seeded server and Chromium for this file, started before its tests and stopped after them. */
export function landerFixture(tenants: string[]): LanderFixture {
  let server: RunningServer;
  let browser: Browser;
  const profiles: Record<string, number> = {};
  /** What each tab reported, emptied when the tab is reused for the next page. */
  const watched = new WeakMap<Page, string[]>();
  const url = (tenant: string, path = '/') => `http://${tenant}.localhost:${server.port}${path}`;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    for (const tenant of tenants) {
      const list = await request(server.port, `${tenant}.localhost:${server.port}`, '/api/members.php');
      profiles[tenant] = list.json<{ results: { id: number }[] }>().results[0]!.id;
    }
    fs.mkdirSync('docs/screenshots/landers', { recursive: true });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(tenant: string, locale: string, width: number, path: string, reuse?: Page): Promise<{ page: Page; problems: string[] }> {
    // A page walked after another starts as a fresh visitor's would: no cookie, no storage but the
    // language and the dismissed entry warning. The same tab is reused: a new tab costs Chromium more
    // CPU than the page it shows (docs/decisions/0041, "The suite").
    const context = reuse?.context() ?? (await browser.newContext({ viewport: { width, height: width < 500 ? 812 : 900 } }));
    if (reuse) {
      await reuse.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await context.clearCookies();
    }
    await context.addCookies([
      { name: 'locale', value: locale, url: url(tenant) },
      { name: 'entry_warning_dismissed', value: String(Date.now()), url: url(tenant) },
    ]);
    const page = reuse ?? (await context.newPage());
    if (!reuse) watched.set(page, watchConsole(page));
    const problems = watched.get(page)!;
    problems.length = 0;
    const response = await visit(page, url(tenant, path));
    expect(response?.status(), path).toBe(200);
    return { page, problems };
  }

  return { url, open, profileOf: (tenant) => profiles[tenant]! };
}

/**
 * Every lander and landing of one tenant at 375 and 1280 px: it renders in the lander layout with real
 * profiles, no console error, no serious axe violation, and a call to action that opens the signup modal.
 */
export function describeEveryLander(fixture: LanderFixture, { tenant, locale, slug, shots }: LanderCase): void {
  describe(`landers of ${tenant} in ${locale}`, () => {
    const paths = () => [
      ...LANDERS.map((lander) => ({ name: lander, path: lander === 'tinderswipe' ? `/landers/${lander}` : `/landers/${lander}/${slug}?network=e2e&ref=1` })),
      ...LANDINGS.map((landing) => ({ name: landing, path: `/members/${fixture.profileOf(tenant)}/${landing}${landing === 'landing' ? '' : `/${slug}`}` })),
    ];

    for (const width of [375, 1280]) {
      it(`renders every lander and landing at ${width} px: lander layout, profiles, axe clean, the call to action opens the signup modal`, async () => {
        let tab: Page | undefined;
        for (const { name, path } of paths()) {
          const { page, problems } = await fixture.open(tenant, locale, width, path, tab);
          tab = page;
          expect(await page.locator('[data-layout="lander"]').count(), name).toBe(1);
          expect(await page.locator('main nav, [data-testid="member-tabs"], [data-testid="account-menu"]').count(), `${name} has no top navigation or account menu`).toBe(0);
          expect(await page.locator(`[data-design="${name}"]`).count(), name).toBe(1);
          expect(await page.locator('html').getAttribute('lang')).toBe(locale);
          expect(await seriousViolations(page), name).toEqual([]);
          if (shots.includes(width)) await docScreenshot(page, { path: `docs/screenshots/landers/${tenant}-${locale}-${name}-${width}.png`, fullPage: true });
          await page.locator('[data-testid="lander-cta"]').first().click();
          await page.locator('[data-testid="signup-modal"]').waitFor({ state: 'visible' });
          // The dialog opens before the app wakes (the early dialog); the page is done once the app
          // has hydrated behind it and taken the dialog over. Only then does the tab go on to the next
          // page: an app still hydrating when the tab left reported its errors into the next page's list.
          await hydrated(page);
          expect(problems, name).toEqual([]);
        }
        await tab?.context().close();
      }, 300_000);
    }
  });
}
